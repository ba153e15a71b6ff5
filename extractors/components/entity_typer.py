"""`entity_typer` component: decide for every candidate what it names, or that it names nothing.

Algorithm: a linear model over the cues of type_features.py (multinomial logistic regression,
trained by ``extractors train --component typer`` on the development annotations) scores each
candidate, the resolver's entities and the long-tail phrases alike, for the classes METHOD,
MODEL, DATASET, BENCHMARK, METRIC, TASK and NONE (not an entity). The resolver's decision (its
type, NONE for a long-tail phrase) is one cue among the others and stands unless another class
beats it by more than a margin, chosen by cross-validation, one per kind of change: ``retype``
(another type), ``drop`` (an entity is nothing), ``add`` (a long-tail phrase is an entity); a
margin ``add:T`` for adding a type T, or ``drop:T`` for dropping an entity of type T, takes
precedence. Only a name the field shares (a long-tail candidate of kind ``field``) is added as a
method; measure and task phrases never are. Ties
go to the resolver, then to the earlier class of `CLASSES`.
A type the model gives less than the model's ``floor`` (train_typer.FLOOR) is then dropped, and an
entity left with no type takes the model's best type where that clears the floor and beats NONE,
or is no entity, unless the paper proposes it or a decisive cue backs it (`locked`): the margins
weigh one class against another, the floor is the model's doubt about any (a measure phrase
framed as one, added however close NONE comes, is held to it too).

Long-tail phrases that become entities may overlap (``efficiency``, ``sample efficiency``): the
one whose class beats NONE by more wins (ties: the longer, then the earlier), and a phrase keeps
only the mentions no kept entity holds. A measure (METHOD and METRIC) keeps both types when the
typer's class is either of them.

The role of each entity the resolver made and the typer keeps is then decided by a second
linear model, when the weights file has one (``role``: binary logistic regression over the
candidate's typer cues and its `type_features.proposal_context`, the resolver's role one cue among
them, ``role:proposed``), which overrules the resolver past a threshold of each direction
(``thresholds``, train_typer.ROLE_THRESHOLDS): a name the resolver proposes is used when the
model's probability falls under ``demote`` (unless written right after "our": SPEC's "our method
X"), a name it uses is proposed when the probability reaches ``promote`` (`proposes`). A long-tail
phrase the typer adds is used.

Reads ``doc._.entities``, ``doc._.tail_candidates``, ``doc._.held_metrics``, ``doc.ents``;
writes ``doc._.entities`` and ``doc.spans["entities"]`` (entities dropped, retyped or added, each kept
one with its ``confidence``: the model's probability of each of its types)
and ``doc._.held_metrics`` (held quality words inside an added entity leave). The weights are
data: ``extractors/resources/typer.json``; inference is plain Python arithmetic: deterministic.

Config ``use``: ``both`` (shipped) or ``rules`` (pass-through: the resolver's entities as they are);
``role``: ``learned`` (shipped: the role model decides) or ``rules`` (the resolver's roles stay).
"""

import json
import math
from functools import lru_cache
from importlib import resources as _resources
from operator import add
from typing import Optional

from spacy.language import Language
from spacy.tokens import Doc

from .candidates import Source
from .entities import Entity, one_task_per_phrase, set_entities, singular_measures
from .linker import vague_measure
from .textutil import softmax
from .type_features import CLASSES, FIELD_CUE, MEASURE_RULE, NONE, Row, rows

MODEL_FILE = "typer.json"
MODES = ("both", "rules")
ROLE_MODES = ("learned", "rules")
_NONE = CLASSES.index(NONE)
_METRIC = CLASSES.index("METRIC")


@lru_cache(maxsize=1)
def load_model() -> Optional[dict]:
    """The trained weights shipped in the package, or None when the file is missing."""
    path = _resources.files("extractors").joinpath("resources", MODEL_FILE)
    if not path.is_file():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def scores(model: dict, cues: list[str]) -> list[float]:
    """Intercept + the weights of the candidate's cues, per class of `CLASSES`."""
    s = list(model["intercepts"])
    weights = model["weights"]
    for c in cues:
        w = weights.get(c)
        if w is not None:
            s = list(map(add, s, w))  # class by class, in cue order: the same sums as a loop
    return s


def proposed_probability(role: dict, row: Row) -> float:
    """The role model's probability that the paper proposes the candidate (a logistic function of
    its intercept and the weights of the row's typer cues and proposal cues, in that order)."""
    weights = role["weights"]
    z = role["intercept"]
    for c in row.cues:
        z += weights.get(c, 0.0)
    for c in row.proposal:
        z += weights.get(c, 0.0)
    return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0


#: the cue of a name written right after "our": SPEC's own example of a proposed name ("our method
#: X"), whose proposed role from the resolver stands whatever the role model gives (out of fold on
#: the 3,550 development records the lock is neutral: F1 of the role 0.9054 -> 0.9051)
OWN_NAME = "l1:our"


def proposes(row: Row, p: float, thresholds: dict) -> bool:
    """Does the paper propose the resolver's entity of `row`, the role model giving it `p`? The
    model overrules the resolver only past a threshold of each direction: a name the resolver
    proposes stays proposed unless `p` is under ``demote``, or it is written right after "our"
    (`OWN_NAME`); a name it uses becomes proposed at ``promote`` or more."""
    if row.entity.role == "proposed":
        return p >= thresholds["demote"] or OWN_NAME in row.cues
    return p >= thresholds["promote"]


def rule_classes(row: Row) -> tuple[int, ...]:
    """The class indices the resolver chose (two for a measure)."""
    if row.rule == MEASURE_RULE:
        return CLASSES.index("METHOD"), CLASSES.index("METRIC")
    return (CLASSES.index(row.rule),)


#: cues so specific that, when they back the resolver's entity, nothing overrules it: the paper's
#: own name (a proposal cue: "we propose X", "we name X"), a typed name
#: pattern (``pass@k``), a name introduced as one ("a technique called X") or set as one by the
#: author (``\texttt{gpt-5-medium}``), a member of a list of measures ("three metrics: transferability,
#: plausibility, ...") or of data ("four real-world datasets (pLogP, Diamond, House, Elevators)"), a
#: name a number is given for ("0.76 for SelfCheckGPT": the result linker's subjects), a name
#: compared against ("compared with the ILP-based method": the linker's baselines), evidence for
#: its type that leads the next type by 2 or more (a head noun or apposition: "MCPMark, a benchmark"; an
#: acronym's long-form head; a curated lexicon entry)
DECISIVE = frozenset({"src:pattern", "src:called", "src:markup", "src:measure-list", "src:data-list", "given",
                      "baseline", "role:proposed", "gap:2", "gap:3", "gap:4"})


def framed_measure(row: Row) -> bool:
    """Is the candidate a long-tail measure phrase right after words that make it a result's
    measure ("in terms of sample efficiency", "a 75% improvement in parameter point estimation
    accuracy": type_features.MEASURE_FRAME), naming a measure of its own (not only words of the
    ``vague_measures`` list: "in terms of performance")? Such a phrase is a metric whenever the
    typer's best type for it is METRIC, however close NONE comes: the words say what it is."""
    return ("frame" in row.cues and "src:tail-measure" in row.cues
            and not vague_measure(row.name, 0, len(row.name)))


def _best_type(s: list[float]) -> int:
    """The best-scoring class other than NONE (ties: the earlier)."""
    return max((i for i in range(len(s)) if i != _NONE), key=lambda i: (round(s[i], 9), -i))


#: the words right before a task phrase that define it as one: "the problem of X", "the problems of X"
_DEFINED_TASK = frozenset({"l2:problem of", "l2:problems of"})
#: the evidence-lead cues of `DECISIVE`: the resolver's votes, not a cue of the text itself
_LEADS = frozenset({"gap:2", "gap:3", "gap:4"})
#: below this probability of the resolver's type an entity backed only by its lead of votes
#: (`_LEADS`) is not locked: its votes came from one strong source that the other cues contradict
#: ("Contrastive divergence (CD) learning": the long form's head votes CD a metric; "quality
#: diversity (QD) optimization": a benchmark). Cross-validated on the 950 development records
#: (typer on), 0.05 against none: typed F1 of the candidates 0.7914 -> 0.7929, data 0.880 ->
#: 0.885, methods 0.712 -> 0.714, metrics 0.649 -> 0.650, the other fields unchanged (0.02: half
#: the gain; 0.1: models 0.735 -> 0.729, tasks 0.593 -> 0.590).
LEAD_VETO = 0.05


def locked(row: Row, s: Optional[list[float]] = None) -> bool:
    """Does a decisive cue back the resolver's entity? A proposal cue alone does not back a TASK
    type: "we introduce variational Deterministic Uncertainty Quantification (vDUQ)" proposes a
    method whose long form ends in a task's head word; what the paper introduces is kept (the
    typer may not drop it), its type is the typer's to weigh. A task phrase the text defines as a
    problem (`_DEFINED_TASK`: "the problem of X"; in the development annotations 27 of the 31
    names so introduced are tasks, 4 more optional ones) stays a task. A metric of the resolver
    that words of measuring lead to (type_features.MEASURE_FRAME, the cue ``frame``: "in terms of
    X", "a 75% improvement in X", "by 14.5% in X") stays a metric, unless task votes contest it
    ("improvements in image classification": the task the gain is on); in the development
    annotations 33 of the 34 labelled such uncontested candidates are metrics. A lead of votes alone
    (`_LEADS`) does not back a type the model's scores `s` give less than `LEAD_VETO`."""
    if row.entity is None:
        return False
    if row.rule == "TASK" and not _DEFINED_TASK.isdisjoint(row.cues):
        return True
    if row.rule == "METRIC" and "frame" in row.cues and not any(c.startswith("v:TASK") for c in row.cues):
        return True
    backing = DECISIVE.intersection(row.cues)
    if backing and backing <= _LEADS and s is not None:
        p = softmax(s)
        return max(p[i] for i in rule_classes(row)) >= LEAD_VETO
    return bool(backing) and not (row.rule == "TASK" and backing == {"role:proposed"})


def choose(row: Row, s: list[float], margins: dict) -> int:
    """The class of one candidate (see the module docstring): the resolver's unless another
    beats it by more than the margin of that kind of change (and no decisive cue backs it).
    A long-tail measure phrase is added as a metric on the model's lead alone: whether a number or
    a comparison measures it near a mention is the cues' to weigh (``num``, ``given``, ``chg``,
    ``frame``), not a condition. Until the seventieth session it was one ("a number or a
    comparison measures it"); out of fold on the 4,750 development records that condition kept
    out "such as FID score, precision, and recall" and cost metrics recall 0.611 -> 0.580 for
    precision 0.745 -> 0.747 (F1 0.672 -> 0.653; docs/HISTORY.md)."""
    rule = rule_classes(row)
    if row.entity is None and framed_measure(row) and _best_type(s) == _METRIC:
        return _METRIC
    best = max(range(len(s)), key=lambda i: (round(s[i], 9), -i))
    if best in rule:
        return best
    mine = max(rule, key=lambda i: (round(s[i], 9), -i))
    if locked(row, s):
        return mine
    if best == _NONE and "role:proposed" in row.cues:
        return mine  # what the paper proposes stays an entity
    kind = "add" if row.entity is None else "drop" if best == _NONE else "retype"
    if kind == "add" and CLASSES[best] == "METHOD" and FIELD_CUE not in row.cues:
        return mine  # a measure or task phrase is never a method; a name the field shares may be
    typ = CLASSES[mine] if kind == "drop" else CLASSES[best]   # the type dropped, or the type given
    margin = margins.get(f"{kind}:{typ}", margins[kind])
    return best if s[best] - s[mine] > margin else mine


def decide(rows_: list[Row], all_scores: list[list[float]], margins: dict) -> list[int]:
    """The class of every candidate of one Doc, overlaps between added phrases resolved (a
    long-tail phrase that loses all its mentions is NONE); `rows_[i].mentions` are trimmed to
    the mentions an added phrase keeps."""
    classes = [choose(r, s, margins) for r, s in zip(rows_, all_scores)]
    taken = [m for r, c in zip(rows_, classes) if r.entity is not None and c != _NONE for m in r.mentions]
    added = [i for i, (r, c) in enumerate(zip(rows_, classes)) if r.entity is None and c != _NONE]
    added.sort(key=lambda i: (-round(all_scores[i][classes[i]] - all_scores[i][_NONE], 9),
                              -len(rows_[i].name), rows_[i].mentions[0]))
    for i in added:
        free = [m for m in rows_[i].mentions if not any(a < m[1] and m[0] < b for a, b in taken)]
        if not free:
            classes[i] = _NONE
            continue
        rows_[i].mentions = free
        taken += free
    return classes


def kept_types(row: Row, c: int, s: list[float], floor: float, p: Optional[list[float]] = None) -> list[str]:
    """The types a candidate of decided class `c` (not NONE) keeps: the resolver's (both of a
    measure) when `c` is one of them, else `c`'s; less those the model's probabilities (the softmax
    of `s`) put under `floor`, unless the paper proposes it or a decisive cue backs it (`locked`).
    When none is left, the doubt is about the type, not about an entity, if the model's best type
    clears the floor and beats NONE: that type (the resolver typed "MCPMark" a method on its shape
    alone; "52.56% pass@1 on MCPMark" makes it a benchmark to the model).
    A measure phrase that words of measuring frame (`framed_measure`) is no exception: exempted (at a
    floor of 0.25), the out-of-fold metrics of the 2,950 development records read 0.664 -> 0.660
    (precision 0.762 -> 0.741) and round 13's 0.628 -> 0.613 (three more false metrics, none found).
    None left: no entity. `p`: the softmax of `s`, when the caller has it."""
    types = list(row.entity.types) if row.entity is not None and c in rule_classes(row) else [CLASSES[c]]
    if not floor or "role:proposed" in row.cues or locked(row, s):
        return types
    p = softmax(s) if p is None else p
    kept = [t for t in types if p[CLASSES.index(t)] >= floor]
    if not kept:   # doubt about the type, not about an entity: the model's best type, if it clears the floor
        best = _best_type(s)
        kept = [CLASSES[best]] if p[best] >= floor and p[best] > p[_NONE] else []
    return kept


def retype(doc: Doc, model: dict, role: bool = True) -> None:
    """Apply the model to a Doc's candidates (see the module docstring); every entity it keeps
    gets `confidence`: the model's probability of each of its types, rounded to 3 places (out of
    fold on the development records before the floor, 94% of the typed entities given 0.9 or more
    were right, 58% of those given 0.5-0.6, under a third of those given less than 0.3: types the
    resolver kept because the model's doubt stayed within the margin; the floor now drops those
    under it that nothing else backs: `kept_types`). With `role` and a role model in `model`, that
    model decides the role of each entity the resolver made (`proposed_probability`)."""
    rs = rows(doc)
    if not rs:
        return
    all_scores = [scores(model, r.cues) for r in rs]
    classes = decide(rs, all_scores, model["margins"])
    floor = model.get("floor", 0.0)
    role_model = model.get("role") if role else None
    entities, added = [], []
    for r, c, s in zip(rs, classes, all_scores):
        if c == _NONE:
            continue
        p = softmax(s)   # the multinomial logistic regression's class probabilities (train_typer.fit)
        types = kept_types(r, c, s, floor, p)
        if not types:
            continue
        if r.entity is not None:
            e = r.entity
            e.types = types
            if role_model is not None:
                e.role = "proposed" if proposes(r, proposed_probability(role_model, r), role_model["thresholds"]) else "used"
            entities.append(e)
        else:
            e = Entity(name=r.name, types=types, mentions=sorted(r.mentions), sources={Source.TAIL})
            entities.append(e)
            added.append(e)
        e.confidence = {t: round(p[CLASSES.index(t)], 3) for t in e.types}
    if added:
        spans = [m for e in added for m in e.mentions]
        doc._.held_metrics = [h for h in doc._.held_metrics or []
                              if not any(a < h.end and h.start < b for a, b in spans)]
    entities = one_task_per_phrase(singular_measures(entities))   # a metric it adds or retypes is named as the resolver names one
    entities.sort(key=lambda e: (e.mentions[0] if e.mentions else (0, 0), e.name))
    set_entities(doc, entities)


class EntityTyper:
    """Keeps, retypes, drops and adds entities with learned weights (see the module docstring)."""

    def __init__(self, use: str = "both", role: str = "learned") -> None:
        if use not in MODES:
            raise ValueError(f"entity_typer use={use!r}: expected one of {', '.join(MODES)}")
        if role not in ROLE_MODES:
            raise ValueError(f"entity_typer role={role!r}: expected one of {', '.join(ROLE_MODES)}")
        self.use = use
        self.role = role
        self.model = load_model() if use == "both" else None
        if use == "both" and self.model is None:
            raise FileNotFoundError(f"the trained entity typer ({MODEL_FILE}) is missing from the package: "
                                    "run `extractors train --component typer`")

    def __call__(self, doc: Doc) -> Doc:
        if self.model is not None:
            retype(doc, self.model, role=self.role == "learned")
        return doc


@Language.factory("entity_typer", default_config={"use": "both", "role": "learned"},
                  assigns=["doc._.entities", "doc._.held_metrics", "doc.spans"],
                  requires=["doc._.entities", "doc._.tail_candidates", "doc._.held_metrics", "doc.ents"])
def make_entity_typer(nlp: Language, name: str, use: str, role: str) -> EntityTyper:
    return EntityTyper(use, role)
