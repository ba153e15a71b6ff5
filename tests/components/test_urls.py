"""The urls component, table-driven (urls_cases.json): the URL without trailing punctuation or
brackets, and its kind (code, project, data, model, ...)."""
import pytest

from tables import case_ids, cases, check_table, record

CASES = cases("urls")


def test_table():
    check_table(CASES)
    assert all(c["url"] in c["text"] for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES, "url"))
def test_url(extractor, case):
    rec = record(extractor, case["text"])
    assert (case["url"], case["kind"]) in {(u.url, u.kind) for u in rec.urls}
    for u in rec.urls:  # the span is the URL as written in the text
        assert u.span.text == u.url == case["text"][u.span.start:u.span.end]
