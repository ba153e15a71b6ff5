"""Corpus leaderboard figures (issue 12): how many rows, from how many abstracts, how much of it
lands in tables that rank several papers, and whether any two tables differ only by spelling.

    python benchmarks/corpus_leaderboard.py RECORDS_DIR_OR_FILE [--top 20]

Reads the records of a run (`extractors run ../shared/corpus/abstracts.jsonl -o out/`), groups
the leaderboard rows exactly as `extractors leaderboard` does (extractors.leaderboard.collect,
build_tables, build_improvements) and prints: rows and abstracts with a row; score rows, their
tables, and the share of score rows in tables of 3 or more rows; the same for all rows (scores,
deltas and ratios) grouped by canonical dataset and metric; pairs of tables whose names differ
only by case, spaces, hyphens or punctuation (should be none); and the largest tables.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import regex

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractors.canonical import group_key  # noqa: E402
from extractors.leaderboard import build_improvements, build_tables, collect  # noqa: E402

_LOOSE = regex.compile(r"[\s\-_.,:;'\"()/]+")


def loose(name: str) -> str:
    """A name without case, spaces, hyphens or punctuation: what no two tables may share."""
    return _LOOSE.sub("", name).casefold()


def figures(inputs: list[str]) -> dict:
    col = collect(inputs)
    tables = build_tables(col.entries)
    improvements = build_improvements(col.entries)
    scores = sum(len(t.entries) for t in tables)
    big = sum(len(t.entries) for t in tables if len(t.entries) >= 3)
    groups = Counter((group_key(e.dataset_canonical or e.dataset), group_key(e.metric_canonical or e.metric))
                     for e in col.entries)
    sizes = {}
    for t in tables:
        sizes[(t.dataset, t.metric)] = sizes.get((t.dataset, t.metric), 0) + len(t.entries)
    for t in improvements:
        sizes[(t.dataset, t.metric)] = sizes.get((t.dataset, t.metric), 0) + len(t.entries)
    all_big = sum(n for n in sizes.values() if n >= 3)
    by_loose: dict = {}
    for d, m in sizes:
        by_loose.setdefault((loose(d), loose(m)), []).append((d, m))
    clashes = [v for v in by_loose.values() if len(v) > 1]
    return {
        "records": col.records_read, "rows": len(col.entries),
        "abstracts_with_rows": len({e.record_id for e in col.entries}),
        "score_rows": scores, "score_tables": len(tables),
        "score_rows_in_tables_of_3_or_more": big,
        "share_score_rows_in_tables_of_3_or_more": round(big / scores, 3) if scores else None,
        "groups_all_kinds": len(groups),
        "share_all_rows_in_groups_of_3_or_more": round(all_big / len(col.entries), 3) if col.entries else None,
        "spelling_clashes": clashes,
        "largest": sorted(((n, d, m) for (d, m), n in sizes.items()), reverse=True),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("inputs", nargs="+")
    ap.add_argument("--top", type=int, default=20, help="how many of the largest tables to list")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args()
    f = figures(args.inputs)
    top = f.pop("largest")
    for k, v in f.items():
        print(f"{k:<42} {v}")
    print(f"largest tables (rows, dataset, metric), all kinds:")
    for n, d, m in top[:args.top]:
        print(f"  {n:>4}  {d}  |  {m}")
    if args.json:
        args.json.write_text(json.dumps({**f, "largest": top[:args.top]}, indent=1) + "\n")


if __name__ == "__main__":
    main()
