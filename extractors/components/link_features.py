"""Cues a careful reader uses to link a number to its metric, subject and dataset, as features.

Each cue is a small function of a `Pair` (one number, one candidate entity or None, one
attribute) and returns a number in [0, 1]; `features(pair)` gathers them by name. The link
scorer (link_scorer.py) weighs them with weights learned from the development annotations; the
rule linker's own choice (linker.py) is one of the cues. Read: ``doc._.numbers`` (with the
rules' links filled in), ``doc._.entities``, the clean text. Writes nothing.

Attributes and their candidates: ``metric`` -> METRIC entities, and the quality words the entity
resolver held back (``doc._.held_metrics``: "accuracy", "search cost", "training time", with the
modifiers and head nouns the rule linker would give them) as would-be metric entities;
``dataset`` -> DATASET and BENCHMARK entities; ``subject`` -> METHOD and MODEL entities. Every
number also has the candidate None ("the text does not say"), described by the `none_*` cues.
"""
from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Optional

import regex

from .. import resources
from ..regexes import longest_first
from .candidates import FAMILY, Source
from .entities import Entity
from .linker import (CLAUSE_BREAK, COMPARED_VALUE, COMPARISON, LABEL_GLUE, OF_HEDGES, Mentions, before_value,
                     chains, defined_term, given_to, measure_span, names_change, pretraining_data, sentences,
                     theirs_before, unnamed_data_end)
from .textutil import WORDS, rx

ATTRIBUTES = ("metric", "subject", "dataset")
#: entity types that can fill each attribute
CANDIDATE_TYPES = {"metric": frozenset({"METRIC"}), "dataset": frozenset({"DATASET", "BENCHMARK"}),
                   "subject": frozenset({"METHOD", "MODEL"})}
KINDS = ("score", "delta", "ratio", "count", "setting")
#: the kinds whose attribute the scorer decides; for the others the rules' choice stands (a
#: count or a setting is nobody's achievement: SPEC section 1 gives a subject to what a system
#: achieved)
SCORED_KINDS = {"metric": frozenset(KINDS), "dataset": frozenset(KINDS),
                "subject": frozenset({"score", "delta", "ratio"})}


@dataclass
class Context:
    """What every cue of one Doc may look at (built once per Doc)."""

    text: str
    numbers: list
    entities: list
    sents: list = field(default_factory=list)
    sent_starts: list = field(default_factory=list)
    number_starts: list = field(default_factory=list)
    numbers_by_start: list = field(default_factory=list)   # the numbers in text order (number_starts' objects)
    number_reach: int = 0                             # the longest number with its unit words, in characters
    candidates: dict = field(default_factory=dict)   # attribute -> [Entity]
    mention_starts: dict = field(default_factory=dict)   # attribute -> sorted mention starts
    held: set = field(default_factory=set)           # ids of would-be metric entities (held words)
    first: dict = field(default_factory=dict)        # attribute -> id of its first-named candidate
    entity_names: frozenset = frozenset()            # the names of the abstract's entities
    _sentence_of: dict = field(default_factory=dict)  # position -> sentence (memo)
    _sorted: dict = field(default_factory=dict)       # entity id -> (sorted mentions, their starts)
    _says: dict = field(default_factory=dict)         # (sentence, word) -> bool (memo)
    _ours: dict = field(default_factory=dict)         # sentence -> end of its first 'our ...' (memo)
    _breaks: Optional[list] = None                    # clause breaks of the text (start, end), in order
    _break_starts: list = field(default_factory=list)
    _near: dict = field(default_factory=dict)         # memos of the sentence-level cues, by key
    _mentions: dict = field(default_factory=dict)     # attribute -> sorted (start, end, entity id)
    _mention_keys: dict = field(default_factory=dict)  # attribute -> their starts
    _by_sentence: Optional[dict] = None               # sentence -> its numbers

    @classmethod
    def of(cls, text: str, numbers: list, entities: list, held: list = (), sents=None) -> "Context":
        """`sents`: the Doc's sentences (a `Sentences`); found from `text` when not given."""
        ctx = cls(text, list(numbers), [e for e in entities if not defined_term(e)])
        ctx.entity_names = frozenset(e.name for e in ctx.entities)
        ctx.sents = sents.spans if sents is not None else sentences(text)
        ctx.sent_starts = [s for s, _ in ctx.sents]
        ctx.numbers_by_start = sorted(ctx.numbers, key=lambda n: n.start)
        ctx.number_starts = [n.start for n in ctx.numbers_by_start]
        ctx.number_reach = max((max(n.end, n.unit_end) - n.start for n in ctx.numbers), default=0)
        for attr, types in CANDIDATE_TYPES.items():
            ctx.candidates[attr] = [e for e in ctx.entities if set(e.types) & types and e.mentions]
        extra = held_entities(text, held, ctx.candidates["metric"])
        ctx.held = {id(e) for e in extra}
        ctx.candidates["metric"] = ctx.candidates["metric"] + extra
        for attr, ents in ctx.candidates.items():
            ctx.mention_starts[attr] = sorted(s for e in ents for s, _ in e.mentions)
            if ents:
                ctx.first[attr] = id(min(ents, key=lambda e: min(s for s, _ in e.mentions)))
        return ctx

    def nearest(self, entity, start: int, end: int) -> tuple[int, int]:
        """The entity's mention nearest [start, end): among the mentions either side of it, found
        by bisection (linear overall: thousands of numbers and mentions stay cheap)."""
        key = id(entity)
        ms = self._sorted.get(key)
        if ms is None:
            ms = self._sorted[key] = (sorted(entity.mentions), [m[0] for m in sorted(entity.mentions)])
        mentions, starts = ms
        i = bisect_left(starts, start)
        near = mentions[max(0, i - 2):i + 2]
        return nearest_mention(near, start, end)

    def clause_breaks(self) -> list:
        """The text's clause breaks (`linker.CLAUSE_BREAK`), (start, end) in order: found once."""
        if self._breaks is None:
            self._breaks = [(m.start(), m.end()) for m in CLAUSE_BREAK.finditer(self.text)]
            self._break_starts = [s for s, _ in self._breaks]
        return self._breaks

    def clause_break_between(self, a: int, b: int) -> bool:
        """Does a clause break (`linker.CLAUSE_BREAK`) lie wholly within [a, b)? Looked up by
        bisection in `clause_breaks`."""
        self.clause_breaks()
        i = bisect_left(self._break_starts, a)
        return i < len(self._breaks) and self._breaks[i][1] <= b

    def clause_start(self, pos: int) -> int:
        """Start of the clause holding `pos`: the end of the last clause break (`linker.CLAUSE_BREAK`)
        of its sentence that ends by `pos`, else the sentence's start."""
        breaks = self.clause_breaks()
        start = self.sentence(pos)[0]
        i = bisect_left(self._break_starts, pos) - 1
        while i >= 0 and breaks[i][1] > pos:
            i -= 1
        return breaks[i][1] if i >= 0 and breaks[i][0] >= start else start

    def metric_ends(self) -> set:
        """Where the metric candidates' mentions end (memoised)."""
        got = self._near.get("metric_ends")
        if got is None:
            got = self._near["metric_ends"] = {t for e in self.candidates["metric"] for _, t in e.mentions}
        return got

    def sentence_says(self, pos: int, word: str) -> bool:
        """Does the sentence holding `pos` contain `word` (case aside)? Memoised per sentence."""
        sent = self.sentence(pos)
        key = (sent, word)
        got = self._says.get(key)
        if got is None:
            got = self._says[key] = word in self.text[sent[0]:sent[1]].lower()
        return got

    def first_ours(self, pos: int) -> Optional[int]:
        """End of the first 'our / the proposed / this / we' of the sentence holding `pos`, or None
        (memoised per sentence: one search however many numbers the sentence holds)."""
        sent = self.sentence(pos)
        if sent not in self._ours:
            m = _OURS.search(self.text, sent[0], sent[1])
            self._ours[sent] = m.end() if m else None
        return self._ours[sent]

    def _sentence_mentions(self, sent: tuple[int, int], attr: str) -> list:
        """(start, end, entity id) of the candidate mentions of `attr` in one sentence, by start
        (memoised per sentence: found by bisection in the text's sorted mentions)."""
        key = (sent, attr, "mentions")
        got = self._near.get(key)
        if got is None:
            every = self._mentions.get(attr)
            if every is None:
                # two candidates may share a span ("OA" and its long form "overall accuracy"):
                # ties go by the candidates' order, never by their ids (memory addresses, which
                # differ from run to run and would make the output depend on the process)
                rank = {id(e): i for i, e in enumerate(self.candidates[attr])}
                every = self._mentions[attr] = sorted(((a, b, id(e)) for e in self.candidates[attr]
                                                       for a, b in e.mentions),
                                                      key=lambda m: (m[0], m[1], rank[m[2]]))
                self._mention_keys[attr] = [m[0] for m in every]
            keys = self._mention_keys[attr]
            got = self._near[key] = every[bisect_left(keys, sent[0]):bisect_left(keys, sent[1])]
        return got

    def long_lists(self, pos: int, attr: str) -> list[tuple[int, int, set]]:
        """(start, end, entity ids) of the coordinated lists of three or more distinct candidates
        of `attr` in the sentence holding `pos` ("(STL-10, SVHN, CIFAR-10, CIFAR-100, and Tiny
        ImageNet)"), memoised per sentence."""
        sent = self.sentence(pos)
        key = (sent, attr, "lists")
        got = self._near.get(key)
        if got is None:
            by_id = {id(e): e for e in self.candidates[attr]}
            ms = Mentions((a, b, by_id[i]) for a, b, i in self._sentence_mentions(sent, attr))
            got = self._near[key] = [(c[0][0], c[-1][1], {id(m[2]) for m in c})
                                     for c in chains(self.text, ms, sent[0], sent[1]) if len(c) >= 3]
        return got

    def pairs_before(self, pos: int, attr: str) -> bool:
        """Does a coordinated list of two or more distinct candidates of `attr` ("FID and KID")
        stand before `pos` in its sentence, with no other candidate mention between its end and
        `pos`? Memoised per sentence: the lists' ends and the mentions' starts, then bisection."""
        sent = self.sentence(pos)
        key = (sent, attr, "pairs")
        got = self._near.get(key)
        if got is None:
            by_id = {id(e): e for e in self.candidates[attr]}
            ms = self._sentence_mentions(sent, attr)
            listed = chains(self.text, Mentions((a, b, by_id[i]) for a, b, i in ms), sent[0], sent[1])
            got = self._near[key] = ([c[-1][1] for c in listed], [a for a, _, _ in ms])
        ends, starts = got
        i = bisect_right(ends, pos) - 1
        return i >= 0 and bisect_left(starts, pos) == bisect_left(starts, ends[i])

    def nearest_in_sentence(self, number, attr: str) -> Optional[int]:
        """Id of the candidate whose mention in the number's sentence is closest to it (ties: the
        earlier mention), or None; the mentions either side of the number, found by bisection."""
        key = (id(number), attr, "nearest")
        if key in self._near:
            return self._near[key]
        ms = self._sentence_mentions(self.sentence(number.start), attr)
        i = bisect_left(ms, (number.start,))  # the first mention starting at or after the number
        end = max(number.end, number.unit_end)  # the number with its unit words
        best = None
        for a, b, e in ms[max(0, i - 4):i + 4]:
            gap = number.start - b if b <= number.start else max(0, a - end)
            if best is None or (gap, a) < best[:2]:
                best = (gap, a, e)
        got = self._near[key] = best[2] if best else None
        return got

    def in_sentence(self, number, attr: str) -> set:
        """Ids of the candidates of `attr` mentioned in the number's sentence (memoised per sentence)."""
        sent = self.sentence(number.start)
        key = (sent, attr, "ids")
        got = self._near.get(key)
        if got is None:
            got = self._near[key] = {e for _, _, e in self._sentence_mentions(sent, attr)}
        return got

    def _same_unit(self, number) -> list:
        """The numbers of the number's sentence with its unit, in order (memoised per sentence and unit)."""
        sent = self.sentence(number.start)
        key = (sent, number.unit, "numbers")
        got = self._near.get(key)
        if got is None:
            got = self._near[key] = sorted((n for n in self._sentence_numbers(sent) if n.unit == number.unit),
                                           key=lambda n: n.start)
        return got

    def _sentence_numbers(self, sent: tuple[int, int]) -> list:
        """The numbers of one sentence (memoised; the numbers are grouped once per text)."""
        if self._by_sentence is None:
            self._by_sentence = {}
            for n in self.numbers:
                self._by_sentence.setdefault(self.sentence(n.start), []).append(n)
        return self._by_sentence.get(sent, [])

    def partner_choices(self, number, attr: str) -> set:
        """Ids of the candidates the rules chose for the nearest earlier number of the same
        sentence and unit, when a comparison (`_ANSWER`) lies between the two (memoised)."""
        key = (id(number), attr, "partners")
        got = self._near.get(key)
        if got is None:
            same = self._same_unit(number)
            k = self._rank(same, number)
            got = set()
            if k > 0:
                prev = same[k - 1]
                name = getattr(prev, attr)
                if name is not None and prev.end <= number.start and _ANSWER.search(self.text, prev.end, number.start):
                    got = {id(e) for e in self.candidates[attr] if e.name == name or name in e.aliases}
            self._near[key] = got
        return got

    def _rank(self, same: list, number) -> int:
        """The number's place in `same` (memoised: one index per list)."""
        key = (id(same), "rank")
        index = self._near.get(key)
        if index is None:
            index = self._near[key] = {id(n): i for i, n in enumerate(same)}
        return index[id(number)]

    def respectively_partner(self, number, attr: str) -> Optional[int]:
        """Id of the candidate that 'respectively' pairs with the number: the sentence says it,
        its numbers of the number's unit and its distinct candidates of `attr` (in order of first
        mention) are as many, two or more, and the candidate holds the number's place (memoised)."""
        if not self.sentence_says(number.start, "respectively"):
            return None
        sent = self.sentence(number.start)
        key = (sent, attr, number.unit, "respectively")
        order = self._near.get(key)
        if order is None:
            order = []
            seen = set()
            for _, _, e in self._sentence_mentions(sent, attr):
                if e not in seen:
                    seen.add(e)
                    order.append(e)
            self._near[key] = order
        same = self._same_unit(number)
        if not 2 <= len(same) == len(order):
            return None
        return order[self._rank(same, number)]

    def pronoun_antecedent(self, number, attr: str) -> Optional[int]:
        """Id of the candidate a pronoun that does what the number's clause reports stands for
        ("... (SwinV2-G) and find that it reaches ...: 60.0 box mAP", "FocalNets achieve 82.3%
        ... After pretrained on ImageNet-22K, it attains 86.5%"): the last pronoun agent
        (`_PRONOUN_AGENT`) of the number's sentence before the number; its antecedent is the
        nearest candidate mention of `attr` before it in the sentence, else the first one of the
        sentence before (a sentence's first name is mostly its grammatical subject), or the paper's
        own system when that sentence opens with it (`_OURS_OPENS`: "Our approach ..."). None when
        there is no such pronoun or no candidate (memoised per number)."""
        key = (id(number), attr, "pronoun")
        if key in self._near:
            return self._near[key]
        sent = self.sentence(number.start)
        agent = None
        for agent in _PRONOUN_AGENT.finditer(self.text, sent[0], number.start):
            pass
        got = None
        if agent is not None:
            before = [m for m in self._sentence_mentions(sent, attr) if m[1] <= agent.start()]
            if before:
                got = before[-1][2]
            else:
                i = bisect_right(self.sent_starts, sent[0]) - 2
                prev = self.sents[i] if i >= 0 else None
                if prev is not None and _OURS_OPENS.match(self.text, prev[0]):
                    # "Our approach outperforms ... Moreover, it also outperforms ...": the paper's
                    # own system, when it has a name
                    ours = [e for e in self.candidates[attr] if e.role == "proposed"]
                    got = id(ours[0]) if len(ours) == 1 else None
                else:
                    earlier = self._sentence_mentions(prev, attr) if prev is not None else []
                    got = earlier[0][2] if earlier else None
        self._near[key] = got
        return got

    def sentence(self, pos: int) -> tuple[int, int]:
        """(start, end) of the sentence holding `pos`."""
        got = self._sentence_of.get(pos)
        if got is None:
            i = bisect_right(self.sent_starts, pos) - 1
            got = self._sentence_of[pos] = self.sents[max(i, 0)]
        return got


#: what makes a later number answer an earlier one: a comparison, a parenthesis, an end point
_ANSWER = rx(rf"\b(?:{COMPARISON}|from|to)\b|\(", regex.I)


def held_entities(text: str, held: list, metrics: list) -> list:
    """Would-be metric entities from the held quality words: each span widened as the rule linker
    widens a revived one (`linker.measure_span`: up to three modifiers before, quantity head nouns
    after: "worst-group accuracy", "training time"; a loss of a quality is that quality), one
    entity per spelling (case aside); spans inside a metric entity's mention are left out (that
    entity is already a candidate)."""
    taken = sorted(m for e in metrics for m in e.mentions)
    taken_starts = [a for a, _ in taken]
    by_key: dict[str, Entity] = {}
    for c in sorted(held, key=lambda c: (c.start, c.end)):
        i = bisect_right(taken_starts, c.start)
        # inside a metric mention starting at or before it (mentions do not nest deeply: look back a few)
        if any(a <= c.start and c.end <= b for a, b in taken[max(0, i - 4):i]):
            continue
        span = measure_span(text, c.start, c.end)
        if span is None:
            continue  # "performance": no named measure
        s, t = span
        k = text[s:t].casefold()
        e = by_key.setdefault(k, Entity(name=text[s:t], types=["METRIC"], sources={Source.GENERIC}))
        if (s, t) not in e.mentions:
            e.mentions.append((s, t))
    return list(by_key.values())


@dataclass
class Pair:
    """One number, one candidate (an entity, or None), one attribute, and the nearest mention."""

    ctx: Context
    number: object
    entity: Optional[object]
    attr: str
    mention: Optional[tuple[int, int]] = None

    def __post_init__(self) -> None:
        if self.entity is not None and self.mention is None:
            self.mention = self.ctx.nearest(self.entity, self.number.start, self.end)

    @property
    def end(self) -> int:
        """End of the number with its unit words."""
        return max(self.number.end, self.number.unit_end)


def nearest_mention(mentions, start: int, end: int) -> tuple[int, int]:
    """The mention closest to the span [start, end) (ties: the earlier one)."""
    def gap(m):
        s, t = m
        return start - t if t <= start else (s - end if s >= end else 0)
    return min(mentions, key=lambda m: (gap(m), m[0]))


# ---------------------------------------------------------------- cues (one idea each)

def rule_choice(p: Pair) -> float:
    """The rule linker chose this candidate (for None: the rules left the link empty)."""
    chosen = getattr(p.number, p.attr)
    if p.entity is None:
        return float(chosen is None)
    return float(chosen is not None and (chosen == p.entity.name or chosen in p.entity.aliases))


def same_sentence(p: Pair) -> float:
    """The mention is in the number's sentence."""
    return float(p.ctx.sentence(p.mention[0]) == p.ctx.sentence(p.number.start))


def same_clause(p: Pair) -> float:
    """Nothing that ends a clause (';', 'while', 'whereas', 'but') between mention and number."""
    a, b = sorted((p.mention[1], p.number.start)) if p.mention[0] < p.number.start else (p.end, p.mention[0])
    return float(same_sentence(p) and not p.ctx.clause_break_between(a, max(a, b)))


def before(p: Pair) -> float:
    """The mention comes before the number."""
    return float(p.mention[1] <= p.number.start)


def distance(p: Pair) -> float:
    """How far apart mention and number are, in characters (log scale, 1.0 = about 1,000)."""
    s, t = p.mention
    gap = p.number.start - t if t <= p.number.start else max(0, s - p.end)
    return min(1.0, math.log1p(gap) / math.log1p(1000))


def adjacent(p: Pair) -> float:
    """At most 3 characters between them ("52.56% pass@1", "(49 games, ALE)", "F1 of 0.71")."""
    s, t = p.mention
    gap = p.number.start - t if t <= p.number.start else s - p.end
    return float(0 <= gap <= 3)


def numbers_between(p: Pair) -> float:
    """Other numbers between mention and number (0, 1, 2, 3 or more -> 0 .. 1)."""
    lo, hi = sorted((p.mention[0], p.number.start))
    k = bisect_left(p.ctx.number_starts, hi) - bisect_right(p.ctx.number_starts, lo)
    return min(3, k) / 3


def rivals_between(p: Pair) -> float:
    """Mentions of other candidates for the same attribute between mention and number (0 .. 3+)."""
    lo, hi = sorted((p.mention[1], p.number.start)) if before(p) else (p.end, p.mention[0])
    starts = p.ctx.mention_starts[p.attr]
    return min(3, max(0, bisect_left(starts, hi) - bisect_left(starts, lo))) / 3


def _left(p: Pair, width: int = 30) -> str:
    s = p.mention[0]
    return p.ctx.text[max(0, s - width):s]


_ON = rx(r"\b(?:on|in|across|over|for|of|using|with)\s+(?:the\s+)?(?:\S+\s+){0,2}?$", regex.I)
#: (not a word of comparison before a number: "by over 2% for ResNet18", "from 77.9% to 86.1%"
#: hedge or start a change; the name after the number is not compared against)
_BASELINE = rx(rf"\b(?:{COMPARISON}|relative\s+to|unlike|from)\s+(?!\$?[+\-−~≈]?\d)(?:the\s+)?(?:\S+\s+){{0,2}}?$",
                          regex.I)
#: stems of the verbs whose subject achieved a result ("X achieves", "X, which reaches")
_AGENT_VERBS = (r"achiev|attain|reach|realiz|obtain|yield|score|get|improv|outperform|surpass|boost|set|"
                r"establish|deliver|perform|exceed|beat|record|reduc|increas|lower|rais|match|gain")
_AGENT = rx(r"\s*(?:\([^()]{0,30}\)\s*)?"                        # "(ours)"
                       r"(?:,[^,]{0,40},\s*|,?\s*(?:(?:which|that|who)\s+)?)"  # ", an LLM," or ", which" or ","
                       r"(?:also\s+|further\s+|only\s+|still\s+)?"
                       rf"(?:{_AGENT_VERBS})", regex.I)
_OURS = rx(r"\b(?:our|the\s+proposed|this|we)\b", regex.I)
#: a sentence whose subject is the paper's own system: "Our approach ...", "The proposed method ...", "We ..."
_OURS_OPENS = rx(r"\s*(?:(?:In\s+addition|Moreover|Furthermore|Overall|Finally|Empirically|Experimentally),?\s+)?"
                 r"(?:our|the\s+proposed|we)\b", regex.I)
#: a pronoun as the agent of a verb of achieving: "it reaches", "They also achieve", "it can reach"
_PRONOUN_AGENT = rx(rf"\b(?:[Ii]t|[Tt]hey)\s+(?:(?:also|further|still|only|even|then|can|could|consistently)\s+){{0,2}}"
                    rf"(?:{_AGENT_VERBS})")


def on_frame(p: Pair) -> float:
    """'on / in / across D' before the mention: what a number is measured on."""
    return float(bool(_ON.search(_left(p))))


def pretrained_on(p: Pair) -> float:
    """'pre-trained on D' before the mention: the data a model learned from, seldom the dataset a
    number is measured on ("After pretrained on ImageNet-22K, it attains 86.5% top-1")."""
    return float(pretraining_data(p.ctx.text, p.mention[0]))


def baseline_frame(p: Pair) -> float:
    """'than / over / compared to / outperforms Y' before the mention: a baseline, not the subject."""
    return float(bool(_BASELINE.search(_left(p, 40))))


#: between a measure's name and what it is measured for: " of ", " (OA) of the "
_MEASURE_OF = rx(r"\s*(?:\([^()]{1,15}\)\s*)?of\s+(?:the\s+)?$")


def measure_of(p: Pair) -> float:
    """A metric's name and "of" stand right before the mention, and the number follows in the
    same clause: "the accuracy of Madry's toolbox on the same attack is 18.59%", "the overall
    accuracy (OA) of PointNet++ ... raised from 77.9% to 86.1%": the mention is whose value it is."""
    s = p.mention[0]
    m = _MEASURE_OF.search(p.ctx.text, max(0, s - 30), s)
    return float(bool(m) and m.start() in p.ctx.metric_ends() and p.mention[1] <= p.number.start
                 and same_clause(p))


def agent_frame(p: Pair) -> float:
    """The mention is followed by a verb of achieving ('X achieves', 'X improves ... by');
    `match` anchors at the mention's end (a '^' would only match at the text's start)."""
    return float(bool(_AGENT.match(p.ctx.text, p.mention[1], p.mention[1] + 60)))


#: from a name to a number inside the parenthesis after it, the name's head noun allowed in
#: between ("MMLU (86.4)", "the Atari benchmark (49 games, ALE)")
_PAREN_OPEN = rx(r"(?:\s+(?:dataset|benchmark|suite|corpus|environment|task|model|method)s?)?"
                            r"\s*\(\s*[^()]{0,40}")


def in_parenthesis_after(p: Pair) -> float:
    """The number sits in a parenthesis right after the mention or its head noun ('FrameDiff
    (78.1%)', 'MMLU (86.4)', 'the Atari benchmark (49 games, ALE)')."""
    return float(before(p) and p.number.start - p.mention[1] <= 48
                 and bool(_PAREN_OPEN.fullmatch(p.ctx.text, p.mention[1], p.number.start)))


def given_for(p: Pair) -> float:
    """The number is given for the mention right after it ('0.76 for SelfCheckGPT'; a compared
    value's owner: 'compared to 80% of PackNet'; linker.given_to)."""
    return float(not before(p) and given_to(p.ctx.text, p.number, p.end, *p.mention))


#: from a measure's name to its value: " of ", a hedge allowed ("an accuracy of 85.7%", "a speedup
#: of 1.22×", "an FID of about 10.2")
_OF_VALUE = rx(rf"\s+of\s+(?:(?:{OF_HEDGES})\s+)?[~≈∼$(]?\s*", regex.I)


def named_of(p: Pair) -> float:
    """The mention and "of" stand right before the number: the number is the value of what the
    mention names ("an accuracy of 85.7%", "a speedup of 1.22×")."""
    return float(before(p) and p.number.start - p.mention[1] <= 24
                 and bool(_OF_VALUE.fullmatch(p.ctx.text, p.mention[1], p.number.start)))


def labelled_by(p: Pair) -> float:
    """The mention labels the number: a colon or '=' right between them ('SimCLR: 51.8%',
    'FID = 2.1'), so the number is the mention's own."""
    return float(before(p) and p.number.start - p.mention[1] <= 16
                 and bool(LABEL_GLUE.fullmatch(p.ctx.text, p.mention[1], p.number.start)))


def paired_respectively(p: Pair) -> float:
    """The sentence says 'respectively' and pairs the numbers of the number's unit with as many
    candidates in order: this candidate holds the number's place ("95.1%, 80.2% and 70.3% on
    CIFAR-10, CIFAR-100 and ImageNet, respectively")."""
    return float(p.ctx.respectively_partner(p.number, p.attr) == id(p.entity))


def respectively(p: Pair) -> float:
    """The number's sentence says 'respectively' and the mention is in it."""
    return float(same_sentence(p) and p.ctx.sentence_says(p.number.start, "respectively"))


def proposed(p: Pair) -> float:
    """The candidate is what the paper proposes."""
    return float(p.entity.role == "proposed")


def _ours_before(p: Pair) -> bool:
    """'our / the proposed / this' system in the number's sentence before the number."""
    first = p.ctx.first_ours(p.number.start)
    return first is not None and first < p.number.start


def pronoun_subject(p: Pair) -> float:
    """A pronoun does what the number's clause reports and stands for the candidate ("we examine
    a giant model (SwinV2-G) and find that it reaches ...: 60.0 box mAP": `Context.pronoun_antecedent`);
    subjects only (a pronoun agent achieves, it is not measured on)."""
    return float(p.attr == "subject" and p.ctx.pronoun_antecedent(p.number, p.attr) == id(p.entity))


def ours_in_clause(p: Pair) -> float:
    """'our / the proposed / we' in the number's sentence before it, and the candidate is proposed."""
    return float(p.entity.role == "proposed" and _ours_before(p))


#: a role noun right after a name or right before it: "DeiT-Tiny student", "a ResNet-50
#: backbone", "the baseline BERT-large", "teacher model ViT-L"
_ROLE_AFTER = rx(r"[\s-]+(?:backbones?|students?|teachers?|baselines?|base\s+models?|encoders?)\b", regex.I)
_ROLE_BEFORE = rx(r"\b(?:backbones?|students?|teachers?|baselines?)(?:\s+(?:models?|networks?))?\s+(?:of\s+)?$", regex.I)


def component_role(p: Pair) -> float:
    """A role noun stands by the mention (`_ROLE_AFTER`, `_ROLE_BEFORE`): the name is a backbone,
    a student or teacher, or a baseline that the credited method is applied to or compared with
    ("our distillation improves the DeiT-Tiny student by 2.0%"), seldom the number's own system."""
    s, t = p.mention
    return float(bool(_ROLE_AFTER.match(p.ctx.text, t, t + 24)
                      or _ROLE_BEFORE.search(p.ctx.text, max(0, s - 30), s)))


#: a verb that acts on a system, right before its object (`regex.VERBOSE`): "to prune ResNet50",
#: "quantizing BERT", "replicating GPT-2 models"; or a verb of change and the measure "of" a system:
#: "accelerate the inference time of DDIM", "reduces the computation of GauGAN by 18x"
_ACTED_ON = rx(r"""
    \b(?:
        (?:prun|compress|quantiz|sparsif|distill|replicat|accelerat)\w*        # the system is the object
      | (?:reduc|cut|lower|improv|boost|increas|accelerat|speed\w*\s+up)\w*   # or its measure is
        \s+(?:the\s+)?(?:[\p{L}\-]+\s+){1,3}of
    )
    \s+(?:the\s+|a\s+|an\s+)?$
    """, regex.IGNORECASE | regex.VERBOSE)


def acted_on(p: Pair) -> float:
    """The mention is what a verb acts on (`_ACTED_ON`): the system the credited method prunes,
    compresses or speeds up ("it takes 30 epochs for LTP to prune ResNet50 on ImageNet by a factor
    of 9.1", "we accelerate the inference time of DDIM by 3.0x"), seldom the number's own system."""
    s = p.mention[0]
    return float(bool(_ACTED_ON.search(p.ctx.text, max(0, s - 60), s)))


def ours_not_proposed(p: Pair) -> float:
    """'our / the proposed / this' system in the number's sentence before it, and the candidate is
    not proposed: the sentence credits the paper's own system, so a named backbone, baseline or
    component is unlikely to be the one ("our pruning method improves MobileNetV3 by 0.3%")."""
    return float(p.entity.role != "proposed" and _ours_before(p))


#: a comparison with another system between a name and a later number: "X reaches 77.6%, while
#: the prior art's is 72.9%", "X improves ... compared to 39% for the base model"
_COMPARED = rx(rf"\b(?:{COMPARISON}|while|whereas|relative\s+to|prior|previous|baselines?)\b",
                          regex.IGNORECASE)


def compared_between(p: Pair) -> float:
    """The mention comes before the number with a comparison word between them (`_COMPARED`):
    the number may be the compared system's, not the mention's."""
    return float(before(p) and bool(_COMPARED.search(p.ctx.text, p.mention[1], p.number.start)))


def _from_end(p: Pair) -> bool:
    """The number is the start of a change "from A to B" (the before-value, often a baseline's)."""
    return before_value(p.ctx.text, p.number, p.ctx.numbers)


def proposed_from_end(p: Pair) -> float:
    """The candidate is proposed and the number is the before-value of "from A to B" ("SEED
    improves the top-1 accuracy from 42.2% to 67.6%": 42.2% is not SEED's)."""
    return float(p.entity.role == "proposed" and _from_end(p))


def owns_from_end(p: Pair) -> float:
    """The candidate is the system the before-value of "from A to B" is named for ("the FID of
    StyleGAN3 from 21.36 to 13.60", "from 42.2% to 67.6% on EfficientNet-B0": linker.names_change)."""
    if not _from_end(p):
        return 0.0
    text, n = p.ctx.text, p.number
    return float(any(names_change(text, n, p.ctx.numbers, s, t)
                     for s, t in p.entity.mentions if n.start - 80 <= s <= n.start + 120))


def from_end(p: Pair) -> float:
    """The number is the before-value of "from A to B" (the None cue)."""
    return float(_from_end(p))


#: a list's separator between two numbers: "86.6%, 60.2%, and 71.31%" (not linker._PARTNER's range
#: marks: the end of "from A to B" is the new value, not a compared one)
_LIST_SEPARATOR = rx(r"\s*(?:,|,?\s*and)\s*")


def compared_value(ctx: Context, number) -> bool:
    """Is the number the value a system is compared with ("versus 26.9% mCE", "(against 72.91%
    for the prior art)", "while the previous best results are 94.8%", "the best prior defense
    only attains 67.44%"), or a later member of a list of such values, in the same unit ("previous
    state-of-the-art accuracies of 86.6%, 60.2%, and 71.31%")? Such a value is seldom the proposed
    system's, as the before-value of "from A to B" is not. Memoised per number (every candidate of
    every attribute asks); a list is walked back iteratively, however long."""
    chain = []   # the number, then its list predecessors, until one whose answer is known or found
    i = bisect_left(ctx.number_starts, number.start)
    n = number
    while True:
        got = ctx._near.get(("compared", n.start))
        if got is not None:
            break
        chain.append(n)
        if COMPARED_VALUE.search(ctx.text, max(0, n.start - 80), n.start):
            got = True
            break
        prev = ctx.numbers_by_start[i - 1] if i > 0 else None
        if prev is None or prev.unit != n.unit or \
                _LIST_SEPARATOR.fullmatch(ctx.text, max(prev.end, prev.unit_end), n.start) is None:
            got = False
            break
        n, i = prev, i - 1
    for m in chain:
        ctx._near[("compared", m.start)] = got
    return got


def proposed_compared(p: Pair) -> float:
    """The candidate is proposed and the number is a compared value (`compared_value`)."""
    return float(p.entity.role == "proposed" and compared_value(p.ctx, p.number))


def compared(p: Pair) -> float:
    """The number is a compared value (`compared_value`; the None cue)."""
    return float(compared_value(p.ctx, p.number))


def theirs(p: Pair) -> float:
    """Another's unnamed system does what the number's clause reports before it ("..., while a
    recent transformer-based approach achieves 59.6%": `linker.theirs_before`; the None cue)."""
    return float(theirs_before(p.ctx.text, p.ctx.clause_start(p.number.start), p.number.start))


@lru_cache(maxsize=1)
def _vague_change_rx():
    """A vague quality's change right before a number, "a slight performance drop of 0.33%",
    "performance gains of about 2%" (word lists ``vague_measures``, ``change_nouns``), or right
    after it, "a 3% performance drop" / "a 3% drop in performance"."""
    vague = "|".join(sorted(resources.word_list("vague_measures"), key=longest_first))
    change = "|".join(sorted(resources.word_list("change_nouns"), key=longest_first))
    before = rx(rf"""\b(?:{vague})\s+(?:{change})s?\s+of\s+     # "performance drop of"
                    (?:(?:{OF_HEDGES})\s+)?                          # "of about"
                    (?:[<>~≈∼]?\s*\d[\d.]*\s*%?\s*(?:,\s*(?:and\s+)?|and\s+))*  # earlier values of a list: "<2% and"
                    [<>~≈∼$\\]*\s*$                                  # a sign or TeX's dollar, then the number
                    """, regex.IGNORECASE | regex.VERBOSE)
    after = rx(rf"""\s*(?:(?:{vague})\s+(?:{change})s?             # "3% performance drop"
                    |(?:{change})s?\s+in\s+(?:the\s+)?(?:model'?s?\s+)?(?:{vague})\b)  # "3% drop in performance"
                    """, regex.IGNORECASE | regex.VERBOSE)
    return before, after


def vague_change(p: Pair) -> float:
    """The number is a change of a vague quality ("a slight performance drop of 0.33%", "a 3% drop
    in performance": `_vague_change_rx`): the text names no measure for it, whatever measure a
    neighbour names (the None cue of metrics; it says nothing of who or where)."""
    if p.attr != "metric":
        return 0.0
    before, after = _vague_change_rx()
    text, n = p.ctx.text, p.number
    start = n.start if n.context_start < 0 else min(n.start, n.context_start)   # before "less than"
    return float(bool(before.search(text, max(0, start - 60), start)
                      or after.match(text, max(n.end, n.unit_end), max(n.end, n.unit_end) + 40)))


def ours_unnamed(p: Pair) -> float:
    """'our / the proposed / this' system in the number's sentence before it, and no candidate of
    the attribute is proposed: the paper's own system has no name to link ("our approach reaches
    72.5% on ImageNet with ResNet-50"); not where "it" stands for a named system ("... (SwinV2-G)
    and find that it reaches": `pronoun_subject`)."""
    return float(_ours_before(p) and not any(e.role == "proposed" for e in p.ctx.candidates[p.attr])
                 and (p.attr != "subject" or p.ctx.pronoun_antecedent(p.number, p.attr) is None))


def only_candidate(p: Pair) -> float:
    """The candidate is the abstract's only one for this attribute."""
    return float(len(p.ctx.candidates[p.attr]) == 1)


def first_candidate(p: Pair) -> float:
    """The candidate is the first of its attribute named in the abstract."""
    return float(p.ctx.first.get(p.attr) == id(p.entity))


def frequency(p: Pair) -> float:
    """How often the candidate is mentioned (1 -> 0, 8 or more -> 1)."""
    return min(1.0, math.log(len(p.entity.mentions)) / math.log(8))


def family_name(p: Pair) -> float:
    """A plural family name ('LLMs', 'transformers'): a kind of system, rarely a subject. By its
    shape alone (`candidates.FAMILY`): reading plurals of known names too (`candidates.is_family`, which
    the rules use) cost the scorer 0.5 points of subject accuracy in cross-validation."""
    return float(bool(FAMILY.match(p.ctx.text[p.mention[0]:p.mention[1]])))


def held_word(p: Pair) -> float:
    """The candidate is a quality word held back as generic ('accuracy', 'memory'), not a name."""
    return float(id(p.entity) in p.ctx.held)


def type_is(typ: str) -> Callable[[Pair], float]:
    def cue(p: Pair) -> float:
        return float(typ in p.entity.types)
    cue.__doc__ = f"The candidate is typed {typ}."
    cue.__name__ = f"type_{typ.lower()}"
    return cue


def kind_is(kind: str) -> Callable[[Pair], float]:
    def cue(p: Pair) -> float:
        return float(p.number.kind == kind)
    cue.__doc__ = f"The number is a {kind}."
    cue.__name__ = f"kind_{kind}"
    return cue


def unit_percent(p: Pair) -> float:
    """The number is a percentage or points."""
    return float(p.number.unit in ("%", "points"))


def nearest_in_sentence(p: Pair) -> float:
    """Of this attribute's candidate mentions in the number's sentence, the candidate's is the
    closest to the number (either side; ties: the earlier)."""
    return float(p.ctx.nearest_in_sentence(p.number, p.attr) == id(p.entity))


def _gap(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Characters between two spans (0 when they touch or overlap)."""
    return max(0, b[0] - a[1], a[0] - b[1])


def closer_number(p: Pair) -> float:
    """Another number of the sentence (not this one's range partner) is nearer to the mention
    than this number: the mention more likely says what that one measures ("improves X by 4.2%
    on D and reduces latency by 2x": latency is the 2x's)."""
    s, e = p.ctx.sentence(p.number.start)
    mine = _gap(p.mention, (p.number.start, p.end))
    if mine == 0:
        return 0.0
    # only numbers starting in this window can be nearer: one starting `mine` or more after the
    # mention is not, nor one ending before a - mine (it starts at most `number_reach` before
    # its end); the window keeps the cue from scanning a sentence of thousands of numbers
    a, b = p.mention
    starts = p.ctx.number_starts
    lo = bisect_left(starts, max(s, a - mine - p.ctx.number_reach))
    hi = bisect_left(starts, min(e, b + mine))
    for n in p.ctx.numbers_by_start[lo:hi]:
        if n is p.number or n.range_with is not None and p.ctx.numbers[n.range_with] is p.number:
            continue
        if _gap(p.mention, (n.start, max(n.end, n.unit_end))) < mine:
            return 1.0
    return 0.0


def only_in_sentence(p: Pair) -> float:
    """The candidate is the only one of this attribute mentioned in the number's sentence."""
    return float(p.ctx.in_sentence(p.number, p.attr) == {id(p.entity)})


#: words that may stand between a name and its number without breaking the link ("accuracy of
#: 54%", "improves BLEU by 2", "F1 score: 0.7", "52% on average on D", "3x in terms of latency")
_GLUE = rx(r"""
    [\s,:=~()\[\]$]*                                   # space, punctuation, math-mode marks
    (?:(?:of|by|to|at|on|in|is|was|were|are|an?|the|up|about|around|approximately|nearly|
         almost|over|only|just|with|terms|score|scores|value|values|average|mean|roughly|
         reaching|reaches|achieves|achieving|than|from|for)
       [\s,:=~()$]*)*
    """, regex.I | regex.X)


def glue_between(p: Pair) -> float:
    """Only function words and punctuation (`_GLUE`) lie between mention and number, at most 40
    characters: the two are one phrase."""
    a, b = (p.mention[1], p.number.start) if before(p) else (p.end, p.mention[0])
    return float(0 <= b - a <= 40 and bool(_GLUE.fullmatch(p.ctx.text, a, b)))


#: what starts a new item between a number and the next name ("3.7% and robust accuracy by ...")
_NEW_ITEM = rx(r"[,;]|\b(?:and|or|but|while|with|than|to|vs|versus|compared)\b", regex.I)


def right_after(p: Pair) -> float:
    """The mention starts within 12 characters after the number and its unit, in the same clause,
    with no other number and nothing that starts a new item (`_NEW_ITEM`) between ("87% final
    success rate", "1.7x inference throughput"; not "3.7% and robust accuracy by 2%")."""
    gap = p.mention[0] - p.end
    return float(0 <= gap <= 12 and not _NEW_ITEM.search(p.ctx.text, p.end, p.mention[0])
                 and not numbers_between(p) and same_clause(p))


def unit_words(p: Pair) -> float:
    """The mention is the number's own unit words ("1/3 FLOPs", "0.7G FLOPs"): the number counts
    what the name measures (`right_after` starts after the unit, so it misses these)."""
    return float(p.number.end <= p.mention[0] < p.end)


def partner_choice(p: Pair) -> float:
    """The number answers an earlier one of the same sentence and unit across a comparison
    ("a designability of 92.3%, outperforming FrameDiff (78.1%)", "87% success rate compared to
    80% of PackNet", "from 59.04% to 63.50%"), and the rules gave that earlier number this
    candidate: a baseline's value or an end point is a value of the same measure."""
    return float(id(p.entity) in p.ctx.partner_choices(p.number, p.attr))


def in_long_list(p: Pair) -> float:
    """The mention is one of a list of three or more candidates ("across multiple datasets
    (STL-10, SVHN, CIFAR-10, CIFAR-100, and Tiny ImageNet)"): a number said of the whole list
    belongs to none of them alone, unless the lists pair up (the rules' and decisive cues)."""
    return float(any(a <= p.mention[0] and p.mention[1] <= b for a, b, _ in p.ctx.long_lists(p.number.start, p.attr)))


# ---------------------------------------------------------------- the None candidate

def none_candidates(p: Pair) -> float:
    """How many candidates the abstract offers for this attribute (0 -> 0, 8 or more -> 1)."""
    return min(1.0, math.log1p(len(p.ctx.candidates[p.attr])) / math.log(9))


def list_in_sentence(p: Pair) -> float:
    """The number's sentence names a list of three or more candidates (see `in_long_list`)."""
    return float(bool(p.ctx.long_lists(p.number.start, p.attr)))


def list_before(p: Pair) -> float:
    """A list of two or more candidates stands before the number in its sentence, no other
    candidate between ("We report FID and KID on two benchmarks: 1.77 on CelebA"): which of them
    the number is a value of, the text does not say (unless a 'respectively' pairs them, which
    the rules and the decisive cues read)."""
    return float(p.ctx.pairs_before(p.number.start, p.attr))


def none_in_sentence(p: Pair) -> float:
    """No candidate is mentioned in the number's sentence."""
    s, e = p.ctx.sentence(p.number.start)
    starts = p.ctx.mention_starts[p.attr]
    return float(bisect_left(starts, e) - bisect_left(starts, s) == 0)


def unnamed_data(p: Pair) -> float:
    """The number's clause goes on to say it was measured on data it leaves unnamed ("a 4~16x
    speedup compared with previous samplers on various datasets": `linker.unnamed_data_end`), no
    candidate named between; datasets only."""
    if p.attr != "dataset":
        return 0.0
    after = max(p.number.end, p.number.unit_end)
    end = unnamed_data_end(p.ctx.text, p.number, p.ctx.sentence(p.number.start)[1])
    starts = p.ctx.mention_starts[p.attr]
    return float(end is not None and bisect_left(starts, end) == bisect_left(starts, after))


@lru_cache(maxsize=1)
def _cost_words() -> frozenset:
    """The word list ``cost_words``, case-folded."""
    return frozenset(w.casefold() for w in resources.word_list("cost_words"))


@lru_cache(maxsize=4096)
def _names_cost(metric: str) -> bool:
    """Does a metric's name hold a word of the ``cost_words`` list (case aside)?"""
    return any(w.casefold() in _cost_words() for w in WORDS.findall(metric))


def cost_measure(p: Pair) -> float:
    """The number is a value of a cost or efficiency measure (its metric as the rules link it
    names one: "training time", "communication traffic", "activation memory"; word list
    ``cost_words``), which abstracts seldom measure on a dataset they name ("reducing the
    training time by 20.9x, whilst achieving 62.2 mAP on COCO"); datasets only."""
    metric = p.number.metric
    return float(p.attr == "dataset" and metric is not None and _names_cost(metric))


ENTITY_CUES: list[Callable[[Pair], float]] = [
    rule_choice, same_sentence, same_clause, before, distance, adjacent, numbers_between,
    rivals_between, on_frame, pretrained_on, baseline_frame, agent_frame, measure_of, in_parenthesis_after, given_for, labelled_by, named_of, respectively,
    paired_respectively, proposed, pronoun_subject, ours_in_clause, ours_not_proposed, component_role, acted_on,
    proposed_from_end, owns_from_end, proposed_compared, compared_between,
    only_candidate, first_candidate, frequency, family_name, held_word,
    nearest_in_sentence, only_in_sentence, closer_number, glue_between, right_after, unit_words, partner_choice,
    in_long_list,
    *(type_is(t) for t in ("METHOD", "MODEL", "DATASET", "BENCHMARK", "METRIC")),
    *(kind_is(k) for k in KINDS),
]
NONE_CUES: list[Callable[[Pair], float]] = [rule_choice, none_candidates, none_in_sentence, list_in_sentence, list_before,
                                            ours_unnamed, from_end, vague_change, unnamed_data, cost_measure,
                                            compared, theirs,
                                            *(kind_is(k) for k in KINDS), unit_percent]
#: the learned-only ablation leaves these out
RULE_CUES = frozenset({"rule_choice", "partner_choice"})


def feature_names() -> list[str]:
    """Every feature, in the fixed order of the weight files: entity cues, then None cues."""
    return [f"e:{c.__name__}" for c in ENTITY_CUES] + [f"n:{c.__name__}" for c in NONE_CUES] + ["bias_entity"]


_ENTITY_KEYS = [(f"e:{c.__name__}", c) for c in ENTITY_CUES]
_NONE_KEYS = [(f"n:{c.__name__}", c) for c in NONE_CUES]


def features(p: Pair) -> dict[str, float]:
    """The cues of one pair, by name (entity cues for an entity, None cues for None)."""
    if p.entity is None:
        return {k: c(p) for k, c in _NONE_KEYS}
    out = {k: c(p) for k, c in _ENTITY_KEYS}
    out["bias_entity"] = 1.0
    return out


def pairs(ctx: Context, number, attr: str) -> list[Pair]:
    """None and every candidate entity for one number and attribute."""
    return [Pair(ctx, number, None, attr)] + [Pair(ctx, number, e, attr) for e in ctx.candidates[attr]]
