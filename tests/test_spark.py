"""The Spark engine under a real pyspark `local[2]` (Java 17+; CI installs Debian's JRE).

The inputs: 1,000 corpus abstracts with duplicates far apart and bad lines (as in test_scale), a
CSV of 60 more (larger than a part, so the driver hands it out as slices of positions), a seed
text file and a path that does not exist. The reference is the local engine on the same inputs.
"""
import csv
import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil
import pytest

from extractors import engine
from extractors import spark as spark_engine

from conftest import ROOT, SEEDS
from test_scale import CORPUS, make_corpus, outputs


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    d = tmp_path_factory.mktemp("spark-in")
    make_corpus(d / "abstracts.jsonl")
    if CORPUS.exists():
        with open(CORPUS, encoding="utf-8") as fh:
            rows = [json.loads(line) for _, line in zip(range(1090), fh)][1000:]
    else:  # the first 60 lines of the JSONL just written, given fresh texts
        rows = [json.loads(line) for line in (d / "abstracts.jsonl").read_text(encoding="utf-8").splitlines()
                if line.startswith("{\"")][:90]
        for r in rows:
            r["abstract"] += " (CSV copy.)"
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["id", "title", "abstract"])
    for r in rows:
        w.writerow([r.get("id"), r.get("title"), r["abstract"]])
    (d / "more").mkdir()
    (d / "more" / "extra.csv").write_text(buf.getvalue(), encoding="utf-8")
    (d / "more" / "seeds.txt").write_text((SEEDS / sorted(os.listdir(SEEDS))[0]).read_text(encoding="utf-8"),
                                          encoding="utf-8")
    return [str(d), str(d / "not-there.jsonl")]


@pytest.fixture(scope="module")
def local_run(inputs, tmp_path_factory):
    out = tmp_path_factory.mktemp("local")
    engine.run(inputs, out, workers=2)
    return out


@pytest.fixture(scope="module")
def sc():
    """local[2,2] as `extractors.spark.context` sets it up (the daemon that builds the pipeline
    before it forks the workers included): two cores, and a task may fail once and be tried again
    (plain local[N] gives every task a single attempt)."""
    old = os.environ.get("PYSPARK_PYTHON")
    os.environ["PYSPARK_PYTHON"] = sys.executable
    context = spark_engine.context("local[2,2]")
    assert context.getConf().get("spark.python.daemon.module") == "extractors.spark_daemon"
    yield context
    context.stop()
    if old is None:
        os.environ.pop("PYSPARK_PYTHON", None)
    else:
        os.environ["PYSPARK_PYTHON"] = old


def test_cli_spark_local2_is_byte_identical_to_local(inputs, local_run, tmp_path):
    ref = outputs(local_run)
    assert ref[2]["errors"] == 3 and ref[2]["duplicates_merged"] >= 30 and ref[2]["files_read"] == 4
    out = tmp_path / "spark"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    res = subprocess.run([sys.executable, "-m", "extractors", "run", *inputs, "-o", str(out),
                          "--engine", "spark", "--master", "local[2]", "--partition-mb", "0.1"],
                         env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 1, res.stderr[-3000:]  # 1: some inputs are bad (the same as locally)
    assert outputs(out) == ref
    summary = json.loads((out / "summary.json").read_text())
    assert summary["engine"] == "spark" and summary["workers"] == 2
    assert not (out / ".partial").exists()


def test_spark_submit_keeps_its_master(inputs, local_run, tmp_path):
    """Under spark-submit the driver file runs `extractors run --engine spark` on spark-submit's
    master (local[3] here, not the local[2] default) and gives the local engine's output."""
    submit = Path(sys.executable).parent / "spark-submit"
    driver = tmp_path / "run_extractors.py"
    driver.write_text("from extractors.cli import main\nmain()\n", encoding="utf-8")
    out = tmp_path / "submitted"
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYSPARK_PYTHON=sys.executable,
               PYSPARK_DRIVER_PYTHON=sys.executable, SPARK_LOCAL_IP="127.0.0.1")
    res = subprocess.run([str(submit), "--master", "local[3]", "--conf", "spark.ui.enabled=false",
                          str(driver), "run", *inputs, "-o", str(out), "--engine", "spark",
                          "--partition-mb", "0.2"], env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 1, res.stderr[-3000:]  # 1: some inputs are bad (the same as locally)
    assert json.loads((out / "summary.json").read_text())["workers"] == 3
    assert outputs(out) == outputs(local_run)


def test_shipped_parts_have_absolute_paths_and_slices_read_back(inputs):
    """What the driver ships: absolute paths, the CSV as slices of positions that the executor
    reads back into the same abstracts with the same keys."""
    from extractors import partition
    from extractors.engine import _planned
    planned = list(_planned(inputs, 100 << 10, 100_000))
    shipped = [spark_engine._shippable(p) for p in planned]
    kinds = [p.kind for p in shipped]
    assert kinds.count("slice") >= 2 and kinds.count("range") > 10 and "missing" in kinds
    assert all(os.path.isabs(p.path) for p in shipped if p.kind != "missing")
    for orig, ship in zip(planned, shipped):
        if orig.kind == "items":
            assert ship.items == [] and ship.end - ship.start == len(orig.items)
            back = spark_engine._readable(ship)
            assert [(k, vars(a)) for k, a in back.items] == [(k, vars(a)) for k, a in orig.items]
    assert partition.key(0, 5) & spark_engine._POS_MASK == 5


def test_automatic_part_size(inputs, tmp_path):
    size = sum(f.stat().st_size for f in Path(inputs[0]).rglob("*") if f.is_file())
    per_core = spark_engine.TASKS_PER_CORE
    assert spark_engine.part_size(inputs, 2) == max(256 << 10, size // (2 * per_core))
    assert spark_engine.part_size(inputs, 2, part_mb=0.5) == 512 << 10
    assert spark_engine.part_size(inputs, 10_000) == 256 << 10                 # never tiny
    huge = tmp_path / "huge.jsonl"
    with open(huge, "wb") as fh:
        fh.truncate(40 << 30)                                                   # sparse: 40 GB on paper
    assert spark_engine.part_size([str(huge)], 4) == 64 << 20                  # never above 64 MB


def _python_workers(sc) -> list:
    """The pyspark worker processes (children of the Python daemon under the driver's JVM)."""
    workers = []
    for p in psutil.Process(sc._gateway.proc.pid).children(recursive=True):
        try:
            if "extractors.spark_daemon" in " ".join(p.cmdline()) and p.parent().name() == "java":
                workers += p.children()   # the daemon's children: the workers, which fork from it
        except psutil.Error:          # gone meanwhile, or a zombie
            pass
    return workers


def test_task_failing_once_is_retried_without_loss_or_duplication(sc, inputs, local_run, tmp_path,
                                                                  monkeypatch):
    """Python workers are killed (SIGKILL) while tasks run: the tasks fail, Spark runs them again,
    and the driver merges one attempt per part."""
    accepted = []
    original = spark_engine._one_per_part

    def spy(committed, n):
        chosen = original(committed, n)
        accepted.extend(chosen)
        return chosen

    monkeypatch.setattr(spark_engine, "_one_per_part", spy)
    # a kill lands between two tasks now and then (the worker is respawned, no task fails): up to
    # three runs, each checked in full, until one of them has a task tried twice
    for round_no in range(3):
        accepted.clear()
        out = tmp_path / f"retry-{round_no}"
        killed = _kill_workers_once_started(sc, out)
        summary = spark_engine.run(sc, inputs, out, part_mb=0.1)
        killed.join()
        assert killed.pids
        assert sorted(c.no for c in accepted) == list(range(len(accepted)))
        assert outputs(out) == outputs(local_run)
        assert summary.engine == "spark" and summary.abstracts_read == outputs(local_run)[2]["abstracts_read"]
        if any(c.attempt > 0 for c in accepted):
            break
    assert any(c.attempt > 0 for c in accepted), "no task was tried twice in three runs"


class _Killer(threading.Thread):
    """Kills the context's Python workers (SIGKILL) once the first part of a run is in."""

    def __init__(self, sc, out: Path) -> None:
        super().__init__(daemon=True)
        self.sc, self.out, self.pids = sc, out, []

    def run(self) -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not self.pids:
            try:
                started = any(p.name.startswith("spark-") for p in (self.out / ".partial").iterdir())
            except FileNotFoundError:   # not made yet (or already merged and gone)
                started = False
            if started:
                for w in _python_workers(self.sc):  # the first part is in: both workers are busy
                    try:
                        os.kill(w.pid, signal.SIGKILL)
                        self.pids.append(w.pid)
                    except ProcessLookupError:
                        pass
            time.sleep(0.02)


def _kill_workers_once_started(sc, out: Path) -> _Killer:
    killer = _Killer(sc, out)
    killer.start()
    return killer


def test_runs_of_other_attempts_are_never_merged(sc, inputs, local_run, tmp_path, monkeypatch):
    """A speculative or failed attempt may leave whole run files in .partial/ (here: copies of the
    accepted attempt's runs under another attempt's name, as a speculative copy that also finished
    would write); the driver merges only the files the accepted attempt named."""
    original = spark_engine._one_per_part
    copies = []

    def with_strays(committed, n):
        chosen = original(committed, n)
        partial = out / ".partial"
        for c in chosen[::3]:
            for name in c.record_runs + c.error_runs:
                stray = name.replace(f"-a{c.attempt}-t{c.task_id}-", f"-a{c.attempt + 1}-t9{c.task_id}-")
                (partial / stray).write_bytes((partial / name).read_bytes())
                copies.append(stray)
        return chosen

    monkeypatch.setattr(spark_engine, "_one_per_part", with_strays)
    out = tmp_path / "strays"
    spark_engine.run(sc, inputs, out, part_mb=0.2)
    assert len(copies) >= 4
    assert outputs(out) == outputs(local_run)


@pytest.mark.parametrize("committed, n, message", [
    ([(0, 0), (1, 0), (1, 1)], 2, "part 1 came back twice"),
    ([(0, 0), (2, 1)], 3, "parts missing from the Spark job's result: [1]"),
])
def test_driver_refuses_a_result_that_is_not_one_attempt_per_part(committed, n, message):
    rows = [spark_engine.Committed(no, att, 10 + no, [f"spark-x-p{no:06d}-a{att}-t1-rec-000000.run"], [],
                                   70, 0, 0, ["a.jsonl"]) for no, att in committed]
    with pytest.raises(RuntimeError) as e:
        spark_engine._one_per_part(rows, n)
    assert message in str(e.value)


def test_executor_without_the_output_folder_fails_with_a_clear_message(sc, tmp_path):
    """On a cluster whose executors do not see the output folder, the job fails and says why."""
    f = tmp_path / "in.jsonl"
    f.write_text(json.dumps({"abstract": "We propose FooNet, reaching 91.2% accuracy on CIFAR-10."}) + "\n")
    settings = sc.broadcast((None, 2.0, 100_000))
    parts = [spark_engine._shippable(p) for p in spark_engine._planned([str(f)], 1 << 20, 100_000)]
    done = sc.accumulator(0)
    task = lambda i, it: spark_engine._task(i, it, str(tmp_path / "elsewhere" / ".partial"), "t",  # noqa: E731
                                            settings, done, 100)
    with pytest.raises(Exception) as e:
        sc.parallelize(parts, 1).mapPartitionsWithIndex(task).collect()
    assert "driver and every executor reach at the same path" in str(e.value)


def test_resume_over_a_finished_output_reuses_every_record(sc, inputs, local_run, tmp_path):
    """--resume under Spark: the records already written are shipped to the executors (a broadcast)
    and every abstract is found there; the files are the same."""
    import shutil
    out = tmp_path / "resumed"
    shutil.copytree(local_run, out)
    summary = spark_engine.run(sc, inputs, out, resume=True, part_mb=0.2)
    assert summary.resumed == summary.abstracts_read > 1100   # every abstract (bad lines are not abstracts)
    assert outputs(out) == outputs(local_run)
