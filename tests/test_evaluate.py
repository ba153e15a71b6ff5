"""`extractors eval` agrees with the reference scorer; the seeds score holds its baseline."""
import json
import subprocess
import sys

import pytest

from conftest import ROOT

GOLD = ROOT / "data" / "gold" / "seeds.gold.jsonl"
REFERENCE = ROOT / "tests" / "reference" / "score.py"


@pytest.fixture(scope="module")
def seeds_out(tmp_path_factory):
    from extractors import engine
    out = tmp_path_factory.mktemp("eval")
    engine.run([str(ROOT / "seeds")], out)
    return out / "records.jsonl"


def test_eval_agrees_with_reference_scorer(seeds_out, tmp_path):
    from extractors.evaluate import evaluate
    ours = evaluate(GOLD, seeds_out).to_json()
    ref_json = tmp_path / "ref.json"
    subprocess.run([sys.executable, str(REFERENCE), "--gold", str(GOLD), "--pred", str(seeds_out),
                    "--json", str(ref_json)], check=True, capture_output=True)
    ref = json.loads(ref_json.read_text())
    for group in ("fields", "attributes"):
        for name, row in ref[group].items():
            for k in ("p", "r", "f1"):
                a, b = row[k], ours[group][name][k]
                assert (a is None and b is None) or round(a, 3) == round(b, 3), (group, name, k, a, b)
    assert ref["info"] == ours["info"]
    assert round(ref["macro_f1"], 3) == round(ours["macro_f1"], 3)


def test_eval_agrees_with_reference_on_partial_predictions(tmp_path):
    """Also on imperfect predictions: drop and perturb things in the gold itself."""
    from extractors.evaluate import evaluate
    recs = [json.loads(l) for l in GOLD.read_text(encoding="utf-8").splitlines()]
    for i, r in enumerate(recs):
        r["methods"] = r["methods"][i % 2:]
        r["results"] = [dict(x, unit=None) if j % 2 else x for j, x in enumerate(r["results"])]
        r["acronyms"] = r["acronyms"][:1]
    pred = tmp_path / "pred.jsonl"
    pred.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs[:-2]), encoding="utf-8")
    ours = evaluate(GOLD, pred).to_json()
    ref_json = tmp_path / "ref.json"
    subprocess.run([sys.executable, str(REFERENCE), "--gold", str(GOLD), "--pred", str(pred), "--json",
                    str(ref_json)], check=True, capture_output=True)
    ref = json.loads(ref_json.read_text())
    for group in ("fields", "attributes"):
        for name, row in ref[group].items():
            assert row["f1"] == ours[group][name]["f1"], (name, row, ours[group][name])


def test_seeds_quality_holds_baseline():
    res = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "seeds_baseline.py")],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr


def test_scoring_scripts_count_failed_abstracts(tmp_path):
    """A gold abstract the pipeline cannot read has no record and scores zero: the linking script
    names it on stderr, prints the count under its table and exits 1 (benchmarks/gold_records.py)."""
    lines = (ROOT / "data" / "results" / "dev_0.jsonl").read_text(encoding="utf-8").splitlines()[:2]
    gold = tmp_path / "gold.jsonl"
    gold.write_text("\n".join(lines + ['{"id": "empty", "title": "No text", "text": ""}']) + "\n")
    res = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "linking.py"), "--gold", str(gold),
                          "--modes", "rules"], capture_output=True, text=True)
    assert res.returncode == 1, res.stdout + res.stderr
    assert "abstracts that failed (no record, scored zero): 1" in res.stdout
    assert '"line": 3' in res.stderr and "empty abstract" in res.stderr
    assert "| results |" in res.stdout  # the figures are still printed, beside the count
    gold.write_text("\n".join(lines) + "\n")
    res = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "linking.py"), "--gold", str(gold),
                          "--modes", "rules"], capture_output=True, text=True)
    assert res.returncode == 0 and "scored zero): 0" in res.stdout, res.stdout + res.stderr
