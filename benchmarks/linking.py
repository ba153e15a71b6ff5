"""Result linking scores (issue 12): results, their metric / subject / dataset, kind, unit,
qualifier and leaderboard rows, per linker mode.

    python benchmarks/linking.py --gold data/results/dev_0.jsonl ... [--modes rules learned both]

Modes: ``rules`` (the rule linker alone), ``learned`` (the trained link scorer without the
rules' choice among its features), ``both`` (the shipped configuration: the scorer with the rules'
choice as one feature). For the modes with a model, a second table gives the leaderboard rows kept
at each least `confidence` (`extractors leaderboard --min-confidence`): rows, precision, recall and
F1 against the gold rows, as the scorer counts them. Entity fields are not reported: the results-scope files annotate only the
entities that results name (docs/ANNOTATION.md). Held-out files (``heldout_*``, ``part_4``) are
scored only at milestones. Abstracts that fail are named on stderr and counted under the table
(gold_records.py); any failure exits 1.
"""
from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from gold_records import report_failures, write_records

ROOT = Path(__file__).resolve().parent.parent
FIELDS = ["results", "leaderboard", "results.metric", "results.subject", "results.dataset",
          "results.kind", "results.unit", "results.qualifier"]
THRESHOLDS = (0.0, 0.3, 0.5, 0.7, 0.9)


def scores(gold_files: list[Path], linker: str) -> tuple[dict, int, list]:
    """(F1 per field, number of abstracts that failed, leaderboard figures per least confidence:
    [(threshold, rows kept, precision, recall, F1)], empty for the rules) for one linker mode."""
    from extractors.evaluate import field_f1, load, score
    from extractors.pipeline import Extractor, build_nlp
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "records.jsonl"
        failures = write_records(Extractor(build_nlp(linker=linker)), gold_files, out)
        gold = [r for g in gold_files for r in load(g)]
        preds = load(out)
        by_confidence = []
        if linker != "rules":
            for t in THRESHOLDS:
                kept = [dict(r, leaderboard=[row for row in r.get("leaderboard") or []
                                             if (row.get("confidence") or 0.0) >= t]) for r in preds]
                tally = score(gold, kept).fields["leaderboard"]
                p, rc, f = tally.prf()
                by_confidence.append((t, tally.tp + tally.fp, p, rc, f))
        return field_f1(score(gold, preds)), failures, by_confidence


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gold", type=Path, nargs="+", required=True)
    ap.add_argument("--modes", nargs="+", default=["rules", "learned", "both"])
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args()
    runs = {m: scores(args.gold, m) for m in args.modes}
    table = {m: figures for m, (figures, _, _) in runs.items()}
    print("| field | " + " | ".join(args.modes) + " |\n|---|" + "---|" * len(args.modes))
    for f in FIELDS:
        cells = [table[m].get(f) for m in args.modes]
        print(f"| {f} | " + " | ".join("-" if c is None else f"{c:.3f}" for c in cells) + " |")
    for m, (_, _, by_confidence) in runs.items():
        if not by_confidence:
            continue
        print(f"\nleaderboard rows by least confidence ({m})\n| min confidence | rows | precision | recall | F1 |"
              "\n|---:|---:|---:|---:|---:|")
        for t, n, p, r, f in by_confidence:
            print(f"| {t:.1f} | {n} | " + " | ".join("-" if x is None else f"{x:.3f}" for x in (p, r, f)) + " |")
        table[m]["leaderboard_by_confidence"] = [dict(zip(("min_confidence", "rows", "precision", "recall", "f1"), row))
                                                 for row in by_confidence]
    if args.json:
        args.json.write_text(json.dumps(table, indent=2) + "\n")
    report_failures(max(failures for _, failures, _ in runs.values()))


if __name__ == "__main__":
    main()
