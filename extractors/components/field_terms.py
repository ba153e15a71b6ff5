"""Field terms: names a research field shares, which no single paper coins.

A long form that many abstracts define with an acronym and write ("graph neural networks
(GNNs)", "knowledge distillation (KD)", "stochastic differential equation (SDE)", "branch and
bound (BB)") names a family of work, not one paper's system: "We propose a geometric
scattering-based graph neural network (GNN)" leaves the paper's own method unnamed, and "we
present a stochastic differential equation (SDE)" does not make SDE the name to credit for its
results. Coined names ("focal modulation networks (FocalNets)") are written in one abstract, their
own.

The evidence is corpus statistics, not a word list: resources/field_terms.tsv holds every long
form that the acronym finder (`acronyms.find_acronyms`) reads in the corpus abstracts, with the
number of those abstracts that write it (defined or not), when that number is at least
`MIN_ABSTRACTS`. data/build_field_terms.py writes the file from every corpus abstract but those
held out or waiting as a pending check, so no held-out figure credits its own text. The training
records of the entity typer and the link scorer do count: training on one, the learned parts see
the table with that abstract's own contribution taken back out (`left_out`, leave-one-out), so no
training feature credits its own text either. Names are compared by `term_key`: case, hyphens
and spaces folded, the last word in the singular.

Reads nothing of a Doc: the entity resolver (`entities._field_terms_are_not_proposed`) asks
`is_field_term` of an entity's name and aliases, and the long-tail candidates (tail.py) ask
`written_terms` where a text writes one (found as the table's builder counts them:
`find_written`), for the typer to decide what each is.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, Optional

import ahocorasick
import regex

from .. import resources
from .textutil import rx

#: a long form is a field term when at least this many unannotated corpus abstracts write it
MIN_ABSTRACTS = 3
#: a field term written in lower case at least this share of the times is a common noun
#: (`generic_terms`): on the development files every result the linker gave such a term as
#: subject was another's or nobody's (15 of 15)
GENERIC_SHARE = 0.7
#: the separators one name is written with: "non-autoregressive" / "non autoregressive"
_SEPARATOR_CHARS = " \t\n\r\f\v-‐–_/"
_SEPARATORS = rx(r"[\s\-‐–_/]+")
#: plural endings and what the singular keeps: "processes" -> "process", "policies" -> "policy",
#: "networks" -> "network"; not "loss", "corpus", "analysis"
_PLURAL = rx(r"""(?:(?<=\p{L}{2}(?:ss|x|ch|sh))es   # "processes", "boxes", "approaches"
                  | (?<=\p{L}{2})ies                # "policies"
                  | (?<=\p{L}{2}[^\Wsui])s          # "networks"; not "loss", "corpus", "analysis"
                  )$""", regex.VERBOSE)


def term_key(name: str) -> str:
    """The form two spellings of one term share: "Graph Neural Networks" and "graph-neural
    network" -> "graph neural network"."""
    key = _SEPARATORS.sub(" ", name.casefold()).strip()
    return _PLURAL.sub(lambda m: "y" if m.group() == "ies" else "", key)


#: each separator -> a space (str.translate)
_TO_SPACE = str.maketrans({c: " " for c in _SEPARATOR_CHARS})


def is_candidate(term: str) -> bool:
    """Is a long form's `term_key` long enough to count as a term: at least two words of four or
    more characters in all, or one word of eight or more ("dropout" is too short alone)?"""
    return len(term) >= 4 and " " in term or len(term) >= 8


def fold(text: str) -> str:
    """`text` in lower case with each separator a space, character for character (offsets stay):
    what the table's builder searches for keys in."""
    low = text.lower()
    if len(low) == len(text):   # no character whose lower case is longer ("İ"): the fast way is exact
        return low.translate(_TO_SPACE)
    return "".join(" " if c in _SEPARATOR_CHARS else (c.lower() if len(c.lower()) == 1 else c) for c in text)


def forms(term: str) -> set[str]:
    """The spellings of a term (a `term_key`) that `find_written` finds: itself and its plurals."""
    return {term, term + "s", term + "es"} | ({term[:-1] + "ies"} if term.endswith("y") else set())


def automaton(terms) -> ahocorasick.Automaton:
    """An Aho-Corasick automaton (pyahocorasick) over the terms' `forms`, each found as (form, term)."""
    auto = ahocorasick.Automaton()
    for term in sorted(terms):
        for form in sorted(forms(term)):
            auto.add_word(form, (form, term))
    auto.make_automaton()
    return auto


def find_written(text: str, auto) -> list[tuple[int, int, str]]:
    """Every place `text` writes a term of the automaton, as whole words, case and separators aside
    (`fold`): (start, end, term), nested and overlapping places included, in the automaton's order.
    What data/build_field_terms.py counts and the long-tail candidates (tail.py) read."""
    folded = " " + fold(text) + " "
    out = []
    for end, (form, term) in auto.iter(folded):
        start = end - len(form) + 1
        if not folded[start - 1].isalnum() and not folded[end + 1].isalnum():
            out.append((start - 1, end, term))
    return out


@lru_cache(maxsize=1)
def _shipped_automaton():
    return automaton(_table())


def written_terms(text: str) -> list[tuple[int, int]]:
    """Where `text` writes a field term of resources/field_terms.tsv: at each place the longest,
    left to right, without overlaps."""
    out = _left_out.get()
    gone = out.gone if out else frozenset()
    spans = sorted({(s, e) for s, e, t in find_written(text, _shipped_automaton()) if t not in gone},
                   key=lambda se: (se[0], -se[1]))
    out, last = [], 0
    for s, e in spans:
        if s >= last:
            out.append((s, e))
            last = e
    return out


@lru_cache(maxsize=None)
def _table() -> dict[str, tuple[int, int, int, int]]:
    """term -> (abstracts that write it, times written, times written in lower case, abstracts
    that define it)."""
    return {row[0]: (int(row[1]), int(row[2]), int(row[3]), int(row[4])) for row in resources.rows("field_terms.tsv")}


def _generic(written: int, lower: int) -> bool:
    return lower >= GENERIC_SHARE * written


@dataclass(frozen=True)
class LeftOut:
    """How the table reads with one counted abstract taken back out: the terms that fall out of it
    (written in fewer than `MIN_ABSTRACTS` other abstracts, or defined in no other), and the terms
    whose generic status (`generic_terms`) turns."""

    gone: frozenset = frozenset()
    generic_on: frozenset = frozenset()
    generic_off: frozenset = frozenset()


#: the abstract a learned part is training on, taken back out of the table (`left_out`); None at run time
_left_out: ContextVar[Optional[LeftOut]] = ContextVar("field_terms_left_out", default=None)


def leave_out(text: str) -> LeftOut:
    """The table without one abstract it counted (`text`, raw): what data/build_field_terms.py
    would have written had it not read that abstract. Its contribution is found as the builder
    found it: the terms it writes (`find_written` on the normalised text: abstracts, times, times in
    lower case) and the long forms it defines (`acronyms.find_acronyms`)."""
    from ..normalize import normalize
    from .acronyms import find_acronyms
    clean = normalize(text).clean
    table = _table()
    written: dict[str, list[int]] = {}
    for start, end, term in find_written(clean, _shipped_automaton()):
        surface = clean[start:end]
        counts = written.setdefault(term, [0, 0])
        counts[0] += 1
        counts[1] += surface == surface.lower()
    defines = {term_key(a.long) for a in find_acronyms(clean)} & table.keys()
    gone, on, off = set(), set(), set()
    for term in written.keys() | defines:
        abstracts, times, lower, definers = table[term]
        own_times, own_lower = written.get(term, (0, 0))
        if abstracts - (term in written) < MIN_ABSTRACTS or definers - (term in defines) < 1:
            gone.add(term)
            continue
        before, after = _generic(times, lower), _generic(times - own_times, lower - own_lower)
        if after and not before:
            on.add(term)
        elif before and not after:
            off.add(term)
    return LeftOut(frozenset(gone), frozenset(on), frozenset(off))


@contextmanager
def left_out(text: str) -> Iterator[LeftOut]:
    """Within the block, every question to the table (`is_field_term`, `is_generic_term`,
    `written_terms`) is answered without the abstract `text` (`leave_out`): the entity typer and
    the link scorer train on abstracts the table counted, and leave-one-out keeps a training
    feature from crediting its own text. Never used at run time."""
    token = _left_out.set(leave_out(text))
    try:
        yield _left_out.get()
    finally:
        _left_out.reset(token)


def field_terms() -> frozenset[str]:
    """The keys of resources/field_terms.tsv."""
    return frozenset(_table())


@lru_cache(maxsize=None)
def generic_terms() -> frozenset[str]:
    """The field terms written in lower case at least `GENERIC_SHARE` of the time: common nouns
    ("knowledge distillation", "neural network", "hyperparameter optimization"), not names
    ("Proximal Policy Optimization", "Gaussian process", "Markov chain Monte Carlo")."""
    return frozenset(t for t, (_, written, lower, _) in _table().items() if _generic(written, lower))


def is_field_term(names) -> bool:
    """Is any of `names` (an entity's name and aliases) a field term?"""
    terms, out = _table(), _left_out.get()
    return any((k := term_key(n)) in terms and not (out and k in out.gone) for n in names)


def is_generic_term(names) -> bool:
    """Is any of `names` a generic field term (`generic_terms`)?"""
    terms, out = generic_terms(), _left_out.get()
    if out is None:
        return any(term_key(n) in terms for n in names)
    return any(((k := term_key(n)) in terms or k in out.generic_on) and k not in out.generic_off and k not in out.gone
               for n in names)
