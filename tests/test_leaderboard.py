"""`extractors leaderboard`: grouping, sort direction, qualifiers, the three formats, determinism."""
import csv
import io
import json
import random

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from extractors.cli import app
from extractors.leaderboard import (EvaluationTables, build_tables, collect, lower_is_better, number_text,
                                    render)
from extractors.models import Record, record_id
from conftest import ROOT

runner = CliRunner()

MCP_TEXT = ("Empirical results show that the best-performing model, \\texttt{gpt-5-medium}, reaches only "
            "$52.56$\\% pass@1 and $33.86$\\% pass^4, while other widely regarded strong models, including "
            "\\texttt{claude-sonnet-4} and \\texttt{o3}, fall below $30$\\% pass@1 and $15$\\% pass^4.")


def make_record(text, results, rows, path="in/papers.txt", index=0, tasks=(), urls=(), title=None):
    """A valid record: `results` are (raw number text, occurrence, value, unit, qualifier); `rows` are
    (subject, dataset, metric, result number) pointing into them."""
    res = []
    for raw, occ, value, unit, qual in results:
        start = -1
        for _ in range(occ + 1):
            start = text.index(raw, start + 1)
        res.append({"span": {"start": start, "end": start + len(raw), "text": raw}, "value": value,
                    "unit": unit, "kind": "score", "qualifier": qual})
    board = [{"subject": s, "dataset": d, "metric": m, "value": res[k]["value"], "unit": res[k]["unit"],
              "qualifier": res[k]["qualifier"], "result_index": k} for s, d, m, k in rows]
    url_items = []
    for url, kind in urls:
        start = text.index(url)
        url_items.append({"url": url, "kind": kind, "span": {"start": start, "end": start + len(url), "text": url}})
    rec = {"id": record_id(text), "sources": [{"path": path, "index": index, "line": 1}], "venue": "ICLR",
           "year": 2026, "title": title, "text": text, "results": res, "leaderboard": board, "urls": url_items,
           "tasks": [{"name": t} for t in tasks]}
    return Record.model_validate(rec).model_dump(mode="json")


def mcp_record(**kw):
    return make_record(
        MCP_TEXT,
        [("$52.56$\\%", 0, 52.56, "%", None), ("$33.86$\\%", 0, 33.86, "%", None),
         ("$30$\\%", 0, 30, "%", "<"), ("$15$\\%", 0, 15, "%", "<")],
        [("gpt-5-medium", "MCPMark", "pass@1", 0), ("gpt-5-medium", "MCPMark", "pass^4", 1),
         ("claude-sonnet-4", "MCPMark", "pass@1", 2), ("o3", "MCPMark", "pass@1", 2),
         ("claude-sonnet-4", "MCPMark", "pass^4", 3), ("o3", "MCPMark", "pass^4", 3)],
        path="seeds/000_b6c009a86567f514.txt", index=5, tasks=["MCP use"], **kw)


def other_mcp_record():
    """A second paper on the same benchmark, spelled differently, with a '>' qualifier."""
    text = ("On mcpmark, our agent Foo-Agent reaches 61.2% Pass@1, and Bar-7B more than 30% pass@1. "
            "Code: https://github.com/foo/agent")
    return make_record(text, [("61.2%", 0, 61.2, "%", None), ("30%", 0, 30, "%", ">")],
                       [("Foo-Agent", "mcpmark", "Pass@1", 0), ("Bar-7B", "MCPMark", "pass @1", 1)],
                       path="in/other.jsonl", index=3, tasks=["tool use"],
                       urls=[("https://github.com/foo/agent", "code")])


def lm_record():
    text = ("Our model Tiny-LM reaches a perplexity of 18.3 on WikiText-103, beating GPT-2 at 37.5 "
            "and Big-LM at 20.1, and 12.5% top-1 error on ImageNet versus 14.0% for ResNet-50.")
    return make_record(text, [("18.3", 0, 18.3, None, None), ("37.5", 0, 37.5, None, None),
                              ("20.1", 0, 20.1, None, None), ("12.5%", 0, 12.5, "%", None),
                              ("14.0%", 0, 14.0, "%", None)],
                       [("Tiny-LM", "WikiText-103", "perplexity", 0), ("GPT-2", "WikiText-103", "perplexity", 1),
                        ("Big-LM", "WikiText-103", "perplexity", 2), ("Tiny-LM", "ImageNet", "top-1 error", 3),
                        ("ResNet-50", "ImageNet", "top-1 error", 4)],
                       path="in/lm.txt", index=0, title="Tiny | LM")


def write_jsonl(path, records):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path


@pytest.fixture
def runs(tmp_path):
    """Two run folders: a/ with the MCPMark paper and the LM paper, b/ with the other MCPMark paper
    and the LM paper again (a duplicate, counted once)."""
    write_jsonl(tmp_path / "a" / "records.jsonl", [mcp_record(), lm_record()])
    write_jsonl(tmp_path / "b" / "records.jsonl", [lm_record(), other_mcp_record()])
    (tmp_path / "a" / "errors.jsonl").write_text('{"path": "x", "reason": "not a record file"}\n')
    return tmp_path


def tables_of(*inputs):
    col = collect([str(i) for i in inputs])
    return col, {(t.dataset, t.metric): t for t in build_tables(col.entries)}


# ---------------------------------------------------------------- grouping and sorting

def test_grouping_is_case_and_space_insensitive_with_most_frequent_spelling(runs):
    col, tables = tables_of(runs)
    assert col.duplicates == 1 and col.problems == []
    assert sorted(tables) == [("ImageNet", "top-1 error"), ("MCPMark", "pass@1"), ("MCPMark", "pass^4"),
                              ("WikiText-103", "perplexity")]
    # 'mcpmark' / 'Pass@1' / 'pass @1' joined the MCPMark pass@1 table, shown in the majority spelling
    assert [(e.subject, number_text(e.value), e.qualifier) for e in tables["MCPMark", "pass@1"].entries] == [
        ("Foo-Agent", "61.2", None), ("gpt-5-medium", "52.56", None), ("Bar-7B", "30", ">"),
        ("claude-sonnet-4", "30", "<"), ("o3", "30", "<")]
    assert tables["MCPMark", "pass@1"].ranks() == [1, 2, 3, 4, 4]


def test_sort_direction_lower_is_better(runs):
    _, tables = tables_of(runs)
    ppl = tables["WikiText-103", "perplexity"]
    assert ppl.lower_is_better and [e.subject for e in ppl.entries] == ["Tiny-LM", "Big-LM", "GPT-2"]
    err = tables["ImageNet", "top-1 error"]
    assert err.lower_is_better and [e.subject for e in err.entries] == ["Tiny-LM", "ResNet-50"]
    assert not tables["MCPMark", "pass@1"].lower_is_better


@pytest.mark.parametrize("metric,lower", [
    ("perplexity", True), ("PPL", True), ("top-1 error", True), ("Word Error Rate", True), ("WER", True),
    ("FID", True), ("FID-50K", True), ("rFID", True), ("latency", True), ("validation loss", True),
    ("RMSE", True), ("pass@1", False), ("accuracy", False), ("F1", False), ("BLEU", False),
    ("error reduction", False), ("speedup", False), ("tokens per second", False), ("throughput", False),
])
def test_lower_is_better_list(metric, lower):
    assert lower_is_better(metric) is lower


# ---------------------------------------------------------------- the three formats

def test_markdown_keeps_qualifiers(runs):
    md = render(collect([str(runs)]), "md")
    assert "## MCPMark · pass@1" in md and "## WikiText-103 · perplexity" in md
    lines = md.splitlines()
    start = lines.index("## MCPMark · pass@1")
    table = lines[start:start + 12]
    assert any(l.startswith("| 2 | gpt-5-medium | 52.56 % |  | % | `") for l in table)
    claude = next(l for l in table if "| claude-sonnet-4 |" in l)
    o3 = next(l for l in table if "| o3 |" in l)
    for row in (claude, o3):
        assert "| < 30 % | < | % |" in row and "seeds/000_b6c009a86567f514.txt#5" in row
        assert f"`{record_id(MCP_TEXT)}`" in row
    assert "| > 30 % | > |" in next(l for l in table if "| Bar-7B |" in l)
    # a qualified value never appears as a bare number
    assert "| 30 % |" not in md and "| 30 |" not in md
    assert "lower is better" in md and "higher is better" in md
    assert "Tiny \\| LM" in md  # a title with a pipe does not break the table


def test_csv_is_one_flat_table_with_qualifier_column(runs):
    text = render(collect([str(runs)]), "csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 5 + 3 + 3 + 2
    assert {(r["dataset"], r["metric"]) for r in rows} == {("MCPMark", "pass@1"), ("MCPMark", "pass^4"),
                                                           ("WikiText-103", "perplexity"), ("ImageNet", "top-1 error")}
    mcp = [r for r in rows if (r["dataset"], r["metric"]) == ("MCPMark", "pass@1")]
    assert [(r["rank"], r["subject"], r["value"], r["qualifier"], r["unit"]) for r in mcp] == [
        ("1", "Foo-Agent", "61.2", "", "%"), ("2", "gpt-5-medium", "52.56", "", "%"), ("3", "Bar-7B", "> 30", ">", "%"),
        ("4", "claude-sonnet-4", "< 30", "<", "%"), ("4", "o3", "< 30", "<", "%")]
    claude = mcp[3]
    assert (claude["record_id"], claude["source_path"], claude["source_index"], claude["result_index"]) == (
        record_id(MCP_TEXT), "seeds/000_b6c009a86567f514.txt", "5", "2")
    assert all(r["value"] != "30" for r in rows)
    assert rows[0]["lower_is_better"] == "true"  # ImageNet top-1 error comes first


def _schema_validator():
    return Draft202012Validator(json.loads((ROOT / "schemas" / "leaderboard.schema.json").read_text("utf-8")))


def test_json_follows_papers_with_code_shape_and_validates(runs):
    data = json.loads(render(collect([str(runs)]), "json"))
    errors = list(_schema_validator().iter_errors(data))
    assert not errors, errors[0].message
    EvaluationTables.model_validate(data)
    assert [t["task"] for t in data] == ["MCP use", "Unspecified"]
    by_dataset = {d["dataset"]: (t["task"], d) for t in data for d in t["datasets"]}
    assert set(by_dataset) == {"ImageNet", "MCPMark", "WikiText-103"}
    task, mcp = by_dataset["MCPMark"]
    assert task == "MCP use"  # tie between 'MCP use' and 'tool use' goes to the first in order
    sota = mcp["sota"]
    assert sota["metrics"] == ["pass@1", "pass^4"] and sota["is_loss"] == {"pass@1": False, "pass^4": False}
    rows = [(r["model_name"], r["metrics"]) for r in sota["rows"]]
    assert rows == [("Foo-Agent", {"pass@1": "61.2"}),
                    ("gpt-5-medium", {"pass@1": "52.56", "pass^4": "33.86"}),
                    ("Bar-7B", {"pass@1": "> 30"}),
                    ("claude-sonnet-4", {"pass@1": "< 30", "pass^4": "< 15"}),
                    ("o3", {"pass@1": "< 30", "pass^4": "< 15"})]
    claude = sota["rows"][3]
    assert claude["qualifiers"] == {"pass@1": "<", "pass^4": "<"}
    assert claude["units"] == {"pass@1": "%", "pass^4": "%"} and claude["values"] == {"pass@1": 30, "pass^4": 15}
    assert claude["record_id"] == record_id(MCP_TEXT)
    assert claude["source"] == {"path": "seeds/000_b6c009a86567f514.txt", "index": 5, "line": 1}
    assert claude["result_indices"] == {"pass@1": 2, "pass^4": 3}
    assert {"paper_title", "paper_url", "paper_date", "code_links", "model_links"} <= claude.keys()
    foo = sota["rows"][0]
    assert foo["code_links"] == [{"title": "code", "url": "https://github.com/foo/agent"}]
    _, wiki = by_dataset["WikiText-103"]
    assert wiki["sota"]["is_loss"] == {"perplexity": True}
    assert [r["model_name"] for r in wiki["sota"]["rows"]] == ["Tiny-LM", "Big-LM", "GPT-2"]
    assert wiki["sota"]["rows"][0]["paper_title"] == "Tiny | LM"


# ---------------------------------------------------------------- determinism and the CLI

@pytest.mark.parametrize("fmt", ["md", "csv", "json"])
def test_output_is_deterministic_whatever_the_order(tmp_path, fmt):
    records = [mcp_record(), other_mcp_record(), lm_record()]
    outs = set()
    for i, seed in enumerate([0, 1, 2, 3]):
        rng = random.Random(seed)
        shuffled = [dict(r, leaderboard=rng.sample(r["leaderboard"], len(r["leaderboard"]))) for r in records]
        rng.shuffle(shuffled)
        write_jsonl(tmp_path / str(i) / "records.jsonl", shuffled)
        outs.add(render(collect([str(tmp_path / str(i))]), fmt))
        outs.add(render(collect([str(tmp_path / str(i))]), fmt))
    assert len(outs) == 1


def test_cli_formats_from_option_and_suffix(runs, tmp_path):
    for name, fmt in [("board.md", None), ("board.csv", None), ("board.json", None), ("board.txt", "csv")]:
        args = ["leaderboard", str(runs / "a"), str(runs / "b"), "-o", str(tmp_path / name)]
        res = runner.invoke(app, args + (["--format", fmt] if fmt else []))
        assert res.exit_code == 0, res.output
    assert (tmp_path / "board.md").read_text().startswith("# Leaderboards")
    assert (tmp_path / "board.csv").read_text() == (tmp_path / "board.txt").read_text()
    assert not list(_schema_validator().iter_errors(json.loads((tmp_path / "board.json").read_text())))
    stdout = runner.invoke(app, ["leaderboard", str(runs), "-o", "-", "--format", "md"])
    assert stdout.exit_code == 0 and "| < 30 % | < |" in stdout.stdout
    default = runner.invoke(app, ["leaderboard", str(runs)])
    assert default.exit_code == 0 and default.stdout == stdout.stdout
    # a record file named directly is read whatever its name
    single = runner.invoke(app, ["leaderboard", str(write_jsonl(tmp_path / "x.jsonl", [lm_record()]))])
    assert single.exit_code == 0 and "WikiText-103" in single.stdout and "MCPMark" not in single.stdout


def test_cli_usage_errors_and_bad_lines(runs, tmp_path):
    assert runner.invoke(app, ["leaderboard", str(runs), "--format", "xml"]).exit_code == 2
    assert runner.invoke(app, ["leaderboard", str(tmp_path / "missing")]).exit_code == 2
    (tmp_path / "empty").mkdir()
    assert runner.invoke(app, ["leaderboard", str(tmp_path / "empty")]).exit_code == 2
    bad = tmp_path / "bad" / "records.jsonl"
    bad.parent.mkdir()
    good = json.dumps(mcp_record())
    broken = lm_record()
    broken["leaderboard"] = [dict(broken["leaderboard"][0], value="high")]
    bad.write_text(good + "\n{oops\n" + json.dumps(broken) + "\n")
    res = runner.invoke(app, ["leaderboard", str(bad.parent), "--format", "csv"])
    assert res.exit_code == 1
    assert f"{bad.as_posix()}:2: malformed JSON" in res.stderr
    assert f"{bad.as_posix()}:3: /leaderboard/0/value:" in res.stderr
    assert "gpt-5-medium" in res.stdout  # the good record still makes its tables


# ---------------------------------------------------------------- on the seeds

@pytest.fixture(scope="module")
def seeds_dir(tmp_path_factory, seed_records):
    out = tmp_path_factory.mktemp("seeds_board")
    write_jsonl(out / "records.jsonl", seed_records)
    return out


@pytest.mark.parametrize("fmt", ["md", "csv", "json"])
def test_seeds_output_gives_a_leaderboard(seeds_dir, fmt):
    res = runner.invoke(app, ["leaderboard", str(seeds_dir), "--format", fmt])
    assert res.exit_code == 0, res.output
    if fmt == "json":
        assert not list(_schema_validator().iter_errors(json.loads(res.stdout)))


def test_seeds_leaderboard_md_shows_mcpmark_pass_at_1(seeds_dir):
    res = runner.invoke(app, ["leaderboard", str(seeds_dir), "--format", "md"])
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    start = lines.index("## MCPMark · pass@1")
    header = lines.index("| rank | subject | value | qualifier | unit | paper | source |", start)
    rows = []
    for line in lines[header + 2:]:
        if not line.startswith("| "):
            break
        rows.append(line.split(" | ")[1:3])  # subject, value
    assert rows[0] == ["gpt-5-medium", "52.56 %"]
    assert sorted(rows[1:3]) == [["claude-sonnet-4", "< 30 %"], ["o3", "< 30 %"]]
