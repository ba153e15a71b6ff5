"""Field terms: names a research field shares, which no single paper coins.

A long form that many abstracts define with an acronym and write ("graph neural networks
(GNNs)", "knowledge distillation (KD)", "stochastic differential equation (SDE)", "branch and
bound (BB)") names a family of work, not one paper's system: "We propose a geometric
scattering-based graph neural network (GNN)" leaves the paper's own method unnamed, and "we
present a stochastic differential equation (SDE)" does not make SDE the name to credit for its
results. Coined names ("focal modulation networks (FocalNets)") are written in one abstract, their
own.

The evidence is corpus statistics, not a word list: resources/field_terms.tsv holds every long
form that the acronym finder (`acronyms.find_acronyms`) reads in the corpus abstracts that no
annotation file holds, with the number of those abstracts that write it (defined or not), when
that number is at least `MIN_ABSTRACTS`. data/build_field_terms.py writes the file; no abstract
that is scored (development or held out) counts, so no figure credits its own text. Names are
compared by `term_key`: case, hyphens and spaces folded, the last word in the singular.

Reads nothing of a Doc: the entity resolver (`entities._field_terms_are_not_proposed`) asks
`is_field_term` of an entity's name and aliases.
"""
from __future__ import annotations

from functools import lru_cache

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


def fold(text: str) -> str:
    """`text` in lower case with each separator a space, character for character (offsets stay):
    what the table's builder searches for keys in."""
    return "".join(" " if c in _SEPARATOR_CHARS else (c.lower() if len(c.lower()) == 1 else c) for c in text)


@lru_cache(maxsize=None)
def _table() -> dict[str, tuple[int, int, int]]:
    """term -> (abstracts, times written, times written in lower case)."""
    return {row[0]: (int(row[1]), int(row[2]), int(row[3])) for row in resources.rows("field_terms.tsv")}


def field_terms() -> frozenset[str]:
    """The keys of resources/field_terms.tsv."""
    return frozenset(_table())


@lru_cache(maxsize=None)
def generic_terms() -> frozenset[str]:
    """The field terms written in lower case at least `GENERIC_SHARE` of the time: common nouns
    ("knowledge distillation", "neural network", "hyperparameter optimization"), not names
    ("Proximal Policy Optimization", "Gaussian process", "Markov chain Monte Carlo")."""
    return frozenset(t for t, (_, written, lower) in _table().items() if lower >= GENERIC_SHARE * written)


def is_field_term(names) -> bool:
    """Is any of `names` (an entity's name and aliases) a field term?"""
    terms = _table()
    return any(term_key(n) in terms for n in names)


def is_generic_term(names) -> bool:
    """Is any of `names` a generic field term (`generic_terms`)?"""
    terms = generic_terms()
    return any(term_key(n) in terms for n in names)
