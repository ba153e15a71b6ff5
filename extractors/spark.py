"""The Spark engine: the same pipeline on a Spark cluster, in parallel, with the driver's memory
bounded by the merge.

    extractors run INPUT... -o DIR --engine spark [--master URL]

or from Python, with a SparkSession or SparkContext of your own (or `context()`: one set up for
this engine; on a local master a quick JVM, no web UI and the pipeline built once in the Python
daemon)::

    from extractors import spark
    spark.run(session, ["/shared/s2orc/"], "/shared/out/")

The inputs are planned into parts on the driver as in the other engines (`partition.plan`: byte
ranges of large JSONL files, other files whole; a large file of another format becomes slices of
its positions, which the executor reads itself, so the driver never holds abstracts). Each part is
one Spark partition, all of them in one job (`mapPartitionsWithIndex` + `collect`, so the
executors run as many at once as they have cores). A task reads and processes its part
(`partition.process_part`, with the Python worker's pipeline: built once per worker, or once per
executor by `extractors.spark_daemon` before it forks the workers, then reused) and writes
the part's record and error rows as sorted runs into the output folder's ``.partial/``, under
names made of the run, the part number, the attempt number and the task id. What it sends back to
the driver is small: the names of its run files and its counts. The driver then merges the runs
by id with the local engine's merge (`engine.Collector` -> `writers.merge_records` /
`merge_errors`), so ``records.jsonl``, ``errors.jsonl`` and the summary counts are byte-identical
to a local run.

Retries and speculation: an attempt that fails (or is killed) may leave run files behind, and a
speculative copy may finish too, but Spark accepts one result per partition, and the driver merges
exactly the files that the accepted attempt named, checking that every part number comes back
once. Nothing is lost or doubled; the other attempts' files go with ``.partial/``.

On a cluster the output folder (its ``.partial/``) and the inputs must be on storage that the
driver and the executors both reach at the same paths (a shared or network file system), and the
executors' Python needs this package and its dependencies. A task that cannot see ``.partial/``
fails with a message saying so.
"""
from __future__ import annotations

import os
import sys
import threading
import time
import uuid
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterable, Iterator, Optional

from . import partition, readers, spark_cds
from .engine import Collector, Summary, _planned, write_summary
from .partition import KEY_BITS, PART_BYTES, TIME_LIMIT, Part
from .writers import RUN_SIZE, Runs

MAX_PART_BYTES = 64 << 20     # the largest part the automatic size picks (a typical HDFS block)
TASKS_PER_CORE = 8            # the automatic size aims at this many parts per executor core (each
                              # task costs ~0.1 s of scheduling; 16 per core cost more than the
                              # load balance gained on the corpus)
LOCAL_CONF = {                # what `context()` sets for a local[N] master, unless already set
    "spark.driver.host": "127.0.0.1",                 # nothing leaves the machine
    "spark.driver.bindAddress": "127.0.0.1",
    "spark.ui.enabled": "false",                      # a batch run: nobody looks at a web UI
    # the JVM only schedules tasks: the quick compiler and one GC thread start it in about half
    # the time and leave the cores to the Python workers
    # (plus the class-data archive's options, `spark_cds`, unless these options are set already)
    "spark.driver.extraJavaOptions": "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC",
    "spark.python.daemon.module": "extractors.spark_daemon",   # one pipeline, forked to the workers
}
JAVA_OPTIONS = "spark.driver.extraJavaOptions"
_POS_MASK = (1 << KEY_BITS) - 1


@dataclass
class Committed:
    """What one task attempt sends back to the driver: the part it did, which attempt it was, the
    names of its run files in ``.partial/`` and its counts (never the rows themselves)."""

    no: int
    attempt: int
    task_id: int
    record_runs: list
    error_runs: list
    abstracts: int
    reused: int
    errors: int
    files: list


class _SparkCollector(Collector):
    """The local engine's collector, fed with run files that Spark tasks wrote, not with rows."""

    def add_committed(self, c: Committed) -> None:
        self.records.paths.extend(self.partial / name for name in c.record_runs)
        self.errors.paths.extend(self.partial / name for name in c.error_runs)
        self.files.update(c.files)
        self.abstracts += c.abstracts
        self.reused += c.reused
        self.n_errors += c.errors


# ---------------------------------------------------------------- planning (driver)

def part_size(inputs: list[str], parallelism: int, part_mb: Optional[float] = None) -> int:
    """Bytes per part: `part_mb` when given; otherwise about `TASKS_PER_CORE` parts per core over
    the inputs' total size, within [`partition.PART_BYTES`, `MAX_PART_BYTES`]."""
    if part_mb:
        return max(1, int(part_mb * (1 << 20)))
    total = 0
    for entry in readers.expand(inputs):
        if not isinstance(entry, readers.InputError):
            try:
                total += entry[0].stat().st_size
            except OSError:
                pass
    return min(MAX_PART_BYTES, max(PART_BYTES, total // max(1, parallelism * TASKS_PER_CORE)))


def _shippable(part: Part) -> Part:
    """The part as a task needs it: an absolute path (executors do not share the driver's working
    directory), and for a batch of abstracts the driver read, only the range of positions."""
    if part.kind == "missing":
        return part
    part = replace(part, path=os.path.abspath(part.path))
    if part.kind == "items":
        first, last = part.items[0][0] & _POS_MASK, part.items[-1][0] & _POS_MASK
        part = replace(part, kind="slice", items=[], start=first, end=last + 1)
    return part


def _readable(part: Part) -> Part:
    """On the executor: a "slice" part read back into its abstracts (positions [start, end) of the
    whole-file read, with the same keys the planner gave them); the length limit is checked when
    the part is processed."""
    if part.kind != "slice":
        return part
    items = []
    for pos, item in enumerate(readers.read_file(Path(part.path), part.shown)):
        if pos >= part.end:
            break
        if pos >= part.start:
            items.append((partition.key(part.file_no, pos), item))
    return replace(part, kind="items", items=items)


# ---------------------------------------------------------------- tasks (executors)

def _task(index: int, parts: Iterator[Part], partial: str, run: str, settings, abstracts_done,
          run_size: int) -> Iterator[Committed]:
    """One Spark task: process its part(s) and write the rows as sorted runs named after the part,
    the attempt and the task; yield what was written."""
    from pyspark import TaskContext
    ctx = TaskContext.get()
    attempt, task_id = ctx.attemptNumber(), ctx.taskAttemptId()
    existing, time_limit, max_chars = settings.value
    folder = Path(partial)
    for part in parts:
        res = partition.process_part(_readable(part), existing, time_limit, max_chars)
        if not folder.is_dir():
            raise RuntimeError(f"{folder} is not there: the output folder must be on storage that "
                               f"the driver and every executor reach at the same path")
        name = f"spark-{run}-p{part.no:06d}-a{attempt}-t{task_id}"
        records = Runs(folder, f"{name}-rec", run_size=run_size)
        records.extend(res.rows)
        records.spill()
        errors = Runs(folder, f"{name}-err", errors=True, run_size=run_size)
        errors.extend(res.errors)
        errors.spill()
        abstracts_done.add(res.abstracts)
        yield Committed(part.no, attempt, task_id, [p.name for p in records.paths],
                        [p.name for p in errors.paths], res.abstracts, res.reused, len(res.errors),
                        sorted(res.files))


# ---------------------------------------------------------------- the run (driver)

def run(spark, inputs: Iterable[str], out_dir, part_mb: Optional[float] = None,
        resume: bool = False, time_limit: Optional[float] = TIME_LIMIT,
        max_chars: Optional[int] = None, progress: Optional[Callable[[int], None]] = None,
        part_bytes: Optional[int] = None) -> Summary:
    """Process `inputs` into `out_dir` on the cluster of `spark` (a SparkSession or SparkContext);
    returns the summary (also written as summary.json). `part_mb` sets the part size (default:
    about `TASKS_PER_CORE` parts per executor core, 1/4 MB to 64 MB); `part_bytes` does the same
    in bytes."""
    from functools import partial as bind

    t0 = time.perf_counter()
    sc = getattr(spark, "sparkContext", spark)
    out_dir = Path(out_dir).absolute()
    inputs = list(inputs)
    max_chars = max_chars or readers.MAX_CHARS
    cores = sc.defaultParallelism
    size = part_bytes or part_size(inputs, cores, part_mb)
    summary = Summary(inputs=inputs, workers=cores, engine="spark")
    col = _SparkCollector(out_dir, resume)
    try:
        parts = [_shippable(p) for p in _planned(inputs, size, max_chars, exclude=[out_dir])]
        if parts:
            settings = sc.broadcast((col.existing, time_limit, max_chars))
            done = sc.accumulator(0)
            task = bind(_task, partial=str(col.partial), run=uuid.uuid4().hex[:8], settings=settings,
                        abstracts_done=done, run_size=RUN_SIZE)
            rdd = sc.parallelize(parts, len(parts)).mapPartitionsWithIndex(task)
            with _Progress(done, progress):
                committed = rdd.collect()
            settings.destroy()
            for c in _one_per_part(committed, len(parts)):
                col.add_committed(c)
        col.finish(summary)
    except BaseException:
        col.interrupted()
        raise
    return write_summary(summary, out_dir, t0)


def _one_per_part(committed: list[Committed], n: int) -> list[Committed]:
    """The accepted attempt of every part, in part order; anything else is a bug, not data."""
    by_no: dict[int, Committed] = {}
    for c in committed:
        if c.no in by_no:
            raise RuntimeError(f"part {c.no} came back twice (attempts {by_no[c.no].attempt} and {c.attempt})")
        by_no[c.no] = c
    if sorted(by_no) != list(range(n)):
        missing = sorted(set(range(n)) - set(by_no))
        raise RuntimeError(f"parts missing from the Spark job's result: {missing[:10]}")
    return [by_no[i] for i in range(n)]


class _Progress:
    """Reports the abstracts done (a Spark accumulator, updated as tasks finish) to `progress`
    from a thread, while the driver waits for the job."""

    def __init__(self, accumulator, progress: Optional[Callable[[int], None]]) -> None:
        self.acc, self.progress = accumulator, progress
        self.reported = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._loop, name="extractors-spark-progress", daemon=True)

    def _report(self) -> None:
        value = self.acc.value
        if value > self.reported:
            self.progress(value - self.reported)
            self.reported = value

    def _loop(self) -> None:
        while not self.stop.wait(0.5):
            self._report()

    def __enter__(self) -> "_Progress":
        if self.progress:
            self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        if self.progress:
            self.stop.set()
            self.thread.join()
            if exc[0] is None:
                self._report()


def stop(sc) -> None:
    """Stop a SparkContext without waiting for pyspark's accumulator server. pyspark's
    `SparkContext.stop()` stops the JVM's context (about 0.05 s here) and then shuts that server
    down, whose request loop polls its socket once a second and whose accept loop twice: about 1 s
    of waiting at the end of every run. Here the server is told to stop, the context is stopped as
    pyspark does it, and the server's thread (a daemon) ends on its own within about 1.5 s (or
    with the process)."""
    server = getattr(sc, "_accumulatorServer", None)
    if server is not None:
        server.server_shutdown = True            # the request loop leaves at its next poll
        sc._accumulatorServer = None              # so that stop() does not wait for it
        threading.Thread(target=server.shutdown, name="extractors-spark-accumulator-stop",
                         daemon=True).start()
    sc.stop()


def context(master: Optional[str] = None, cores: Optional[int] = None):
    """A SparkContext for `extractors run --engine spark`: `master` when given, else the one that
    spark-submit configured, else ``local[cores or 2]``. The engine only needs RDDs: a bare
    context starts the JVM with about half the CPU of a SparkSession (no SQL catalogue). On a local
    master the executors' Python is this one (unless PYSPARK_PYTHON says otherwise), the driver
    listens on 127.0.0.1 only, there is no web UI, the Python daemon builds the pipeline once
    before it forks the workers (`extractors.spark_daemon`), and the driver's JVM maps a
    class-data archive of Spark's classes (`extractors.spark_cds`: recorded by the first such run
    on the machine); settings that spark-submit gave win over these."""
    import pyspark
    from pyspark import SparkConf, SparkContext

    if os.environ.get("PYSPARK_GATEWAY_PORT"):
        # under spark-submit its JVM already runs: connect first, so that the conf below holds
        # spark-submit's settings (its master among them) rather than a local[2] default
        SparkContext._ensure_initialized()
    conf = SparkConf()
    if not master and not conf.contains("spark.master"):
        master = f"local[{cores or 2}]"
    if master:
        conf.setMaster(master)
    conf.setIfMissing("spark.app.name", "extractors")
    conf.setIfMissing("spark.ui.showConsoleProgress", "false")
    if conf.get("spark.master").startswith("local"):
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        for key, value in LOCAL_CONF.items():
            if key == JAVA_OPTIONS and not conf.contains(key) and SparkContext._active_spark_context is None:
                value = f"{value} {spark_cds.options(pyspark.__version__)}".rstrip()  # the JVM starts now
            conf.setIfMissing(key, value)
    return SparkContext.getOrCreate(conf)


__all__ = ["Committed", "context", "part_size", "run", "stop"]
