"""Writers: streaming, atomic output of records.jsonl, errors.jsonl and summary.json.

Records are written sorted by id with duplicates merged, without holding them all in memory:
they are buffered into sorted runs on disk and merged at the end (an external merge sort, in
passes of at most `FAN_IN` files). Every output file, runs included, is written under a temporary
name and renamed into place, so a killed run never leaves a truncated file behind.

Rows carry a `key` that gives each abstract's place in the input order (`partition.key`:
file number, then position in the file), whatever engine, worker or partition produced them.
Among records with the same id the one with the smallest key keeps its text and fields, and the
sources of all of them are listed in key order; errors are written in key order.

Resumption (``extractors run --resume``): an abstract whose record is already in the output
folder is not processed again; its row is a *source* row (kind ``s``: its source and the
fingerprint of the old record) and the old record body is taken from `old` files while merging.
"""
from __future__ import annotations

import hashlib
import heapq
import os
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import IO, Iterable, Iterator, Optional

import orjson

RUN_SIZE = 2000
FAN_IN = 128
OLD_KEY = -1  # old record bodies sort before every new row of their id

# row kinds in record runs
RECORD = b"r"   # a record produced by this run: payload is the record JSON
SOURCE = b"s"   # an abstract skipped under --resume: payload is {"fp": ..., "source": {...}}
OLD = b"o"      # a record from a previous run (records.jsonl or a leftover run)


def dumps(obj) -> bytes:
    return orjson.dumps(obj)


@lru_cache(maxsize=1)
def file_mode() -> int:
    """The mode a new file gets under this process's umask (0o644 under the usual 022), as
    ``open()`` would give it; ``mkstemp`` alone would give 0o600 whatever the umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


class AtomicFile:
    """A file written to `<name>.tmp-<random>` and renamed to `<name>` on success."""

    def __init__(self, path: Path, fsync: bool = True) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=self.path.name + ".tmp-", dir=self.path.parent)
        os.fchmod(fd, file_mode())
        self.tmp = Path(tmp)
        self.fsync = fsync
        self.fh: IO[bytes] = os.fdopen(fd, "wb", buffering=1 << 16)

    def write(self, data: bytes) -> None:
        self.fh.write(data)

    def commit(self) -> None:
        self.fh.flush()
        if self.fsync:
            os.fsync(self.fh.fileno())
        self.fh.close()
        os.replace(self.tmp, self.path)

    def abort(self) -> None:
        if not self.fh.closed:
            self.fh.close()
        self.tmp.unlink(missing_ok=True)

    def __enter__(self) -> "AtomicFile":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.commit()
        else:
            self.abort()


def write_json(path: Path, obj) -> None:
    with AtomicFile(path) as f:
        f.write(orjson.dumps(obj, option=orjson.OPT_INDENT_2) + b"\n")


# ---------------------------------------------------------------- fingerprints (resume)

def fingerprint(text: str, venue, year, title) -> int:
    """64 bits over what a record's content depends on besides its sources."""
    h = hashlib.blake2b(orjson.dumps([text, venue, year, title]), digest_size=8)
    return int.from_bytes(h.digest(), "big")


def record_fingerprint(rec: dict) -> int:
    return fingerprint(rec["text"], rec.get("venue"), rec.get("year"), rec.get("title"))


# ---------------------------------------------------------------- sorted runs

def _record_line(rid: str, key: int, kind: bytes, payload: bytes) -> bytes:
    return b"%s\t%d\t%s\t%s\n" % (rid.encode(), key, kind, payload)


def _read_records_run(path: Path) -> Iterator[tuple[str, int, bytes, bytes]]:
    with open(path, "rb") as fh:
        for line in fh:
            rid, key, kind, payload = line.rstrip(b"\n").split(b"\t", 3)
            yield rid.decode(), int(key), kind, payload


def _read_errors_run(path: Path) -> Iterator[tuple[int, bytes]]:
    with open(path, "rb") as fh:
        for line in fh:
            key, payload = line.rstrip(b"\n").split(b"\t", 1)
            yield int(key), payload


def _read_old_records(path: Path) -> Iterator[tuple[str, int, bytes, bytes]]:
    """A records.jsonl (sorted by id) as old rows."""
    with open(path, "rb") as fh:
        for line in fh:
            line = line.rstrip(b"\n")
            if line:
                yield orjson.loads(line)["id"], OLD_KEY, OLD, line


def old_rows(path: Path) -> Iterator[tuple[str, int, bytes, bytes]]:
    """Old record bodies held in a records.jsonl or in a run an interrupted run left behind
    (its source rows are skipped: they point at bodies that are elsewhere)."""
    if path.suffix == ".jsonl":
        yield from _read_old_records(path)
        return
    for rid, _key, kind, payload in _read_records_run(path):
        if kind == RECORD:
            yield rid, OLD_KEY, OLD, payload


class Runs:
    """Buffers rows and spills them as sorted run files named `<prefix>-NNNNNN.run` in `dir`."""

    def __init__(self, dir: Path, prefix: str, errors: bool = False, run_size: Optional[int] = None) -> None:
        self.dir = Path(dir)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.prefix = prefix
        self.errors = errors
        self.run_size = run_size or RUN_SIZE
        self.buffer: list[tuple] = []
        self.paths: list[Path] = []

    def add(self, row: tuple) -> None:
        self.buffer.append(row)
        if len(self.buffer) >= self.run_size:
            self.spill()

    def extend(self, rows: Iterable[tuple]) -> None:
        for row in rows:
            self.add(row)

    def spill(self) -> None:
        if not self.buffer:
            return
        path = self.dir / f"{self.prefix}-{len(self.paths):06d}.{'err' if self.errors else 'run'}"
        if self.errors:
            self.buffer.sort(key=lambda r: r[0])
            data = b"".join(b"%d\t%s\n" % r for r in self.buffer)
        else:
            self.buffer.sort(key=lambda r: (r[0], r[1]))
            data = b"".join(_record_line(*r) for r in self.buffer)
        with AtomicFile(path, fsync=False) as f:
            f.write(data)
        self.paths.append(path)
        self.buffer = []


def _merge_passes(paths: list[Path], workdir: Path, reader, line, sort_key) -> list[Path]:
    """Merge runs in passes until at most FAN_IN remain (so no more than FAN_IN files are open)."""
    level = 0
    while len(paths) > FAN_IN:
        merged: list[Path] = []
        for i in range(0, len(paths), FAN_IN):
            group = paths[i:i + FAN_IN]
            out = workdir / f"merge-{level}-{i // FAN_IN:06d}.tmp"
            with open(out, "wb") as fh:
                for row in heapq.merge(*(reader(p) for p in group), key=sort_key):
                    fh.write(line(*row))
            merged.append(out)
        for p in paths:
            if p.name.startswith("merge-"):
                p.unlink(missing_ok=True)
        paths = merged
        level += 1
    return paths


def merge_records(path: Path, runs: list[Path], old: Iterable[Path] = (),
                  workdir: Optional[Path] = None) -> tuple[int, int]:
    """Write `path` (atomically): one record per id, sorted by id, from record `runs` and old
    bodies in `old` files; returns (records written, duplicates merged). Old bodies whose id has
    no row in `runs` are dropped: the output holds what the inputs hold."""
    workdir = Path(workdir or path.parent)
    key = lambda r: (r[0], r[1])  # noqa: E731
    runs = _merge_passes(list(runs), workdir, _read_records_run, _record_line, key)
    streams = [_read_records_run(p) for p in runs] + [old_rows(Path(p)) for p in old]
    written = duplicates = 0
    with AtomicFile(path) as out:
        group: list[tuple[str, int, bytes, bytes]] = []
        gid: Optional[str] = None
        for row in heapq.merge(*streams, key=key):
            if row[0] != gid and group:
                data = _combine(group)
                if data is not None:
                    out.write(data + b"\n")
                    written += 1
                    duplicates += sum(1 for r in group if r[2] != OLD) - 1
                group = []
            gid = row[0]
            group.append(row)
        if group:
            data = _combine(group)
            if data is not None:
                out.write(data + b"\n")
                written += 1
                duplicates += sum(1 for r in group if r[2] != OLD) - 1
    for p in runs:
        if p.name.startswith("merge-"):
            p.unlink(missing_ok=True)
    return written, duplicates


def _combine(group: list[tuple[str, int, bytes, bytes]]) -> Optional[bytes]:
    """One record from the rows of one id (sorted by key, old bodies first)."""
    new = [r for r in group if r[2] != OLD]
    if not new:
        return None
    first = new[0]
    if len(new) == 1 and first[2] == RECORD:
        return first[3]
    if first[2] == RECORD:
        body = orjson.loads(first[3])
    else:
        fp = orjson.loads(first[3])["fp"]
        body = next((b for b in (orjson.loads(r[3]) for r in group if r[2] == OLD)
                     if record_fingerprint(b) == fp), None)
        if body is None:  # cannot happen: source rows are only made for fingerprints on hand
            raise RuntimeError(f"no earlier record with id {first[0]} to resume from")
    sources = []
    for _rid, _key, kind, payload in new:
        if kind == RECORD:
            sources.extend(orjson.loads(payload)["sources"])
        else:
            sources.append(orjson.loads(payload)["source"])
    body["sources"] = sources
    return orjson.dumps(body)


def merge_errors(path: Path, runs: list[Path], workdir: Optional[Path] = None) -> int:
    """Write `path` (atomically): error lines from error `runs` in key (input) order."""
    workdir = Path(workdir or path.parent)
    runs = _merge_passes(list(runs), workdir, _read_errors_run, lambda k, p: b"%d\t%s\n" % (k, p),
                         lambda r: r[0])
    n = 0
    with AtomicFile(path) as out:
        for _key, payload in heapq.merge(*(_read_errors_run(p) for p in runs), key=lambda r: r[0]):
            out.write(payload + b"\n")
            n += 1
    for p in runs:
        if p.name.startswith("merge-"):
            p.unlink(missing_ok=True)
    return n


class SortedRecords:
    """Collects records and writes them sorted by id, merging duplicates (kept for callers of
    the earlier API): `add(id, key, record_json)`; `write(path)`."""

    def __init__(self, workdir: Path, run_size: Optional[int] = None) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix=".runs-", dir=workdir))
        self.runs = Runs(self.dir, "run", run_size=run_size)
        self.duplicates = 0
        self.written = 0

    def add(self, rid: str, seq: int, record_json: bytes) -> None:
        self.runs.add((rid, seq, RECORD, record_json))

    def write(self, path: Path) -> None:
        try:
            self.runs.spill()
            self.written, self.duplicates = merge_records(Path(path), self.runs.paths, workdir=self.dir)
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def discard(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)
