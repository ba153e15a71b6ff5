"""Record files that break the record schema (edited by hand, written by another tool, cut short),
read by `leaderboard`, `export` and `report`: one broken record never costs the others, and what
is skipped is reported with its file, line and JSON pointer (recordfiles.RECORD_SHAPE_ERRORS,
validate.malformed). Each case breaks one field of the seeds' MCPMark record (line 2 of the file,
the only one of the six with leaderboard rows) and was found by feeding mutated record files to
the three commands; before the fifty-first session all but two ended the command with an
exception from deep inside (TypeError, AttributeError, pydantic's ValidationError).
"""
from __future__ import annotations

import copy
import csv
import json

import pytest

from extractors.export import export
from extractors.leaderboard import Filters, collect, render
from extractors.report import ReportError, write_report

from conftest import ROOT

#: (JSON pointer into the MCPMark record, the value put there, what the leaderboard does: "rows"
#: (its 6 rows kept) or the start of its problem; the same for the export: "kept" or the problem;
#: the same for the report: "page" or the end of its error)
CASES = [
    ("/tasks", 3.5, "/tasks: 3.5 is not of type 'array'", "/tasks: 3.5 is not of type 'array'", "page"),
    ("/urls", True, "/urls: True is not of type 'array'", "/urls: True is not of type 'array'", "page"),
    ("/sources/0", "x", "/sources/0: missing or malformed", "/sources/0: 'x' is not of type 'object'", "page"),
    ("/leaderboard", {"a": 1}, "/leaderboard: not a list", "/leaderboard: {'a': 1} is not of type 'array'", "page"),
    ("/results/1/span", [1, 2], "rows", "/results/1/span: [1, 2] is not of type 'object'", "page"),
    ("/title", ["a"], "rows", "papers.title: ['a'] is not string", "page"),
    ("/year", "2021", "rows", "papers.year: '2021' is not int64", "page"),
    ("/year", 1e30, "rows", "papers.year: 1e+30 is not int64", "page"),
    ("/year", 2021.0, "rows", "kept", "page"),   # JSON Schema counts 2021.0 an integer
    ("/methods/0", 7, "rows", "/methods/0: 7 is not of type 'object'", "page"),
    ("/methods/0/mentions", 5, "rows", "/methods/0/mentions: 5 is not of type 'array'",
     "record 2: /methods/0/mentions: 5 is not of type 'array'"),
    ("/id", "<script>", "/id: '<script>' is not a record id (16 hex digits)", "kept", "page"),
    ("/id", "2e386393e9954794\n", "/id: '2e386393e9954794\\n' is not a record id (16 hex digits)", "kept", "page"),
]


def _put(rec: dict, pointer: str, value) -> None:
    *path, last = pointer.strip("/").split("/")
    for part in path:
        rec = rec[int(part)] if isinstance(rec, list) else rec[part]
    if isinstance(rec, list):
        rec[int(last)] = value
    else:
        rec[last] = value


@pytest.fixture(scope="module")
def seeds_records() -> list[dict]:
    lines = (ROOT / "output" / "records.jsonl").read_text(encoding="utf-8").splitlines()[:6]
    recs = [json.loads(line) for line in lines]
    assert len(recs[1]["leaderboard"]) == 6 and not any(r["leaderboard"] for r in recs[:1] + recs[2:])
    return recs


@pytest.mark.parametrize("pointer, value, board, table, page", CASES, ids=[f"{c[0]}={c[1]!r}" for c in CASES])
def test_one_broken_record_is_reported_and_the_others_kept(seeds_records, tmp_path, pointer, value, board,
                                                         table, page):
    recs = copy.deepcopy(seeds_records)
    _put(recs[1], pointer, value)
    f = tmp_path / "records.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    where = f"{f.as_posix()}:2: "

    col = collect([f])
    for fmt in ("md", "csv", "json"):
        render(col, fmt, Filters(None, None, 1, None))   # every format renders what was kept
    assert col.records_read == 6
    if board == "rows":
        assert len(col.entries) == 6 and col.problems == []
    else:
        assert col.entries == [] and col.problems == [where + board]

    done = export([f], tmp_path / "tables", "csv")
    with open(tmp_path / "tables" / "papers.csv", encoding="utf-8", newline="") as fh:
        papers = list(csv.reader(fh))
    if table == "kept":
        assert done.problems == [] and len(papers) == 1 + 6
    else:
        assert done.problems == [where + table] and len(papers) == 1 + 5
        assert recs[1]["id"] not in [row[0] for row in papers[1:]]

    if page == "page":
        assert write_report(f, tmp_path / "report.html") == 6
        html = (tmp_path / "report.html").read_text(encoding="utf-8")
        if board != "rows":   # the page's leaderboards say what they left out, as the command does
            assert "Left out, as <code>extractors leaderboard</code> reports: records:2: " \
                   + board.split(":")[0] in html
    else:
        with pytest.raises(ReportError) as err:
            write_report(f, tmp_path / "report.html")
        assert str(err.value) == f"{f}: records that break the schema: {page}"
        assert not (tmp_path / "report.html").exists()


def test_a_well_formed_record_that_breaks_the_code_still_raises(seeds_records, tmp_path, monkeypatch):
    """Only a record that breaks the schema is reported and skipped: the same error from a record
    the schema accepts is a bug in the reading code, and it is raised, not hidden."""
    import extractors.export as exp

    def broken(rec):
        raise TypeError("a bug in rows_of")

    monkeypatch.setattr(exp, "rows_of", broken)
    f = tmp_path / "records.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in seeds_records), encoding="utf-8")
    with pytest.raises(TypeError, match="a bug in rows_of"):
        export([f], tmp_path / "tables", "csv")
