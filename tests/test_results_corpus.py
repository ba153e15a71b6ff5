"""Reported numbers on real corpus abstracts: invariants over a fixed random sample of 300."""
import math
import re

import pytest

from conftest import corpus_sample


@pytest.fixture(scope="module")
def records(extractor):
    from extractors.readers import Abstract
    abstracts = [Abstract(text=t, path="corpus", index=i) for i, t in enumerate(corpus_sample(300, seed=2026))]
    out = [o.record for o in extractor.process(abstracts)]
    assert all(r is not None for r in out)
    return out


def test_every_value_is_finite(records):
    assert sum(len(r.results) for r in records) > 100
    for r in records:
        for res in r.results:
            assert math.isfinite(res.value), (r.id, res)


def test_no_result_inside_a_name(records):
    for r in records:
        mentions = [(m.start, m.end) for f in ("methods", "models", "datasets", "benchmarks", "metrics", "tasks")
                    for e in getattr(r, f) for m in e.mentions]
        for res in r.results:
            s, e = res.span.start, res.span.end
            assert not any(a <= s and e <= b for a, b in mentions), (r.id, res.span.text)
            # digits glued to letters on the left are part of a name (GPT-4, ResNet-18, pass@1)
            before = r.text[max(0, s - 2):s]
            if re.search(r"\\[A-Za-z]+\s*$", r.text[max(0, s - 30):s]):
                continue  # a LaTeX macro such as \textasciitilde, not a name
            assert not (before[-1:].isalpha() or before[-1:] in "@^_"), (r.id, res.span.text, before)
            assert not (before[-1:] == "-" and before[:1].isalpha()), (r.id, res.span.text, before)


def test_no_result_inside_a_bound_or_url(records):
    for r in records:
        regions = [(b.span.start, b.span.end) for b in r.bounds] + [(u.span.start, u.span.end) for u in r.urls]
        for res in r.results:
            assert not any(a <= res.span.start < b for a, b in regions), (r.id, res.span.text)
