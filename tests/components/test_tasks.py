"""Task names narrowed from the left (names.narrowed_tasks) and other task phrases, table-driven
(tasks_cases.json): "unconditional image generation", not "high-quality image generation" or
"study image generation", nor a phrase that opens with a preposition."""
import pytest

from tables import case_ids, cases, check_table

from extractors.components.candidates import Source

CASES = cases("tasks")


def test_table():
    check_table(CASES)
    assert all(c["task"] in c["text"] for c in CASES)
    assert {c["found"] for c in CASES} == {True, False}


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES, "task"))
def test_narrowed_task(case, extractor):
    _, doc = extractor.analyse(case["text"])
    tasks = {c.text for c in doc._.candidates if c.source == Source.TASK}
    assert (case["task"] in tasks) == case["found"], sorted(tasks)


def test_task_written_with_other_white_space(extractor):
    """A task phrase whose words the text parts by other white space than one space is found where
    it is written ("encapsulate the relational       learning problem": not a span shifted back)."""
    text = "The central idea of the method is to encapsulate the relational       learning problem in a model."
    _, doc = extractor.analyse(text)
    found = [c for c in doc._.candidates if c.source == Source.TASK and c.text == "relational learning"]
    assert found and all(doc.text[c.start:c.end] == "relational       learning" for c in found)
