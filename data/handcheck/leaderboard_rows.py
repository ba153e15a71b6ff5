"""Draw 100 corpus leaderboard rows at random (fixed seed) for the hand check of issue 12.

    extractors run ../shared/corpus/abstracts.jsonl -o /tmp/corpus && \
    python data/handcheck/leaderboard_rows.py /tmp/corpus/records.jsonl

Writes data/handcheck/leaderboard_rows_sample.jsonl: per row the record id, the row (subject,
dataset, metric, value, unit, qualifier, kind, baseline, canonical names), the result's span and
the sentence around it, so a reader can judge it without the pipeline. The judgements go to
leaderboard_rows_judged.jsonl (one per sampled row: subject_ok, dataset_ok, metric_ok, value_ok,
all_ok, note).
"""
import json
import random
import sys
from pathlib import Path

SEED = 12
N = 100
OUT = Path(__file__).parent / "leaderboard_rows_sample.jsonl"


def main(records: str) -> None:
    rows = []
    for line in open(records, encoding="utf-8"):
        rec = json.loads(line)
        for i, row in enumerate(rec.get("leaderboard") or []):
            r = rec["results"][row["result_index"]]
            s, e = r["span"]["start"], r["span"]["end"]
            text = rec["text"]
            a = max(text.rfind(". ", 0, s) + 2, s - 300, 0)
            b = text.find(". ", e)
            b = len(text) if b < 0 else min(b + 1, e + 300)
            rows.append({"record_id": rec["id"], "row": i, "leaderboard": row, "span": r["span"]["text"],
                         "context": text[a:b], "abstract": text})
    rows.sort(key=lambda x: (x["record_id"], x["row"]))
    pick = random.Random(SEED).sample(rows, min(N, len(rows)))
    with open(OUT, "w", encoding="utf-8") as fh:
        for p in pick:
            fh.write(json.dumps(p, ensure_ascii=False) + "\n")
    print(f"{len(rows)} rows, {len(pick)} drawn -> {OUT}")


if __name__ == "__main__":
    main(sys.argv[1])
