"""`extractors report`: escaping, highlighting of overlapping spans, leaderboards, determinism.

The page holds the abstracts as data (one JSON block of rendered articles) that its script shows
a page at a time; `expand` puts every article where the script would, so the tests read the
page as a browser showing all of them does.

The synthetic records here are written by hand with every field filled (the seeds output does
not have entities or leaderboard rows yet); tests/test_report_browser.py opens them in Chromium.
"""
import html
import json
import re
import subprocess
import sys
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings, strategies as st
from typer.testing import CliRunner

from conftest import ROOT
from extractors.cli import app
from extractors.models import Record, record_id
from extractors import leaderboard
from extractors.report import (HL_TYPES, Hl, highlight, leaderboards, load_records, nest, page_records, render,
                               script_json)

runner = CliRunner()

XSS = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(2)>"


def _span(text, sub, occurrence=0):
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(sub, start + 1)
    return {"start": start, "end": start + len(sub), "text": sub}


def _entity(text, name, role="used", aliases=(), mentions=None):
    return {"name": name, "role": role, "aliases": list(aliases),
            "mentions": [_span(text, m, k) for m, k in (mentions or [(name, 0)])]}


def _result(text, sub, value, unit=None, kind="score", qualifier=None, metric=None, subject=None,
            dataset=None, subjects=(), occurrence=0):
    return {"span": _span(text, sub, occurrence), "value": value, "unit": unit, "kind": kind,
            "qualifier": qualifier, "metric": metric, "subject": subject, "dataset": dataset,
            "subjects": list(subjects)}


def _record(text, n, **fields):
    rec = {"schema_version": "1.0", "id": record_id(text),
           "sources": [{"path": f"synthetic/{n}.txt", "index": 0, "line": 1}],
           "venue": "ICLR", "year": 2026, "title": None, "text": text}
    for f in ("methods", "models", "datasets", "benchmarks", "metrics", "tasks", "acronyms",
              "results", "bounds", "urls", "leaderboard"):
        rec[f] = fields.pop(f, [])
    rec.update(fields)
    return Record.model_validate(rec).model_dump(mode="json")  # the contract holds


def synthetic_records():
    """Three hand-written records with every field filled, sorted by id like a real run."""
    t1 = ("The MCP standardizes tool use. We propose \\texttt{MCPMark}, a benchmark of $127$ tasks "
          "for tool-calling agents. Router-weighted Expert Activation Pruning (REAP) is trained on "
          "Alpaca-GPT4. The best model, \\texttt{gpt-5-medium}, reaches only $52.56$\\% pass@1 on "
          "MCPMark, while \\texttt{o3} and \\texttt{claude-sonnet-4} fall below $30$\\% pass@1. "
          "REAP needs $\\widetilde{O}(s^4)$ queries. Code: https://github.com/eval-sys/mcpmark.")
    r1 = _record(
        t1, 1,
        methods=[_entity(t1, "REAP", "proposed", ["Router-weighted Expert Activation Pruning"],
                         [("Router-weighted Expert Activation Pruning", 0), ("REAP", 0), ("REAP", 1)])],
        models=[_entity(t1, "gpt-5-medium"), _entity(t1, "o3"), _entity(t1, "claude-sonnet-4")],
        datasets=[_entity(t1, "Alpaca-GPT4")],
        benchmarks=[_entity(t1, "MCPMark", "proposed", [],
                            [("\\texttt{MCPMark}", 0), ("MCPMark", 1)])],
        metrics=[_entity(t1, "pass@1", mentions=[("pass@1", 0), ("pass@1", 1)])],
        tasks=[_entity(t1, "tool use"), _entity(t1, "tool-calling agents")],
        acronyms=[{"short": "REAP", "long": "Router-weighted Expert Activation Pruning",
                   "span": _span(t1, "Router-weighted Expert Activation Pruning (REAP)")}],
        results=[_result(t1, "$127$", 127, "task", "count"),
                 _result(t1, "$52.56$\\%", 52.56, "%", metric="pass@1", subject="gpt-5-medium",
                         dataset="MCPMark"),
                 _result(t1, "$30$\\%", 30, "%", qualifier="<", metric="pass@1", subject="o3",
                         dataset="MCPMark", subjects=["o3", "claude-sonnet-4"])],
        bounds=[{"span": _span(t1, "$\\widetilde{O}(s^4)$"), "notation": "O", "soft": True,
                 "expression": "s^4", "quantity": "query complexity"}],
        urls=[{"url": "https://github.com/eval-sys/mcpmark", "kind": "code",
               "span": _span(t1, "https://github.com/eval-sys/mcpmark")}],
        leaderboard=[
            {"subject": "gpt-5-medium", "dataset": "MCPMark", "metric": "pass@1", "value": 52.56,
             "unit": "%", "qualifier": None, "result_index": 1},
            {"subject": "o3", "dataset": "MCPMark", "metric": "pass@1", "value": 30.0,
             "unit": "%", "qualifier": "<", "result_index": 2},
            {"subject": "claude-sonnet-4", "dataset": "MCPMark", "metric": "pass@1", "value": 30.0,
             "unit": "%", "qualifier": "<", "result_index": 2}])

    t2 = (f"Attack {XSS} and {IMG} in an abstract: \"Bench&Co\" <b>bold</b> reaches 91.5% "
          "accuracy and a perplexity of 12.1 on Bench&Co with <i>EvilNet</i>.")
    evil = "<img src=x onerror=alert(3)>"
    r2 = _record(
        t2, 2, title=f"Title {XSS}",
        models=[_entity(t2, "<i>EvilNet</i>", "proposed", [evil])],
        datasets=[_entity(t2, "Bench&Co", mentions=[("Bench&Co", 0), ("Bench&Co", 1)])],
        methods=[_entity(t2, XSS, mentions=[(XSS, 0)])],
        metrics=[_entity(t2, "accuracy"), _entity(t2, "perplexity")],
        acronyms=[{"short": "<b>", "long": IMG, "span": _span(t2, IMG)}],
        results=[_result(t2, "91.5%", 91.5, "%", qualifier=">=", metric="accuracy",
                         subject="<i>EvilNet</i>", dataset="Bench&Co"),
                 _result(t2, "12.1", 12.1, None, metric="perplexity", subject="<i>EvilNet</i>",
                         dataset="Bench&Co")],
        urls=[{"url": "javascript:alert(4)", "kind": "project", "span": _span(t2, "alert(1)")}],
        leaderboard=[
            {"subject": "<i>EvilNet</i>", "dataset": "Bench&Co", "metric": "accuracy", "value": 91.5,
             "unit": "%", "qualifier": ">=", "result_index": 0},
            {"subject": "<i>EvilNet</i>", "dataset": "Bench&Co", "metric": "perplexity",
             "value": 12.1, "unit": None, "qualifier": None, "result_index": 1}])

    t3 = "Our Other-Model scores 61% pass@1 on MCPMark and a perplexity of 9.5 on Bench&Co."
    r3 = _record(
        t3, 3,
        models=[_entity(t3, "Other-Model", "proposed")],
        benchmarks=[_entity(t3, "MCPMark")], datasets=[_entity(t3, "Bench&Co")],
        metrics=[_entity(t3, "pass@1"), _entity(t3, "perplexity")],
        results=[_result(t3, "61%", 61, "%", metric="pass@1", subject="Other-Model", dataset="MCPMark"),
                 _result(t3, "9.5", 9.5, None, metric="perplexity", subject="Other-Model",
                         dataset="Bench&Co")],
        leaderboard=[{"subject": "Other-Model", "dataset": "MCPMark", "metric": "pass@1", "value": 61.0,
                      "unit": "%", "qualifier": None, "result_index": 0},
                     {"subject": "Other-Model", "dataset": "Bench&Co", "metric": "perplexity",
                      "value": 9.5, "unit": None, "qualifier": None, "result_index": 1}])
    return sorted([r1, r2, r3], key=lambda r: r["id"])


def write_records(folder, records):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "records.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return folder


class _Page(HTMLParser):
    """Tags, attributes, and per record the text content of its highlighted text block."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.attrs, self.texts, self.marks = [], [], [], []
        self._depth = None  # nesting depth inside div.text
        self._marks = []    # open marks: [class, text]

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += attrs
        d = dict(attrs)
        if self._depth is not None:
            self._depth += 1
            if tag == "mark":
                self._marks.append([d.get("class"), ""])
        elif tag == "div" and d.get("class") == "text":
            self._depth = 0
            self.texts.append("")

    def handle_endtag(self, tag):
        if self._depth is not None:
            if self._depth == 0:
                self._depth = None
            else:
                self._depth -= 1
                if tag == "mark":
                    self.marks.append(tuple(self._marks.pop()))

    def handle_data(self, data):
        if self._depth is not None:
            self.texts[-1] += data
            for m in self._marks:
                m[1] += data


def expand(page):
    """The page with every record's article in the records box, as the script shows them."""
    html_ = "".join(r["h"] for r in page_records(page))
    return page.replace('<div id="recs"></div>', f'<div id="recs">{html_}</div>', 1)


def parse(page):
    p = _Page()
    p.feed(expand(page))
    p.close()
    return p


def test_script_and_onerror_in_an_abstract_come_out_as_text():
    records = synthetic_records()
    page = render(records)
    assert XSS not in page and IMG not in page and "<b>bold</b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&lt;img src=x onerror=alert(2)&gt;" in page
    p = parse(page)
    # two script elements (the records as JSON data, the page's own script), no img, no b/i from
    # the data, no event handler attribute and no javascript: link anywhere
    assert p.tags.count("script") == 2 and "img" not in p.tags
    assert "i" not in p.tags
    assert not [a for a, _ in p.attrs if a.lower().startswith("on")]
    assert not [v for a, v in p.attrs if a == "href" and v and v.lower().startswith("javascript")]
    # the highlighted text reads back exactly as the raw abstract, markup characters and all
    assert p.texts == [r["text"] for r in records]
    # the page forbids anything but its own inline style and script
    csp = [v for a, v in p.attrs if a == "content" and v.startswith("default-src")]
    assert csp and csp[0].startswith("default-src 'none'; ") and "unsafe" not in csp[0]


def test_data_never_becomes_markup_tags():
    page = expand(render(synthetic_records()))
    body = page[page.index("<main>"):page.index("<script")]
    tags = set(re.findall(r"<([a-zA-Z][a-zA-Z0-9]*)", body))
    assert tags <= {"main", "div", "input", "label", "select", "option", "span", "mark", "article", "button",
                    "h2", "h3", "a", "p", "ul", "li", "b", "code", "table", "thead", "tbody", "tr",
                    "th", "td"}
    assert "<i>" not in page and "&lt;i&gt;EvilNet&lt;/i&gt;" in page


@pytest.mark.parametrize("evil", ["</script><script>alert(5)</script>", "</SCRIPT >", "<!--<script>",
                                  "line\u2028sep\u2029para", "\\</script>", "<\\/script>"])
def test_the_data_block_cannot_be_closed_from_a_record(evil):
    """Whatever a record holds, the JSON block ends only where the page ends it, reads back
    the same, and the page still has exactly its two scripts."""
    text = f"Before {evil} after."
    page = render([{"id": record_id(text), "text": text, "title": evil}])
    block = page[page.index('<script type="application/json" id="records">'):]
    block = block[:block.index("</script>")]
    assert "</" not in block and "<!" not in block and "\u2028" not in block and "\u2029" not in block
    assert parse(page).texts == [text]
    assert page_records(page)[0]["i"] == record_id(text)
    assert json.loads(script_json(evil)) == evil
    assert page.lower().count("<script") == 2


def test_every_span_is_highlighted_with_its_type():
    records = synthetic_records()
    p = parse(render(records))
    marks = {(cls.split()[1], txt) for cls, txt in p.marks}
    for want in [("hl-benchmark", "\\texttt{MCPMark}"), ("hl-benchmark", "MCPMark"),
                 ("hl-result", "$52.56$\\%"), ("hl-result", "$30$\\%"), ("hl-metric", "pass@1"),
                 ("hl-model", "gpt-5-medium"), ("hl-dataset", "Alpaca-GPT4"),
                 ("hl-bound", "$\\widetilde{O}(s^4)$"), ("hl-task", "tool use"),
                 ("hl-url", "https://github.com/eval-sys/mcpmark"),
                 ("hl-acronym", "Router-weighted Expert Activation Pruning (REAP)"),
                 ("hl-method", "REAP"), ("hl-method", XSS), ("hl-acronym", IMG)]:
        assert want in marks, want
    n_spans = sum(len(e["mentions"]) for r in records for f in
                  ("methods", "models", "datasets", "benchmarks", "metrics", "tasks") for e in r[f])
    n_spans += sum(len(r[f]) for r in records for f in ("acronyms", "results", "bounds", "urls"))
    assert len(p.marks) == n_spans  # no span crosses another in these records


def test_overlapping_and_nested_spans_nest_deterministically():
    text = "abcdefghij"
    spans = [Hl(0, 6, "method", 0, "m", "methods-0"), Hl(4, 9, "result", 1, "r", "results-0"),
             Hl(2, 4, "acronym", 2, "a", "acronyms-0"), Hl(0, 6, "model", 3, "x", "models-0"),
             Hl(9, 10, "url", 4, "u", "urls-0")]
    pieces = [(h.type, s, e, c) for h, s, e, c in nest(spans)]
    # equal spans: type order decides (method outside model); the crossing result is cut at 6
    assert pieces == [("method", 0, 6, False), ("model", 0, 6, False), ("acronym", 2, 4, False),
                      ("result", 4, 6, False), ("result", 6, 9, True), ("url", 9, 10, False)]
    out = highlight(text, spans)
    assert re.sub(r"<[^>]+>", "", out) == text
    assert out.count("<mark") == out.count("</mark>") == 6
    assert highlight(text, list(reversed(spans))) == out  # input order does not matter
    assert 'class="hl hl-result cont"' in out
    # adjacent spans stay siblings; an empty or out-of-range span is not shown
    assert highlight("ab", [Hl(0, 1, "url", 0, "", ""), Hl(1, 2, "url", 1, "", "")]).count("</mark><mark") == 1


@settings(max_examples=300, deadline=None)
@given(st.text(min_size=1, max_size=30),
       st.lists(st.tuples(st.integers(0, 31), st.integers(0, 31), st.sampled_from(HL_TYPES)), max_size=12))
def test_any_spans_give_a_tree_that_reads_back_as_the_text(text, raw):
    spans = [Hl(s, e, t, i, t, "") for i, (s, e, t) in enumerate(raw) if 0 <= s < e <= len(text)]
    pieces = nest(spans)
    # every span is covered exactly by its pieces, in order, without gaps
    for h in spans:
        mine = [(s, e) for g, s, e, _ in pieces if g.seq == h.seq]
        assert mine[0][0] == h.start and mine[-1][1] == h.end
        assert all(a[1] == b[0] for a, b in zip(mine, mine[1:]))
    # any two pieces are disjoint or one holds the other
    for _, s1, e1, _ in pieces:
        for _, s2, e2, _ in pieces:
            assert e1 <= s2 or e2 <= s1 or (s1 <= s2 and e2 <= e1) or (s2 <= s1 and e1 <= e2)
    out = highlight(text, spans)
    assert html.unescape(re.sub(r"<[^>]+>", "", out)) == text
    assert out.count("<mark ") == out.count("</mark>") == len(pieces)
    assert highlight(text, spans[::-1]) == out


def test_out_of_range_spans_are_skipped_and_noted():
    rec = synthetic_records()[0]
    rec["urls"].append({"url": "https://x.org", "kind": "project",
                        "span": {"start": 5, "end": 10_000, "text": "?"}})
    page = render([rec])
    assert "1 span outside the text not shown" in page
    assert parse(page).texts == [rec["text"]]


def test_leaderboards_group_sort_and_keep_qualifiers():
    records = synthetic_records()
    groups = {(t.dataset, t.metric): (t.lower_is_better, [(e.subject, e.value, e.qualifier) for e in t.entries])
              for t in leaderboards(records).tables}
    assert list(groups) == [("Bench&Co", "accuracy"), ("Bench&Co", "perplexity"), ("MCPMark", "pass@1")]
    assert groups[("MCPMark", "pass@1")] == (False, [
        ("Other-Model", 61.0, None), ("gpt-5-medium", 52.56, None),
        ("claude-sonnet-4", 30.0, "<"), ("o3", 30.0, "<")])
    # perplexity: lower is better, so ascending
    assert groups[("Bench&Co", "perplexity")] == (True, [("Other-Model", 9.5, None),
                                                         ("<i>EvilNet</i>", 12.1, None)])
    page = expand(render(records))
    lb = page[page.index("Leaderboards ("):page.index("<main>")]
    # a qualified value is never shown as a bare number
    assert '<td class="num"><span class="q">&lt;</span> 30</td>' in lb
    assert '<span class="q">&gt;=</span> 91.5' in lb
    assert lb.count('<tr data-lb="1" data-conf="">') == 7   # these rows were written without a confidence
    assert '<select id="minconf"' in lb
    rid = next(r["id"] for r in records if r["text"].startswith("The MCP"))
    assert f'href="#r-{rid}-results-2"' in lb and f'id="r-{rid}-results-2"' in page


def test_counts_results_table_and_panel():
    records = synthetic_records()
    page = expand(render(records))
    assert '<td><span class="sw sw-result"></span><button class="fld" type="button" ' \
           'data-f="results">results</button></td><td class="num">7</td><td class="num">3</td>' in page
    assert "leaderboard</td><td class=\"num\">7</td>" in page
    rec = next(r for r in records if r["text"].startswith("The MCP"))
    art = page[page.index(f'<article class="rec" id="r-{rec["id"]}"'):]
    art = art[:art.index("</article>")]
    assert 'data-has="methods models datasets benchmarks metrics tasks acronyms results bounds urls leaderboard"' in art
    assert "<b>REAP</b> <span class=\"role role-proposed\">proposed</span> <span class=\"mut\">aka " \
           "Router-weighted Expert Activation Pruning</span>" in art
    # results table: value with qualifier, unit, qualifier, kind, metric, subjects, dataset
    assert ('<td class="num"><span class="q">&lt;</span> 30</td><td>%</td><td>&lt;</td><td>score</td>'
            '<td>pass@1</td><td>o3, claude-sonnet-4</td><td>MCPMark</td>') in art
    assert '<a href="https://github.com/eval-sys/mcpmark" rel="noopener noreferrer">' in art


def test_same_records_same_bytes(tmp_path):
    records = synthetic_records()
    write_records(tmp_path / "a", records)
    for name in ("x.html", "y.html"):
        r = runner.invoke(app, ["report", str(tmp_path / "a"), "-o", str(tmp_path / name)])
        assert r.exit_code == 0, r.output
    assert (tmp_path / "x.html").read_bytes() == (tmp_path / "y.html").read_bytes()
    assert (tmp_path / "x.html").read_text(encoding="utf-8") == render(load_records(tmp_path / "a"))
    assert render(json.loads(json.dumps(records))) == render(records)


def test_cli_errors(tmp_path):
    assert runner.invoke(app, ["report", str(tmp_path / "nope")]).exit_code == 2
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "records.jsonl").write_text('{"text": "ok", "id": "x"}\n{oops\n', encoding="utf-8")
    res = runner.invoke(app, ["report", str(bad)])
    assert res.exit_code == 1 and "records.jsonl:2: not JSON" in res.output
    assert not (bad / "report.html").exists()
    # default output: DIR/report.html
    write_records(tmp_path / "ok", synthetic_records())
    assert runner.invoke(app, ["report", str(tmp_path / "ok")]).exit_code == 0
    assert (tmp_path / "ok" / "report.html").is_file()


def test_minimal_records_render():
    """Only `text` (and nothing else) is enough: the report reads JSON, not the models."""
    page = render([{"text": "Just 3 words."}, {"text": "x", "results": "oops", "urls": [None]}])
    assert parse(page).texts == ["Just 3 words.", "x"]


def test_report_does_not_import_the_pipeline():
    code = ("import sys, extractors.report; "
            "bad = [m for m in ('spacy', 'extractors.pipeline', 'extractors.engine') if m in sys.modules]; "
            "sys.exit(str(bad) if bad else 0)")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_seeds_report_highlights_every_result(seed_records):
    page = render(seed_records)
    assert page == render(seed_records)
    p = parse(page)
    assert p.texts == [r["text"] for r in seed_records]
    results = [(r["span"]["text"]) for rec in seed_records for r in rec["results"]]
    assert sorted(t for cls, t in p.marks if "hl-result" in cls.split()) == sorted(results)
    mcp = next(r for r in seed_records if r["text"].startswith("The MCP standardizes"))
    assert any("52.56" in r["span"]["text"] for r in mcp["results"])


def test_committed_report_is_fresh():
    """output/report.html is the report of output/records.jsonl (CI compares the same bytes)."""
    committed = ROOT / "output" / "report.html"
    if not committed.exists():
        pytest.skip("no committed output/report.html")
    fresh = render(load_records(ROOT / "output"))
    assert committed.read_text(encoding="utf-8") == fresh, (
        "output/report.html is stale: run `python benchmarks/report_screenshot.py` "
        "(or `extractors report output -o output/report.html`) after changing output/records.jsonl")


def _other_mcp_record():
    """A second MCPMark paper spelled `mcpmark` / `Pass@1`, with a delta against a baseline."""
    text = ("On mcpmark, our agent Foo-Agent reaches 61.2% Pass@1, improving over gpt-5-medium by 8.6 points, "
            "and runs 127 tasks.")
    return _record(
        text, 4, models=[_entity(text, "Foo-Agent", "proposed"), _entity(text, "gpt-5-medium")],
        benchmarks=[_entity(text, "mcpmark")], metrics=[_entity(text, "Pass@1")],
        results=[_result(text, "61.2%", 61.2, "%", metric="Pass@1", subject="Foo-Agent", dataset="mcpmark"),
                 _result(text, "8.6", 8.6, "points", "delta", metric="Pass@1", subject="Foo-Agent",
                         dataset="mcpmark"),
                 _result(text, "127", 127, "task", "count")],
        leaderboard=[{"subject": "Foo-Agent", "dataset": "mcpmark", "metric": "Pass@1", "value": 61.2,
                      "unit": "%", "qualifier": None, "result_index": 0, "kind": "score", "baseline": None},
                     {"subject": "Foo-Agent", "dataset": "mcpmark", "metric": "Pass@1", "value": 8.6,
                      "unit": "points", "qualifier": None, "result_index": 1, "kind": "delta",
                      "baseline": "gpt-5-medium"}])


class _Boards(HTMLParser):
    """From the report's header: per table (box title, h4 title) the rows' cells as text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables, self._box, self._cell, self._row, self._in = {}, None, None, None, None

    def handle_starttag(self, tag, attrs):
        if tag in ("h3", "h4", "td"):
            self._in, self._cell = tag, ""
        elif tag == "tr" and ("data-lb", "1") in attrs:
            self._row = []

    def handle_endtag(self, tag):
        if tag != self._in:
            if tag == "tr" and self._row is not None:
                self.tables[(self._box, self._title)].append(tuple(self._row))
                self._row = None
            return
        text, self._in = self._cell.strip(), None
        if tag == "h3":
            self._box = text.split(" (")[0]
        elif tag == "h4":
            self._title = text.rsplit(" (", 1)[0] if text.endswith("better)") else text
            self.tables[(self._box, self._title)] = []
        elif self._row is not None:
            self._row.append(text)

    def handle_data(self, data):
        if self._in:
            self._cell += data


def _markdown_tables(md):
    """From `extractors leaderboard` markdown: per table (section, title) the rows' cells."""
    tables, section, title = {}, None, None
    for line in md.splitlines():
        if line.startswith("# "):
            section = line[2:]
        elif line.startswith("## "):
            title = line[3:].replace("\\|", "|")
            tables[(section, title)] = []
        elif line.startswith("| ") and title and not line.startswith(("| rank ", "| subject ")):
            tables[(section, title)].append(tuple(c.strip() for c in line.strip("|").split(" | ")))
    return tables


def test_report_and_leaderboard_command_give_the_same_tables(tmp_path):
    """One grouping everywhere: `MCPMark`/`pass@1` and `mcpmark`/`Pass@1` are one table in the
    report and in `extractors leaderboard`, with the same rows in the same order; the delta is in
    both only as a reported improvement, with its baseline; the count is in neither."""
    records = sorted(synthetic_records() + [_other_mcp_record()], key=lambda r: r["id"])
    folder = write_records(tmp_path / "run", records)
    res = runner.invoke(app, ["leaderboard", str(folder)])
    assert res.exit_code == 0, res.output
    md = _markdown_tables(res.output)
    page = _Boards()
    page.feed(render(load_records(folder)))
    html_ = page.tables

    sections = {"Leaderboards": "Leaderboards", "Reported improvements": "Reported improvements"}
    assert {(sections[b], t) for b, t in html_} == set(md)
    assert [t for s, t in md if s == "Leaderboards"] == ["Bench&Co · accuracy", "Bench&Co · perplexity",
                                                           "MCPMark · pass@1"]
    assert [t for s, t in md if s == "Reported improvements"] == ["MCPMark · pass@1"]
    for (section, title), rows in md.items():
        page_rows = html_[(section, title)]
        assert len(page_rows) == len(rows)
        if section == "Leaderboards":   # rank, subject, value with qualifier and unit
            assert [(r[0], r[1]) for r in page_rows] == [(r[0], r[1]) for r in rows]
            assert [f"{r[2]} {r[3]}".strip() for r in page_rows] == [r[2] for r in rows]
        else:                           # subject, baseline, change
            assert [(r[0], r[1]) for r in page_rows] == [(r[0], r[1]) for r in rows]
    assert [r[1] for r in html_[("Leaderboards", "MCPMark · pass@1")]] == [
        "Foo-Agent", "Other-Model", "gpt-5-medium", "claude-sonnet-4", "o3"]
    assert [r[:6] for r in html_[("Reported improvements", "MCPMark · pass@1")]] == [
        ("Foo-Agent", "gpt-5-medium", "8.6", "delta", "points", "")]
    # the same entries as leaderboard.py builds from the files
    col = leaderboard.collect([folder])
    assert [(t.dataset, t.metric) for t in leaderboard.build_tables(col.entries)] == \
        [(t.dataset, t.metric) for t in leaderboards(records).tables]


def test_report_shows_a_spread_with_its_value(tmp_path):
    """85.3±0.4% reads '85.3 ± 0.4' in the results table and the leaderboards, as in `extractors
    leaderboard`."""
    from extractors import engine
    from extractors.report import write_report
    (tmp_path / "a.jsonl").write_text('{"abstract": "We propose FooNet, which reaches 85.3±0.4% top-1 accuracy '
                                      'on ImageNet."}\n')
    engine.run([str(tmp_path / "a.jsonl")], tmp_path / "out")
    write_report(tmp_path / "out", tmp_path / "r.html", "t")
    html = (tmp_path / "r.html").read_text()
    assert html.count("85.3 ± 0.4") >= 2


def test_leaderboard_rows_carry_their_confidence_for_the_pages_filter():
    """Each leaderboard row holds its confidence as written in the record (`data-conf`, the value
    the page's least-confidence choice compares, as `--min-confidence` does) and shows it."""
    records = synthetic_records()
    for rec in records:
        for i, row in enumerate(rec.get("leaderboard") or []):
            row["confidence"] = [0.695, 0.9, 0.31, 0.5][i % 4]
    lb = expand(render(records))
    assert 'data-conf="0.695"' in lb and 'data-conf="0.9"' in lb
    assert '<td class="num">0.69</td>' in lb or '<td class="num">0.70</td>' in lb
    assert all(f'<option value="{c}">{c}</option>' in lb for c in ("0.3", "0.5", "0.7", "0.9"))
