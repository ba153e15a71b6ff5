"""Writing a file the package ships that a data/ script generates, or checking it is up to date.

`write_or_check(out, text, check, summary)`: with `check`, compare the shipped `out` with the
freshly built `text`, print whether it is up to date and exit 1 when it is not; otherwise write
`text` to `out` and print `summary`. The build scripts (data/build_field_terms.py,
data/build_general.py) share it so that their `--check` reads and exits alike.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def write_or_check(out: Path, text: str, check: bool, summary: str) -> None:
    """Write `text` to `out` (printing `summary`), or with `check` compare and exit 0 / 1."""
    name = out.relative_to(ROOT) if out.is_relative_to(ROOT) else out
    if check:
        same = out.read_text(encoding="utf-8") == text
        print(f"{name}: {'up to date' if same else f'differs from a fresh build (run python {Path(sys.argv[0]).as_posix()})'}")
        sys.exit(0 if same else 1)
    out.write_text(text, encoding="utf-8")
    print(f"wrote {name}: {summary}")
