"""Bad input, one class per test (issue 10): the run finishes within its time bound, every good
abstract beside the bad input is a record, every bad input is an error line naming file and
position, and the exit code is the README's (0 ok, 1 some inputs failed or nothing read,
2 usage error or busy output folder, 3 internal error, 143 SIGTERM).

Runs go through the command line in this process (the spaCy pipeline is built once) except where
a signal or a crash is the point: those run `python -m extractors` as a child process.
"""
from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from extractors import engine, readers
from extractors.cli import app

GOOD = "We propose FooNet, reaching 91.2% accuracy on ImageNet."
GOOD2 = "BarNet improves BLEU by 2.1 points on WMT14."


def run(*args) -> tuple[int, str]:
    res = CliRunner().invoke(app, [str(a) for a in args])
    if res.exception and not isinstance(res.exception, SystemExit):
        raise res.exception
    return res.exit_code, res.output


def outputs(out: Path) -> tuple[list[dict], list[dict], dict]:
    recs = [json.loads(l) for l in (out / "records.jsonl").read_bytes().split(b"\n") if l.strip()]
    errs = [json.loads(l) for l in (out / "errors.jsonl").read_bytes().split(b"\n") if l.strip()]
    return recs, errs, json.loads((out / "summary.json").read_text())


def cli_child(*args, timeout=120, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "extractors", *map(str, args)], capture_output=True,
                          text=True, timeout=timeout, **kw)


def jsonl(path: Path, *objs, raw: str = "") -> Path:
    path.write_text("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in objs) + raw, encoding="utf-8")
    return path


# ---------------------------------------------------------------- values that cannot be written

@pytest.mark.parametrize("line,reason", [
    ('{"abstract": "We get 5%.", "title": "T\\ud800"}', "title holds a lone surrogate U+D800 at character 2"),
    ('{"abstract": "We get 5%.", "venue": "NeurIPS\\udfff"}', "venue holds a lone surrogate U+DFFF"),
    ('{"abstract": "We get \\ud800 5%."}', "abstract holds a lone surrogate U+D800 at character 8"),
    ('{"abstract": "ok 5%", "year": 18446744073709551616}', "year 18446744073709551616 is not a year"),
    ('{"abstract": "ok 5%", "year": -3}', "year -3 is not a year"),
    ("[" * 10_000 + "]" * 10_000, "malformed JSON: nested too deeply"),
])
def test_bad_value_costs_only_its_line(tmp_path, line, reason):
    f = tmp_path / "in.jsonl"
    f.write_text(json.dumps({"abstract": GOOD}) + "\n" + line + "\n" + json.dumps({"abstract": GOOD2}) + "\n")
    code, _ = run("run", f, "-o", tmp_path / "out")
    recs, errs, summary = outputs(tmp_path / "out")
    assert code == 1 and sorted(r["text"] for r in recs) == sorted([GOOD, GOOD2])
    assert [(e["path"], e["line"], e["index"]) for e in errs] == [(f.as_posix(), 2, 1)]
    assert errs[0]["reason"].startswith(reason)


def test_deep_json_file_is_one_error(tmp_path):
    (tmp_path / "deep.json").write_text("[" * 10_000 + "]" * 10_000)
    jsonl(tmp_path / "good.jsonl", {"abstract": GOOD})
    code, _ = run("run", tmp_path, "-o", tmp_path / "out")
    recs, errs, _ = outputs(tmp_path / "out")
    assert code == 1 and [r["text"] for r in recs] == [GOOD]
    assert errs == [{"path": (tmp_path / "deep.json").as_posix(), "line": None, "index": None,
                     "reason": "malformed JSON: nested too deeply"}]


def test_file_name_that_is_not_utf8(tmp_path):
    bad = os.fsencode(tmp_path) + b"/bad\xff.txt"
    with open(bad, "wb") as fh:
        fh.write(GOOD.encode())
    code, _ = run("run", tmp_path, "-o", tmp_path / "out")
    recs, errs, _ = outputs(tmp_path / "out")
    assert code == 0 and errs == []
    assert recs[0]["sources"][0]["path"].endswith("/bad\\xff.txt")


# ---------------------------------------------------------------- files and folders

def test_folder_tree_1100_levels_deep(tmp_path):
    p = tmp_path / "in"
    p.mkdir()
    for _ in range(1100):
        p = p / "d"
        p.mkdir()
    (p / "a.txt").write_text(GOOD)
    try:
        t = time.perf_counter()
        code, _ = run("run", tmp_path / "in", "-o", tmp_path / "out")
        recs, errs, _ = outputs(tmp_path / "out")
        assert code == 0 and [r["text"] for r in recs] == [GOOD] and errs == []
        assert time.perf_counter() - t < 10
    finally:   # bottom up: shutil.rmtree (pytest's clean-up) recurses and would fail at this depth
        (p / "a.txt").unlink()
        while p != tmp_path:
            p.rmdir()
            p = p.parent


def test_fifo_in_folder_is_an_error_not_a_hang(tmp_path):
    os.mkfifo(tmp_path / "pipe.jsonl")
    jsonl(tmp_path / "good.jsonl", {"abstract": GOOD})
    t = time.perf_counter()
    code, _ = run("run", tmp_path, "-o", tmp_path / "out")
    recs, errs, _ = outputs(tmp_path / "out")
    assert time.perf_counter() - t < 10
    assert code == 1 and [r["text"] for r in recs] == [GOOD]
    assert errs == [{"path": (tmp_path / "pipe.jsonl").as_posix(), "line": None, "index": None,
                     "reason": "not a regular file (a named pipe (FIFO))"}]


def test_unreadable_subfolder_is_an_error_line(tmp_path, monkeypatch):
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked" / "a.txt").write_text(GOOD2)
    (tmp_path / "open").mkdir()
    (tmp_path / "open" / "a.txt").write_text(GOOD)
    real = os.scandir

    def scandir(path):   # the test runs as root, who can read any folder: refuse this one
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)
    monkeypatch.setattr(readers.os, "scandir", scandir)
    got = list(readers.read_inputs([str(tmp_path)]))
    assert [type(g).__name__ for g in got] == ["InputError", "Abstract"]
    assert got[0].path == (tmp_path / "locked").as_posix()
    assert got[0].reason == "cannot read folder: Permission denied"


def test_folder_link_loop_is_read_once(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.txt").write_text(GOOD)
    os.symlink(tmp_path, tmp_path / "a" / "up")
    got = list(readers.read_inputs([str(tmp_path)]))
    assert [g.text for g in got if isinstance(g, readers.Abstract)] == [GOOD]
    assert [g.reason for g in got if isinstance(g, readers.InputError)] == [
        "folder link loops back to a folder already read; not read again"]


def test_output_folder_inside_input_folder_is_never_read(tmp_path):
    jsonl(tmp_path / "a.jsonl", {"abstract": GOOD})
    for _ in range(3):
        code, _ = run("run", tmp_path, "-o", tmp_path / "out")
        recs, errs, summary = outputs(tmp_path / "out")
        assert code == 0 and errs == [] and summary["files_read"] == 1 and len(recs) == 1
    code, _ = run("run", tmp_path / "out" / "records.jsonl", "-o", tmp_path / "out")
    _, errs, _ = outputs(tmp_path / "out")
    assert code == 1 and errs[0]["reason"] == "inside the output folder of this run; not read"


# ---------------------------------------------------------------- text, CSV and bytes

@pytest.mark.parametrize("content,texts,venue", [
    ("Our NeurIPS 2023 model gets 91% accuracy\n", ["Our NeurIPS 2023 model gets 91% accuracy"], None),
    ("BERT-base 2019 results\n\n" + GOOD + "\n", ["BERT-base 2019 results", GOOD], None),
    ("ICLR 2026 Papers\r\r" + GOOD + "\r\r" + GOOD2 + "\r", [GOOD, GOOD2], "ICLR"),   # lone CR
    ("ICLR 2026 Papers\r\n\r\n" + GOOD + "\r\n", [GOOD], "ICLR"),
])
def test_seed_format_headers_and_line_ends(tmp_path, content, texts, venue):
    f = tmp_path / "a.txt"
    f.write_bytes(content.encode())
    got = list(readers.read_inputs([str(f)]))
    assert [a.text for a in got] == texts and {a.venue for a in got} == {venue}


def test_header_only_file_is_an_error(tmp_path):
    f = tmp_path / "a.txt"
    f.write_text("ICLR 2026 Papers\n")
    (err,) = readers.read_inputs([str(f)])
    assert err.reason == "no abstract: the file holds only the header line 'ICLR 2026 Papers'" and err.line == 1


def test_csv_big_field_and_latin1_byte_cost_one_row_each(tmp_path):
    rows = [["id", "abstract"]] + [[str(i), f"Abstract {i} reaches {i}.5% accuracy on MNIST."] for i in range(62)]
    rows[30][1] = "x" * 10_000_000
    f = tmp_path / "a.csv"
    with open(f, "w", newline="") as fh:
        csv.writer(fh).writerows(rows)
    data = f.read_bytes().split(b"\n")
    data[61] = data[61].replace(b"Abstract", b"Abstr\xe9ct")   # line 62: row 61 of 62
    f.write_bytes(b"\n".join(data))
    got = list(readers.read_inputs([str(f)]))
    errors = [(g.line, g.index, g.reason) for g in got if isinstance(g, readers.InputError)]
    assert errors == [(62, 60, "not UTF-8: invalid byte 0xe9 in field 2")]
    assert len([g for g in got if isinstance(g, readers.Abstract)]) == 61
    # the run's --max-chars makes the 10 MB field an error line, at its own row's line
    code, _ = run("run", f, "-o", tmp_path / "out")
    recs, errs, summary = outputs(tmp_path / "out")
    assert code == 1 and len(recs) == 60 and summary["abstracts_read"] == 60
    assert [(e["line"], e["index"], e["reason"]) for e in errs] == [
        (31, 29, "abstract too long: 10,000,000 characters (limit 100,000)"),
        (62, 60, "not UTF-8: invalid byte 0xe9 in field 2")]


@pytest.mark.parametrize("name,data,kinds", [
    ("nul_early.jsonl", b'{"abstract": "a\x00b"}\n{"abstract": "good"}\n', ["InputError", "Abstract"]),
    ("nul_late.jsonl", b'{"abstract": "good"}\n' * 600 + b'{"abstract": "a\x00b"}\n', ["Abstract"] * 600 + ["InputError"]),
    ("blank_lead.txt", b"\n" * 9000 + GOOD.encode() + b"\n", ["Abstract"]),
    ("blank_lead.jsonl", b"\n" * 9000 + b'{"abstract": "good"}\n', ["Abstract"]),
    ("utf16.txt", GOOD.encode("utf-16"), ["Abstract"]),
    ("utf16.jsonl", ('{"abstract": "%s"}\n' % GOOD).encode("utf-16"), ["Abstract"]),
    ("utf16.csv", ('abstract\n"' + GOOD + '"\n').encode("utf-16"), ["Abstract"]),
    ("utf16_nobom.txt", GOOD.encode("utf-16-le"), ["InputError"]),
    ("blank.txt", b"\n \n\t\n" * 5000, ["InputError"]),
    ("image.png", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4, ["InputError"]),
    ("random.bin", bytes(range(256)) * 4, ["InputError"]),
])
def test_bytes_nuls_encodings(tmp_path, name, data, kinds):
    f = tmp_path / name
    f.write_bytes(data)
    got = list(readers.read_inputs([str(f)]))
    assert [type(g).__name__ for g in got] == kinds
    for g in got:
        if isinstance(g, readers.Abstract):
            assert g.text in (GOOD, "good")
    errs = [g for g in got if isinstance(g, readers.InputError)]
    if name.startswith("nul"):
        assert errs[0].reason.startswith("NUL byte at column") and errs[0].line == (1 if "early" in name else 601)
    if name == "utf16_nobom.txt":
        assert "UTF-16 without a byte-order mark" in errs[0].reason
    if name == "blank.txt":
        assert errs[0].reason == "empty file"


# ---------------------------------------------------------------- time limit

@pytest.mark.parametrize("limit,code", [("inf", 0), ("1e-6", 1), ("0", 0), ("1e300", 0)])
def test_time_limit_extremes(tmp_path, limit, code):
    """A child process: a stray SIGALRM would kill it (exit 142), not the test run."""
    f = jsonl(tmp_path / "a.jsonl", {"abstract": GOOD}, {"abstract": GOOD2})
    res = cli_child("run", f, "-o", tmp_path / "out", "--time-limit", limit)
    assert res.returncode == code, res.stderr
    recs, errs, _ = outputs(tmp_path / "out")
    assert len(recs) + len(errs) == 2
    if code:
        assert all(e["reason"].startswith("timed out") for e in errs)


def test_time_limit_nan_is_a_usage_error(tmp_path):
    f = jsonl(tmp_path / "a.jsonl", {"abstract": GOOD})
    code, _ = run("run", f, "-o", tmp_path / "out", "--time-limit", "nan")
    assert code == 2


# ---------------------------------------------------------------- resume

@pytest.mark.parametrize("damage", ["truncated", "foreign", "partial"])
def test_resume_on_damaged_output(tmp_path, damage):
    f = jsonl(tmp_path / "a.jsonl", {"abstract": GOOD}, {"abstract": GOOD2})
    out = tmp_path / "out"
    assert run("run", f, "-o", out)[0] == 0
    clean = (out / "records.jsonl").read_bytes()
    if damage == "truncated":
        (out / "records.jsonl").write_bytes(clean[:150])
    elif damage == "foreign":
        (out / "records.jsonl").write_text('{"foo": 1}\n{"id": "abc", "text": "not hashed", "sources": []}\n')
    else:
        (out / ".partial").mkdir()
        (out / ".partial" / "g0001-rec-000000.run").write_bytes(b"garbage\tline\n" + clean[:40])
    code, output = run("run", f, "-o", out, "--resume")
    recs, errs, summary = outputs(out)
    assert code == 0 and errs == [] and (out / "records.jsonl").read_bytes() == clean
    assert summary["warnings"] and "not reused" in summary["warnings"][0]


def test_resume_reuses_good_records(tmp_path):
    f = jsonl(tmp_path / "a.jsonl", {"abstract": GOOD}, {"abstract": GOOD2})
    out = tmp_path / "out"
    run("run", f, "-o", out)
    clean = (out / "records.jsonl").read_bytes()
    code, _ = run("run", f, "-o", out, "--resume")
    _, _, summary = outputs(out)
    assert code == 0 and summary["resumed"] == 2 and "warnings" not in summary
    assert (out / "records.jsonl").read_bytes() == clean


# ---------------------------------------------------------------- record files with U+2028

def test_report_eval_validate_leaderboard_read_line_separators(tmp_path):
    text = "Line\u2028sep, para\u2029sep and next\u0085line: FooNet reaches 91.2% accuracy on ImageNet."
    f = jsonl(tmp_path / "a.jsonl", {"abstract": text})
    out = tmp_path / "out"
    assert run("run", f, "-o", out)[0] == 0
    assert run("validate", out)[0] == 0
    assert run("report", out)[0] == 0 and "FooNet" in (out / "report.html").read_text()
    assert run("leaderboard", out)[0] == 0
    gold = jsonl(tmp_path / "gold.jsonl", {"id": "g", "text": text, "results": [
        {"text": "91.2%", "occurrence": 0, "value": 91.2, "unit": "%", "kind": "score", "qualifier": None,
         "metric": "accuracy", "subject": "FooNet", "dataset": "ImageNet"}]})
    code, output = run("eval", out, "--gold", gold)
    assert code == 0 and "results" in output


def test_eval_refuses_a_records_file_as_gold(tmp_path):
    f = jsonl(tmp_path / "a.jsonl", {"abstract": GOOD})
    run("run", f, "-o", tmp_path / "out")
    code, output = run("eval", tmp_path / "out", "--gold", tmp_path / "out" / "records.jsonl")
    assert code == 1 and "not a gold file" in output


# ---------------------------------------------------------------- output folder

def test_second_run_on_a_busy_output_folder_is_refused(tmp_path):
    f = jsonl(tmp_path / "a.jsonl", {"abstract": GOOD})
    out = tmp_path / "out"
    out.mkdir()
    held = engine.OutputLock(out)
    try:
        code, output = run("run", f, "-o", out)
        assert code == 2 and "another run is writing to this folder" in output
        assert not (out / "records.jsonl").exists()
    finally:
        held.release()
    assert run("run", f, "-o", out)[0] == 0 and not (out / ".lock").exists()


def test_two_processes_on_one_output_folder(tmp_path):
    rows = [{"abstract": f"Abstract {i}: {GOOD}"} for i in range(400)]
    big = jsonl(tmp_path / "big.jsonl", *rows)
    small = jsonl(tmp_path / "small.jsonl", {"abstract": GOOD2})
    out = tmp_path / "out"
    first = subprocess.Popen([sys.executable, "-m", "extractors", "run", str(big), "-o", str(out)],
                             stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 60
    while not (out / ".lock").exists() and time.time() < deadline:
        time.sleep(0.05)
    second = cli_child("run", small, "-o", out)
    assert first.wait(120) == 0
    assert second.returncode == 2 and "another run is writing" in second.stderr
    recs, _, summary = outputs(out)
    assert len(recs) == 400 and summary["abstracts_read"] == 400


@pytest.mark.parametrize("target", ["file", "under_file", "/dev/null", "/proc/1/nope"])
def test_unusable_output_folder_is_a_usage_error(tmp_path, target):
    f = jsonl(tmp_path / "a.jsonl", {"abstract": GOOD})
    out = {"file": f, "under_file": f / "x"}.get(target, target)
    code, output = run("run", f, "-o", out)
    assert code == 2 and "-o" in output


def test_outputs_follow_the_umask(tmp_path):
    f = jsonl(tmp_path / "a.jsonl", {"abstract": GOOD})
    res = cli_child("run", f, "-o", tmp_path / "out", preexec_fn=lambda: os.umask(0o027))
    assert res.returncode == 0
    modes = {p.name: p.stat().st_mode & 0o777 for p in (tmp_path / "out").iterdir()}
    assert modes == {"records.jsonl": 0o640, "errors.jsonl": 0o640, "summary.json": 0o640}


def test_workers_capped_at_the_cpus(tmp_path):
    f = jsonl(tmp_path / "a.jsonl", {"abstract": GOOD})
    code, output = run("run", f, "-o", tmp_path / "out", "--workers", 64)
    _, _, summary = outputs(tmp_path / "out")
    assert code == 0 and summary["workers"] == engine.usable_workers(64) <= os.cpu_count()
    assert "using that many" in output


def test_empty_input_folder_and_validate_of_nothing(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / ".hidden.txt").write_text(GOOD)
    code, output = run("run", tmp_path / "in", "-o", tmp_path / "out")
    assert code == 1 and "nothing to read" in output
    code, output = run("validate", tmp_path / "in")
    assert code == 1 and "no records.jsonl" in output


# ---------------------------------------------------------------- crashes and signals

def test_internal_error_exits_3_and_leaves_no_older_output(tmp_path):
    f = jsonl(tmp_path / "a.jsonl", {"abstract": GOOD})
    out = tmp_path / "out"
    assert cli_child("run", f, "-o", out).returncode == 0 and (out / "records.jsonl").exists()
    crash = ("import sys; from extractors import engine\n"
             "def boom(*a, **k): raise RuntimeError('disk on fire')\n"
             "engine.merge_records = boom\n"
             "from extractors.cli import main; main(sys.argv[1:])\n")
    res = subprocess.run([sys.executable, "-c", crash, "run", str(f), "-o", str(out)],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 3 and "internal error (RuntimeError: disk on fire)" in res.stderr
    assert not (out / "records.jsonl").exists() and not (out / "summary.json").exists()
    assert run("run", f, "-o", out, "--resume")[0] == 0


def _children(pid: int) -> list[int]:
    out = []
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                if int((p / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(p.name))
            except (OSError, IndexError, ValueError):
                pass
    return out


def _alive(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_signal_on_main_process_ends_the_workers(tmp_path, sig):
    rows = [{"abstract": f"Abstract {i}: {GOOD} {GOOD2}"} for i in range(3000)]
    f = jsonl(tmp_path / "a.jsonl", *rows)
    main = subprocess.Popen([sys.executable, "-m", "extractors", "run", str(f), "-o", str(tmp_path / "out"),
                             "--workers", "2", "--partition-mb", "0.05"], stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 60
    workers: list[int] = []
    while time.time() < deadline and len(workers) < 2:
        time.sleep(0.2)
        workers = [c for c in _children(main.pid) if _alive(c)]
    assert len(workers) >= 2
    time.sleep(1.0)
    main.send_signal(sig)
    code = main.wait(30)
    assert code == (143 if sig == signal.SIGTERM else -signal.SIGKILL)
    end = time.time() + 10
    while time.time() < end and any(_alive(w) for w in workers):
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers)


def test_a_number_beyond_float_range_is_not_read_as_its_exponent(extractor):
    """'1.8e+308' overflows a float: it is no result, and its exponent is not one either."""
    rec = extractor.extract("The bound 1.8e+308 is the largest double; we also reach 91.2% accuracy.")
    assert [r.value for r in rec.results] == [91.2]


#: `extract(text, **meta)` called with what a reader would refuse: (text, meta, exception, message).
#: Before the fifty-first session these surfaced as "normalisation failed: TypeError: argument of
#: type 'NoneType' is not iterable" or a pydantic error about `Record`, or (a 31-digit year) were
#: written into the record.
API_CALLS = [
    (None, {}, TypeError, "text must be a str, not NoneType"),
    (b"FooNet reaches 91.2%.", {}, TypeError, "text must be a str, not bytes"),
    ("   ", {}, ValueError, "empty abstract"),
    ("a\ud800b", {}, ValueError, "abstract holds a lone surrogate U+D800 at character 2 (not valid Unicode)"),
    (GOOD, {"venue": 5}, TypeError, "venue must be a str or None, not int"),
    (GOOD, {"title": ["a"]}, TypeError, "title must be a str or None, not list"),
    (GOOD, {"title": "x\ud800"}, ValueError, "title holds a lone surrogate U+D800 at character 2 (not valid Unicode)"),
    (GOOD, {"year": 10 ** 30}, ValueError, "year 100000000000... (31 digits) is not a year (expected 1000-2999)"),
    (GOOD, {"index": -1}, ValueError, "index must be 0 or more, not -1"),
    (GOOD, {"index": True}, TypeError, "index must be an int, not bool"),
    (GOOD, {"path": None}, TypeError, "path must be a str, not NoneType"),
    (GOOD, {"line": "3"}, TypeError, "line must be an int or None, not str"),
    (GOOD, {"veneu": "ICLR"}, TypeError, "extract() got unknown metadata veneu (known: path, index, line, venue, "
                                         "year, title, ext_id)"),
]


@pytest.mark.parametrize("text, meta, error, message", API_CALLS, ids=[c[3][:40] for c in API_CALLS])
def test_extract_names_the_argument_a_reader_would_refuse(extractor, text, meta, error, message):
    with pytest.raises(error) as raised:
        extractor.extract(text, **meta)
    assert str(raised.value) == message


def test_extract_reads_metadata_as_the_readers_do(extractor):
    """A year written as the readers accept one ("2021", 2021.0) is that year; "n/a" is none."""
    assert extractor.extract(GOOD, year="2021").year == 2021
    assert extractor.extract(GOOD, year=2021.0).year == 2021
    assert extractor.extract(GOOD, year="n/a", venue="ICLR", title="FooNet").model_dump(
        include={"year", "venue", "title"}) == {"year": None, "venue": "ICLR", "title": "FooNet"}
