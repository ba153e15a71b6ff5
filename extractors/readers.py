"""Readers: input files, folders and standard input -> a stream of `Abstract`s and `InputError`s.

Formats, recognised by content (the extension only where content leaves a choice):
- text (``.txt``, ``.md``; the seed format): an optional header line naming venue and year in any
  language (``ICLR 2026 Papers``, ``ICLR 2026 论文列表``), then abstracts separated by blank lines;
- JSONL (``.jsonl``, ``.ndjson``, and a ``.json`` file whose first line is a whole object with
  more lines after it, as Kaggle's arXiv snapshot is) and JSON (``.json``: a list, one object, or
  an API response: OpenReview ``{"notes": [...]}``, Crossref ``{"message": {"items": [...]}}``,
  OpenAlex ``{"results": [...]}``, Semantic Scholar ``{"data": [...]}``). Objects are plain
  (id, title, abstract or text, venue, year), OpenReview notes (``content.title`` /
  ``content.abstract``, with or without ``{"value": ...}``), or the shapes of arXiv, Semantic
  Scholar, OpenAlex and Crossref (extractors/shapes.py);
- CSV / TSV with a header row that has an abstract column;
- BibTeX (``.bib``, or a file whose first entry starts ``@type{``): entries with an ``abstract``
  field, parsed by bibtexparser, LaTeX kept as written; key the citation key;
- Parquet (by its magic number; pyarrow, ``pip install 'extractors[parquet]'``): rows of a table
  with an abstract column, read one row group at a time.
Any of them may be compressed (gzip, bzip2, xz, zstd: extractors/streams.py), recognised by the
first bytes and decompressed as it is read; the name without ``.gz`` tells the format inside. A
file with another extension is sniffed: JSON if it starts with ``{`` or ``[``, BibTeX if with an
entry, else text. ``-`` is standard input, read the same way (JSONL or the seed format).

Reading streams: memory does not grow with the number of abstracts (a JSON document is the
exception, as JSON has to be parsed whole, and so is a compressed Parquet file, decompressed into
memory). Nothing is dropped silently: every abstract found becomes an `Abstract`, every problem an
`InputError` naming file, line (or index) and reason. Each abstract carries `ext_id`, the input's
own identifier (the source's ``key``).

Bad input, by class (each costs only itself; README "What happens to bad input"):
- bytes: a line that is not UTF-8 or holds a NUL byte is one error (a CSV row, a BibTeX entry
  likewise); a file whose head is a known binary format or mostly NUL bytes is one error; UTF-16/32
  files with a byte-order mark are read; line ends are LF, CRLF or a lone CR; compressed data that
  end early or are corrupt are one error naming the line reached, everything before it is kept;
- values: a lone surrogate (``"\ud800"``) in any field read, a year that is not a year
  (``18446744073709551616``), JSON nested deeper than the parser allows, an object of a known
  shape without its abstract (an OpenAlex work without ``abstract_inverted_index``, a Crossref
  work without ``abstract``), a BibTeX entry that does not parse (unbalanced braces): one error each;
- files and folders: folders are walked without recursion (any depth); a FIFO, socket or device,
  an unreadable folder, a folder link that loops: one error each, never a hang; the output folder
  of the run is never read as input.
"""
from __future__ import annotations

import codecs
import csv
import io
import json
import logging
import os
import re
import stat
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator, Optional, Union

from . import resources, shapes
from .items import Abstract, InputError, Item  # noqa: F401  (defined there; re-exported here)
from .streams import (STDIN, STDIN_SHOWN, CorruptData, MissingExtra, Opened, _Prefixed, inner_suffix,
                      open_input, whitespace_only)
from .streams import compression_of  # noqa: F401  (re-exported: partition.py)
from .streams import SNIFF_BYTES  # noqa: F401  (re-exported)

MAX_CHARS = 100_000            # the default of `--max-chars` (a constant: runs pass their own limit down)
CSV_FIELD_LIMIT = 64 << 20    # characters in one CSV field (Python's default, 128 K, is below one long row)
YEARS = range(1000, 3000)      # an integer year outside this is an error, not a year
# magic numbers of binary formats that are never abstracts (the file is one error line); gzip,
# bzip2, xz and zstd are decompressed (streams.py) and Parquet is read
BINARY_MAGIC = {b"PK\x03\x04": "a zip archive", b"%PDF": "a PDF", b"\x89PNG": "a PNG image",
                b"\xff\xd8\xff": "a JPEG image", b"\x7fELF": "an executable",
                b"SQLite format 3": "an SQLite database"}
PARQUET_MAGIC = b"PAR1"
# byte-order marks of the encodings read besides UTF-8 (longest first: UTF-32 LE starts like UTF-16 LE)
BOMS = [(codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
        (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16")]

_BOM8 = codecs.BOM_UTF8

csv.field_size_limit(CSV_FIELD_LIMIT)
TEXT_EXT = {".txt", ".md", ".text"}
JSONL_EXT = {".jsonl", ".ndjson"}
JSON_EXT = {".json"}
CSV_EXT = {".csv": ",", ".tsv": "\t", ".tab": "\t"}
BIB_EXT = {".bib", ".bibtex"}
PARQUET_EXT = {".parquet", ".pq"}
ABSTRACT_COLUMNS = ("abstract", "text", "summary", "abstract_text", "paper_abstract")




# ---------------------------------------------------------------- venue and year

@lru_cache(maxsize=1)
def _venues() -> dict[str, str]:
    return {v.casefold(): v for v in resources.words("venues.txt")}


_YEAR = re.compile(r"(?<!\d)(19[5-9]\d|20\d\d)(?!\d)")
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9\-]*")


def parse_venue_year(s: str) -> tuple[Optional[str], Optional[int]]:
    """Venue and year named in a short string: 'ICLR 2026 Papers', 'ICLR.cc/2024/Conference'."""
    if not s:
        return None, None
    m = _YEAR.search(s)
    year = int(m.group(1)) if m else None
    venue = None
    known = _venues()
    for tok in _TOKEN.findall(s.replace(".cc", " ")):
        if tok.casefold() in known:
            venue = known[tok.casefold()]
            break
    if venue is None and m:
        # an acronym-like token next to the year: 'XYZW 2024'
        before = _TOKEN.findall(s[:m.start()])
        cand = before[-1].rstrip("-") if before else None
        if cand and sum(ch.isupper() for ch in cand) >= 2:
            venue = cand
    return venue, year


_HEADER_WORDS = 8
_NOT_HEADER = re.compile(r"[%=<>]|[.!?;:,]$")


def _is_header(line: str) -> bool:
    """A header names venue and year and little else: at most 8 words, no sentence end, no
    number besides the year, no percent sign ('ICLR 2026 Papers', 'ICLR 2026 论文列表'; not
    'Our NeurIPS 2023 model gets 91% accuracy')."""
    line = line.strip()
    if not line or len(line) > 80 or len(line.split()) > _HEADER_WORDS or _NOT_HEADER.search(line):
        return False
    venue, year = parse_venue_year(line)
    if year is None and venue is None:
        return False
    if venue is not None and venue.casefold() not in _venues():
        # an unknown acronym before the year ('XYZW 2024 Papers') heads a file only when the line
        # is short and the token is a plain acronym ('BERT- 2019' is the start of a sentence)
        if (len(line.split()) > 4 or not re.fullmatch(r"[A-Z][A-Za-z]{1,15}", venue)
                or not re.search(rf"(?<![\w-]){re.escape(venue)}\s+{year}", line)):
            return False
    digits = re.sub(r"\D", "", _YEAR.sub("", line, count=1))
    return not digits


# ---------------------------------------------------------------- helpers

def _value(x):
    """OpenReview API v2 wraps fields as {"value": ...}."""
    if isinstance(x, dict) and "value" in x:
        return x["value"]
    return x


_SURROGATE = re.compile(r"[\ud800-\udfff]")


def display_path(path: Union[str, Path]) -> str:
    """A path as text that can always be written: bytes that are not UTF-8 in a file name are
    shown as ``\xff`` escapes (``bad\xff.txt``)."""
    raw = os.fsencode(path if isinstance(path, str) else path.as_posix())
    return raw.decode("utf-8", "backslashreplace")


def _surrogate(value: str, what: str) -> Optional[str]:
    """The reason `value` cannot be written as UTF-8 (a lone surrogate), or None."""
    m = _SURROGATE.search(value)
    if m is None:
        return None
    return (f"{what} holds a lone surrogate U+{ord(m.group()):04X} at character {m.start() + 1} "
            "(not valid Unicode)")


def _check_text(text, path: str, line, index) -> Optional[InputError]:
    if not isinstance(text, str):
        return InputError(path, "abstract is not a string", line, index)
    bad = _surrogate(text, "abstract")
    if bad:
        return InputError(path, bad, line, index)
    if not text.strip():
        return InputError(path, "empty abstract", line, index)
    return None


def too_long(a: "Abstract", max_chars: int) -> Optional[InputError]:
    """The error for an abstract over `max_chars` characters (the run's `--max-chars`), or None.
    The limit is a parameter of the run, checked where the run processes its abstracts
    (partition.py), never module state the readers consult."""
    if len(a.text) <= max_chars:
        return None
    return InputError(a.path, f"abstract too long: {len(a.text):,} characters (limit {max_chars:,})",
                      a.line, a.index)


class BadValue(ValueError):
    """A metadata value that cannot be used (the abstract becomes an error line naming it)."""


def _to_year(y) -> Optional[int]:
    """A year from an int, an integral float or a string holding one; None when absent or a
    string without a year ('n/a'); `BadValue` for a number that is not a year."""
    y = _value(y)
    if y is None or isinstance(y, bool):
        return None
    if isinstance(y, float) and y.is_integer() and abs(y) < 1e6:
        y = int(y)
    if isinstance(y, int):
        if y in YEARS:
            return y
        shown = str(y) if abs(y) < 10 ** 30 else f"{str(y)[:12]}... ({len(str(abs(y)))} digits)"
        raise BadValue(f"year {shown} is not a year (expected {YEARS.start}-{YEARS.stop - 1})")
    if isinstance(y, str):
        m = _YEAR.search(y)
        return int(m.group(1)) if m else None
    return None


def from_object(obj, path: str, index: int, line: Optional[int], defaults: dict) -> Item:
    """One JSON object (plain or OpenReview note) -> Abstract or InputError."""
    if not isinstance(obj, dict):
        return InputError(path, f"expected a JSON object, found {type(obj).__name__}", line, index)
    content = obj.get("content") if isinstance(obj.get("content"), dict) else {}

    def get(*names):
        for n in names:
            for src in (obj, content):
                if n in src and _value(src[n]) not in (None, ""):
                    return _value(src[n])
        return None

    shape = shapes.shape_of(obj)
    if shape != shapes.PLAIN:
        return _from_shape(shape, obj, path, index, line, defaults)
    text = get("abstract", "text")
    if text is None:
        if any(n in src for n in ("abstract", "text") for src in (obj, content)):
            return InputError(path, "empty abstract", line, index)  # the field is there, blank
        return InputError(path, "no 'abstract' or 'text' field", line, index)
    err = _check_text(text, path, line, index)
    if err:
        return err
    try:
        return _with_metadata(text, get, path, index, line, defaults)
    except BadValue as e:
        return InputError(path, str(e), line, index)


def _from_shape(shape: str, obj: dict, path: str, index: int, line: Optional[int], defaults: dict) -> Item:
    """An object of a known shape (arXiv, Semantic Scholar, OpenAlex, Crossref) -> Abstract or
    InputError; its venue is taken as written (no header parsing)."""
    try:
        f = shapes.fields_of(shape, obj)
    except shapes.NoAbstract as e:
        return InputError(path, str(e), line, index)
    err = _check_text(f["text"], path, line, index)
    if err:
        return err
    try:
        return _checked(f["text"], path, index, line, defaults, f["venue"], _to_year(f["year"]),
                        f["title"], f["key"])
    except BadValue as e:
        return InputError(path, str(e), line, index)


def _with_metadata(text: str, get, path: str, index: int, line: Optional[int], defaults: dict) -> Abstract:
    """The abstract with venue, year, title and identifier from its object (`BadValue` when one
    of them cannot be used)."""
    venue_field = get("venue")
    venue, year = (None, None)
    if isinstance(venue_field, str):
        venue, year = parse_venue_year(venue_field) if _YEAR.search(venue_field) else (venue_field, None)
    if venue is None and isinstance(get("venueid"), str):
        venue, year = parse_venue_year(get("venueid"))
    year = _to_year(get("year")) or year
    title = get("title")
    title = title if isinstance(title, str) else None
    ext_id = get("id", "forum", "paper_id", "doi")
    ext_id = str(ext_id) if ext_id is not None and not isinstance(ext_id, (dict, list)) else None
    return _checked(text, path, index, line, defaults, venue, year, title, ext_id)


def _checked(text: str, path: str, index: int, line: Optional[int], defaults: dict, venue, year,
             title, ext_id) -> Abstract:
    """The Abstract, once title, venue and identifier are known to be writable (`BadValue`)."""
    for what, value in (("title", title), ("venue", venue), ("id", ext_id)):
        bad = _surrogate(value, what) if value else None
        if bad:
            raise BadValue(bad)
    return Abstract(text=text, path=path, index=index, line=line,
                    venue=venue or defaults.get("venue"), year=year or defaults.get("year"),
                    title=title, ext_id=ext_id)


#: the Python types of `extract()`'s arguments, as the readers produce them, and how to say so
_CALL_TYPES = {"text": (str, "a str"), "path": (str, "a str"), "index": (int, "an int"),
               "line": ((int, type(None)), "an int or None"), "venue": ((str, type(None)), "a str or None"),
               "title": ((str, type(None)), "a str or None")}


def call_abstract(text, path: str = "<text>", index: int = 0, line: Optional[int] = None, venue=None,
                  year=None, title=None, ext_id=None) -> Abstract:
    """The abstract of an `extract(text, **meta)` call, its fields checked as the readers check an
    input's: TypeError for an argument of the wrong type (`_CALL_TYPES`); ValueError (the reason a
    reader's error line would give) for an empty abstract, a lone surrogate, a negative index or
    a year that is not a year. A year may be written as a reader reads one ("2021", 2021.0)."""
    given = {"text": text, "path": path, "index": index, "line": line, "venue": venue, "title": title}
    for what, (kinds, said) in _CALL_TYPES.items():
        value = given[what]
        if not isinstance(value, kinds) or isinstance(value, bool):
            raise TypeError(f"{what} must be {said}, not {type(value).__name__}")
    if index < 0:
        raise ValueError(f"index must be 0 or more, not {index}")
    bad = _check_text(text, path, line, index)
    if bad:
        raise ValueError(bad.reason)
    return _checked(text, path, index, line, {}, venue, _to_year(year), title,
                    None if ext_id is None else str(ext_id))


def split_raw(raw: bytes) -> list[bytes]:
    """The lines in one ``\\n``-terminated chunk of bytes, without their ends: CRLF and LF end a
    line, and so does a lone CR (old Mac files), so a file in any convention reads alike."""
    if raw.endswith(b"\n"):
        raw = raw[:-1]
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    return raw.split(b"\r") if b"\r" in raw else [raw]


def decode_line(raw: bytes, shown: str, n: int, index: Optional[int] = None) -> Union[str, InputError]:
    """One line's bytes as text, or the error naming line `n` and the column of the bad byte."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return InputError(shown, f"not UTF-8: invalid byte 0x{raw[e.start]:02x} at column {e.start + 1}",
                          n, index)
    nul = line.find("\x00")
    if nul >= 0:
        return InputError(shown, f"NUL byte at column {nul + 1} (binary data in a text line)", n, index)
    return line


def _raw_lines(fh, encoding: str = "utf-8") -> Iterator[bytes]:
    """The stream's lines as UTF-8 bytes, each ending in ``\\n`` (a UTF-16/32 stream is
    transcoded line by line; a leading byte-order mark is dropped)."""
    if encoding == "utf-8":
        first = True
        for raw in fh:
            if first and raw.startswith(_BOM8):
                raw = raw[3:]
            first = False
            yield raw
        return
    for line in io.TextIOWrapper(fh, encoding=encoding, newline=""):
        yield line.encode("utf-8", "surrogatepass")


def corrupt_reason(e: CorruptData, line: Optional[int] = None) -> str:
    """The error of compressed data that end early or are corrupt, naming the position reached."""
    where = f" at line {line}" if line else ""
    detail = f": {e.detail}" if e.detail else ""
    return (f"{e.problem} {e.kind} data{where} (after {e.pos:,} bytes of content{detail}); everything "
            "before it was read")


def _decoded_lines(fh, shown: str, encoding: str = "utf-8") -> Iterator[tuple[int, Union[str, InputError]]]:
    """(line number, text or error) for each line, decoding line by line; compressed data that
    end early give a last error naming the line they end in."""
    n = 0
    try:
        for chunk in _raw_lines(fh, encoding):
            for raw in split_raw(chunk):
                n += 1
                yield n, decode_line(raw, shown, n)
    except CorruptData as e:
        yield n + 1, InputError(shown, corrupt_reason(e, n + 1), n + 1)


# ---------------------------------------------------------------- formats

def read_text(fh, shown: str, encoding: str = "utf-8") -> Iterator[Item]:
    """The seed format: optional header line, then blank-line separated abstracts. A file that
    holds only a header is one error (it has no abstract), never silently nothing."""
    venue = year = None
    block: list[str] = []
    start = None
    index = 0
    first_block = True
    bad: Optional[InputError] = None

    def flush():
        nonlocal block, start, index, first_block, venue, year, bad
        if not block and bad is None:
            return None
        item: Optional[Item] = None
        if bad is not None:
            item = InputError(shown, bad.reason, bad.line, index)
            index += 1
        elif first_block and len(block) == 1 and _is_header(block[0]):
            venue, year = parse_venue_year(block[0])
        else:
            text = "\n".join(block)
            item = _check_text(text, shown, start, index) or Abstract(
                text=text, path=shown, index=index, line=start, venue=venue, year=year)
            index += 1
        first_block = False
        block, start, bad = [], None, None
        return item

    header = None
    for n, line in _decoded_lines(fh, shown, encoding):
        if isinstance(line, InputError):
            bad = bad or line
            start = start or n
            continue
        if line.strip():
            if start is None:
                start = n
            block.append(line)
        else:
            if first_block and block and bad is None:
                header = block[0]
            item = flush()
            if item is not None:
                yield item
    if first_block and block and bad is None:
        header = block[0]
    item = flush()
    if item is not None:
        yield item
    if index == 0 and header is not None:
        yield InputError(shown, f"no abstract: the file holds only the header line {header.strip()[:80]!r}", 1)


def read_jsonl(fh, shown: str, encoding: str = "utf-8") -> Iterator[Item]:
    index = 0
    for n, line in _decoded_lines(fh, shown, encoding):
        if isinstance(line, InputError):
            yield InputError(shown, line.reason, n, index)
            index += 1
            continue
        if not line.strip():
            continue
        yield jsonl_item(line, shown, index, n)
        index += 1


def jsonl_item(line: str, shown: str, index: int, n: int) -> Item:
    """One non-blank JSONL line (line `n`, abstract `index` of the file) -> Abstract or InputError."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as e:
        return InputError(shown, f"malformed JSON: {e.msg} at column {e.colno}", n, index)
    except RecursionError:
        return InputError(shown, "malformed JSON: nested too deeply", n, index)
    return from_object(obj, shown, index, n, {})


def read_json(fh, shown: str, encoding: str = "utf-8") -> Iterator[Item]:
    try:
        raw = fh.read()
        data = json.loads(raw.decode("utf-8-sig" if encoding == "utf-8" else encoding))
    except CorruptData as e:
        yield InputError(shown, corrupt_reason(e) + " (a JSON document is read whole: nothing was kept)")
        return
    except UnicodeDecodeError as e:
        yield InputError(shown, f"not {encoding.upper()}: invalid byte 0x{raw[e.start]:02x} at offset {e.start}")
        return
    except json.JSONDecodeError as e:
        yield InputError(shown, f"malformed JSON: {e.msg} at column {e.colno}", e.lineno)
        return
    except RecursionError:
        yield InputError(shown, "malformed JSON: nested too deeply")
        return
    items = json_items(data)
    for i, obj in enumerate(items):
        yield from_object(obj, shown, i, None, {})


def json_items(data) -> list:
    """The objects of a JSON document: a list, the list inside an API response (OpenReview
    ``notes``, Crossref ``message.items`` or a single ``message``, OpenAlex ``results``, Semantic
    Scholar ``data``), else the document itself."""
    if isinstance(data, list):
        return data
    if isinstance(data, dict):
        message = data.get("message")
        if isinstance(message, dict) and "message-type" in data:
            return message["items"] if isinstance(message.get("items"), list) else [message]
        for wrapper in ("notes", "results", "data"):
            if isinstance(data.get(wrapper), list) and not any(
                    k in data for k in ("abstract", "text", "content")):
                return data[wrapper]
    return [data]


def read_csv(fh_raw, shown: str, delimiter: str, encoding: str = "utf-8") -> Iterator[Item]:
    """Rows of a CSV/TSV file with a header. Bytes that are not UTF-8 cost only the row that
    holds them (the file is decoded with ``surrogateescape`` and each row checked), so rows
    before and after a bad byte are kept and the error names the row's line."""
    errors = "surrogateescape" if encoding == "utf-8" else "strict"
    fh = io.TextIOWrapper(fh_raw, encoding="utf-8-sig" if encoding == "utf-8" else encoding,
                          errors=errors, newline="")
    quoting = csv.QUOTE_NONE if delimiter == "\t" else csv.QUOTE_MINIMAL
    reader = csv.reader(fh, delimiter=delimiter, quoting=quoting)
    line = 1
    try:
        header = next(reader, None)
        if header is None:
            yield InputError(shown, "empty file")
            return
        bad = _bad_row(header)
        if bad:
            yield InputError(shown, f"header: {bad}", 1)
            return
        cols = {h.strip().casefold(): i for i, h in enumerate(header)}
        col = next((cols[c] for c in ABSTRACT_COLUMNS if c in cols), None)
        if col is None:
            yield InputError(shown, f"no abstract column in the header (looked for "
                                    f"{', '.join(ABSTRACT_COLUMNS)}; found {', '.join(header)})", 1)
            return
        names = [h.strip().casefold() for h in header]
        index = 0
        line = reader.line_num + 1
        for row in reader:
            if any(cell.strip() for cell in row):
                yield _csv_row(row, header, names, col, shown, line, index)
                index += 1
            line = reader.line_num + 1
    except UnicodeDecodeError as e:
        yield InputError(shown, f"not {encoding.upper()} from line {line} on: {e.reason}; the rest "
                                "of the file was not read", line)
    except csv.Error as e:
        yield InputError(shown, f"malformed CSV at line {line}: {e}; the rest of the file was "
                                "not read", line)
    except CorruptData as e:
        yield InputError(shown, corrupt_reason(e, line), line)


def _bad_row(cells: list[str]) -> Optional[str]:
    """Why a CSV row cannot be read (bytes that are not UTF-8, a NUL byte), or None."""
    for i, cell in enumerate(cells):
        m = _SURROGATE.search(cell)
        if m:
            byte = ord(m.group()) - 0xDC00 if 0xDC80 <= ord(m.group()) <= 0xDCFF else None
            what = f"invalid byte 0x{byte:02x}" if byte is not None else "a lone surrogate"
            return f"not UTF-8: {what} in field {i + 1}"
        if "\x00" in cell:
            return f"NUL byte in field {i + 1}"
    return None


def _csv_row(row: list[str], header: list[str], names: list[str], col: int, shown: str,
             line: int, index: int) -> Item:
    """One CSV data row (starting at `line`) -> Abstract or InputError."""
    bad = _bad_row(row)
    if bad:
        return InputError(shown, bad, line, index)
    if len(row) != len(header):
        return InputError(shown, f"row has {len(row)} fields, header has {len(header)}", line, index)
    obj = dict(zip(names, row))
    obj["abstract"] = row[col]
    return from_object(obj, shown, index, line, {})


# ---------------------------------------------------------------- dispatch

def judge(opened: Opened) -> tuple[Optional[str], str]:
    """(reason to reject the whole input or None, its encoding) judged from the content's head:
    empty (nothing but whitespace, however long), a known binary format or mostly NUL bytes,
    UTF-16/32 by byte-order mark. Single bad bytes and NULs are left to the line-based readers,
    so one bad line costs only itself. Parquet is judged by its reader."""
    head = opened.head
    encoding = next((enc for bom, enc in BOMS if head.startswith(bom)), "utf-8")
    if encoding == "utf-8":
        if head.startswith(PARQUET_MAGIC):
            return None, encoding
        for magic, what in BINARY_MAGIC.items():
            if head.startswith(magic):
                return f"binary file ({what}); not read", encoding
        nuls = head.count(b"\x00")
        if nuls * 10 > len(head):
            hint = " (UTF-16 without a byte-order mark? convert it to UTF-8)" if _utf16_like(head) else ""
            return f"binary file ({nuls * 100 // len(head)}% NUL bytes){hint}", encoding
        share = _binary_share(head)
        if share > 0.3:
            return (f"binary file ({int(share * 100)}% of its first bytes are control "
                    "characters or not UTF-8)"), encoding
    elif not _decodes(head, encoding):
        return f"not {encoding.upper()} although it starts with a {encoding.upper()} byte-order mark", encoding
    if whitespace_only(opened, b" \t\r\n\x0b\x0c" + (b"\x00" if encoding != "utf-8" else b"")):
        return "empty file", encoding
    return None, encoding


def sniff(path: Path) -> tuple[Optional[str], bytes, str]:
    """(reason to reject the whole file or None, the head of its content, its encoding): `judge`
    on the file, decompressed when it is compressed."""
    try:
        opened = open_input(path)
    except CorruptData as e:
        return corrupt_reason(e), b"", "utf-8"
    except MissingExtra as e:
        return str(e), b"", "utf-8"
    with opened:
        problem, encoding = judge(opened)
        return problem, opened.head, encoding


_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1a\x1c-\x1f\x7f\ufffd]")


def _binary_share(head: bytes) -> float:
    """The share of the head that no text has: control characters (not tab, line ends, form
    feed, escape) and bytes that are not UTF-8. A text file with a few Latin-1 bytes stays far
    below 0.3 (its bad lines are errors one by one); random bytes are above 0.5."""
    text = head.decode("utf-8", "replace")
    return len(_CONTROL.findall(text)) / max(1, len(text))


def _utf16_like(head: bytes) -> bool:
    """NUL bytes at every other position, as UTF-16 text without a byte-order mark has them."""
    return head[1::2].count(0) > len(head) // 3 or head[0::2].count(0) > len(head) // 3


def _decodes(head: bytes, encoding: str) -> bool:
    try:
        codecs.getincrementaldecoder(encoding)().decode(head)
        return True
    except UnicodeDecodeError:
        return False


JSONL, JSON, CSV, TEXT, BIBTEX, PARQUET = "jsonl", "json", "csv", "text", "bibtex", "parquet"
# the first entry of a BibTeX file: '@article{', '@InProceedings (' (checked on the first line
# that is neither blank nor a '%' comment)
_BIB_START = re.compile(rb"\s*@\s*[A-Za-z]+\s*[{(]")
# a JSONL line never needs more than this to be judged (longer first lines: judged as JSON)
_FIRST_LINE_BYTES = 4 << 20


def format_of(opened: Opened, ext: str, encoding: str = "utf-8") -> str:
    """The format of an input from its content, the extension of its name (without a
    compression suffix) settling what content leaves open. A ``.json`` file whose first line is a
    whole JSON object and has more lines after it is JSONL; a ``.bib`` file is BibTeX."""
    head = opened.head
    if head.startswith(PARQUET_MAGIC):
        return PARQUET
    if encoding != "utf-8":
        head = head.decode(encoding, "replace").encode("utf-8")
    if ext in BIB_EXT:
        return BIBTEX
    if ext in CSV_EXT:
        return CSV
    if ext in JSONL_EXT:
        return JSONL
    first = head.lstrip(b" \t\r\n" + _BOM8)[:1]
    if ext in JSON_EXT or (ext not in TEXT_EXT and first in (b"{", b"[")):
        if first == b"{" and encoding == "utf-8" and _jsonl_like(opened, need_second=ext in JSON_EXT):
            return JSONL
        return JSON
    first_line = next((ln for ln in head.lstrip(_BOM8).split(b"\n")
                       if ln.strip() and not ln.lstrip().startswith(b"%")), b"")
    if _BIB_START.match(first_line):
        return BIBTEX
    return TEXT


def _jsonl_like(opened: Opened, need_second: bool) -> bool:
    """Does the content read as JSON Lines: a first line that looks like a whole object
    (``{...}``) and, when `need_second`, a second non-blank line that starts another one? (A
    pretty-printed document starts with a lone ``{``; a minified one is a single line.)"""
    data = opened.head.lstrip(_BOM8 + b" \t\r\n")
    if b"\n" not in data.rstrip() or len(opened.head) == SNIFF_BYTES:
        # a first line longer than the head, or nothing after it yet: read a little further
        stream = opened.stream
        first = stream.readline(_FIRST_LINE_BYTES)
        more = stream.read(SNIFF_BYTES)
        opened.stream = io.BufferedReader(_Prefixed(first + more, stream), 1 << 16)
        data = (first + more).lstrip(_BOM8 + b" \t\r\n")
    first, _, rest = data.partition(b"\n")
    first = first.rstrip()
    if not (first.startswith(b"{") and first.endswith(b"}")):
        return False
    return not need_second or rest.lstrip()[:1] == b"{"


def byte_splittable(path: Union[str, Path]) -> bool:
    """Can the file be read in byte ranges (`partition.read_range`)? JSONL content (also in a
    ``.json`` file), stored uncompressed, in UTF-8."""
    if str(path) == STDIN:
        return False
    try:
        opened = open_input(path)
    except (OSError, CorruptData, MissingExtra):
        return False
    with opened:
        if opened.compression is not None:
            return False
        try:
            problem, encoding = judge(opened)
            return not problem and encoding == "utf-8" and \
                format_of(opened, inner_suffix(path), encoding) == JSONL
        except (OSError, CorruptData):
            return False


def read_file(path: Path, shown: Optional[str] = None) -> Iterator[Item]:
    """Every abstract and error of one input file (``-``: standard input)."""
    shown = shown or (STDIN_SHOWN if str(path) == STDIN else display_path(path))
    try:
        if str(path) != STDIN and not stat.S_ISREG(os.stat(path).st_mode):
            yield InputError(shown, f"not a regular file ({_file_kind(path)})")
            return
        opened = open_input(path)
    except (OSError, CorruptData, MissingExtra) as e:
        yield InputError(shown, _unreadable(e))
        return
    with opened:
        yield from _read_opened(opened, inner_suffix(path), shown)


def _unreadable(e: Exception) -> str:
    """Why a file could not be opened or read: the system's reason, corrupt compressed data, or
    a missing optional package."""
    if isinstance(e, CorruptData):
        return corrupt_reason(e)
    if isinstance(e, OSError):
        return f"cannot read: {e.strerror or e}"
    return str(e)


def _read_opened(opened: Opened, ext: str, shown: str) -> Iterator[Item]:
    try:
        problem, encoding = judge(opened)
    except (OSError, CorruptData) as e:
        yield InputError(shown, _unreadable(e))
        return
    if problem:
        yield InputError(shown, problem)
        return
    try:
        fmt = format_of(opened, ext, encoding)
        fh = opened.stream
        if fmt == JSONL:
            yield from read_jsonl(fh, shown, encoding)
        elif fmt == JSON:
            yield from read_json(fh, shown, encoding)
        elif fmt == CSV:
            yield from read_csv(fh, shown, CSV_EXT[ext], encoding)
        elif fmt == BIBTEX:
            yield from read_bibtex(fh, shown, encoding)
        elif fmt == PARQUET:
            yield from read_parquet(opened, shown)
        else:
            yield from read_text(fh, shown, encoding)
    except OSError as e:
        yield InputError(shown, f"cannot read: {e.strerror or e}")
    except CorruptData as e:
        yield InputError(shown, corrupt_reason(e))
    except UnicodeDecodeError as e:
        yield InputError(shown, f"not {encoding.upper()}: {e.reason}; the rest of the file was not read")


# ---------------------------------------------------------------- BibTeX

# a line that starts a BibTeX block: '@article{key,', '@String(', '@comment{'
_BIB_BLOCK = re.compile(r"^\s*@\s*([A-Za-z]+)\s*[{(]")
_BIB_KEY = re.compile(r"@\s*[A-Za-z]+\s*[{(]\s*([^,\s{}()]+)")
BIB_CHUNK = 200          # entries parsed together (bibtexparser works on strings)


def read_bibtex(fh, shown: str, encoding: str = "utf-8") -> Iterator[Item]:
    """Entries of a BibTeX file with an ``abstract`` field, parsed by bibtexparser a few hundred
    at a time (memory stays flat); ``@string`` macros carry over. Field values are kept as
    written (LaTeX included), only their outer braces or quotes removed. An entry without an
    abstract, one that does not parse (unbalanced braces) or holds a line that is not UTF-8 is
    one error naming its line; text outside entries is a comment, as BibTeX has it."""
    import bibtexparser
    from bibtexparser.library import Library
    logging.getLogger("bibtexparser").setLevel(logging.CRITICAL)   # failures become error lines
    strings: list = []
    index = 0

    def parse(blocks: list[tuple[int, list[str], Optional[tuple[int, InputError]]]]) -> Iterator[Item]:
        """Items of whole blocks (start line, lines, first undecodable line), in line order."""
        nonlocal index
        out: list[tuple[int, Item]] = []
        src: list[str] = []
        line_of: list[int] = []          # bibtexparser's 0-based line -> the file's line
        for start, lines, bad in blocks:
            if bad is not None:
                out.append((start, InputError(shown, f"BibTeX entry at line {start}: {bad[1].reason} "
                                                     f"(line {bad[0]})", start)))
                continue
            src.extend(lines)
            line_of.extend(range(start, start + len(lines)))
        if src:
            seeded = list(strings)
            lib = bibtexparser.parse_string("\n".join(src), library=Library(seeded))
            for block in lib.blocks:
                if any(block is old for old in seeded):
                    continue
                sl = block.start_line
                line = line_of[sl] if sl is not None and 0 <= sl < len(line_of) else None
                item = _bib_block(block, shown, line, strings)
                if item is not None:
                    out.append((line or 0, item))
        out.sort(key=lambda x: x[0])
        for _, item in out:
            item.index = index
            index += 1
            yield item

    blocks: list = []
    start: Optional[int] = None
    lines: list[str] = []
    bad = None
    for n, text in _decoded_lines(fh, shown, encoding):
        if isinstance(text, InputError) and text.reason.startswith(("truncated ", "corrupt ")):
            if start is not None:
                blocks.append((start, lines, bad))
            yield from parse(blocks)
            text.index = index
            yield text
            return
        if isinstance(text, str) and _BIB_BLOCK.match(text):
            if start is not None:
                blocks.append((start, lines, bad))
                if len(blocks) >= BIB_CHUNK:
                    yield from parse(blocks)
                    blocks = []
            start, lines, bad = n, [], None
        if start is None:
            continue                         # text before the first entry: a comment
        if isinstance(text, InputError):
            bad = bad or (n, text)
        else:
            lines.append(text)
    if start is not None:
        blocks.append((start, lines, bad))
    yield from parse(blocks)
    if index == 0:
        yield InputError(shown, "no BibTeX entry in this file", 1)


def _bib_block(block, shown: str, line: Optional[int], strings: list) -> Optional[Item]:
    """One parsed block -> Abstract, InputError, or None (a comment, preamble or @string)."""
    from bibtexparser import model
    if isinstance(block, model.DuplicateBlockKeyBlock):
        block = block.ignore_error_block             # the same key twice: both are abstracts
    if isinstance(block, model.String):
        strings.append(block)
        return None
    if isinstance(block, model.ParsingFailedBlock):
        raw = block.raw or ""
        m = _BIB_KEY.search(raw)
        what = f"BibTeX entry {m.group(1)!r}" if m else "BibTeX entry"
        opened = len(re.findall(r"(?<!\\)\{", raw)) - len(re.findall(r"(?<!\\)\}", raw))
        if opened > 0:
            why = f"unbalanced braces ({opened} '{{' not closed before the next entry or the end)"
        elif opened < 0:
            why = f"unbalanced braces ({-opened} '}}' without an opening '{{')"
        elif isinstance(block, model.DuplicateFieldKeyBlock):
            why = f"duplicate fields {', '.join(sorted(block.duplicate_keys))}"
        else:
            why = getattr(block.error, "abort_reason", None) or type(block.error).__name__
        return InputError(shown, f"malformed {what}: {why}", line)
    if not isinstance(block, model.Entry):
        return None
    fields = {k.casefold(): f.value for k, f in block.fields_dict.items()}
    text = fields.get("abstract")
    if not isinstance(text, str) or not text.strip():
        return InputError(shown, f"BibTeX entry {block.key!r} has no abstract field", line)
    err = _check_text(text, shown, line, 0)
    if err:
        return err
    venue = fields.get("booktitle") or fields.get("journal") or fields.get("venue")
    try:
        return _checked(text, shown, 0, line, {}, venue if isinstance(venue, str) else None,
                        _to_year(fields.get("year")), fields.get("title"), block.key)
    except BadValue as e:
        return InputError(shown, str(e), line)


# ---------------------------------------------------------------- Parquet

PARQUET_BATCH = 1024
# columns read besides the abstract column (others, such as embeddings, are never loaded)
PARQUET_FIELDS = ("id", "title", "venue", "year", "forum", "paper_id", "doi", "corpusid", "venueid",
                  "categories", "versions", "update_date", "abstract_inverted_index",
                  "publication_year", "primary_location", "display_name")


def read_parquet(opened: Opened, shown: str) -> Iterator[Item]:
    """Rows of a Parquet table with an abstract column, one batch at a time (pyarrow). Column
    names are matched without case; a row is read like a JSON object (so an OpenAlex table with
    ``abstract_inverted_index`` works too). The position of a row is its index (0-based); a
    compressed Parquet file is decompressed into memory (Parquet needs to seek)."""
    try:
        import pyarrow.parquet as pq
    except ImportError:
        yield InputError(shown, "a Parquet file: reading it needs pyarrow (pip install 'extractors[parquet]')")
        return
    import pyarrow as pa
    source = opened.stream if opened.compression is None and opened.stream.seekable() \
        else io.BytesIO(opened.stream.read())
    try:
        pf = pq.ParquetFile(source)
    except (pa.ArrowException, OSError, ValueError) as e:
        yield InputError(shown, f"malformed Parquet file: {e}")
        return
    names = pf.schema_arrow.names
    lower = {n.casefold(): n for n in names}
    col = next((lower[c] for c in ABSTRACT_COLUMNS + ("abstract_inverted_index",) if c in lower), None)
    if col is None:
        yield InputError(shown, f"no abstract column in the Parquet table (looked for "
                                f"{', '.join(ABSTRACT_COLUMNS)}; found {', '.join(names)})")
        return
    columns = [n for n in names if n.casefold() in ABSTRACT_COLUMNS + PARQUET_FIELDS]
    index = 0
    try:
        for batch in pf.iter_batches(batch_size=PARQUET_BATCH, columns=columns):
            for row in batch.to_pylist():
                obj = {k.casefold(): v for k, v in row.items()}
                yield from_object(obj, shown, index, None, {})
                index += 1
    except (pa.ArrowException, OSError, ValueError) as e:
        yield InputError(shown, f"malformed Parquet data after row {index}: {e}; the rest of the "
                                "file was not read", None, index)
    if index == 0:
        yield InputError(shown, "empty Parquet table (no rows)")


def _file_kind(path: Union[str, Path]) -> str:
    """What a path that is not a regular file is: 'a named pipe (FIFO)', 'a socket', ..."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return "unreadable"
    for test, what in ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISDIR, "a folder")):
        if test(mode):
            return what
    return "not a regular file"


def _under(path: str, folders: list[str]) -> bool:
    """Is `path` (resolved) one of `folders` or inside one?"""
    return any(path == f or path.startswith(f.rstrip(os.sep) + os.sep) for f in folders)


def _identity(path: Union[str, Path]) -> Optional[tuple[int, int]]:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def expand(inputs: Iterable[str], exclude: Iterable[Union[str, Path]] = ()) -> Iterator[Union[tuple[Path, str], InputError]]:
    """Files named and files below folders named (sorted, hidden ones skipped). Folders are walked
    with an explicit stack (any depth); every entry that cannot be read as a file is an error:
    a special file (FIFO, socket, device), an unreadable folder, a folder link that loops back.
    Paths under `exclude` (the run's output folder) are never read."""
    exclude = [x for x in exclude if os.path.isdir(x)]
    skip = [os.path.realpath(x) for x in exclude]
    skip_ids = {i for i in map(_identity, exclude) if i is not None}
    for raw in inputs:
        p = Path(raw)
        shown = display_path(raw)
        if str(raw) == STDIN:
            yield Path(STDIN), STDIN_SHOWN
        elif skip and _under(os.path.realpath(p), skip):
            yield InputError(shown, "inside the output folder of this run; not read")
        elif p.is_dir():
            yield from _walk(p, skip_ids)
        elif p.is_file():
            yield p, display_path(p)
        elif p.exists():
            yield InputError(shown, f"not a regular file ({_file_kind(p)})")
        else:
            yield InputError(shown, "no such file or folder")


def _walk(top: Path, skip_ids: set) -> Iterator[Union[tuple[Path, str], InputError]]:
    """The files below `top` in sorted order, depth first, without recursion; folders whose
    identity (device, inode) is in `skip_ids` (the output folder) are not entered."""
    seen = set()
    stack: list[Path] = [top]
    while stack:
        folder = stack.pop()
        try:
            ident = _identity(folder)
            if ident is None:
                raise FileNotFoundError(2, "no longer there")
            if ident in seen:
                yield InputError(display_path(folder), "folder link loops back to a folder already read; not read again")
                continue
            seen.add(ident)
            with os.scandir(folder) as it:
                entries = sorted((e for e in it if not e.name.startswith(".")), key=lambda e: e.name)
        except OSError as e:
            yield InputError(display_path(folder), f"cannot read folder: {e.strerror or e}")
            continue
        folders = []
        for e in entries:
            path = Path(e.path)
            try:
                if e.is_dir():
                    if skip_ids and (e.stat().st_dev, e.stat().st_ino) in skip_ids:
                        continue   # the output folder of this run (or a link to it)
                    folders.append(path)
                elif e.is_file():
                    yield path, display_path(path)
                else:
                    yield InputError(display_path(path), f"not a regular file ({_file_kind(path)})")
            except OSError as err:
                yield InputError(display_path(path), f"cannot read: {err.strerror or err}")
        stack.extend(reversed(folders))   # first folder on top: sorted, depth-first order


def read_inputs(inputs: Iterable[str], exclude: Iterable[Union[str, Path]] = ()) -> Iterator[Item]:
    """Every abstract and every error from the named files and folders, in a stable order."""
    for entry in expand(inputs, exclude):
        if isinstance(entry, InputError):
            yield entry
        else:
            yield from read_file(*entry)
