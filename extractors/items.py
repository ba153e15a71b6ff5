"""What readers yield: an `Abstract` read from an input, or an `InputError` naming the file,
its line or index and the reason. Kept apart from the readers (extractors/readers.py, which
re-exports them) so that `extract()` and the pipeline, which only take abstracts, do not import
every input format at start-up.

Reads and writes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Union


@dataclass
class Abstract:
    text: str
    path: str
    index: int
    line: Optional[int] = None
    venue: Optional[str] = None
    year: Optional[int] = None
    title: Optional[str] = None
    ext_id: Optional[str] = None


@dataclass
class InputError:
    path: str
    reason: str
    line: Optional[int] = None
    index: Optional[int] = None
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        out = {"path": self.path, "line": self.line, "index": self.index, "reason": self.reason}
        out.update(self.extra)
        return out


Item = Union[Abstract, InputError]
