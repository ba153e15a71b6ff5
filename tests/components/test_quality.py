"""components/quality.py: the generic quality words' plurals, singular in canonical names."""
import pytest

from extractors.canonical import canonical
from extractors.components.quality import plurals


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
    from extractors.components.quality import singular_quality
    assert singular_quality(surface) == expected


def test_plurals_are_of_lower_case_quality_words_only():
    p = plurals()
    assert p["accuracies"] == "accuracy" and p["losses"] == "loss" and p["costs"] == "cost"
    assert "FLOPs".casefold() not in p.values()


@pytest.mark.parametrize("written, expected", [
    ("error rates", "error rate"),
    ("computational costs", "computational cost"),
    ("Top-1 accuracies", "top-1 accuracy"),
    ("FLOPs", "FLOPs"),
    ("GPU hours", "GPU hours"),
])
def test_canonical_metric_is_singular(written, expected):
    assert canonical(written, "METRIC") == expected
    assert canonical(expected, "METRIC") == expected   # both spellings: one leaderboard column
