"""`bounds` component: asymptotic bounds O, Ω, Θ, o, ω, with soft (tilde) forms.

Works on the clean text, where ``\\widetilde{O}(s^4)`` reads ``Õ(s^4)`` (O + combining tilde)
and ``$\\Omega(\\sqrt{s})$`` reads ``Ω(√s)``; Unicode spellings (``Õ(√T)``), ASCII tildes
(``~O(T)``, ``O~(T)``) and ``\\mathcal{O}`` arrive in the same shapes. The argument runs to the
matching parenthesis. The quantity bounded comes from a data file of phrases
(resources/bound_quantities.tsv): the phrase right after the bound ("Ω(s) queries", "O(√T)
regret"), else the nearest one before it in the sentence, else the quantity of the previous bound
in the same sentence or the one before. Writes ``doc._.bounds`` (clean offsets).
"""

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

import regex
from spacy.language import Language
from spacy.tokens import Doc

from .. import resources
from .textutil import doc_text

if not Doc.has_extension("bounds"):
    Doc.set_extension("bounds", default=None)

TILDE = "\u0303"
_NOTATION = {"O": "O", "Ω": "Omega", "Θ": "Theta", "o": "o", "ω": "omega", "Õ": "O"}
_HEAD = regex.compile(
    r"(?<![\w\\])(?P<pre>~\s?)?(?P<sym>[OΩΘoωÕ])(?P<tilde>\s?\u0303|~)?(?P<sp>\s?)\(")
_SENTENCE_END = regex.compile(r"[.!?;](?:\s|$)")
MAX_ARG = 300


@dataclass(frozen=True)
class BoundMatch:
    start: int
    end: int
    notation: str
    soft: bool
    arg_start: int
    arg_end: int
    quantity: Optional[str]


@lru_cache(maxsize=1)
def _quantities():
    rows = sorted(resources.rows("bound_quantities.tsv"), key=lambda r: -len(r[0]))
    alts = "|".join(regex.escape(r[0]) for r in rows)
    table = {r[0].casefold(): r[1] for r in rows}
    return regex.compile(rf"(?<![\w-])(?:{alts})(?![\w-])", regex.IGNORECASE), table


_WORD = regex.compile(r"(?<![A-Za-z])[a-z]{3,}")


def _mathy(arg: str) -> bool:
    """Does a bound's argument read as mathematics rather than prose?"""
    allowed = resources.words("math_words.txt")
    return any(ch.isalnum() for ch in arg) and all(
        w.group().casefold() in allowed for w in _WORD.finditer(arg))


def _close(text: str, i: int) -> int:
    """Index just past the parenthesis matching the one at text[i-1]; -1 if none nearby."""
    depth = 1
    for j in range(i, min(len(text), i + MAX_ARG)):
        ch = text[j]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return j + 1
        elif ch == "\n" and j > i and text[j - 1] == "\n":
            return -1
    return -1


def _sentence_ends(text: str) -> tuple[list[int], list[int]]:
    """Starts and ends of every sentence-end match, found once per text."""
    found = [(m.start(), m.end()) for m in _SENTENCE_END.finditer(text)]
    return [a for a, _ in found], [b for _, b in found]


def _sentence(text: str, pos: int, found: Optional[tuple[list[int], list[int]]] = None) -> tuple[int, int]:
    if found is not None:
        # the same answer as the scans below, from matches found once (linear in the number of
        # bounds, not quadratic): a search stopping at `pos` also matches a mark right before it
        starts, ends = found
        if pos > 0 and text[pos - 1] in ".!?;":
            start = pos
        else:
            k = bisect_right(ends, pos)
            start = ends[k - 1] if k else 0
        k = bisect_left(starts, pos)
        return start, (starts[k] + 1 if k < len(starts) else len(text))
    start = 0
    for m in _SENTENCE_END.finditer(text, 0, pos):
        start = m.end()
    m = _SENTENCE_END.search(text, pos)
    return start, (m.start() + 1 if m else len(text))


def find_bounds(text: str) -> list[BoundMatch]:
    qrx, table = _quantities()
    out: list[BoundMatch] = []
    prev_q: Optional[str] = None
    prev_sentence = (-1, -1)
    found = None
    for m in _HEAD.finditer(text):
        sym = m.group("sym")
        if sym in "oω" and m.group("sp"):
            continue
        end = _close(text, m.end())
        if end < 0 or end - m.end() < 2:
            continue
        if not _mathy(text[m.end():end - 1]):
            continue
        soft = bool(m.group("pre") or m.group("tilde")) or sym == "Õ"
        start = m.start("sym") if m.group("pre") is None else m.start()
        if found is None:
            found = _sentence_ends(text)
        s_start, s_end = _sentence(text, start, found)
        quantity = None
        after = qrx.match(text, end + (1 if text[end:end + 1] == " " else 0))
        if after and after.start() - end <= 1:
            quantity = table[after.group().casefold()]
        if quantity is None:
            before = [q for q in qrx.finditer(text, s_start, start)]
            if before:
                quantity = table[before[-1].group().casefold()]
        if quantity is None and prev_q and (s_start, s_end) in (prev_sentence,) or (
                quantity is None and prev_q and prev_sentence[1] >= s_start - 2):
            quantity = prev_q
        out.append(BoundMatch(start, end, _NOTATION[sym], soft, m.end(), end - 1, quantity))
        prev_q, prev_sentence = quantity or prev_q, (s_start, s_end)
    return out


@Language.factory("bounds")
def make_bounds(nlp: Language, name: str):
    return BoundsComponent()


class BoundsComponent:
    """Sets ``doc._.bounds``."""

    def __call__(self, doc: Doc) -> Doc:
        doc._.bounds = find_bounds(doc_text(doc))
        return doc
