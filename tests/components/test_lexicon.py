"""The lexicon component, table-driven (lexicon_cases.json): known names found in the text and
the type their entry gives; a capitalised word that only starts a sentence is not a name."""
import pytest

from tables import case_ids, cases, check_table

from extractors.components.lexicon import find_lexicon
from extractors.normalize import normalize

CASES = cases("lexicon")


def test_table():
    check_table(CASES)
    assert {c["type"] for c in CASES if not c.get("absent")} >= {"METHOD", "MODEL", "DATASET", "BENCHMARK", "METRIC"}
    assert any(c.get("absent") for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES, "name"))
def test_lexicon_match(case):
    clean = normalize(case["text"]).clean
    found = {clean[c.start:c.end]: c.types for c in find_lexicon(clean)}
    if case.get("absent"):
        assert case["name"] not in found
        return
    types = found[case["name"]]
    assert max(types, key=types.get) == case["type"], types
