"""The shared text helpers (extractors/components/textutil.py): `SpanIndex`, the overlap index
the numbers, entity and long-tail components share, against a brute-force scan."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractors.components.textutil import SpanIndex

# (spans, query [s, e), the spans that overlap it): half-open spans, touching is not overlapping
CASES = [
    ("empty index", [], (0, 5), []),
    ("inside", [(10, 20)], (12, 15), [(10, 20)]),
    ("covers", [(12, 15)], (10, 20), [(12, 15)]),
    ("touches the end", [(10, 20)], (20, 25), []),
    ("touches the start", [(10, 20)], (5, 10), []),
    ("one past each side", [(0, 3), (5, 8), (10, 12)], (2, 11), [(10, 12), (5, 8), (0, 3)]),
    ("a long span reaches past short ones", [(0, 100), (10, 12), (20, 22)], (50, 60), [(0, 100)]),
    ("nested and repeated", [(5, 9), (5, 9), (6, 7)], (6, 8), [(6, 7), (5, 9), (5, 9)]),
]


@pytest.mark.parametrize("spans,query,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_overlapping(spans, query, expected):
    index = SpanIndex(spans)
    assert list(index.overlapping(*query)) == expected
    assert index.overlaps(*query) == bool(expected)


_span = st.tuples(st.integers(0, 60), st.integers(1, 20)).map(lambda p: (p[0], p[0] + p[1]))


@settings(max_examples=300, deadline=None)
@given(st.lists(_span, max_size=25), _span)
def test_overlapping_agrees_with_a_scan(spans, query):
    s, e = query
    index = SpanIndex(spans)
    brute = sorted(sp for sp in spans if sp[0] < e and s < sp[1])
    assert sorted(index.overlapping(s, e)) == brute
    assert index.overlaps(s, e) == bool(brute)


@pytest.mark.parametrize("scores,expected", [
    ([0.0] * 7, [1 / 7] * 7),                                        # no evidence: every class alike
    ([2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.5519] + [0.0747] * 6),  # the softmax of the scores
    ([1000.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [1.0] + [0.0] * 6),     # large scores do not overflow
    ([0.0, 2.0, float("-inf")], [0.1192, 0.8808, 0.0]),              # ruled out: probability 0
    ([float("-inf"), float("-inf")], [0.0, 0.0]),                    # nothing possible
])
def test_softmax(scores, expected):
    from extractors.components.textutil import softmax
    got = softmax(scores)
    assert [round(p, 4) for p in got] == [round(p, 4) for p in expected]
    assert abs(sum(got) - 1.0) < 1e-9 or max(scores) == float("-inf")
