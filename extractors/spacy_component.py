"""`abstract_metadata`: the whole extractor as one component for other people's spaCy pipelines.

    import spacy, extractors            # (or rely on the `spacy_factories` entry point)
    nlp = spacy.blank("en")             # any pipeline
    nlp.add_pipe("abstract_metadata")
    doc = nlp(abstract_text)
    doc._.metadata                      # the record (a dict shaped like schemas/record.schema.json)
    doc.spans["metadata"]               # what it found, as labelled spans of the host Doc

The span group ``metadata`` holds every entity mention (labelled with its type: METHOD, MODEL,
DATASET, BENCHMARK, METRIC, TASK), every result (RESULT) and every acronym definition (ACRONYM),
aligned to the host's tokens (``char_span(..., alignment_mode="expand")``), so
``displacy.render(doc, style="span", options={"spans_key": "metadata"})`` shows the extraction.

The component normalises ``doc.text`` itself and runs the project's own pipeline (built once,
when the component is created), so its spans index ``doc.text`` exactly whatever tokenizer the
host pipeline uses. Config: ``venue``, ``year`` (put into every record), ``as_model`` (set
``doc._.metadata`` to the pydantic `Record` instead of a dict).
"""

from typing import Optional

from spacy.language import Language
from spacy.tokens import Doc, Span

from .models import ENTITY_FIELDS, TYPE_OF_FIELD, Record

if not Doc.has_extension("metadata"):
    Doc.set_extension("metadata", default=None)


@Language.factory("abstract_metadata",
                  default_config={"venue": None, "year": None, "as_model": False},
                  assigns=["doc._.metadata", "doc.spans"])
def make_abstract_metadata(nlp: Language, name: str, venue: Optional[str], year: Optional[int],
                           as_model: bool):
    return AbstractMetadata(venue=venue, year=year, as_model=as_model)


#: the span group `abstract_metadata` writes, and the labels of its non-entity spans
SPANS_KEY = "metadata"
RESULT_LABEL = "RESULT"
ACRONYM_LABEL = "ACRONYM"


def metadata_spans(doc: Doc, record: Optional[Record]) -> list[Span]:
    """The record's entity mentions (labelled with their type), results and acronym definitions
    as spans of `doc`, widened to its token boundaries, in text order."""
    if record is None:
        return []
    found = [(m.start, m.end, TYPE_OF_FIELD[f]) for f in ENTITY_FIELDS
             for e in getattr(record, f) for m in e.mentions]
    found += [(r.span.start, r.span.end, RESULT_LABEL) for r in record.results]
    found += [(a.span.start, a.span.end, ACRONYM_LABEL) for a in record.acronyms]
    spans = []
    for start, end, label in sorted(set(found)):
        span = doc.char_span(start, end, label=label, alignment_mode="expand")
        if span is not None:
            spans.append(span)
    return spans


def _set_record(doc: Doc, record: Optional[Record], as_model: bool) -> None:
    """Write the record to ``doc._.metadata`` and its spans to ``doc.spans["metadata"]``."""
    doc._.metadata = None if record is None else (record if as_model else record.model_dump(mode="json"))
    doc.spans[SPANS_KEY] = metadata_spans(doc, record)


class AbstractMetadata:
    """Sets ``doc._.metadata`` to the record of ``doc.text`` and ``doc.spans["metadata"]`` to its spans."""

    def __init__(self, venue: Optional[str] = None, year: Optional[int] = None, as_model: bool = False) -> None:
        from .pipeline import Extractor
        self.extractor = Extractor()
        self.venue, self.year, self.as_model = venue, year, as_model

    def __call__(self, doc: Doc) -> Doc:
        if not doc.text.strip():
            _set_record(doc, None, self.as_model)
            return doc
        record = self.extractor.extract(doc.text, path="<doc>", venue=self.venue, year=self.year)
        _set_record(doc, record, self.as_model)
        return doc

    def pipe(self, docs, batch_size: int = 64):
        """Batch through the inner pipeline's nlp.pipe."""
        from .items import Abstract
        buf: list[Doc] = []
        for doc in docs:
            buf.append(doc)
            if len(buf) >= batch_size:
                yield from self._flush(buf, Abstract)
                buf = []
        if buf:
            yield from self._flush(buf, Abstract)

    def _flush(self, docs: list[Doc], Abstract):
        items = [Abstract(text=d.text, path="<doc>", index=0, venue=self.venue, year=self.year)
                 for d in docs if d.text.strip()]
        outcomes = iter(self.extractor.process(items))
        for d in docs:
            _set_record(d, next(outcomes).record if d.text.strip() else None, self.as_model)
            yield d
