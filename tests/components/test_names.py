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


@pytest.mark.parametrize("text,task,found", [
    ("Besides image classification task, we also examine object detection.", "Besides image classification", False),
    ("We train one SuperLM for each sub-space using task-agnostic objectives.", "each sub-space using", False),
    ("For each TAPE validation task, we demonstrate improvements.", "each TAPE validation", False),
    ("We evaluate on the image classification task.", "image classification", True),
    ("We study the best arm identification problem in combinatorial semi-bandits.", "best arm identification", True),
    ("The optimal policy of this nonsmooth optimization problem is unknown.", "this nonsmooth optimization", False),
    ("We bound the error of the underlying robust estimation problem.", "underlying robust estimation", False),
    ("The original classification task becomes harder.", "original classification", False),
])
def test_task_phrases_start_with_a_content_word(text, task, found):
    """A "X task" / "X problem" phrase is a task's name only from its first content word: a quantifier, an
    adverb, a participle or a pointer back ("each", "Besides", "using", "this", "underlying": word list
    `task_stop`) makes it a clause, or a reference to a task named elsewhere."""
    from extractors.components.candidates import Source
    tasks = {c.text for c in find_names(normalize(text).clean) if c.source == Source.TASK}
    assert (task in tasks) == found, tasks
