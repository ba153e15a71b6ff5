"""Which margin should the entity typer use? Field F1, cross-validated, for a grid of one margin.

    python benchmarks/typer_margins.py [--vary add:METRIC 1e9 2 1 0.5] [--vary retype 0.5 1.5 ...]
                                       # needs scikit-learn (pip install 'extractors[train]')

`extractors train --component typer` decides with fixed margins (`train_typer.FIXED_MARGINS`,
`entity_typer.choose`) and reports beside them what a search over the candidates' typed F1 would
pick (`pick_margins`). That search weighs every class alike and counts each candidate once, while
users see the fields the shared scorer scores (optional names, aliases, one name per entity). This
script answers the question the fixed margins were chosen by: it trains the typer's five fold
models exactly as the training does (`train_typer.labelled`, `fit`, `fit_role`, the same folds,
each record run with a NER that never saw it), then, first at the fixed margins and then for each
value of each margin named by `--vary` (the others at their fixed values), runs every record with
the model of the fold that left it out (`train_typer.fold_models`, `out_of_fold_records`, as the
training's cross-validation does) and prints precision, recall and F1 per field (`--fields`).
Nothing is written. The labelling and the fold models take about four minutes; each value about
one more.

Sixty-ninth session (4,550 records): see docs/HISTORY.md ("Sixty-ninth session").
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vary", nargs="+", action="append", metavar="KIND V",
                    help="a margin (a key of FIXED_MARGINS) and the values to try; repeatable "
                         "(default: add:METRIC 1e9 2 1.5 1 0.5)")
    ap.add_argument("--fields", nargs="+", default=["systems", "metrics", "tasks", "data", "proposed"])
    args = ap.parse_args()
    from extractors import train_typer as T
    from extractors.train import Pipelines, folds_for, training_set

    if set(args.fields) - set(T.REPORTED):
        ap.error(f"--fields: {sorted(set(args.fields) - set(T.REPORTED))} not among {list(T.REPORTED)}")
    grid = []
    for kind, *values in args.vary or [["add:METRIC", "1e9", "2", "1.5", "1", "0.5"]]:
        if kind not in T.FIXED_MARGINS and kind.split(":")[0] not in T.FIXED_MARGINS:
            ap.error(f"--vary {kind!r}: not a margin (FIXED_MARGINS has {sorted(T.FIXED_MARGINS)})")
        if not values:
            ap.error(f"--vary {kind}: give the values to try after the margin")
        try:
            grid += [(kind, float(v)) for v in values]
        except ValueError:
            ap.error(f"--vary {kind}: the values must be numbers, not {values}")
    _, records, _ = training_set(None, T.DEFAULT_DATA)
    pipes = Pipelines(folds_for(records, None), typer="rules")
    data = T.labelled(records, pipes)
    models = T.fold_models(data)
    print(f"{len(records)} records; fixed margins {T.FIXED_MARGINS}")
    print("| margin | " + " | ".join(f"{f} P / R / F1" for f in args.fields) + " |")
    print("|---" * (len(args.fields) + 1) + "|")
    for kind, v in [(None, None)] + grid:
        margins = dict(T.FIXED_MARGINS, **({kind: v} if kind else {}))
        preds = T.out_of_fold_records(records, data, models, margins, pipes)
        f = T._fields(records, preds)
        cells = [f"{f[x]['p']:.3f} / {f[x]['r']:.3f} / **{f[x]['f1']:.4f}**" for x in args.fields]
        print(f"| {f'{kind} {v:g}' if kind else 'fixed'} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
