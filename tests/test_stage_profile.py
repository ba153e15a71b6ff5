"""benchmarks/stage_profile.py times the stages a run goes through, and those stages are a run's:
over the seeds it makes the records `extractors run` makes, byte for byte, and reports every
pipeline component."""
import json
import subprocess
import sys
from pathlib import Path

from extractors import engine
from extractors.pipeline import PIPE_NAMES

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "stage_profile.py"


def test_stage_profile_matches_a_run_and_names_every_stage(tmp_path):
    out = tmp_path / "run"
    engine.run([str(ROOT / "seeds")], out)
    res = subprocess.run([sys.executable, str(SCRIPT), "--corpus", str(ROOT / "seeds"), "--check", str(out)],
                         capture_output=True, text=True, cwd=ROOT)
    assert res.returncode == 0, res.stderr[-2000:]
    assert "byte-identical to" in res.stdout and ": True" in res.stdout
    res = subprocess.run([sys.executable, str(SCRIPT), "--corpus", str(ROOT / "seeds"), "--json", "--limit", "5"],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    result = json.loads(res.stdout)
    assert result["n"] == 5
    stages = list(result["stages"])
    assert stages[:3] == ["read", "normalise", "tokenizer"] and stages[-3:] == ["assemble", "serialise", "write"]
    assert set(PIPE_NAMES) | {"ner"} <= set(stages)
    assert all(v >= 0 for v in result["stages"].values()) and sum(result["stages"].values()) > 0


def test_scripts_in_benchmarks_still_import_the_standard_profile_module():
    """No script in benchmarks/ is named like the standard-library module spaCy imports (a
    benchmarks/profile.py would break every script there that imports spaCy)."""
    res = subprocess.run([sys.executable, "-c", "import cProfile; print(cProfile.run.__doc__ is not None)"],
                         capture_output=True, text=True, cwd=ROOT / "benchmarks")
    assert res.returncode == 0 and res.stdout.strip() == "True", res.stderr[-500:]
