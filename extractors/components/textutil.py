"""Small helpers shared by the components: compiled patterns, word search, doc text, softmax.

`rx` compiles a pattern once per process, most of them loaded ready-made from the package
(extractors.regexes, re-exported here for the components); `find_word` finds whole-word
occurrences of a literal string without building a pattern per string; `doc_text` caches
``doc.text`` (which spaCy rebuilds from the tokens on every access); `SpanIndex` answers
"does anything overlap [s, e)?" by bisection (linear overall, however many spans a text has);
`softmax` turns a linear model's scores into probabilities (the entity typer's and the link
scorer's confidences).
"""
from __future__ import annotations

import math
from bisect import bisect_left
from itertools import accumulate
from typing import Iterable, Iterator

import regex
from spacy.tokens import Doc

from ..regexes import rx  # noqa: F401  (the components import it from here)

#: a run of letters and digits: the words of a name or phrase, punctuation and spaces aside
WORDS = rx(r"[\p{L}\p{N}]+")
#: a year written short after a citation key or a venue, an apostrophe or a backtick and two digits:
#: "Vaswani et al. [ VSP`17 ]", "(NeurIPS'22)" (a pattern to build on: entities._SHORT_YEAR,
#: numbers._CITED_YEAR)
SHORT_YEAR = r"['’`]\d\d(?!\d)"
#: an adverb by its ending ("consistently", "efficiently", "significantly"), not every word in -ly:
#: "anomaly", "family", "timely" are none
_ADVERB = rx(r"(?:al|iv|ent|ant|ous|ful|less|ab|ib|ed|ing|ar|ect|ight)ly$", regex.IGNORECASE)


def is_adverb(word: str) -> bool:
    """Is the word an adverb by its ending (`_ADVERB`)?"""
    return bool(_ADVERB.search(word))


def _is_word(ch: str) -> bool:
    return ch.isalnum() or ch in "@^"


def find_word(text: str, form: str, ignore_case: bool = False, hyphen_joins: bool = True,
              lowered: str | None = None) -> list[tuple[int, int]]:
    """(start, end) of every occurrence of `form` in `text` that is not part of a longer word
    (a hyphen followed by a letter or digit continues a word when `hyphen_joins`)."""
    if not form:
        return []
    hay = (lowered if lowered is not None else text.lower()) if ignore_case else text
    needle = form.lower() if ignore_case else form
    if ignore_case and len(hay) != len(text):
        hay, needle = text, form  # lowercasing changed lengths: fall back to exact case
    out = []
    i = hay.find(needle)
    n = len(needle)
    while i >= 0:
        j = i + n
        before = text[i - 1] if i else " "
        after = text[j] if j < len(text) else " "
        ok = not _is_word(before) and not (before == "-" and i >= 2 and text[i - 2].isalnum())
        ok = ok and not _is_word(after)
        if ok and hyphen_joins and after == "-" and j + 1 < len(text) and text[j + 1].isalnum():
            ok = False
        if ok:
            out.append((i, j))
        i = hay.find(needle, i + 1)
    return out


def doc_text(doc: Doc) -> str:
    text = doc.user_data.get("extractors.text")
    if text is None:
        text = doc.user_data["extractors.text"] = doc.text
    return text


class SpanIndex:
    """Spans sorted by start with the running maximum of their ends: whether any overlaps
    [s, e) is one bisection (one starts before e, and the furthest end among those is past s)."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        self.spans = sorted(spans)
        self.starts = [a for a, _ in self.spans]
        self.reach = list(accumulate((b for _, b in self.spans), max))

    def overlaps(self, s: int, e: int) -> bool:
        i = bisect_left(self.starts, e)
        return i > 0 and self.reach[i - 1] > s

    def overlapping(self, s: int, e: int) -> Iterator[tuple[int, int]]:
        """The spans that overlap [s, e), last-starting first: walks back from the last span
        that starts before e while the furthest end so far is still past s."""
        j = bisect_left(self.starts, e) - 1
        while j >= 0 and self.reach[j] > s:
            a, b = self.spans[j]
            if b > s:
                yield a, b
            j -= 1


def softmax(scores: list[float]) -> list[float]:
    """The probability of each score under a softmax (``exp(s - max) / sum``: no overflow); a
    score of minus infinity has probability 0, and when every score is minus infinity every
    probability is 0."""
    top = max(scores)
    if top == float("-inf"):
        return [0.0] * len(scores)
    ex = [math.exp(x - top) for x in scores]
    z = sum(ex)
    return [x / z for x in ex]
