"""benchmarks/fuzz.py: a short run of every target finds nothing, and the harness does find a
failure where one is planted (the magnitude expansion as it was before the fifty-first session)."""
from __future__ import annotations

import io
import math
import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import fuzz  # noqa: E402


def test_a_short_run_of_every_target_finds_nothing(tmp_path):
    out = io.StringIO()
    assert fuzz.run(seed=0, n=40, targets=fuzz.TARGETS, keep=tmp_path / "kept", out=out) == 0, out.getvalue()
    assert [line.split()[0] for line in out.getvalue().splitlines()] == list(fuzz.TARGETS)
    assert not (tmp_path / "kept").exists()


def test_a_planted_failure_is_found_and_its_input_kept(tmp_path, monkeypatch):
    from extractors.components import numbers

    def expand_as_before(written, multiplier):   # "0.00005B": float("5e-05e9") raised ValueError
        return float(f"{written!r}e{round(math.log10(multiplier))}")

    monkeypatch.setattr(numbers, "_expand", expand_as_before)
    out = io.StringIO()
    failed = fuzz.run(seed=3, n=150, targets=("sentences",), keep=tmp_path / "kept", out=out)
    assert failed > 0 and "could not convert string to float" in out.getvalue()
    kept = sorted((tmp_path / "kept").iterdir())
    assert len(kept) == failed and all(p.suffix == ".txt" and p.read_text(encoding="utf-8") for p in kept)
