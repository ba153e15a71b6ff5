"""Input streams: a file (or standard input) opened once, decompressed on the fly when its first
bytes say so, with its head at hand for the readers to judge the format by.

Compression is recognised by content (the magic number), never by the name alone: gzip (also
multi-member files such as bgzip's), bzip2 and xz from the standard library, zstd through the
optional ``zstandard`` package (``pip install 'extractors[zstd]'``). Data are decompressed as they
are read, never unpacked to disk. A compressed stream that ends early (a truncated download) or
holds corrupt data raises `CorruptData` at the point reached, so the readers can keep everything
read before it and name the position in one error line.
"""
from __future__ import annotations

import bz2
import gzip
import io
import lzma
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Optional, Union

SNIFF_BYTES = 8192
STDIN = "-"                 # the input name that stands for standard input
STDIN_SHOWN = "<stdin>"     # how standard input is named in sources and error lines
READ_SIZE = 1 << 16

# magic numbers of the compressed formats read (the first bytes of the file)
COMPRESSION_MAGIC = ((b"\x1f\x8b", "gzip"), (b"BZh", "bzip2"), (b"\xfd7zXZ\x00", "xz"),
                     (b"\x28\xb5\x2f\xfd", "zstd"))
# file name endings of compressed files (only to find the format of what is inside: data.jsonl.gz)
COMPRESSED_EXT = {".gz": "gzip", ".gzip": "gzip", ".bz2": "bzip2", ".xz": "xz", ".zst": "zstd",
                  ".zstd": "zstd"}


class CorruptData(Exception):
    """Compressed data that end early or cannot be decompressed; `pos` is the number of
    uncompressed bytes delivered before the problem."""

    def __init__(self, kind: str, problem: str, detail: str = "", pos: int = 0) -> None:
        self.kind, self.problem, self.pos, self.detail = kind, problem, pos, detail
        super().__init__(f"{problem} {kind} data after {pos:,} bytes of uncompressed content"
                         + (f" ({detail})" if detail else ""))


class MissingExtra(Exception):
    """A format that needs an optional package that is not installed."""


def compression_of(head: bytes) -> Optional[str]:
    """'gzip', 'bzip2', 'xz' or 'zstd' when `head` starts with that format's magic number."""
    for magic, kind in COMPRESSION_MAGIC:
        if head.startswith(magic):
            return kind
    return None


def inner_suffix(name: Union[str, Path]) -> str:
    """The extension that says what a (possibly compressed) file holds: '.jsonl' for
    'abstracts.jsonl.gz', '.json' for 'x.json', '' for standard input."""
    if str(name) == STDIN:
        return ""
    p = Path(name)
    ext = p.suffix.lower()
    if ext in COMPRESSED_EXT:
        ext = Path(p.stem).suffix.lower()
    return ext


class _Prefixed(io.RawIOBase):
    """`prefix`, then the rest of `fh` (bytes already read to look at a stream that cannot seek)."""

    def __init__(self, prefix: bytes, fh: BinaryIO) -> None:
        self._prefix = memoryview(prefix)
        self._fh = fh

    def readable(self) -> bool:
        return True

    def readinto(self, b) -> int:
        if len(self._prefix):
            n = min(len(b), len(self._prefix))
            b[:n] = self._prefix[:n]
            self._prefix = self._prefix[n:]
            return n
        data = self._fh.read(len(b))
        b[:len(data)] = data
        return len(data)


class _Zstd(io.RawIOBase):
    """zstd frames one after another, decompressed incrementally; a stream that ends inside a
    frame raises EOFError (zstandard's own stream reader would end silently)."""

    def __init__(self, fh: BinaryIO) -> None:
        try:
            import zstandard
        except ImportError:
            raise MissingExtra("zstd-compressed: reading it needs the zstandard package "
                               "(pip install 'extractors[zstd]')") from None
        self._d = zstandard.ZstdDecompressor()
        self._obj = None
        self._fh = fh
        self._buf = memoryview(b"")
        self._open_frame = False

    def readable(self) -> bool:
        return True

    def _feed(self, data: bytes) -> bytes:
        out = []
        while data:
            if self._obj is None or self._obj.eof:
                self._obj = self._d.decompressobj()
            out.append(self._obj.decompress(data))
            data = self._obj.unused_data if self._obj.eof else b""
        self._open_frame = not self._obj.eof
        return b"".join(out)

    def readinto(self, b) -> int:
        while not len(self._buf):
            chunk = self._fh.read(READ_SIZE)
            if not chunk:
                if self._open_frame:
                    raise EOFError("Compressed file ended before the end of the zstd frame")
                return 0
            self._buf = memoryview(self._feed(chunk))
        n = min(len(b), len(self._buf))
        b[:n] = self._buf[:n]
        self._buf = self._buf[n:]
        return n


def _data_errors() -> tuple:
    """Exceptions that mean bad compressed data (not a failing disk)."""
    errs = [EOFError, zlib.error, lzma.LZMAError, gzip.BadGzipFile]
    try:
        import zstandard
        errs.append(zstandard.ZstdError)
    except ImportError:
        pass
    return tuple(errs)


class _Guarded(io.RawIOBase):
    """A decompressing reader whose data errors become `CorruptData` naming the position."""

    def __init__(self, inner, kind: str) -> None:
        self._inner, self._kind, self.pos = inner, kind, 0
        self._errors = _data_errors()

    def readable(self) -> bool:
        return True

    def readinto(self, b) -> int:
        try:
            # read1: at most one step of the decompressor, so that what it gave before a problem
            # is never held back in a buffer that the problem discards
            data = self._inner.read1(len(b))
            n = len(data)
            b[:n] = data
        except self._errors as e:
            raise CorruptData(self._kind, *_problem(e), pos=self.pos) from None
        except OSError as e:
            if e.errno is not None:     # the disk, not the data
                raise
            raise CorruptData(self._kind, *_problem(e), pos=self.pos) from None
        self.pos += n
        return n


class _Failing:
    """A stream whose next read raises the problem found while reading the head."""

    def __init__(self, error: CorruptData) -> None:
        self.error = error

    def read(self, n: int = -1) -> bytes:
        raise self.error


def _problem(e: BaseException) -> tuple[str, str]:
    """('truncated' or 'corrupt', what the decompressor said)."""
    if isinstance(e, EOFError):
        return "truncated", ""
    return "corrupt", str(e)


def _decompressor(kind: str, fh: BinaryIO):
    if kind == "gzip":
        return gzip.GzipFile(fileobj=fh, mode="rb")
    if kind == "bzip2":
        return bz2.BZ2File(fh, mode="rb")
    if kind == "xz":
        return lzma.LZMAFile(fh, mode="rb")
    return io.BufferedReader(_Zstd(fh), READ_SIZE)


@dataclass
class Opened:
    """An input opened for reading: `stream` gives the (decompressed) content from its first
    byte, `head` is its first bytes, `compression` the format it was stored in (or None)."""

    stream: BinaryIO
    head: bytes
    compression: Optional[str]
    _owned: Optional[BinaryIO] = None

    def close(self) -> None:
        if self._owned is not None:
            self._owned.close()

    def __enter__(self) -> "Opened":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _read_full(fh: BinaryIO, n: int) -> bytes:
    """Up to `n` bytes, fewer only at the end (a pipe returns what it has)."""
    parts, got = [], 0
    while got < n:
        data = fh.read(n - got)
        if not data:
            break
        parts.append(data)
        got += len(data)
    return b"".join(parts)


def open_input(path: Union[str, Path]) -> Opened:
    """`path` (or standard input for ``-``) opened once, decompressed when it is compressed.
    Raises OSError when it cannot be opened, `MissingExtra` for zstd without zstandard, and
    `CorruptData` when not even the head decompresses."""
    if str(path) == STDIN:
        raw, owned = sys.stdin.buffer, None
    else:
        raw = owned = open(path, "rb")
    try:
        head = _read_full(raw, SNIFF_BYTES)
        kind = compression_of(head)
        if kind is None:
            if raw.seekable():
                raw.seek(0)
                return Opened(raw, head, None, owned)
            return Opened(io.BufferedReader(_Prefixed(head, raw), READ_SIZE), head, None, owned)
        inner = _decompressor(kind, io.BufferedReader(_Prefixed(head, raw), READ_SIZE))
        guarded = _Guarded(inner, kind)
        parts: list[bytes] = []
        rest: BinaryIO = guarded
        try:
            while sum(map(len, parts)) < SNIFF_BYTES:
                data = guarded.read(SNIFF_BYTES - sum(map(len, parts)))
                if not data:
                    break
                parts.append(data)
        except CorruptData as e:
            if not parts:
                raise
            rest = _Failing(e)     # a short file that ends early: its lines first, then the error
        content_head = b"".join(parts)
        stream = io.BufferedReader(_Prefixed(content_head, rest), READ_SIZE)
        return Opened(stream, content_head, kind, owned)
    except BaseException:
        if owned is not None:
            owned.close()
        raise


def whitespace_only(opened: Opened, chars: bytes) -> bool:
    """Is the whole content whitespace (`chars`)? Reads on past the head only when the head is
    all whitespace; the stream is then positioned at its start again (rewound, or with what was
    read put back in front)."""
    if opened.head.strip(chars):
        return False
    fh = opened.stream
    if fh.seekable() and opened.compression is None:
        fh.seek(len(opened.head))
        while True:
            chunk = fh.read(READ_SIZE)
            if not chunk:
                return True
            if chunk.strip(chars):
                fh.seek(0)
                return False
    seen = [_read_full(fh, len(opened.head))]
    while True:
        chunk = fh.read(READ_SIZE)
        if not chunk:
            return True
        seen.append(chunk)
        if chunk.strip(chars):
            opened.stream = io.BufferedReader(_Prefixed(b"".join(seen), fh), READ_SIZE)
            return False
