"""Numbers as structured values (issue 17) and kind decisions (issue 18, item 3), table-driven.

Each case of numbers_cases.json is a sentence in the style of an ML abstract (many taken from the
two corpora), the number as written (the result's span text, raw) and what the record must say of
it: value, unit, kind, qualifier, uncertainty, the other end of its range, and for a delta whether
the change is relative. A case marked `absent` names digits that must not become a result.
"""
import json
import math
from pathlib import Path

import pytest

CASES = json.loads((Path(__file__).parent / "numbers_cases.json").read_text(encoding="utf-8"))["cases"]
_RECORDS: dict = {}


def _record(extractor, text):
    if text not in _RECORDS:
        _RECORDS[text] = extractor.extract(text)
    return _RECORDS[text]


def _ids():
    seen: dict = {}
    out = []
    for c in CASES:
        seen[c["topic"]] = seen.get(c["topic"], 0) + 1
        out.append(f"{c['topic']}-{seen[c['topic']]}-{c['number']}")
    return out


def test_table_is_large_and_covers_every_shape():
    topics = {c["topic"] for c in CASES}
    assert len(CASES) >= 150
    assert {"uncertainty", "notation", "magnitude", "money", "fraction", "range", "relative", "kind"} <= topics
    for c in CASES:
        assert c["number"] in c["text"], c


@pytest.mark.parametrize("case", CASES, ids=_ids())
def test_number_case(extractor, case):
    rec = _record(extractor, case["text"])
    at = case["text"].find(case["number"])
    if case.get("absent"):
        hits = [r.span.text for r in rec.results if r.span.start < at + len(case["number"]) and at < r.span.end]
        assert not hits, f"{case['number']!r} read as a result: {hits}"
        return
    found = [r for r in rec.results if r.span.text == case["number"]]
    assert found, f"no result spans {case['number']!r}; results: {[r.span.text for r in rec.results]}"
    r = found[0]
    assert r.span.start == at and case["text"][r.span.start:r.span.end] == case["number"]
    assert math.isclose(r.value, case["value"], rel_tol=1e-9), (r.value, case["value"])
    assert r.unit == case["unit"], (r.unit, case["unit"])
    assert r.kind == case["kind"], (r.kind, case["kind"])
    assert r.qualifier == case["qualifier"], (r.qualifier, case["qualifier"])
    if case["uncertainty"] is None:
        assert r.uncertainty is None
    else:
        assert r.uncertainty is not None and math.isclose(r.uncertainty, case["uncertainty"]), r.uncertainty
    if case["range_with"] is None:
        assert r.range_with is None, rec.results[r.range_with].span.text
    else:
        assert r.range_with is not None, "no range partner"
        other = rec.results[r.range_with]
        assert other.span.text == case["range_with"]
        assert rec.results[other.range_with] is r  # the other end points back
        for attr in ("unit", "metric", "subject", "dataset"):  # the two ends share links
            assert getattr(other, attr) == getattr(r, attr), attr
    if r.kind == "delta":
        assert r.relative == case["relative"], (r.relative, case["relative"])
    else:
        assert r.relative is None


def test_magnitude_is_recorded_as_written(extractor):
    rec = _record(extractor, "We pretrain a 1.3B-parameter model on 1.5T tokens for 10k steps; it costs $2.5 million.")
    by_text = {r.span.text: r for r in rec.results}
    assert [(t, by_text[t].magnitude) for t in ("1.3B", "1.5T", "10k", "$2.5 million")] == \
        [("1.3B", "B"), ("1.5T", "T"), ("10k", "k"), ("$2.5 million", "million")]
    # the value is expanded; dividing by the magnitude gives the number as written
    assert by_text["1.3B"].value == 1.3e9 and by_text["$2.5 million"].value == 2.5e6


def test_money_and_latex_math_in_one_sentence(extractor):
    text = r"Each run costs $20 and our model reaches $85.3 \pm 0.4$ on $\mathcal{D}$ with $k=3$."
    rec = _record(extractor, text)
    money = [r for r in rec.results if r.unit == "USD"]
    assert [(r.span.text, r.value) for r in money] == [("$20", 20.0)]
    score = [r for r in rec.results if r.uncertainty is not None]
    assert [(r.span.text, r.value, r.uncertainty) for r in score] == [(r"85.3 \pm 0.4", 85.3, 0.4)]
    # a value given to a symbol is a setting (the development annotations count "ε = 2.0", "K=3")
    assert [(r.span.text, r.kind) for r in rec.results if r not in money + score] == [("3", "setting")]


def test_records_with_the_new_fields_validate(extractor):
    from extractors.validate import check_record
    for text in {c["text"] for c in CASES}:
        rec = _record(extractor, text).model_dump(mode="json")
        assert list(check_record(rec)) == [], text


def test_validate_catches_a_range_that_does_not_point_back(extractor):
    from extractors.validate import check_record
    rec = _record(extractor, "Fine-tuning gains 3 to 4 points on every task.").model_dump(mode="json")
    assert rec["results"][0]["range_with"] == 1 and rec["results"][1]["range_with"] == 0
    rec["results"][1].pop("range_with")
    problems = list(check_record(rec))
    assert problems == [("/results/0/range_with", "result 1 does not point back (its range_with is None)")]


def test_unknown_fields_are_not_written(extractor):
    """A result without spread, magnitude, range or stated change reads as before the fields existed
    (with the link scorer's `confidence`, which every result it weighs has)."""
    rec = _record(extractor, "We evaluate on 49 Atari games.").model_dump(mode="json")
    assert set(rec["results"][0]) == {"span", "value", "unit", "kind", "qualifier", "metric", "subject",
                                      "dataset", "subjects", "confidence"}


def test_leaderboard_shows_the_spread(extractor, tmp_path):
    """A score with a spread reads `85.3 ± 0.4` in the markdown and CSV leaderboards."""
    from extractors.leaderboard import collect, render
    text = ("We propose FooNet. FooNet reaches 85.3±0.4% top-1 accuracy on ImageNet, while ResNet-50 "
            "reaches 84.1% top-1 accuracy on ImageNet.")
    rec = extractor.extract(text)
    rows = {(r.value, r.uncertainty) for r in rec.leaderboard}
    assert rows == {(85.3, 0.4), (84.1, None)}
    (tmp_path / "records.jsonl").write_text(rec.model_dump_json() + "\n", encoding="utf-8")
    col = collect([tmp_path])
    md, csv_text = render(col, "md"), render(col, "csv")
    assert "| 85.3 ± 0.4 % |" in md and "| 84.1 % |" in md
    assert ",85.3 ± 0.4," in csv_text and ",84.1," in csv_text


@pytest.mark.parametrize("text", [
    r"The rmse is $ \approx 0.01 < rmse < 0.09$ for amplitude and $0.2 rad < rmse <0.5 rad$ for phase.",
    r"Our bound holds for $2 x$ samples and $3 \times 10^{5}$ steps.",
    r"It reaches $127$ tasks and $1,000$ games with $10^{-3}$ error.",
])
def test_dollars_of_math_are_never_money(extractor, text):
    rec = _record(extractor, text)
    assert rec.results and all(r.unit not in ("USD", "EUR", "GBP") for r in rec.results)
    assert all(rec.text[r.span.start:r.span.end] == r.span.text for r in rec.results)
