"""The acronyms component, table-driven (acronyms_cases.json): definitions "long (SHORT)",
"SHORT (long)", "long: SHORT", "SHORT, long" in sentences from the annotations and made up."""
import pytest

from tables import case_ids, cases, check_table, record

CASES = cases("acronyms")


def test_table():
    check_table(CASES)
    assert all(c["short"] in c["text"] for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES, "short"))
def test_acronym(extractor, case):
    found = {(a.short, a.long) for a in record(extractor, case["text"]).acronyms}
    if case.get("absent"):
        assert not any(short == case["short"] for short, _ in found), found
    else:
        assert (case["short"], case["long"]) in found


def test_superscript_digits_in_a_short_form(extractor):
    # "M³" once crashed the alignment (int("³")); a superscript digit repeats a letter like "M3"
    rec = extractor.extract("We propose a Multi-Modal Mixer (M³) for video retrieval. M³ reaches 51.2% R@1 on MSR-VTT.")
    assert [(a.short, a.long) for a in rec.acronyms] == [("M³", "Multi-Modal Mixer")]
