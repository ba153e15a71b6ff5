"""`entities` component: the resolver that turns candidates into typed entities with roles.

Inputs: ``doc._.candidates`` (lexicon, shapes, markup, proposals, task phrases), ``doc.ents``
(the statistical NER), ``doc._.acronyms`` and ``doc._.bounds`` (the quantity a bound measures is a
metric). How decisions are combined:
1. An acronym and its long form are one entity (name = the short form, alias = the long form);
   candidates overlapping either join it, and so does the long form written again in any case.
2. Overlapping candidates merge into the longest span, pooling their type evidence; candidates
   with the same name (case, hyphens and spaces aside) are one entity, and so are entities of one
   name (`_one_per_name`), and so are a short form and the capitalised words whose initials it
   spells, written apart ("SHGP, a novel Self-supervised Heterogeneous Graph Pre-training
   approach": `_initials_are_the_short_form`); two numbered names written with one stem
   ("CIFAR-10/100") are two entities with that written form as their alias (`_shared_stem_names`).
3. Type = the heaviest type evidence: lexicon entries (weight 2-3), NER labels (1.5), context
   head nouns ("the IEMOCAP dataset", "MCPMark, a benchmark": 2), task phrases, metric shapes.
   A "measure" is both a method and a metric.
4. Keep an entity when some source vouches for it as a name: lexicon, acronym definition (not
   one whose long form names an object: "symmetric positive definite matrices (SPDM)"; one with a
   lower-case long form nothing else types is a term, `Source.TERM`, no result's link), proposal
   cue, name markup, task phrase, metric shape, member of a list of measures or data, bound
   quantity, NER; a bare shape (CamelCase, ALL-CAPS, digits) needs type evidence from its
   context or the NER. Generic quality words (resources/generic_terms.txt) are held back for the
   result linker, which makes them metrics when a number measures them.
5. Role = proposed when a proposal cue names it, when it is a coined name used again and again
   (not a plural, a modifier, or a name first met in a sentence about prior work), or a
   variant of a proposed name ("LiteViT-S", "Inductive-SubSelNet", "MVAST-FF" beside
   "MVAST-O"); else used. A name the field shares (`field_terms`: "graph neural network (GNN)")
   is never proposed.

Writes ``doc._.entities`` (list of `Entity`, clean offsets), ``doc._.held_metrics`` and
``doc.spans["entities"]``.
"""

from bisect import bisect_left
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Optional

import ahocorasick
import regex
from spacy.language import Language
from spacy.tokens import Doc

from .. import resources
from ..models import DATA_TYPES, SYSTEM_TYPES
from ..regexes import longest_first
from .textutil import SHORT_YEAR, SpanIndex, doc_text, find_word, is_adverb, rx
from .field_terms import is_field_term
from .candidates import NUMBERED, SIZE_LETTER, SIZED, TYPES, Candidate, Source, Weight, is_family, model_shaped
from .lexicon import entries
from .quality import generic_words, plurals
from .sentences import Sentences, doc_sentences
from .names import context_types, defined_as_task, head_type, is_citation, title_names, type_heads, written_as_own

for _ext in ("entities", "held_metrics"):
    if not Doc.has_extension(_ext):
        Doc.set_extension(_ext, default=None)

_STRONG = {Source.LEXICON, Source.ACRONYM, Source.PROPOSAL, Source.CALLED, Source.MARKUP, Source.TASK,
           Source.MEASURE_LIST, Source.DATA_LIST, Source.PATTERN, Source.BOUND, Source.NER}  # not shape, lexicon-weak
_TYPE_ORDER = {t: i for i, t in enumerate(TYPES)}
#: shapes that read as names on their own: CamelCase ("iFormer", "DeiT-S"), capitals ("OWLEYE"),
#: letters with digits ("ResNet50"), a capitalised word with a size letter, a run of capitals
#: before a word part ("MCPMark", "UNet"), a short lower-case prefix before three capitals or a
#: camel-case part ("mip-NeRF", "β-VAE"), lower-case words with a number part inside
#: ("gpt-5-medium", "qwen-2.5-coder"); any of them with a trailing "+" or "++" ("PointNet++",
#: "SiamRPN++", "DeepLabv3+": a named successor)
_SHAPE_KEEP = rx(r"^(?:\p{Lu}*\p{Ll}+\p{Lu}[\p{L}\p{N}\-]*|\p{Ll}{1,5}-(?:\p{Lu}{2}[\p{Lu}\p{N}]|\p{Lu}\p{Ll}+\p{Lu})[\p{L}\p{N}]*|\p{Lu}[\p{Lu}\p{N}\-]{2,}s?|\p{L}+\d[\p{L}\p{N}\-]*"
                 r"|\p{Lu}{2,}\p{Ll}{2,}[\p{L}\p{N}\-]*|\p{Ll}+(?:-\p{Ll}+)*-\p{N}[\p{L}\p{N}.]*-\p{L}[\p{L}\p{N}\-]*"
                 rf"|{SIZE_LETTER})\+{{0,2}}$")


_HARDWARE = rx(r"^(?:(?:GTX|RTX|Tesla|Titan|TPU|A|V|H|P|T|K)[- ]?\d{2,4}\w*|TPU\s?v\d\w*|TX\d|Xeon\w*|"
               r"Jetson\w*)$")


# coined names: CamelCase (FeLMi, VideoWhisperer), capitals with digits or hyphens (MTG-Net,
# SS-DPA), or long all-caps words (OWLEYE, ADVISOR)
_COINED = rx(r"^(?:\p{Lu}+\p{Ll}+\p{Lu}[\p{L}\p{N}\-+]*"  # CamelCase: FeLMi
             r"|\p{Ll}{1,3}\p{Lu}[\p{L}\p{N}\-+]*"           # a lowercase start: iGPT
             r"|\p{Lu}[\p{L}\p{N}]*[-+\d][\p{L}\p{N}\-+]*"  # digits or hyphens: MTG-Net
             r"|\p{Lu}{5,})$")                                # long capitals: OWLEYE


@dataclass
class Entity:
    name: str
    types: list                      # one type, or METHOD and METRIC for a measure
    role: str = "used"
    aliases: list = field(default_factory=list)
    mentions: list = field(default_factory=list)   # (start, end) clean offsets
    sources: set = field(default_factory=set)
    votes: dict = field(default_factory=dict)      # type -> the evidence weight the resolver weighed
    context: dict = field(default_factory=dict)    # type -> the part of it the surrounding words gave
    confidence: dict = field(default_factory=dict)  # type -> the entity typer's probability of it


@lru_cache(maxsize=1)
def _not_names() -> frozenset:
    return resources.words("not_names.txt")


@lru_cache(maxsize=1)
def _generic_rx():
    words = sorted(set(generic_words()) | set(plurals()), key=longest_first)
    return rx(r"(?<![\p{L}\-])(?:" + "|".join(regex.escape(w) for w in words) + r")(?![\p{L}\-])",
              regex.IGNORECASE)


@lru_cache(maxsize=4)
def _ascii_automaton(terms: tuple):
    """An Aho-Corasick automaton of lowercase terms (its values are the terms' lengths), or None
    when one is not ASCII."""
    if not all(w.isascii() for w in terms):
        return None
    auto = ahocorasick.Automaton()
    for w in terms:
        auto.add_word(w.lower(), len(w))
    auto.make_automaton()
    return auto


@lru_cache(maxsize=1)
def _ascii_generic():
    """The automaton of the generic terms and their plurals."""
    return _ascii_automaton(tuple(sorted(set(generic_words()) | set(plurals()))))


def generic_matches(text: str) -> list:
    """The matches of ``_generic_rx().finditer(text)``, found several times faster (`_fast_matches`)."""
    return _fast_matches(_generic_rx(), _ascii_generic(), text)


def _fast_matches(pattern, terms, text: str) -> list:
    """The matches of ``pattern.finditer(text)`` for a case-insensitive alternation of `terms`
    (their `_ascii_automaton`): in an ASCII text a match starts where the lowercased text has a
    term (every occurrence of every term, in one pass of the automaton), and there the pattern
    decides; any other text is searched with the pattern."""
    if terms is None or not text.isascii():
        return list(pattern.finditer(text))
    starts = {end - n + 1 for end, n in terms.iter(text.lower())}
    out = []
    last = 0
    for start in sorted(starts):
        if start < last:
            continue
        m = pattern.match(text, start)
        if m:
            out.append(m)
            last = m.end()
    return out


def key(s: str) -> str:
    return rx(r"[^\p{L}\p{N}@^+]").sub("", s.casefold())


@dataclass
class _Group:
    spans: list = field(default_factory=list)      # (start, end)
    forms: dict = field(default_factory=dict)      # surface -> count
    votes: dict = field(default_factory=dict)
    sources: set = field(default_factory=set)
    proposed: bool = False
    short: Optional[str] = None
    long: Optional[str] = None
    long_titled: bool = False
    canonical: Optional[str] = None
    weak: dict = field(default_factory=dict)       # evidence that cannot keep an entity alone
    ner_system: dict = field(default_factory=dict)  # the NER's METHOD and MODEL labels (`_entity`)
    spans_voted: set = field(default_factory=set)  # spans whose context and NER votes are counted
    context: dict = field(default_factory=dict)    # the part of the votes from the surrounding words
    lexicon: dict = field(default_factory=dict)    # the part of the votes from the lexicon (once per type)
    ner_labelled: bool = False                     # the NER labelled one of its spans (or one overlapping it)

    def take(self, c: Candidate, short_only: bool = False) -> None:
        if (c.start, c.end) not in self.spans_voted:
            # the words around a span and the NER's label of it are one piece of evidence however
            # many components proposed the span
            self.spans_voted.add((c.start, c.end))
            for t, w in c.context.items():
                self.votes[t] = self.votes.get(t, 0.0) + w
                self.context[t] = self.context.get(t, 0.0) + w
            for t, w in c.ner.items():  # the NER helps to type what the rules found, not to keep it
                bucket = self.ner_system if t in _SYSTEM_TYPES else self.weak
                bucket[t] = bucket.get(t, 0.0) + w
                self.ner_labelled = True
        if short_only and c.source in (Source.LEXICON, Source.LEXICON_WEAK) \
                and c.text.casefold() not in named_measure_words():
            # known letters, but no evidence of what they name; letters that name a measure by
            # themselves keep what the lexicon knows ("Multiply-Add operations (MAdds)": a metric)
            self.sources.add(Source.LEXICON_SHORT)
            return
        if c.source == Source.LEXICON:
            # what a lexicon knows of a name is one piece of evidence however often the name is
            # written; what the words around each mention say is counted per mention
            for t, w in c.types.items():
                if w > self.lexicon.get(t, 0.0):
                    self.votes[t] = self.votes.get(t, 0.0) + w - self.lexicon.get(t, 0.0)
                    self.lexicon[t] = w
        else:
            target = self.weak if c.source == Source.LEXICON_WEAK else self.votes
            for t, w in c.types.items():
                target[t] = target.get(t, 0.0) + w
        self.sources.add(c.source)
        self.proposed = self.proposed or c.proposed
        if c.canonical and not self.canonical:
            self.canonical = c.canonical


def _overlap(a, b) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _titled(s: str) -> bool:
    words = [w for w in rx(r"[\p{L}][\p{L}\-]*").findall(s) if w.lower() not in ("of", "for", "and", "the", "with", "in", "on", "a", "to", "via")]
    return bool(words) and sum(w[0].isupper() for w in words) >= max(1, (len(words) + 1) // 2)


def resolve(doc: Doc, use: str = "both") -> tuple[list[Entity], list[Candidate]]:
    """Entities of a doc. `use` picks the evidence: "both" (default), "rules" (no NER) or
    "ner" (the statistical NER alone, for ablations)."""
    text = doc_text(doc)
    if use == "ner":
        return _ner_only([Candidate(e.start_char, e.end_char, e.text, Source.NER, {e.label_: Weight.NER})
                          for e in doc.ents if e.label_ in TYPES]), []
    cands = _gather_candidates(doc, text, use)
    groups = _acronym_groups(text, doc._.acronyms or [])
    rest = _join_acronyms(groups, cands)
    groups += _surface_groups(text, _longest_spans(rest))
    entities, held = _decide(text, groups)
    entities = _initials_are_the_short_form(_one_per_name(entities))
    entities = one_task_per_phrase(singular_measures(_plural_is_the_name(entities)))
    held += _unclaimed_generic_words(text, entities, held)
    _proposed_from_spans(doc, entities)
    _all_mentions(text, entities)
    entities = _measure_variants(text, entities)
    _names_as_written_mid_sentence(text, entities, doc_sentences(doc))
    _coined_names_are_proposed(text, entities)
    _our_defined_names_are_proposed(text, entities)
    _new_things_named_in_parens(text, entities)
    _field_terms_are_not_proposed(entities)
    entities += _proposed_variants(entities, cands)
    entities = _placeholder_names(doc.user_data.get("extractors.title"), entities, doc._.marks or ())
    entities = _title_names_are_proposed(text, doc.user_data.get("extractors.title"), entities,
                                         [(u.start, u.end) for u in doc._.urls or []])
    _title_long_forms_are_proposed(doc.user_data.get("extractors.title"), entities)
    # "with no increase in computational cost": a quantity the text keeps constant is no number's
    held = [c for c in held if not _HELD_CONSTANT.search(text, max(0, c.start - 40), c.start)]
    held, measures = _named_measures(text, held, entities)   # bare mentions only: "accuracy" inside
    entities += measures                           # "test accuracy" stays the held word it is
    entities = _shared_stem_names(text, entities)
    entities.sort(key=lambda e: (e.mentions[0] if e.mentions else (0, 0), e.name))
    return entities, held


#: a numbered name: a stem ending in a letter or a hyphen, then a number not 0-led ("CIFAR-10") ...
_STEM_NUMBER = r"(?P<stem>\p{L}[\p{L}\p{N}]*?[\p{L}\-])(?P<a>[1-9]\d*)"
_NUMBERED = rx(_STEM_NUMBER)
#: ... and one that writes two such names with one stem: "CIFAR-10/100", "Caltech-101/256", "ResNet-18/34"
_SHARED_STEM = rx(_STEM_NUMBER + r"/(?P<b>[1-9]\d*)")
#: ... written with a second number after a slash: "CIFAR10" of "CIFAR10/100"
_SLASH_NUMBER = rx(r"/(?P<b>[1-9]\d*)(?![\p{L}\p{N}/])")
#: a name ending in a year after a space ("YouTube-VIS 2019") ...
_YEAR_NAME = rx(r"(?P<stem>\p{L}[\p{L}\p{N}\-]*\s)(?P<a>(?:19|20)\d\d)")
#: ... and "&" or "and" and another year right after it, the list ending there ("& 2021,")
_AND_YEAR = rx(r"\s*(?:&|and)\s*(?P<b>(?:19|20)\d\d)(?=[,.;:)]|\s+(?:data\s*sets?|benchmarks?)\b|\s*$)")


def _shared_stem_names(text: str, entities: list[Entity]) -> list[Entity]:
    """A written form of two numbered names sharing a stem ("CIFAR-10/100", "CIFAR10/100") names
    two entities, "CIFAR-10" and "CIFAR-100", each with the written form as an alias and a
    mention there (the annotation guideline's slashes and shared names); a name of the pair the
    abstract also writes alone is that entity. The resolver's entity is the written form
    ("CIFAR-10/100"), or the first name with the slash and number right after a mention
    ("CIFAR10" + "/100")."""
    by_name = {e.name.casefold(): e for e in entities}
    out: list[Entity] = []
    added: list[Entity] = []

    def pair(e: Entity, stem: str, nums: tuple[str, str], written: str, spans: list) -> None:
        for num in nums:
            name = stem + num
            other = by_name.get(name.casefold())
            if other is None:
                other = replace(e, name=name, types=list(e.types), aliases=[], mentions=[], sources=set(e.sources),
                                votes=dict(e.votes), context=dict(e.context))
                by_name[name.casefold()] = other
                added.append(other)
            other.mentions = sorted(set(other.mentions) | set(spans))
            if written not in other.aliases:
                other.aliases.append(written)

    for e in entities:
        m = _SHARED_STEM.fullmatch(e.name)
        if m is not None and not e.aliases:
            pair(e, m.group("stem"), (m.group("a"), m.group("b")), e.name, e.mentions)
            continue   # the written form is no entity of its own
        out.append(e)
        n = _NUMBERED.fullmatch(e.name)
        if n is None:
            continue
        for s, t in list(e.mentions):
            slash = _SLASH_NUMBER.match(text, t)
            if slash is not None and text[s:t] == e.name:
                e.mentions = [x for x in e.mentions if x != (s, t)]   # the mention is the written pair
                pair(e, n.group("stem"), (n.group("a"), slash.group("b")), text[s:slash.end()], [(s, slash.end())])
    for e in list(out):
        # "YouTube-VIS 2019 & 2021": a data name ending in a year, "&" or "and" and another year
        y = _YEAR_NAME.fullmatch(e.name)
        if y is None or not set(e.types) & {"DATASET", "BENCHMARK"}:
            continue
        for s, t in list(e.mentions):
            other = _AND_YEAR.match(text, t)
            if other is not None and text[s:t] == e.name and other.group("b") != y.group("a"):
                pair(e, y.group("stem"), (other.group("b"),), text[s:other.end()], [(s, other.end())])
    return out + added   # (`added` holds only new entities: a name already there is found in `by_name`)


def _gather_candidates(doc: Doc, text: str, use: str) -> list[Candidate]:
    """The components' candidates, the NER's, and the quantities bounds measure; none in a URL,
    none inside a bound's formula ("Õ(T√kN + √dkNT)", "O(logT)": variables, not names)."""
    cands: list[Candidate] = list(doc._.candidates or [])
    if use != "rules":
        cands += _ner_candidates(doc, text, cands)
    for b in doc._.bounds or []:
        if b.quantity:
            for s, e in find_word(text, b.quantity, ignore_case=True):
                cands.append(Candidate(s, e, text[s:e], Source.BOUND, {"METRIC": Weight.BOUND_QUANTITY}))
    urls = [(u.start, u.end) for u in doc._.urls or []]
    formulas = [(b.start, b.end) for b in doc._.bounds or []]
    cands = [c for c in cands if c.end > c.start and text[c.start:c.end].strip()
             and not any(_overlap((c.start, c.end), u) for u in urls)
             and not any(a <= c.start and c.end <= b for a, b in formulas)]
    context_types(text, cands)
    return cands


#: where a long form's complement starts ("... Valuation for Diverse Reasoning")
_COMPLEMENT = rx(r"\s(?:for|of|with|via|using|in|on|under|from|through|to|by)\s", regex.IGNORECASE)


_ACRONYM_METHOD_HEADS = resources.word_list("acronym_method_heads")


#: a noun right after a parenthesised short form that ends the phrase ("(NLVR2) dataset without";
#: not "(RTS) game simulator", where the short form and the noun modify another)
_DATA_NOUN_AFTER_SHORT = rx(r"""
    \)\s+(data\s+set|\p{Ll}+)                                    # ")" and the noun
    (?=\s*(?:[,.;:()]|$)                                          # then punctuation,
      |\s+(?:of|for|with|without|in|on|to|from|that|which|and|or|is|are|was|were|has|have|by|as|at)\b
                                                                   # or a function word
      |\s+\p{Ll}+ed\b)                                              # or a participle ("introduced in")
    """, regex.VERBOSE)


def _acronym_groups(text: str, acronyms) -> list[_Group]:
    """One group per acronym definition, typed by its long form's head noun (or by a data noun
    right after the short form: "... for Real (NLVR2) dataset"), or a task when the
    sentence defines it as one (`names.defined_as_task`: "the problem setting of
    Interaction-Grounded Learning (IGL)")."""
    heads = type_heads()
    groups: list[_Group] = []
    for a in acronyms:
        g = _Group(short=a.short, long=a.long, long_titled=_titled(a.long))
        g.spans = list(a.mentions) + [(a.long_start, a.long_end)]
        g.forms = {a.short: len(a.mentions)}
        g.sources.add(Source.ACRONYM)
        # the head noun is the last word before a complement: "Random Policy Valuation for
        # Diverse Reasoning" is a valuation (no type), "Travelling Salesman Problem" a problem
        words = rx(r"[\p{L}\-]+").findall(_COMPLEMENT.split(a.long, maxsplit=1)[0])
        t = head_type(words[-1], heads) if words else None
        if t == "TASK" and words[-1].casefold() in _ACRONYM_METHOD_HEADS:
            t = "METHOD"   # "masked language modeling (MLM)": a technique the text names by letters
        after = _DATA_NOUN_AFTER_SHORT.match(text, a.short_end)
        if after and heads.get(after.group(1).casefold()) in _DATA_TYPES:
            t = heads[after.group(1).casefold()]   # "Natural Language and Visual Reasoning for Real
            # (NLVR2) dataset": the noun after the definition says what the whole names (in the
            # singular: "brain-computer interface (BCI) datasets" are a field's data)
        known = {typ for _, typ, _, _ in entries(a.long)}
        if known and t not in known and not (t == "MEASURE" and known & {"METHOD", "METRIC"}):
            t = None  # a long form the lexicon knows whole is what the lexicon says ("natural language
            # inference (NLI)" is a task, whatever "inference" heads elsewhere)
        if t:  # the long form's head says what the acronym names; it outweighs a lexicon hit on a part
            for tt in (("METHOD", "METRIC") if t == "MEASURE" else (t,)):
                g.votes[tt] = g.votes.get(tt, 0.0) + Weight.ACRONYM_HEAD
        if defined_as_task(text, a.long_start, a.long_end, long_form=True):
            g.votes["TASK"] = g.votes.get("TASK", 0.0) + Weight.DEFINITION
            g.context["TASK"] = g.context.get("TASK", 0.0) + Weight.DEFINITION
        groups.append(g)
    return groups


def _join_acronyms(groups: list[_Group], cands: list[Candidate]) -> list[Candidate]:
    """Candidates inside an acronym's short or long form join its group, and so does the long form
    written again elsewhere, in any case ("Inductive relation prediction (IRP) ... inductive
    relation prediction": one task, not two); the others are returned."""
    rest: list[Candidate] = []
    # the first definition wins; not a short form that is no name ("Variational Inference (VI)":
    # the VI group is dropped, `_decide`, and the long form written again stays an entity of its own)
    longs = {key(g.long): g for g in reversed(groups) if g.short and g.long and g.short not in _not_names()}
    long_spans: dict[int, tuple[int, Optional[tuple[int, int]]]] = {}
    span_index: dict[int, tuple[int, SpanIndex]] = {}
    for c in sorted(cands, key=lambda c: (c.start, -(c.end - c.start))):
        target = next((g for g in groups if g.short and _inside(g, c, span_index)), None)
        long_again = False
        if target is None and longs:
            target = longs.get(key(c.text))
            if target is not None:
                target.spans.append((c.start, c.end))   # a mention of the long form, as its definition is
                long_again = True
        if target is not None:
            long_span = _first_long_span(target, long_spans)
            target.take(c, short_only=not (long_again or long_span and long_span[0] <= c.start and c.end <= long_span[1]))
        else:
            rest.append(c)
    return rest


def _inside(g: _Group, c: Candidate, memo: dict) -> bool:
    """Is the candidate inside one of the group's spans? `memo` keeps a `SpanIndex` of the
    group's spans per group, made again only when spans were added, so that a group of thousands
    of mentions is not scanned for each candidate."""
    n, index = memo.get(id(g), (-1, None))
    if n != len(g.spans):
        index = SpanIndex(g.spans)
        memo[id(g)] = (len(g.spans), index)
    return any(a <= c.start and c.end <= b for a, b in index.overlapping(c.start, c.end))


def _first_long_span(g: _Group, memo: dict) -> Optional[tuple[int, int]]:
    """The group's first span as long as its long form (its definition), or None; `memo` keeps,
    per group, how many of its spans were looked at and what was found (spans are only appended),
    so a group of thousands of mentions is not scanned again for each candidate it takes."""
    looked, found = memo.get(id(g), (0, None))
    if found is None:
        n = len(g.long or "")
        found = next((sp for sp in g.spans[looked:] if sp[1] - sp[0] == n), None)
        memo[id(g)] = (len(g.spans), found)
    return found


def _longest_spans(rest: list[Candidate]) -> list[tuple[Candidate, list[Candidate]]]:
    """Overlapping candidates: the longest span wins and pools the evidence of those it contains."""
    rest.sort(key=lambda c: (-(c.end - c.start), c.start))
    kept: list[tuple[Candidate, list[Candidate]]] = []
    for c in rest:
        host = next((k for k in kept if _overlap((c.start, c.end), (k[0].start, k[0].end))), None)
        if host is None:
            kept.append((c, [c]))
        elif host[0].start <= c.start and c.end <= host[0].end:
            host[1].append(c)
        # a partial overlap that is not contained is dropped (the longer reading wins)
    return kept


def _surface_groups(text: str, kept: list[tuple[Candidate, list[Candidate]]]) -> list[_Group]:
    """One group per name key: the spans written the same way pool their evidence."""
    by_key: dict[str, _Group] = {}
    for head, members in sorted(kept, key=lambda k: k[0].start):
        surface = head.text if head.source == Source.PROPOSAL and head.text != text[head.start:head.end] \
            else text[head.start:head.end]
        k = key(surface)
        if not k:
            continue
        g = by_key.get(k)
        if g is None:
            g = by_key[k] = _Group()
        g.spans.append((head.start, head.end))
        g.forms[surface] = g.forms.get(surface, 0) + 1
        for m in members:
            g.take(m)
    return list(by_key.values())


def _one_per_name(entities: list[Entity]) -> list[Entity]:
    """Entities of one name are one entity: a short form written where the acronyms component did
    not count it ("rPPG" of "rPPG-based") makes a group of its own beside the acronym's; the first
    (an acronym's group comes first) takes the other's mentions, aliases and sources."""
    out: list[Entity] = []
    first: dict[str, Entity] = {}
    for e in entities:
        k = e.name.casefold()   # the same name, not only the same key ("ViT-S" is not "ViTs")
        kept = first.get(k)
        if kept is None:
            first[k] = e
            out.append(e)
            continue
        _absorb(kept, e)
    return out


def _absorb(kept: Entity, other: Entity) -> None:
    """`kept` takes `other`'s mentions, its name and aliases as aliases (not a spelling of its own
    name), its sources and a proposed role: one entity where the resolver had two."""
    kept.mentions = sorted(set(kept.mentions) | set(other.mentions))
    own = kept.name.casefold()
    kept.aliases += [a for a in [other.name] + other.aliases if a not in kept.aliases and a.casefold() != own]
    kept.sources |= other.sources
    if other.role == "proposed":
        kept.role = "proposed"


#: types whose names may be one entity's singular and plural: systems, data, measures, tasks
_KIN = {"METHOD": "system", "MODEL": "system", "DATASET": "data", "BENCHMARK": "data",
        "METRIC": "measure", "TASK": "task"}


def _plural_is_the_name(entities: list[Entity]) -> list[Entity]:
    """A name and its plural ("Transformer" / "Transformers", "Potts model" / "Potts models",
    "FiSHformer" / "FiSHformers"), entities of one kind (`_KIN`), are one entity, as the
    annotation guideline writes them: the singular keeps its name and types and takes the
    plural as an alias, with its mentions, sources and role. Only a lower-case "s" or "es"
    written after the whole name counts ("ViT-S" and "GRCS", a variant of "GRC", are no plurals;
    "ViTs" is)."""
    by_name = {e.name.casefold(): e for e in entities}
    gone: set[int] = set()
    for e in entities:
        low = e.name.casefold()
        if len(low) < 4 or not e.name.endswith("s"):   # a capital S is a letter of the name: "GRCS"
            continue
        one = by_name.get(low[:-1]) or (by_name.get(low[:-2]) if low.endswith("es") else None)
        if one is None or one is e or id(one) in gone or _KIN.get(one.types[0]) != _KIN.get(e.types[0]):
            continue
        gone.add(id(e))
        _absorb(one, e)
    return [e for e in entities if id(e) not in gone]


#: a short form written as capitals only ("SHGP", "DASCO"), a lower-case plural "s" allowed ("GMMs")
_CAPITALS = rx(r"^\p{Lu}{2,}s?$")


def _initials(name: str) -> Optional[str]:
    """The capitals that start the words of a name whose words all start with one
    ("Self-supervised Heterogeneous Graph Pre-training" -> "SHGP", "Center-wise Local Image
    Mixture" -> "CLIM"); None for a single word or a word starting otherwise ("Gaussian
    process regression")."""
    words = name.split()
    if len(words) < 2 or not all(w[0].isupper() for w in words):
        return None
    return "".join(w[0] for w in words)


def _singular_key(name: str) -> str:
    """`key` of a name with a plural "s" left out: "Graph neural networks" is "Graph Neural Network"."""
    k = key(name)
    return k[:-1] if k.endswith("s") else k


def _initials_are_the_short_form(entities: list[Entity]) -> list[Entity]:
    """A name of capitalised words and a short form spelling their initials, entities of one kind
    (`_KIN`) written apart without a parenthesised definition ("we present SHGP, a novel
    Self-supervised Heterogeneous Graph Pre-training approach", "named Center-wise Local Image
    Mixture. CLIM encourages ..."), are one entity as the annotation guideline writes an acronym:
    the short form keeps its name and takes the long form as an alias, with its mentions,
    sources and role. The short form must be the initials exactly, case and all (a plural "s"
    aside), so "Gaussian Mixture Models" joins "GMM" and "GMMs" but no word's letters are
    guessed; a short form defined with another long form keeps it alone ("AD" of "automatic
    differentiation" is not "Alternating Direction")."""
    shorts: dict[tuple, Entity] = {}
    for e in entities:
        if _CAPITALS.match(e.name):
            shorts.setdefault((e.name.removesuffix("s"), _KIN.get(e.types[0])), e)
    if not shorts:
        return entities
    gone: set[int] = set()
    for e in entities:
        ini = _initials(e.name)
        short = shorts.get((ini, _KIN.get(e.types[0]))) if ini else None
        if short is None or short is e or id(short) in gone \
                or any(_singular_key(a) != _singular_key(e.name) for a in short.aliases):
            continue
        gone.add(id(e))
        _absorb(short, e)
    return [e for e in entities if id(e) not in gone]


@lru_cache(maxsize=1)
def _singular_measure_plurals() -> dict[str, str]:
    """Plural -> singular of resources/word_lists.tsv `singular_measures` ("accuracies" -> "accuracy")."""
    return {(w[:-1] + "ies" if w.endswith("y") else w + "s"): w for w in resources.word_list("singular_measures")}


def singular_measure(name: str) -> str:
    """A metric's name with a plural measure head the annotation guideline writes in the singular
    (word list `singular_measures`) made singular: "speedups" -> "speedup", "Top-1 accuracies" ->
    "Top-1 accuracy", "attack success rates" -> "attack success rate"; any other name as it is."""
    head = _HEAD_WORD.search(name)
    one = _singular_measure_plurals().get(head.group()) if head else None
    return name[:head.start()] + one if one else name


#: the last word of a name, hyphens inside: its head ("success rates", "speed-ups")
_HEAD_WORD = rx(r"(?<![\p{L}\-])[\p{L}\-]+$")


def singular_measures(entities: list[Entity]) -> list[Entity]:
    """A metric written only in the plural of such a head is named in the singular (`singular_measure`),
    the written form its first alias. (Written both ways, `_plural_is_the_name` has made the
    singular the name already.) Called by the resolver and again by the entity typer, which adds
    and retypes metrics."""
    for e in entities:
        one = singular_measure(e.name) if "METRIC" in e.types else e.name
        if one != e.name:
            written, e.name = e.name, one
            e.aliases = [written, *(a for a in e.aliases if a not in (written, one))]
    return entities


def one_task_per_phrase(entities: list[Entity]) -> list[Entity]:
    """A task named again by the last words of a longer task's name is that task ("video action
    detection" ... "action detection", "graph-based face clustering" ... "face clustering"), as the
    annotation guideline writes it: the longer keeps its name and takes the shorter as an alias,
    with its mentions, sources and role; not when two longer tasks end with it ("node
    classification" and "graph classification" leave "classification" alone). Called by the
    resolver and again by the entity typer, which adds and retypes tasks."""
    tasks = [e for e in entities if e.types[0] == "TASK"]
    words = {id(e): e.name.casefold().split() for e in tasks}
    gone: set[int] = set()
    for b in sorted(tasks, key=lambda e: (len(words[id(e)]), e.name)):
        wb = words[id(b)]
        longer = [a for a in tasks if id(a) not in gone and a is not b
                  and len(words[id(a)]) > len(wb) and words[id(a)][-len(wb):] == wb]
        if len(longer) != 1:
            continue
        (a,) = longer
        gone.add(id(b))
        _absorb(a, b)
    return [e for e in entities if id(e) not in gone]


def _decide(text: str, groups: list[_Group]) -> tuple[list[Entity], list[Candidate]]:
    """Each group becomes an entity, a held quality word, or nothing."""
    generic = generic_words()
    entities: list[Entity] = []
    held: list[Candidate] = []
    for g in groups:
        name = g.short or max(sorted(g.forms), key=lambda f: g.forms[f])
        strong = g.sources & _STRONG
        if g.short and not g.votes and not g.sources & (_STRONG - {Source.ACRONYM}):
            if _names_an_object(g.long):
                continue  # "symmetric positive definite matrices (SPDM)": a term, not a name
            if not g.long_titled:
                g.sources.add(Source.TERM)   # "optimistic gradient descent (OGD)": an entity of the text
        if not strong and not g.votes and not (g.sources & {Source.SHAPE} and _SHAPE_KEEP.search(name)) \
                and not (Source.TITLE in g.sources and " " in name) and not (g.sources == {Source.SHAPE} and g.ner_labelled):
            continue  # a bare shape (or a leaderboard string) with nothing to say what it is (a
            # shape the NER labelled is kept, as the NER's own span would be)
        if (name.casefold() in generic or name.casefold() in plurals()) and not g.short \
                or _measured_quantity(name, g) and not _changed(text, g.spans):
            held.extend(Candidate(s, e, text[s:e], Source.GENERIC, {"METRIC": Weight.HELD}) for s, e in g.spans)
            continue
        if name in _not_names() and not (g.proposed and g.short and g.long and g.long_titled
                                         and not is_field_term([g.long])) or _HARDWARE.match(name) \
                or _cited_venue(text, name, g) or _group_notation(text, name, g):
            continue   # (a short form the paper coins for what it proposes, its long form in title
            # case and no field's term, is a name, whatever else it spells: "a module named Random
            # Normalization Aggregation (RNA)"; not "a new machine learning (ML) method")
        if _bare_short_data_name(text, name, g):
            g.votes = {}   # typed as any unknown name is (`_entity`): a method, unless the NER says otherwise
        entities.append(_score_alias(text, _entity(g, name)))
    return entities, held


#: "score" or "scores" right after a mention (`_score_alias`)
_SCORE_AFTER = rx(r"[ ]scores?\b")


def _score_alias(text: str, e: Entity) -> Entity:
    """A metric written as an acronym right before "score" ("0.713 SUC score") has the written
    "SUC score" as an alias, as `_entity` gives "BLEU" the alias "BLEU score" where a candidate
    spans both words: the annotators name such a metric either way (in the development annotations
    "FID score" once, "FID" three times)."""
    if e.types[0] != "METRIC" or not _SCORE_SUFFIX.fullmatch(e.name + " score"):
        return e
    for s, t in e.mentions:
        m = _SCORE_AFTER.match(text, t)
        if m and text[s:m.end()] not in e.aliases:
            e.aliases.append(text[s:m.end()])
            break
    return e


#: a quantity the text says did not change: "with no increase in computational cost", "without
#: increasing the inference time", "at no extra memory": no number there measures it, so it is not
#: held for the linker (`regex.VERBOSE`)
_HELD_CONSTANT = rx(r"""
    \b(?:no|without(?:\s+any)?|zero)\s+                     # a negation
    (?:extra|additional|increase\s+in|increasing|growth\s+in)\s+   # of a change or an addition
    (?:the\s+|its\s+)?(?:[\p{Ll}\-]+\s+){0,2}$                # before the quantity ("computational cost")
    """, regex.VERBOSE | regex.IGNORECASE)
_OBJECT_HEADS = resources.word_list("object_heads")


def _names_an_object(long_form: str) -> bool:
    """Does an acronym's long form end with a noun for a mathematical or physical object
    ("symmetric positive definite matrices", "T-cell receptors")? Such an acronym, when nothing
    but its lower-case definition vouches for it, is a term of the text, not a method or a task;
    every other such acronym is an entity (on the development annotations 80% of them were:
    "spike-timing-dependent plasticity (STDP)", "optimistic gradient descent (OGD)"), marked
    `Source.TERM`: defined on the way, it is no result's subject, metric or dataset
    (`linker.defined_term`)."""
    words = long_form.split()
    return bool(words) and words[-1].casefold() in _OBJECT_HEADS


_DATA_TYPES = DATA_TYPES
_SYSTEM_TYPES = SYSTEM_TYPES


#: what a number is measured on, right before a name: "on LRA", "across the TAC sets"
_EVALUATED_ON = rx(r"\b(?:on|across)\s+(?:the\s+)?$", regex.IGNORECASE)


def _bare_short_data_name(text: str, name: str, g: _Group) -> bool:
    """A name of at most three letters that only the lexicon calls data ("GD", "LM", "EM", "HDR":
    catalogue datasets and the field's common abbreviations at once), with no word around any
    mention saying so ("the CUB dataset", "evaluated on LRA") and no long form: the lexicon's vote
    does not count (on development data 12 of 21 such data names were wrong)."""
    return (len(name) <= 3 and name.isalpha() and not g.long and set(g.votes) <= _DATA_TYPES
            and not any(g.context.get(t, 0.0) > 0 for t in _DATA_TYPES)
            and g.sources <= {Source.LEXICON, Source.LEXICON_WEAK, Source.LEXICON_SHORT, Source.SHAPE}
            and not any(_EVALUATED_ON.search(text, max(0, s - 12), s) for s, _ in g.spans))


def _entity(g: _Group, name: str) -> Entity:
    """The entity of a kept group: its types (the heaviest evidence), aliases, role and mentions."""
    votes = dict(g.votes)
    for t, w in g.weak.items():
        votes[t] = votes.get(t, 0.0) + Weight.WEAK_SHARE * w
    # the NER says that a name is a system more reliably than which kind: where the lexicon firmly
    # prefers method or model ("CLIP": its sources know the released model), the NER's label counts
    # for that kind (not where a lone weak source says so: "CNN", "RNN")
    method, model = g.lexicon.get("METHOD", 0.0), g.lexicon.get("MODEL", 0.0)
    variant = bool(SIZED.match(name) or NUMBERED.fullmatch(name))   # "GLIP-T", "VGG-13": a model of a method
    kind = "METHOD" if method > model and method >= 1.0 and not variant \
        else "MODEL" if model > method and model >= 1.0 else None
    for t, w in g.ner_system.items():
        t = kind or t
        votes[t] = votes.get(t, 0.0) + Weight.WEAK_SHARE * w
    if not votes:
        votes = {"MODEL" if model_shaped(name) else "METHOD": Weight.SHAPE_DEFAULT}   # "Swin-B" alone: a released model
    elif variant and votes.get("METHOD", 0.0) >= max(votes.values()) - 1e-9:
        # a sized or numbered method is a model: a numbered one's method votes are the model's,
        # unless it is a measure, as much a metric as a method ("our new measure SlimScore-2"); a
        # size letter may be a variant's ("M-H", "FISTA-G"), so a sized one gains the model's weight
        if NUMBERED.fullmatch(name) and votes.get("METRIC", 0.0) < votes["METHOD"] - 1e-9:
            votes["MODEL"] = votes.get("MODEL", 0.0) + Weight.SIZED + votes.pop("METHOD")
        elif SIZED.match(name):
            votes["MODEL"] = votes.get("MODEL", 0.0) + Weight.SIZED
    best = max(votes.values())
    top = sorted((t for t, w in votes.items() if w >= best - 1e-9), key=_TYPE_ORDER.get)
    types = [top[0]]
    if set(top) >= {"METHOD", "METRIC"}:
        types = ["METHOD", "METRIC"]
    aliases = []
    if g.long:
        aliases.append(g.long)
    for f in sorted(g.forms):
        if f != name and key(f) != key(name) and f not in aliases:
            aliases.append(f)
    scored = _SCORE_SUFFIX.fullmatch(name) if "METRIC" in types else None
    if scored:
        # "BLEU score", "FID scores": the measure is the acronym, "score" only says it is one (the
        # written form stays an alias, and its spans the mentions: `_all_mentions`)
        if name not in aliases:
            aliases.insert(0, name)
        name = scored.group(1)
    ent = Entity(name=name, types=types, aliases=aliases, sources=set(g.sources), votes=votes,
                 context=dict(g.context))
    ent.role = "proposed" if g.proposed else "used"
    ent.mentions = sorted(set(g.spans))
    return ent


#: a metric written as an acronym of two capitals or more and "score(s)": "BLEU score", "FID
#: scores", "ROUGE-L score" (not "F1 score": F1 score is the measure's own name)
_SCORE_SUFFIX = rx(r"(\p{Lu}[\p{L}\p{N}\-@]*\p{Lu}[\p{L}\p{N}\-@]*)\s+scores?")
_FROM_BEFORE = rx(r"\bfrom\s+(?:the\s+)?$", regex.IGNORECASE)


@lru_cache(maxsize=1)
def named_measure_words() -> frozenset:
    """The names of resources/named_measures.txt, case-folded."""
    return frozenset(w.casefold() for w in resources.words("named_measures.txt"))


@lru_cache(maxsize=1)
def _named_measure_rx():
    """Any name of resources/named_measures.txt as whole words, case aside, longest first."""
    alts = sorted(named_measure_words(), key=lambda w: (-len(w), w))
    return rx(r"(?<![\p{L}\p{N}\-])(?:" + "|".join(regex.escape(w) for w in alts) + r")(?![\p{L}\p{N}\-])",
              regex.IGNORECASE)


@lru_cache(maxsize=1)
def _named_measure_automaton():
    return _ascii_automaton(tuple(sorted(named_measure_words())))


def _named_measures(text: str, held: list[Candidate], entities: list[Entity]) -> tuple[list[Candidate], list[Entity]]:
    """A phrase that, with the words the linker would give it (`linker.metric_span`: "convergence"
    -> "convergence rate"), names a measure by itself (resources/named_measures.txt: "accuracy",
    "sample complexity", "runtime") is a metric entity wherever it is written, measured by a number
    or not: a paper that reports or studies it evaluates by it. Such a phrase is a held quality
    word, or found in the text where no entity and no held word is ("provide sample complexity
    guarantees"). Widened into another name ("top-1 accuracy", "training accuracy") it stays held
    for the linker, which revives it with its number; after "from" it is a field a proof draws on.
    Returns the held words left and the new metric entities (one per name, case aside)."""
    from .linker import metric_span   # linker imports this module
    names = named_measure_words()
    keep, by_name = [], {}

    def named(s: int, e: int) -> bool:
        return text[s:e].casefold() in names and not _FROM_BEFORE.search(text, max(0, s - 12), s) \
            and not _HELD_CONSTANT.search(text, max(0, s - 40), s)   # "with no increase in computational cost"

    def add(s: int, e: int) -> None:
        ent = by_name.setdefault(text[s:e].casefold(), Entity(name=text[s:e], types=["METRIC"], sources={Source.GENERIC}))
        if (s, e) not in ent.mentions:
            ent.mentions.append((s, e))

    for c in held:
        s, e = metric_span(text, c.start, c.end)
        if not named(s, e):
            keep.append(c)   # "a reduction from communication complexity": a field a proof draws on
            continue
        add(s, e)
    taken = SpanIndex([m for ent in entities for m in ent.mentions] + [(c.start, c.end) for c in held])
    for m in _fast_matches(_named_measure_rx(), _named_measure_automaton(), text):
        if taken.overlaps(*m.span()):
            continue
        s, e = metric_span(text, m.start(), m.end())
        if (s, e) == m.span() and named(s, e):
            add(s, e)
    for ent in by_name.values():
        ent.mentions.sort()
    return keep, list(by_name.values())


#: a number or a factor right before "times": the word is the multiplier ("over 10 000 times
#: faster", "9.23× times higher"), not the quality word "time" in the plural
_MULTIPLIER_BEFORE = rx(r"(?:\d|×|\\times\s*\$?|\d\s*[xX])\s*$")


def _unclaimed_generic_words(text: str, entities: list[Entity], held: list[Candidate]) -> list[Candidate]:
    """Quality words ("accuracy") outside every entity, and the quantities a factor or a
    percentage compares ("8.7x fewer queries": `compared_quantities`), held for the linker."""
    seen_held = {(c.start, c.end) for c in held}
    out = []
    compared = compared_quantities(text)
    # a compared quantity that starts with a quality word is held whole: "3.1x less compute energy"
    # holds "compute energy", not "compute" and "energy" (one that starts otherwise leaves the
    # quality words to themselves: "0.84% higher absolute accuracy" holds accuracy)
    spans = [(m.start(), m.end(), m.group()) for m in generic_matches(text)
             if m.group().lower() != "times"
             or not _MULTIPLIER_BEFORE.search(text, max(0, m.start() - 24), m.start())]
    led = [(a, b) for a, b in compared if any(s == a and e < b for s, e, _ in spans)]
    spans = [sp for sp in spans if not any(a <= sp[0] and sp[1] <= b for a, b in led)]
    quality = SpanIndex([(a, b) for a, b, _ in spans] + [(c.start, c.end) for c in held])
    spans += [(s, e, text[s:e]) for s, e in compared if not quality.overlaps(s, e)]
    taken = SpanIndex(sp for ent in entities for sp in ent.mentions)
    for s, e, surface in sorted(spans):
        if (s, e) not in seen_held and not taken.overlaps(s, e):
            out.append(Candidate(s, e, surface, Source.GENERIC, {"METRIC": Weight.HELD}))
    return out


@lru_cache(maxsize=1)
def _compared_rx():
    """A factor or a percentage, a comparative (word list `comparatives`), then one to three
    words of a noun phrase: lower-case words or a capitalised unit ("FLOPs", "MACs"), never a
    function word (word list `unit_stop`) or "than"."""
    stop = "|".join(regex.escape(w) for w in sorted(resources.word_list("unit_stop") | {"than"}, key=longest_first))
    comparatives = "|".join(sorted(resources.word_list("comparatives"), key=longest_first))
    word = rf"(?!(?:{stop})\b)(?:\p{{Ll}}[\p{{Ll}}\-]*|\p{{Lu}}{{2,}}[\p{{Ll}}]?s?)(?![\p{{L}}\p{{N}}\-])"
    return rx(rf"""
        (?<!\d|\d[.,])\d(?:[\d.,]*\d)?                         # the number, from its first digit (a run
                                                                # of digits was tried from each: quadratic)
        \s*(?:\$?\s*\\times\s*\$?|[x×%]|\\%|\s+times|-fold)   # a factor or a percentage
        \s+(?:{comparatives})\s+                                # the comparative
        ({word}(?:\s+{word}){{0,2}})                              # the compared quantity: 1 to 3 words""", regex.VERBOSE)


#: a plural word (not "loss", "bonus", "analysis") followed by another: the compared quantity's head
_PLURAL_THEN_WORD = rx(r"\p{Ll}[\p{Ll}\-]*(?<![su]s|is)s(?=\s)")


def compared_quantities(text: str) -> list[tuple[int, int]]:
    """Spans of the quantities a factor or a percentage compares: "8.7x fewer queries", "3 times
    less layers", "1.2x lower peak memory utilization", "2.4M extra parameters" is not one (no
    factor). A plural noun ends the phrase: "25% less labeled samples suffice" compares labeled
    samples."""
    out = []
    for m in _compared_rx().finditer(text):
        s, t = m.span(1)
        if _quality_adjective(text[s:t].split()[0]):
            continue
        plural = _PLURAL_THEN_WORD.search(text, s, t)
        out.append((s, plural.end()) if plural else (s, t))
    return out


def _quality_adjective(word: str) -> bool:
    """Is this word after a comparative an adjective that names no measure: "4% more robust",
    "20-60% more successful", "42% less prone to" (the development annotations give such numbers
    no metric, 2 of 2)? An evaluative adjective (word list `evaluative`) or one of
    `comparative_adjectives`, or a word in -ful, -ous, -able or -ible; not an adjective that names
    its measure (`measure_adjectives`: "6.25% more accurate" measures accuracy)."""
    w = word.casefold()
    if w in resources.word_list("measure_adjectives"):
        return False
    return w in resources.word_list("evaluative") or w in resources.word_list("comparative_adjectives") \
        or w.endswith(("ful", "ous", "able", "ible"))


def _coined_names_are_proposed(text: str, entities: list[Entity]) -> None:
    """A coined name no lexicon knows, used again and again (its long form, where it has one, is
    not a use), is the paper's own; not a plural ("ViTs", "ResNets": a kind of thing,
    `candidates.is_family`), a modifier
    ("CVaR-optimized") or a name first met beside words for prior work ("Existing NAS methods
    train a single SuperLM", "methods such as LISTA") without the paper's "we"/"our"."""
    for e in entities:
        if e.role == "used" and not e.sources & {Source.LEXICON, Source.LEXICON_WEAK, Source.LEXICON_SHORT} \
                and _COINED.match(e.name) and not any(a.islower() for a in e.aliases) and not is_family(e.name) \
                and sum(text[a:b] not in e.aliases for a, b in e.mentions) >= 2 \
                and set(e.types) & {"METHOD", "MODEL", "DATASET", "BENCHMARK"} \
                and not rx(r".*\p{Lu}s|.*-\p{Ll}+(?:ed|ing)").fullmatch(e.name) and not _prior_work(text, min(e.mentions)):
            e.role = "proposed"


#: "our" (perhaps "new", "novel", "proposed") right before a long form
_OUR_BEFORE = rx(r"\b[Oo]ur\s+(?:(?:new|novel|proposed)\s+)?$")

#: "a novel" or "the new", perhaps two lower-case words, right before a long form; not after a
#: comma, where the phrase describes a name just given ("Falconn++, a novel locality-sensitive
#: filtering (LSF) approach": the paper's own is Falconn++, LSF the kind of thing it is)
_A_NEW = r"\b(?:[Aa]n?|[Tt]he)\s+(?:new|novel)\s+"     # "a novel", "the new"
_NOVEL_BEFORE = rx(r"(?<!,\s*)" + _A_NEW + r"(?:\p{Ll}[\p{Ll}\-]*\s+){0,2}$")  # perhaps two lower-case words
#: a parenthesis right after a long form: "Prior-Weighted Loss (PWL)"
_PAREN_NEXT = rx(r"\s?\(")


def _our_defined_names_are_proposed(text: str, entities: list[Entity]) -> None:
    """A short form whose long form the paper writes after "our" is the paper's own: "Our
    learned-threshold pruning (LTP) method adaptively ...", "our modulated transformation module
    (MTM)" (the proposal cues read capitalised names after "our"; a lower-case long form has none).
    So is one defined right after "a novel" or "a new" (`_NOVEL_BEFORE`), whoever the sentence's
    subject is: "OP-DMA succeeds ... by leveraging a novel Prior-Weighted Loss (PWL)", "we
    customize a novel Half-Shuffle Transformer (HST)"; a field's term stays used
    (`_field_terms_are_not_proposed`: "a novel graph neural network (GNN)")."""
    for e in entities:
        if e.role == "used" and e.aliases and set(e.types) & {"METHOD", "MODEL"}:
            longs = set(e.aliases)
            if any(text[a:b] in longs and (_OUR_BEFORE.search(text, max(0, a - 20), a)
                                          or (_NOVEL_BEFORE.search(text, max(0, a - 50), a) and _PAREN_NEXT.match(text, b)))
                   for a, b in e.mentions):
                e.role = "proposed"


#: "a new capsule structure (", "a novel dynamic routing algorithm (": "a new" or "a novel", up
#: to four words, and the parenthesis that names the thing
_NEW_THING_PAREN = rx(_A_NEW + r"(?:[\p{L}\-]+\s+){0,4}\($")


def _new_things_named_in_parens(text: str, entities: list[Entity]) -> None:
    """A coined name in parentheses right after "a new ..." or "a novel ..." names that new thing:
    "we introduce deformable capsules (DeformCaps), a new capsule structure (SplitCaps), and a
    novel dynamic routing algorithm (SE-Routing)". Only a name that is no short form of the
    words before it (an acronym's long form is `_our_defined_names_are_proposed`'s)."""
    for e in entities:
        if e.role == "used" and not e.aliases and set(e.types) & {"METHOD", "MODEL", "DATASET", "BENCHMARK"} \
                and _COINED.match(e.name) \
                and any(text[b:b + 1] == ")" and _NEW_THING_PAREN.search(text, max(0, a - 60), a)
                        for a, b in e.mentions):
            e.role = "proposed"


def _field_terms_are_not_proposed(entities: list[Entity]) -> None:
    """A name the field shares is not the paper's own (`field_terms`: a long form many other
    abstracts write): "We propose a geometric scattering-based graph neural network (GNN)", "We
    present a stochastic differential equation (SDE)", "This work proposes a branch and bound
    (BB) scheme" propose a kind of system and leave it unnamed, so the entity is used."""
    for e in entities:
        if e.role == "proposed" and is_field_term([e.name, *e.aliases]):
            e.role = "used"


def _prior_work(text: str, span: tuple) -> bool:
    """Is the sentence around `span` about prior work: a word for it (resources: prior_work) and
    no "we"/"our"?"""
    dot = text.rfind(". ", 0, span[0])
    start = dot + 2 if dot >= 0 else 0
    end = text.find(". ", span[1])
    sentence = text[start:end if end >= 0 else len(text)].lower()
    words = set(rx(r"[\p{L}.]+").findall(sentence))
    return bool(words & _PRIOR_WORK) and not words & {"we", "our"}


#: what a size or variant adds to a name: "-L/16", "-H/14", "-S", "-XL", "-v2", "-Large"
_VARIANT_SUFFIX = rx(r"[-‐][\p{L}\p{N}.]{1,6}(?:/\p{N}{1,3})?")


#: a variant glued to the name, a size or variant after it or not: "Sequencer2D-L" of Sequencer
_GLUED_VARIANT = rx(r"(.+?\p{Ll})\p{N}[\p{Lu}\p{N}]{0,3}(?:" + _VARIANT_SUFFIX.pattern + ")?")


def _proposed_variants(entities: list[Entity], cands: list[Candidate]) -> list[Entity]:
    """Sizes and variants of what the paper proposes are its own too: "LiteViT-S" and
    "LiteViT-B" of a proposed LiteViT, "LIMoE-L/16" of LIMoE, "Sequencer2D-L" of Sequencer, "DetCLIP-T" of DetCLIP, "Inductive-SubSelNet" of
    SubSelNet, "MVAST-FF" beside a proposed "MVAST-O", "UC-R2MAB" beside "GM-R2MAB". Entities of
    those names become proposed; the new entities for variants only their shape speaks for
    (`_unkept_variants`) are returned."""
    proposed = {e.name for e in entities if e.role == "proposed" and set(e.types) & {"METHOD", "MODEL"}}
    stems = {part for n in proposed if "-" in n for part in (n.split("-")[0], n.split("-")[-1])
             if len(part) >= 3 and _COINED.match(part)}
    for e in entities:
        if e.role == "used" and set(e.types) & {"METHOD", "MODEL", "TASK"}:
            m = rx(r"(.+?)" + _VARIANT_SUFFIX.pattern).fullmatch(e.name)
            glued = _GLUED_VARIANT.fullmatch(e.name)
            pre = rx(r"\p{Lu}\p{Ll}+[-‐](.+)").fullmatch(e.name)
            parts = e.name.split("-")
            if m and m.group(1) in proposed or glued and glued.group(1) in proposed or pre and pre.group(1) in proposed \
                    or len(parts) > 1 and (parts[0] in stems or parts[-1] in stems):
                e.role = "proposed"
                if e.types == ["TASK"]:
                    e.types = ["METHOD"]
    return _unkept_variants(cands, entities)


def _unkept_variants(cands: list[Candidate], entities: list[Entity]) -> list[Entity]:
    """(`_proposed_variants`, second part.) Sizes and variants of a proposed method or model that
    no evidence but their shape speaks for ("We present LIMoE. ... LIMoE-L/16 achieves 77.9%", "LIMoE-H/14 reaches 84.1%"): shape
    candidates written as a proposed name, a hyphen and a short variant (`_VARIANT_SUFFIX`), that
    no entity covers, become proposed entities too (a model when shaped like one or sized,
    `candidates.SIZED`; else of the proposed name's type), the longest spelling first."""
    proposed = {e.name: e for e in entities if e.role == "proposed" and set(e.types) & {"METHOD", "MODEL"}}
    if not proposed:
        return []
    taken = [m for e in entities for m in e.mentions]
    new: dict[str, Entity] = {}
    for c in sorted((c for c in cands if c.source == Source.SHAPE), key=lambda c: (c.start, -(c.end - c.start))):
        if any(_overlap((c.start, c.end), m) for m in taken):
            continue
        base = next((p for n, p in proposed.items() if c.text.startswith(n)
                     and _VARIANT_SUFFIX.fullmatch(c.text, len(n))), None)
        if base is None:
            continue
        e = new.get(c.text)
        if e is None:
            typ = "MODEL" if model_shaped(c.text) or SIZED.match(c.text) else base.types[0]
            e = new[c.text] = Entity(name=c.text, types=[typ], role="proposed", sources={Source.SHAPE},
                                     votes={typ: Weight.SHAPE_DEFAULT})
        e.mentions.append((c.start, c.end))
        taken.append((c.start, c.end))
    return list(new.values())


#: a hyphen or a dash between the words of a name reads as a space ("Lookahead–minmax" is
#: "Lookahead-Minmax"); one character for one, so offsets stay the text's
_FOLD = str.maketrans({"-": " ", "‐": " ", "–": " ", "\n": " ", "\t": " "})


def _written(text: str, name: str) -> list[tuple[int, int]]:
    """Where the text writes `name` as whole words, case, hyphens and dashes aside (a plain
    string search over a folded copy: no pattern compiled per title)."""
    folded = text.lower().translate(_FOLD)
    needle = " ".join(name.lower().translate(_FOLD).split())
    if len(folded) != len(text) or not needle:   # a letter whose lower case is longer ("İ"): no offsets
        return []
    spans, i = [], folded.find(needle)
    while i >= 0:
        j = i + len(needle)
        whole = not (i and (text[i - 1].isalnum() or text[i - 1] == "-")) \
            and not (j < len(text) and (text[j].isalnum() or text[j] == "-"))
        if whole:
            spans.append((i, j))
        i = folded.find(needle, j if whole else i + 1)
    return spans


#: most mentions a title's name may have (a word the text repeats more often is no name; the
#: bound also keeps a hostile text's span checks linear)
_TITLE_NAME_MAX = 100


def _placeholder_names(title, entities: list[Entity], marks=()) -> list[Entity]:
    """A system written only as a LaTeX command the normaliser does not know ("we propose
    \\method, a new multidimensional SSM layer", "termed as \\OURS") is a placeholder the
    authors' template left for their system's name: it takes the name the title vouches for (names
    `title_names`: "ZeroQuant: Efficient and Affordable ..."), the command's word becomes its
    alias, and it is proposed (one entity with the title's name where the abstract writes that
    too). Without such a title it stays as it is."""
    names = [n for n, vouched in title_names(title) if vouched] if title else []
    macros = {(a, b) for a, b, kind in marks if kind == "macro"}
    if not names or not macros:
        return entities
    for e in entities:
        if e.mentions and set(e.types) & {"METHOD", "MODEL"} and all(m in macros for m in e.mentions):
            e.aliases = [e.name, *(x for x in e.aliases if x != e.name)]
            e.name, e.role = names[0], "proposed"
            same = next((o for o in entities if o is not e and key(o.name) == key(e.name)), None)
            if same is None:
                return entities
            _absorb(same, e)
            return [o for o in entities if o is not e]
    return entities


def _title_names_are_proposed(text: str, title, entities: list[Entity], urls=()) -> list[Entity]:
    """When the abstract names no proposed method or model of its own, the name its title gives
    what the paper brings (names `title_names`: "MinVIS: ...", "... with Lookahead-Minmax") is the
    paper's system wherever the abstract writes it, case, spaces, hyphens and dashes aside ("our
    Lookahead–minmax", "we present a diffusion recovery likelihood method"): an entity of that
    name becomes proposed, or a new one is made (typed by its head noun, resources/type_heads.tsv;
    a method unless shaped like a model), taking the spans of shorter entities inside it. A name
    from the title's means ("with X") must also be written as the paper's own somewhere (names
    `written_as_own`); no mention is in a URL ("github.com/tmllab/RSA"). Where the abstract does
    name a proposed system, only the title's opening name can join it (`_title_head_is_proposed`)."""
    if not title:
        return entities
    if any(e.role == "proposed" and set(e.types) & _SYSTEM_TYPES for e in entities):
        _title_head_is_proposed(title, entities)
        return entities
    for name, vouched in title_names(title):
        k = key(name)
        spans = [sp for sp in _written(text, name) if not any(_overlap(sp, u) for u in urls)]
        if len(spans) > _TITLE_NAME_MAX:
            continue   # written that often it is an ordinary word of the text, not a name
        known = [e for e in entities if k in {key(f) for f in [e.name] + e.aliases}]
        # a name from the title's means that the abstract defines by a short form, no field's term
        # nor a name the lexicon knows, is coined there ("... via Time-Frequency Consistency":
        # "time-frequency consistency (TF-C)"; not "... with GFlowNets", "... via Distributionally
        # Robust Optimisation")
        defined = any(e.aliases and k in {key(a) for a in e.aliases} and Source.LEXICON not in e.sources
                      and not is_field_term([e.name, *e.aliases]) for e in known)
        if not vouched and not defined \
                and not any(written_as_own(text, a) for a, _ in spans + [m for e in known for m in e.mentions]):
            continue
        if known:
            systems = [e for e in known if set(e.types) & (_SYSTEM_TYPES | _DATA_TYPES)]
            for e in systems:
                e.role = "proposed"
            if systems:
                return entities
            continue
        mentions = [(e, m) for e in entities for m in e.mentions]
        spans = [s for s in spans if not any(_overlap(s, m) and not (s[0] <= m[0] and m[1] <= s[1] and s != m)
                                             for _, m in mentions)]
        if not spans:
            continue
        for e in entities:
            e.mentions = [m for m in e.mentions if not any(s[0] <= m[0] and m[1] <= s[1] for s in spans)]
        typ = head_type(name.split()[-1], type_heads())
        typ = typ if typ in ("METHOD", "MODEL", "DATASET", "BENCHMARK") else "MODEL" if model_shaped(name) else "METHOD"
        first = text[spans[0][0]:spans[0][1]]
        new = Entity(name=first, types=[typ], role="proposed", mentions=spans,
                     sources={Source.PAPER_TITLE}, votes={typ: Weight.HEAD_NOUN})
        return [e for e in entities if e.mentions] + [new]
    return entities


def _title_head_is_proposed(title: str, entities: list[Entity]) -> None:
    """The name that opens the title before its colon ("TIES-Merging: Resolving Interference When
    Merging Models") is the paper's system even where the abstract proposes another name too ("we
    propose our method, TrIm, Elect Sign & Merge (TIES-Merging)"): a system or data entity of that
    name becomes proposed. On the development annotations such a name, when an entity, is proposed
    257 times of 259 (the other two are tasks, which this leaves alone)."""
    head = next((name for name, vouched in title_names(title) if vouched), None)  # before the colon
    if head is None:
        return
    k = key(head)
    for e in entities:
        if k in {key(f) for f in [e.name] + e.aliases} and set(e.types) & (_SYSTEM_TYPES | _DATA_TYPES):
            e.role = "proposed"


#: what may follow a long form that opens a title: the title's end, a colon or a spaced dash,
#: or a preposition that starts what the system is for or how it works ("Gradient Projection
#: Memory for Continual Learning"); not a word that makes the long form a modifier ("Maximum
#: Common Subgraph Guided Graph Retrieval", "Discrete-Convex-Analysis-Based Framework"), nor
#: "with" or "in", after which the long form is mostly the problem or the thing studied
#: ("Partial Multi-Label Learning with Probabilistic Graphical Disambiguation", "Simplicity Bias
#: in 1-Hidden Layer Neural Networks": on the development pools 7 of 7 such were not proposed)
_TITLE_LONG_END = rx(r"\s*(?:$|:|\s[\-–—]\s|(?:for|via|on|to|through|using|under|from|by|and)\b)")
#: a run of letters and digits: "Hybrid", "Self", "Attention" of "Hybrid Self-Attention:" (spaces,
#: hyphens and punctuation aside)
_SEPARATED_WORD = rx(r"[\p{L}\p{N}]+")
#: where a title's part ends and another opens: "Look where you look! Saliency-guided Q-networks for
#: ...", "CrossGNN: Confronting Noisy ..."
_TITLE_PART_BREAK = rx(r"\s*[:!?]\s*")


def _title_long_forms_are_proposed(title, entities: list[Entity]) -> None:
    """When the abstract still names no proposed method or model of its own, a defined short form
    whose long form opens the title, in the singular or the plural, is the paper's system: title
    "Hybrid Neural Autoencoders for Stimulus Encoding ...", abstract "this Hybrid Neural
    Autoencoder (HNA)". Not a field's term (`is_field_term`: "Graph Neural Networks for ..."
    studies GNNs) and not a long form the title goes on to use as a modifier (`_TITLE_LONG_END`)."""
    if not title or any(e.role == "proposed" and set(e.types) & _SYSTEM_TYPES for e in entities):
        return
    title_words = list(_SEPARATED_WORD.finditer(title))
    if not title_words:
        return   # a title of spaces or punctuation
    starts = [0] + [i + 1 for i in range(len(title_words) - 1)
                    if _TITLE_PART_BREAK.fullmatch(title, title_words[i].end(), title_words[i + 1].start())]
    starts = [i + 1 if title_words[i].group().casefold() in ("the", "a", "an") else i for i in starts]
    for e in entities:
        if e.role != "used" or not set(e.types) & {"METHOD", "MODEL"} or is_field_term([e.name, *e.aliases]):
            continue
        for a in e.aliases:
            words = [w.casefold() for w in _SEPARATED_WORD.findall(a)]
            for i in starts:
                if len(words) < 2 or len(title_words) < i + len(words):
                    continue
                opening = [m.group().casefold() for m in title_words[i:i + len(words)]]
                if opening[:-1] == words[:-1] and opening[-1] in (words[-1], words[-1] + "s") \
                        and _TITLE_LONG_END.match(title, title_words[i + len(words) - 1].end()):
                    e.role = "proposed"
                    return


def _ner_candidates(doc: Doc, text: str, rule_cands: list[Candidate]) -> list[Candidate]:
    """How the statistical NER joins the rules: where its span overlaps a rule candidate it only
    votes for that candidate's type (rules know the boundaries better); elsewhere its span is
    kept when, trimmed of function words (word list ``ner_trim``: "Sinkhorn distance between") and
    of words with no letter or digit at either end, it still reads as a name (a capital or digit)
    or, for a task, as an activity ("speech emotion recognition"), within one sentence."""
    from .names import _task_phrase
    sents = doc_sentences(doc)
    out = []
    for ent in doc.ents:
        if ent.label_ not in _NER_LABELS_USED:
            continue
        span = (ent.start_char, ent.end_char)
        hosts = [c for c in rule_cands if _overlap(span, (c.start, c.end))]
        if hosts:
            for c in hosts:
                c.ner[ent.label_] = c.ner.get(ent.label_, 0.0) + Weight.NER_OVERLAP
            continue
        if sents.index(span[0]) != sents.index(span[1] - 1):
            continue  # "Brownian motions. Nevertheless": the NER ran on past a sentence's end
        words = ent.text.split()
        while words and (words[-1].lower() in _NER_TRIM or not words[-1][-1:].isalnum() or _adverb(words[-1])):
            words.pop()  # "Nait consistently": an adverb after a name is not part of it
        while words and (words[0].lower() in _NER_TRIM or not any(ch.isalnum() for ch in words[0])):
            words.pop(0)  # "• β-KL": a bullet or a dash before a name is not part of it
        if not words or any(w.lower() in _CLAUSE_WORDS for w in words):
            continue  # "Shapley explainability make an untenable assumption": a clause, not a name
        surface = " ".join(words)
        start = text.find(surface, ent.start_char)
        if start < 0 or start >= ent.end_char:
            continue
        if ent.label_ == "TASK":
            if not _task_phrase(surface):
                continue
        elif not any(ch.isupper() or ch.isdigit() for ch in surface):
            continue
        if _NOT_NAME_CHARS.search(surface) or _sentence_start_phrase(text, start, surface):
            continue
        cand = Candidate(start, start + len(surface), surface, Source.NER, {ent.label_: Weight.NER})
        if is_citation(text, cand):
            continue
        out.append(cand)
    return out


#: what a name never holds: brackets, math signs, a year, a decimal or a percentage standing alone,
#: perhaps after an approximation sign ("Leibler loss reduction from 0.27", "~19.8 MB": the NER ran
#: into a result)
_NOT_NAME_CHARS = rx(r"""
    [_^()=→←<>|\\{}\[\]]                    # a bracket or a math sign
    |\b(?:19|20)\d\d\b                     # a year
    |(?<![^\s~≈∼])\d*\.\d+(?!\S)            # a decimal standing alone (perhaps after "~")
    |(?<![^\s~≈∼])\d+(?:\.\d+)?%           # a percentage standing alone
    |^\d+(?:\.\d+)?[kKMBT]$                 # a size alone: "Bloom (176B)", "4.5M parameters"
    """, regex.VERBOSE)
# The labels the NER contributes to the combined output. On the held-out set (benchmarks/heldout.py)
# its METHOD and MODEL spans add recall the rules miss, while its DATASET, BENCHMARK, METRIC and
# TASK spans cost more precision than they add recall, so those are left to the rules.
_NER_LABELS_USED = frozenset({"METHOD", "MODEL"})


# a sentence's end, a colon or an enumeration mark ("(a)", "b)", a bullet: "$\bullet$ If ...")
# right before a phrase
_AFTER_BREAK = rx(r"(?:[.!?:;•◦▪‣⁃]|\(\w{1,3}\)|\b\w{1,3}\))\s*$")


def _sentence_start_phrase(text: str, start: int, surface: str) -> bool:
    """"Generation approaches ..." at a sentence start: a capital that only starts the sentence."""
    words = surface.split()
    first = words[0]
    if not first[:1].isupper() or any(ch.isupper() or ch.isdigit() for ch in first[1:]):
        return False
    if any(any(ch.isupper() for ch in w) for w in words[1:]):
        return False
    return start == 0 or bool(_AFTER_BREAK.search(text[max(0, start - 6):start]))


def _ner_only(cands: list[Candidate]) -> list[Entity]:
    """Entities straight from the NER's spans: one per distinct name, its label as the type."""
    by_key: dict[str, Entity] = {}
    for c in sorted(cands, key=lambda c: c.start):
        k = key(c.text)
        if k not in by_key:
            by_key[k] = Entity(name=c.text, types=[next(iter(c.types))], sources={Source.NER})
        by_key[k].mentions.append((c.start, c.end))
    return list(by_key.values())


#: a year written short right after a name: "(NeurIPS'22)", "[VSP`17]", "the TPDP'21 workshop"
_SHORT_YEAR = rx(r"\s?" + SHORT_YEAR)


@lru_cache(maxsize=1)
def _venue_names() -> frozenset:
    """The venues of resources/venues.txt (one list for readers and for this), less those that
    also name a data collection (word list `venue_data_names`: CoNLL, KDD, arXiv)."""
    return resources.words("venues.txt") - resources.word_list("venue_data_names")


#: a venue's name with the year of an edition: "ICML 2021", "SODA 2007", "NeurIPS-2020", "ICLR'23"
_VENUE_YEAR = rx(r"""
    (?P<venue>\S+?)              # the venue's name (resources/venues.txt)
    (?:[ \-]?['’`]?\d\d        # a short year, after a space, a hyphen or an apostrophe
     |[ \-]?(?:19|20)\d\d)$     # or a full one
""", regex.VERBOSE)


def _cited_venue(text: str, name: str, g) -> bool:
    """Is the name a publication venue or a citation key, not a method or a dataset? A venue
    ("Subramanian et al. (NeurIPS'22)", "[Chatterjee, ICLR 20]", "conferences such as NeurIPS
    and AAAI"), or one with an edition's year ("unlearnable datasets published in ICML 2021",
    "Lattanzi and Sohler (SODA 2007)"), unless the text defines it as an acronym ("automated
    curriculum learning (ACL)"); a short name every mention of which a short year follows
    ("Vaswani et al. [ VSP`17 ]")."""
    if g.short and g.long:
        return False
    if name in _venue_names():
        return True
    venue_year = _VENUE_YEAR.match(name)
    if venue_year and venue_year.group("venue") in _venue_names():
        return True
    return len(name) <= 6 and all(_SHORT_YEAR.match(text, e) for _, e in g.spans)


_MATRIX_GROUPS = resources.word_list("matrix_groups")
#: the dimension a matrix group's name takes, perhaps closing math first: "SE(3)", "$SO(3)$", "GL(n)"
_GROUP_DIMENSION = rx(r"\$?\(\s*(?:\d+|[a-zA-Z])\s*\)")


def _group_notation(text: str, name: str, g) -> bool:
    """Is the name a matrix group's ("an SE(3) equivariant architecture", "$SO(3)$-equivariance"),
    every mention followed by its dimension? A symmetry the method respects, not a method (word
    list `matrix_groups`; "TD(0)", "FWL(2)" are methods and stay)."""
    return name in _MATRIX_GROUPS and all(_GROUP_DIMENSION.match(text, e) for _, e in g.spans)


_QUANTITY_HEADS = resources.word_list("quantity_heads")
_PRIOR_WORK = resources.word_list("prior_work")
_SCORE_HEADS = resources.word_list("score_heads")
_CLAUSE_WORDS = resources.word_list("clause_words")
_NER_TRIM = resources.word_list("ner_trim")


def _adverb(word: str) -> bool:
    """A lower-case adverb (`textutil.is_adverb`: "consistently", "significantly"; not "Bigly", "fly", "anomaly")."""
    return word.islower() and is_adverb(word)


@lru_cache(maxsize=1)
def _change_object_rx():
    """A verb of change (word list ``change_verbs``) whose object follows: "reduces the memory
    footprint", "improves the success rate", "lower communication complexity" (up to two words of
    the object before the phrase: "reduces the required sample complexity")."""
    stems = "|".join(sorted(resources.word_list("change_verbs"), key=longest_first))
    return rx(rf"""\b(?:{stems})(?:e|es|ed|d|s|ing|ting|ping)?\s+          # a verb of change, not its noun ("a reduction from")
                  (?:(?:the|its|their)\s+)?                                # perhaps a determiner
                  (?:(?!(?:from|of|in|on|by|to|with|for|at|and|or|than|as)\b)[\p{{Ll}}\-]+\s+){{0,2}}$  # up to two words of the object
               """, regex.IGNORECASE | regex.VERBOSE)


def _changed(text: str, spans) -> bool:
    """Does a verb of change act on a mention of the phrase (`_change_object_rx`)? The text then
    measures the quantity by a comparison ("GraB reduces the memory footprint", "improves the
    success rate over baselines"): on the development annotations 67 of 108 such quantity phrases
    are metrics of the paper, though no number is given for them."""
    rx_ = _change_object_rx()
    return any(rx_.search(text, max(0, s - 60), s) for s, _ in spans)


def _measured_quantity(name: str, g) -> bool:
    """ "inference time", "KL divergence", "communication complexity": phrases for a quantity that
    are metrics of a paper only when it reports a number for them (the linker revives them). Not
    a catalogue name written with every word capitalised: "Fréchet Inception Distance", "Bayes
    Error Rate" are the names of measures, wherever written (on the development pools, 5 of 5
    such metrics right)."""
    words = name.split()
    return (len(words) > 1 and words[-1].lower() in _QUANTITY_HEADS and set(g.votes) <= {"METRIC"}
            and not g.sources & {Source.BOUND, Source.PROPOSAL, Source.MARKUP, Source.ACRONYM, Source.NER,
                                 Source.MEASURE_LIST}   # "three metrics: ..., Frechet inception distance"
            and not (g.votes.get("METRIC", 0) >= 3 and words[-1].lower() in _SCORE_HEADS)
            # names curated as metrics (extra.tsv) for a score stay: "win rate", "word error rate"
            and not (all(w[:1].isupper() for w in words) and g.sources & {Source.LEXICON, Source.LEXICON_WEAK}))


def _same_span(a, b) -> bool:
    """Do two spans cover (nearly) the same text? ("CoT" is not "CoT Encyclopedia")"""
    inter = min(a[1], b[1]) - max(a[0], b[0])
    return inter > 0 and inter >= 0.8 * (max(a[1], b[1]) - min(a[0], b[0]))


def _proposed_from_spans(doc: Doc, entities: list[Entity]) -> None:
    spans = [(c.start, c.end) for c in doc._.candidates or [] if c.proposed]
    for e in entities:
        if any(_same_span(m, s) for m in e.mentions for s in spans):
            e.role = "proposed"


#: the word right before a mention: "dynamic" of "dynamic regret"
_WORD_BEFORE = rx(r"(?<![\p{L}\p{N}\-])([\p{L}][\p{L}\-]*)[ ]$")


def _measure_variants(text: str, entities: list[Entity]) -> list[Entity]:
    """A mention of a learning-theory measure (word list `variant_heads`: regret, risk) right after
    a word that names a kind of it (word list `measure_variants`: "dynamic regret", "Bayesian
    regret", "population risk") is a mention of that kind, written so: the measure's entity takes
    the whole phrase as the mention and as an alias. The entity is named by its bare word when the
    text writes it bare too ("regret" of "sublinear regret" or of "our regret"), else by the first
    kind written, the other kinds its aliases (the development annotators write the kinds as a
    metric of their own, or as the measure's aliases when the bare word is written too).
    Entities with the same name after this (a kind the lexicon knows) are one."""
    heads, kinds = resources.word_list("variant_heads"), resources.word_list("measure_variants")
    renamed = False
    for e in entities:
        if e.types != ["METRIC"] or e.name.casefold() not in heads:
            continue
        bare, written = [], []
        for s, t in e.mentions:
            m = _WORD_BEFORE.search(text, max(0, s - 30), s)
            if m is None or m.group(1).casefold() not in kinds:
                bare.append((s, t))
            else:
                written.append((m.start(1), t))
        if not written:
            continue
        forms = list(dict.fromkeys(text[s:t] for s, t in sorted(written)))
        if not bare:
            e.name, forms, renamed = forms[0], forms[1:], True
        known = {a.casefold() for a in [e.name] + e.aliases}
        for f in forms:
            if f.casefold() not in known:
                known.add(f.casefold())
                e.aliases.append(f)
        e.mentions = sorted(bare + written)
    return _one_per_name(entities) if renamed else entities


def _all_mentions(text: str, entities: list[Entity]) -> None:
    """Every occurrence of an entity's name or aliases is a mention of it; where two entities'
    occurrences overlap, the entity with the longer name keeps the span. (The spans kept so far
    are disjoint: kept sorted, whether a span is free is one bisection, so a text of thousands of
    mentions stays near linear; it was a scan of every kept span per occurrence.)"""
    starts: list[int] = []   # the kept spans, disjoint, in order: their starts and ends
    ends: list[int] = []
    lowered = text.lower()
    for e in sorted(entities, key=lambda e: (-max(len(f) for f in [e.name] + e.aliases), e.name)):
        spans = set(e.mentions)
        for form in [e.name] + e.aliases:
            if len(form) < 2:
                continue
            spans.update(find_word(text, form, ignore_case=" " in form, lowered=lowered))
        chosen: list[tuple[int, int]] = []
        for sp in sorted(spans, key=lambda s: (-(s[1] - s[0]), s[0])):
            i = bisect_left(starts, sp[1])   # the kept spans that start before this one ends ...
            if i and ends[i - 1] > sp[0]:    # ... the last of them (the furthest end) reaches into it
                continue
            j = bisect_left(starts, sp[0])
            starts.insert(j, sp[0])
            ends.insert(j, sp[1])
            chosen.append(sp)
        e.mentions = sorted(chosen) or sorted(e.mentions)


def _names_as_written_mid_sentence(text: str, entities: list[Entity], sents: Sentences) -> None:
    """An entity named with a capital that only a sentence's start explains ("Continual learning
    is ...") takes the spelling of a mention inside a sentence that differs only in that letter
    ("... we study continual learning"): the name as the text writes it."""
    for e in entities:
        name = e.name
        if not (name[:1].isupper() and name[1:2].islower()):
            continue
        lowered = name[0].lower() + name[1:]
        if all(sents.is_start(s) for s, t in e.mentions if text[s:t] == name) and \
                any(text[s:t] == lowered for s, t in e.mentions):
            e.name = lowered


@Language.factory("entities", default_config={"use": "both"},
                  assigns=["doc._.entities", "doc._.held_metrics", "doc.spans"],
                  requires=["doc._.candidates", "doc._.acronyms", "doc._.bounds", "doc._.urls", "doc.ents"])
def make_entities(nlp: Language, name: str, use: str):
    if use not in ("both", "rules", "ner"):
        raise ValueError(f"entities: use must be both, rules or ner, not {use!r}")
    return EntitiesComponent(use)


class EntitiesComponent:
    """Sets ``doc._.entities``, ``doc._.held_metrics`` and ``doc.spans["entities"]``."""

    def __init__(self, use: str = "both") -> None:
        self.use = use

    def __call__(self, doc: Doc) -> Doc:
        entities, held = resolve(doc, self.use)
        set_entities(doc, entities)
        doc._.held_metrics = held
        return doc


def set_entities(doc: Doc, entities: list[Entity]) -> None:
    """Write the Doc's entities: ``doc._.entities`` and the span group ``doc.spans["entities"]``
    (a span per mention, labelled with the entity's first type), always together."""
    doc._.entities = entities
    doc.spans["entities"] = _mention_spans(doc, entities)


def add_entities(doc: Doc, new: list[Entity]) -> None:
    """Add entities found later (metrics a number measures) to ``doc._.entities`` and to the
    span group ``doc.spans["entities"]`` together."""
    doc._.entities = list(doc._.entities or []) + new
    if "entities" in doc.spans:
        doc.spans["entities"].extend(_mention_spans(doc, new))
    else:
        doc.spans["entities"] = _mention_spans(doc, doc._.entities)


def _mention_spans(doc: Doc, entities: list[Entity]) -> list:
    """A span per mention of the entities, labelled with the entity's first type."""
    spans = []
    for e in entities:
        for s, t in e.mentions:
            sp = doc.char_span(s, t, label=e.types[0], alignment_mode="expand")
            if sp is not None:
                spans.append(sp)
    return spans
