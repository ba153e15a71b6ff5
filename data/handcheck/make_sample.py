"""Draw the 30 abstracts for the hand check of reported numbers (issue 3) and list their results.

    python data/handcheck/make_sample.py > data/handcheck/results_sample.jsonl

300 corpus abstracts are drawn with seed 2026 (the same sample as tests/test_results_corpus.py),
then 30 of them with seed 30 among those that report at least one number. One line per result:
record id, the sentence around it, and every attribute, for a person to judge.
"""
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))
from conftest import corpus_sample  # noqa: E402

from extractors import extract  # noqa: E402


def main() -> None:
    texts = corpus_sample(300, seed=2026)
    recs = [extract(t, path="corpus", index=i) for i, t in enumerate(texts)]
    with_numbers = [r for r in recs if r.results]
    for r in random.Random(30).sample(with_numbers, 30):
        for i, res in enumerate(r.results):
            s, e = res.span.start, res.span.end
            print(json.dumps({"id": r.id, "result_index": i, "span": res.span.text,
                              "context": r.text[max(0, s - 160):s] + "[[" + res.span.text + "]]" + r.text[e:e + 100],
                              "value": res.value, "unit": res.unit, "kind": res.kind, "qualifier": res.qualifier,
                              "metric": res.metric, "subject": res.subject, "subjects": res.subjects,
                              "dataset": res.dataset}, ensure_ascii=False))


if __name__ == "__main__":
    main()
