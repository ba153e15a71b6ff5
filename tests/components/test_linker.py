"""The result linker (and the link scorer after it), table-driven (linker_cases.json): the
metric, subject and dataset of a number."""
import pytest

from tables import case_ids, cases, check_table, record

CASES = cases("linker")


def test_table():
    check_table(CASES)
    assert all(c["number"] in c["text"] for c in CASES)
    assert all(any(c[a] for c in CASES) for a in ("metric", "subject", "dataset"))


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES, "number"))
def test_links(extractor, case):
    results = [r for r in record(extractor, case["text"]).results if r.span.text == case["number"]]
    assert results, "the number is not a result"
    assert (case["metric"], case["subject"], case["dataset"]) in \
        {(r.metric, r.subject, r.dataset) for r in results}


def test_measure_change_verbs_are_change_verbs():
    """The verbs whose object is the measure that changes (linker._metric_changed) are verbs of
    change of the one list every other rule reads (word list change_verbs), and the pattern built
    from them takes verb forms only: "reduction ratio by" names no measure."""
    from extractors import resources
    from extractors.components.linker import _changed_phrase
    assert resources.word_list("measure_change_verbs") <= resources.word_list("change_verbs")
    assert _changed_phrase().search("reduces overfitting by ").group(1) == "overfitting"
    assert _changed_phrase().search("a higher traffic reduction ratio by ") is None
