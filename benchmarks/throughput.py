"""Throughput and memory of `extractors run` on the corpus.

    python benchmarks/throughput.py [--corpus ../shared/corpus/abstracts.jsonl] [--limit N]

Prints abstracts per second for the whole run (reading, normalising, spaCy pipeline, writing)
with 1 and 2 worker processes, beside spaCy's blank-tokenizer-only throughput on the same texts
in the same run, and the peak RSS of each configuration (the largest process, and the sum over
the workers). Each configuration runs in a fresh child process, pipeline loading included.
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


def child(mode: str, corpus: str, limit: int, workers: int) -> None:
    texts_file = corpus
    t0 = time.perf_counter()
    if mode == "tokenizer":
        import spacy
        nlp = spacy.blank("en")
        texts = [json.loads(l)["abstract"] for l in open(corpus, encoding="utf-8")][:limit]
        t0 = time.perf_counter()
        n = sum(1 for _ in nlp.pipe(texts, batch_size=256))
    else:
        from extractors import engine
        with tempfile.TemporaryDirectory() as tmp:
            summary = engine.run([texts_file], Path(tmp) / "out", workers=workers)
            n = summary.abstracts_read
    secs = time.perf_counter() - t0
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(json.dumps({"n": n, "seconds": secs, "rss_self_mb": own / 1024, "rss_children_max_mb": kids / 1024}))


def measure(mode: str, corpus: Path, limit: int, workers: int = 1) -> dict:
    res = subprocess.run([sys.executable, __file__, "--child", mode, "--corpus", str(corpus), "--limit",
                          str(limit), "--workers", str(workers)], capture_output=True, text=True, check=True)
    return json.loads(res.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--limit", type=int, default=0, help="use the first N abstracts (0: all)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--child", choices=["tokenizer", "pipeline"])
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
    rows = [("spaCy blank tokenizer only", measure("tokenizer", corpus, args.limit or 10 ** 9)),
            ("extractors run, 1 worker", measure("pipeline", corpus, 0, 1)),
            ("extractors run, 2 workers", measure("pipeline", corpus, 0, 2))]
    print(f"corpus: {corpus} ({rows[0][1]['n']} abstracts)")
    print(f"{'configuration':<30}{'abstracts/s':>12}{'seconds':>10}{'peak RSS MB (main / worker)':>30}")
    for name, r in rows:
        print(f"{name:<30}{r['n'] / r['seconds']:>12.1f}{r['seconds']:>10.1f}"
              f"{r['rss_self_mb']:>18.0f} / {r['rss_children_max_mb']:.0f}")


if __name__ == "__main__":
    main()
