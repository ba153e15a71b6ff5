"""The local engine: read inputs, process abstracts (in this process or N worker processes),
write records, errors and a summary.

The inputs are planned into parts (`partition.plan`: JSONL files as byte ranges, other files
whole); each part is read *and* processed by a worker, which builds the spaCy pipeline once, so
the main process only writes the rows that come back. Every row carries its abstract's place in
the input order (file number, position), so results are consumed as they complete and the output
does not depend on the number of workers, the partition size or the engine (`dask_engine` and the
Spark recipe go through the same `Collector`).

Crash safety and resumption: sorted runs are committed to ``DIR/.partial/`` as the run goes, and
every output file is written under a temporary name and renamed. ``resume=True`` skips the
abstracts whose record is already in ``DIR/records.jsonl`` or in the runs an interrupted run left
in ``DIR/.partial/``, and merges their old records (with this run's sources) into the output:
the final files are the same as an uninterrupted run's.
"""
from __future__ import annotations

import re
import shutil
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Optional

import orjson

from . import partition, readers
from .partition import PART_BYTES, TIME_LIMIT, Existing, Part, PartResult
from .writers import Runs, merge_errors, merge_records, old_rows, record_fingerprint, write_json

LOCAL_PART_BYTES = PART_BYTES
PARTIAL = ".partial"
OUTPUTS = ("records.jsonl", "errors.jsonl", "summary.json")


@dataclass
class Summary:
    inputs: list[str] = field(default_factory=list)
    files_read: int = 0
    abstracts_read: int = 0
    records_written: int = 0
    duplicates_merged: int = 0
    errors: int = 0
    seconds: float = 0.0
    workers: int = 1
    engine: str = "local"
    resumed: Optional[int] = None

    def to_json(self) -> dict:
        d = self.__dict__.copy()
        if d["engine"] == "local":
            del d["engine"]  # the summary of a plain local run keeps its original keys
        if d["resumed"] is None:
            del d["resumed"]
        d["abstracts_per_second"] = round(self.abstracts_read / self.seconds, 1) if self.seconds else None
        d["seconds"] = round(self.seconds, 3)
        return d


class Collector:
    """Turns `PartResult`s, from any engine and in any order, into DIR/records.jsonl,
    DIR/errors.jsonl and DIR/summary.json."""

    def __init__(self, out_dir: Path, resume: bool = False) -> None:
        self.out = Path(out_dir)
        self.out.mkdir(parents=True, exist_ok=True)
        self.partial = self.out / PARTIAL
        for name in OUTPUTS:  # temporaries of a run killed while writing its outputs
            for tmp in self.out.glob(f"{name}.tmp-*"):
                tmp.unlink(missing_ok=True)
        self.old: list[Path] = []
        self.existing: Optional[Existing] = None
        if resume:
            self._prepare_resume()
        else:
            shutil.rmtree(self.partial, ignore_errors=True)
        self.partial.mkdir(exist_ok=True)
        gens = [int(m.group(1)) for p in self.partial.iterdir() if (m := re.match(r"g(\d+)-", p.name))]
        gen = f"g{max(gens, default=0) + 1:04d}"
        self.records = Runs(self.partial, f"{gen}-rec")
        self.errors = Runs(self.partial, f"{gen}-err", errors=True)
        self.files: set[str] = set()
        self.abstracts = 0
        self.reused = 0
        self.n_errors = 0
        self.resume = resume

    def _prepare_resume(self) -> None:
        if self.partial.is_dir():
            for p in self.partial.iterdir():
                if p.suffix == ".run":
                    self.old.append(p)          # records of an interrupted run: still good
                else:
                    p.unlink(missing_ok=True)   # its errors are found again; temporaries go
        records = self.out / "records.jsonl"
        if records.is_file():
            self.old.insert(0, records)
        fps = []
        for p in self.old:
            for _rid, _key, _kind, payload in old_rows(p):
                fps.append(record_fingerprint(orjson.loads(payload)))
        self.existing = Existing(fps)

    def add(self, res: PartResult) -> None:
        self.records.extend(res.rows)
        self.errors.extend(res.errors)
        self.files |= res.files
        self.abstracts += res.abstracts
        self.reused += res.reused
        self.n_errors += len(res.errors)

    def finish(self, summary: Summary) -> Summary:
        self.records.spill()
        self.errors.spill()
        written, dups = merge_records(self.out / "records.jsonl", self.records.paths, self.old,
                                      workdir=self.partial)
        merge_errors(self.out / "errors.jsonl", self.errors.paths, workdir=self.partial)
        shutil.rmtree(self.partial, ignore_errors=True)
        summary.files_read = len(self.files)
        summary.abstracts_read = self.abstracts
        summary.records_written = written
        summary.duplicates_merged = dups
        summary.errors = self.n_errors
        if self.resume:
            summary.resumed = self.reused
        return summary

    def interrupted(self) -> None:
        """Keep what is done for --resume: commit the buffered records as one more run."""
        try:
            self.records.spill()
        except Exception:  # noqa: BLE001 - best effort on the way out
            pass


def write_results(results: Iterable[PartResult], out_dir: Path, inputs: Iterable[str] = (),
                  resume: bool = False, engine: str = "local", workers: int = 1,
                  progress: Optional[Callable[[int], None]] = None) -> Summary:
    """Write the output folder from part results produced elsewhere (e.g. by Spark)."""
    t0 = time.perf_counter()
    col = Collector(out_dir, resume)
    summary = Summary(inputs=list(inputs), workers=workers, engine=engine)
    try:
        for res in results:
            col.add(res)
            if progress:
                progress(res.abstracts)
        col.finish(summary)
    except BaseException:
        col.interrupted()
        raise
    summary.seconds = time.perf_counter() - t0
    write_json(Path(out_dir) / "summary.json", summary.to_json())
    return summary


# ---------------------------------------------------------------- worker processes

_settings: dict = {}


def _init_worker(existing: Optional[Existing], time_limit: Optional[float], max_chars: int) -> None:
    _settings.update(existing=existing, time_limit=time_limit, max_chars=max_chars)
    partition.warm_up()


def _work(part: Part) -> PartResult:
    return partition.process_part(part, _settings["existing"], _settings["time_limit"], _settings["max_chars"])


def _planned(inputs, part_bytes: int, max_chars: int):
    """The parts of the inputs (the planner reads large non-JSONL files itself, under `max_chars`)."""
    with partition.max_chars_set(max_chars):
        yield from partition.plan(inputs, part_bytes)


def run(inputs: Iterable[str], out_dir: Path, workers: int = 1,
        progress: Optional[Callable[[int], None]] = None, resume: bool = False,
        time_limit: Optional[float] = TIME_LIMIT, part_bytes: int = LOCAL_PART_BYTES,
        max_chars: Optional[int] = None) -> Summary:
    """Process `inputs` into `out_dir`; returns the summary (also written as summary.json)."""
    t0 = time.perf_counter()
    out_dir = Path(out_dir)
    inputs = list(inputs)
    max_chars = max_chars or readers.MAX_CHARS
    summary = Summary(inputs=inputs, workers=workers)
    col = Collector(out_dir, resume)

    def consume(res: PartResult) -> None:
        col.add(res)
        if progress:
            progress(res.abstracts)

    try:
        parts = _planned(inputs, part_bytes, max_chars)
        if workers <= 1:
            for part in parts:
                consume(partition.process_part(part, col.existing, time_limit, max_chars))
        else:
            with ProcessPoolExecutor(max_workers=workers, initializer=_init_worker,
                                     initargs=(col.existing, time_limit, max_chars)) as pool:
                pending: set[Future] = set()
                for part in parts:
                    pending.add(pool.submit(_work, part))
                    while len(pending) >= workers * 2:
                        done, pending = wait(pending, return_when=FIRST_COMPLETED)
                        for f in done:
                            consume(f.result())
                while pending:
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for f in done:
                        consume(f.result())
        col.finish(summary)
    except BaseException:
        col.interrupted()
        raise
    summary.seconds = time.perf_counter() - t0
    write_json(out_dir / "summary.json", summary.to_json())
    return summary


__all__ = ["Collector", "PART_BYTES", "Summary", "run", "write_results"]
