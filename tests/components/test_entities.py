"""The entities component (the resolver), table-driven (entities_cases.json): which names become
entities, of which type (the record field) and role."""
import pytest

from tables import case_ids, cases, check_table, record

from extractors.models import ENTITY_FIELDS

CASES = cases("entities")


def test_table():
    check_table(CASES)
    assert all(c["field"] in ENTITY_FIELDS and c["role"] in ("used", "proposed") for c in CASES)
    assert {c["field"] for c in CASES} >= {"methods", "datasets", "benchmarks", "metrics", "tasks"}


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES, "name"))
def test_entity(extractor, case):
    rec = record(extractor, case["text"])
    entities = {e.name: e for e in getattr(rec, case["field"])}
    assert case["name"] in entities, {f: [e.name for e in getattr(rec, f)] for f in ENTITY_FIELDS}
    e = entities[case["name"]]
    assert e.role == case["role"]
    assert all(case["text"][m.start:m.end] == m.text for m in e.mentions)


@pytest.mark.parametrize("surface,expected", [
    ("classification accuracies", "classification accuracy"),
    ("Accuracies", "Accuracy"),
    ("training losses", "training loss"),
    ("errors", "error"),
    ("FLOPs", "FLOPs"),                  # a unit that is plural already
    ("parameters", "parameters"),
    ("top-1 accuracy", "top-1 accuracy"),
    ("GPU hours", "GPU hours"),
])
def test_singular_quality(surface, expected):
    from extractors.components.entities import singular_quality
    assert singular_quality(surface) == expected


def test_plural_quality_word_is_a_metric_in_the_singular(extractor):
    rec = record(extractor, "Our approach achieves classification accuracies of 94.9% on the ModelNet40 dataset.")
    (res,) = rec.results
    assert res.metric == "classification accuracy"
    (m,) = [e for e in rec.metrics if e.name == "classification accuracy"]
    assert [x.text for x in m.mentions] == ["classification accuracies"]
