"""Train the link scorer (components/link_scorer.py) from the development annotations.

    extractors train --component linker [--data FILES] [--out extractors/resources/linker.json]

1. Read the gold records (docs/SPEC.md section 6) of the development files: the results
   annotations ``data/results/dev_*.jsonl`` and the full annotations ``data/annotations/part_*``
   (held-out and agreement files are refused, as for the NER).
2. Run the pipeline with the rule linker only, align each found number with a gold result (span
   overlap and value, as the scorer does) and, for each attribute, label its candidates: the entity
   whose name or alias is the gold link's (aliases from the gold record), or None when the gold
   link is empty. Numbers whose gold link names nothing the pipeline found are left out (no
   candidate could be right).
3. Fit one conditional logit per attribute (`fit`: softmax over each group's candidates, L2,
   scipy's L-BFGS from zero) twice: with every cue (``both``) and without the rules' choice
   (``learned``, the ablation).
4. Report the accuracy of the chosen link per attribute, rules vs learned vs both, by 5-fold
   cross-validation grouped by abstract (for `both` also the margin by which the scorer must beat
   the rules' choice to overrule it: the largest within one standard error of the best, counted
   over abstracts), and
   write the weights with the files they came from. The shipped model of an attribute is `both`
   with its best margin, or `learned` where that is better by more than a point of accuracy in
   cross-validation.

The same data gives the same weights (L-BFGS from zero is deterministic; weights are rounded to 6
places), so the shipped ``linker.json`` is reproducible. scipy (installed with scikit-learn: `pip
install 'extractors[train]'`) is needed to train only; the pipeline applies the weights with plain
arithmetic.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

from .components.link_features import (ATTRIBUTES, RULE_CUES, SCORED_KINDS, Context, feature_names, features,
                                       pairs)
from .evaluate import alias_map, gold_span, name_key, subjects_of, value_matches
from .train import Pipelines, folds_for, training_set, write_weights

DEFAULT_DATA = (Path("data/results"), Path("data/annotations"))
DEFAULT_OUT = Path("extractors/resources/linker.json")
FOLDS = 5
L2 = 1.0    # the penalty on the weights' squared norm (cross-validated: 0.3, 1 and 3 are within 0.3 points)
CLEARLY = 0.01   # `learned` replaces `both` only when cross-validation finds it better by more


@dataclass
class Group:
    """The candidates of one (number, attribute) and which one the gold link names."""

    record: int
    attr: str
    cues: list = field(default_factory=list)   # one dict per candidate, None first
    label: int = 0                              # index of the right candidate
    rule: int = 0                               # index of the rules' choice


def groups_of(records: list[dict], pipes: Optional[Pipelines] = None) -> list[Group]:
    """Labelled candidate groups for every found number aligned with a gold result; `pipes`
    gives each record its pipeline (one whose NER never saw it: train.Pipelines)."""
    from .components.sentences import doc_sentences
    pipes = pipes or Pipelines(None, linker="rules")
    out: list[Group] = []
    for ri, g in enumerate(records):
        with pipes.record(g) as ex:   # the field-term table without this abstract, features included
            norm, doc = ex.analyse(g["text"], g.get("title"))
            ctx = Context.of(norm.clean, doc._.numbers or [], doc._.entities or [], doc._.held_metrics or [],
                             doc_sentences(doc))
            amap = alias_map(g)
            golds = [(r, gold_span(g["text"], r)) for r in g.get("results") or [] if not r.get("optional")]
            used = set()
            for n in ctx.numbers:
                span = norm.to_raw(n.start, n.end)
                hit = next((i for i, (r, gs) in enumerate(golds) if i not in used and gs
                            and span[0] < gs[1] and gs[0] < span[1] and value_matches(n.value, r.get("value"))), None)
                if hit is None:
                    continue
                used.add(hit)
                gr = golds[hit][0]
                for attr in (a for a in ATTRIBUTES if n.kind in SCORED_KINDS[a]):
                    gold = (subjects_of(gr) or [None])[0] if attr == "subject" else gr.get(attr)
                    grp = _group(ri, ctx, n, attr, gold, amap)
                    if grp is not None:
                        out.append(grp)
    return out


def _group(ri: int, ctx: Context, n, attr: str, gold: Optional[str], amap: dict) -> Optional[Group]:
    cands = pairs(ctx, n, attr)
    keys = amap.get(name_key(gold), {name_key(gold)}) if gold else set()
    label = None
    for i, p in enumerate(cands):
        if p.entity is None:
            ok = gold is None
        else:
            ok = bool(keys) and bool({name_key(p.entity.name), *map(name_key, p.entity.aliases)} & keys)
        if ok:
            label = i
            break
    if label is None:
        return None
    grp = Group(ri, attr, [features(p) for p in cands], label)
    grp.rule = next((i for i, c in enumerate(grp.cues) if c.get("e:rule_choice", c.get("n:rule_choice"))), 0)
    return grp


def fit(groups: list[Group], names: list[str]) -> dict:
    """A conditional logit over each group's candidates -> {"weights": {name: w}, "intercept": 0}.

    The probability of candidate i of a group is softmax(w · x_i) over that group's candidates, and
    the weights maximise the log-likelihood of the labelled candidates with an L2 penalty `L2`
    (scipy's L-BFGS from zero weights: deterministic). The objective is the decision the scorer
    makes, one candidate per (number, attribute) against its rivals; a per-candidate logistic
    regression scored each candidate alone and was 0.8 to 2 points less accurate in
    cross-validation. A constant shifts every candidate alike, so there is no intercept; the cue
    `bias_entity` tells an entity from None."""
    import numpy as np
    from scipy.optimize import minimize
    sizes = [len(g.cues) for g in groups]
    if not groups or max(sizes) < 2:
        return {"weights": {}, "intercept": 0.0}
    X = np.array([[c.get(k, 0.0) for k in names] for g in groups for c in g.cues], dtype=float)
    starts = np.cumsum([0] + sizes[:-1])
    labels = starts + np.array([g.label for g in groups])
    owner = np.repeat(np.arange(len(groups)), sizes)

    def loss(w):
        s = X @ w
        top = np.maximum.reduceat(s, starts)
        e = np.exp(s - top[owner])
        z = np.add.reduceat(e, starts)
        p = e / z[owner]
        ll = float(np.sum(s[labels] - top - np.log(z)))
        grad = X[labels].sum(axis=0) - (p[:, None] * X).sum(axis=0)
        return -ll + 0.5 * L2 * float(w @ w), -grad + L2 * w

    w = minimize(loss, np.zeros(len(names)), jac=True, method="L-BFGS-B", options={"maxiter": 1000}).x
    return {"weights": {k: round(float(v), 6) for k, v in zip(names, w) if round(float(v), 6)}, "intercept": 0.0}


MARGINS = (0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0)


def accuracy(model: dict, groups: list[Group], margin: Optional[float] = None,
             locks: Optional[bool] = None) -> float:
    """Share of groups whose chosen candidate (link_scorer.select, as the shipped scorer chooses)
    is the labelled one; `margin` and `locks` default to the model's own."""
    from .components.link_scorer import select
    right = sum(select(model, g.cues, g.attr, margin, locks) == g.label for g in groups)
    return right / len(groups) if groups else 0.0


def _names(mode: str) -> list[str]:
    return [k for k in feature_names() if mode == "both" or k.split(":", 1)[-1] not in RULE_CUES]


def noise(accuracy: float, n: int) -> float:
    """The standard error of an accuracy measured on `n` independent units, sqrt(p(1-p)/n):
    cross-validated accuracies closer than this are the same (the one-standard-error rule of model
    selection). The units are abstracts, not groups: the numbers of one abstract share its
    systems and sentences, and the folds keep them together (sixty-sixth session: counted in
    groups, the subject's margin flipped between 1.0 and 0.5 on a difference of under one group
    of 2,129)."""
    return math.sqrt(accuracy * (1.0 - accuracy) / max(1, n))


def cross_validate(groups: list[Group]) -> dict:
    """Accuracy per attribute and mode over FOLDS folds of abstracts (record index mod FOLDS);
    for `both`, per margin too (the best margin is what the shipped model uses)."""
    out = {}
    for attr in ATTRIBUTES:
        gs = [g for g in groups if g.attr == attr]
        res = {"groups": len(gs), "rules": sum(g.rule == g.label for g in gs) / max(1, len(gs))}
        folds = [([g for g in gs if g.record % FOLDS != k], [g for g in gs if g.record % FOLDS == k])
                 for k in range(FOLDS)]
        learned = [(fit(train, _names("learned")), test) for train, test in folds]
        res["learned"] = sum(accuracy(m, test, 0.0) * len(test) for m, test in learned) / max(1, len(gs))
        both = [(fit(train, _names("both")), test) for train, test in folds]
        by_margin = {mg: sum(accuracy(m, test, mg, locks=True) * len(test) for m, test in both) / max(1, len(gs))
                     for mg in MARGINS}
        # the largest margin within one standard error of the best (`noise`): the scorer overrules
        # the rules only where that clearly gains (a fixed 0.005 let ten groups of 1,942 flip it)
        top = max(by_margin.values())
        res["margin"] = max(mg for mg in MARGINS if by_margin[mg] >= top - noise(top, len({g.record for g in gs})))
        res["by_margin"] = {str(mg): round(a, 4) for mg, a in by_margin.items()}
        res["both"] = by_margin[res["margin"]]
        out[attr] = {k: round(v, 4) if isinstance(v, float) and k != "margin" else v for k, v in res.items()}
    return out


@dataclass
class LinkerReport:
    files: list
    records: int
    groups: int
    seconds: float
    cv: dict
    out: Path

    def table(self) -> str:
        lines = ["| attribute | groups | rules | learned | both | margin |", "|---|---|---|---|---|---|"]
        for attr, r in self.cv.items():
            lines.append(f"| {attr} | {r['groups']} | {r['rules']:.3f} | {r['learned']:.3f} | {r['both']:.3f} "
                         f"| {r['margin']} |")
        return "\n".join(lines)


def train_linker(data: Optional[Sequence[Path]] = None, out: Path = DEFAULT_OUT,
                 ner_folds: Optional[Path] = None, seen_ok: bool = False) -> LinkerReport:
    """Train the link scorer on `data` (default data/results and data/annotations), each record
    run with a NER that never saw it (`ner_folds`, train.folds_for), and write it to `out`."""
    t0 = time.perf_counter()
    files, records, provenance = training_set(data, DEFAULT_DATA)
    folds = folds_for(records, ner_folds, seen_ok)
    groups = groups_of(records, Pipelines(folds, linker="rules"))
    provenance["ner_folds"] = folds is not None
    cv = cross_validate(groups)
    models = {attr: {mode: fit([g for g in groups if g.attr == attr], _names(mode)) for mode in ("both", "learned")}
              for attr in ATTRIBUTES}
    for attr in ATTRIBUTES:
        models[attr]["both"]["margin"] = cv[attr]["margin"]
        models[attr]["both"]["locks"] = True   # decisive cues keep the rules' choice (link_scorer.DECISIVE)
        if cv[attr]["learned"] > cv[attr]["both"] + CLEARLY:
            # the shipped model is the better of the two by cross-validation on the development
            # data; where leaving the rules' choice out is better, the rules are not consulted
            models[attr]["both"] = dict(models[attr]["learned"], margin=0.0, uses="learned")
    doc = {"version": 1, "features": feature_names(), "models": models,
           "trained_on": {**provenance, "groups": len(groups)}, "cross_validated_accuracy": cv}
    out = write_weights(out, doc, indent=1)
    return LinkerReport([f.as_posix() for f in files], len(records), len(groups), time.perf_counter() - t0, cv, out)
