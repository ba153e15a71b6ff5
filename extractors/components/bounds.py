"""`bounds` component: asymptotic bounds O, Ω, Θ, o, ω, with soft (tilde) forms.

Works on the clean text, where ``\\widetilde{O}(s^4)`` reads ``Õ(s^4)`` (O + combining tilde)
and ``$\\Omega(\\sqrt{s})$`` reads ``Ω(√s)``; Unicode spellings (``Õ(√T)``), ASCII tildes
(``~O(T)``, ``O~(T)``) and ``\\mathcal{O}`` arrive in the same shapes. The argument runs to the
matching parenthesis. The quantity bounded comes from a data file of phrases
(resources/bound_quantities.tsv): the phrase right after the bound ("Ω(s) queries", "O(√T)
regret"), else a phrase the text writes for a quantity right before the bound, ending with a noun
of word list bound_heads ("the population risk at rate O(1/√n)", "the SFO complexity is O(n log
n)", "generalization gap of Ω(1)", "the mean square error vanishes as O(1/n)"), else the nearest
phrase of the data file before it in the sentence, else the quantity of the previous bound in the
same sentence or the one before. Writes ``doc._.bounds``
(clean offsets).
"""

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

import regex
from spacy.lang.en.stop_words import STOP_WORDS
from spacy.language import Language
from spacy.tokens import Doc

from .. import resources
from .sentences import SentenceReader, Sentences
from .textutil import rx

if not Doc.has_extension("bounds"):
    Doc.set_extension("bounds", default=None)

TILDE = "\u0303"
_NOTATION = {"O": "O", "Ω": "Omega", "Θ": "Theta", "o": "o", "ω": "omega", "Õ": "O"}
_HEAD = rx(
    r"(?<![\w\\])(?P<pre>~\s?)?(?P<sym>[OΩΘoωÕ])(?P<tilde>\s?\u0303|~)?(?P<sp>\s?)\(")
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
    # a phrase in the plural ("global convergence rates of Θ(1/T²)") is the phrase
    return rx(rf"(?<![\w-])(?P<q>{alts})s?(?![\w-])", regex.IGNORECASE), table


_WORD = rx(r"(?<![A-Za-z])[a-z]{3,}")


@lru_cache(maxsize=1)
def _head_phrase():
    """A quantity named right before a bound: up to three words ending with a head noun of word
    list bound_heads, then a linking word, at the end of the text searched."""
    heads = "|".join(sorted(resources.word_list("bound_heads"), key=lambda w: (-len(w), w)))
    return rx(rf"""
        (?P<q>(?:[\p{{L}}\p{{N}}][\p{{L}}\p{{N}}'’\-]*\s+){{0,2}}  # up to two words before the head
             (?:{heads})s?)                                # the head noun ("risk", "complexity")
        \s+(?:of(?:\s+order)?|is|are|at\s+(?:a\s+)?rate|=    # the link to the bound: "of", "is",
           |(?:is|are)\s+(?:at\s+(?:most|least)|bounded\s+by)   # "is at most", "is bounded by",
           |(?:scale|decrease|decay|vanishe|grow|shrink|behave|converge)s?\s+(?:as|like|at\s+(?:a\s+)?rate)
                                                               # "decreases as", "vanishes as"
           |(?:scale|decrease|decay|vanish|grow|shrink|behave|converge)\s+(?:as|like|at\s+(?:a\s+)?rate))
        \s*$""", regex.IGNORECASE | regex.VERBOSE)


def _named_before(text: str, s_start: int, start: int) -> Optional[tuple[str, int]]:
    """The quantity phrase right before a bound ("population risk" in "minimize the population risk
    at rate O(1/√n)"), without a stop word and the words before it ("the", "its": "giving a
    complexity of O(m)" bounds complexity) nor an evaluative word
    before two more (word list metric_modifier_stop: "an optimal iteration complexity"; not the
    "competitive" of "competitive ratio"), and where it starts; None if there is none."""
    m = _head_phrase().search(text, max(s_start, start - 120), start)
    if m is None:
        return None
    words = list(_PHRASE_WORD.finditer(text, m.start("q"), m.end("q")))
    stops = [i for i, w in enumerate(words[:-1]) if w.group().casefold() in STOP_WORDS]
    if stops:  # "the population risk", "giving a complexity": the words after the last stop word
        words = words[stops[-1] + 1:]
    if len(words) > 2 and words[0].group().casefold() in resources.word_list("metric_modifier_stop"):
        words = words[1:]
    return " ".join(w.group() for w in words), words[0].start()


#: a word of a quantity phrase (what `str.split` separates)
_PHRASE_WORD = rx(r"\S+")


def _names_more(phrase, named: str, named_start: int) -> bool:
    """Does the phrase written right before a bound (`named`) say more than the data file's last
    phrase before it (`phrase`)? It does when that phrase is further back ("We analyze the sample
    complexity ... and show that the optimality gap decreases as O(..)"), or is the one-word head
    the written phrase ends with and the words before the head are no evaluative or status words
    ("the mean square error vanishes as"; not "the existing regret bound", nor "the best-known
    sample complexity": word lists metric_modifier_stop, evaluative)."""
    if phrase.end() <= named_start:
        return True
    words = named.split()
    return (" " not in phrase.group("q") and words[-1].casefold().startswith(phrase.group("q").casefold())
            and not any(w.casefold() in _status_words() for w in words[:-1]))


@lru_cache(maxsize=1)
def _status_words() -> frozenset:
    return resources.word_list("metric_modifier_stop") | resources.word_list("evaluative")


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


def find_bounds(text: str, sents: Optional[Sentences] = None) -> list[BoundMatch]:
    """Every bound of `text`; `sents`: its sentences (found from `text` when not given)."""
    qrx, table = _quantities()
    out: list[BoundMatch] = []
    prev_q: Optional[str] = None
    prev_sentence = -2  # the number of the previous bound's sentence
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
        if sents is None:
            sents = Sentences.of(text)
        s_start = sents.start(start)
        sentence = sents.index(start)
        quantity = None
        after = qrx.match(text, end + (1 if text[end:end + 1] == " " else 0))
        if after and after.start() - end <= 1:
            quantity = table[after.group("q").casefold()]
        if quantity is None:
            before = [q for q in qrx.finditer(text, s_start, start)]
            named = _named_before(text, s_start, start)
            if named and (not before or _names_more(before[-1], *named)):
                quantity = named[0]
            elif before:
                quantity = table[before[-1].group("q").casefold()]
            elif named:
                quantity = named[0]
        if quantity is None and prev_q and sentence - prev_sentence <= 1:
            quantity = prev_q  # the previous bound's, in this sentence or the one before
        out.append(BoundMatch(start, end, _NOTATION[sym], soft, m.end(), end - 1, quantity))
        prev_q, prev_sentence = quantity or prev_q, sentence
    return out


@Language.factory("bounds", assigns=["doc._.bounds"], requires=["doc._.sentences"])
def make_bounds(nlp: Language, name: str):
    """Sets ``doc._.bounds``."""
    return SentenceReader("bounds", find_bounds)
