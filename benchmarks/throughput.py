"""Throughput and memory of `extractors run` on the corpus.

    python benchmarks/throughput.py [--corpus ../shared/corpus/abstracts.jsonl] [--limit N]

Prints abstracts per second for the whole run (reading, normalising, spaCy pipeline, writing)
with 1 and 2 local worker processes, on a 2-worker Dask LocalCluster (``--engine dask``,
the cluster's start and close included) and with ``--spark`` under Spark local[2] (the JVM's start and the context's
stop included), beside spaCy's blank-tokenizer-only throughput on the same texts in the
same run, and the peak RSS of each configuration (the main process, and the largest worker).
Each configuration runs in a fresh child process, pipeline loading included; `--repeat N` runs
N rounds of every configuration in turn and reports the best of each, every run, and the ratios
within each round (the machine is shared: the best run is the least disturbed, and runs of the
same round saw similar load). For Spark it also shows the context's start (the JVM) apart from
the job that follows it, and whether the driver's JVM mapped its class-data archive (a run
after the first on the machine), recorded it (the first run) or had it off (`EXTRACTORS_SPARK_CDS=0`).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "abstracts.jsonl"


def child(mode: str, corpus: str, limit: int, workers: int) -> None:
    dask_rss = None
    extra = {}
    texts_file = corpus
    t0 = time.perf_counter()
    if mode == "tokenizer":
        import spacy
        nlp = spacy.blank("en")
        texts = [json.loads(l)["abstract"] for l in open(corpus, encoding="utf-8")][:limit]
        t0 = time.perf_counter()
        n = sum(1 for _ in nlp.pipe(texts, batch_size=256))
    elif mode == "spark":
        from extractors import spark
        sc = spark.context(f"local[{workers}]")       # JVM start included, as for dask
        started = time.perf_counter() - t0
        java = sc.getConf().get("spark.driver.extraJavaOptions") or ""
        cds = ("mapped" if "SharedArchiveFile=" in java else "recorded" if "ArchiveClassesAtExit=" in java
               else "off")                            # the driver JVM's class-data archive (spark_cds)
        extra = {"start_seconds": started, "start_cpu": _tree_cpu(os.getpid()), "cds": cds}
        with tempfile.TemporaryDirectory() as tmp:
            summary = spark.run(sc, [texts_file], Path(tmp) / "out")
            n = summary.abstracts_read
            cpu = _tree_cpu(os.getpid())      # driver, JVM, Python daemon and workers
            dask_rss = max(_vm_hwm(sc._gateway.proc.pid), 0)  # the driver's JVM
            spark.stop(sc)                    # the context's stop included, as `--engine spark` does it
            secs = time.perf_counter() - t0
    elif mode == "dask":
        from extractors import dask_engine
        from distributed import Client
        with tempfile.TemporaryDirectory() as tmp:
            with dask_engine.local_cluster(workers) as cluster, Client(cluster) as client:
                summary = dask_engine.run([texts_file], Path(tmp) / "out", client=client)
                n = summary.abstracts_read
                cpu = _tree_cpu(os.getpid())  # this process, the nannies and the workers
                dask_rss = max(client.run(_peak_rss).values())
            secs = time.perf_counter() - t0   # the cluster's close included, as `--engine dask` does it
    else:
        from extractors import engine, partition
        with tempfile.TemporaryDirectory() as tmp, partition.extraction_only():   # as `extractors run` does
            summary = engine.run([texts_file], Path(tmp) / "out", workers=workers)
            n = summary.abstracts_read
    if mode not in ("dask", "spark"):
        secs = time.perf_counter() - t0
        cpu = _tree_cpu(os.getpid())          # this process and its finished workers
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = dask_rss if dask_rss is not None else resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(json.dumps({"n": n, "seconds": secs, "cpu_seconds": cpu, "rss_self_mb": own / 1024,
                      "rss_children_max_mb": kids / 1024, **extra}))


def _tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) of a process, of its children that it has reaped, and of its
    live descendants."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total = sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")
        kids = [int(c) for t in Path(f"/proc/{pid}/task").iterdir() for c in (t / "children").read_text().split()]
    except OSError:                       # gone meanwhile
        return 0.0
    return total + sum(_tree_cpu(k) for k in kids)


def _peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _vm_hwm(pid: int) -> int:
    """Peak RSS (kB) of a live process."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def measure(mode: str, corpus: Path, limit: int, workers: int = 1) -> dict:
    """One run of a configuration in a fresh child process."""
    res = subprocess.run([sys.executable, __file__, "--child", mode, "--corpus", str(corpus), "--limit",
                          str(limit), "--workers", str(workers)], capture_output=True, text=True, check=True)
    return json.loads(res.stdout.strip().splitlines()[-1])


def _load() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--limit", type=int, default=0, help="use the first N abstracts (0: all)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=1, help="rounds of every configuration; the best of each is shown")
    ap.add_argument("--no-dask", action="store_true", help="skip the Dask LocalCluster configuration")
    ap.add_argument("--spark", action="store_true", help="add Spark local[2] (extra spark, Java 17+); "
                                                         "the worker column is then the driver's JVM")
    ap.add_argument("--child", choices=["tokenizer", "pipeline", "dask", "spark"])
    args = ap.parse_args()
    corpus = args.corpus
    if args.child:
        child(args.child, str(corpus), args.limit or 10 ** 9, args.workers)
        return
    if args.limit:
        tmp = Path(tempfile.mkdtemp()) / "corpus.jsonl"
        with open(corpus, encoding="utf-8") as src, open(tmp, "w", encoding="utf-8") as dst:
            for i, line in enumerate(src):
                if i >= args.limit:
                    break
                dst.write(line)
        corpus = tmp
    configs = [("spaCy blank tokenizer only", "tokenizer", args.limit or 10 ** 9, 1),
               ("extractors run, 1 worker", "pipeline", 0, 1),
               ("extractors run, 2 workers", "pipeline", 0, 2)]
    if not args.no_dask:
        configs.append(("--engine dask, 2 workers", "dask", 0, 2))
    if args.spark:
        configs.append(("--engine spark, local[2]", "spark", 0, 2))
    # rounds: every configuration once per round, in turn, so that each round's figures share
    # the machine's load (it is shared: the best run of each is the least disturbed)
    runs: dict[str, list] = {name: [] for name, *_ in configs}
    loads = []
    for _ in range(args.repeat):
        loads.append(_load())
        for name, mode, limit, workers in configs:
            runs[name].append(measure(mode, corpus, limit, workers))
    best = {name: min(rs, key=lambda r: r["seconds"]) for name, rs in runs.items()}
    print(f"corpus: {corpus} ({best[configs[0][0]]['n']} abstracts); load average at each round's "
          f"start: {loads}")
    print(f"{'configuration':<30}{'abstracts/s':>12}{'seconds':>10}{'CPU s':>8}{'peak RSS MB (main / worker)':>30}"
          f"   all runs (s), in round order")
    for name, *_ in configs:
        r = best[name]
        print(f"{name:<30}{r['n'] / r['seconds']:>12.1f}{r['seconds']:>10.1f}{r['cpu_seconds']:>8.1f}"
              f"{r['rss_self_mb']:>18.0f} / {r['rss_children_max_mb']:.0f}"
              f"   {[round(x['seconds'], 1) for x in runs[name]]}")
    print("(CPU s: user + system of every process of the run, the best run's; the machine's load "
          "stretches seconds far more than CPU)")
    one, two = runs["extractors run, 1 worker"], runs["extractors run, 2 workers"]
    best_one = best["extractors run, 1 worker"]["seconds"]
    print(f"2 workers / 1 worker: {best_one / best['extractors run, 2 workers']['seconds']:.2f}x best to best;"
          f" per round {[round(a['seconds'] / b['seconds'], 2) for a, b in zip(one, two)]}")
    if args.spark:
        spark = runs["--engine spark, local[2]"]
        print(f"Spark local[2] / 1 worker (whole process, JVM start included): "
              f"{best_one / best['--engine spark, local[2]']['seconds']:.2f}x best to best;"
              f" per round {[round(a['seconds'] / b['seconds'], 2) for a, b in zip(one, spark)]}")
        print(f"  of which the Spark context's start (JVM) per round (s): "
              f"{[round(r['start_seconds'], 1) for r in spark]} (CPU {[round(r['start_cpu'], 1) for r in spark]}); "
              f"the job after it (plan, tasks, merge, the context's stop) {[round(r['seconds'] - r['start_seconds'], 1) for r in spark]}"
              f" (CPU {[round(r['cpu_seconds'] - r['start_cpu'], 1) for r in spark]})")
        print(f"  the driver JVM's class-data archive (extractors/spark_cds.py) per round: "
              f"{[r.get('cds') for r in spark]} (recorded: the first run on this machine, which writes it)")
        print(f"  1 worker / Spark job alone (start excluded), per round: "
              f"{[round(a['seconds'] / (b['seconds'] - b['start_seconds']), 2) for a, b in zip(one, spark)]}")


if __name__ == "__main__":
    main()
