"""`extractors leaderboard`: grouping, sort direction, qualifiers, the three formats, determinism."""
import csv
import io
import json
import random

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from extractors.cli import app
from extractors.leaderboard import (EvaluationTables, build_improvements, build_tables, collect, lower_is_better,
                                    number_text,
                                    render)
from extractors.models import Record, record_id
from conftest import ROOT

runner = CliRunner()

MCP_TEXT = ("Empirical results show that the best-performing model, \\texttt{gpt-5-medium}, reaches only "
            "$52.56$\\% pass@1 and $33.86$\\% pass^4, while other widely regarded strong models, including "
            "\\texttt{claude-sonnet-4} and \\texttt{o3}, fall below $30$\\% pass@1 and $15$\\% pass^4.")


def make_record(text, results, rows, path="in/papers.txt", index=0, tasks=(), urls=(), title=None, confidences=None):
    """A valid record: `results` are (raw number text, occurrence, value, unit, qualifier); `rows` are
    (subject, dataset, metric, result number) pointing into them; `confidences`, when given, the
    rows' confidences in order."""
    res = []
    for raw, occ, value, unit, qual in results:
        start = -1
        for _ in range(occ + 1):
            start = text.index(raw, start + 1)
        res.append({"span": {"start": start, "end": start + len(raw), "text": raw}, "value": value,
                    "unit": unit, "kind": "score", "qualifier": qual})
    board = [{"subject": s, "dataset": d, "metric": m, "value": res[k]["value"], "unit": res[k]["unit"],
              "qualifier": res[k]["qualifier"], "result_index": k} for s, d, m, k in rows]
    for row, c in zip(board, confidences or []):
        row["confidence"] = c
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
    # (the confidence column is empty: these rows were written without one)
    assert any(l.startswith("| 2 | gpt-5-medium | 52.56 % |  | % |  | `") for l in table)
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
    header = lines.index("| rank | subject | value | qualifier | unit | confidence | paper | source |", start)
    rows = []
    for line in lines[header + 2:]:
        if not line.startswith("| "):
            break
        rows.append(line.split(" | ")[1:3])  # subject, value
    assert rows[0] == ["gpt-5-medium", "52.56 %"]
    assert sorted(rows[1:3]) == [["claude-sonnet-4", "< 30 %"], ["o3", "< 30 %"]]


def test_seeds_leaderboard_rows_are_all_scores(seed_records):
    """The seeds' six MCPMark rows are scores (issue 18's acceptance) and carry their kind."""
    rows = [row for r in seed_records for row in r["leaderboard"]]
    assert len(rows) == 6 and {row["kind"] for row in rows} == {"score"}
    assert {row["baseline"] for row in rows} == {None}
    assert {row["dataset"] for row in rows} == {"MCPMark"}


# ---------------------------------------------------------------- scores apart from improvements

def improvement_record():
    """A paper with a score, a delta against a named baseline, a ratio, and (as an older record
    might) a row for a count, on MCPMark pass@1."""
    text = ("Our Foo-Agent reaches 61.2% pass@1 on MCPMark, improving over gpt-5-medium by 8.6 points, "
            "runs 3.1x faster than o3 in pass@1 time, and solves 127 tasks.")
    rec = make_record(text, [("61.2%", 0, 61.2, "%", None), ("8.6", 0, 8.6, "points", None),
                             ("3.1x", 0, 3.1, "x", None), ("127", 0, 127, "task", None)],
                      [("Foo-Agent", "MCPMark", "pass@1", k) for k in range(4)], path="in/foo.txt")
    for res, kind in zip(rec["results"], ("score", "delta", "ratio", "count")):
        res["kind"] = kind
    rows = rec["leaderboard"]
    rows[0].update(kind="score")
    rows[1].update(kind="delta", baseline="gpt-5-medium")
    rows[2].update(kind="ratio", baseline="o3")
    for k in ("kind", "baseline"):   # written before rows carried their kind
        rows[3].pop(k, None)
    return rec


@pytest.fixture
def with_improvements(tmp_path):
    return write_jsonl(tmp_path / "imp" / "records.jsonl", [mcp_record(), improvement_record()]).parent


def test_scores_are_ranked_and_improvements_listed_apart(with_improvements):
    col = collect([str(with_improvements)])
    assert col.problems == []
    tables = {(t.dataset, t.metric): t for t in build_tables(col.entries)}
    mcp = tables["MCPMark", "pass@1"]
    assert [(e.subject, e.value, e.kind) for e in mcp.entries] == [
        ("Foo-Agent", 61.2, "score"), ("gpt-5-medium", 52.56, "score"), ("claude-sonnet-4", 30.0, "score"),
        ("o3", 30.0, "score")]
    improvements = build_improvements(col.entries)
    assert [(t.dataset, t.metric) for t in improvements] == [("MCPMark", "pass@1")]
    assert [(e.subject, e.baseline, e.value, e.unit, e.kind) for e in improvements[0].entries] == [
        ("Foo-Agent", "gpt-5-medium", 8.6, "points", "delta"), ("Foo-Agent", "o3", 3.1, "x", "ratio")]
    # the count's row (no `kind` in the row, `count` in its result) is in neither
    assert not [e for e in col.entries if e.value == 127]


def test_markdown_and_csv_show_improvements_with_their_baseline(with_improvements):
    md = render(collect([str(with_improvements)]), "md")
    scores, improvements = md.split("# Reported improvements")
    assert "8.6" not in scores and "3.1" not in scores and "127" not in md
    assert "| subject | baseline | change | kind | qualifier | unit | confidence | paper | source |" in improvements
    assert "| Foo-Agent | gpt-5-medium | 8.6 points | delta |  | points |" in improvements
    assert "| Foo-Agent | o3 | 3.1 x | ratio |  | x |" in improvements
    rows = list(csv.DictReader(io.StringIO(render(collect([str(with_improvements)]), "csv"))))
    assert [(r["rank"], r["subject"], r["value"], r["kind"], r["baseline"]) for r in rows] == [
        ("1", "Foo-Agent", "61.2", "score", ""), ("2", "gpt-5-medium", "52.56", "score", ""),
        ("3", "claude-sonnet-4", "< 30", "score", ""), ("3", "o3", "< 30", "score", ""),
        ("1", "gpt-5-medium", "33.86", "score", ""), ("2", "claude-sonnet-4", "< 15", "score", ""),
        ("2", "o3", "< 15", "score", ""),
        ("", "Foo-Agent", "8.6", "delta", "gpt-5-medium"), ("", "Foo-Agent", "3.1", "ratio", "o3")]


def test_papers_with_code_json_holds_scores_only(with_improvements):
    data = json.loads(render(collect([str(with_improvements)]), "json"))
    assert not list(_schema_validator().iter_errors(data))
    values = [v for t in data for d in t["datasets"] for r in d["sota"]["rows"] for v in r["values"].values()]
    assert sorted(values) == [15, 15, 30, 30, 33.86, 52.56, 61.2]


def test_validate_checks_row_kind_and_baseline(tmp_path):
    from extractors.validate import check_record
    rec = improvement_record()
    rec["leaderboard"] = rec["leaderboard"][:3]
    assert list(check_record(rec)) == []
    wrong_kind = json.loads(json.dumps(rec))
    wrong_kind["leaderboard"][1]["kind"] = "ratio"
    assert list(check_record(wrong_kind)) == [("/leaderboard/1/kind", "kind ratio != results[1].kind delta")]
    score_baseline = json.loads(json.dumps(rec))
    score_baseline["leaderboard"][0]["baseline"] = "o3"
    assert [p for p, _ in check_record(score_baseline)] == ["/leaderboard/0/baseline"]
    count_row = json.loads(json.dumps(rec))
    count_row["leaderboard"].append(dict(count_row["leaderboard"][0], result_index=3, value=127.0, kind="count"))
    assert [p for p, _ in check_record(count_row)] == ["/leaderboard/3/kind"]  # the schema: score, delta, ratio
    old = json.loads(json.dumps(rec))  # a record written before rows had kind and baseline
    for row in old["leaderboard"]:
        row.pop("kind"), row.pop("baseline")
    assert list(check_record(old)) == []
    confident = json.loads(json.dumps(rec))
    confident["results"][0]["confidence"] = {"metric": 0.9, "subject": 0.8, "dataset": 0.95}
    confident["leaderboard"][0]["confidence"] = 0.684
    assert list(check_record(confident)) == []
    confident["leaderboard"][0]["confidence"] = 0.7        # not 0.9 * 0.8 * 0.95
    assert [p for p, _ in check_record(confident)] == ["/leaderboard/0/confidence"]
    confident["leaderboard"][1]["confidence"] = 0.5        # its result has no link confidences
    assert [p for p, _ in check_record(confident)] == ["/leaderboard/0/confidence", "/leaderboard/1/confidence"]


def _canon_record(rid_text, dataset, metric, value, subject="X"):
    from extractors.models import record_id
    return {"id": record_id(rid_text), "text": rid_text, "sources": [{"path": "a.jsonl", "index": 0}],
            "title": f"Paper {subject}", "venue": "ICLR", "year": 2021,
            "results": [{"span": {"start": 0, "end": 1, "text": rid_text[0]}, "value": value, "kind": "score"}],
            "leaderboard": [{"subject": subject, "dataset": dataset, "metric": metric, "value": value,
                             "unit": "%", "qualifier": None, "result_index": 0, "kind": "score"}]}


def test_tables_group_by_canonical_names_and_filter():
    from extractors.leaderboard import Filters, build_tables, collect_records, render
    recs = [_canon_record("a paper", "CIFAR-10", "Top-1 Accuracy", 95.0, "A"),
            _canon_record("b paper", "CIFAR10", "top1 accuracy", 96.0, "B"),
            _canon_record("c paper", "cifar-10", "top-1 acc.", 94.0, "C"),
            _canon_record("d paper", "ImageNet-21K", "top-1 accuracy", 80.0, "D")]
    col = collect_records(recs)
    tables = build_tables(col.entries)
    assert [(t.dataset, t.metric, [e.subject for e in t.entries]) for t in tables] == [
        ("CIFAR-10", "accuracy", ["B", "A", "C"]), ("ImageNet-21K", "top-1 accuracy", ["D"])]
    md = render(col, "md", Filters(min_rows=3))
    assert "CIFAR-10 · accuracy" in md and "ImageNet-21K" not in md
    md = render(col, "md", Filters(dataset="imagenet 21k"))
    assert "ImageNet-21K" in md and "CIFAR-10" not in md and "(ICLR 2021)" in md


def test_splits_show_beside_the_value_and_named_splits_get_their_own_table():
    from extractors.leaderboard import build_tables, collect_records, render
    recs = [_canon_record("a paper", "ImageNet", "top-1 accuracy", 80.0, "A"),
            _canon_record("b paper", "ImageNet", "top-1 accuracy", 81.0, "B"),
            _canon_record("c paper", "COCO", "AP", 48.1, "C"), _canon_record("d paper", "COCO", "AP", 47.0, "D")]
    recs[1]["leaderboard"][0]["split"] = "validation"
    recs[2]["leaderboard"][0].update(split="test-dev", dataset_canonical="COCO test-dev")
    col = collect_records(recs)
    assert [(t.dataset, [e.subject for e in t.entries]) for t in build_tables(col.entries)] == [
        ("COCO", ["D"]), ("COCO test-dev", ["C"]), ("ImageNet", ["B", "A"])]
    md = render(col, "md")
    assert "81 % (validation)" in md and "80 % |" in md
    rows = list(csv.DictReader(io.StringIO(render(col, "csv"))))
    assert {r["subject"]: r["split"] for r in rows} == {"A": "", "B": "validation", "C": "test-dev", "D": ""}


def test_settings_get_their_own_tables_and_a_csv_column():
    """Rows whose text names an evaluation setting ("250 labels", "5-way 1-shot") rank in a table
    of their own, however the setting is spelled; records written before rows carried canonical
    names get it from the row's `setting` (canonical.row_canonicals)."""
    from extractors.leaderboard import build_tables, collect_records, render
    recs = [_canon_record("a paper", "CIFAR-10", "accuracy", 95.1, "A"),
            _canon_record("b paper", "CIFAR-10", "accuracy", 94.2, "B"),
            _canon_record("c paper", "CIFAR-10", "accuracy", 99.0, "C"),
            _canon_record("d paper", "CIFAR-10", "accuracy", 93.0, "D")]
    recs[0]["leaderboard"][0]["setting"] = "250 labels"
    recs[1]["leaderboard"][0]["setting"] = "250 labelled examples"   # one setting, another spelling
    recs[3]["leaderboard"][0].update(setting="4000 labels", dataset_canonical="CIFAR-10 (4000 labels)")
    col = collect_records(recs)
    assert [(t.dataset, [e.subject for e in t.entries]) for t in build_tables(col.entries)] == [
        ("CIFAR-10", ["C"]), ("CIFAR-10 (250 labels)", ["A", "B"]), ("CIFAR-10 (4000 labels)", ["D"])]
    rows = list(csv.DictReader(io.StringIO(render(col, "csv"))))
    assert {r["subject"]: r["setting"] for r in rows} == {"A": "250 labels", "B": "250 labelled examples",
                                                          "C": "", "D": "4000 labels"}


def test_rows_carry_their_confidence_and_min_confidence_filters_rows():
    """A row's `confidence` (the link scorer's: models.LinkConfidence.row) shows in every format, and
    `--min-confidence` leaves out the rows below it and those of unknown confidence, before
    `--min-rows` counts a table's rows."""
    from extractors.leaderboard import Filters, collect_records, render
    recs = [_canon_record("a paper", "CIFAR-10", "accuracy", 95.0, "A"),
            _canon_record("b paper", "CIFAR-10", "accuracy", 96.0, "B"),
            _canon_record("c paper", "CIFAR-10", "accuracy", 94.0, "C"),
            _canon_record("d paper", "CIFAR-10", "accuracy", 97.0, "D")]
    for rec, c in zip(recs, (0.912, 0.35, 0.5, None)):
        if c is not None:
            rec["leaderboard"][0]["confidence"] = c
    col = collect_records(recs)
    rows = list(csv.DictReader(io.StringIO(render(col, "csv"))))
    assert {r["subject"]: r["confidence"] for r in rows} == {"A": "0.91", "B": "0.35", "C": "0.50", "D": ""}
    kept = list(csv.DictReader(io.StringIO(render(col, "csv", Filters(min_confidence=0.5)))))
    assert [r["subject"] for r in kept] == ["A", "C"]          # 0.35 and unknown are left out
    assert "| 1 | A | 95 % |  | % | 0.91 |" in render(col, "md", Filters(min_confidence=0.5))
    assert "CIFAR-10" not in render(col, "md", Filters(min_confidence=0.5, min_rows=3))
    data = json.loads(render(col, "json"))
    sota = data[0]["datasets"][0]["sota"]
    assert {r["model_name"]: r["confidences"] for r in sota["rows"]} == {
        "A": {"accuracy": 0.912}, "B": {"accuracy": 0.35}, "C": {"accuracy": 0.5}, "D": {"accuracy": None}}
    assert not list(_schema_validator().iter_errors(data))


def test_cli_min_confidence(tmp_path):
    recs = [_canon_record("a paper", "CIFAR-10", "accuracy", 95.0, "A"),
            _canon_record("b paper", "CIFAR-10", "accuracy", 96.0, "B")]
    recs[0]["leaderboard"][0]["confidence"] = 0.8
    recs[1]["leaderboard"][0]["confidence"] = 0.2
    path = write_jsonl(tmp_path / "run" / "records.jsonl", recs)
    res = runner.invoke(app, ["leaderboard", str(path.parent), "-f", "csv", "--min-confidence", "0.5"])
    assert res.exit_code == 0, res.output
    assert [r["subject"] for r in csv.DictReader(io.StringIO(res.stdout))] == ["A"]
    assert "2 rows (1 of them with confidence >= 0.5)" in res.stderr
    res = runner.invoke(app, ["leaderboard", str(path.parent), "--min-confidence", "1.5"])
    assert res.exit_code == 2 and "min-confidence" in res.output
