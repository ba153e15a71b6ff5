"""Peak memory of `extractors run` as the input grows: flat, not proportional to the input.

    python benchmarks/memory.py [--sizes 5000,50000] [--workers 2] [--engine local|dask|spark]

For each size N, writes N abstracts (the corpus repeated, each copy with its own ids and a
distinguishing last sentence, so every abstract is a distinct record and the external sort and
merge really work on N records) and runs the whole command in a fresh child process. Prints the
peak RSS of the main process and of the largest worker, their sum, and the ratio of each size's
figures to the first size's. With ``--engine spark`` (a local[workers] master) the main process is
the Python driver, and the driver's JVM is reported beside it (its peak RSS, VmHWM).
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "abstracts.jsonl"


def corpus_rows(corpus: Path) -> list[dict]:
    if corpus.exists():
        return [json.loads(line) for line in corpus.read_text(encoding="utf-8").splitlines()]
    rows = []
    for f in sorted((ROOT / "data" / "annotations" / "batches").glob("batch_*.jsonl")):
        for line in f.read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            rows.append({"id": r.get("id"), "title": r.get("title"), "abstract": r.get("text") or r.get("abstract")})
    return rows


def write_input(rows: list[dict], n: int, path: Path) -> None:
    with open(path, "w", encoding="utf-8") as out:
        for i in range(n):
            r = dict(rows[i % len(rows)])
            copy = i // len(rows)
            if copy:
                r["id"] = f"{r.get('id')}-v{copy}"
                r["abstract"] = f"{r['abstract']} This is variant {copy} of the abstract."
            out.write(json.dumps(r, ensure_ascii=False) + "\n")


def child(inp: str, out: str, workers: int, engine_name: str) -> None:
    t0 = time.perf_counter()
    worker_rss = 0
    extra = {}
    if engine_name == "spark":
        from extractors import spark
        sc = spark.context(f"local[{workers}]")
        summary = spark.run(sc, [inp], Path(out))
        jvm = sc._gateway.proc.pid
        extra["jvm_mb"] = _vm_hwm(jvm) / 1024
        worker_rss = max([_vm_hwm(pid) for pid in _descendants(jvm)
                          if b"pyspark" in Path(f"/proc/{pid}/cmdline").read_bytes()] or [0])
        sc.stop()
    elif engine_name == "dask":
        from distributed import Client
        from extractors import dask_engine
        with dask_engine.local_cluster(workers) as cluster, Client(cluster) as client:
            summary = dask_engine.run([inp], Path(out), client=client)
            worker_rss = max(client.run(_peak_rss).values())
    else:
        from extractors import engine
        summary = engine.run([inp], Path(out), workers=workers)
        worker_rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(json.dumps({"n": summary.abstracts_read, "records": summary.records_written,
                      "seconds": time.perf_counter() - t0,
                      "main_mb": _peak_rss() / 1024, "worker_mb": worker_rss / 1024, **extra}))


def _vm_hwm(pid: int) -> int:
    """Peak RSS (kB) of a live process."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def _descendants(pid: int) -> list[int]:
    kids = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if ppid == pid:
                kids.append(int(d.name))
    return kids + [g for k in kids for g in _descendants(k)]


def _peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--sizes", default="5000,50000")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--engine", choices=["local", "dask", "spark"], default="local")
    ap.add_argument("--child", nargs=2, metavar=("INPUT", "OUT"))
    args = ap.parse_args()
    if args.child:
        child(args.child[0], args.child[1], args.workers, args.engine)
        return
    rows = corpus_rows(args.corpus)
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(s) for s in args.sizes.split(",")):
            inp = Path(tmp) / f"in-{n}.jsonl"
            write_input(rows, n, inp)
            res = subprocess.run([sys.executable, __file__, "--workers", str(args.workers), "--engine",
                                  args.engine, "--child", str(inp), str(Path(tmp) / f"out-{n}")],
                                 capture_output=True, text=True, check=True)
            r = json.loads(res.stdout.strip().splitlines()[-1])
            results.append(r)
            inp.unlink()
            print(f"{n:>8} abstracts ({r['records']} records) in {r['seconds']:.0f}s: peak RSS main "
                  f"{r['main_mb']:.0f} MB, largest worker {r['worker_mb']:.0f} MB, "
                  f"sum {r['main_mb'] + r['worker_mb'] * max(1, args.workers if r['worker_mb'] else 0):.0f} MB"
                  + (f", driver JVM {r['jvm_mb']:.0f} MB" if "jvm_mb" in r else ""), flush=True)
    base = results[0]
    for r in results[1:]:
        print(f"{r['n']} vs {base['n']}: main x{r['main_mb'] / base['main_mb']:.2f}"
              + (f", worker x{r['worker_mb'] / base['worker_mb']:.2f}" if base["worker_mb"] else "")
              + (f", driver JVM x{r['jvm_mb'] / base['jvm_mb']:.2f}" if "jvm_mb" in base else ""))


if __name__ == "__main__":
    main()
