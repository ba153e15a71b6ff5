"""Loading the component case tables (tests/components/<component>_cases.json).

Each table holds sentences from the development annotations (every file of data/annotations and
data/results that `extractors.train.held_out` does not set apart; a case's `source` is the
abstract's id there) and made-up sentences (`source` "made-up"). Cases from the held-out files
are never used: `training_ids` is what a case's source must be in.
"""
import json
from functools import lru_cache
from pathlib import Path

from extractors.train import held_out

HERE = Path(__file__).parent
DATA = HERE.parent.parent / "data"
TRAINING = tuple(f for folder in ("annotations", "results") for f in sorted((DATA / folder).glob("*.jsonl"))
                 if not held_out(f))
MADE_UP = "made-up"


def cases(component: str) -> list[dict]:
    return json.loads((HERE / f"{component}_cases.json").read_text(encoding="utf-8"))["cases"]


def case_ids(table: list[dict], label: str) -> list[str]:
    """Readable test ids: the case's number and the field it is about."""
    return [f"{i}-{c.get(label)}"[:60] for i, c in enumerate(table)]


@lru_cache(maxsize=1)
def training_ids() -> frozenset:
    ids = set()
    for f in TRAINING:
        ids.update(json.loads(line)["id"] for line in f.read_text(encoding="utf-8").splitlines() if line.strip())
    return frozenset(ids)


def check_table(table: list[dict]) -> None:
    """At least 15 cases, from the training annotations or made up, each sentence holding what it
    is about."""
    assert len(table) >= 15
    assert {c["source"] for c in table} - {MADE_UP} <= training_ids()
    assert any(c["source"] == MADE_UP for c in table) and any(c["source"] != MADE_UP for c in table)


_RECORDS: dict = {}


def record(extractor, text: str, title=None):
    """The record of one sentence, with the paper's title where a case gives one (each is
    extracted once per session)."""
    if (text, title) not in _RECORDS:
        _RECORDS[text, title] = extractor.extract(text, title=title)
    return _RECORDS[text, title]
