"""Score the seeds and compare with (or write) the committed per-field baseline.

    python benchmarks/seeds_baseline.py            # check: exit 1 if a field drops > 0.01
    python benchmarks/seeds_baseline.py --write    # raise the baseline after an improvement

Runs the pipeline on seeds/ in a temporary folder, scores it against data/gold/seeds.gold.jsonl
and compares F1 per field and per result attribute with quality/baseline.json.
"""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "quality" / "baseline.json"
GOLD = ROOT / "data" / "gold" / "seeds.gold.jsonl"
TOLERANCE = 0.01


def current() -> dict:
    from extractors import engine
    from extractors.evaluate import evaluate, field_f1
    with tempfile.TemporaryDirectory() as tmp:
        engine.run([str(ROOT / "seeds")], Path(tmp))
        return field_f1(evaluate(GOLD, Path(tmp) / "records.jsonl"))


def drops(now: dict, base: dict) -> list[str]:
    out = []
    for name, was in base.items():
        if was is None:
            continue
        got = now.get(name)
        if got is None or got < was - TOLERANCE:
            out.append(f"{name}: {was:.3f} -> {'none' if got is None else f'{got:.3f}'}")
    return out


def main(argv: list[str]) -> int:
    now = current()
    if "--write" in argv:
        BASELINE.parent.mkdir(exist_ok=True)
        BASELINE.write_text(json.dumps({k: (round(v, 4) if v is not None else None) for k, v in now.items()},
                                       indent=2) + "\n")
        print(f"wrote {BASELINE}")
        return 0
    base = json.loads(BASELINE.read_text())
    bad = drops(now, base)
    for k in sorted(now):
        b = base.get(k)
        print(f"{k:<20} baseline {'  -  ' if b is None else f'{b:.3f}'}  now "
              f"{'  -  ' if now[k] is None else f'{now[k]:.3f}'}")
    if bad:
        print("quality dropped by more than 0.01:\n  " + "\n  ".join(bad))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
