"""Time of each hostile input shape of tests/test_hostile.py through the pipeline, with the
per-abstract time limit (2 s) the engines apply.

    python benchmarks/hostile.py [--limit 2]

Prints, per shape and size, the seconds taken and whether the abstract became a record (with its
number of results) or a `timed out` error line.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=float, default=2.0)
    args = ap.parse_args()
    from test_hostile import BIG, SHAPES  # noqa: E402
    from extractors import partition
    from extractors.pipeline import Extractor
    from extractors.readers import Abstract
    ex = Extractor()
    ex.extract("Warm up: O(n) time, 5% better, https://x.org.")
    cases = [(name, 99_000) for name in SHAPES] + list(BIG.items())
    print(f"{'shape':<16}{'chars':>10}{'seconds':>9}  outcome")
    for name, size in cases:
        text = SHAPES[name](size)
        a = Abstract(text=text, path="hostile", index=0, line=1)
        t = time.perf_counter()
        (out,) = partition._outcomes(ex, [a], args.limit)
        secs = time.perf_counter() - t
        what = (f"record ({len(out.record.results)} results, {len(out.record.bounds)} bounds)"
                if out.record else out.error.reason)
        print(f"{name:<16}{len(text):>10,}{secs:>9.2f}  {what}", flush=True)


if __name__ == "__main__":
    main()
