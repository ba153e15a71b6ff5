"""`extractors export` (issue 14): flat tables that pyarrow and DuckDB load, with as many rows as
the records hold; and validation in other people's CI (the pre-commit hook's entry command on a
good and a tampered record file, the composite action's steps)."""
from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest
import yaml
from typer.testing import CliRunner

from extractors.cli import app
from extractors.export import TABLES
from extractors.models import ENTITY_FIELDS

from conftest import ROOT, SEEDS

FORMATS = ROOT / "tests" / "data" / "formats"


def sql(query: str) -> list[tuple]:
    """Rows of a DuckDB query (a connection's cursor: the same call in DuckDB 1.x and 2.x)."""
    with duckdb.connect() as con:
        return con.execute(query).fetchall()


def run(*args) -> int:
    res = CliRunner().invoke(app, [str(a) for a in args])
    if res.exception and not isinstance(res.exception, SystemExit):
        raise res.exception
    return res.exit_code


@pytest.fixture(scope="module")
def run_out(tmp_path_factory):
    """Records of the seeds and of every input format (sources with and without keys)."""
    out = tmp_path_factory.mktemp("export_records")
    assert run("run", SEEDS, FORMATS, "-o", out) == 1        # the formats' bad members
    return out


def records(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "records.jsonl").read_text(encoding="utf-8").splitlines()]


def expected_rows(recs: list[dict]) -> dict[str, int]:
    return {"papers": len(recs), "sources": sum(len(r["sources"]) for r in recs),
            "entities": sum(len(r[f]) for r in recs for f in ENTITY_FIELDS),
            "results": sum(len(r["results"]) for r in recs),
            "leaderboard": sum(len(r["leaderboard"]) for r in recs)}


@pytest.mark.parametrize("fmt", ["parquet", "csv"])
def test_tables_load_in_pyarrow_and_duckdb_with_the_records_row_counts(run_out, tmp_path, fmt):
    recs = records(run_out)
    want = expected_rows(recs)
    assert want["leaderboard"] > 0 and want["results"] > 20 and want["sources"] > want["papers"]
    out = tmp_path / "tables"
    assert run("export", run_out, "--format", fmt, "-o", out) == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(f"{t}.{fmt}" for t in TABLES)
    for table, n in want.items():
        path = out / f"{table}.{fmt}"
        if fmt == "parquet":
            t = pq.read_table(path)
            assert t.num_rows == n and t.column_names == [c for c, _ in TABLES[table]]
            assert [str(f.type) for f in t.schema] == [{"float64": "double"}.get(k, k) for _, k in TABLES[table]]
            db = sql(f"select count(*) from read_parquet('{path}')")[0][0]
        else:
            db = sql(f"select count(*) from read_csv('{path}', header=true)")[0][0]
        assert db == n, table
    # joins back: the keys of the inputs and the records' ids, as the records have them
    src = f"'{out}/sources.{fmt}'"
    reader = "read_parquet" if fmt == "parquet" else "read_csv"
    got = dict(sql(f"select key, record_id from {reader}({src}) where key is not null"))
    for r in recs:
        for s in r["sources"]:
            if s.get("key") is not None:
                assert got[s["key"]] == r["id"]
    # every leaderboard row's value is the value of the result it points to
    lb = sql(f"""select l.value, r.value from {reader}('{out}/leaderboard.{fmt}') l
                 join {reader}('{out}/results.{fmt}') r
                 on l.record_id = r.record_id and l.result_index = r.result_index""")
    assert len(lb) == want["leaderboard"] and all(a == b for a, b in lb)
    (mcp,) = sql(f"""select sources, results, leaderboard, key from {reader}('{out}/papers.{fmt}')
                     where id = '2e386393e9954794'""")
    assert mcp == (2, 7, 6, None)


def test_csv_export_is_deterministic_and_parquet_needs_pyarrow(run_out, tmp_path, monkeypatch):
    a, b = tmp_path / "a", tmp_path / "b"
    assert run("export", run_out, "-f", "csv", "-o", a) == 0
    assert run("export", run_out / "records.jsonl", "-f", "csv", "-o", b) == 0
    for t in TABLES:
        assert (a / f"{t}.csv").read_bytes() == (b / f"{t}.csv").read_bytes()
    import builtins
    real_import = builtins.__import__

    def no_pyarrow(name, *args, **kw):
        if name.split(".")[0] == "pyarrow":
            raise ImportError("No module named 'pyarrow'")
        return real_import(name, *args, **kw)
    monkeypatch.setattr(builtins, "__import__", no_pyarrow)
    from extractors.export import ExportError, export
    with pytest.raises(ExportError, match=r"pip install 'extractors\[parquet\]' \(or use --format csv\)"):
        export([run_out], tmp_path / "c", "parquet")
    assert run("export", run_out, "-o", tmp_path / "c") == 2
    assert not (tmp_path / "c").exists()


def test_export_reports_unreadable_lines_and_usage_errors(run_out, tmp_path):
    f = tmp_path / "records.jsonl"
    lines = (run_out / "records.jsonl").read_text(encoding="utf-8").splitlines()
    f.write_text("\n".join(lines[:3] + ["{not json"] + lines[3:5]) + "\n", encoding="utf-8")
    res = CliRunner().invoke(app, ["export", str(f), "-f", "csv", "-o", str(tmp_path / "t")])
    assert res.exit_code == 1 and f"{f}:4: malformed JSON" in res.output
    assert len((tmp_path / "t" / "papers.csv").read_text().splitlines()) == 1 + 5
    assert run("export", tmp_path / "nothing", "-o", tmp_path / "u") == 2
    assert run("export", run_out, "-f", "xlsx", "-o", tmp_path / "v") == 2


# ---------------------------------------------------------------- validation in other people's CI

def hook_command() -> list[str]:
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert hook["id"] == "extractors-validate" and hook["language"] == "python"
    cmd = shlex.split(hook["entry"])
    assert cmd[0] == "extractors"
    exe = shutil.which("extractors", path=str(Path(sys.executable).parent)) or shutil.which("extractors")
    return [exe, *cmd[1:]]


def test_pre_commit_hook_entry_on_good_and_tampered_records(run_out, tmp_path):
    good = tmp_path / "good" / "records.jsonl"
    good.parent.mkdir()
    shutil.copy(run_out / "records.jsonl", good)
    ok = subprocess.run(hook_command() + [str(good)], capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    lines = good.read_text(encoding="utf-8").splitlines()
    rec = json.loads(lines[1])
    span = next(r["span"] for r in rec["results"])
    span["text"] = span["text"] + "0"          # a span whose text no longer matches the abstract
    lines[1] = json.dumps(rec, ensure_ascii=False)
    bad = tmp_path / "bad" / "records.jsonl"
    bad.parent.mkdir()
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = subprocess.run(hook_command() + [str(bad)], capture_output=True, text=True, timeout=120)
    assert res.returncode == 1 and f"{bad}:2:" in res.stdout and "/results/" in res.stdout


def test_hook_matches_record_files_and_action_runs_validate():
    import re
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    pattern = re.compile(hook["files"])
    assert pattern.search("output/records.jsonl") and pattern.search("records.jsonl")
    assert not pattern.search("output/errors.jsonl") and not pattern.search("my_records.jsonl")
    action = yaml.safe_load((ROOT / "action.yml").read_text())
    assert action["runs"]["using"] == "composite"
    runs = [s.get("run", "") for s in action["runs"]["steps"]]
    assert any("pip install" in r and "ACTION_PATH" in r for r in runs)
    assert any(r.startswith("extractors validate") for r in runs)
    assert action["inputs"]["paths"]["default"] == "output/"
