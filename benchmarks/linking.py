"""Result linking scores (issue 12): results, their metric / subject / dataset, kind, unit,
qualifier and leaderboard rows, per linker mode.

    python benchmarks/linking.py --gold data/results/dev_0.jsonl ... [--modes rules learned both]

Modes: ``rules`` (the rule linker alone), ``learned`` (the trained link scorer without the
rules' choice among its features), ``both`` (the shipped configuration: the scorer with the rules'
choice as one feature). Entity fields are not reported: the results-scope files annotate only the
entities that results name (docs/ANNOTATION.md). Held-out files (``heldout_*``, ``part_4``) are
scored only at milestones.
"""
from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIELDS = ["results", "leaderboard", "results.metric", "results.subject", "results.dataset",
          "results.kind", "results.unit", "results.qualifier"]


def records_for(gold_files: list[Path], linker: str, out: Path) -> None:
    from extractors.pipeline import Extractor, build_nlp
    from extractors.readers import read_inputs
    ex = Extractor(build_nlp(linker=linker))
    with open(out, "w", encoding="utf-8") as fh:
        for o in ex.process(a for a in read_inputs([str(g) for g in gold_files]) if not hasattr(a, "reason")):
            if o.record:
                fh.write(o.record.model_dump_json() + "\n")


def scores(gold_files: list[Path], linker: str) -> dict:
    from extractors.evaluate import field_f1, load, score
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "records.jsonl"
        records_for(gold_files, linker, out)
        gold = [r for g in gold_files for r in load(g)]
        return field_f1(score(gold, load(out)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gold", type=Path, nargs="+", required=True)
    ap.add_argument("--modes", nargs="+", default=["rules", "learned", "both"])
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args()
    table = {m: scores(args.gold, m) for m in args.modes}
    print("| field | " + " | ".join(args.modes) + " |\n|---|" + "---|" * len(args.modes))
    for f in FIELDS:
        cells = [table[m].get(f) for m in args.modes]
        print(f"| {f} | " + " | ".join("-" if c is None else f"{c:.3f}" for c in cells) + " |")
    if args.json:
        args.json.write_text(json.dumps(table, indent=2) + "\n")


if __name__ == "__main__":
    main()
