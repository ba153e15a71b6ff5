"""The bounds component, table-driven (bounds_cases.json): O, Ω, Θ with tilde forms, the
argument to the matching parenthesis and the quantity bounded, as the record states them."""
import pytest

from tables import case_ids, cases, check_table, record

CASES = cases("bounds")


def test_table():
    check_table(CASES)
    assert all(c["bound"] in c["text"] for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES, "bound"))
def test_bound(extractor, case):
    bounds = {b.span.text: b for b in record(extractor, case["text"]).bounds}
    if case.get("absent"):
        assert case["bound"] not in bounds and not bounds
        return
    b = bounds[case["bound"]]
    assert (b.notation, b.soft, b.expression, b.quantity) == \
        (case["notation"], case["soft"], case["expression"], case["quantity"])
