"""Writers: streaming, atomic output of records.jsonl, errors.jsonl and summary.json.

Records are written sorted by id with duplicates merged, without holding them all in memory:
they are buffered into sorted runs on disk and merged at the end (an external merge sort).
Every output file is written under a temporary name and renamed into place, so a killed run
never leaves a truncated file behind.
"""
from __future__ import annotations

import heapq
import os
import shutil
import tempfile
from pathlib import Path
from typing import IO, Iterator, Optional

import orjson

RUN_SIZE = 2000


def dumps(obj) -> bytes:
    return orjson.dumps(obj)


class AtomicFile:
    """A file written to `<name>.tmp-<random>` and renamed to `<name>` on success."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=self.path.name + ".tmp-", dir=self.path.parent)
        self.tmp = Path(tmp)
        self.fh: IO[bytes] = os.fdopen(fd, "wb")

    def write(self, data: bytes) -> None:
        self.fh.write(data)

    def commit(self) -> None:
        self.fh.flush()
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


class SortedRecords:
    """Collects records (as dicts) and writes them sorted by id, merging duplicates.

    `add(id, seq, record)`: `seq` is the abstract's position in the input order; among records
    with the same id, the first read keeps its text and takes the others' sources.
    """

    def __init__(self, workdir: Path, run_size: int = RUN_SIZE) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix=".runs-", dir=workdir))
        self.run_size = run_size
        self.buffer: list[tuple[str, int, bytes]] = []
        self.runs: list[Path] = []
        self.duplicates = 0
        self.written = 0

    def add(self, rid: str, seq: int, record_json: bytes) -> None:
        self.buffer.append((rid, seq, record_json))
        if len(self.buffer) >= self.run_size:
            self._spill()

    def _spill(self) -> None:
        if not self.buffer:
            return
        self.buffer.sort(key=lambda t: (t[0], t[1]))
        path = self.dir / f"run-{len(self.runs):06d}.tsv"
        with open(path, "wb") as fh:
            for rid, seq, data in self.buffer:
                fh.write(b"%s\t%d\t%s\n" % (rid.encode(), seq, data))
        self.runs.append(path)
        self.buffer = []

    @staticmethod
    def _read(path: Path) -> Iterator[tuple[str, int, bytes]]:
        with open(path, "rb") as fh:
            for line in fh:
                rid, seq, data = line.rstrip(b"\n").split(b"\t", 2)
                yield rid.decode(), int(seq), data

    def _merged(self) -> Iterator[tuple[str, int, bytes]]:
        if not self.runs:
            self.buffer.sort(key=lambda t: (t[0], t[1]))
            return iter(self.buffer)
        self._spill()
        return heapq.merge(*(self._read(p) for p in self.runs), key=lambda t: (t[0], t[1]))

    def write(self, path: Path) -> None:
        """Merge everything into `path` (atomically) and remove the runs."""
        try:
            with AtomicFile(path) as out:
                group: list[bytes] = []
                gid: Optional[str] = None
                for rid, _seq, data in self._merged():
                    if rid != gid and group:
                        out.write(self._combine(group) + b"\n")
                        group = []
                    gid = rid
                    group.append(data)
                if group:
                    out.write(self._combine(group) + b"\n")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def _combine(self, group: list[bytes]) -> bytes:
        self.written += 1
        if len(group) == 1:
            return group[0]
        self.duplicates += len(group) - 1
        first = orjson.loads(group[0])
        for other in group[1:]:
            first["sources"].extend(orjson.loads(other)["sources"])
        return orjson.dumps(first)

    def discard(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)
