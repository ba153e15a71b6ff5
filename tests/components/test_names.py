"""The names component's proposal cues, table-driven (names_cases.json): the name a paper
introduces as its own ("we propose X", "X, a novel ...", "called X")."""
import pytest

from tables import case_ids, cases, check_table

from extractors.components.names import find_names
from extractors.normalize import normalize

CASES = cases("names")


def test_table():
    check_table(CASES)
    assert all(c["name"] in c["text"] for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES, "name"))
def test_proposed_name(case):
    clean = normalize(case["text"]).clean
    proposed = {c.text for c in find_names(clean) if c.proposed}
    if case.get("absent"):
        assert case["name"] not in proposed
    else:
        assert case["name"] in proposed
