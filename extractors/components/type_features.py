"""The evidence the entity typer weighs for one candidate: binary cues, named as strings.

A candidate (`Row`) is an entity the resolver kept (``doc._.entities``) or a long-tail group
(``doc._.tail_candidates``). Its cues, each a string with a prefix saying what it is:

- ``rule:T`` the resolver's type (``rule:METHOD+METRIC`` for a measure, ``rule:NONE`` for a
  long-tail phrase); ``src:S`` each source of its evidence (candidates.Source, ``tail-measure``,
  ``tail-task``, ``tail-field``: a name the field shares, `FIELD_CUE`); ``ft:generic`` such a name
  the corpus writes in lower case most of the time (field_terms.generic_terms); ``role:proposed``;
  how strong the resolver's evidence was: ``v:T:N`` its vote
  for type T in steps of 1 (4 = 4 or more), ``gap:N`` the lead of its type over the next,
  ``ctx:T:N`` the part of the vote the surrounding words gave ("the X dataset", "X, a benchmark");
- ``ner:L`` the statistical NER's label over one of its mentions; ``lex:T`` a lexicon type of its
  name or an alias; ``generic`` a quality word of resources/generic_terms.txt;
- shape: ``sh:lower``, ``sh:title``, ``sh:caps`` (a word of 2+ capitals), ``sh:camel``,
  ``sh:digit``, ``sh:size`` (a size or variant suffix: -7B, -50, -L, -base), ``sh:hyphen``,
  ``sh:family`` (a known model family), ``sh:sym`` (@, ^, $), ``nw:N`` words (4 = 4 or more),
  ``short`` (at most 3 characters);
- words: ``hd:W`` the head (last) word, ``ht:T`` the type its head noun gives
  (resources/type_heads.tsv), ``fw:W`` the first word of a multiword name, ``nm:N`` the whole
  name (its words, lower-cased, one space between): what the annotators made of a name the
  training saw often enough ("calibration error", "linear regression"; seventy-first session, out
  of fold on 4,950 records: metrics 0.679 -> 0.685, tasks 0.626 -> 0.632, systems 0.778 -> 0.781;
  the last two words as a cue of their own added nothing beside it);
- context of each mention: ``l1:W`` / ``r1:W`` the word before / after, ``l2:W W`` the two words
  before ("terms of"), ``r2:W W`` the two after ("backbone network");
- ``lp:P`` / ``rp:P`` a comma, semicolon, colon or bracket right before / after a mention;
  ``suf:S`` the last three letters of a head word of 5 or more ("ing", "ion", "acy");
- ``sib:T`` an entity of type T coordinated with a mention ("A, B, and C");
- ``held`` a long-tail phrase the resolver held back as a quality word or a quantity that only a
  number makes a metric ("accuracy", "communication complexity");
- ``given`` a number given for a mention ("0.76 for X", "X (78.1%)", "X attains ... 0.92",
  "surpassing X by 2.1");
- ``baseline`` a name compared against ("compared with X", "than X", "outperforms X");
- ``doer`` a mention that a verb of achieving or beating follows ("our DTG-SSOD achieves", "X
  consistently outperforms", "X improves the supervised baseline"): what does so is a system
  rather than a task (how far that weighs is the training's to say);
- ``num`` a number within 40 characters of a mention, ``chg`` a verb of change or comparison
  near one ("improves", "reduces", "outperforms": resources/word_lists.tsv ``change_verbs``),
  ``frame`` words right before one that make it a result's measure (`MEASURE_FRAME`: "in terms
  of X", "a 75% improvement in X"; a comparative before one and a comparison after it: "greater
  reward than RNNs"), ``acr:short`` / ``acr:long`` it is an acronym's short form with a long form, ``sent:first`` / ``sent:last`` a mention in the first
  / last sentence of a text of 3 or more, ``m:N`` mentions (3 = 3 or more), ``mods:N`` modifiers of a long-tail phrase;
- ``title`` its name or an alias stands in the paper's title (``doc.user_data["extractors.title"]``,
  when the input gives one).
- ``math`` every mention is written in math as letters no macro makes a word (normalize's marks
  ``math`` and ``mathtext``: "dT" of "$O(T^{3/4}+dT^{1/4})$" is d times T; `_in_math`).

Words are lower-cased; which word cues count is up to training (cues rarer than the trainer's
minimum count get no weight). Pure functions of the Doc's annotations: deterministic.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Optional

import regex
from spacy.tokens import Doc

from .. import resources
from ..regexes import longest_first
from .candidates import MODEL_FAMILIES, TYPES, Source
from .field_terms import is_generic_term
from .quality import generic_words
from .lexicon import entries
from .linker import COMPARISON
from .names import head_type, proposal_cues, proposal_matches, type_heads
from .sentences import doc_sentences
from .tail import FIELD, MEASURE
from .textutil import doc_text, rx

NONE = "NONE"
#: the typer's classes, in the order that breaks ties
CLASSES = TYPES + (NONE,)
#: a measure: one entity listed both as a method and as a metric
MEASURE_RULE = "METHOD+METRIC"
#: the cue of a long-tail candidate that is a name the field shares (tail.FIELD)
FIELD_CUE = "src:tail-field"

_WORD = rx(r"[\p{L}\p{N}][\p{L}\p{N}'’\-]*")
_SIZE = rx(r"(?i)[-‐ ](?:\d+(?:\.\d+)?[bmk]?|[sbmlhtxg]|xl|xxl|base|large|small|tiny|huge|mini|medium)$")
_CAMEL = rx(r"\p{Ll}\p{Lu}|\p{Lu}{2,}\p{Ll}{2,}")
_CAPS = rx(r"\b\p{Lu}{2,}")
_NUMBER = rx(r"\d")
# a number given for a name: "0.76 for SelfCheckGPT", "FooNet (78.1%)", "FooNet: 71.2", "FooNet
# attains an AUROC of 0.92", "surpassing ConvNeXt-T by 2.1 points"
_GIVEN_BEFORE = rx(r"\d[\d.,]*\s*%?\s+(?:for|by|with)\s+(?:the\s+)?$")
_GIVEN_AFTER = rx(r"""\s*(?:[(:=]\s*\d                                # a parenthesis, colon or = and a number
                                  |\sby\s+\d                                     # a baseline beaten "by 2.1 points"
                                  |\s(?:attains|achieves|reaches|obtains|scores)\b[^.;]{0,60}?\d)  # a verb of achieving""",
                             regex.VERBOSE)
#: a verb of achieving or beating right after a mention, perhaps after an adverb: "X achieves",
#: "X consistently outperforms", "X improves the supervised baseline"
_DOER_AFTER = rx(r"\s+(?:\p{Ll}+ly\s+)?(?:achiev|outperform|surpass|beat|improv|reach|attain|obtain|exceed)\w*\b")
# a name compared against: "compared with the ILP-based method", "than GPT-4", "outperforms X"
_BASELINE_BEFORE = rx(r"(?i)\b(?:compared\s+(?:with|to)|than|over|against|outperform\w*|surpass\w*|beat\w*)"
                      r"\s+(?:the\s+|a\s+|strong\s+|existing\s+)*$", regex.REVERSE)  # from the end: fast to fail
_COORD = rx(r"\s*(?:,|,?\s+(?:and|or))\s+(?:the\s+)?")  # a list's separator
_CONJ = rx(r"\s*,?\s+(?:and|or)\s")                    # ... that is a conjunction
_SEP_AFTER = rx(r"\s*(?:,|\s(?:and|or)\s)")              # a separator after a member
_SEP_BEFORE = rx(r"(?:,|\s(?:and|or))\s*$")               # ... or before one
#: words that make what follows them the measure of a result: "in terms of X", "as measured by X",
#: "with regard to X", "a 75% improvement in X", "a 2x reduction of X"; a later list member too
#: ("measured by both training speed and testing accuracy")
MEASURE_FRAME = rx(r"""
    (?:\bin\s+terms?\s+of                                   # "in terms of"
      |\b(?:as\s+)?measured\s+(?:by|in|with)                # "as measured by"
      |\bwith\s+regard\s+to                                # "with regard to" (not "with respect to": a proof's)
      |\d[\d.,]*\s*(?:\\?%|x|×|times|points?|fold)?\s+     # a number and its unit, then
       (?:relative\s+|absolute\s+|average\s+)?             #   a change "in" or "of"
       (?:improvement|reduction|increase|gain|drop|decrease|boost|speed-?up)s?\s+(?:in|of|on)
      |\bby\s+(?:up\s+to\s+|about\s+|over\s+|nearly\s+|~\s*)?   # a change's size "by" a number and
       \$?\d[\d.,]*\$?\s*(?:\\?%|x|×|times|points?|pp)\$?\s+in  #   its unit, then "in": "improving a
                                                          #   tracker by 14.5% in SUC"
      |\b(?:improvement|gain)s?\s+in                       # "significant improvements in reward and
                                                          #   reasoning time" (a number or none)
      |\boutperform\w*\s+(?:[\p{L}\p{N}\-]+\s+){0,6}?in  # "outperforms the compared models in
                                                          #   predictive accuracy" (not "on": data)
    )\s+(?:both\s+|the\s+|its\s+|their\s+)?
    (?:(?:[\p{L}\p{N}\-]+\s+){0,3}[\p{L}\p{N}\-]+           # an earlier list member (1-4 words)
       (?:\s*,\s*|\s*,?\s+(?:and|or)\s+)(?:the\s+)?)?       #   and the list's separator
    $""", regex.VERBOSE | regex.IGNORECASE | regex.REVERSE)  # matched from the end: a failure is found fast
#: a comparative right before a phrase ("greater reward", "dramatically lower computational costs")
_COMPARATIVE = rx(r"(?i)\b(?:better|higher|lower|greater|smaller|larger|less|fewer|faster|improved|reduced)\s+$",
                  regex.REVERSE)
#: ... that a comparison follows: "greater reward than RNNs", "lower error compared to X"
#: (linker.COMPARISON: the project's one list of comparison words)
_COMPARE = rx(rf"(?i)\s+(?:\S+\s+){{0,3}}?(?:{COMPARISON})\b")
_PUNCT = rx(r"([,;:(\[])\s*$")           # a list comma, a colon or a bracket right before
_PUNCT_AFTER = rx(r"\s*([,;:)\].])")    # ... or right after
_FAMILY = rx(r"(?i)(?<![\p{L}])(?:" + MODEL_FAMILIES + r")(?![\p{L}])")
#: the list member before a mention, its last word (its head) in group 1: "valid output space
#: coverage, and distributional alignment" (read from the mention back)
_MEMBER_BEFORE = rx(r"(?<![\p{L}\p{N}\-])([\p{L}][\p{L}\p{N}\-]*)\s*(?:,|,?\s+(?:and|or))\s+(?:the\s+)?$", regex.REVERSE)
#: ... and the one after it: "flowchart parsing and question answering (QA)"
_MEMBER_AFTER = rx(r"""\s*(?:,|,?\s+(?:and|or))\s+(?:the\s+)?     # the separator
    (?:[\p{L}\p{N}\-]+\s+){0,3}?([\p{L}][\p{L}\p{N}\-]*)        # the member, its last word
    (?=\s*[,.;:()]|\s+(?:and|or)\s)""", regex.VERBOSE)


@dataclass
class Row:
    """One candidate for the typer: what it is called, what the resolver made of it, its cues."""

    name: str
    rule: str                                   # a class of CLASSES, or MEASURE_RULE
    mentions: list                              # (start, end) clean offsets
    aliases: list = field(default_factory=list)
    entity: Optional[object] = None             # the resolver's Entity, None for a long-tail group
    cues: list = field(default_factory=list)
    proposal: list = field(default_factory=list)  # a resolver entity's `proposal_context` cues


#: the proposal cues (resources/proposal_cues.tsv) whose place in a mention's sentence is a role cue
ROLE_CUE_KINDS = ("verb", "called", "used")


@lru_cache(maxsize=1)
def _age_words():
    """Words right before a name (within 50 characters of its sentence) that present it as new or
    the paper's own ("a novel X", "our X"), or as established ("a standard X", "the popular X"):
    ``new_words`` and ``old_words`` of resources/word_lists.tsv."""
    def alternation(name):
        return "|".join(regex.escape(w).replace("\\-", "[- ]") for w in sorted(resources.word_list(name)))
    return (rx(rf"(?i)\b(?:{alternation('new_words')})\b"), rx(rf"(?i)\b(?:{alternation('old_words')})\b"))


def cue_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, kind) of every match of the proposal cues of `ROLE_CUE_KINDS` in `text` (the
    names component's scan where it made one: names.proposal_matches)."""
    scanned = proposal_matches(text)
    cues = proposal_cues()
    return sorted((m.start(), m.end(), kind) for kind in ROLE_CUE_KINDS
                  for m in (scanned[kind] if kind in scanned else (m for c in cues.get(kind, ()) for m in c.finditer(text))))


#: the opening of an apposition right after a name: a comma, bracket, colon or dash and an article
#: (", a new benchmark", " (the standard ...")
_APPOSITION = rx(r"\s*[,(:\u2013\u2014]\s*(?:(?:a|an|the)\s+)?")


#: a citation: an author-year or numbered reference ("Smith et al. (2019)", "(Devlin et al., 2019)",
#: "[12, 14]"), which marks a name as someone else's
_CITATION = rx(r"""(?x)
    \bet\s+al\b                                   # "Smith et al."
    | \(\s*[\p{Lu}][^()]{0,40}?(?:19|20)\d\d[a-z]?\s*\)   # "(Smith and Jones, 2019)"
    | \((?:19|20)\d\d[a-z]?\)                        # "(2019)"
    | \[\s*[1-9]\d{0,2}(?:\s*[,\u2013-]\s*\d{1,3})*\s*\]   # "[12]", "[3, 5-7]" (not an interval "[0, 1]")
""")


def proposal_context(text: str, sents, spans: list, mentions: list) -> list[str]:
    """The cues the role model (entity_typer, ``role``) reads beside a candidate's typer cues, all
    about its first mention: ``pc:K:before`` / ``pc:K:after`` a proposal cue of kind K
    (`cue_spans`: "we propose", "called", "we use") in its sentence before / after it, ``nov`` a
    word presenting it as new or the paper's own right before it, ``old`` one presenting it as
    established (`_age_words`), ``nov:after`` / ``old:after`` such a word opening an apposition
    right after it ("MCPMark, a new benchmark"), ``cite:before`` / ``cite:after`` a citation in its
    sentence before it / within 40 characters after it (`_CITATION`), ``pos:N`` the quarter of the
    text it stands in (0: the first)."""
    if not mentions:
        return []
    s, e = min(mentions)
    a, b = sents.at(s)
    out = {f"pc:{kind}:{'before' if y <= s else 'after'}" for x, y, kind in spans if a <= x and y <= b and not x <= s < y}
    new, old = _age_words()
    if new.search(text, max(a, s - 50), s):
        out.add("nov")
    if old.search(text, max(a, s - 50), s):
        out.add("old")
    if _CITATION.search(text, a, s):
        out.add("cite:before")
    if _CITATION.search(text, e, min(b, e + 40)):
        out.add("cite:after")
    after = _APPOSITION.match(text, e, b)
    if after:
        if new.search(text, after.end(), min(b, after.end() + 12)):
            out.add("nov:after")
        if old.search(text, after.end(), min(b, after.end() + 12)):
            out.add("old:after")
    out.add(f"pos:{min(4 * s // max(len(text), 1), 3)}")
    return sorted(out)


def rows(doc: Doc) -> list[Row]:
    """The typer's candidates of a Doc: the resolver's entities, then the long-tail groups."""
    text = doc_text(doc)
    sents = doc_sentences(doc)
    ents = [(e.start_char, e.end_char, e.label_) for e in doc.ents]   # sorted, never overlapping
    typed = sorted((s, t, e.types[0]) for e in doc._.entities or [] for s, t in e.mentions)
    starts = [s for s, _, _ in typed]
    ends = sorted((t, s, typ) for s, t, typ in typed)
    held = {(h.start, h.end) for h in doc._.held_metrics or []}
    title = doc.user_data.get("extractors.title")
    title_words = f" {' '.join(_WORD.findall(title.casefold()))} " if isinstance(title, str) else ""
    marks = doc._.marks or ()
    math = [(a, b) for a, b, kind in marks if kind == "math"]
    ctx = (text, sents, (ents, [b for _, b, _ in ents]), typed, starts, ends, title_words,
           (math, [(a, b) for a, b, kind in marks if kind != "math"]) if math else None)
    out = []
    spans = cue_spans(text) if doc._.entities else []
    for e in doc._.entities or []:
        rule = MEASURE_RULE if list(e.types) == ["METHOD", "METRIC"] else e.types[0]
        r = Row(e.name, rule, list(e.mentions), list(e.aliases), entity=e)
        r.cues = _entity_cues(e) + _common(ctx, r)
        r.proposal = proposal_context(text, sents, spans, r.mentions)
        out.append(r)
    for g in doc._.tail_candidates or []:
        r = Row(g.name, NONE, list(g.mentions))
        r.cues = ["src:tail-" + g.kind, f"mods:{g.modifiers}", f"mods:{g.kind}:{g.modifiers}"] \
            + (["held"] if held.intersection(g.mentions) else []) \
            + (["ft:generic"] if g.kind == FIELD and is_generic_term([g.name]) else []) + _common(ctx, r)
        out.append(r)
    return out


def _entity_cues(e) -> list[str]:
    cues = sorted("src:" + s for s in e.sources)
    votes = sorted(getattr(e, "votes", {}).items(), key=lambda tw: -tw[1])
    for t, w in votes:
        cues.append(f"v:{t}:{_bucket(w)}")
    if votes:
        gap = votes[0][1] - (votes[1][1] if len(votes) > 1 else 0.0)
        cues.append(f"gap:{_bucket(gap)}")
    cues += [f"ctx:{t}:{_bucket(w)}" for t, w in sorted(getattr(e, "context", {}).items()) if w > 0]
    if e.role == "proposed":
        cues.append("role:proposed")
    if Source.ACRONYM in e.sources and e.aliases:
        cues.append("acr:short")
        cues.append("acr:long:" + (_head_type(e.aliases[0]) or "none"))
    return cues


def _bucket(w: float) -> int:
    """An evidence weight in steps: 0 (under 1), 1, 2, 3, 4 (4 or more)."""
    return min(int(w + 1e-9), 4) if w > 0 else 0


def _head_type(name: str) -> Optional[str]:
    words = _WORD.findall(name)
    return head_type(words[-1], type_heads()) if words else None


def _in_math(mentions: list, math: tuple) -> bool:
    """Is every mention written in math, as letters no macro makes a word (normalize's marks:
    inside a ``math`` mark, overlapping no other mark)? "$O(T^{3/4}+dT^{1/4})$": "dT" is d times T;
    "$\\texttt{TopoSRL}$", "$\\text{SST}$" are words. The typer's cue ``math``."""
    islands, words = math
    return bool(mentions) and all(any(a <= s and t <= b for a, b in islands) and not any(a < t and s < b for a, b in words)
                                  for s, t in mentions)


def _common(ctx: tuple, r: Row) -> list[str]:
    text, sents, (ents, ent_ends), typed, starts, ends, title_words, math = ctx
    cues = ["rule:" + r.rule]
    if math is not None and _in_math(r.mentions, math):
        cues.append("math")
    cues += _name_cues(r.name)
    for form in [r.name] + r.aliases[:3]:
        cues += ["lex:" + t for t in _lexicon_types(form)]
    if _in_title([r.name] + r.aliases[:3], title_words):
        cues.append("title")
    last = len(sents.spans) - 1
    for s, t in r.mentions:
        mark = _PUNCT.search(text, max(0, s - 3), s)
        if mark:
            cues.append("lp:" + mark.group(1))
        mark = _PUNCT_AFTER.match(text, t)
        if mark:
            cues.append("rp:" + mark.group(1))
        before = _WORD.findall(text[max(0, s - 40):s])[-2:]
        after = _WORD.findall(text[t:t + 40])[:2]
        if before:
            cues.append("l1:" + before[-1].lower())
            if len(before) == 2:
                cues.append(f"l2:{before[0].lower()} {before[1].lower()}")
        else:
            cues.append("l1:<s>")
        if after:
            cues.append("r1:" + after[0].lower())
            if len(after) == 2:
                cues.append(f"r2:{after[0].lower()} {after[1].lower()}")
        cues += _siblings(text, s, t, typed, starts, ends)
        if _BASELINE_BEFORE.search(text, max(0, s - 40), s):
            cues.append("baseline")
        if _DOER_AFTER.match(text, t):
            cues.append("doer")
        if _GIVEN_BEFORE.search(text, max(0, s - 30), s) or _GIVEN_AFTER.match(text, t, min(len(text), t + 60)):
            cues.append("given")
        if _NUMBER.search(text, max(0, s - 40), s) or _NUMBER.search(text, t, t + 40):
            cues.append("num")
        if _change().search(text, max(0, s - 40), min(len(text), t + 30)):
            cues.append("chg")
        if MEASURE_FRAME.search(text, max(0, s - 90), s) or (
                _COMPARATIVE.search(text, max(0, s - 30), s) and _COMPARE.match(text, t, min(len(text), t + 40))):
            cues.append("frame")
        i = sents.index(s)
        if last >= 2:   # a place in the abstract only where it has one (3 sentences or more)
            if i == 0:
                cues.append("sent:first")
            if i == last:
                cues.append("sent:last")
        k = bisect_right(ent_ends, s)   # the NER's entities over the mention: from the first ending after it
        while k < len(ents) and ents[k][0] < t:
            cues.append("ner:" + ents[k][2])
            k += 1
        cues += _neighbour_heads(text, s, t)
    cues.append(f"m:{min(len(r.mentions), 3)}")
    return sorted(set(cues))


def _neighbour_heads(text: str, s: int, t: int) -> list[str]:
    """``nb:T`` for the lower-case list members beside a mention, T the type their last word is a
    head noun of (resources/type_heads.tsv), ``nb:other`` for any other lower-case word: members
    of one list are things of one kind ("flowchart parsing and question answering": tasks; "three
    desiderata: in-context steerability, valid output space coverage, and distributional
    alignment": no task among them). A capitalised member is a name, which `_siblings` reads with
    its type (``sib:T``): a cue for a name of unknown type only blurs that one (cross-validated, it
    moved "WIT" in a list of datasets to the methods)."""
    out = []
    for m in (_MEMBER_BEFORE.search(text, max(0, s - 60), s), _MEMBER_AFTER.match(text, t, min(len(text), t + 80))):
        if m and m.group(1).islower():
            out.append("nb:" + (head_type(m.group(1), type_heads()) or "other"))
    return out


def _in_title(forms: list[str], title_words: str) -> bool:
    """Does one of the candidate's forms stand in the paper's title, as whole words, case aside
    (`title_words`: the title's words, space-separated with a space at each end)? Titles name the
    paper's task and system ("... for Few-shot Image Synthesis"): the typer's cue ``title``
    (cross-validated on the 950 development records, tasks 0.594 -> 0.600, data 0.877 -> 0.880)."""
    for form in forms:
        words = _WORD.findall(form.casefold())
        if words and f" {' '.join(words)} " in title_words:
            return True
    return False


def _siblings(text: str, s: int, t: int, typed: list, starts: list, ends: list) -> list[str]:
    """``sib:T`` for an entity mention of type T coordinated with this one ("image inpainting,
    accelerated magnetic resonance imaging, and compressive sensing"). Two names with a bare comma
    between them are coordinated only where the list goes on, after the later or before the
    earlier ("A, B and C"): "Benchmarked on MSTAR, HyperReal beats DCN" joins two clauses."""
    out = []
    i = bisect_left(starts, t)
    for a, b, typ in typed[i:i + 2]:
        if a >= t and _COORD.fullmatch(text, t, a) and _listed(text, s, t, a, b):
            out.append("sib:" + typ)
            break
    j = bisect_right(ends, (s, len(text), "~"))
    for b, a, typ in reversed(ends[max(0, j - 2):j]):
        if b <= s and _COORD.fullmatch(text, b, s) and _listed(text, a, b, s, t):
            out.append("sib:" + typ)
            break
    return out


def _listed(text: str, s1: int, t1: int, s2: int, t2: int) -> bool:
    """Are two mentions (s1, t1) < (s2, t2) that a separator joins members of one list: a
    conjunction between them, or a separator after the later or before the earlier?"""
    return bool(_CONJ.match(text, t1, s2) or _SEP_AFTER.match(text, t2)
                or _SEP_BEFORE.search(text, max(0, s1 - 6), s1))


@lru_cache(maxsize=1)
def _change():
    """A verb of change or comparison (resources/word_lists.tsv ``change_verbs``: "improves",
    "reduces", "outperforms")."""
    stems = sorted(resources.word_list("change_verbs"), key=longest_first)
    return rx(r"(?i)\b(?:" + "|".join(map(regex.escape, stems)) + r")\w*")


@lru_cache(maxsize=4096)
def _lexicon_types(form: str) -> tuple[str, ...]:
    return tuple(sorted({typ for _, typ, _, _ in entries(form)}))


@lru_cache(maxsize=8192)
def _name_cues(name: str) -> tuple[str, ...]:
    words = _WORD.findall(name)
    cues = [f"nw:{min(len(words), 4)}"]
    letters = [ch for ch in name if ch.isalpha()]
    if letters and all(ch.islower() for ch in letters):
        cues.append("sh:lower")
    elif words and all(w[:1].isupper() and w[1:].islower() for w in words if w[:1].isalpha()):
        cues.append("sh:title")
    if _CAPS.search(name):
        cues.append("sh:caps")
    if _CAMEL.search(name):
        cues.append("sh:camel")
    if any(ch.isdigit() for ch in name):
        cues.append("sh:digit")
    if _SIZE.search(name):
        cues.append("sh:size")
    if "-" in name:
        cues.append("sh:hyphen")
    if _FAMILY.search(name):
        cues.append("sh:family")
    if any(ch in name for ch in "@^$"):
        cues.append("sh:sym")
    if len(name) <= 3:
        cues.append("short")
    if name.casefold() in generic_words():
        cues.append("generic")
    if words:
        cues.append("hd:" + words[-1].lower())
        if len(words[-1]) > 4:
            cues.append("suf:" + words[-1][-3:].lower())
        t = head_type(words[-1], type_heads())
        if t:
            cues.append("ht:" + t)
        if len(words) > 1:
            cues.append("fw:" + words[0].lower())
        cues.append("nm:" + " ".join(w.lower() for w in words))
    return tuple(cues)


__all__ = ["CLASSES", "FIELD_CUE", "MEASURE", "MEASURE_RULE", "NONE", "Row", "rows"]
