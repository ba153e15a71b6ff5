"""The CLI on the seeds and on mixed good and bad input."""
import json
import subprocess
import sys

from typer.testing import CliRunner

from extractors.cli import app
from extractors.models import record_id
from conftest import ROOT, SEEDS

runner = CliRunner()


def test_seeds_give_24_valid_records(seed_records):
    assert len(seed_records) == 24
    assert [r["id"] for r in seed_records] == sorted(r["id"] for r in seed_records)
    assert all(r["id"] == record_id(r["text"]) for r in seed_records)
    assert {(r["venue"], r["year"]) for r in seed_records} == {("ICLR", 2026)}
    # the 14 abstracts that are in both seed files list both places
    assert sum(len(r["sources"]) == 2 for r in seed_records) == 14
    mcp = next(r for r in seed_records if r["text"].startswith("The MCP standardizes"))
    assert mcp["sources"][0]["path"].startswith("seeds/") or "seeds" in mcp["sources"][0]["path"]


def test_run_is_deterministic_and_independent_of_workers(tmp_path):
    outs = []
    for name, workers in [("a", 1), ("b", 1), ("c", 2)]:
        r = runner.invoke(app, ["run", str(SEEDS), "-o", str(tmp_path / name), "--workers", str(workers)])
        assert r.exit_code == 0, r.output
        outs.append((tmp_path / name / "records.jsonl").read_bytes())
    assert outs[0] == outs[1] == outs[2]


def test_validate_accepts_output_and_rejects_altered_span(tmp_path):
    r = runner.invoke(app, ["run", str(SEEDS), "-o", str(tmp_path)])
    assert r.exit_code == 0
    ok = runner.invoke(app, ["validate", str(tmp_path)])
    assert ok.exit_code == 0, ok.output
    lines = (tmp_path / "records.jsonl").read_text(encoding="utf-8").splitlines()
    n, rec = next((i, json.loads(l)) for i, l in enumerate(lines) if json.loads(l)["urls"])
    rec["urls"][0]["span"]["text"] = "https://evil.example"
    lines[n] = json.dumps(rec, ensure_ascii=False)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = runner.invoke(app, ["validate", str(bad)])
    assert res.exit_code == 1
    assert f"{bad}:{n + 1}: /urls/0/span/text: span text 'https://evil.example'" in res.output


def test_validate_reports_schema_violations_with_pointer(tmp_path):
    f = tmp_path / "records.jsonl"
    f.write_text(json.dumps({"id": "zz", "text": "x"}) + "\n")
    res = runner.invoke(app, ["validate", str(f)])
    assert res.exit_code == 1
    assert f"{f}:1: /id:" in res.output and "sources" in res.output


def test_mixed_folder_good_broken_binary(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    (src / "good.jsonl").write_text("\n".join(json.dumps({"id": str(i), "abstract": f"We propose Method{i}, "
                                                          f"reaching {i}0% accuracy."}) for i in range(1, 4)) + "\n")
    (src / "broken.jsonl").write_text('{"abstract": "Fine abstract one."}\n{oops\n{"abstract": "Fine two."}\n')
    (src / "blob.bin").write_bytes(b"\x00\x01\x02binary" * 100)
    out = tmp_path / "out"
    res = runner.invoke(app, ["run", str(src), "-o", str(out)])
    assert res.exit_code == 1
    records = (out / "records.jsonl").read_text().splitlines()
    errors = [json.loads(l) for l in (out / "errors.jsonl").read_text().splitlines()]
    assert len(records) == 5
    assert sorted((e["path"].rsplit("/", 1)[-1], e["line"]) for e in errors) == [("blob.bin", None), ("broken.jsonl", 2)]
    summary = json.loads((out / "summary.json").read_text())
    assert (summary["records_written"], summary["errors"], summary["files_read"]) == (5, 2, 3)


def test_usage_error_exit_code_2(tmp_path):
    res = runner.invoke(app, ["run", str(SEEDS)])
    assert res.exit_code == 2


def test_python_dash_m(tmp_path):
    res = subprocess.run([sys.executable, "-m", "extractors", "run", str(SEEDS), "-o", str(tmp_path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert res.returncode == 0, res.stderr
    assert "24 records" in res.stderr


def test_committed_schema_matches_models():
    from extractors.schemas import schema_files
    for name, content in schema_files().items():
        assert (ROOT / "schemas" / name).read_text(encoding="utf-8") == content, \
            f"schemas/{name} is stale: run `extractors schema`"


def test_readme_record_is_the_committed_output():
    """The README's example record is exactly output/records.jsonl's record of the MCPMark abstract
    (an example that drifts from the output misleads a reader about the fields a record has)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    head = "<details><summary>output/records.jsonl, record 2e386393e9954794</summary>\n\n```json\n"
    start = readme.index(head) + len(head)
    shown = json.loads(readme[start:readme.index("\n```", start)])
    committed = [json.loads(line) for line in (ROOT / "output" / "records.jsonl").read_text("utf-8").splitlines()]
    assert shown == next(r for r in committed if r["id"] == "2e386393e9954794")
