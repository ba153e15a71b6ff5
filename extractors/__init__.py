"""extractors: metadata records from machine-learning abstracts.

    from extractors import extract
    record = extract("We propose FooNet ... reaching 52.56% pass@1 on MCPMark.")

`extract(text, **meta)` returns a `Record` (extractors.models); `build_nlp()` returns the spaCy
pipeline; `nlp.add_pipe("abstract_metadata")` adds the whole extractor to any spaCy pipeline.
"""
from __future__ import annotations

__version__ = "0.1.0"

_EXTRACTOR = None


def extract(text: str, **meta):
    """The record of one abstract (meta: path, index, venue, year, title). The pipeline is
    built on first use and kept for the process."""
    global _EXTRACTOR
    if _EXTRACTOR is None:
        import spacy  # noqa: F401  (its heap, frozen while the pipeline is built)
        from .heap import heap_frozen
        with heap_frozen():
            from .pipeline import Extractor
            _EXTRACTOR = Extractor()
    return _EXTRACTOR.extract(text, **meta)


def build_nlp(entity_evidence: str = "both"):
    from .pipeline import build_nlp as _build
    return _build(entity_evidence)

# `nlp.add_pipe("abstract_metadata")` finds the factory through the package's `spacy_factories`
# entry point (or `import extractors.spacy_component`); importing extractors itself stays light.
