"""Draw the 50 corpus leaderboard rows for the hand check of their kind (issue 18).

    extractors run /work/shared/corpus/abstracts.jsonl -o /tmp/issue-18-corpus --workers 1
    python data/handcheck/leaderboard_kinds.py /tmp/issue-18-corpus/records.jsonl > rows.jsonl

Every `leaderboard` row of the corpus records (in file order, which is id order), then 50 of them
drawn with seed 18. One line per row: record id, result index, the row's fields, and the sentence
around the number ([[number]] marked), for a person to judge whether `kind` is right. The judged
file, data/handcheck/leaderboard_kinds.jsonl, adds `judgement` (right / wrong), `right_kind` and
`reason` to each line.
"""
import json
import random
import sys

SEED, N = 18, 50


def rows(path):
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            for row in rec["leaderboard"]:
                res = rec["results"][row["result_index"]]
                s, e = res["span"]["start"], res["span"]["end"]
                yield {"id": rec["id"], "result_index": row["result_index"], "subject": row["subject"],
                       "dataset": row["dataset"], "metric": row["metric"], "value": row["value"],
                       "unit": row["unit"], "qualifier": row["qualifier"], "kind": row["kind"],
                       "baseline": row["baseline"],
                       "context": rec["text"][max(0, s - 200):s] + "[[" + rec["text"][s:e] + "]]"
                                  + rec["text"][e:e + 120]}


def main(path: str) -> None:
    every = list(rows(path))
    for row in random.Random(SEED).sample(every, min(N, len(every))):
        print(json.dumps(row, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1])
