"""Scaling out: partitions, the local and Dask engines, crash safety and --resume.

The Dask tests run a 2-worker LocalCluster (processes, one thread each) on 1,000 corpus abstracts
and compare its output byte for byte with the local engine's; one of them kills a worker mid-run.
"""
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from extractors import engine, partition, readers
from extractors.readers import Abstract, InputError

from conftest import ROOT, SEEDS, SHARED

CORPUS = SHARED / "corpus" / "abstracts.jsonl"


def make_corpus(path: Path, n: int = 1000) -> Path:
    """`n` corpus abstracts as JSONL, with some exact duplicates far apart (so that they fall in
    different partitions) and a few bad lines; from the repo's annotated batches, repeated with
    varied ids and texts, when the corpus is not beside the project."""
    if CORPUS.exists():
        with open(CORPUS, encoding="utf-8") as fh:
            rows = [json.loads(next(fh)) for _ in range(n)]
    else:
        base = []
        for f in sorted((ROOT / "data" / "annotations" / "batches").glob("batch_*.jsonl")):
            base += [json.loads(line) for line in f.read_text(encoding="utf-8").splitlines()]
        rows = []
        for k in range(n):
            r = dict(base[k % len(base)])
            text = r.pop("text", None) or r.get("abstract")
            r["abstract"] = text if k < len(base) else f"{text} (Variant {k // len(base)}.)"
            r["id"] = f"{r.get('id', 'x')}-{k}"
            rows.append(r)
    lines = [json.dumps(r, ensure_ascii=False) for r in rows]
    rnd = random.Random(3)
    for i in rnd.sample(range(len(lines) // 2), 30):  # duplicates, later in the file
        lines.insert(rnd.randrange(len(lines) // 2, len(lines)), lines[i])
    lines.insert(17, "{not json")
    lines.insert(400, "")
    lines.insert(401, json.dumps({"title": "no abstract"}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    d = tmp_path_factory.mktemp("corpus")
    make_corpus(d / "abstracts.jsonl")
    (d / "more").mkdir()
    (d / "more" / "b.txt").write_text((SEEDS / sorted(os.listdir(SEEDS))[0]).read_text(encoding="utf-8"),
                                      encoding="utf-8")
    return d


@pytest.fixture(scope="module")
def local_run(corpus, tmp_path_factory):
    """The reference: the local engine in this process, default settings."""
    out = tmp_path_factory.mktemp("local")
    summary = engine.run([str(corpus)], out)
    return out, summary


def outputs(d: Path) -> tuple[bytes, bytes, dict]:
    summary = json.loads((d / "summary.json").read_text())
    counts = {k: summary[k] for k in ("files_read", "abstracts_read", "records_written",
                                      "duplicates_merged", "errors")}
    return (d / "records.jsonl").read_bytes(), (d / "errors.jsonl").read_bytes(), counts


# ---------------------------------------------------------------- partitions

def _jsonl_with_everything(path: Path) -> Path:
    lines = [b'\xef\xbb\xbf{"abstract": "First, after a BOM."}', b"", b"   ", "\u00a0\u2003".encode(),
             b'{"abstract": "caf\xe9 latin-1"}', b"{broken", b'{"title": "none"}', b'{"abstract": ""}']
    lines += [json.dumps({"id": i, "abstract": f"Abstract {i} reaches {i}% on X."}).encode() for i in range(60)]
    lines.insert(30, b"\r")
    path.write_bytes(b"\n".join(lines) + b"\r\n" + b'{"abstract": "last, no newline"}')
    return path


def test_ranges_tile_the_file_exactly(tmp_path):
    f = _jsonl_with_everything(tmp_path / "a.jsonl")
    whole = [(type(i).__name__, vars(i)) for i in readers.read_file(f, str(f))]
    size = f.stat().st_size
    rnd = random.Random(5)
    for trial in range(30):
        cuts = sorted(set([0, size] + [rnd.randrange(size) for _ in range(rnd.randint(1, 12))]))
        got = []
        for a, b in zip(cuts, cuts[1:]):
            got += [(type(i).__name__, vars(i)) for i in partition.read_range(f, a, b if b < size else None, str(f))]
        assert got == whole
    # the planner's ranges, which carry their first line and index, give the same
    parts = list(partition.plan([str(f)], part_bytes=200))
    assert len(parts) > 5 and all(p.kind == "range" for p in parts)
    got = [(type(i).__name__, vars(i)) for p in parts for _, i in partition.read_part(p)]
    assert got == whole
    keys = [k for p in parts for k, _ in partition.read_part(p)]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_nul_lines_cost_one_line_each_whatever_the_ranges(tmp_path):
    """A NUL byte costs the line that holds it, in the first 8 KB as later, in ranges as whole;
    a file of mostly NUL bytes is one error."""
    f = tmp_path / "nul.jsonl"
    f.write_bytes(b'\x00\x01{"abstract": "x"}\n{"abstract": "y"}\n' * 5000)
    parts = list(partition.plan([str(f)], part_bytes=4096))
    items = [i for p in parts for _, i in partition.read_part(p)]
    whole = [(type(i).__name__, vars(i)) for i in partition.read_range(f, 0, None, str(f))]
    assert len(parts) > 5 and [(type(i).__name__, vars(i)) for i in items] == whole
    assert [type(i) for i in items] == [InputError, Abstract] * 5000
    assert items[0].reason.startswith("NUL byte at column 1") and items[2].line == 3
    g = tmp_path / "zeros.jsonl"
    g.write_bytes(b"\x00" * 50_000 + b'{"abstract": "x"}\n')
    (only,) = [i for p in partition.plan([str(g)], part_bytes=4096) for _, i in partition.read_part(p)]
    assert isinstance(only, InputError) and "binary" in only.reason


def test_output_independent_of_workers_and_partition_size(corpus, local_run, tmp_path):
    ref = outputs(local_run[0])
    assert ref[2]["errors"] == 2 and ref[2]["duplicates_merged"] >= 30
    for workers, part in [(2, 16 << 10), (1, 1 << 30)]:
        out = tmp_path / f"w{workers}"
        engine.run([str(corpus)], out, workers=workers, part_bytes=part)
        assert outputs(out) == ref


def test_spark_recipe_mappartitions(corpus, local_run, tmp_path):
    """The Spark recipe of the README, with mapPartitions played by a loop over slices."""
    parts = list(partition.plan([str(corpus)], part_bytes=64 << 10))
    slices = [parts[i::3] for i in range(3)]  # as sc.parallelize(parts, 3) would spread them
    results = (r for s in slices for r in partition.extract_partitions(iter(s)))
    engine.write_results(results, tmp_path / "spark", inputs=[str(corpus)])
    assert outputs(tmp_path / "spark") == outputs(local_run[0])


# ---------------------------------------------------------------- Dask

@pytest.fixture(scope="module")
def cluster():
    """The engine's own LocalCluster (`dask_engine.local_cluster`: worker processes forked on
    Linux), so that the tests below also cover a forked worker killed and restarted."""
    pytest.importorskip("distributed")
    from extractors import dask_engine
    with dask_engine.local_cluster(2) as c:
        yield c


def test_dask_matches_local_byte_for_byte(cluster, corpus, local_run, tmp_path):
    from extractors import dask_engine
    out = tmp_path / "dask"
    summary = dask_engine.run([str(corpus)], out, scheduler=cluster.scheduler_address, part_bytes=96 << 10)
    assert outputs(out) == outputs(local_run[0])
    assert summary.engine == "dask" and summary.workers == 2
    # the workers were forked from this process, not spawned as fresh interpreters
    from distributed import Client
    import psutil
    with Client(cluster) as client:
        pids = list(client.run(os.getpid).values())
        tuned = list(client.run(_tune_gc).values())
        settings = list(client.run(_worker_settings).values())
    assert len(pids) == 2
    # the workers of the engine's own cluster run without the profiler, with slower monitors
    assert settings == [[dask_engine.OWN_CLUSTER_CONFIG[k] for k in sorted(dask_engine.OWN_CLUSTER_CONFIG)]] * 2
    assert settings[0][sorted(dask_engine.OWN_CLUSTER_CONFIG).index("distributed.worker.profile.enabled")] is False
    assert tuned == [False, False]  # a cluster given to the run keeps its garbage collector as it was
    for pid in pids:
        assert not any("spawn_main" in part for part in psutil.Process(pid).cmdline())


def _worker_settings() -> list:
    """The Dask settings of `dask_engine.OWN_CLUSTER_CONFIG` as a worker process sees them."""
    import dask
    from extractors import dask_engine
    return [dask.config.get(k) for k in sorted(dask_engine.OWN_CLUSTER_CONFIG)]


def _tune_gc() -> bool:
    from extractors import partition
    return partition.TUNE_GC


def test_dask_plugin_tunes_only_the_runs_own_workers(monkeypatch):
    """The run's own LocalCluster workers do nothing but extraction: their collector is tuned as
    the local engine's workers' is (partition.TUNE_GC); a given cluster's are not touched."""
    pytest.importorskip("distributed")
    from extractors import dask_engine
    built = []
    monkeypatch.setattr(partition, "warm_up", lambda: built.append(partition.TUNE_GC))
    monkeypatch.setattr(partition, "TUNE_GC", False)
    def set_up(own: bool, k: int) -> None:
        dask_engine._plugin(own_workers=own).setup(None)
        for _ in range(500):  # the warm-up thread it starts sees the flag as set up
            if len(built) == k:
                return
            time.sleep(0.01)

    set_up(False, 1)
    assert partition.TUNE_GC is False
    set_up(True, 2)
    assert partition.TUNE_GC is True
    assert built == [False, True]


def test_dask_worker_killed_mid_run_loses_and_doubles_nothing(cluster, corpus, local_run, tmp_path):
    from distributed import Client
    from extractors import dask_engine
    killed = []
    with Client(cluster.scheduler_address) as client:
        pids = client.run(os.getpid)

        def kill_one(n):
            if not killed:
                addr, pid = sorted(pids.items())[0]
                os.kill(pid, signal.SIGKILL)
                killed.append(addr)

        out = tmp_path / "dask-kill"
        dask_engine.run([str(corpus)], out, progress=kill_one, part_bytes=48 << 10, client=client)
        assert killed
    assert outputs(out) == outputs(local_run[0])


# ---------------------------------------------------------------- crash safety and --resume

def test_interrupted_then_resumed_equals_uninterrupted(corpus, local_run, tmp_path, monkeypatch):
    from extractors import writers
    monkeypatch.setattr(writers, "RUN_SIZE", 100)
    out = tmp_path / "out"
    calls = []

    def stop(n):
        calls.append(n)
        if len(calls) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        engine.run([str(corpus)], out, progress=stop, part_bytes=32 << 10)
    assert not (out / "records.jsonl").exists()
    assert list((out / ".partial").glob("*.run"))  # the work done so far is kept
    summary = engine.run([str(corpus)], out, resume=True, workers=2, part_bytes=32 << 10)
    assert 0 < summary.resumed < summary.abstracts_read
    assert outputs(out) == outputs(local_run[0])
    assert not (out / ".partial").exists()
    # everything done: nothing left to extract, same files again
    summary = engine.run([str(corpus)], out, resume=True)
    assert summary.resumed == summary.abstracts_read
    assert outputs(out) == outputs(local_run[0])


def test_resume_after_adding_and_removing_inputs(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text("".join(json.dumps({"abstract": f"Paper {i} gets {i}.5% on ImageNet."}) + "\n" for i in range(8)))
    b.write_text("".join(json.dumps({"abstract": f"Paper {i} gets {i}.5% on ImageNet.", "venue": "ICLR 2024"}) + "\n"
                         for i in range(4, 12)))
    out = tmp_path / "out"
    engine.run([str(a)], out)
    engine.run([str(a), str(b)], out, resume=True)
    engine.run([str(a), str(b)], tmp_path / "ref")
    assert outputs(out) == outputs(tmp_path / "ref")
    engine.run([str(b)], out, resume=True)   # records only in a.jsonl go
    engine.run([str(b)], tmp_path / "ref-b")
    assert outputs(out) == outputs(tmp_path / "ref-b")


def test_killed_cli_run_leaves_no_truncated_file_and_resumes(corpus, local_run, tmp_path):
    out = tmp_path / "out"
    (out).mkdir()
    (out / "records.jsonl").write_bytes(b"")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cmd = [sys.executable, "-m", "extractors", "run", str(corpus), "-o", str(out), "--workers", "2"]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    time.sleep(4)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    # no file (a run removes an earlier run's output when it starts, so that a killed run never
    # leaves it behind as if it were its own), or (had the run finished) the new one, whole
    rec = out / "records.jsonl"
    assert not rec.exists() or rec.read_bytes() == outputs(local_run[0])[0]
    res = subprocess.run(cmd + ["--resume"], env=env, capture_output=True, text=True)
    assert res.returncode == 1, res.stderr  # 1: the corpus file has bad lines
    assert outputs(out) == outputs(local_run[0])


def test_merge_in_passes_when_runs_exceed_fan_in(corpus, local_run, tmp_path, monkeypatch):
    """Many runs (more than can be open at once) merge in passes to the same bytes."""
    from extractors import writers
    monkeypatch.setattr(writers, "RUN_SIZE", 40)
    monkeypatch.setattr(writers, "FAN_IN", 4)
    engine.run([str(corpus)], tmp_path / "out", part_bytes=64 << 10)
    assert outputs(tmp_path / "out") == outputs(local_run[0])


def test_collector_tuning_only_in_extraction_processes():
    """A library caller's collector is left alone; the `extractors run` process and the engines'
    workers (partition.TUNE_GC) freeze the pipeline's objects and collect less often."""
    import gc
    import subprocess
    import sys
    probe = ("import gc; t0 = gc.get_threshold(); import extractors.partition as p; p._built(object()); "
             "a = gc.get_threshold(); p.TUNE_GC = True; p._built(object()); b = gc.get_threshold(); "
             "print(a == t0, b == p.GC_THRESHOLDS, gc.get_freeze_count() > 0)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "True", "True"]
    # a Python caller that runs the command in its own process gets its collector back
    before = gc.get_threshold()
    with partition.extraction_only():
        assert partition.TUNE_GC
        partition._built(object())
        assert gc.get_threshold() == partition.GC_THRESHOLDS
    assert gc.get_threshold() == before and not partition.TUNE_GC and gc.get_freeze_count() == 0
