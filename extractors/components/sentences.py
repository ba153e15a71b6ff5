"""`sentences` component: where each sentence of the clean text starts and ends, found once per Doc.

The only sentence splitter of the pipeline. A sentence ends at ".", "!" or "?" followed by
white space and then a capital, a digit, "(", "[", "$" or "\\" (so decimals "94.7", lowercase
continuations and "e.g. BERT" stay inside one sentence); a full stop after one of the
abbreviations of resources/sentence_abbreviations.txt ("et al.", "vs.", "Fig.") never ends one.
Writes ``doc._.sentences`` (a `Sentences`, clean-text offsets) and marks ``token.is_sent_start``
so that ``doc.sents`` gives the same sentences; every other component reads them from the Doc.
"""

from bisect import bisect_right
from functools import lru_cache

import numpy
import regex
from spacy.attrs import SENT_START
from spacy.language import Language
from spacy.tokens import Doc

from .. import resources
from .textutil import doc_text, rx

if not Doc.has_extension("sentences"):
    Doc.set_extension("sentences", default=None)


@lru_cache(maxsize=1)
def _boundary():
    """The white space between two sentences, as a pattern built from the abbreviation list."""
    abbreviations = "|".join(regex.escape(w) for w in sorted(resources.words("sentence_abbreviations.txt")))
    return rx(
        rf"(?<!\b(?:{abbreviations})\.)"  # not the full stop of an abbreviation ("et al.", "vs.")
        r"(?<=[.!?])"                     # right after a sentence-ending mark
        r"\s+"                            # the white space between the sentences (what matches)
        r"(?=[\p{Lu}(\[\d$\\])")          # a sentence starts with a capital, digit, bracket, $ or \


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of every sentence of `text`, in order; the white space between two is in neither."""
    out, start = [], 0
    for m in _boundary().finditer(text):
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(text)))
    return out


class Sentences:
    """The sentences of one text, with lookups by character offset."""

    __slots__ = ("spans", "starts", "length")

    def __init__(self, spans: list[tuple[int, int]], length: int) -> None:
        self.spans = spans
        self.starts = [a for a, _ in spans]
        self.length = length

    @classmethod
    def of(cls, text: str) -> "Sentences":
        return cls(sentences(text), len(text))

    def at(self, pos: int) -> tuple[int, int]:
        """(start, end) of the sentence holding `pos` (or ending right before it); the whole
        text when `pos` lies in the white space before the first sentence's start."""
        i = bisect_right(self.starts, pos) - 1
        return self.spans[i] if i >= 0 and pos < self.spans[i][1] + 1 else (0, self.length)

    def index(self, pos: int) -> int:
        """The number of the sentence holding `pos` (0 for the first; white space before a
        sentence belongs to the one before it)."""
        return max(bisect_right(self.starts, pos) - 1, 0)

    def start(self, pos: int) -> int:
        """Where the sentence holding `pos` starts."""
        i = bisect_right(self.starts, pos) - 1
        return self.starts[i] if i >= 0 else 0

    def is_start(self, pos: int) -> bool:
        """Does a sentence start at `pos`?"""
        i = bisect_right(self.starts, pos) - 1
        return i >= 0 and self.starts[i] == pos


def doc_sentences(doc: Doc) -> Sentences:
    """The Doc's sentences: those the `sentences` component wrote, else found now (and kept)."""
    sents = doc._.sentences
    if sents is None:
        sents = doc._.sentences = Sentences.of(doc_text(doc))
    return sents


def _mark_tokens(doc: Doc, sents: Sentences) -> None:
    """Mark the token that starts each sentence ``is_sent_start`` (``doc.sents`` then agrees;
    the other tokens are left unset, which ``doc.sents`` reads as inside a sentence). One array
    write: spaCy's per-token setter rescans the whole Doc each time (quadratic in sentences)."""
    if not len(doc):
        return
    marks = doc.to_array(SENT_START).astype(numpy.int64)
    for start, end in sents.spans:
        span = doc.char_span(start, max(end, start + 1), alignment_mode="expand")
        if span is not None and len(span):
            marks[span.start] = 1
    if len(doc) > 1 and marks[1] == 0:
        marks[1] = -1  # spaCy reads boundaries as set only past the first token
    doc.from_array([SENT_START], marks.astype(numpy.uint64))


@Language.factory("sentences", assigns=["doc._.sentences", "token.is_sent_start"])
def make_sentences(nlp: Language, name: str):
    return SentencesComponent()


class SentenceReader:
    """A component that sets ``doc._.<attr>`` to ``find(text, sentences)`` of the Doc (the
    components that read only the clean text and its sentences: acronyms, bounds)."""

    def __init__(self, attr: str, find) -> None:
        self.attr, self.find = attr, find

    def __call__(self, doc: Doc) -> Doc:
        doc._.set(self.attr, self.find(doc_text(doc), doc_sentences(doc)))
        return doc


class SentencesComponent:
    def __call__(self, doc: Doc) -> Doc:
        sents = doc._.sentences = Sentences.of(doc_text(doc))
        _mark_tokens(doc, sents)
        return doc
