"""Draw the abstracts for the full-record annotations of issue 13 (entities, acronyms, results,
bounds, URLs) at random with a fixed seed, and split them before anyone reads them.

    python data/make_entity_batches.py              # round 1: part_5..15, heldout_0..3
    python data/make_entity_batches.py --round 2    # round 2: part_16..19 (development only)
    python data/make_entity_batches.py --round 3    # round 3: part_20..23 (development only)
    python data/make_entity_batches.py --round 4    # round 4: part_24..27 (development only)
    python data/make_entity_batches.py --round 5    # round 5: part_28..31 (development only)
    python data/make_entity_batches.py --round 6    # round 6: part_32..35 (development only)
    python data/make_entity_batches.py --round 7    # round 7: part_36..39 (development only)
    python data/make_entity_batches.py --round N    # rounds 8 to 23 likewise (`FIRST_BATCH`)

Pools: ``corpus/abstracts.jsonl`` (ICLR 2021 / NeurIPS 2022) and ``corpus/neurips2023.jsonl``
(NeurIPS 2023, closer to today's topics), minus abstracts already annotated (parts 0-4, the seeds
gold, the results batches of ``make_result_batches.py``) and minus "abstracts" that are only a URL.
``random.Random`` with round 1's seed of `DRAWS` draws 450 from the first pool and 300 from the
second; they are interleaved (3 then 2) in draw order.

Split, fixed before any annotation was read: the first 550 are development
(``data/annotations/batches/batch_5..15.jsonl``, 50 each, annotated into ``part_5..15``); the
last 200 are held out (``heldout_0..3.jsonl``, 50 each): scored only at milestones, never read
while writing rules or features, never used for training. ``agreement13.jsonl`` holds the first
50 development abstracts again, for a second, independent pass (agreement per field).

Round 2 (thirty-eighth session): round 2's seed draws 120 from the first pool and 80 from
the second, minus every abstract any file under ``data/annotations``, ``data/results`` (and their
``batches``) or the seeds gold already holds (by space-normalised text); interleaved the same way; all 200 are development
(``batch_16..19.jsonl``, 50 each, annotated into ``part_16..19``). The held-out splits stay those
of round 1.

Round 3 (forty-fourth session): the same with round 3's seed, 120 and 80 drawn, minus
every file round 2 excludes and round 2's batches; all 200 development (``batch_20..23.jsonl`` into
``part_20..23``); ``agreement44.jsonl`` holds the first 25 of ``batch_20`` again, for a second,
independent pass.

Rounds 4 to 23 (fifty-sixth to seventy-first sessions): the same with each round's seed,
120 and 80 drawn, minus every file the round before excludes and its batches; all 200
development, in the batches and agreement file that `FIRST_BATCH` and `AGREEMENT` name (round 4:
``batch_24..27``, ``agreement56``; round 5: ``batch_28..31``, ``agreement57``; round 6:
``batch_32..35``, ``agreement58``; round 7: ``batch_36..39``, ``agreement59``; round 8:
``batch_40..43``, ``agreement60``; round 9: ``batch_44..47``, ``agreement60b``; round 10:
``batch_48..51``, ``agreement61``; round 11: ``batch_52..55``, ``agreement62``; round 12:
``batch_56..59``, ``agreement63``; round 13: ``batch_60..63``, ``agreement63b``; round 14:
``batch_64..67``, ``agreement64``; rounds 15 to 23, sixty-fifth to seventy-first sessions:
``batch_68..103``, ``agreement65`` to ``agreement73``), annotated into
the parts of the same numbers. Each round's parts wait in ``data/annotations/pending`` as the readable
check no model has seen, and join the training set when the next round is drawn (rounds 12 and 13
were both drawn in the sixty-third session: round 12 joined when round 13 became the check, in the
sixty-fourth, which drew round 14 to be the check after round 13); its agreement
file holds the first 25 abstracts of its first batch again, for a second, independent pass.

Round 1 excluded the results batches as they were when it ran; the later results rounds added
batches, so rerunning round 1 today draws other abstracts. A later round excludes every batch file
there is, its own included once written, so rerunning it draws other abstracts too (and
overwrites its batch files). The committed batch files are the record of each draw; do not
regenerate them.
"""
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batchio import write_batch, write_split  # noqa: E402

#: round -> (seed of ``random.Random``, abstracts drawn from the two pools); the first batch number
#: and the agreement file of each later round
DRAWS = {1: (1302, [450, 300]), 2: (1303, [120, 80]), 3: (1304, [120, 80]), 4: (1305, [120, 80]),
         5: (1306, [120, 80]), 6: (1307, [120, 80]), 7: (1308, [120, 80]), 8: (1309, [120, 80]),
         9: (1310, [120, 80]), 10: (1311, [120, 80]), 11: (1312, [120, 80]), 12: (1313, [120, 80]),
         13: (1314, [120, 80]), 14: (1315, [120, 80]),
         15: (1316, [120, 80]), 16: (1317, [120, 80]),
         17: (1318, [120, 80]), 18: (1319, [120, 80]),
         19: (1320, [120, 80]), 20: (1321, [120, 80]),
         21: (1322, [120, 80]), 22: (1323, [120, 80]),
         23: (1324, [120, 80])}
FIRST_BATCH = {2: 16, 3: 20, 4: 24, 5: 28, 6: 32, 7: 36, 8: 40, 9: 44, 10: 48, 11: 52, 12: 56, 13: 60, 14: 64,
               15: 68, 16: 72, 17: 76, 18: 80, 19: 84, 20: 88, 21: 92, 22: 96, 23: 100}
AGREEMENT = {3: "agreement44.jsonl", 4: "agreement56.jsonl", 5: "agreement57.jsonl", 6: "agreement58.jsonl",
             7: "agreement59.jsonl", 8: "agreement60.jsonl", 9: "agreement60b.jsonl", 10: "agreement61.jsonl",
             11: "agreement62.jsonl", 12: "agreement63.jsonl", 13: "agreement63b.jsonl",
             14: "agreement64.jsonl", 15: "agreement65.jsonl",
             16: "agreement66.jsonl", 17: "agreement67.jsonl",
             18: "agreement68.jsonl", 19: "agreement69.jsonl", 20: "agreement70.jsonl",
             21: "agreement71.jsonl", 22: "agreement72.jsonl",
             23: "agreement73.jsonl"}
ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
POOLS = [SHARED / "corpus" / "abstracts.jsonl", SHARED / "corpus" / "neurips2023.jsonl"]


def norm(t: str) -> str:
    return " ".join(t.split())


def taken(everything: bool = False) -> set[str]:
    """The (space-normalised) texts already drawn: round 1 excludes parts 0-4, the seeds gold and
    the results batches; round 2 (`everything`) every annotation and batch file there is."""
    seen = set()
    files = [ROOT / f"data/annotations/part_{k}.jsonl" for k in range(5)] + [ROOT / "data/gold/seeds.gold.jsonl"]
    files += list((ROOT / "data/results/batches").glob("*.jsonl"))
    if everything:
        for sub in ("data/annotations", "data/annotations/batches", "data/results", "data/results/batches"):
            files += sorted((ROOT / sub).glob("*.jsonl"))
    for p in files:
        for line in p.read_text(encoding="utf-8").splitlines():
            if line.strip():
                seen.add(norm(json.loads(line)["text"]))
    return seen


def main() -> None:
    rounds = {(): 1, **{("--round", str(k)): k for k in FIRST_BATCH}}
    rnd = rounds.get(tuple(sys.argv[1:]))
    if rnd is None:
        sys.exit(f"usage: make_entity_batches.py [--round {'|'.join(map(str, FIRST_BATCH))}]")
    seen = taken(everything=rnd > 1)
    seed, draw = DRAWS[rnd]
    drawn = []
    for pool, n in zip(POOLS, draw):
        rows = [json.loads(l) for l in pool.read_text(encoding="utf-8").splitlines() if l.strip()]
        ok = sorted((r for r in rows if r.get("abstract") and norm(r["abstract"]) not in seen
                     and not r["abstract"].strip().startswith("http") and len(r["abstract"].split()) >= 30),
                    key=lambda r: r["id"])
        drawn.append(random.Random(seed).sample(ok, n))
        print(f"{pool.name}: {len(ok)} candidates, {n} drawn")
    a, b = drawn
    order = []
    while a or b:
        order += a[:3] + b[:2]
        a, b = a[3:], b[2:]
    out = ROOT / "data/annotations/batches"
    if rnd > 1:
        for k in range(0, len(order), 50):
            write_batch(out / f"batch_{FIRST_BATCH[rnd] + k // 50}.jsonl", order[k:k + 50])
        if rnd in AGREEMENT:
            write_batch(out / AGREEMENT[rnd], order[:25])
        return
    write_split(out, order, 550, "batch_", 50, 50, "agreement13.jsonl", 50, first=5)


if __name__ == "__main__":
    main()
