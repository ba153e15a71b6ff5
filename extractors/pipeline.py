"""The pipeline: raw abstract -> normalised text -> spaCy Doc with components -> Record.

`build_nlp()` makes the spaCy pipeline (built once per process); `Extractor` runs it over
abstracts in batches with ``nlp.pipe`` and assembles records. Components work in clean-text
coordinates; `assemble` maps every span back to the raw text in one place.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Optional, Union

import spacy
from spacy.language import Language

from . import components  # noqa: F401  (registers the factories)
from .tokenizer import make_tokenizer
from .assemble import assemble
from .models import Record
from .normalize import Normalized, normalize
from .readers import Abstract, InputError

PIPE_NAMES = ("urls", "bounds", "acronyms", "lexicon", "names", "entities", "numbers", "result_linker")


def build_nlp(entity_evidence: str = "both") -> Language:
    """A blank English pipeline with the project's components. `entity_evidence` ("both",
    "rules" or "ner") picks what the entity resolver listens to (for ablations)."""
    nlp = spacy.blank("en")
    nlp.tokenizer = make_tokenizer(nlp)
    for name in PIPE_NAMES:
        nlp.add_pipe(name, config={"use": entity_evidence} if name == "entities" else {})
    return nlp


@dataclass
class Outcome:
    """What became of one abstract: a record or an error."""

    abstract: Abstract
    record: Optional[Record] = None
    error: Optional[InputError] = None


class Extractor:
    """Holds one spaCy pipeline; turns abstracts into records."""

    def __init__(self, nlp: Optional[Language] = None, batch_size: int = 64) -> None:
        self.nlp = nlp or build_nlp()
        self.batch_size = batch_size

    def extract(self, text: str, **meta) -> Record:
        """One record for one abstract text (meta: path, index, venue, year, title)."""
        abstract = Abstract(text=text, path=meta.pop("path", "<text>"), index=meta.pop("index", 0), **meta)
        outcome = next(self.process([abstract]))
        if outcome.error:
            raise ValueError(outcome.error.reason)
        return outcome.record

    def process(self, abstracts: Iterable[Abstract]) -> Iterator[Outcome]:
        batch: list[Abstract] = []
        for a in abstracts:
            batch.append(a)
            if len(batch) >= self.batch_size:
                yield from self._batch(batch)
                batch = []
        if batch:
            yield from self._batch(batch)

    def _make_doc(self, norm: Normalized):
        """The Doc of the clean text, carrying the normaliser's record of name markup."""
        doc = self.nlp.make_doc(norm.clean)
        doc._.marks = norm.marks
        return doc

    def _batch(self, batch: list[Abstract]) -> Iterator[Outcome]:
        norms: list[Union[Normalized, Exception]] = []
        for a in batch:
            try:
                norms.append(normalize(a.text))
            except Exception as e:  # noqa: BLE001 - one bad abstract never costs the others
                norms.append(e)
        good = [(a, n) for a, n in zip(batch, norms) if isinstance(n, Normalized)]
        try:
            docs = list(self.nlp.pipe([self._make_doc(n) for _, n in good]))
        except Exception:  # noqa: BLE001 - retry one by one to isolate the culprit
            docs = []
            for _, n in good:
                try:
                    docs.append(self.nlp(self._make_doc(n)))
                except Exception as e:  # noqa: BLE001
                    docs.append(e)
        results = iter(zip(good, docs))
        for a, n in zip(batch, norms):
            if isinstance(n, Exception):
                yield Outcome(a, error=_failed(a, "normalisation", n))
                continue
            (_, _), doc = next(results)
            if isinstance(doc, Exception):
                yield Outcome(a, error=_failed(a, "extraction", doc))
                continue
            try:
                yield Outcome(a, record=assemble(a, n, doc))
            except Exception as e:  # noqa: BLE001
                yield Outcome(a, error=_failed(a, "record assembly", e))


def _failed(a: Abstract, stage: str, exc: Exception) -> InputError:
    return InputError(a.path, f"{stage} failed: {type(exc).__name__}: {exc}", a.line, a.index)
