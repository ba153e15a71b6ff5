"""Entity candidates: what the name-finding components propose and the resolver decides on.

Each component that finds names (lexicon, names, ner, acronyms) appends `Candidate`s to
``doc._.candidates``; the `entities` component merges them into entities.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from spacy.tokens import Doc

if not Doc.has_extension("candidates"):
    Doc.set_extension("candidates", default=None)
if not Doc.has_extension("marks"):
    Doc.set_extension("marks", default=None)

TYPES = ("METHOD", "MODEL", "DATASET", "BENCHMARK", "METRIC", "TASK")


@dataclass
class Candidate:
    start: int
    end: int
    text: str
    source: str                      # lexicon | shape | markup | pattern | proposal | ner | acronym | bound
    types: dict = field(default_factory=dict)   # type -> weight of evidence
    canonical: Optional[str] = None
    proposed: bool = False
    context: dict = field(default_factory=dict)  # type evidence from the surrounding words
    ner: dict = field(default_factory=dict)      # the NER's label for this span (typing only)


def add_candidates(doc: Doc, cands: list[Candidate]) -> None:
    if doc._.candidates is None:
        doc._.candidates = []
    doc._.candidates.extend(cands)
