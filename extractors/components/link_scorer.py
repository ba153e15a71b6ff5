"""`link_scorer` component: weigh the evidence for each number's metric, subject and dataset.

Algorithm: a linear ranking model per attribute (a conditional logit over the cues of
link_features.py: a softmax over each number's candidates, trained by ``extractors train
--component linker`` on the development annotations). For each number and attribute, every candidate entity of the right type and the
candidate None ("the text does not say") get a score ``w · cues``; the highest wins (ties: the
rules' choice, then the earlier candidate). The rule linker's choice is one cue among the others,
so the scorer keeps the rules where they are right and overrules them where the other evidence
(distance, clause, "on D", "than Y", proposed role, entity type, lists) points elsewhere. One
constraint stands over the scores: a value the proposed system is compared with ("71.7% vs 71.9%",
"while the previous best result is 72.9%": link_features.compared_value) never goes to the
proposed system (`select`). After the choice, in every mode, the two sides of "a vs. b" go to the
two systems their sentence sets against each other (`linker.versus_sides`).

Reads ``doc._.numbers`` (links filled in by `result_linker`), ``doc._.entities``,
``doc._.held_metrics``; writes the links of each number (``metric``, ``subject``, ``subjects``,
``dataset``; in every mode also ``split``, the dataset's split the text names: `linker.dataset_split`,
and ``setting``, the evaluation setting: `linker.result_settings`) and adds to ``doc._.entities``
the held quality words it chose as metrics. The weights are data:
``extractors/resources/linker.json`` (feature names and weights, the files they were trained on,
and their cross-validated accuracy). Inference is plain Python arithmetic: deterministic.

Config ``use``: ``both`` (shipped: the cues with the rules' choice), ``learned`` (the model trained
without the rules' choice; an ablation), ``rules`` (pass-through).
"""
import json
from functools import lru_cache
from importlib import resources as _resources
from typing import Optional

from spacy.language import Language
from spacy.tokens import Doc

from .. import resources
from .candidates import is_family
from .entities import add_entities
from .link_features import ATTRIBUTES, SCORED_KINDS, Context, Pair, features, pairs
from .linker import (Mentions, after_from, data_mentions, dataset_split, defined_term, metric_mentions, not_a_subject,
                     parallel_lists, respective, result_settings, share_links, share_over_own_data,
                     system_mentions, versus_sides)
from .sentences import doc_sentences
from .textutil import doc_text, rx, softmax

MODEL_FILE = "linker.json"
MODES = ("both", "learned", "rules")


@lru_cache(maxsize=1)
def load_weights() -> Optional[dict]:
    """The trained weights shipped in the package, or None when the file is missing."""
    path = _resources.files("extractors").joinpath("resources", MODEL_FILE)
    if not path.is_file():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def score(weights: dict, cues: dict[str, float]) -> float:
    """w · cues + intercept (cues missing from the weights count 0)."""
    w = weights["weights"]
    return weights["intercept"] + sum(w.get(k, 0.0) * v for k, v in cues.items() if v)


#: cues so specific that, when they back the rules' choice, nothing overrules it: a number in a
#: parenthesis right after a name ("FrameDiff (78.1%)"), a number given for a name ("0.76 for
#: SelfCheckGPT"), a name that labels the number ("SwAV: 63.7%"), a place in a list that
#: 'respectively' pairs with the numbers in order; for no subject, another's unnamed system doing
#: what the clause reports ("while a recent transformer-based approach achieves 59.6%": too rare in
#: the development data for the weights to learn, 3 clauses); for no metric, a change of a vague
#: quality ("a slight performance drop of 0.33%": as a plain cue the weights still gave it a
#: neighbour's measure; decisive, cross-validated metric accuracy 0.878 -> 0.880)
DECISIVE = ("e:in_parenthesis_after", "e:given_for", "e:labelled_by", "e:paired_respectively", "n:theirs",
            "n:vague_change")


def decisive(cues: dict) -> bool:
    """Does a decisive cue back this candidate?"""
    return any(cues.get(k) for k in DECISIVE)


def pick(scores: list[float], rule: Optional[int], margin: float, locked: bool = False) -> int:
    """The index of the best score; ties go to the rules' choice, then to the earlier candidate.
    With a margin, the rules' choice stands unless another candidate beats it by more than that
    (the scorer overrules the rules only where the evidence is clear); `locked` (a decisive cue
    backs the rules' choice) keeps it whatever the scores."""
    if locked and rule is not None:
        return rule
    best = max(range(len(scores)), key=lambda i: (round(scores[i], 9), i == rule, -i))
    if rule is not None and margin > 0 and scores[best] - scores[rule] <= margin:
        return rule
    return best


def select(model: dict, cues: list[dict], attr: str, margin: Optional[float] = None,
           locks: Optional[bool] = None) -> int:
    """The index of the candidate the model prefers among candidates with these cues (`weigh`)."""
    return weigh(model, cues, attr, margin, locks)[0]


def weigh(model: dict, cues: list[dict], attr: str, margin: Optional[float] = None,
          locks: Optional[bool] = None) -> tuple[int, list[float]]:
    """(the index of the candidate the model prefers, every candidate's score) among candidates
    with these cues (see `pick`; `margin` and `locks` default to the model's own, 0 and off for
    `learned`). A decisive cue that backs the rules' choice keeps it; for a dataset, a
    'respectively' pairing with exactly one candidate takes the place of the rules' choice
    (measured: for metrics and subjects the pairing, counted over the whole sentence, is not
    reliable enough). Unless a decisive cue holds, a value compared with the proposed system's is
    never the proposed system's, and the data a model was pre-trained on is never a number's
    dataset: such a candidate's score is minus infinity."""
    margin = model.get("margin", 0.0) if margin is None else margin
    locks = model.get("locks", False) if locks is None else locks
    rule = next((i for i, c in enumerate(cues) if c.get("e:rule_choice", c.get("n:rule_choice"))), None)
    locked = rule is not None and locks and decisive(cues[rule])
    if locks and not locked and attr == "dataset":
        paired = [i for i, c in enumerate(cues) if c.get("e:paired_respectively")]
        if len(paired) == 1:
            rule, locked = paired[0], True
    scores = [score(model, c) for c in cues]
    if attr == "subject" and not locked:
        # a value the proposed system is compared with ("71.7% vs 71.9%", "the previous best results
        # are 94.8%") is not the proposed system's: on the development files 12 of 17 such values
        # the scorer gave it were another's or nobody's
        scores = [float("-inf") if c.get("e:proposed_compared") else x for c, x in zip(cues, scores)]
        if rule is not None and cues[rule].get("e:proposed_compared"):
            rule = None
    if attr == "dataset" and not locked:
        # the data a model was pre-trained on ("After pretrained on ImageNet-22K, it attains 86.5%
        # ... when finetuned") is not where the number was measured: in cross-validation every
        # such choice of the scorer was wrong (4 of 4; 2 of them right without it)
        scores = [float("-inf") if c.get("e:pretrained_on") else x for c, x in zip(cues, scores)]
        if rule is not None and cues[rule].get("e:pretrained_on"):
            rule = None
    return pick(scores, rule, margin, locked), scores


def probabilities(candidates: list[Pair], scores: list[float]) -> dict:
    """The model's probability of each link a number's candidates offer: the softmax of their
    scores (the conditional logit the weights were fitted as: train_linker.fit), summed per name
    (None: the text names none; a candidate scored minus infinity has none)."""
    if max(scores) == float("-inf"):
        return {}
    out: dict = {}
    for p, prob in zip(candidates, softmax(scores)):
        name = p.entity.name if p.entity is not None else None
        out[name] = out.get(name, 0.0) + prob
    return out


def choose(model: dict, candidates: list[Pair], attr: str) -> tuple[Pair, dict]:
    """(the candidate the model prefers for `attr`, the probability of each link: `probabilities`;
    see `weigh`), a kind of system that the paper does not propose never a subject
    (`generic_family`)."""
    if attr == "subject":
        candidates = [p for p in candidates if not generic_family(p)
                      and not (p.entity is not None and not_a_subject(p.entity))]
    best, scores = weigh(model, [features(p) for p in candidates], attr)
    return candidates[best], probabilities(candidates, scores)


def generic_family(p: Pair) -> bool:
    """Is the candidate a plural family name that the paper does not propose (candidates.is_family:
    "ResNets", "ConvNets", "LLMs")? A kind of system is no result's subject ("our robust ensemble
    of ResNets achieves 73.91%"); a family the paper proposes is ("FocalNets achieve 82.3%")."""
    return p.entity is not None and p.entity.role != "proposed" and \
        is_family(p.ctx.text[p.mention[0]:p.mention[1]], p.ctx.entity_names)


def relink(doc: Doc, models: dict) -> None:
    """Rewrite each number's links with the candidates the models prefer."""
    nums = doc._.numbers or []
    if not nums:
        return
    ctx = Context.of(doc_text(doc), nums, doc._.entities or [], doc._.held_metrics or [], doc_sentences(doc))
    added = []
    for n in nums:
        chosen = {}
        n.link_probabilities = {}
        for attr in ATTRIBUTES:
            if n.kind in SCORED_KINDS[attr]:
                chosen[attr], n.link_probabilities[attr] = choose(models[attr], pairs(ctx, n, attr), attr)
        for attr in ("metric", "dataset"):
            e = chosen[attr].entity
            setattr(n, attr, e.name if e is not None else None)
            if e is not None and id(e) in ctx.held and all(e is not a for a in added):
                added.append(e)
        if "subject" not in chosen:
            continue
        e = chosen["subject"].entity
        name = e.name if e is not None else None
        if name != n.subject:
            # a different subject than the rules': a single one (the rules' coordinated list was
            # about their choice)
            n.subject, n.subjects = name, []
    same_range_links(nums, ctx.text)
    data = data_mentions(doc._.entities or [])
    metrics = metric_mentions(doc._.entities or [])
    # rules the scorer does not overrule: lists that go together ("respectively" for datasets and
    # metrics; the subject stays the scorer's, so no systems are passed; a list of numbers right
    # before as many datasets or metrics)
    respective(ctx.text, nums, doc_sentences(doc), data, Mentions(), metrics)
    parallel_lists(ctx.text, nums, data, metrics)
    share_links(ctx.text, nums)   # range and list partners share what the other lacks, as in the rules
    share_over_own_data(ctx.text, nums, data)   # so do members of a list that each name their data
    if added:
        add_entities(doc, added)


def same_range_links(nums, text: str = "") -> None:
    """The two ends of one range ("by 3.72%~6.68%", "from 18.4% to 26.2%") are values of one
    measure, by one system, on one dataset: where the scorer chose differently for them, the end
    takes the start's links (the start's None leaves the end's choice). A change "from A to B"
    keeps its ends' subjects apart: the before-value is often a baseline's."""
    for a in nums:
        if a.range_with is None:
            continue
        b = nums[a.range_with]
        if b.range_with is None or nums[b.range_with] is not a or b.start <= a.start:
            continue
        for attr in ("metric", "dataset"):
            if getattr(a, attr) is not None:
                setattr(b, attr, getattr(a, attr))
        if a.subject is not None and b.kind == a.kind and not after_from(text, a):
            b.subject, b.subjects = a.subject, list(a.subjects)


class LinkScorer:
    """Re-ranks the rule linker's candidates with learned weights (see the module docstring)."""

    def __init__(self, use: str = "both") -> None:
        if use not in MODES:
            raise ValueError(f"link_scorer use={use!r}: expected one of {', '.join(MODES)}")
        self.use = use
        weights = load_weights() if use != "rules" else None
        if use != "rules" and weights is None:
            raise FileNotFoundError(f"the trained link scorer ({MODEL_FILE}) is missing from the package: "
                                    "run `extractors train --component linker`")
        self.models = {a: weights["models"][a][use] for a in ATTRIBUTES} if weights else None

    def __call__(self, doc: Doc) -> Doc:
        if self.models is not None:
            relink(doc, self.models)
        nums, text = doc._.numbers or [], doc_text(doc)
        if len(nums) > 1:
            # the two sides of "a vs. b" are the two systems the sentence sets against each other
            # (every mode, after the scorer's choice; inside the rule linker, before the scorer, it
            # moved the scorer's cross-validated subject accuracy 0.849 -> 0.845, here 0.847)
            versus_sides(text, nums, doc_sentences(doc),
                         lambda: system_mentions(text, [e for e in doc._.entities or [] if not defined_term(e)]))
        no_self_measure(nums)
        time_measures(nums, text)
        link_splits(doc)
        link_confidences(nums)
        return doc


def link_confidences(nums) -> None:
    """Each number's `confidence`: for each link the scorer weighed, the probability the model gives
    the link as it finally stands (`probabilities`; after the rules that follow the scorer, which
    may have moved it): for a metric or dataset the probability of that name (or of None, the text
    naming none), for the subject the sum over its subjects (a list "X and Y achieve" is right or
    wrong as one), at most 1; rounded to 3 places. Out-of-fold on the development files, the
    chosen link was right in 95-97% of the links given 0.9 or more and in 52-59% of those given
    0.4-0.5. Nothing in `rules` mode (no model, no probabilities)."""
    for n in nums:
        dists = n.link_probabilities
        if not dists:
            continue
        conf = {}
        for attr, dist in dists.items():
            if attr == "subject":
                names = n.subjects or [n.subject]
                p = min(1.0, sum(dist.get(x, 0.0) for x in dict.fromkeys(names)))
            else:
                p = dist.get(getattr(n, attr), 0.0)
            conf[attr] = round(p, 3)
        n.confidence = conf


def no_self_measure(nums) -> None:
    """A subject spelled as the number's own metric is the metric's name used as a label, not a
    system ("better than the transformer-based approach (MAE: 27.074e-3)", where a lexicon also
    knows MAE as a method): the number keeps no such subject (every mode)."""
    for n in nums:
        if n.metric is None or not (n.subject or n.subjects):
            continue
        metric = n.metric.casefold()
        if n.subject is not None and n.subject.casefold() == metric:
            n.subject = None
        n.subjects = [x for x in n.subjects if x.casefold() != metric]
        if n.subject is None and n.subjects:
            n.subject = n.subjects[0]
        if len(n.subjects) == 1:
            n.subjects = []


@lru_cache(maxsize=1)
def _time_words() -> tuple[frozenset, frozenset]:
    """The last words of time units and the words a measure of time or cost contains
    (word_lists.tsv ``time_units``, ``time_measure_words``)."""
    return resources.word_list("time_units"), resources.word_list("time_measure_words")


#: a comparative of speed right after a factor: "trains 2 times faster", "a 3x slower decoder"
_SPEED_AFTER = rx(r"[ ](?:faster|slower|quicker)\b")


def time_measures(nums, text: str) -> None:
    """A number counted in time units ("4 GPU hours", "less than 5 minutes"; not a rate such as
    "frames per second"), or a factor of speed ("trains 2 times faster": `_SPEED_AFTER`), measures
    a time or a cost: a metric none of whose words names one ("search cost", "training time",
    "latency": `_time_words`) is not its metric ("NVP not only trains 2 times faster (less than 5
    minutes) but also exceeds their encoding quality as 34.07 -> 34.57 (measured with the PSNR
    metric)": neither number of time is PSNR). Every mode."""
    units, words = _time_words()
    for n in nums:
        if n.metric is None:
            continue
        timed = n.unit is not None and n.unit.rsplit(" ", 1)[-1] in units and " per " not in n.unit
        speed = n.kind == "ratio" and _SPEED_AFTER.match(text, max(n.end, n.unit_end)) is not None
        if (timed or speed) and not any(w in words for w in n.metric.casefold().replace("-", " ").split()):
            n.metric = None


def link_splits(doc: Doc) -> None:
    """Each number's `split`: the split of its (final) dataset the text names (linker.dataset_split),
    and its `setting`: the evaluation setting its sentence names for it (linker.result_settings)."""
    nums = doc._.numbers or []
    if not nums or not any(n.dataset for n in nums):
        return
    text, data, sents = doc_text(doc), data_mentions(doc._.entities or []), doc_sentences(doc)
    for n, setting in zip(nums, result_settings(text, nums, sents)):
        n.split = dataset_split(text, n, data, sents)
        n.setting = setting if n.dataset else None


@Language.factory("link_scorer", default_config={"use": "both"},
                  assigns=["doc._.numbers", "doc._.entities", "doc.spans"],
                  requires=["doc._.numbers", "doc._.entities", "doc._.held_metrics", "doc._.sentences"])
def make_link_scorer(nlp: Language, name: str, use: str) -> LinkScorer:
    return LinkScorer(use)
