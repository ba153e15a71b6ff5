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
the final files are the same as an uninterrupted run's. Old records are checked line by line
(a JSON object whose id is the hash of its text): a truncated, foreign or damaged line is not
reused (its abstract is processed again) and is counted in the summary's ``warnings``.

One run per output folder: the folder is locked (``DIR/.lock``, an advisory ``flock``) for the
whole run; a second run on it stops at once with `OutputBusy`. The outputs of an earlier run are
removed when a run starts (under --resume the old records move into ``DIR/.partial/``), so a run
that crashes never leaves an older, complete-looking ``records.jsonl`` behind as if it were its
own. The run's output folder is never read as input.
"""
from __future__ import annotations

import fcntl
import os
import re
import shutil
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Optional

import orjson

from . import partition, readers
from .partition import PART_BYTES, TIME_LIMIT, Existing, Part, PartResult
from .models import record_id
from .writers import OLD, OLD_KEY, RECORD, Runs, merge_errors, merge_records, record_fingerprint, write_json

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
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        d = self.__dict__.copy()
        if d["engine"] == "local":
            del d["engine"]  # the summary of a plain local run keeps its original keys
        if d["resumed"] is None:
            del d["resumed"]
        if not d["warnings"]:
            del d["warnings"]
        d["abstracts_per_second"] = round(self.abstracts_read / self.seconds, 1) if self.seconds else None
        d["seconds"] = round(self.seconds, 3)
        return d


class OutputError(Exception):
    """The output folder cannot be used (a file, not writable, inside a file): a usage error."""


class OutputBusy(OutputError):
    """Another run is writing to the output folder."""


LOCK = ".lock"


class OutputLock:
    """An exclusive advisory lock on ``DIR/.lock`` (``flock``: released by the kernel when the
    process dies, so a killed run never leaves the folder locked)."""

    def __init__(self, out: Path) -> None:
        self.path = out / LOCK
        while True:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o666)
            except OSError as e:
                raise OutputError(f"{out}: cannot write here: {e.strerror or e}") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                holder = _read_pid(self.path)
                raise OutputBusy(f"{out}: another run is writing to this folder"
                                 + (f" (process {holder})" if holder else "")
                                 + "; wait for it to finish or choose another -o") from None
            try:   # the file we locked may have been removed by the run that just finished
                same = os.fstat(fd).st_ino == os.stat(self.path).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self.fd = fd

    def release(self) -> None:
        if self.fd is not None:
            self.path.unlink(missing_ok=True)
            os.close(self.fd)
            self.fd = None


def _read_pid(path: Path) -> str:
    try:
        return path.read_text().strip()
    except OSError:
        return ""


def prepare_output(out_dir: Path) -> Path:
    """The output folder, created if needed; `OutputError` when it cannot be one."""
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise OutputError(f"{out}: exists and is not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputError(f"{out}: cannot create the output folder: {e.strerror or e}") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise OutputError(f"{out}: the output folder is not writable")
    return out


class Collector:
    """Turns `PartResult`s, from any engine and in any order, into DIR/records.jsonl,
    DIR/errors.jsonl and DIR/summary.json (holding the folder's lock until `finish` or
    `interrupted`)."""

    def __init__(self, out_dir: Path, resume: bool = False) -> None:
        self.out = prepare_output(out_dir)
        self.lock = OutputLock(self.out)
        try:
            self._start(resume)
        except BaseException:
            self.lock.release()
            raise

    def _start(self, resume: bool) -> None:
        self.partial = self.out / PARTIAL
        for name in OUTPUTS:  # temporaries of a run killed while writing its outputs
            for tmp in self.out.glob(f"{name}.tmp-*"):
                tmp.unlink(missing_ok=True)
        self.old_runs: list[Path] = []
        self.existing: Optional[Existing] = None
        self.warnings: list[str] = []
        if resume:
            self._prepare_resume()
        else:
            shutil.rmtree(self.partial, ignore_errors=True)
            (self.out / "records.jsonl").unlink(missing_ok=True)
        for name in ("errors.jsonl", "summary.json"):   # never left from an earlier run
            (self.out / name).unlink(missing_ok=True)
        self.partial.mkdir(exist_ok=True)
        gens = [int(m.group(1)) for p in self.partial.iterdir() if (m := re.match(r"g(\d+)-", p.name))]
        gen = f"g{max(gens, default=0) + 1:04d}"
        self.gen = gen
        self.records = Runs(self.partial, f"{gen}-rec")
        self.errors = Runs(self.partial, f"{gen}-err", errors=True)
        if resume:
            self._sort_old()
        self.files: set[str] = set()
        self.abstracts = 0
        self.reused = 0
        self.n_errors = 0
        self.resume = resume

    def _prepare_resume(self) -> None:
        """Keep what earlier runs finished: records of interrupted runs (``*.run``) and earlier
        outputs (moved to ``old-NNNN.jsonl``, so a crash of this run cannot leave them in place
        as its own); drop everything else (errors are found again)."""
        self.partial.mkdir(exist_ok=True)
        self.sources: list[Path] = []
        for p in sorted(self.partial.iterdir()):
            if (p.suffix == ".run" and "-rec-" in p.name) or (p.name.startswith("old-") and p.suffix == ".jsonl"):
                self.sources.append(p)
            elif p.is_dir():
                shutil.rmtree(p, ignore_errors=True)
            else:
                p.unlink(missing_ok=True)
        records = self.out / "records.jsonl"
        if records.is_file():
            n = sum(1 for p in self.sources if p.name.startswith("old-"))
            moved = self.partial / f"old-{n:04d}.jsonl"
            os.replace(records, moved)
            self.sources.append(moved)

    def _sort_old(self) -> None:
        """Every readable old record body, checked and sorted by id into ``*.old`` runs; the
        fingerprints of their content go to `existing`."""
        old = Runs(self.partial, f"{self.gen}-old")
        fps = []
        for path in self.sources:
            bad, first = 0, ""
            for line_no, body in _old_bodies(path):
                if isinstance(body, str):
                    bad += 1
                    first = first or f"line {line_no}: {body}"
                    continue
                rec = orjson.loads(body)
                fps.append(record_fingerprint(rec))
                old.add((rec["id"], OLD_KEY, OLD, body))
            if bad:
                self.warnings.append(f"--resume: {bad} unreadable line(s) in {path.name} not reused "
                                     f"(their abstracts are processed again); first at {first}")
        old.spill()
        self.old_runs = old.paths
        self.existing = Existing(fps)

    def add(self, res: PartResult) -> None:
        self.records.extend(res.rows)
        self.errors.extend(res.errors)
        self.files |= res.files
        self.abstracts += res.abstracts
        self.reused += res.reused
        self.n_errors += len(res.errors)

    def finish(self, summary: Summary) -> Summary:
        try:
            self.records.spill()
            self.errors.spill()
            merge_errors(self.out / "errors.jsonl", self.errors.paths, workdir=self.partial)
            written, dups = merge_records(self.out / "records.jsonl", self.records.paths + self.old_runs,
                                          workdir=self.partial)
            shutil.rmtree(self.partial, ignore_errors=True)
        finally:
            self.lock.release()
        summary.files_read = len(self.files)
        summary.abstracts_read = self.abstracts
        summary.records_written = written
        summary.duplicates_merged = dups
        summary.errors = self.n_errors
        summary.warnings = list(self.warnings)
        if self.resume:
            summary.resumed = self.reused
        return summary

    def interrupted(self) -> None:
        """Keep what is done for --resume: commit the buffered records as one more run."""
        try:
            self.records.spill()
        except Exception:  # noqa: BLE001 - best effort on the way out
            pass
        finally:
            self.lock.release()


def _old_bodies(path: Path):
    """(line number, record JSON bytes or the reason it is unusable) for an old records file
    (``records.jsonl`` moved aside) or a records run an interrupted run left."""
    run = path.suffix == ".run"
    try:
        fh = open(path, "rb")
    except OSError as e:
        yield 0, f"cannot read: {e.strerror or e}"
        return
    with fh:
        for n, line in enumerate(fh, 1):
            line = line.rstrip(b"\n")
            if not line.strip():
                continue
            if run:
                fields = line.split(b"\t", 3)
                if len(fields) != 4 or fields[2] not in (RECORD, b"s"):
                    yield n, "not a records-run line"
                    continue
                if fields[2] != RECORD:
                    continue   # a source row: its body is elsewhere
                line = fields[3]
            yield n, _usable_body(line)


def _usable_body(line: bytes):
    """The line itself when it is a record of this tool (a JSON object whose `id` is the hash of
    its `text`, with a `sources` list), else the reason it is not."""
    try:
        rec = orjson.loads(line)
    except orjson.JSONDecodeError as e:
        return f"not JSON ({e})"
    if not isinstance(rec, dict) or not isinstance(rec.get("text"), str) or not isinstance(rec.get("id"), str):
        return "not a record (no string `id` and `text`)"
    if rec["id"] != record_id(rec["text"]) or not isinstance(rec.get("sources"), list):
        return "not a record of this tool (id is not the hash of the text, or no sources)"
    return line


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
    _exit_with_parent()
    partition.TUNE_GC = True   # a worker process only extracts
    partition.warm_up()


def _exit_with_parent(every: float = 0.5) -> None:
    """A worker ends itself when its parent is gone (a SIGKILLed main process cannot stop it):
    a daemon thread watches the parent's pid."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(1)

    threading.Thread(target=watch, name="extractors-parent-watch", daemon=True).start()


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Cancel what has not started and end the worker processes now (on an error or a signal)."""
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            proc.terminate()
        except Exception:  # noqa: BLE001 - already gone
            pass


def usable_workers(workers: int) -> int:
    """`workers`, capped at the CPUs this process may use (more only thrash: each worker holds a
    pipeline of ~140 MB and competes for the same cores)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return max(1, min(workers, cpus))


def _work(part: Part) -> PartResult:
    return partition.process_part(part, _settings["existing"], _settings["time_limit"], _settings["max_chars"])


def _planned(inputs, part_bytes: int, max_chars: int, exclude=()):
    """The parts of the inputs (the planner reads large non-JSONL files itself; `max_chars` is
    checked where the parts are processed); nothing under `exclude` (the output folder) is read."""
    yield from partition.plan(inputs, part_bytes, exclude)


def run(inputs: Iterable[str], out_dir: Path, workers: int = 1,
        progress: Optional[Callable[[int], None]] = None, resume: bool = False,
        time_limit: Optional[float] = TIME_LIMIT, part_bytes: int = LOCAL_PART_BYTES,
        max_chars: Optional[int] = None) -> Summary:
    """Process `inputs` into `out_dir`; returns the summary (also written as summary.json)."""
    t0 = time.perf_counter()
    out_dir = Path(out_dir)
    inputs = list(inputs)
    max_chars = max_chars or readers.MAX_CHARS
    workers = usable_workers(workers)
    summary = Summary(inputs=inputs, workers=workers)
    col = Collector(out_dir, resume)

    def consume(res: PartResult) -> None:
        col.add(res)
        if progress:
            progress(res.abstracts)

    try:
        parts = _planned(inputs, part_bytes, max_chars, exclude=[out_dir])
        if workers <= 1:
            for part in parts:
                consume(partition.process_part(part, col.existing, time_limit, max_chars))
        else:
            with ProcessPoolExecutor(max_workers=workers, initializer=_init_worker,
                                     initargs=(col.existing, time_limit, max_chars)) as pool:
                try:
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
                except BaseException:
                    _stop_workers(pool)
                    raise
        col.finish(summary)
    except BaseException:
        col.interrupted()
        raise
    return write_summary(summary, out_dir, t0)


def write_summary(summary: Summary, out_dir: Path, t0: float) -> Summary:
    """The run's time into its summary, and the summary into ``DIR/summary.json`` (every engine
    ends with this, after `Collector.finish`)."""
    summary.seconds = time.perf_counter() - t0
    write_json(Path(out_dir) / "summary.json", summary.to_json())
    return summary


__all__ = ["Collector", "PART_BYTES", "Summary", "run", "write_results"]
