"""Per-field scores on the held-out annotations, with the rules / NER / both ablation.

    python benchmarks/heldout.py [--gold data/annotations/part_4.jsonl] [--markdown]

data/annotations/part_4.jsonl (50 corpus abstracts) was annotated like the rest but never used
for training the NER nor for writing rules. The script runs the pipeline three times — entity
evidence from the rules only, from the NER only, and from both (the shipped configuration) — and
prints F1 per field for each (acronyms, results, bounds and urls do not depend on the choice),
and the shipped configuration with the learned entity typer off (its ablation). A second table
gives, for the shipped configuration, precision, recall and F1 of the entity fields when only the
entities the typer is at least so sure of are kept (their `confidence`; at 0 every entity). Abstracts
that fail are named on stderr and counted under the table (gold_records.py); any failure exits 1.
"""
from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from gold_records import report_failures, write_records

ROOT = Path(__file__).resolve().parent.parent
FIELDS = ["systems", "proposed", "data", "metrics", "tasks", "methods", "models", "datasets", "benchmarks",
          "results", "leaderboard", "acronyms", "bounds", "urls"]
ATTRS = ["results.metric", "results.subject", "results.dataset"]
ENTITY_GROUPS = {"systems": ("methods", "models"), "data": ("datasets", "benchmarks"), "metrics": ("metrics",),
                 "tasks": ("tasks",), "models": ("models",)}
THRESHOLDS = (0.0, 0.5, 0.7, 0.9)


def scores(gold: Path, mode: str, typer: str = "both", by_confidence: bool = False) -> tuple[dict, int]:
    """(F1 per field, number of abstracts that failed) for one configuration; with
    `by_confidence`, also "by_confidence": {threshold: {field: (precision, recall, F1)}}."""
    from extractors.evaluate import evaluate, field_f1, load, score
    from extractors.pipeline import Extractor, build_nlp
    ex = Extractor(build_nlp(entity_evidence=mode, typer=typer))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "records.jsonl"
        failures = write_records(ex, [gold], out)
        figures = field_f1(evaluate(gold, out))
        if by_confidence:
            golds, preds = load(gold), load(out)
            figures["by_confidence"] = {}
            for t in THRESHOLDS:
                kept = [dict(r, **{f: [e for e in r.get(f) or [] if (e.get("confidence") or 0.0) >= t]
                                   for g in ENTITY_GROUPS.values() for f in g}) for r in preds]
                fields = score(golds, kept).fields
                figures["by_confidence"][t] = {f: fields[f].prf() for f in ENTITY_GROUPS}
        return figures, failures


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gold", type=Path, default=ROOT / "data" / "annotations" / "part_4.jsonl")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args()
    runs = {mode: scores(args.gold, mode, by_confidence=mode == "both") for mode in ("rules", "ner", "both")}
    runs["both, typer off"] = scores(args.gold, "both", typer="rules")
    table = {m: figures for m, (figures, _) in runs.items()}
    cols = ("rules", "ner", "both", "both, typer off")
    print("| field | rules only | NER only | both | both, typer off |\n|---|---|---|---|---|")
    for f in FIELDS + ATTRS:
        cells = [table[m].get(f) for m in cols]
        print(f"| {f} | " + " | ".join("-" if c is None else f"{c:.3f}" for c in cells) + " |")
    print("\nentities kept by least confidence (both): precision / recall / F1\n| min confidence | "
          + " | ".join(ENTITY_GROUPS) + " |\n|---:|" + "---|" * len(ENTITY_GROUPS))
    for t, fields in table["both"]["by_confidence"].items():
        print(f"| {t:.1f} | " + " | ".join(" / ".join("-" if x is None else f"{x:.3f}" for x in fields[f])
                                            for f in ENTITY_GROUPS) + " |")
    if args.json:
        args.json.write_text(json.dumps(table, indent=2) + "\n")
    report_failures(max(failures for _, failures in runs.values()))


if __name__ == "__main__":
    main()
