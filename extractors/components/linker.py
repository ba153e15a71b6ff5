"""`result_linker` component: what each number measures, who achieved it, and on what.

For every number of ``doc._.numbers`` (see numbers.py), using the entities of ``doc._.entities``
and the sentence and clause structure around the number:
- metric: the number's own unit words when they name a measure ("0.7G FLOPs"), a metric named
  right after the number ("52.56% pass@1", "+8.2 on pass@1", "9.9% mAP", "(0.622 EAO)") or
  right before it ("an accuracy of 94.7%", "improves accuracy by 3%"); quality words held back
  by the resolver ("accuracy", "diversity") become metric entities when a number measures them;
  failing those, for a change, the phrase a verb of change acts on ("reduce overfitting by 5.85%");
- subject(s): the first method or model named in the number's clause (a clause ends at
  "while", "whereas", "but", ";"), with the names coordinated with it ("claude-sonnet-4 and
  o3"); "our method / model / approach" is the paper's proposed system; names after "than",
  "over", "compared to", "against", "vs" are baselines, not subjects; failing that, a system
  named right after the number ("selected by Nait"). Counts (sizes of artifacts) have none;
- dataset: a dataset or benchmark named in the sentence ("on MCPMark", "(49 games, ALE)"),
  the nearest one; failing that, the record's only one when the number is a score or delta;
- lists: range and list partners ("36% and 46%") share what one lacks; so do the members of a list
  that each name their own dataset ("94.9% on ModelNet40 and 93.4% on ScanObjectNN": metric and
  subject shared, datasets kept; `own_data_partners`), and so do the members of a list that each
  carry a qualifier with the same preposition ("63.2% in ~2 days, 67.8% in ~3 days";
  `qualified_partners`);
- baseline (deltas and ratios only): the method or model the change is measured against, named
  after a cue of comparison in the number's clause ("improve DARTS by 0.16%", "outperforms GPT-4
  by 3 points", "2.1x faster than FlashAttention"; the cues are resources/baseline_cues.tsv).
The before-value of a change "from A to B" is never the proposed system's: it is the system the
text names at the change ("the FID of StyleGAN3 from 21.36 to 13.60"), else nobody's. A name
known by its shape alone that a score is measured "on", in a sentence naming no dataset, is
retyped a dataset ("1.2% word error rate on LRS3"). The two sides of "a vs. b" after a sentence
setting two systems against each other are theirs, the winner's the better value
(`versus_sides`, which the link scorer applies after its choice, in every mode).
Writes the links into each `NumberMatch`, the baselines into ``doc._.baselines`` (one name or
None per number, aligned with ``doc._.numbers``), and may add metric entities to ``doc._.entities``
and retype a shape-only name of it (`measured_on_shape`).
"""

from bisect import bisect_left, bisect_right
from functools import lru_cache
from typing import Callable, Optional, Sequence

import regex
from spacy.language import Language
from spacy.tokens import Doc

from .. import resources
from ..canonical import LABEL_WORDS, canonical, lower_is_better, split_names
from ..models import LEADERBOARD_KINDS
from ..regexes import longest_first
from .textutil import WORDS, doc_text, rx

from .candidates import Source, Weight, is_family, is_number_format
from .field_terms import is_generic_term
from .entities import Entity, add_entities, named_measure_words, singular_measure
from .names import MEASURED_BY_WORDS, RELATIVE_TO_WORDS
from .numbers import BY_HEDGES, inner_numbers
from .quality import generic_words, plurals
from .sentences import Sentences, doc_sentences, sentences  # noqa: F401  (sentences: link_features imports it from here)

if not Doc.has_extension("baselines"):
    Doc.set_extension("baselines", default=None)

#: where a clause ends inside a sentence (one definition: the rules' clauses and the link cues'):
CLAUSE_BREAK = rx(r"""
    ;\s*                                               # a semicolon
    | :(?!\s*\$?\s*[\d+\-−])\s*                        # a colon, not a label's ("SimCLR: 51.8%")
    | ,?\s+(?:while|whereas|but|although|though)\s+     # a contrast, unless a participle goes on
      (?!(?:achiev|obtain|maintain|reach|attain|deliver|yield|provid|offer|retain|preserv|keep)\p{Ll}*ing\b)
                                                       #   with the same subject ("while achieving")
    | ,?\s+and\s+(?=(?:it|they|we|our)\s)               # a new subject: ", and our largest model, X, obtains"
    """, regex.I | regex.X)
#: the words that compare with another system, one list for every rule that needs them (the
#: linker's baselines and comparisons, the link scorer's baseline cue): "than", "vs.", "outperforms"
COMPARISON = (r"than|over|compared\s+(?:to|with)|against|vs\.?|versus"
              r"|outperform\w*|surpass\w*|beat\w*|exceed\w*")
#: words after which a name is an example or a baseline: "unlike X", "such as X", "from X", "by X"
_EXAMPLE_OR_SOURCE = r"relative\s+to|unlike|like|such\s+as|including|e\.g\.,?|from|of|on|with|in|by"
#: up to two words between such a word and the name ("than the strong GPT-4 ...")
_UP_TO_TWO_WORDS = r"\s+(?:the\s+)?(?:[^\s,]+\s+){0,2}?$"  # not past a comma ("in contrast, X achieves")
_BASELINE_BEFORE = rx(rf"\b(?:{COMPARISON}|{_EXAMPLE_OR_SOURCE}){_UP_TO_TWO_WORDS}", regex.IGNORECASE)
#: the nouns a paper calls its own contribution by ("our method", "the proposed framework")
_SYSTEM_NOUNS = (r"method|approach|model|framework|algorithm|system|technique|"
                 r"loss|criterion|architecture|network|agent|policy|estimator")
_OURS = rx(r"\b(?:our|the\s+proposed|this|the\s+new)\s+(?:\w+\s+){0,2}?"  # "our (new) ..."
                      rf"(?:{_SYSTEM_NOUNS})s?\b"
                      r"|(?:(?<=^|[.;:]\s{1,3})It|(?<=\b(?:that|and|[Ii]n\s+particular,|[Ff]or\s+example,)\s{1,3})it)"
                      r"\s+(?!is\b|was\b|has\s+been\b)(?=\p{Ll})",  # "It outperforms ...": the paper's topic
           regex.IGNORECASE)

#: another's unnamed system as the doer of a clause: a noun phrase that says the system is not the
#: paper's (a marker word), headed by a system noun, then a verb of reaching a result ("while a
#: recent transformer-based approach achieves 59.6%", "whereas standard methods reach 26.9%"), or
#: of falling to one ("the accuracy of many vanilla neural networks drop to nearly 10%")
_THEIRS = rx(rf"""
    \b(?:existing|prior|previous|recent|standard|conventional|baseline|competing|current|other
       |traditional|vanilla|state-of-the-art|SOTA|original|naive)\s+     # a marker of another's system
    (?:[\w\-]+\s+){{0,3}}?                                             # up to three more words
    (?:{_SYSTEM_NOUNS}|baseline|defen[cs]e|tracker|detector|solver)s?\s+  # a system noun
    (?:\([^()]{{1,60}}\)\s+)?                                          # an aside: "(i.e., adversarial training)"
    (?:\w+ly\s+|only\s+)?                                             # "only", "typically"
    (?:achieve|obtain|reach|get|got|attain|yield|score|solve           # reaching a result,
       |drop|fall|fell|degrade|decline|plummet)\w*\b                    # or falling to one
    """, regex.IGNORECASE | regex.VERBOSE)


def theirs_before(text: str, start: int, pos: int) -> bool:
    """Another's unnamed system does what the clause from `start` reports before `pos`: a match of
    `_THEIRS` in the text lies within [start, pos). The text's matches are found once (the last
    few texts are remembered), so a sentence of thousands of numbers stays linear."""
    starts, ends = _theirs_spans(text)
    i = bisect_left(starts, start)
    return i < len(starts) and ends[i] <= pos


@lru_cache(maxsize=8)
def _theirs_spans(text: str) -> tuple[list[int], list[int]]:
    spans = [m.span() for m in _THEIRS.finditer(text)]
    return [s for s, _ in spans], [e for _, e in spans]


#: between a number and the metric named after it, one of:
_AFTER_ON_NAME = r"(?:on|in)\s+(?:the\s+)?[\p{L}\p{N}][\p{L}\p{N}\-.]*\s*\(\s*$"  # "on GSM8k (pass@1)"
_AFTER_PREPOSITION = r"(?:on|in|of|for|in\s+terms\s+of|with\s+respect\s+to|w\.r\.t\.?)\s+"  # "in terms of"
#: "the number of" before a counted quantity: part of the metric's name (`metric_span`)
_NUMBER_OF = r"(?:(?:total\s+)?(?:number|amount)\s+of\s+)"
_AFTER_CHANGE_IN = (r"(?:absolute\s+|relative\s+)?(?:higher|lower|better|worse|improvement|gain|increase|"  # "gain in"
                    r"reduction|drop|decrease|boost|speedup|speed-up|loss)s?\s+(?:in|on|of)\s+(?:the\s+)?"
                    rf"(?:{_NUMBER_OF}|(?!(?:our|their|its|this|these|all)\s)\p{{Ll}}+\s+)?")  # "in masked PSNR"
_AFTER_COMPARATIVE = r"(?:higher|lower|better|worse|less|more|fewer|smaller|larger|reduced|improved|faster)\s+"  # "lower"
_METRIC_AFTER = rx(rf"^\s*(?:\)\s*)?(?:{_AFTER_ON_NAME}|{_AFTER_PREPOSITION}"
                              rf"|{_AFTER_CHANGE_IN}|{_AFTER_COMPARATIVE})?\(?$")
_BY_BEFORE = rx(r"^(?:\s+(?!by\b)\S+){0,8}?\s+by\s*"  # at most eight words, then "by"
                           rf"(?:(?:{BY_HEDGES})\s*)?[~≈∼<>]?\s*$")
#: "the FID of a previously trained ImageNet-64 model from 2.07 to 1.55": the measure of a change
#: "from A to B" may stand further back, when what follows it says whose or where it is
_FROM_BEFORE = rx(r"""
    ^\s+(?:of|on|for|in|between)\s+       # the measure's complement: whose, where, between what
    (?:(?!from\b|by\b)\S+\s+){0,7}?         # at most seven more words, no "from" or "by"
    from\s*\$?\s*$                        # then "from" (a TeX dollar allowed) and the number
    """, regex.IGNORECASE | regex.VERBOSE)
#: the words that may stand between a metric and its number ("an accuracy of about 94.7%")
_BEFORE_LINK_WORDS = (r"of|at|is|was|=|:|reaches|reaching|achieves|\)|"
                      r"achieving|by|to|from|around|about|approximately|up\s+to|over|under|below|above|"
                      r"than|more|less|only|just|nearly|almost|an?|the|and|\(|,")
#: those that may follow an "on <name>" between them
#: (and a verb of achieving: "the detection accuracy of MTGAN reaches 0.998")
_AFTER_NAME_LINK_WORDS = (r"of|at|is|was|=|:|by|to|from|around|about|approximately|up\s+to|only|just|nearly|"
                          r"almost|\(|,|reach(?:es|ed)|achiev(?:es|ed)|attain(?:s|ed)")
#: ("FID scores of 2.97", "ROC AUC performance from 0.798": a word for its values may follow the name)
_METRIC_BEFORE = rx(rf"^(?:\s*(?:scores?|values?|rates?|performance)?\s*(?:{_BEFORE_LINK_WORDS}))*"
                               # "accuracy on AIME24 from 13.3% to ...": one "on <name>" may come between
                               r"(?:\s+(?:on|in|of|over|across)\s+(?:the\s+)?[\p{L}\p{N}][\p{L}\p{N}\-.]*"
                               rf"(?:\s*(?:{_AFTER_NAME_LINK_WORDS}))+)?\s*$")




def _clause_start(text: str, s_start: int, pos: int, cache: Optional[dict] = None,
                  s_end: Optional[int] = None) -> int:
    if cache is not None and pos < len(text) and (text[pos].isdigit() or text[pos] in "+±."):
        # no clause break can hold a digit or sign, so the breaks found once from the sentence
        # start and ending by `pos` are those a search stopping at `pos` finds (linear, not
        # quadratic, in a sentence with many numbers)
        ends = cache.get(s_start)
        if ends is None:
            ends = cache[s_start] = [m.end() for m in CLAUSE_BREAK.finditer(text, s_start, s_end or len(text))]
        i = bisect_right(ends, pos)
        return ends[i - 1] if i else s_start
    start = s_start
    for m in CLAUSE_BREAK.finditer(text, s_start, pos):
        start = m.end()
    return start


class Mentions(list):
    """(start, end, entity) mentions sorted by start, with a window lookup by bisection (a text
    with thousands of numbers and names stays linear)."""

    def __init__(self, items=()) -> None:
        super().__init__(sorted(items, key=lambda m: m[0]))
        self.starts = [m[0] for m in self]

    def within(self, lo: int, hi: int) -> list:
        """The mentions that start in [lo, hi)."""
        return self[bisect_left(self.starts, lo):bisect_left(self.starts, hi)]


def not_a_subject(e: Entity) -> bool:
    """Is the entity a name no result is about: a number format ("FP32", "INT8":
    candidates.is_number_format) or, unless the paper proposes it, a common noun of the field
    ("knowledge distillation (KD)", "neural network (NN)", "hyperparameter optimization (HPO)":
    field_terms.is_generic_term)?"""
    return is_number_format(e.name) or e.role != "proposed" and is_generic_term([e.name, *e.aliases])


def defined_term(e: Entity) -> bool:
    """Is the entity a term the text defines on its way ("optimistic gradient descent (OGD)": an
    acronym of a lower-case long form that nothing else types, `Source.TERM`)? It stays an entity
    of the record but is no candidate for a result's subject, metric or dataset: the link scorer
    trained with such terms as candidates chose subjects less well (cross-validated subject
    accuracy 0.845 -> 0.841)."""
    return Source.TERM in e.sources and e.role != "proposed"


def bare_shape(e: Entity) -> bool:
    """Is the entity a name known by its shape alone ("IMU", "V1": capitals or digits, no lexicon
    entry, no head noun, no proposal, no use as a doer)? Such a name is typed a method by default
    (candidates.Weight.SHAPE_DEFAULT), which says nothing of whether it did anything: the rules
    make it a result's subject only where a number is given for it ("FrameDiff (78.1%)", "0.81 for
    SelfCheckGPT"; `_subjects`)."""
    return e.role != "proposed" and e.sources <= {Source.SHAPE} \
        and max(e.votes.values(), default=0.0) <= Weight.SHAPE_DEFAULT


#: a verb right after a name (perhaps after an adverb, a "for X" or an aside such as ", with 54M
#: parameters,"): the name is the doer ("ESMA requires", "the Neural-PDE can efficiently extract",
#: "DataMUX for Transformers can multiplex", "Sequencer2D-L, with 54M parameters, realizes")
_DOER_AFTER = rx(r"""(?:,[ ](?:with|at|using|despite|having|under)\b[^,;.()]{1,60},)?   # ", with 54M parameters,"
                     [ ](?:(?:for|with|on)[ ]\S+[ ])?(?:\p{Ll}+ly[ ])?
                     (?:can|could|will|would|may|might|must|should|is|are|was|were|has|have|had|does|do
                       |\p{Ll}{2,}(?<!ss)(?:es|s|ed))\b""", regex.VERBOSE)


def is_doer(text: str, s: int, t: int) -> bool:
    """A verb follows the name at ``text[s:t]`` (`_DOER_AFTER`), also where the name is set off by
    commas after the noun it names ("the strongest model, gpt-5-medium, reaches only 52.56%")."""
    if _DOER_AFTER.match(text, t):
        return True
    return text.startswith(",", t) and _SET_OFF_BEFORE.search(text, max(0, s - 30), s) is not None \
        and _DOER_AFTER.match(text, t + 1) is not None


#: a verb of enabling and perhaps a determiner and a size word right before a name: "helps
#: WideResNet-28 secure", "enables a small ResNet-18 to achieve", "allows the student DeiT-Tiny to"
_ENABLED = rx(r"\b(?:helps?|helped|enables?|enabled|allows?|allowed|lets)\s+(?:(?:a|an|the|our|its)\s+)?"
              r"(?:[\p{Ll}\-]+\s+){0,2}$", regex.IGNORECASE)


#: "of" and perhaps "the" right before a name: what a measure written before them is of
_MEASURE_OF = rx(r"\s+of\s+(?:the\s+)?$")


def measured_doer(text: str, s: int, t: int, metrics: "Mentions") -> bool:
    """Is the name at `text[s:t]` what a metric written right before it is of, and the doer of
    its clause: "the average detection accuracy of MTGAN reaches 0.998"? That "of" says whose
    number it is, not where it comes from ("the results of [12]"); without the verb ("improve the
    FID of StyleGAN3 from 21.4 to 13.6") the name is what was measured, not who improved it."""
    of = _MEASURE_OF.search(text, max(0, s - 12), s)
    return of is not None and is_doer(text, s, t) \
        and any(end == of.start() for _, end, _ in metrics.within(of.start() - 80, of.start()))


#: a noun, a comma and a space right before a name: the name is in apposition to the noun
_SET_OFF_BEFORE = rx(r"\b\p{Ll}{3,},[ ]$")


def link_numbers(doc: Doc) -> None:
    text = doc_text(doc)
    ents: list[Entity] = [e for e in doc._.entities or [] if not defined_term(e)]
    nums = doc._.numbers or []
    if not nums:
        return
    mentions = []  # (start, end, entity)
    for e in ents:
        for s, t in e.mentions:
            mentions.append((s, t, e))
    held = {}
    for c in doc._.held_metrics or []:
        held.setdefault(c.text.casefold(), []).append((c.start, c.end))
    held_at = Mentions((s, t, k) for k, spans in held.items() for s, t in spans)  # sorted, for windows
    mentions.sort(key=lambda m: m[0])
    sents = doc_sentences(doc)
    clauses: dict = {}
    systems = system_mentions(text, ents, mentions)
    data = data_mentions(ents)
    metrics = Mentions(m for m in mentions if "METRIC" in m[2].types)
    data_entities = {id(m[2]): m[2] for m in data}
    names = Mentions(m for m in mentions if set(m[2].types) & {"METHOD", "MODEL", "DATASET", "BENCHMARK"})
    proposed_systems = [e for e in ents if e.role == "proposed" and set(e.types) & {"METHOD", "MODEL"}]
    proposed_names = {e.name for e in proposed_systems}
    revived: dict[str, Entity] = {}

    for i, n in enumerate(nums):
        s_start, s_end = sents.at(n.start)
        n_end = max(n.end, n.unit_end)
        # ---- metric
        metric = None
        if n.unit not in (None, "%", "x", "points") and n.kind == "count":
            metric = None
        else:
            metric = unit_metric(n, metrics) or _metric_after(text, n_end, s_end, metrics, held, held_at, revived,
                                                              share=n.kind == "ratio")
            if metric is None and n.range_with is not None and n.range_with > i:
                # "by 0.5% - 1% ImageNet top-1 accuracy": the measure named after a range is its
                # start's too (before a measure named ahead of it: "latency targets by")
                end = nums[n.range_with]
                metric = _metric_after(text, max(end.end, end.unit_end), s_end, metrics, held, held_at, revived,
                                       share=n.kind == "ratio")
            if metric is None:  # a ratio only by "reduces memory by 4.2x", not "2.3x faster than"
                metric = _metric_before(text, n.start if n.context_start < 0 else min(n.start, n.context_start),
                                        s_start, metrics, held, held_at, revived, by_only=n.kind == "ratio")
        if metric is None and n.kind in ("score", "delta", "ratio"):
            metric = metric_before_colon(text, n.start, s_start, metrics)
        if metric is None and n.kind in ("score", "delta", "ratio"):
            # "the competitive ratio of A on such inputs is at least 0.5"
            metric = metric_of_subject(text, n.start if n.context_start < 0 else min(n.start, n.context_start),
                                       s_start, metrics, revived)
        if metric is None and n.kind in ("score", "ratio"):
            # "achieves a designability of 92.3%", "achieves a compression ratio of 13x"
            metric = _metric_of_phrase(text, n.start if n.context_start < 0 else min(n.start, n.context_start),
                                       s_start, revived)
        if metric is None and n.kind in ("delta", "ratio"):
            metric = _metric_changed(text, n.start if n.context_start < 0 else min(n.start, n.context_start),
                                     s_start, revived) \
                or _metric_before_change_noun(text, n_end, revived, names)
        if metric is None and n.kind in ("score", "delta", "ratio") and n.unit == "%":
            # "with only 3.5% of the baseline's computation time": the measure it is a share of
            metric = _metric_share_of(text, n_end, s_end, metrics, revived, n.kind == "score")
        n.metric = metric
        # ---- subject(s)
        if n.kind != "count":
            subs = _subjects(text, n, s_start, s_end, systems, proposed_systems, metrics, clauses)
            if n.kind == "score" and before_value(text, n, nums):
                # the before-value of a change is never the proposed system's own (a baseline's
                # when the text names whose, else nobody's)
                subs = [s for s in subs if s not in proposed_names]
                owner = None if subs else change_owner(text, n, nums, systems)
                subs = [owner] if owner else subs
            elif not subs and n.kind in ("score", "delta", "ratio") and proposed_systems \
                    and not theirs_before(text, _clause_start(text, s_start, n.start, clauses, s_end), n.start):
                # "Experiments show speed-ups of 3x-30x": a result the paper reports without naming
                # who achieved it is its own method's (not "..., while a recent transformer-based
                # approach achieves 59.6%": another's)
                subs = [max(proposed_systems, key=lambda e: len(e.mentions)).name]
            if subs:
                n.subject = subs[0]
                n.subjects = subs if len(subs) > 1 else []
        # ---- dataset
        n.dataset = _dataset(text, n, s_start, s_end, data, data_entities)
        if n.dataset is None and n.kind in ("score", "delta"):
            shaped = measured_on_shape(text, n, s_end, systems)
            if shaped is not None:
                shaped.types = ["DATASET"]
                data = Mentions(list(data) + [(s, t, shaped) for s, t in shaped.mentions])
                systems = Mentions(m for m in systems if m[2] is not shaped)
                data_entities[id(shaped)] = shaped
                n.dataset = shaped.name
    share_links(text, nums)
    share_over_own_data(text, nums, data)
    _framed_metric(text, nums, sents, metrics, held, held_at, revived)
    _compared(text, nums, sents)
    respective(text, nums, sents, data, systems, metrics)
    parallel_lists(text, nums, data, metrics)
    doc._.baselines = _baselines(text, nums, sents, systems, clauses)
    if revived:
        add_entities(doc, one_metric_per_name(ents, [e for e in revived.values() if e not in ents], nums))


#: what lies between two numbers of one range or list: a range mark or one list word ("-", "to",
#: ",", "and", ", and"), an arrow from an old value to a new one ("50.7%→65.2%": normalisation
#: makes LaTeX's ``\rightarrow`` one), or up to two words (a unit, a metric) before the list word
#: ("95.1% top-1 and 80.2%")
_PARTNER = rx(r"""
    ^\s?(?:--|-|–|—|to|~|∼|/|,|,?\s?and|,?\s?or|vs\.?|versus)\s?$    # a range mark (LaTeX's "--" too) or a list word
  | ^\s*(?:→|⟶|->)\s*$                                       # an arrow from an old value to a new one
  | ^\s*(?:[\w@^\-]+(?:\s+|(?=,))){0,2}?(?:,?\s?and|,?\s?or|,|/)\s*$   # a unit or a metric, then the list word
""", regex.VERBOSE)

#: between two values of a list that labels each with its system: "SimCLR: 51.8%, SwAV: 63.7%"
_LABELLED_NEXT = rx(r"""
    ^\s*[,;]\s*                          # the list's comma
    [\p{Lu}\p{N}][\w.+\-]*(?:\s[\w.+\-]+)?   # the next label: a name of one or two words
    \s*:\s*$                             # its colon, right before the value
""", regex.VERBOSE)


#: between two margins of one comparison, each after "by": "outperforms NMN by 32% and the
#: reasoning-free language model GenBERT by 8% in exact match accuracy" (`regex.VERBOSE`)
_BY_NEXT = rx(r"""
    ^\s*(?:,\s*and|,|and)\s+          # the list word
    (?:[\w.+\-]+\s+){1,6}?            # the next rival: one to six words
    by\s+$                           # and its "by", right before the value
""", regex.VERBOSE)
_BY_RIGHT_BEFORE_NUMBER = rx(r"\bby\s+$")


@lru_cache(maxsize=1)
def _measure_change_verb():
    """A verb whose object is a measure (word list `measure_change_verbs`): "and reduces latency
    by 30%" starts another change, not the next rival of one comparison."""
    verbs = "|".join(sorted(resources.word_list("measure_change_verbs"), key=longest_first))
    return rx(rf"\b(?:{verbs})\w*", regex.IGNORECASE)


def rivals_by(text: str, a, b) -> bool:
    """Are a and b the margins of one comparison over two rivals, each after "by" (`_BY_NEXT`:
    "outperforms NMN by 32% and GenBERT by 8% in exact match accuracy")? They share a metric and a
    dataset (`share_links`), not a run or a baseline: each margin is over its own rival."""
    between = text[max(a.end, a.unit_end):b.start]
    return a.unit == b.unit and bool(_BY_NEXT.match(between)) \
        and bool(_BY_RIGHT_BEFORE_NUMBER.search(text, max(0, a.start - 4), a.start)) \
        and not _measure_change_verb().search(between)


def _partners(text: str, a, b) -> bool:
    """Two numbers of one unit in a range or a list: "3.72%~6.68%", "36% and 46%", "SimCLR: 51.8%,
    SwAV: 63.7%" (`labelled`); or the two ends of a range the numbers component found (`range_with`:
    a, b consecutive, each naming the other)."""
    ends = a.range_with is not None and b.range_with is not None and a.range_with > b.range_with
    return a.unit == b.unit and (ends or bool(_PARTNER.match(text[max(a.end, a.unit_end):b.start]))
                                 or labelled(text, a, b))


def labelled(text: str, a, b) -> bool:
    """Are a and b consecutive values of a list that labels each with its own system ("SimCLR:
    51.8%, SwAV: 63.7%")? They share a metric and a dataset, never a subject."""
    return bool(_LABELLED_NEXT.match(text[max(a.end, a.unit_end):b.start]))


#: between two values compared with each other: "(71.7% vs 71.9%)", "(MOS: 4.44 versus 4.43)"
_VERSUS = rx(r"\s?(?:vs\.?|versus)\s?")


def versus(text: str, a, b) -> bool:
    """Are a and b the two sides of "a vs. b"? They share a metric and a dataset, never a subject:
    the development annotations give the two sides of every such pair different subjects (or the
    second none: "2.46% (90.72% vs. 88.54%)" is the proposed system against full fine-tuning)."""
    return bool(_VERSUS.fullmatch(text, max(a.end, a.unit_end), b.start))


#: a comparison that says which side wins: "A outperforms B", "A beats B", "better than B"
_WINS = rx(r"\b(?:outperform|surpass|beat|exceed|improv)\w*|\bbetter\s+than\b", regex.IGNORECASE)
#: any comparison of two systems: the winning words, "matches", "compared to", "vs.", "against"
_SET_AGAINST = rx(rf"\b(?:{COMPARISON}|match\w*|on\s+par\s+with|close\s+to|comparable|counterpart\w*)\b",
                  regex.IGNORECASE)


def versus_sides(text: str, nums, sents: "Sentences", systems: Callable[[], "Mentions"]) -> None:
    """The two sides of "a vs. b" after a sentence that sets one system against another ("Voicebox
    outperforms ... VALL-E on intelligibility (5.9% vs 1.9% word error rates)", "DiffWave matches
    a strong WaveNet vocoder ... (MOS: 4.44 versus 4.43)") are those two systems' values: the
    first side keeps the subject the rules gave it and the second, which has none (`share_links`
    gives the sides no shared subject), takes the other system: the last one named before the
    pair that is not the first's, after the comparison words (`_SET_AGAINST`) or the first's own
    mention ("compared to the full-precision models, MobileNetv2 trained with DDQ achieves ... (71.7%
    vs 71.9%)": MobileNetv2 for the second). When the sentence
    says which wins (`_WINS`), the better value by the metric's direction (canonical.lower_is_better;
    higher without a metric, as leaderboards sort) is the winner's, whichever side it stands on.
    `systems` gives the systems' mentions (`system_mentions`), asked only when such a pair is."""
    pairs = [(a, b) for a, b in zip(nums, nums[1:])
             if a.subject is not None and b.subject is None and not a.subjects and a.kind in ("score", "delta")
             and b.kind == a.kind and a.unit == b.unit and versus(text, a, b)]
    mentions = systems() if pairs else None
    for a, b in pairs:
        s_start = sents.at(a.start)[0]
        named = [m for m in mentions.within(s_start, a.start) if m[1] <= a.start]
        mine = [m for m in named if m[2].name == a.subject]
        if not mine:
            continue
        cue = _SET_AGAINST.search(text, s_start, a.start)
        if cue is None:
            continue
        rival = next((m for m in reversed(named) if m[2].name != a.subject and m[0] >= min(cue.start(), mine[0][0])),
                     None)
        if rival is None:
            continue
        first, second = a.subject, rival[2].name
        metric = a.metric or b.metric
        if a.value != b.value and _WINS.search(text, mine[-1][1], a.start) \
                and (a.value < b.value) != (metric is not None and lower_is_better(metric)):
            first, second = second, first   # the winner, named first, has the better value: b
        a.subject, b.subject = first, second
        b.subjects = []


def fill_missing(a, b, attr: str) -> None:
    """Of two numbers that share a link, the one without `attr` takes the other's."""
    if getattr(b, attr) is None and getattr(a, attr) is not None:
        setattr(b, attr, getattr(a, attr))
    elif getattr(a, attr) is None and getattr(b, attr) is not None:
        setattr(a, attr, getattr(b, attr))


def share_links(text: str, nums) -> None:
    """Range and list partners ("by 3.72%~6.68%", "36% and 46%") share what the other lacks;
    a second, backward pass carries it to the head of a longer list ("95.1%, 80.2% and 70.3%
    accuracy"). The margins over two rivals of one comparison share their metric and dataset
    (`rivals_by`: "outperforms NMN by 32% and GenBERT by 8% in exact match accuracy"). Values of a labelled list and the two sides of "vs." share no subject (`labelled`,
    `versus`): the second side of "vs." loses a subject it has the same as the first."""
    pairs = list(zip(nums, nums[1:]))
    for a, b in pairs:
        if a.subject is not None and b.subject == a.subject and versus(text, a, b):
            b.subject, b.subjects = None, []   # "FooQ ... (71.7% vs 71.9%)": the second is another's
    for a, b in pairs + pairs[::-1]:
        if rivals_by(text, a, b):
            for attr in ("metric", "dataset"):
                fill_missing(a, b, attr)
        if not _partners(text, a, b):
            continue
        for attr in ("metric", "dataset"):
            fill_missing(a, b, attr)
        if b.subject is None and a.subject is not None and b.kind != "count" and not labelled(text, a, b) \
                and not versus(text, a, b):
            b.subject, b.subjects = a.subject, list(a.subjects)


#: words that say which measure the numbers of a sentence are in: "in terms of mIoU", "measured
#: by FID", "w.r.t. BLEU" (names.MEASURED_BY_WORDS, names.RELATIVE_TO_WORDS)
_FRAME = rx(rf"\b(?:{MEASURED_BY_WORDS}|{RELATIVE_TO_WORDS})\s+(?:the\s+)?", regex.IGNORECASE)


def _framed_metric(text, nums, sents: Sentences, metrics, held, held_at, revived) -> None:
    """"50.4% (+8.2%) on COCO, 81.8% (+3.2%) on Pascal-VOC ... in terms of mIoU": a metric the
    sentence names after a frame (`_FRAME`) is the metric of each of its scores, changes and
    factors that has none, wherever in the sentence they stand; only when the sentence frames
    one metric (two frames may split the sentence's numbers between them)."""
    found: dict = {}
    _frame_right_after(text, nums, metrics, held, held_at, revived)
    for n in nums:
        if n.metric is not None or n.kind not in ("score", "delta", "ratio"):
            continue
        sent = sents.at(n.start)
        if sent not in found:
            found[sent] = _frame_metrics(text, *sent, metrics, held, held_at, revived)
        if len(found[sent]) == 1:
            n.metric = found[sent][0]


#: between a number (its unit included) and a frame right after it: "by 1.1% and 0.8% in terms of mAP"
_TO_FRAME = rx(r"[ ]?,?[ ]?")
#: between two members of a list of numbers the frame after the last one measures
_FRAMED_LIST_GAP = rx(r"\s*(?:,|,?\s+and|/)\s*")


def _frame_right_after(text, nums, metrics, held, held_at, revived) -> None:
    """"outperform default combinations (... L1 loss ...) by 1.1% and 0.8% in terms of mAP": a
    frame right after a number names its metric, and that of the list members before it in the
    same unit, whatever other metric the rules read for them (the frame is the text saying so)."""
    if not nums:
        return
    for f in _FRAME.finditer(text):
        i = bisect_left(nums, f.start(), key=lambda m: max(m.end, m.unit_end)) - 1
        while i + 1 < len(nums) and max(nums[i + 1].end, nums[i + 1].unit_end) <= f.start():
            i += 1
        if i < 0 or not _TO_FRAME.fullmatch(text, max(nums[i].end, nums[i].unit_end), f.start()):
            continue
        names = _frame_metrics(text, f.start(), f.end() + 1, metrics, held, held_at, revived)
        if not names:
            continue
        j = i
        while True:
            if nums[j].kind in ("score", "delta", "ratio"):
                nums[j].metric = names[0]
            prev = nums[j - 1] if j > 0 else None
            if prev is None or prev.unit != nums[j].unit or \
                    not _FRAMED_LIST_GAP.fullmatch(text, max(prev.end, prev.unit_end), nums[j].start):
                break
            j -= 1


def _frame_metrics(text, s_start, s_end, metrics, held, held_at, revived) -> list[str]:
    """The metrics a sentence names right after a frame, in order, once each."""
    out: list[str] = []
    for f in _FRAME.finditer(text, s_start, s_end):
        name = next((e.name for s, _, e in metrics.within(f.end(), f.end() + 1)), None)
        if name is None:
            for s, t, _ in held_at.within(f.end(), f.end() + 1):
                span = measure_span(text, s, t)
                name = _revive(text, span, held, revived) if span else None
        if name is not None and name not in out:
            out.append(name)
    return out


#: "from 18.4% to 6.2%, an absolute reduction of 12.2 points"
_CHANGE_OF = r"an?\s+(?:\w+\s+)?(?:reduction|improvement|gain|increase|decrease|drop|boost)\s+of"
_COMPARED = rx(rf"\b(?:{COMPARISON}|while|whereas|{_CHANGE_OF})\b", regex.IGNORECASE)
_SCORE_UNITS = (None, "%", "points")
#: how far before a number its comparison word is looked for, in characters: the word is near the
#: number it sets against the earlier one ("..., compared to 0.81", "surpassing ConvNeXt-T by 2.1");
#: the whole way back to that earlier number, a sentence of thousands of numbers with no comparison
#: ("1 1 1 ...") made one search per number over a gap as long as the sentence: quadratic
#: (10,000 numbers 0.9 s, 20,000 3.8 s). Records on both corpora, the seeds and the annotations
#: are the same with the bound.
COMPARED_REACH = 300


def _compared(text: str, nums, sents: Sentences) -> None:
    """A number set against an earlier one measures the same thing: "an AUROC of 0.92, compared
    to 0.81 for ...", "85.3% top-1 accuracy ..., surpassing ConvNeXt-T by 2.1 points"."""
    inherited: set[int] = set()
    measured: list = []   # the numbers so far that name their metric (scores and changes), in order
    for n in nums:
        if n.metric is not None or n.kind not in ("score", "delta") or n.unit not in _SCORE_UNITS:
            if n.metric and n.kind in ("score", "delta") and n.unit in _SCORE_UNITS:
                measured.append(n)
            continue
        sent_start = sents.at(n.start)[0]
        # the last 8 of them in n's sentence, nearest first (a list kept as the loop goes: a
        # sentence of thousands of numbers stays linear)
        earlier = []
        for p in reversed(measured):
            if p.start < sent_start or len(earlier) >= 8:
                break
            earlier.append(p)
        prev = next((p for p in earlier if p.unit == n.unit), earlier[0] if earlier else None)  # "%" with "%"
        if prev is None:
            continue
        gap = text[max(prev.end, n.start - COMPARED_REACH):n.start]
        # "... compared to 0.81 for semantic entropy and 0.76 for SelfCheckGPT": the list goes on
        listed = id(prev) in inherited and n.start - prev.end <= 60 and not rx(r"[;:]|\b(?:while|whereas|but)\b").search(gap)
        if _COMPARED.search(gap) or listed:
            n.metric = prev.metric
            n.dataset = n.dataset or prev.dataset
            inherited.add(id(n))
            measured.append(n)


#: what joins the members of a coordinated list of names: "A, B and C", "A/B"
_CHAIN_GAP = rx(r"""
    (?:\s+(?:on|in)\s+(?:the\s+)?[\p{L}\p{N}][\w\-./]*(?:\s+(?:dataset|benchmark)s?)?)?  # a member's own
                                        # data: "Recall@1 on NQ320k dataset and R-Precision on TriviaQA"
    (?:\s*(?:,|/|,?\s+(?:and|or))\s+(?:the\s+)?|\s*/\s*)   # the list's comma, slash or conjunction
    """, regex.VERBOSE)


def chains(text: str, mentions, lo: int, hi: int) -> list[list]:
    """Coordinated runs (two or more) of distinct entities in text[lo:hi]: "CIFAR-10, CIFAR-100
    and ImageNet"; `mentions` a `Mentions` of (start, end, entity)."""
    chains: list[list] = []
    for m in (m for m in mentions.within(lo, hi) if m[1] <= hi):
        # (two entities of one written form are two members: "CIFAR-10/100", entities._shared_stem_names)
        if chains and (_CHAIN_GAP.fullmatch(text[chains[-1][-1][1]:m[0]]) or m[0] == chains[-1][-1][0]) \
                and all(m[2] is not c[2] for c in chains[-1]):
            chains[-1].append(m)
        else:
            chains.append([m])
    return [c for c in chains if len(c) >= 2]


def respective(text: str, nums, sents: Sentences, data, systems, metrics) -> None:
    """Lists that go together: "95.1%, 80.2% and 70.3% on CIFAR-10, CIFAR-100 and ImageNet,
    respectively", "A and B reach 80% and 70%, respectively", "gains of 20%, 11% and 19% in
    BLEU-4, ROUGE-L and METEOR, respectively": in a sentence that says "respectively", a run of k
    numbers of one unit and a coordinated list of k datasets (or systems, or metrics) pair up in
    order. Numbers in a parenthesis right after a number ("2.46% (90.72% vs. 88.54%) and 11.48%
    (73.10% vs. 65.57%) ... on FGVC and VTAB-1k, respectively") are not members: they take their
    owner's pairing (`inner_numbers`)."""
    runs, inside = number_runs(text, nums)
    for run in runs:
        if len(run) < 2:
            continue
        s_start, s_end = sents.at(run[0].start)
        if not rx(r"\brespectively\b").search(text, s_start, s_end):
            continue  # without the word, two lists in one sentence need not go together
        for mentions, attr in ((data, "dataset"), (systems, "subject"), (metrics, "metric")):
            chain = next((c for c in chains(text, mentions, s_start, s_end) if len(c) == len(run)), None)
            if chain is None and attr == "dataset" and _THESE_DATA.search(text, s_start, s_end):
                # "... on YouTube-VIS 2019 and YouTube-VIS 2021. Our InsPro achieves 43.2 AP and
                # 37.6 AP on these two benchmarks respectively": the list the sentence before names
                k = sents.index(s_start)
                if k > 0:
                    p_start, p_end = sents.spans[k - 1]
                    chain = next((c for c in reversed(chains(text, mentions, p_start, p_end))
                                  if len(c) == len(run)), None)
            if chain is None and attr == "dataset" and not mentions.within(s_start, s_end):
                # "RTE achieves 93.64% on CIFAR-10 and 66.43% on CIFAR-100 ..., and 76.72% on
                # ImageNet. These are gains over previous accuracies of 86.6%, 60.2%, and 71.31%,
                # respectively": a sentence naming no data pairs with the data the one before
                # names, one each, in order, when there are as many as numbers
                k = sents.index(s_start)
                if k > 0:
                    first: dict = {}
                    for m in mentions.within(*sents.spans[k - 1]):
                        first.setdefault(id(m[2]), m)
                    if len(first) == len(run):
                        chain = list(first.values())
            if chain is None:
                continue
            if attr == "subject" and _compared_list(text, chain[0][0]):
                continue  # "with the same FLOPs as EfficientNet-B0 and MobileNetV3 but with higher
                # accuracy, by 1% and 0.3% respectively": the systems compared with, not the subjects
            for n, m in zip(run, chain):
                for x in [n] + inside.get(id(n), []):
                    setattr(x, attr, m[2].name)
                    if attr == "subject":
                        x.subjects = []


def _compared_list(text: str, start: int) -> bool:
    """Does a cue of comparison stand right before a list of systems starting at `start` ("than X
    and Y", "outperforms X and Y", "the same FLOPs as X and Y")?"""
    return bool(_baseline_cue().search(text, max(0, start - 80), start)
                or _SAME_AS.search(text, max(0, start - 60), start))


#: "the same FLOPs as", "comparable accuracy as": a comparison of equals right before a name
_SAME_AS = rx(r"\b(?:same|similar|comparable)\b[^.;,]{0,40}?\bas\s+(?:the\s+)?$", regex.IGNORECASE)


#: between two members of a list when the first has a parenthesis of its own: "2.46% (90.72% vs.
#: 88.54%) and 11.48%"
_PAREN_PARTNER = rx(r"\s*\([^()]{1,80}\)\s*(?:,?\s?and|,?\s?or|,)\s*")


def number_runs(text: str, nums) -> tuple[list[list], dict]:
    """The runs of list partners (`_partners`; or members whose parenthesis stands between,
    `_PAREN_PARTNER`) among the numbers that no other number's parenthesis holds, and id(number)
    -> the numbers its own parenthesis holds (`inner_numbers`). A single number is a run of one."""
    owner = inner_numbers(text, nums)
    inside: dict = {}
    for n in nums:
        if id(n) in owner:
            inside.setdefault(id(owner[id(n)]), []).append(n)
    top = [n for n in nums if id(n) not in owner]
    runs = []
    i = 0
    while i < len(top):
        run = [top[i]]
        while i + len(run) < len(top):
            a, b = run[-1], top[i + len(run)]
            if not (_partners(text, a, b) or inside.get(id(a)) and a.unit == b.unit
                    and _PAREN_PARTNER.fullmatch(text, max(a.end, a.unit_end), b.start)):
                break
            run.append(b)
        i += len(run)
        runs.append(run)
    return runs, inside



#: data named again by a demonstrative ("these two benchmarks", "both datasets", "the three tasks")
_THESE_DATA = rx(r"\b(?:these|those|the|both)\s+(?:(?:two|three|four|five|six)\s+)?(?:datasets|benchmarks|tasks)\b"
                 r"|\bboth\s+(?:of\s+them|datasets|benchmarks)\b", regex.IGNORECASE)
#: what may stand between a list of numbers and the list of datasets right after it: a few words
#: (a metric, a task), then "on / in / across / for" ("72.3%, 76.4% and 74.2% mIoU for semantic
#: segmentation on S3DIS, ScanNet V2 and SemanticKITTI")
_LIST_TO_LIST = rx(r"\s*(?:[\p{L}][\p{L}\-@]*\s+){0,5}?(?:on|in|across|for|over)\s+(?:the\s+)?", regex.I)


#: between a coordinated list of data and the run of as many numbers right after it: up to six
#: words, no clause mark ("CIFAR10, CIFAR100 and ImageNet with accuracy of 95.50%, 76.25% and
#: 68.64%", "on MNIST and SVHN, reaching 99.1% and 96.2%")
_DATA_LIST_TO_NUMBERS = rx(r"""
    (?:\s+(?:dataset|benchmark|data\s+set|task)s?)?    # the list's kind noun
    ,?\s+(?:[\p{L}][\p{L}\-]*\s+){1,6}?               # up to six words: "with accuracy of", "reaching"
    [~≈∼]?\s*\$?\s*$
    """, regex.I | regex.X)


#: what may stand between a list of numbers and the list of metrics right after it: up to three
#: words, then the measure's preposition ("by 1.65, 1.76 and 1.81 in terms of BLEU-4, ROUGE-L and
#: METEOR", "20%, 11%, and 19% relative improvements in BLEU-4, ROUGE-L, and METEOR")
_LIST_TO_METRICS = rx(r"""
    \s*(?:[\p{L}][\p{L}\-]*\s+){0,3}?              # up to three words ("relative improvements")
    (?:(?:in\s+terms\s+of|in|on|of|for)\s+)?        # the measure's preposition
    (?:the\s+)?
    """, regex.I | regex.X)


def system_mentions(text: str, ents: list, mentions: Optional[list] = None) -> Mentions:
    """The mentions (start, end, entity) of the methods and models that may be a result's subject:
    not plural family names ("LLMs", "GNNs", "ResNets": kinds of systems), number formats or
    generic field terms (`not_a_subject`). `mentions`: every entity's, sorted, when known."""
    if mentions is None:
        mentions = sorted(((s, t, e) for e in ents for s, t in e.mentions), key=lambda m: m[0])
    entity_names = frozenset(e.name for e in ents)
    return Mentions(m for m in mentions if set(m[2].types) & {"METHOD", "MODEL"}
                    and not is_family(text[m[0]:m[1]], entity_names) and not not_a_subject(m[2]))


def typed_mentions(entities, types: frozenset) -> Mentions:
    """(start, end, entity) of the mentions of the entities of any of `types`, sorted."""
    return Mentions((s, t, e) for e in entities if not types.isdisjoint(e.types) for s, t in e.mentions)


def data_mentions(entities) -> Mentions:
    """(start, end, entity) of the dataset and benchmark mentions, sorted."""
    return typed_mentions(entities, frozenset({"DATASET", "BENCHMARK"}))


def metric_mentions(entities) -> Mentions:
    """(start, end, entity) of the metric mentions, sorted."""
    return typed_mentions(entities, frozenset({"METRIC"}))


def parallel_lists(text: str, nums, data: Mentions, metrics: Mentions) -> None:
    """A run of k >= 2 numbers of one unit followed at once by a coordinated list of k datasets,
    or of k metrics, pairs up in order, "respectively" or not ("reduces the error by 89%, 19%,
    80%, and 35% on the KITTI, Ford multi-AV, Oxford RobotCar and VIGOR datasets", "improves them
    by 1.65, 1.76 and 1.81 in terms of BLEU-4, ROUGE-L and METEOR"): only `_LIST_TO_LIST` (or
    `_LIST_TO_METRICS`) between the last number and the first name, so the two lists are one
    phrase. A run that holds the ends of a range is no such list: "1.5-3.3 BLEU improvements in
    IWSLT English-French and English-German tasks" gives one span of values over both."""
    lists = ((data, "dataset", _LIST_TO_LIST), (metrics, "metric", _LIST_TO_METRICS))
    runs, inside = number_runs(text, nums)
    for run in runs:
        if len(run) < 2 or any(n.range_with is not None for n in run):
            continue
        end = max(run[-1].end, run[-1].unit_end)
        if inside.get(id(run[-1])):   # after the last member's parenthesis
            end = text.find(")", max(inside[id(run[-1])][-1].end, inside[id(run[-1])][-1].unit_end)) + 1
        for mentions, attr, gap in lists:
            chain = next((c for c in chains(text, mentions, end, end + 400)
                          if gap.fullmatch(text, end, c[0][0])), None)
            if chain is None and attr == "dataset":
                # the list of data first: "on CIFAR10, CIFAR100 and ImageNet with accuracy of
                # 95.50%, 76.25% and 68.64%"
                before = chains(text, mentions, max(0, run[0].start - 400), run[0].start)
                chain = before[-1] if before and _DATA_LIST_TO_NUMBERS.fullmatch(
                    text, before[-1][-1][1], run[0].start) else None
            if chain is None or len(chain) != len(run):
                continue
            for n, m in zip(run, chain):
                for x in [n] + inside.get(id(n), []):
                    setattr(x, attr, m[2].name)


#: after a number's own dataset, the list word before the next number: "94.9% on the ModelNet40
#: dataset and 93.4% on ...", "1.77 on CelebA, 1.93 on AFHQv2"
_OWN_DATA_GAP = rx(r"(?:\s+(?:dataset|benchmark|data\s+set|split|set|task)s?)?\s*(?:,|;|,?\s+and|,?\s+or)?\s*", regex.I)


def own_data_partners(text: str, a, b, data: "Mentions") -> bool:
    """Two numbers of one unit in a list whose members each name their own dataset: "accuracies
    of 94.9% on the ModelNet40 dataset and 93.4% on the ScanObjectNN dataset", "FID 1.77 on
    CelebA, 1.93 on AFHQv2": between them only the first's "on D" (`_LIST_TO_LIST`) and a list
    word (`_OWN_DATA_GAP`). Values of one measure by one system, on different data."""
    lo = max(a.end, a.unit_end)
    if a.unit != b.unit or b.start <= lo:
        return False
    for s, t, _ in data.within(lo, b.start):
        if t <= b.start and _LIST_TO_LIST.fullmatch(text, lo, s) and _OWN_DATA_GAP.fullmatch(text, t, b.start):
            return True
    return False


#: after a number, the qualifier it shares in kind with the next number of a list: a preposition
#: (group 1) and a short phrase, then the list word ("63.2% in ~2 days, 67.8% in ~3 days")
_QUALIFIED_GAP = rx(r"""
    \s+(in|with|at|after|within|under|using)   # the first value's qualifier: its preposition
    \s+[^,;:()]{1,40}?                          # and a short phrase, with no clause mark
    \s*(?:,|,?\s+and|,?\s+or)\s+                # the list word before the next value
    """, regex.VERBOSE | regex.IGNORECASE)


def qualified_partners(text: str, a, b) -> bool:
    """Two numbers of one unit in a list whose members each carry a qualifier with the same
    preposition: "accuracies of 63.2% in ~2 days, 67.8% in ~3 days and 69.3% in ~4 days",
    "71.2% with 1% of the labels and 80.1% with 10% of them". Values of one measure by one
    system under different settings (numbers inside the qualifiers, "~2 days", are not members)."""
    lo = max(a.end, a.unit_end)
    if a.unit != b.unit or b.start <= lo:
        return False
    m = _QUALIFIED_GAP.fullmatch(text, lo, b.start)
    if not m:
        return False
    hi = max(b.end, b.unit_end)
    after = text[hi:hi + len(m.group(1)) + 3].split()
    return bool(after) and after[0].casefold() == m.group(1).casefold()


def _list_pairs(text: str, nums, data: "Mentions") -> list:
    """Consecutive members of the lists `own_data_partners` and `qualified_partners` find; a
    member's next is one of the three numbers after it (numbers of a qualifier come between)."""
    pairs = []
    for i, a in enumerate(nums):
        for b in nums[i + 1:i + 4]:
            if own_data_partners(text, a, b, data) or qualified_partners(text, a, b):
                pairs.append((a, b))
                break
            if b.unit == a.unit:
                break
    return pairs


def share_over_own_data(text: str, nums, data: "Mentions") -> None:
    """Members of a list that name their own datasets (`own_data_partners`) or qualifiers
    (`qualified_partners`) share the metric and the subject one of them lacks, in both
    directions; each keeps its own dataset."""
    pairs = _list_pairs(text, nums, data)
    for a, b in pairs + pairs[::-1]:
        fill_missing(a, b, "metric")
        if a.kind == "count" or b.kind == "count":
            continue
        if b.subject is None and a.subject is not None:
            b.subjects = list(a.subjects)
        elif a.subject is None and b.subject is not None:
            a.subjects = list(b.subjects)
        fill_missing(a, b, "subject")


def unit_metric(n, metrics: Mentions) -> Optional[str]:
    """The metric a number's own unit words name: a score, change or factor counted in a unit that
    is a measure ("with 167M FLOPs", "0.7G FLOPs") is a value of that measure. Only a metric
    mention inside the unit words counts, and only for those kinds: "175B parameters" (a setting)
    and "49 games" (a count) name no metric."""
    if n.kind not in ("score", "delta", "ratio") or n.unit_end <= n.end:
        return None
    return next((e.name for s, t, e in metrics.within(n.end, n.unit_end) if t <= n.unit_end), None)


#: one to three words between a number and the metric after it
_NARROWING = rx(r"\s+(?:[\p{L}\p{N}][\p{L}\p{N}\-_^∞]*\s+){1,3}")   # a norm's subscript too: "67% PGD l_∞-8 adversarial accuracy"


#: a comparative right after a number, before the words that narrow its metric ("39.2% higher
#: average feedback efficiency", "5.9x fewer total model parameters"): no part of the metric's name
_COMPARATIVE_FIRST = rx(r"\s+(?:higher|lower|fewer|less|more|smaller|larger|greater)(?=\s)")
_WORD = rx(r"\S+")


def _aggregate_words() -> frozenset:
    """Words saying how values were aggregated ("average", "mean"): word list `aggregate_words`."""
    return resources.word_list("aggregate_words")


def narrowing_start(text: str, pos: int, s: int) -> Optional[int]:
    """Where the words that narrow a metric at `s` start, after a number ending at `pos`: one to
    three words ("77.9% zero-shot ImageNet accuracy", "12.3% ImageNet-1K finetuning accuracy"),
    none a word that never narrows a metric (word list `metric_modifier_stop`: "of", "than",
    "higher"), but the first may say how the values were aggregated ("8.7% average task
    accuracy": word list `aggregate_words`), and a comparative may stand before them ("39.2%
    higher average feedback efficiency"). None when the words between are not such words."""
    compared = _COMPARATIVE_FIRST.match(text, pos, s)
    lo = compared.end() if compared else pos
    if not _NARROWING.fullmatch(text, lo, s):
        return None
    words = list(_WORD.finditer(text, lo, s))
    rest = words[1:] if words[0].group().casefold() in _aggregate_words() else words
    if any(_stop_word_start(w.group()) for w in rest):
        return None
    return words[0].start()


def narrowing_words(text: str, pos: int, s: int) -> bool:
    """Do words that narrow a metric at `s` stand between it and a number ending at `pos`
    (`narrowing_start`)?"""
    return narrowing_start(text, pos, s) is not None


def _metric_after(text, pos, s_end, metrics, held, held_at, revived, share: bool) -> Optional[str]:
    """The metric named right after a number ending at `pos`; for a share (`share`: a ratio), also
    after "of the" ("only 5% of the storage space")."""
    def after(end: int) -> bool:
        return bool(_METRIC_AFTER.match(text[pos:end]) or narrowing_words(text, pos, end)
                    or share and _OF_THE.fullmatch(text, pos, end))

    for s, t, e in metrics.within(pos, min(s_end, pos + 40)):
        if after(s):
            return _with_protocol(text, pos, s, t, _with_modifiers(text, pos, s, t, e.name, revived), revived)
    for s, t, _ in held_at.within(pos, min(s_end, pos + 40)):
        # the words that narrow the quality word may stand between: "50% search time"
        span = measure_span(text, s, t, extend_from=pos)
        if span and span[0] >= pos and after(span[0]):
            start = narrowing_start(text, pos, span[0])
            if start is not None \
                    and _WORD.match(text, start).group().casefold() in _aggregate_words():
                span = (start, span[1])   # "3.51x average speedups": the aggregate is part of the name
            return _with_protocol(text, pos, span[0], span[1], _revive(text, span, held, revived), revived)
    return None


#: lower-case words that narrow a metric, written between a number and the metric's name: "60.0
#: box mAP", "87% final success rate" (a capitalised word is a name: a dataset's, `_with_protocol`)
_LOWER_MODIFIERS = rx(r"(?:\p{Ll}[\p{Ll}\p{N}]*(?:-[\p{L}\p{N}]+)*\s+){1,2}")


def _with_modifiers(text: str, pos: int, s: int, t: int, name: str, revived: dict) -> str:
    """The known metric `name` at [s, t) after a number ending at `pos`, with the lower-case words
    that narrow it written between them ("60.0 box mAP" -> "box mAP", as the text names it:
    docs/ANNOTATION.md); one entity per spelling, its mention from the first word to the metric."""
    start = narrowing_start(text, pos, s)
    if start is None:
        return name
    first = _WORD.match(text, start)
    if first.group().casefold() in _aggregate_words():
        lo = _SPACES.match(text, first.end()).end()
        if lo < s and not _LOWER_MODIFIERS.fullmatch(text, lo, s):
            return name
    elif not _LOWER_MODIFIERS.fullmatch(text, start, s):
        return name
    span = (start, t)
    return _metric_entity(revived, text[span[0]:t], lambda: [span])


#: an evaluation protocol, then a name (a dataset's), between a number and its metric
_PROTOCOL_THEN_NAME = rx(r"\s+((?:zero|few|one|\d+)-shot|linear[- ]prob(?:e|ing)|fine-?tuning|k-?NN)\s+(?=[\p{Lu}\p{N}])",
                         regex.IGNORECASE)


def _with_protocol(text: str, pos: int, s: int, t: int, name: str, revived: dict) -> str:
    """The metric `name` at [s, t) after a number ending at `pos`, with the evaluation protocol
    written before the dataset's name between them: "77.9% zero-shot ImageNet accuracy" measures
    zero-shot accuracy (on ImageNet), which is ranked apart from accuracy (docs/ANNOTATION.md);
    one entity per spelling, its mention from the protocol to the metric."""
    m = _PROTOCOL_THEN_NAME.match(text, pos, s)
    if m is None:
        return name
    surface, span = f"{m.group(1).lower()} {name}", (m.start(1), t)
    found = _metric_entity(revived, surface, lambda: [span])
    mentions = revived[surface.casefold()].mentions
    if span not in mentions:
        mentions.append(span)
        mentions.sort()
    return found


#: between a share and the resource it is a part of: "5% of the storage space"
_OF_THE = rx(r"\s+of\s+the\s+")


#: a measure named right after another number is that number's unit ("with 22.8M parameters, 82.3%
#: on ImageNet-1K"): it does not measure the numbers after it
_UNIT_OF_NUMBER = rx(r"(?<![\p{L}\p{N}\-.,])\d+(?:[.,]\d+)*(?:[kKMGBT%]|\\%)?\s*$")
#: "for the first time", "at the same time": a quality word in an idiom measures nothing
_IDIOM_BEFORE = rx(r"\b(?:first|second|third|last|same|each|every|any|some|long|short|real|next)\s+$",
                              regex.IGNORECASE)


def _metric_before(text, pos, s_start, metrics, held, held_at, revived, by_only: bool = False) -> Optional[str]:
    def measures(t: int) -> bool:
        return (not by_only and (pos - t <= 40 and bool(_METRIC_BEFORE.match(text[t:pos]))
                                 or pos - t <= 90 and bool(_FROM_BEFORE.match(text[t:pos])))
                or pos - t <= 90 and bool(_BY_BEFORE.match(text[t:pos]))
                or pos - t <= 24 and bool(_OF_BEFORE.match(text[t:pos]))
                or pos - t <= 36 and bool(_change_noun_of().match(text[t:pos])))

    best = None
    for s, t, e in metrics.within(s_start, pos):
        if t <= pos and measures(t) and not _UNIT_OF_NUMBER.search(text, max(0, s - 12), s):
            best = e.name
    if best:
        return best
    for s, t, _ in held_at.within(s_start, pos):
        if t > pos or _IDIOM_BEFORE.search(text, max(0, s - 12), s) or _UNIT_OF_NUMBER.search(text, max(0, s - 12), s):
            continue
        span = measure_span(text, s, t)
        if span and not measures(t):
            # the words that widen the quality word may stand between: "the performance gap between A and B from"
            span = span if t < span[1] <= pos and measures(span[1]) else None
        if span:
            best = _revive(text, span, held, revived)
    return best


#: how far a colon's list reaches: the numbers of its first 200 characters
COLON_LIST_REACH = 200


@lru_cache(maxsize=8)
def _colons(text: str) -> tuple[list[int], list[int]]:
    """Positions of the colons and of the semicolons in the text (once per text: every number
    looks up its own with a bisection, so a text of thousands of numbers stays linear)."""
    return [i for i, c in enumerate(text) if c == ":"], [i for i, c in enumerate(text) if c == ";"]


def metric_before_colon(text: str, pos: int, s_start: int, metrics: Mentions) -> Optional[str]:
    """A number in a list a colon opens (at most `COLON_LIST_REACH` characters after it, no
    semicolon between), with no metric named between the colon and it, measures the one metric the
    words of its sentence before the colon name ("We achieve outstanding FID scores in line with the
    state of the art: 1.77 on CelebA-64×64, 1.93 on AFHQv2, ..." -> FID); none when they name two
    or more."""
    colons, semicolons = _colons(text)
    i = bisect_left(colons, pos) - 1
    if i < 0 or colons[i] < s_start or pos - colons[i] > COLON_LIST_REACH:
        return None
    colon = colons[i]
    j = bisect_left(semicolons, colon)
    if j < len(semicolons) and semicolons[j] < pos or metrics.within(colon, pos):
        return None
    names = {e.name for _, _, e in metrics.within(s_start, colon)}
    return names.pop() if len(names) == 1 else None


@lru_cache(maxsize=1)
def _quantity_head():
    """Head nouns that follow a quality word in the name of a measure (word_lists.tsv)."""
    # "1% accuracy loss" is a drop in accuracy: a loss after a quality word is a change, not a measure
    words = sorted(resources.word_list("quantity_heads") - {"times", "loss"}, key=longest_first)
    return rx(r"(?:\s+(?:" + "|".join(regex.escape(w) for w in words) + r"))+(?![\p{L}\-])")


#: verbs of achieving or reporting before "a/the <quality> of <number>"
_REPORT_VERBS = (r"achiev\w*|attain\w*|reach\w*|obtain\w*|yield\w*|improv\w*|with|has|have|had|show\w*|"
                 r"report\w*|record\w*|deliver\w*|maintain\w*|retain\w*|and")
#: hedges between "of" and the number (one list for the rules and the cue link_features.named_of)
OF_HEDGES = r"about|around|approximately|up\s+to|over|only|nearly|roughly|just|almost"
#: "a speedup of 1.22×", "a compression rate of about 9x": a ratio that is the value of the measure
#: right before it (not "2.3x faster than", which names none)
_OF_BEFORE = rx(rf"^\s+of\s+(?:(?:{OF_HEDGES})\s*)?[~≈∼]?\s*$")


@lru_cache(maxsize=1)
def _change_noun_of():
    """"a relative phoneme error rate reduction of 72%", "an accuracy improvement of 3.2%", "BLEU
    improvements (up to 1.1)": a noun of change (word list `change_nouns`) and "of" or a bracket
    between a measure and the number: the number is the change of that measure."""
    nouns = "|".join(sorted(resources.word_list("change_nouns"), key=longest_first))
    return rx(rf"^\s+(?:{nouns})(?:s|es)?\s+(?:of|\()\s*(?:(?:{OF_HEDGES})\s*)?[~≈∼]?\s*$")


_OF_PHRASE = rx(rf"\b(?:{_REPORT_VERBS})\s+(?:an?|the)\s+"
                           r"((?:[\p{Ll}\-]+\s+){0,2}[\p{Ll}\-]+)"  # the quality: at most three lowercase words
                           rf"\s+of\s+(?:{OF_HEDGES})?\s*[~≈∼]?\s*$")


#: a lower-case word and the white space after it
_LOWER_WORD = rx(r"[\p{Ll}\-]+\s+")


def _past_stop_words(text: str, s: int, t: int, keep: frozenset = frozenset()) -> int:
    """Where the words at [s, t) start once the lower-case words opening them that never start a
    metric's name (word list `metric_modifier_stop`: "an impressive performance") are left out,
    but not those of `keep`."""
    start = s
    for word in _LOWER_WORD.finditer(text, s, t):
        w = word.group().rstrip()
        if word.start() != start or not _stop_word_start(w) or w in keep:
            break
        start = word.end()
    return start


def _metric_of_phrase(text: str, pos: int, s_start: int, revived: dict) -> Optional[str]:
    """"achieves a designability of 92.3%", "with a novelty of 0.71": the noun phrase the score
    is "of" names what it measures, unless it names a total, a change or a setting; evaluative
    words before it are not part of it, and what is left must name a measure ("an impressive
    performance of 98.1%": "performance" names none, `vague_measure`)."""
    m = _OF_PHRASE.search(text, max(s_start, pos - 80), pos)
    if not m or m.group(1).split()[-1].lower() in resources.word_list("not_metric_heads"):
        return None
    # "achieves an impressive performance of 98.1%": an evaluative word never starts a metric's
    # name (word list `metric_modifier_stop`)
    start = _past_stop_words(text, m.start(1), m.end(1))
    if start == m.end(1) or vague_measure(text, start, m.end(1)):
        return None
    return _metric_entity(revived, text[start:m.end(1)], lambda: [(start, m.end(1))])


#: "the competitive ratio of A on such inputs is at least 0.5", "the log-average miss rates for R
#: and H are decreased to 2.6%": a measure after a determiner, what it is of, for or between, a
#: copula (perhaps a verb of change and "to", a hedge), then the number
_COPULA_OF = rx(r"""
    \b(?:[Tt]he|[Ii]ts|[Tt]heir)\s+                               # a determiner (not "our": a system)
    ((?:[\p{L}\-]+\s+){0,2}[\p{L}][\p{L}\-]*)                     # the measure: one to three words
    \s+(?:of|for|between|on)\s+                                   # what it is of, for, between, on
    (?:(?!(?:is|are|was|were|that|which|who|where|when|while|by|from|of)\b)
       [^\s,;:]+\s+){1,12}?                                        # at most twelve words, no clause break
    (?:is|are|was|were|remains|remained|stays|stayed)\s+          # the copula
    (?:(?:decreased|reduced|increased|improved|raised|lowered|dropped|boosted)\s+to\s+)?  # a change to a value
    (?:(?:only|just|about|around|approximately|nearly|roughly|below|above|under|over|
          at\s+(?:least|most)|as\s+(?:low|high)\s+as|of\s+(?:the\s+)?order(?:\s+of)?)\s+)?  # a hedge
    [~≈∼<>]?\s*\$?\s*$                                            # the number follows
    """, regex.VERBOSE)


def metric_of_subject(text: str, pos: int, s_start: int, metrics: "Mentions", revived: dict) -> Optional[str]:
    """A number stated as the value of its clause's subject measures the measure that subject
    names: "the competitive ratio of MinPredictedDegree on such inputs is at least 0.5", "the
    optimal acceptance rates for LBP and RWM are 0.574 and 0.234", "the RMSE of the predictions
    remained ...". A metric entity ending the measure's words is that metric; else the words are
    one, less evaluative words before them (`metric_modifier_stop`, but not `measure_forming`:
    "average", "competitive"), unless they name a name, an act ("the testing of"), a change
    (`change_nouns`: "the average improvements on A and B are over 10%"), a total or a setting
    alone (`not_metric_heads`: "the number of ... is 5") or nothing (`vague_measure`: "the
    performance of ... is 90%")."""
    m = _COPULA_OF.search(text, max(s_start, pos - 160), pos)
    if m is None:
        return None
    s, t = m.span(1)
    named = [e.name for ms, mt, e in metrics.within(s, t) if mt == t]
    if named:
        return named[-1]
    words = text[s:t].split()
    head = words[-1].lower()
    if any(w[0].isupper() for w in words) or head.endswith("ing") \
            or head.rstrip("s") in resources.word_list("change_nouns") \
            or len(words) == 1 and head in resources.word_list("not_metric_heads"):
        return None   # a name, an act ("the testing of our models"), a change, a total or a setting
    start = _past_stop_words(text, s, t, keep=_aggregate_words() | resources.word_list("measure_forming"))
    if start == t or vague_measure(text, start, t):
        return None
    return _metric_entity(revived, text[start:t], lambda: [(start, t)])


@lru_cache(maxsize=1)
def _changed_phrase():
    """"reduces overfitting by 5.85%", "cut the training time by a factor of 2": a verb that changes
    a measure (word list `measure_change_verbs`), what it changes (one to three lower-case words)
    and "by" right before the number."""
    verbs = "|".join(sorted(resources.word_list("measure_change_verbs"), key=longest_first))
    return rx(rf"""
    \b(?:{verbs})(?:e|es|ed|ing|s|ting)?\b                              # a verb form, not "reduction"
    \s+(?:the\s+|its\s+|their\s+)?
    (?!(?:over|upon|on|in|to|from|against|with|for|than)\b)            # "improves over random chance": no measure
    ((?:[\p{{Ll}}\-]+\s+){{0,2}}[\p{{Ll}}\-]+)              # what changes: one to three lower-case words
    \s+by\s+(?:an?\s+(?:factor|margin|average)\s+of\s+)?  # "by", "by a factor of"
    (?:(?:{OF_HEDGES}|more\s+than|at\s+least)\s+)?[~≈∼]?\s*$""", regex.VERBOSE)


@lru_cache(maxsize=1)
def _changed_after():
    """"60%-90% wirelength reduction", "a 37.7% attack error reduction", "2.7x peak memory
    reduction": right after a change or factor (its unit included), one to three words, then a
    noun of change (word list `change_nouns`, or "savings", "speedup"); "relative", "absolute",
    "average" before them say how the change is taken, not what changes."""
    nouns = "|".join(sorted(resources.word_list("change_nouns") | {"saving", "speedup"}, key=longest_first))
    return rx(rf"""
    \s*(?:(?:relative|absolute|average|overall|mean)\s+)?
    ((?:[\p{{L}}\p{{N}}][\p{{L}}\p{{N}}\-]*\s+){{0,2}}[\p{{L}}\p{{N}}][\p{{L}}\p{{N}}\-]*)  # what changes: one to three words
    \s+(?:{nouns})(?:s|es)?\b                                        # the noun of change
    """, regex.VERBOSE | regex.IGNORECASE)


def _metric_before_change_noun(text: str, end: int, revived: dict, names: "Mentions") -> Optional[str]:
    """For a change or factor ending at `end`: the words between it and a noun of change name what
    changed ("achieves 60%-90% wirelength reduction": wirelength), unless one is a stop or vague
    word, a total or a setting (word lists `metric_modifier_stop`, `vague_measures`,
    `not_metric_heads`), or a name of data or a system stands among them ("1.79% ImageNet-1K
    accuracy improvement": that is `_metric_after`'s to read)."""
    m = _changed_after().match(text, end, end + 80)
    if m is None:
        return None
    words = m.group(1).lower().split()
    if not _names_a_change(words) or any(w.isdigit() for w in words) or names.within(m.start(1), m.end(1)):
        return None
    span = m.span(1)
    return _metric_entity(revived, m.group(1), lambda: [span])


def _names_a_change(words: list[str]) -> bool:
    """Can these lower-case words name what a change changed: no stop or evaluative word among
    them (`metric_modifier_stop`), not ending in a vague word, a total or a setting
    (`vague_measures`, `not_metric_heads`)? One test for `_metric_changed` and
    `_metric_before_change_noun`."""
    return words[-1] not in resources.word_list("not_metric_heads") \
        and words[-1] not in resources.word_list("vague_measures") \
        and not any(w in resources.word_list("metric_modifier_stop") for w in words)


def _metric_changed(text: str, pos: int, s_start: int, revived: dict) -> Optional[str]:
    """"MCCE-trained models reduce overfitting by 5.85%": for a change or factor, the noun phrase a
    verb of change acts on, right before "by" and the number, names what changed, unless it is a
    vague word ("performance"), a total, a change or a setting (word lists `vague_measures`,
    `not_metric_heads`, `metric_modifier_stop`)."""
    m = _changed_phrase().search(text, max(s_start, pos - 80), pos)
    if m is None:
        return None
    span = m.span(1)
    if not _names_a_change(m.group(1).lower().split()):
        return None
    return _metric_entity(revived, m.group(1), lambda: [span])


@lru_cache(maxsize=1)
def _share_of():
    """A share of a whole right after a number ("less than 10% of their trainable parameters",
    "3.5% of the baseline's computation time"): "of", perhaps a determiner or an owner's
    possessive, perhaps a word that says which whole (word list `share_whole_words`: "the
    original", "the dense"), then one to three words (a lower-case word or an upper-case acronym:
    "GPU hours"), the last lower-case, ending where the phrase does (punctuation or a word of
    `share_phrase_end`: "... of the GPU hours using only"). Group 1: the phrase."""
    whole = "|".join(sorted(resources.word_list("share_whole_words"), key=longest_first))
    end = "|".join(sorted(resources.word_list("share_phrase_end"), key=longest_first))
    return rx(rf"""
    \s*(?:\)\s*)?of\s+
    (?:(?:the|their|its|our|a|an)\s+)?                          # "of the", "of their"
    (?:[\p{{L}}\-]+['’]s\s+)?                                     # an owner: "the baseline's"
    (?:(?:{whole})\s+)?                                         # which whole: "the original", "the dense"
    ((?:(?:number|amount)\s+of\s+)?                           # "the number of parameters"
     (?:(?!(?:{end})\b)(?:\p{{Ll}}[\p{{Ll}}\-]*|\p{{Lu}}{{2,6}})\s+){{0,2}}   # up to two words before the head
     (?!(?:{end})\b)\p{{Ll}}[\p{{Ll}}\-]*)                          # the head: a lower-case word
    (?=\s*(?:[,;:.)]|$)|\s+(?:{end})\b)                         # where the phrase ends
    """, regex.VERBOSE)


def _metric_share_of(text: str, end: int, s_end: int, metrics: "Mentions", revived: dict,
                     score: bool = False) -> Optional[str]:
    """For a change or factor ending at `end`: the measure it is a share of, named right after it
    ("using only 10.7% of the training data" is not this: no measure; "with only 3.5% of the
    baseline's computation time", "less than 10% of the GPU hours"): a metric entity that the
    phrase after "of (the)" starts with, else the phrase when its last word names a measured
    quantity (`_share_heads`) and no word of it is a stop or evaluative word
    (`metric_modifier_stop`)."""
    m = _share_of().match(text, end, min(s_end, end + 90))
    if m is None:
        return None
    at = metrics.within(m.start(1), m.start(1) + 1)
    if at:
        return at[0][2].name
    words = m.group(1).split()
    head = words[-1].casefold()
    if score and len(words) == 1 and head in ("time", "times"):
        return None   # a score "90% of the time" says how often, not a share of a measure
    if head not in _share_heads() or any(w.casefold() in resources.word_list("metric_modifier_stop")
                                         for w in words if w != "of"):   # "of" of "the number of"
        return None
    span = m.span(1)
    return _metric_entity(revived, m.group(1), lambda: [span])


@lru_cache(maxsize=1)
def _share_heads() -> frozenset:
    """The last words of a measured quantity a share is taken of (word lists `quantity_heads`,
    `cost_words`, `time_measure_words`, but "budget"), case-folded."""
    heads = {w.casefold() for name in ("quantity_heads", "cost_words", "time_measure_words")
             for w in resources.word_list(name)}
    return frozenset(heads - {"budget"})   # "10% of the full training budget": a setting, not a measure


@lru_cache(maxsize=1)
def modifier_rx():
    """Up to three lower-case words right before a quality word that narrow it down ("standard
    accuracy", "end-to-end training time", "worst-group"); never a function word, an evaluative
    word or a verb (word list `metric_modifier_stop`), an adverb in -ly, a word in -s (a verb or a
    plural: "technique yields accuracy"; -ss, -us, -is stay: "class", "previous"), a possessive's
    "s" ("the model's training time"), or a capitalised name ("ImageNet-1K finetuning accuracy" is
    accuracy on ImageNet-1K)."""
    return _modifier_pattern(rf"(?!(?:{_modifier_stop_words()})\b)")


@lru_cache(maxsize=1)
def _modifier_stop_words() -> str:
    """The alternation of the word list `metric_modifier_stop`, longest first."""
    return "|".join(regex.escape(w) for w in sorted(resources.word_list("metric_modifier_stop"), key=longest_first))


@lru_cache(maxsize=1)
def _modifier_shape_rx():
    """`modifier_rx` without its stop words: what it matches is a suffix of what this matches."""
    return _modifier_pattern("")


def _modifier_pattern(not_stop: str):
    return rx(rf"""
        (?<![\p{{L}}\p{{N}}\-'’])                 # a whole word (not a possessive's "s")
        ((?:{not_stop}                        # not a stop word (`modifier_rx`)
            (?![\p{{Ll}}\-]+ly\b)                # not an adverb
            (?![\p{{Ll}}\p{{N}}\-]*[^\Wsui]s\b)    # not a verb or plural in -s (but "class", "previous", "analysis")
            \p{{Ll}}[\p{{Ll}}\p{{N}}\-]*\s+){{1,3}})   # a lower-case word, 1 to 3 of them
        $""", regex.VERBOSE)


def modifier_start(text: str, lo: int, s: int) -> Optional[int]:
    """Where ``modifier_rx().search(text, lo, s)`` starts its words (None: no match), found
    faster: the pattern without its stop words (`_modifier_shape_rx`, no long alternation tried at
    every position) finds the run of up to three words it could match, from the third run of
    non-space characters back (`_words_back`); the match is the run's longest suffix of words
    that do not start with a stop word (the pattern's look-behind allows no start but a word's),
    each word looked up once (`_stop_word_start`)."""
    run = _modifier_shape_rx().search(text, _words_back(text, lo, s, 3), s)
    if run is None:
        return None
    start = None
    pos = run.start(1)
    for w in _SPACES.finditer(text, run.start(1), s):
        if _stop_word_start(text[pos:w.start()]):
            start = None
        elif start is None:
            start = pos
        pos = w.end()
    return start


@lru_cache(maxsize=65536)
def _stop_word_start(word: str) -> bool:
    """Does a word (white space after it) start with a stop word of `modifier_rx`?"""
    return _stop_start_rx().match(word + " ") is not None


@lru_cache(maxsize=1)
def _stop_start_rx():
    return rx(rf"(?:{_modifier_stop_words()})\b")


_SPACES = rx(r"\s+")


_NUMBER_OF_BEFORE = rx(rf"\b{_NUMBER_OF}$", regex.IGNORECASE)
_ASCII_SPACE = " \t\n\r\f\v"


def _words_back(text: str, lo: int, s: int, n: int) -> int:
    """Where the n-th run of non-space characters before `s` starts (not before `lo`), spaces
    being ASCII white space only. `modifier_rx` matches at most three words, each followed by
    white space, so no match starts before the third run back: searching from there finds what a
    search from `lo` finds, over a third of the characters. (The pattern's white space, every
    Unicode space, is a superset of these six: a run that holds another space is only longer, and
    the window larger, never too small.)"""
    i = s
    for _ in range(n):
        while i > lo and text[i - 1] in _ASCII_SPACE:
            i -= 1
        while i > lo and text[i - 1] not in _ASCII_SPACE:
            i -= 1
    return i


def metric_span(text: str, s: int, t: int, extend_from: int = -1) -> tuple[int, int]:
    """The span of the metric a quality word at [s, t) names: with its modifiers before and its
    quantity head nouns after ("energy error", "word error rate", "training time"), or with "the
    number of" before a counted quantity ("a 13.7x reduction in the number of parameters")."""
    lo = max(0, extend_from if extend_from >= 0 else s - 60)
    start = modifier_start(text, lo, s)
    if start is not None:
        s = start
    else:
        m = _NUMBER_OF_BEFORE.search(text, max(0, s - 24), s)
        if m:
            s = m.start()
    head = _quantity_head().match(text, t)
    if head:
        t = head.end()
    return s, t




def vague_measure(text: str, s: int, t: int) -> bool:
    """Does the phrase at [s, t) (a held quality word widened by `metric_span`) name no measure:
    only words of the ``vague_measures`` list ("performance", "the model's overall performance";
    not "linear probe performance")?"""
    words = [w.casefold() for w in WORDS.findall(text, s, t)]
    return bool(words) and set(words) <= resources.word_list("vague_measures")


#: a loss written after the words it widens to: "a small accuracy loss of 1-1.5%"
_LOSS_END = rx(r"\s+loss(?:es)?$", regex.IGNORECASE)
_LAST_WORD = rx(r"[\p{L}\p{N}][\p{L}\p{N}\-]*$")


def lost_measure(text: str, s: int, t: int) -> tuple[int, int]:
    """A loss of a quality is a change of that quality, not a measure of its own: "1% accuracy
    loss", "top-1 accuracy losses of less than 1%", "a 0.3 NDCG loss" measure accuracy, top-1
    accuracy, NDCG (the development annotations write the quality as the metric, 15 times of 15).
    The span [s, t) without its last word "loss(es)" when the word before it is a quality word
    (quality.generic_words, their plurals) or a named measure (resources/named_measures.txt);
    else [s, t) ("training loss", "Hamming loss" are measures)."""
    loss = _LOSS_END.search(text, s, t)
    if loss is None or loss.start() <= s:
        return s, t
    word = _LAST_WORD.search(text, s, loss.start())
    if word is None:
        return s, t
    w = word.group().casefold()
    if w in generic_words() or w in plurals() or w in named_measure_words():
        return s, loss.start()
    return s, t


def measure_span(text: str, s: int, t: int, extend_from: int = -1) -> Optional[tuple[int, int]]:
    """The span of the measure a held quality word at [s, t) names (`metric_span`, less a loss
    of a quality: `lost_measure`), or None when it names no measure (`vague_measure`: "performance")."""
    span = lost_measure(text, *metric_span(text, s, t, extend_from))
    return None if vague_measure(text, *span) else span


def _revive(text: str, span: tuple[int, int], held: dict, revived: dict) -> str:
    """A quality word that a number measures is a metric after all, with the words that narrow
    it down (its `measure_span`): "standard accuracy", "end-to-end training time", "energy cost"."""
    s, t = span
    surface = text[s:t]
    return _metric_entity(revived, surface, lambda: sorted(set(held.get(surface.casefold(), [])) | {(s, t)}))


@lru_cache(maxsize=1)
def _measure_adjectives() -> frozenset:
    return resources.word_list("measure_adjectives")


def one_metric_per_name(ents: list[Entity], revived: list[Entity], nums) -> list[Entity]:
    """The revived metric entities that are new: one that shares its name (case aside) with a
    metric entity already there, or with an earlier revived one ("accuracy" out of "a small
    accuracy loss"; "accuracy" out of "more accurate"), gives that entity its mentions and its
    numbers instead of being a second entity of the name."""
    by_name: dict[str, Entity] = {}
    for e in ents:
        if "METRIC" in e.types:
            by_name.setdefault(e.name.casefold(), e)
    new = []
    for r in revived:
        e = by_name.setdefault(r.name.casefold(), r)
        if e is r:
            new.append(r)
            continue
        e.mentions = sorted(set(e.mentions) | set(r.mentions))
        if r.name != e.name:
            for n in nums:
                if n.metric == r.name:
                    n.metric = e.name
    return new


def _metric_entity(revived: dict, surface: str, spans) -> str:
    """The metric entity a number made of a phrase, one per spelling (case aside), named as
    written, or by the measure's noun for an adjective, its modifiers kept (word list
    `measure_adjectives`: "6.25% more accurate" -> accuracy, "20x more sample efficient" -> sample
    efficiency), in the singular for a plural head the annotations write so
    (`entities.singular_measure`: "speedups of 3x"); `spans()` gives its mentions, asked for only
    when the entity is new. (Entities of one name are made one at the end: `one_metric_per_name`.)"""
    k = surface.casefold()
    if k not in revived:
        *modifiers, last = surface.split(" ")
        name = " ".join([*modifiers, canonical(last, "METRIC")]) if last.casefold() in _measure_adjectives() \
            else singular_measure(surface)
        revived[k] = Entity(name=name, types=["METRIC"], aliases=[surface] if name != surface else [],
                            mentions=spans(), sources={Source.GENERIC})
    return revived[k].name


def _coordinated(text: str, first, candidates) -> list:
    """`first` and the mentions coordinated with it: "A and B", "A, B, and C"."""
    group = [first]
    for m in candidates:
        if m[0] <= group[-1][0]:
            continue
        gap = text[group[-1][1]:m[0]]
        if rx(r"\s*(?:,|,?\s+(?:and|or|as\s+well\s+as))\s+(?:the\s+)?").fullmatch(gap):
            group.append(m)
        else:
            break
    return group


#: a colon or an equals sign (math-mode dollars, an approximation or a bound sign allowed) from a
#: name to its number: "SimCLR: 51.8%", "FID = 2.1", "$\\text{AP}=45.7$"
LABEL_GLUE = rx(r"""\s*\$?\s*[:=]\s*\$?\s*   # the colon or '=', in or out of math mode
                                (?:[~≈∼<>]|\\approx|\\sim)?\s*\$?\s*  # an optional approximation or bound""", regex.X)


#: "from" right before a number (math-mode dollar allowed): the start of a change "from A to B"
_FROM = rx(r"\bfrom\s*\$?\s*$", regex.IGNORECASE)


def after_from(text: str, number) -> bool:
    """Does "from" stand right before the number ("from 42.2% to 67.6%")?"""
    return bool(_FROM.search(text, max(0, number.start - 8), number.start))


#: an arrow from an old value to the next number, the new one: "LaSOT (50.7%→65.2%)", "34.07 → 34.57"
_ARROW = rx(r"\s*(?:→|⟶|⇒|->)\s*")


def later_value(text: str, number, nums: list):
    """The new value of a change the number starts, or None: the later end of "from A to B" (a
    range after "from") or the number an arrow leads to ("50.7%→65.2%"). `nums` in text order."""
    if number.range_with is not None:
        later = nums[number.range_with]
        return later if later.start > number.start and after_from(text, number) else None
    i = bisect_right(nums, number.start, key=lambda m: m.start)
    if i < len(nums) and _ARROW.fullmatch(text, max(number.end, number.unit_end), nums[i].start):
        return nums[i]
    return None


def before_value(text: str, number, nums: list) -> bool:
    """Is the number the start of a change "from A to B" or "A → B" (`later_value`)? The
    before-value is the level without what the sentence credits: "SEED improves the top-1
    accuracy from 42.2% to 67.6%" (42.2% is not SEED's), "improving the tracker by 14.5% in SUC
    on LaSOT (50.7%→65.2%)"."""
    return later_value(text, number, nums) is not None


#: "the FID of StyleGAN3 from": the system a change's before-value is named for, before "from"
_OWNER_BEFORE = rx(r"\bof\s+(?:the\s+)?$", regex.IGNORECASE)
_OWNER_FROM = rx(r"\s+from\s*\$?\s*", regex.IGNORECASE)
#: "from 42.2% to 67.6% on EfficientNet-B0": the system named right after the later end
_OWNER_AFTER = rx(r"\s*(?:on|for|with)\s+(?:the\s+|a\s+)?$", regex.IGNORECASE)


def names_change(text: str, number, nums: list, s: int, t: int) -> bool:
    """For a before-value of a change "from A to B" or "A → B" (`before_value`): is the mention [s, t) the
    system whose level it is, as the text names it at the change? "the FID of StyleGAN3 from
    21.36 to 13.60" (after "of", right before "from"), "improves the top-1 accuracy from 42.2% to
    67.6% on EfficientNet-B0" (after "on", "for" or "with" right after the later end). The later
    end is what the sentence credits (its own subject), the earlier end the named system's."""
    if t <= number.start:
        return number.start - t <= 12 and _OWNER_FROM.fullmatch(text, t, number.start) is not None \
            and _OWNER_BEFORE.search(text, max(0, s - 12), s) is not None
    later = later_value(text, number, nums)
    after = max(later.end, later.unit_end)
    return after <= s <= after + 20 and _OWNER_AFTER.fullmatch(text, after, s) is not None


def change_owner(text: str, number, nums: list, systems: "Mentions") -> Optional[str]:
    """The system `names_change` finds among the mentions near a before-value (`before_value`),
    or None."""
    later = later_value(text, number, nums)
    for s, t, e in systems.within(number.start - 60, max(later.end, later.unit_end) + 20):
        if names_change(text, number, nums, s, t):
            return e.name
    return None


#: from a number to the name it is given for: up to two words, then "for" ("0.76 for
#: SelfCheckGPT", "86.0% top-1 for ViT-B"); one rule for the linker and its cue (link_features.given_for)
_GIVEN_FOR = rx(r"\s*(?:[\p{L}@^\-]+\s+){0,2}?for\s+(?:the\s+)?")
#: from a compared value to its owner: "compared to 80% of PackNet", "the previous state of the
#: art of 56.5% by GPT-f"
_OWNED_BY = rx(r"\s*(?:of|by)\s+(?:the\s+)?")
#: the words after which a number is the value something is compared with, not the achieved one
#: (one rule for `given_to` and link_features.compared_value)
COMPARED_VALUE = rx(r"""
    (?: \b(?:vs\.?|versus|compared\s+(?:to|with)|relative\s+to|against)   # "91.1% vs. 90.2%", "(against 72.91% for ...)"
        \s+(?:(?:a|an|the|only|just)\s+)?                                 # "compared to a 2.8% drop"
      | \bgap\s+(?:with|to)\s+(?!(?:our|ours|the\s+proposed)\b)            # "closing the gap with
        (?:[\w\-]+\s+){0,4}?[\w\-]+\s*\(                                   # supervised learning (69.8%)"
      | \b(?:previous(?:ly)?|prior|existing|baselines?|standard)\b          # "the previous best results are",
        (?:(?!\b(?:by|margins?|new|our|we)\b)[^.;,]){0,40}?              # "the previous best accuracy ... from";
        \b(?:is|are|was|were|of|at|from                                  # not "prior methods by a margin of"
           |achiev\w*|attain\w*|reach\w*|obtain\w*|solv\w*|only)\s+
    )
    [$\s]*$                                                              # right before the number
    """, regex.I | regex.X)

#: what may follow the name a number is given for, where the name ends its phrase: a punctuation
#: mark, a conjunction, or the data it was trained or measured on ("by over 2% for ResNet18 trained
#: on Tiny ImageNet", "by 2.9% for Resnet-50 on Imagenet")
_GIVEN_END = rx(r"\s*(?:[,;.)]|$|\s(?:and|or|while|whereas|but)\b|\s(?:(?:pre-?)?trained\s+)?on\s)")


def given_to(text: str, number, n_end: int, s: int, t: int) -> bool:
    """Is the number ending at `n_end` given for the name [s, t) right after it: "0.76 for
    SelfCheckGPT" (`_GIVEN_FOR`), or, for a compared value, "compared to 80% of PackNet", "the
    previous state of the art of 56.5% by GPT-f" (`_OWNED_BY`)? The name ends its phrase. One
    rule for the linker and its cue (link_features.given_for)."""
    if not _GIVEN_END.match(text, t, t + 20):
        return False
    if _GIVEN_FOR.fullmatch(text, n_end, s):
        return True
    return bool(_OWNED_BY.fullmatch(text, n_end, s)) and \
        COMPARED_VALUE.search(text, max(0, number.start - 80), number.start) is not None


#: from a name to a number in the parenthesis after it, earlier items of the parenthesis allowed:
#: "FrameDiff (78.1%)", "MobileNetV2 (1.6 ms, 74.7% top-1)"
_PAREN_ITEMS = rx(r"\s*\(\s*(?:[^()]{1,40}?[,;]\s*)?[~≈∼<>]?\s*")


#: a preposition (and perhaps a determiner and a modifier) right before a name: the name is a
#: phrase's object ("for ResNet-50 pruning", "on the Llama-2 backbone", "applied to MobileNetV2")
_GOVERNED = rx(r"\b(?i:for|on|to|with|in|of)\s+(?:(?i:a|an|the)\s+)?(?:[\p{Ll}\-]+\s+)?$")


#: the authors as the doer: "..., we achieve 58.5 mIoU"
_WE = rx(r"\b[Ww]e\b")


def _subjects(text, n, s_start, s_end, systems, proposed, metrics: "Mentions",
              clauses: Optional[dict] = None) -> list[str]:
    # "outperforming FrameDiff (78.1%) and Genie (84.5%)": the system the parenthesis follows;
    # "(e.g., SimCLR: 51.8%, SwAV: 63.7%)": the system that labels the number
    near = systems.within(n.start - 200, n.start)
    for i, (s, t, e) in enumerate(near):
        if t <= n.start and (i == len(near) - 1 and _PAREN_ITEMS.fullmatch(text, t, n.start)  # no name between
                             or n.start - t <= 16 and LABEL_GLUE.fullmatch(text, t, n.start)):
            return [e.name]
    # "compared to 0.81 for SelfCheckGPT": the system the number is given for
    after = max(n.end, n.unit_end)
    for s, t, e in systems.within(after, after + 40):
        if given_to(text, n, after, s, t):
            return [e.name]
    c_start = _clause_start(text, s_start, n.start, clauses, s_end)
    # a name known by its shape alone is the subject only where a number is given for it (above)
    # or a verb follows it ("ESMA requires only 5% ...")
    before = [m for m in systems.within(c_start, n.start)
              if m[1] <= n.start and (not bare_shape(m[2]) or is_doer(text, m[0], m[1]))]
    key = ("ours", c_start)
    if clauses is not None and key not in clauses:
        clauses[key] = _OURS.search(text, c_start, s_end)
    first_ours = clauses[key] if clauses is not None else _OURS.search(text, c_start, n.start)
    ours = [first_ours] if first_ours is not None and first_ours.end() <= n.start else []
    first = None
    for m in before:
        if not _BASELINE_BEFORE.search(text[max(c_start, m[0] - 40):m[0]]) \
                or measured_doer(text, m[0], m[1], metrics) \
                or rx(r"\b(?:including|such\s+as|e\.g\.,?)\s+$").search(text[max(c_start, m[0] - 20):m[0]]):
            first = m
            break
    if first is not None and _GOVERNED.search(text, max(c_start, first[0] - 30), first[0]):
        # "for ResNet-50/-101 pruning on ImageNet, HALP improves throughput by 1.60x": a system a
        # preposition governs is what the doer named after it worked on
        doer = next((m for m in before if m[0] >= first[1] and m[2] is not first[2]
                     and is_doer(text, m[0], m[1])
                     and not _BASELINE_BEFORE.search(text[max(c_start, m[0] - 40):m[0]])), None)
        if doer is None and _WE.search(text, first[1], n.start):
            # "For ResNet-50 trained on ImageNet, we achieve a 13.7x reduction": the authors did
            # it, to the system the preposition governs; the number is their own system's, which
            # the abstract names (the proposed one) or leaves unnamed (no subject)
            return [proposed[0].name] if proposed else []
        first = doer or first
    named_ours = first is not None and rx(r"\b(?:our|the\s+proposed)\s+(?:\S+\s+){0,2}$", regex.IGNORECASE) \
        .search(text, max(c_start, first[0] - 40), first[0])  # "our DetCLIP-T outperforms ...": the name says which
    if ours and proposed and not named_ours and (first is None or ours[0].start() < first[0]):
        if ours[0].group().lower().startswith("it"):
            # "It achieves ...": the proposed system named last before it, its antecedent
            return [_antecedent(proposed, ours[0].start())]
        return [proposed[0].name]
    if ours and not proposed and first is not None and ours[0].start() < first[0] \
            and not ours[0].group().lower().startswith("it") and n.kind in ("score", "delta", "ratio"):
        # "Equipped with the proposed method, a DeiT-Tiny model achieves 76.5%", "our approach
        # pushes the SOTA NAT performance up to 33.8 BLEU": the paper's own method, never named,
        # comes first in the clause; a system named after it is what the method is applied to or
        # compared with, and the score or change is the unnamed method's: no subject
        # (docs/ANNOTATION.md, "subject, backbones"); a setting stays the named system's ("our
        # method can make the KataGo agent with 50 simulations ...")
        return []
    if ours and not proposed and first is None and ours[0].group().lower().startswith("it"):
        # "a giant frozen pretrained model with 3 billion parameters (SwinV2-G) and find that it
        # reaches ... 60.0 box mAP": with no proposed system, the system named last before "it" in
        # its sentence is what "it" stands for
        named = [m for m in systems.within(s_start, ours[0].start()) if m[1] <= ours[0].start()]
        if named:
            return [named[-1][2].name]
    if first is not None and proposed and first[2].role != "proposed" \
            and _ENABLED.search(text, max(c_start, first[0] - 40), first[0]):
        # "our proposed AAA helps WideResNet-28 secure 80.59%", "(our transfer) enables a small
        # ResNet-18 to achieve ... (66.2%)": the enabled system is the backbone the paper's own
        # method is applied to; the number is that method's
        return [proposed[0].name]
    if first is not None:
        group = _coordinated(text, first, before)
        names = []
        for g in group:
            if g[2].name not in names:
                names.append(g[2].name)
        mine = [x for x in names if x in {e.name for e in proposed}]
        if mine and len(mine) < len(names) and _WE.search(text, group[-1][1], n.start):
            # "Using large FocalNet and mask2former, we achieve 58.5 mIoU": the paper's system,
            # built with the other, not two systems sharing the number
            return mine
        return names
    # a system right after the number: "10% ... subset selected by Nait"
    seg_end = text.find(",", n.end)
    seg_end = s_end if seg_end < 0 else min(seg_end, s_end)
    for m in systems.within(n.end, seg_end):
        if not bare_shape(m[2]) and rx(r"(?<!\b(?:compared|comparing|comparison|along|together)\s+)\b(?:by|using|with)\s+(?:\S+\s+){0,1}$") \
                .search(text[n.end:m[0]]):   # not "compared with the ILP-based method": a baseline
            return [m[2].name]
    return []


def _antecedent(proposed, pos: int) -> str:
    """The proposed system whose mention comes last before `pos` (the first proposed one when none
    does): what "it" opening a clause refers to ("... the superiority of GhostNetV2 over existing
    architectures. For example, it achieves 75.3%")."""
    best, at = proposed[0], -1
    for e in proposed:
        for s, _ in e.mentions:
            if at < s < pos:
                best, at = e, s
    return best.name


#: "pre-trained on / pretraining with (the) D": what a model learned from before it was measured
_PRETRAINED_ON = rx(r"\bpre-?train(?:ed|ing)?\s+(?:on|with|using|over)\s+(?:the\s+)?(?:\S+\s+){0,2}?$",
                               regex.IGNORECASE)


def pretraining_data(text: str, start: int) -> bool:
    """Does "pre-trained on" (at most two words between) come right before the mention at `start`?
    Such a dataset is what a model learned from, seldom what a number is measured on ("After
    pretrained on ImageNet-22K, it attains 86.5% top-1 accuracy" is on ImageNet-1K)."""
    return bool(_PRETRAINED_ON.search(text, max(0, start - 40), start))


@lru_cache(maxsize=None)
def _split_alternatives(kind: str) -> str:
    """The written forms of the splits of one kind ("named": "test-dev", "minival"; "generic":
    "validation", "test"), longest first, as regex alternatives (canonical.split_names)."""
    names, kinds = split_names()
    return "|".join(regex.escape(f).replace(r"\ ", r"\s+")
                    for f in sorted(names, key=len, reverse=True) if kinds[names[f]] == kind)


@lru_cache(maxsize=1)
def _split_patterns():
    """The patterns of a split after a dataset's mention and before it (canonical.split_names)."""
    alternatives = _split_alternatives
    after = rx(rf"""
        \s*(?:['’]s\s+)?(?:\(\s*)?                       # "COCO's", "COCO ("
        (?:(?:the|its|official|public|standard)\s+)?
        (?:(?:(?!(?:and|or|on|in|of|for|with|to|than|vs|versus|the|a|an)\b)\p{{L}}[\p{{L}}\-]*\s+){{0,3}}?
                                                         # the task it serves: "COCO object detection minival"
           (?P<split>{alternatives("named")})(?![\p{{L}}\p{{N}}\-])   # a named split: "test-dev"
          |(?P<split>{alternatives("generic")})\s+(?:set|split|subset|partition)s?\b)  # "validation set"
        """, regex.IGNORECASE | regex.VERBOSE)
    before = rx(rf"""
        \b(?P<split>{alternatives("generic")}|{alternatives("named")})\s+   # "the test"
        (?:set|split|subset|partition)s?\s+(?:of|on|from|in)\s+(?:the\s+)?$  # "set of (the)"
        """, regex.IGNORECASE | regex.VERBOSE)
    return after, before


@lru_cache(maxsize=1)
def _bare_split():
    """A split named right after a number without its dataset's name: "achieves a 45.7% mAP on
    test-dev set", "reaches 80.1% on the validation set" (canonical.split_names)."""
    alternatives = _split_alternatives
    return rx(rf"""
        \s*(?:[^\s,;.]+\s+){{0,3}}?on\s+(?:the\s+)?     # "mAP on (the)"
        (?:(?P<split>{alternatives("named")})(?![\p{{L}}\p{{N}}\-])   # a named split: "test-dev"
          |(?P<split>{alternatives("generic")})\s+(?:set|split|subset|partition)\b)  # "validation set"
        """, regex.IGNORECASE | regex.VERBOSE)


def dataset_split(text: str, n, data: Mentions, sents: Sentences) -> Optional[str]:
    """The split of the number's dataset that the text names at the dataset's mention in the
    number's sentence nearest to it: after the name ("ImageNet validation set", "MS-COCO
    test-dev") or before it ("the test set of CrowdPose"); where the sentence does not name the
    dataset, right after the number ("achieves a 45.7% mAP on test-dev set"); None when it names
    none."""
    if n.dataset is None:
        return None
    after, before = _split_patterns()
    names = split_names()[0]
    s_start, s_end = sents.at(n.start)
    mentions = [m for m in data.within(s_start, s_end) if m[2].name == n.dataset]
    if not mentions:
        # the dataset named in another sentence, the split beside the number: "The best resulting
        # model achieves a 45.7% mAP on test-dev set"
        bare = _bare_split().match(text, max(n.end, n.unit_end), min(s_end, max(n.end, n.unit_end) + 60))
        return names[regex.sub(r"\s+", " ", bare.group("split")).lower()] if bare else None
    s, t, _ = min(mentions, key=lambda m: (abs(m[0] - n.start), m[0]))
    found = after.match(text, t, min(s_end, t + 40)) or before.search(text, max(s_start, s - 40), s)
    return names[regex.sub(r"\s+", " ", found.group("split")).lower()] if found else None


#: an evaluation setting that leaderboards keep apart, written as a phrase: a few-shot episode
#: ("5-way 1-shot", "in the one-shot setting"), an amount of labels ("with 250 labels", "using
#: only 1% labels", "1% of the labels", "under 10% labelling ratio", "4 labeled examples per class"),
#: a rate of label noise ("under 80% label noise", "40% symmetric noise"), a data regime ("with 100k
#: environment steps") or a budget (an attack's "ε = 8/255", "bound 8/255"; a privacy budget's "ε = 1")
SETTING = rx(r"""
    (?<![\p{L}\p{N}\-])
    (?:
      (?:(?:\d+|one|two|three|four|five|ten|twenty)-way[\s,-]+)?     # the episode's classes: "5-way"
      (?:\d+|one|two|three|four|five|ten|twenty)-shot(?![\p{L}\-])     # its examples per class: "1-shot"
    | \d[\d,.]*(?:\s?(?:\\?%|percent))?                             # an amount: 250, 1%, 10 percent
      \s+(?:of\s+(?:the\s+)?)?                                      # "of the"
      (?:""" + LABEL_WORDS + r""")                                  # "labels", "labelled data" (canonical)
      (?:\s+per\s+class)?(?![\p{L}\-])                              # "per class"
    | \d[\d,.]*\s?(?:\\?%|percent)                                 # a rate of label noise: "80% label noise",
      \s+(?:(?:symmetric|asymmetric|instance-dependent)\s+)?        # "40% symmetric noise",
      (?:label\s+|labels?\s+)?(?:noise|corruption)(?![\p{L}\-])    # "80% label corruption"
    | \d+(?:\.\d+)?\s?[kKM]\s+(?:(?:environment|interaction|agent|training)\s+)?  # a data regime: "100k steps",
      (?:steps|interactions|frames)(?![\p{L}\-])                     # "100K environment interactions"
    | (?:[εϵ]|epsilon|eps)\s*=\s*\d+(?:\.\d+)?(?:\s*/\s*\d+)?(?!\.?\d) # a budget: "ε = 8/255", "ε = 1" (privacy)
    | \d+\s*/\s*255(?![\d/])                                       # a perturbation budget alone: "bound 8/255"
    )
    """, regex.VERBOSE | regex.IGNORECASE)


def result_settings(text: str, nums: Sequence, sents: Sentences) -> list[Optional[str]]:
    """The evaluation setting (`SETTING`) each number's sentence names for it (aligned with
    `nums`), as written (spaces collapsed), looked for in this order: the first setting phrase
    after the number in its clause ("95.13% on CIFAR-10 with 250 labels, 77.65% on CIFAR-100 with
    4000 labels"; "93.64% on CIFAR-10 and 66.43% on CIFAR-100 under 80% label corruption": both);
    else one that opens the sentence before all its scores, changes and ratios ("Under 10%
    labelling ratio, X improves ... to 35.9 mAP"). None when there is none (a phrase before the
    number elsewhere in the sentence may be another clause's: "... when using 2% of labeled data,
    and demonstrates 3.9 mAP improvement when trained with additional unlabeled data"), when the
    number is no score, change or ratio, or when its metric names the setting ("5-shot
    accuracy"). Each sentence's phrases, clause breaks and first score are found once (a sentence
    of thousands of numbers stays linear)."""
    per_sentence: dict[int, tuple] = {}
    out: list[Optional[str]] = []
    row_starts = sorted(m.start for m in nums if m.kind in LEADERBOARD_KINDS)
    for n in nums:
        if n.kind not in LEADERBOARD_KINDS:
            out.append(None)
            continue
        s_start, s_end = sents.at(n.start)
        got = per_sentence.get(s_start)
        if got is None:
            found = list(SETTING.finditer(text, s_start, s_end))
            breaks = [m.start() for m in CLAUSE_BREAK.finditer(text, s_start, s_end)] if found else []
            first_row = row_starts[bisect_left(row_starts, s_start)]   # the sentence's first score (n's at the latest)
            got = per_sentence[s_start] = (found, [f.start() for f in found], breaks, first_row, s_end)
        found, starts, breaks, first_row, s_end = got
        chosen = None
        if found:
            k = bisect_left(starts, n.end)
            b = bisect_left(breaks, n.end)
            c_end = breaks[b] if b < len(breaks) else s_end
            if k < len(found) and found[k].end() <= c_end:
                chosen = found[k]
            elif found[0].end() <= first_row:
                chosen = found[0]
        phrase = " ".join(chosen.group().split()) if chosen is not None else None
        if phrase and n.metric and phrase.casefold() in n.metric.casefold():
            phrase = None
        out.append(phrase)
    return out


#: between a score and the name it is measured on: at most six words (a metric), then "on (the)"
_MEASURED_ON = rx(r"\s*(?:[^\s.;]+\s+){0,6}?on\s+(?:the\s+)?")


def measured_on_shape(text: str, n, s_end: int, systems: "Mentions") -> Optional[Entity]:
    """A name known by its shape alone (`bare_shape`: typed a method by default) that a score or
    change of its sentence is measured on, when the sentence names no dataset: "1.2% word error
    rate on LRS3", "44.7 AP on OV-LVIS". Such a name is the data, not a system."""
    after = max(n.end, n.unit_end)
    for s, t, e in systems.within(after, min(s_end, after + 80)):
        if bare_shape(e) and _MEASURED_ON.fullmatch(text, after, s) is not None:
            return e
    return None


#: only "by" (and a hedge) between a name and the number after it: "on MNLI by +0.9%"
_BY_RIGHT_BEFORE = rx(rf"\s+by\s*(?:(?:{BY_HEDGES})\s*)?[~≈∼]?\s*(?:\$\s*)?")


#: what joins a member to its suite: "Aircraft dataset in the META-DATASET benchmark", "MNLI of GLUE",
#: "the hard split from BIG-Bench"
_MEMBER_OF = rx(r"\s+(?:(?:data(?:\s*set)?|benchmark|subset|split|task|suite|environment)s?\s+)?(?:in|of|from)\s+(?:the\s+)?")


#: after "on (the)": words that describe the data before its name ("1% on real world noisy
#: dataset of Clothing1M", "on the challenging benchmark")
_DATA_DESCRIBED = r"(?:(?:[\p{Ll}\-]+\s+){0,4}?(?:data\s*set|benchmark)s?\s+(?:of\s+)?)?"
#: up to six words and "on/in/for/over/across (the)" between a number and a data name after it,
#: perhaps a task's short form before the name ("WER of 11.61 on ASR TEDLium v3")
_ON_AFTER = rx(r"\s*(?:\S+\s+){0,6}?(?:on|in|for|over|across)\s+(?:the\s+)?(?:\p{Lu}{2,5}\s+)?"
               + _DATA_DESCRIBED + "$")
#: ... for a number inside brackets, not past the bracket's end and a comma or semicolon (the
#: bracket ends a clause: "(90.2% vs. 91.1%), on SQuAD"; not "81.8% (+3.2%) on Pascal-VOC")
_ON_AFTER_IN_BRACKET = rx(r"\s*(?:(?![^\s]*[)\]][,;])\S+\s+){0,6}?(?:on|in|for|over|across)\s+(?:the\s+)?"
                          + _DATA_DESCRIBED + "$")
#: a number measured on data the text leaves unnamed: "a 4~16x speedup compared with previous
#: samplers on various datasets", "gains across all benchmarks"
_UNNAMED_DATA_AFTER = rx(r"[^,;.]{0,80}?\b(?:on|across|over|in)\s+(?:various|several|multiple|different|many|all"
                         r"|a\s+(?:range|variety|number)\s+of|a\s+wide\s+range\s+of)\s+(?:\S+\s+)?"
                         r"(?:data\s*sets|benchmarks|tasks|domains)\b", regex.IGNORECASE)


def unnamed_data_end(text: str, n, s_end: int) -> Optional[int]:
    """Where the words end that say the number was measured on unnamed data ("a 4~16x speedup
    compared with previous samplers on various datasets"), in its clause; None when none do."""
    m = _UNNAMED_DATA_AFTER.match(text, max(n.end, n.unit_end), s_end)
    return m.end() if m else None


def _dataset(text, n, s_start, s_end, data, data_entities) -> Optional[str]:
    unnamed = unnamed_data_end(text, n, s_end)
    if unnamed is not None and not data.within(max(n.end, n.unit_end), unnamed):
        return None  # "a 4~16x speedup ... on various datasets": none named for this number
    in_sent = [m for m in data.within(s_start, s_end) if not pretraining_data(text, m[0])]
    # "on MMLU (86.4 vs. 86.5)": the parenthesis belongs to the name it follows
    for m in in_sent:
        if m[1] <= n.start and rx(r"\s*\([^()]{0,40}").fullmatch(text[m[1]:n.start]):
            return m[2].name
    # "improvements on MNLI by +0.9% (90.2% vs. 91.1%), on SQuAD ...": the name right before "by"
    for m in in_sent:
        if m[1] <= n.start and _BY_RIGHT_BEFORE.fullmatch(text, m[1], n.start):
            return m[2].name
    if in_sent:
        # "87.1% on D", "81.8% (+3.2%) on D"; from inside a bracket not past its end and a comma:
        # "on MNLI by +0.9% (90.2% vs. 91.1%), on SQuAD"
        inside = text.rfind("(", s_start, n.start) > text.rfind(")", s_start, n.start)
        on_after = _ON_AFTER_IN_BRACKET if inside else _ON_AFTER
        after = [m for m in in_sent if m[0] >= n.end and on_after.match(text, n.end, m[0])]
        if after:
            return after[0][2].name
        before = [m for m in in_sent if m[1] <= n.start]
        if before:
            if len(before) > 1 and _MEMBER_OF.fullmatch(text, before[-2][1], before[-1][0]):
                return before[-2][2].name  # "on the Aircraft dataset in the META-DATASET benchmark"
            return before[-1][2].name
        paren = [m for m in in_sent if m[0] >= n.end and "(" in text[max(s_start, n.start - 2):n.start + 1]]
        if paren:
            return paren[0][2].name
        return in_sent[0][2].name
    if len(data_entities) == 1 and n.kind in ("score", "delta"):
        return next(iter(data_entities.values())).name
    return None


def _baselines(text: str, nums, sents: "Sentences", systems, clauses: dict) -> list[Optional[str]]:
    """`find_baseline` for each delta and ratio (None for the other numbers). A number's run is
    the range or list it ends ("by 2.9% box AP and 2.2% mask AP": one run), so the list shares the
    baseline named before its first number."""
    results = [n.start for n in nums if n.kind in ("score", "delta", "ratio")]
    out: list[Optional[str]] = []
    run_start = 0
    for i, n in enumerate(nums):
        run_start = run_start if i and _partners(text, nums[i - 1], n) else n.start
        out.append(find_baseline(text, n, *sents.at(n.start), systems,
                                 clauses, results, run_start) if n.kind in ("delta", "ratio") else None)
    return out


@lru_cache(maxsize=1)
def _baseline_cue():
    """A cue of comparison ending right before a system's name (resources/baseline_cues.tsv),
    at most three lowercase words away."""
    cues: dict[str, list[str]] = {"after": [], "either": []}
    for cue, where in resources.rows("baseline_cues.tsv"):
        cues[where.strip()].append(r"\s+".join(regex.escape(w) for w in cue.split()))

    def alternatives(where: str) -> str:
        return "|".join(sorted(cues[where], key=len, reverse=True))

    return rx(rf"""
        (?<![\p{{L}}\p{{N}}\-])                 # the cue starts a word
        (?:(?P<after>{alternatives("after")})   # a verb whose object is improved on: "improve DARTS by"
          |(?P<either>{alternatives("either")}) # a word of comparison: "than", "over", "compared to"
        )
        \s+(?:the\s+)?                         # "than the ..."
        (?:(?:state[\s\-]of[\s\-]the[\s\-]art     # at most three lowercase words ("state of the
             |\p{{Ll}}[\p{{Ll}}\-]*                # art" is one): "the previous best method", and
          ),?\s+){{0,3}}                        # an apposition: "than the baseline, PC-DARTS"
        \(?                                    # "cross-lingual model (XLM)"
        $                                      # and then the system's name
        """, regex.VERBOSE | regex.IGNORECASE)


def find_baseline(text: str, n, s_start: int, s_end: int, systems: Mentions,
                  clauses: Optional[dict] = None, results: Sequence[int] = (), run_start: int = -1
                  ) -> Optional[str]:
    """The method or model a delta or ratio is measured against, or None: a system named just
    after a cue of comparison in the number's clause, before the number ("improve DARTS by
    0.16%", "compared to LoRA, it gains 2%") or, for comparison words, after it ("2.1x faster
    than FlashAttention"); never one of the number's subjects; the nearest to the number wins.
    A system before the number is not its baseline when another result (a start in the sorted
    `results`) comes between them, unless that result is of the number's own range or list
    (which begins at `run_start`): "outperforms XLM-R by 1.3% ... and improvements of +1.7 BLEU".
    Only a window around the number is read (200 characters before it, 120 after), so a sentence
    with thousands of numbers and names stays linear."""
    c_start = max(_clause_start(text, s_start, n.start, clauses, s_end), n.start - 200)
    n_end = max(n.end, n.unit_end)
    brk = CLAUSE_BREAK.search(text, n_end, min(s_end, n_end + 120))
    c_end = brk.start() if brk else min(s_end, n_end + 120)
    subjects = set(n.subjects) | {n.subject}
    best, best_gap = None, None
    for s, t, e in systems.within(c_start, c_end):
        if e.name in subjects or (n.start < t and s < n_end):
            continue
        before = t <= n.start
        if before and bisect_left(results, run_start if run_start >= 0 else n.start) > bisect_left(results, t):
            continue  # another result stands between the system and this number
        cue = _baseline_cue().search(text, max(c_start if before else n_end, s - 60), s)
        if cue is None or (not before and cue.group("either") is None):
            continue
        gap = n.start - t if before else s - n_end
        if best_gap is None or gap < best_gap:
            best, best_gap = e.name, gap
    return best


@Language.factory("result_linker", assigns=["doc._.numbers", "doc._.entities", "doc._.baselines", "doc.spans"],
                  requires=["doc._.numbers", "doc._.entities", "doc._.held_metrics", "doc._.sentences"])
def make_linker(nlp: Language, name: str):
    return ResultLinker()


class ResultLinker:
    """Fills metric, subject(s) and dataset of each number in ``doc._.numbers``."""

    def __call__(self, doc: Doc) -> Doc:
        link_numbers(doc)
        return doc
