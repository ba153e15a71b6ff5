"""Would more annotation, or a model with interactions, make the link scorer more accurate?

    python benchmarks/linker_capacity.py        # needs scikit-learn (pip install 'extractors[train]')

Builds the link scorer's labelled groups as `extractors train --component linker` does (the
development annotations, the rules' linker, one group per found number and attribute) and
compares, by the same 5-fold cross-validation by abstract, the share of groups whose top-scored
candidate is the labelled one (no margin, no locks):
- `logit`: the shipped conditional logit (train_linker.fit) on all training folds;
- `logit, half`: the same on half of the training folds' abstracts (a fixed hash of the record
  index), a point of the learning curve;
- `trees`: gradient-boosted trees over the same cues (scikit-learn's
  HistGradientBoostingClassifier, 200 rounds of depth 4, one candidate at a time, the best of each
  group), a model that can weigh combinations of cues.
Nineteenth session (6,789 groups; logit / logit, half / trees): metric 0.858 / 0.860 / 0.851,
subject 0.808 / 0.814 / 0.807, dataset 0.910 / 0.899 / 0.903: neither more of the same data nor
interactions gain; the candidates and the cues limit the linker.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FOLDS = 5


def _top(scores) -> int:
    return max(range(len(scores)), key=lambda i: (scores[i], -i))


def main() -> None:
    import numpy as np
    from sklearn.ensemble import HistGradientBoostingClassifier

    from extractors import train_linker as T
    from extractors.components.link_features import ATTRIBUTES
    from extractors.train import training_set

    _, records, _ = training_set(None, T.DEFAULT_DATA)
    groups = T.groups_of(records)
    names = T._names("both")
    print(f"{len(groups)} groups from {len(records)} records")
    print("| attribute | groups | logit | logit, half | trees |\n|---|---|---|---|---|")
    for attr in ATTRIBUTES:
        gs = [g for g in groups if g.attr == attr]
        right = {"logit": 0, "half": 0, "trees": 0}
        for k in range(FOLDS):
            train = [g for g in gs if g.record % FOLDS != k]
            test = [g for g in gs if g.record % FOLDS == k]
            for key, part in (("logit", train), ("half", [g for g in train if (g.record * 7919) % 100 < 50])):
                w = T.fit(part, names)["weights"]
                right[key] += sum(_top([sum(w.get(a, 0.0) * v for a, v in c.items()) for c in g.cues]) == g.label
                                  for g in test)
            X = np.array([[c.get(a, 0.0) for a in names] for g in train for c in g.cues])
            y = np.array([int(i == g.label) for g in train for i in range(len(g.cues))])
            trees = HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05, max_depth=4,
                                                   random_state=0).fit(X, y)
            for g in test:
                p = trees.predict_proba(np.array([[c.get(a, 0.0) for a in names] for c in g.cues]))[:, 1]
                right["trees"] += _top(list(p)) == g.label
        n = max(1, len(gs))
        print(f"| {attr} | {len(gs)} | {right['logit'] / n:.3f} | {right['half'] / n:.3f} | {right['trees'] / n:.3f} |")


if __name__ == "__main__":
    main()
