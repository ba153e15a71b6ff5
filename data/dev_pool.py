"""Write a corpus file without the held-out abstracts, for reading while writing rules.

    python data/dev_pool.py ../shared/corpus/neurips2023.jsonl -o /tmp/pool23.jsonl

The held-out splits (docs/ANNOTATION.md: `data/annotations/heldout_*`, `data/annotations/part_4`,
`data/results/heldout_*`) were drawn from the two corpora, so a random sample of corpus output can
hold held-out abstracts: reading one while writing a rule leaks it into the held-out figure (the
twenty-second session read five that way and reverted the two changes they had prompted). Browse
the output of a run over this file instead. Only the held-out files' ids are read, never their
text. Prints how many abstracts were kept and left out.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent
#: the held-out splits, by file pattern under data/ (docs/ANNOTATION.md, "Files and scope")
HELD_OUT = ("annotations/heldout_*.jsonl", "annotations/part_4.jsonl", "results/heldout_*.jsonl")


def held_out_ids(root: Path = ROOT) -> frozenset[str]:
    """The input ids (`id`) of every held-out abstract."""
    ids = set()
    for pattern in HELD_OUT:
        for path in sorted(root.glob(pattern)):
            with open(path, encoding="utf-8") as fh:
                ids.update(json.loads(line)["id"] for line in fh if line.strip())
    return frozenset(ids)


def write_pool(corpus: Path, out: Path, ids: frozenset[str]) -> tuple[int, int]:
    """Copy the lines of `corpus` whose `id` is not in `ids` to `out`: (kept, left out)."""
    kept = left = 0
    with open(corpus, encoding="utf-8") as src, open(out, "w", encoding="utf-8") as dst:
        for line in src:
            if not line.strip():
                continue
            if json.loads(line).get("id") in ids:
                left += 1
                continue
            dst.write(line)
            kept += 1
    return kept, left


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", type=Path)
    ap.add_argument("-o", "--out", type=Path, required=True)
    args = ap.parse_args()
    kept, left = write_pool(args.corpus, args.out, held_out_ids())
    print(f"{kept} abstracts kept, {left} held out left out -> {args.out}")


if __name__ == "__main__":
    main()
