"""Draw the corpus abstracts to annotate (fixed seed) and split them into batches.

    python data/make_batches.py ../shared/corpus/abstracts.jsonl

Writes data/annotations/batches/batch_<k>.jsonl (50 abstracts each). Batch 4 is the
held-out set: it is never used for training nor looked at while writing rules.
"""
import json
import random
import sys
from pathlib import Path

SEED = 2026
N_BATCHES = 5
PER_BATCH = 50


def main(corpus: str) -> None:
    rows = [json.loads(line) for line in Path(corpus).read_text(encoding="utf-8").splitlines() if line.strip()]
    picked = random.Random(SEED).sample(range(len(rows)), N_BATCHES * PER_BATCH)
    out = Path(__file__).parent / "annotations" / "batches"
    out.mkdir(parents=True, exist_ok=True)
    for k in range(N_BATCHES):
        with open(out / f"batch_{k}.jsonl", "w", encoding="utf-8") as fh:
            for i in picked[k * PER_BATCH:(k + 1) * PER_BATCH]:
                r = rows[i]
                fh.write(json.dumps({"id": r["id"], "title": r["title"], "text": r["abstract"],
                                     "venue": r["venue"], "year": r["year"]}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/corpus/abstracts.jsonl")
