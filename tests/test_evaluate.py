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


#: (which file, JSON pointer into the seeds' MCPMark record (or "" for a line that is no record
#: at all, put before it), the value put there, the end of `extractors eval`'s error; None: scored)
BROKEN = [
    ("pred", "/methods", 3.5, "record 2: /methods: 3.5 is not of type 'array'"),
    ("pred", "/leaderboard", True, "record 2: /leaderboard: True is not of type 'array'"),
    ("pred", "/urls", [5], "record 2: /urls/0: 5 is not of type 'object'"),
    ("pred", "/results/0", "x", None),          # a result that is no result is a missed number
    ("pred", "", 7, ":2: not a record (an object with a `text` string)"),
    ("gold", "/methods", 3.5, "/methods: Input should be a valid list (docs/SPEC.md section 6)"),
    ("gold", "/results/0/value", "x", "/results/0/value: Input should be a valid number (docs/SPEC.md section 6)"),
    ("gold", "/acronyms/0", None, "/acronyms/0: Input should be a valid dictionary (docs/SPEC.md section 6)"),
    ("gold", "/year", "2026", "/year: Input should be a valid integer (docs/SPEC.md section 6)"),
    ("gold", "/results/0/start", [1, 2], "/results/0/start: Input should be a valid integer (docs/SPEC.md section 6)"),
    ("gold", "/methods/0/name", None, "/methods/0/name: Input should be a valid string (docs/SPEC.md section 6)"),
    ("gold", "", [], ":6: not a record (an object with a `text` string)"),
]


@pytest.mark.parametrize("side, pointer, value, error", BROKEN, ids=[f"{b[0]}{b[1]}={b[2]!r}" for b in BROKEN])
def test_eval_names_a_broken_record(tmp_path, side, pointer, value, error):
    """A gold or predicted record that breaks its format stops `eval` with a message naming the
    file, the record and the place (found by feeding mutated files; each raised a TypeError or
    AttributeError from inside the scorer, or was silently left out, before the fifty-first session)."""
    from extractors.evaluate import EvalError, evaluate
    pred = [json.loads(line) for line in (ROOT / "output" / "records.jsonl").read_text(encoding="utf-8").splitlines()]
    gold = [json.loads(line) for line in GOLD.read_text(encoding="utf-8").splitlines()]
    p = next(i for i, r in enumerate(pred) if r["leaderboard"])
    g = next(i for i, r in enumerate(gold) if r["text"] == pred[p]["text"])
    recs, at = (pred, p) if side == "pred" else (gold, g)
    if pointer:
        *path, last = pointer.strip("/").split("/")
        obj = recs[at]
        for part in path:
            obj = obj[int(part)] if isinstance(obj, list) else obj[part]
        obj[int(last) if isinstance(obj, list) else last] = value
    else:
        recs.insert(at, value)
    files = {}
    for name, rs in (("pred", pred), ("gold", gold)):
        files[name] = tmp_path / f"{name}.jsonl"
        files[name].write_text("".join(json.dumps(r) + "\n" for r in rs), encoding="utf-8")
    if error is None:
        assert evaluate(files["gold"], files["pred"]).info["gold_records"] == len(gold)
        return
    with pytest.raises(EvalError) as err:
        evaluate(files["gold"], files["pred"])
    assert str(err.value).startswith(str(files[side])) and str(err.value).endswith(error), str(err.value)
