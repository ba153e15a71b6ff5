"""What the entity typer costs: seconds per 1,000 corpus abstracts of `tail_candidates` and
`entity_typer` (components/tail.py, components/entity_typer.py), timed on their own.

    python benchmarks/typer_cost.py [--corpus ../shared/corpus/abstracts.jsonl] [--limit 1000] [--repeat 3]

Runs the pipeline on the first `--limit` corpus abstracts up to the resolver (`entities`), then
times the two components over the same Docs (the best of `--repeat` passes: the machine is
shared), and the whole pipeline's time per 1,000 abstracts for scale.
"""
from __future__ import annotations

import argparse
import copy
import json
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "abstracts.jsonl"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default=str(DEFAULT_CORPUS))
    ap.add_argument("--limit", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    from extractors.normalize import normalize
    from extractors.pipeline import Extractor, build_nlp
    texts = []
    with open(args.corpus, encoding="utf-8") as fh:
        for line in fh:
            obj = json.loads(line)
            texts.append(obj.get("abstract") or obj.get("text") or "")
            if len(texts) >= args.limit:
                break
    ex = Extractor(build_nlp())
    t0 = time.perf_counter()
    docs = []
    for t in texts:
        doc = ex._make_doc(normalize(t))
        for name, proc in ex.nlp.pipeline:
            doc = proc(doc)
            if name == "entities":
                break
        docs.append(doc)
    before = time.perf_counter() - t0
    tail, typer = ex.nlp.get_pipe("tail_candidates"), ex.nlp.get_pipe("entity_typer")
    best_tail = best_typer = float("inf")
    for _ in range(args.repeat):
        work = [(d, copy.copy(d._.entities), list(d._.held_metrics or [])) for d in docs]
        t_tail = t_typer = 0.0
        for d, ents, held in work:
            d._.entities, d._.held_metrics = list(ents), list(held)
            a = time.perf_counter()
            tail(d)
            b = time.perf_counter()
            typer(d)
            t_tail += b - a
            t_typer += time.perf_counter() - b
        best_tail, best_typer = min(best_tail, t_tail), min(best_typer, t_typer)
    per = 1000 / len(docs)
    print(f"{len(docs)} abstracts; seconds per 1,000 abstracts: tail_candidates {best_tail * per:.3f}, "
          f"entity_typer {best_typer * per:.3f}, both {(best_tail + best_typer) * per:.3f}; "
          f"the pipeline up to the resolver {before * per:.2f}")


if __name__ == "__main__":
    main()
