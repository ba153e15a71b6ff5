"""Draw 100 corpus leaderboard rows at random (fixed seed) for the hand check of issue 12.

    extractors run ../shared/corpus/abstracts.jsonl -o /tmp/corpus && \
    python data/handcheck/leaderboard_rows.py /tmp/corpus/records.jsonl [--seed 12] [--out FILE]

Writes data/handcheck/leaderboard_rows_sample.jsonl: per row the record id, the row (subject,
dataset, metric, value, unit, qualifier, kind, baseline, canonical names), the result's span and
the sentence around it, so a reader can judge it without the pipeline. The judgements go to
leaderboard_rows_judged.jsonl (one per sampled row: subject_ok, dataset_ok, metric_ok, value_ok,
all_ok, note).
"""
import argparse
import json
import random
from pathlib import Path

SEED = 12
N = 100
OUT = Path(__file__).parent / "leaderboard_rows_sample.jsonl"


def main(records: str, seed: int = SEED, out: Path = OUT) -> None:
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
    pick = random.Random(seed).sample(rows, min(N, len(rows)))
    with open(out, "w", encoding="utf-8") as fh:
        for p in pick:
            fh.write(json.dumps(p, ensure_ascii=False) + "\n")
    print(f"{len(rows)} rows, {len(pick)} drawn -> {out}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("records")
    ap.add_argument("--seed", type=int, default=SEED, help="a new seed for each new hand check")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    main(args.records, args.seed, args.out)
