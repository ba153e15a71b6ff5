"""`abstract_metadata`: the whole extractor as one component for other people's spaCy pipelines.

    import spacy, extractors            # (or rely on the `spacy_factories` entry point)
    nlp = spacy.blank("en")             # any pipeline
    nlp.add_pipe("abstract_metadata")
    doc = nlp(abstract_text)
    doc._.metadata                      # the record (a dict shaped like schemas/record.schema.json)

The component normalises ``doc.text`` itself and runs the project's own pipeline (built once,
when the component is created), so its spans index ``doc.text`` exactly whatever tokenizer the
host pipeline uses. Config: ``venue``, ``year`` (put into every record), ``as_model`` (set
``doc._.metadata`` to the pydantic `Record` instead of a dict).
"""

from typing import Optional

from spacy.language import Language
from spacy.tokens import Doc

if not Doc.has_extension("metadata"):
    Doc.set_extension("metadata", default=None)


@Language.factory("abstract_metadata",
                  default_config={"venue": None, "year": None, "as_model": False})
def make_abstract_metadata(nlp: Language, name: str, venue: Optional[str], year: Optional[int],
                           as_model: bool):
    return AbstractMetadata(venue=venue, year=year, as_model=as_model)


class AbstractMetadata:
    """Sets ``doc._.metadata`` to the record of ``doc.text``."""

    def __init__(self, venue: Optional[str] = None, year: Optional[int] = None, as_model: bool = False) -> None:
        from .pipeline import Extractor
        self.extractor = Extractor()
        self.venue, self.year, self.as_model = venue, year, as_model

    def __call__(self, doc: Doc) -> Doc:
        if not doc.text.strip():
            doc._.metadata = None
            return doc
        record = self.extractor.extract(doc.text, path="<doc>", venue=self.venue, year=self.year)
        doc._.metadata = record if self.as_model else record.model_dump(mode="json")
        return doc

    def pipe(self, docs, batch_size: int = 64):
        """Batch through the inner pipeline's nlp.pipe."""
        from .readers import Abstract
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
            if not d.text.strip():
                d._.metadata = None
            else:
                o = next(outcomes)
                rec = o.record
                d._.metadata = None if rec is None else (rec if self.as_model else rec.model_dump(mode="json"))
            yield d
