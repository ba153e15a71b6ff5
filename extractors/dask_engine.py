"""The Dask engine: the same pipeline on a Dask distributed cluster.

    extractors run INPUT... -o DIR --engine dask [--scheduler tcp://host:8786]

Without ``--scheduler`` a `LocalCluster` of ``--workers`` processes (one thread each) is started
and stopped (`local_cluster`: on Linux its worker processes are forked from this one). The inputs are planned into parts as in the local engine (`partition.plan`: byte
ranges of large JSONL files, other files whole); each part is one task, read and processed on a
worker, which builds the spaCy pipeline once (`partition.warm_up`, run by a worker plugin at
worker start, then cached; built afresh every `partition.RENEW_AFTER` abstracts to bound memory). The rows come back to this process, which writes
them as sorted runs and merges them by id (`engine.Collector`), so the records are byte-identical
to the local engine's. A worker that dies has its tasks run again elsewhere by Dask; a part's rows
are taken once, from whichever attempt finishes, so nothing is lost or doubled.

On an existing cluster, the workers must see the input files at the same paths as this process
(a shared file system) and have this package installed; the output folder is written here only.
"""
from __future__ import annotations

import threading
import time
import uuid
from pathlib import Path
from typing import Callable, Iterable, Optional

from . import partition, readers
from .engine import Collector, Summary, _planned, usable_workers, write_summary
from .partition import PART_BYTES, TIME_LIMIT, Existing, Part, PartResult


def _task(part: Part, existing: Optional[Existing], time_limit: Optional[float],
          max_chars: int) -> PartResult:
    return partition.process_part(part, existing, time_limit, max_chars)


def _plugin(own_workers: bool):
    """The worker plugin; `own_workers`: the workers are this run's own (a LocalCluster it started
    and stops), which do nothing but extraction, so their garbage collector is tuned as the local
    engine's workers' is (`partition.TUNE_GC`; on the corpus, 5 alternating runs: paired wall-time
    ratio 0.95, within this host's noise); a cluster that was given is left as it is."""
    from distributed.diagnostics.plugin import WorkerPlugin

    class BuildPipeline(WorkerPlugin):
        """Builds the spaCy pipeline when a worker starts (and when a restarted one comes back)."""

        name = "extractors-pipeline"

        def __init__(self, tune_gc: bool) -> None:
            self.tune_gc = tune_gc

        def setup(self, worker) -> None:
            if self.tune_gc:
                partition.TUNE_GC = True
            threading.Thread(target=partition.warm_up, name="extractors-warm-up", daemon=True).start()

    return BuildPipeline(own_workers)


#: how a LocalCluster's nannies start their worker processes, where the platform allows: "fork"
#: copies this process (the package already imported) instead of starting a fresh interpreter
#: that imports Dask, this package and spaCy again ("spawn", Dask's default): two workers on the
#: corpus took 11.4 s instead of 13.0 s (benchmarks/throughput.py, best of 3; two local workers
#: 10.9 s). Kept when Dask's configuration names another method.
LOCAL_START_METHOD = "fork"


#: Dask settings for the workers of a LocalCluster this package starts, whose processes do nothing
#: but extraction: no statistical profiler (it samples the task thread's stack every 10 ms, taking
#: the interpreter lock each time), the memory monitor and the event loop's watchdog tick once a
#: second instead of every 100 ms and 20 ms. The corpus on 2 workers, 4 alternating whole-process
#: runs after a warm-up: wall time 0.886 (0.826-0.939) of Dask's defaults, CPU 0.898; the profiler
#: alone off, 1.049 of these three. A cluster that was given (``--scheduler``) is left as it is.
OWN_CLUSTER_CONFIG = {
    "distributed.worker.profile.enabled": False,
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.tick.interval": "1s",
}


def local_cluster(workers: int):
    """The LocalCluster of `run` without a scheduler: `workers` processes of one thread each, no
    dashboard, worker processes forked (`LOCAL_START_METHOD`) on Linux unless Dask is configured
    otherwise, set up as `OWN_CLUSTER_CONFIG` says."""
    import multiprocessing
    import sys

    import dask
    from distributed import LocalCluster

    key = "distributed.worker.multiprocessing-method"
    method = dask.config.get(key)
    if (method == "spawn" and sys.platform.startswith("linux")
            and LOCAL_START_METHOD in multiprocessing.get_all_start_methods()):
        method = LOCAL_START_METHOD
    with dask.config.set({key: method, **OWN_CLUSTER_CONFIG}):
        return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0")


def run(inputs: Iterable[str], out_dir: Path, scheduler: Optional[str] = None, workers: int = 2,
        progress: Optional[Callable[[int], None]] = None, resume: bool = False,
        time_limit: Optional[float] = TIME_LIMIT, part_bytes: int = PART_BYTES,
        max_chars: Optional[int] = None, client=None) -> Summary:
    """Process `inputs` into `out_dir` on a Dask cluster; returns the summary."""
    from distributed import Client, as_completed

    t0 = time.perf_counter()
    out_dir = Path(out_dir)
    inputs = list(inputs)
    max_chars = max_chars or readers.MAX_CHARS
    cluster = None
    own_client = client is None
    col = Collector(out_dir, resume)   # first: a busy or unusable output folder stops the run at once
    try:
        if client is None:
            if scheduler:
                client = Client(scheduler)
            else:
                cluster = local_cluster(usable_workers(workers))
                client = Client(cluster)
        client.register_plugin(_plugin(own_workers=cluster is not None))
        nthreads = sum(client.nthreads().values()) or workers
        summary = Summary(inputs=inputs, workers=len(client.nthreads()) or workers, engine="dask")
        existing = client.scatter(col.existing, broadcast=True) if col.existing is not None else None
        run_id = uuid.uuid4().hex[:8]
        parts = _planned(inputs, part_bytes, max_chars, exclude=[out_dir])
        window = as_completed()

        def submit() -> bool:
            part = next(parts, None)
            if part is None:
                return False
            window.add(client.submit(_task, part, existing, time_limit, max_chars,
                                     key=f"extractors-{run_id}-part-{part.no}", pure=False, retries=1))
            return True

        for _ in range(max(2, nthreads * 3)):
            if not submit():
                break
        for future in window:
            res = future.result()
            future.release()
            col.add(res)
            if progress:
                progress(res.abstracts)
            submit()
        col.finish(summary)
    except BaseException:
        col.interrupted()
        raise
    finally:
        if own_client and client is not None:
            client.close()
            if cluster is not None:
                cluster.close()
    return write_summary(summary, out_dir, t0)
