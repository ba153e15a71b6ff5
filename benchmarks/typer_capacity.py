"""Would more annotation, or a model with interactions, make the entity typer more accurate?

    python benchmarks/typer_capacity.py [--trees]   # needs scikit-learn (pip install 'extractors[train]')

Labels the typer's candidates as `extractors train --component typer` does (the development
annotations, the pipeline up to the long-tail candidates with the NER folds, `train_typer.labelled`)
and reports, by the same 5-fold cross-validation by abstract, the typed F1 of the candidates at the
shipped margins (`train_typer.FIXED_MARGINS`, `entity_typer.decide`):
- `logit, share s`: the shipped logistic regression (`train_typer.fit`) trained on a share s of each
  training fold's abstracts (a fixed spread of them), the points of a learning curve;
- with `--trees`, `trees`: gradient-boosted trees over the same binary cues (scikit-learn's
  HistGradientBoostingClassifier, 300 rounds of depth 4), a model that can weigh combinations of
  cues; its class log-probabilities are scored at the margins the search (`train_typer.pick_margins`)
  picks for them, and the logit's at its searched margins beside them (the margins were fixed for
  the logit's scale). About ten minutes more.

Forty-ninth session (950 records, 8,449 labelled candidates): logit at a share of 0.25 / 0.5 /
0.75 / 1 of the training folds 0.7870 / 0.7889 / 0.7958 / 0.7959 (typer off: 0.7614); trees at
their searched margins 0.7603 (the search overrules the resolver nowhere), the logit at its searched
margins 0.7929. Neither more annotations of the same kind nor interactions of the cues gain: the
candidates and their cues limit the typer, as `linker_capacity.py` found for the link scorer.
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SHARES = (0.25, 0.5, 0.75, 1.0)


def _share(train: list, share: float) -> list:
    """A fixed spread of `share` of the training abstracts (every abstract at share 1)."""
    n = round(len(train) * share)
    return [d for i, d in enumerate(train) if (i * 7919) % len(train) < n]


def _tree_scores(train: list, test: list) -> dict:
    """Out-of-fold class log-probabilities of gradient-boosted trees for the test abstracts."""
    import numpy as np
    from sklearn.ensemble import HistGradientBoostingClassifier

    from extractors.components.type_features import CLASSES
    from extractors.train_typer import MIN_COUNT
    rows = [(r, y) for d in train for r, y in zip(d.rows, d.labels) if y is not None]
    counts: dict[str, int] = {}
    for r, _ in rows:
        for c in r.cues:
            counts[c] = counts.get(c, 0) + 1
    index = {c: i for i, c in enumerate(sorted(c for c, n in counts.items() if n >= MIN_COUNT))}

    def matrix(rs):
        x = np.zeros((len(rs), len(index)), dtype=np.float32)
        for i, r in enumerate(rs):
            for c in r.cues:
                if c in index:
                    x[i, index[c]] = 1.0
        return x

    trees = HistGradientBoostingClassifier(max_iter=300, max_depth=4, learning_rate=0.1, random_state=0)
    trees.fit(matrix([r for r, _ in rows]), np.array([y for _, y in rows]))
    out = {}
    for d in test:
        full = np.full((len(d.rows), len(CLASSES)), 1e-12)
        if d.rows:
            full[:, trees.classes_] = trees.predict_proba(matrix(d.rows))
        out[d.record] = [[math.log(max(p, 1e-12)) for p in row] for row in full]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--trees", action="store_true", help="also gradient-boosted trees (about ten minutes more)")
    args = ap.parse_args()
    from extractors.components.entity_typer import scores
    from extractors.train import Pipelines, folds_for, training_set
    from extractors.train_typer import DEFAULT_DATA, FIXED_MARGINS, _f1, _folds, fit, labelled, pick_margins

    _, records, _ = training_set(None, DEFAULT_DATA)
    data = labelled(records, Pipelines(folds_for(records, None), typer="rules"))
    ordered = sorted(data, key=lambda d: d.record)
    print(f"{len(records)} records, {sum(y is not None for d in data for y in d.labels)} labelled candidates")
    print("| model | typed F1 (fixed margins) |\n|---|---|")
    full: dict = {}
    for share in SHARES:
        oof: dict = {}
        for _, train, test in _folds(data):
            model = fit(_share(train, share))
            for d in test:
                oof[d.record] = [scores(model, r.cues) for r in d.rows]
        full = oof
        print(f"| logit, share {share:g} | {_f1(ordered, [oof[d.record] for d in ordered], dict(FIXED_MARGINS)):.4f} |")
    off = _f1(ordered, [full[d.record] for d in ordered], {"retype": 1e9, "drop": 1e9, "add": 1e9})
    print(f"| typer off (as `extractors train` reports it) | {off:.4f} |")
    if args.trees:
        tree_oof: dict = {}
        for _, train, test in _folds(data):
            tree_oof.update(_tree_scores(train, test))
        for name, oof in (("logit", full), ("trees", tree_oof)):
            margins, f1 = pick_margins(ordered, [oof[d.record] for d in ordered])
            print(f"| {name}, searched margins | {f1:.4f} |")


if __name__ == "__main__":
    main()
