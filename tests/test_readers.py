import json

import pytest

from extractors.readers import Abstract, InputError, read_inputs

from conftest import SEEDS


def items(*paths):
    return list(read_inputs([str(p) for p in paths]))


def test_seed_files_header_and_blocks():
    got = items(SEEDS)
    assert len(got) == 38 and all(isinstance(a, Abstract) for a in got)
    assert {(a.venue, a.year) for a in got} == {("ICLR", 2026)}
    first = got[0]
    assert first.index == 0 and first.line == 3 and first.text.startswith("Instruction Tuning (IT)")


@pytest.mark.parametrize("header,venue,year", [
    ("ICLR 2026 Papers", "ICLR", 2026), ("ICLR 2026 论文列表", "ICLR", 2026),
    ("NeurIPS 2022 accepted papers", "NeurIPS", 2022), ("Papers of FOOCONF 2019", "FOOCONF", 2019)])
def test_header_venue_year(tmp_path, header, venue, year):
    f = tmp_path / "a.txt"
    f.write_text(f"{header}\n\nFirst abstract text here.\n\nSecond abstract,\nover two lines.\n")
    got = items(f)
    assert [(a.venue, a.year) for a in got] == [(venue, year)] * 2
    assert got[1].text == "Second abstract,\nover two lines." and got[1].line == 5


def test_text_without_header(tmp_path):
    f = tmp_path / "a.txt"
    f.write_text("Just one abstract about BERT.\n")
    (a,) = items(f)
    assert a.venue is None and a.text == "Just one abstract about BERT."


def test_jsonl_json_and_openreview(tmp_path):
    (tmp_path / "a.jsonl").write_text(
        json.dumps({"id": "x1", "title": "T", "abstract": "Text one.", "venue": "ICLR", "year": 2021}) + "\n"
        + json.dumps({"text": "Text two.", "year": "2022"}) + "\n")
    (tmp_path / "b.json").write_text(json.dumps([
        {"id": "n1", "content": {"title": {"value": "V2 note"}, "abstract": {"value": "Text three."},
                                 "venueid": {"value": "ICLR.cc/2024/Conference"}}},
        {"id": "n2", "content": {"title": "V1 note", "abstract": "Text four.", "venue": "NeurIPS 2019"}}]))
    (tmp_path / "c.json").write_text(json.dumps({"abstract": "Text five.", "title": "One object"}))
    got = items(tmp_path)
    assert [a.text for a in got] == ["Text one.", "Text two.", "Text three.", "Text four.", "Text five."]
    assert (got[0].venue, got[0].year, got[0].title, got[0].ext_id) == ("ICLR", 2021, "T", "x1")
    assert got[1].year == 2022
    assert (got[2].venue, got[2].year, got[2].title) == ("ICLR", 2024, "V2 note")
    assert (got[3].venue, got[3].year) == ("NeurIPS", 2019)


def test_csv_and_tsv(tmp_path):
    (tmp_path / "a.csv").write_text('id,title,Abstract\n1,"A, title","An abstract, with a comma."\n')
    (tmp_path / "b.tsv").write_text('paper_id\ttitle\tabstract\n2\tT\t"Quoted" start kept\n')
    got = items(tmp_path)
    assert [a.text for a in got] == ["An abstract, with a comma.", '"Quoted" start kept']
    assert got[0].title == "A, title" and got[0].line == 2


# ---- bad input: each gives a clear error naming file and position, and costs nothing else

def only_errors(got):
    return [g for g in got if isinstance(g, InputError)]


def test_malformed_jsonl_line(tmp_path):
    f = tmp_path / "a.jsonl"
    f.write_text('{"abstract": "good one"}\n{"abstract": "broken\n{"abstract": "good two"}\n')
    got = items(f)
    (err,) = only_errors(got)
    assert err.line == 2 and "malformed JSON" in err.reason and err.path.endswith("a.jsonl")
    assert [a.text for a in got if isinstance(a, Abstract)] == ["good one", "good two"]


def test_not_utf8(tmp_path):
    f = tmp_path / "a.txt"
    f.write_bytes("Résumé abstract.".encode("latin-1") + b"\n")
    (err,) = items(f)
    assert isinstance(err, InputError) and "not UTF-8" in err.reason


def test_not_utf8_line_in_jsonl_costs_only_that_line(tmp_path):
    f = tmp_path / "a.jsonl"
    f.write_bytes(b'{"abstract": "fine"}\n{"abstract": "caf\xe9"}\n' + b'{"abstract": "fine too"}\n' * 400)
    got = items(f)
    (err,) = only_errors(got)
    assert err.line == 2 and "not UTF-8" in err.reason
    assert len(got) == 402


def test_csv_without_abstract_column(tmp_path):
    f = tmp_path / "a.csv"
    f.write_text("id,title\n1,T\n")
    (err,) = items(f)
    assert "no abstract column" in err.reason and err.line == 1


def test_empty_file(tmp_path):
    f = tmp_path / "a.jsonl"
    f.write_text("")
    (err,) = items(f)
    assert err.reason == "empty file"


def test_binary_file(tmp_path):
    f = tmp_path / "a.bin"
    f.write_bytes(bytes(range(256)) * 4)
    (err,) = items(f)
    assert "binary" in err.reason


def test_empty_abstract(tmp_path):
    f = tmp_path / "a.jsonl"
    f.write_text('{"abstract": "   "}\n{"abstract": "ok"}\n{"text": ""}\n{"text": null}\n{"title": "t"}\n')
    err, ok, empty, null, missing = items(f)
    assert err.reason == "empty abstract" and err.line == 1 and ok.text == "ok"
    assert (empty.reason, empty.line) == (null.reason, null.line - 1) == ("empty abstract", 3)
    assert missing.reason == "no 'abstract' or 'text' field" and missing.line == 5


def test_over_long_abstract(tmp_path):
    """The readers read it; the run's --max-chars (a parameter, no module state) makes it an error
    line where the run processes its abstracts, and the next one is kept."""
    from extractors import engine
    from extractors.readers import too_long
    f = tmp_path / "a.jsonl"
    f.write_text(json.dumps({"abstract": "word " * 30_000}) + "\n" + json.dumps({"abstract": "ok"}) + "\n")
    big, ok = items(f)
    assert too_long(big, 100_000).line == 1 and too_long(ok, 100_000) is None
    summary = engine.run([str(f)], tmp_path / "out", max_chars=100_000)
    errors = [json.loads(l) for l in (tmp_path / "out" / "errors.jsonl").read_text().splitlines()]
    assert summary.records_written == 1 and summary.abstracts_read == 1
    assert [(e["line"], e["index"]) for e in errors] == [(1, 0)] and "too long" in errors[0]["reason"]
    engine.run([str(f)], tmp_path / "out2", max_chars=200_000)   # a larger limit for this run only
    assert (tmp_path / "out2" / "errors.jsonl").read_text() == ""


def test_unreadable_file(tmp_path, monkeypatch):
    f = tmp_path / "a.jsonl"
    f.write_text('{"abstract": "x"}\n')
    real_open = open

    def fake_open(path, *a, **k):
        if str(path) == str(f):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *a, **k)

    monkeypatch.setattr("builtins.open", fake_open)
    (err,) = items(f)
    assert "cannot read" in err.reason and "Permission denied" in err.reason


def test_missing_path():
    (err,) = items("/nonexistent/file.jsonl")
    assert err.reason == "no such file or folder"
