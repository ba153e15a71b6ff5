"""Draw the abstracts to annotate with results (issue 12), by a fixed rule, and split them
before anyone reads them.

    python data/make_result_batches.py

Rule (no hand picking): an abstract qualifies when it
  1. states a percentage (``%``, ``\\%``, ``percent``) or a decimal number (``85.3``), and
  2. contains a dataset or benchmark name from the lexicon (``extractors/resources/lexicon/
     names.tsv``, types DATASET/BENCHMARK, surfaces of 3+ characters holding a capital letter or
     a digit, matched as whole words, case-sensitive),
and it is not already annotated (``data/annotations/part_0..4.jsonl``, the seeds gold).
From the qualifying abstracts of each pool, 150 are drawn with ``random.Random(SEED)`` (SEED
below): ICLR 2021 / NeurIPS 2022 (``corpus/abstracts.jsonl``) and NeurIPS 2023
(``corpus/neurips2023.jsonl``), 300 in all, interleaved pool by pool in draw order.

Split (fixed before any annotation was read): the first 200 in that order are development
(``data/results/batches/dev_0..4.jsonl``, 40 each); the last 100 are held out
(``heldout_0..1.jsonl``, 50 each): scored only at milestones, never read while writing rules or
features. ``agreement.jsonl`` holds the first 30 development abstracts again, for a second,
independent annotation pass (annotation agreement).

Round 2 (``python data/make_result_batches.py --round 2``; fifth session, more data for the link
scorer): the same rule over both pools together, excluding every abstract already in any
annotation file (``data/annotations/*.jsonl``, ``data/results/*.jsonl``, the seeds gold; 188
qualified, only one of them from NeurIPS 2023, whose qualifying abstracts earlier draws had
taken), 160 drawn with ``random.Random(SEED2)``, all development: ``dev_5..8.jsonl`` (40 each).
The held-out 100 stay the round-1 files, so milestone figures remain comparable.

Round 3 (``--round 3``; sixth session, more data for the link scorer, whose training data the
data-name rule had exhausted: 28 abstracts were left): rule 1 alone (a percentage or a decimal
number) over both pools together, excluding every abstract already in any annotation file as in
round 2, 160 drawn with ``random.Random(SEED3)``, all development: ``dev_9..12.jsonl`` (40 each).

Round 4 (``--round 4``; seventh session, more data for the link scorer): as round 3 (rule 1 alone,
both pools, excluding every abstract already in any annotation file), 240 drawn with
``random.Random(SEED4)``, all development: ``dev_13..18.jsonl`` (40 each).

Round 5 (``--round 5``; eighth session, more data for the link scorer): as round 4; only 116
abstracts qualified that no file had annotated, so all of them, in the order ``random.Random(SEED5)``
draws them, all development: ``dev_19..21.jsonl`` (40, 40 and 36).
"""
import json
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batchio import write_batch, write_split  # noqa: E402

SEED = 20261201
SEED2 = 20261202
SEED3 = 20261203
SEED4 = 20261204
SEED5 = 20261205
ROUND2 = 160
ROUND4 = 240
ROUND5 = 116
PER_POOL = 150
ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
POOLS = [SHARED / "corpus" / "abstracts.jsonl", SHARED / "corpus" / "neurips2023.jsonl"]
SCORE = re.compile(r"\d\s*(?:\\?%|percent\b)|\d\.\d")
WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9\-_.+/]*[A-Za-z0-9+]|[A-Za-z0-9]")


def data_names() -> set[str]:
    names = set()
    for line in (ROOT / "extractors/resources/lexicon/names.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        surface, typ = line.split("\t")[:2]
        if typ in ("DATASET", "BENCHMARK") and len(surface) >= 3 and re.search(r"[A-Z0-9]", surface):
            names.add(surface)
    return names


def has_data_name(text: str, names: set[str], longest: int = 6) -> bool:
    words = [m.group() for m in WORD.finditer(text)]
    for i in range(len(words)):
        for n in range(1, longest + 1):
            if " ".join(words[i:i + n]) in names:
                return True
    return False


def annotated_texts() -> set[str]:
    seen = set()
    for p in [ROOT / f"data/annotations/part_{k}.jsonl" for k in range(5)] + [ROOT / "data/gold/seeds.gold.jsonl"]:
        for line in p.read_text(encoding="utf-8").splitlines():
            if line.strip():
                seen.add(" ".join(json.loads(line)["text"].split()))
    return seen


def all_annotated_texts() -> set[str]:
    """Texts of every annotation file of the repository (any set, any scope) and the seeds gold."""
    seen = set()
    for p in sorted((ROOT / "data").glob("*/*.jsonl")) + [ROOT / "data/gold/seeds.gold.jsonl"]:
        if p.parent.name in ("annotations", "results", "gold"):
            for line in p.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    seen.add(" ".join(json.loads(line)["text"].split()))
    return seen


def later_round(seed: int, first_batch: int, need_data_name: bool = True, count: int = ROUND2) -> None:
    """Rounds 2 to 5: `count` development abstracts drawn from both pools together, none already
    annotated; round 2 keeps the data-name rule, rounds 3 to 5 only the score rule. Each round excludes what was annotated when it was drawn, so
    rerunning an earlier round after later annotation cannot draw it again (too few remain)."""
    names, seen = data_names(), all_annotated_texts()
    rows = [json.loads(l) for pool in POOLS for l in pool.read_text(encoding="utf-8").splitlines() if l.strip()]
    ok = [r for r in rows if r.get("abstract") and " ".join(r["abstract"].split()) not in seen
          and SCORE.search(r["abstract"]) and (not need_data_name or has_data_name(r["abstract"], names))]
    ok.sort(key=lambda r: r["id"])
    drawn = random.Random(seed).sample(ok, count)
    print(f"both pools: {len(rows)} abstracts, {len(ok)} qualify and are not annotated, {count} drawn")
    out = ROOT / "data/results/batches"
    for k in range(0, count, 40):
        write_batch(out / f"dev_{first_batch + k // 40}.jsonl", drawn[k:k + 40])


def main() -> None:
    if sys.argv[1:] == ["--round", "2"]:
        return later_round(SEED2, 5)
    if sys.argv[1:] == ["--round", "3"]:
        return later_round(SEED3, 9, need_data_name=False)
    if sys.argv[1:] == ["--round", "4"]:
        return later_round(SEED4, 13, need_data_name=False, count=ROUND4)
    if sys.argv[1:] == ["--round", "5"]:
        return later_round(SEED5, 19, need_data_name=False, count=ROUND5)
    names, seen, drawn = data_names(), annotated_texts(), []
    for pool in POOLS:
        rows = [json.loads(l) for l in pool.read_text(encoding="utf-8").splitlines() if l.strip()]
        ok = [r for r in rows if r.get("abstract") and " ".join(r["abstract"].split()) not in seen
              and SCORE.search(r["abstract"]) and has_data_name(r["abstract"], names)]
        ok.sort(key=lambda r: r["id"])
        drawn.append(random.Random(SEED).sample(ok, PER_POOL))
        print(f"both pools: {len(rows)} abstracts, {len(ok)} qualify, {PER_POOL} drawn")
    order = [r for pair in zip(*drawn) for r in pair]
    out = ROOT / "data/results/batches"
    write_split(out, order, 200, "dev_", 40, 50, "agreement.jsonl", 30)


if __name__ == "__main__":
    main()
