"""Generic quality words and their plurals: one definition for the entity resolver and for the
canonical metric names.

The quality words (resources/generic_terms.txt: "accuracy", "error rate", "memory", "cost", ...)
name measures in general; the resolver (`entities`) holds them back until a number measures them
(the result linker then makes them metrics), and finds them in the plural too ("computational
costs"). A metric keeps its name as written ("classification accuracies of 94.9%" -> metric
"classification accuracies", as annotators mostly write it); its canonical name
(extractors.canonical) takes the singular (`singular_quality`), so that one leaderboard table
holds both spellings. Reads only the package's word list; no spaCy component.
"""
from __future__ import annotations

from functools import lru_cache

from .. import resources


@lru_cache(maxsize=1)
def generic_words() -> frozenset:
    """The generic quality words, case-folded."""
    return frozenset(w.casefold() for w in resources.words("generic_terms.txt"))


def _plural(word: str) -> str:
    """The plural of a lower-case English noun ("accuracy" -> "accuracies", "loss" -> "losses")."""
    if word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")


@lru_cache(maxsize=1)
def plurals() -> dict[str, str]:
    """plural -> singular of the lower-case quality words whose last word takes a plural."""
    out = {}
    for w in generic_words():
        if w.islower() and (not w.endswith("s") or w.endswith("ss")):
            out[_plural(w)] = w
    return out


def singular_quality(surface: str) -> str:
    """A quality phrase with its last word in the singular when that word is the plural of a
    quality word ("classification accuracies" -> "classification accuracy"); else as written."""
    head, _, last = surface.rpartition(" ")
    one = plurals().get(last.casefold())
    if one is None or (last[:1].isupper() and last[1:].islower() is False):
        return surface
    if last[:1].isupper():
        one = one[:1].upper() + one[1:]
    return f"{head} {one}" if head else one
