"""The Dask engine against a real cluster: `dask scheduler` and `dask worker --nworkers 2
--nthreads 1` started as separate processes on 127.0.0.1 (ports picked by the system), as a team
would run them, compared with the local engine on 1,000 corpus abstracts; then a worker process is
killed mid-run (its nanny starts a new one) and nothing is lost or doubled.
"""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from extractors import engine

from conftest import ROOT, SEEDS
from test_scale import make_corpus, outputs


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    d = tmp_path_factory.mktemp("dask-corpus")
    make_corpus(d / "abstracts.jsonl")
    (d / "seeds.txt").write_text((SEEDS / sorted(os.listdir(SEEDS))[0]).read_text(encoding="utf-8"),
                                 encoding="utf-8")
    return d


@pytest.fixture(scope="module")
def local_run(corpus, tmp_path_factory):
    out = tmp_path_factory.mktemp("local")
    engine.run([str(corpus)], out, workers=2)
    return out


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory):
    """The address of a running `dask scheduler` with two worker processes; both stopped after."""
    from distributed import Client
    d = tmp_path_factory.mktemp("dask-cluster")
    env = dict(os.environ, PYTHONPATH=str(ROOT))   # the workers import this checkout
    sched_file = d / "scheduler.json"
    procs = [subprocess.Popen([sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1",
                               "--port", "0", "--no-dashboard", "--scheduler-file", str(sched_file)],
                              env=env, cwd=d, stdout=subprocess.DEVNULL, stderr=open(d / "scheduler.log", "w"))]
    try:
        deadline = time.monotonic() + 60
        while not sched_file.exists() or not sched_file.read_text().strip():
            assert time.monotonic() < deadline and procs[0].poll() is None, (d / "scheduler.log").read_text()
            time.sleep(0.1)
        time.sleep(0.1)
        address = json.loads(sched_file.read_text())["address"]
        assert address.startswith("tcp://127.0.0.1:")
        procs.append(subprocess.Popen([sys.executable, "-m", "dask", "worker", address, "--nworkers", "2",
                                       "--nthreads", "1", "--host", "127.0.0.1", "--no-dashboard",
                                       "--death-timeout", "60"],
                                      env=env, cwd=d, stdout=subprocess.DEVNULL,
                                      stderr=open(d / "worker.log", "w")))
        with Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=90)
        yield address
    finally:
        for p in reversed(procs):   # workers first (they shut down cleanly on SIGTERM), then the scheduler
            p.terminate()
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def test_cli_against_a_real_scheduler_matches_local(scheduler, corpus, local_run, tmp_path):
    out = tmp_path / "dask"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    res = subprocess.run([sys.executable, "-m", "extractors", "run", str(corpus), "-o", str(out),
                          "--engine", "dask", "--scheduler", scheduler, "--partition-mb", "0.1"],
                         env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 1, res.stderr[-3000:]  # 1: the corpus file has bad lines, as locally
    ref = outputs(local_run)
    assert ref[2]["errors"] == 2 and ref[2]["duplicates_merged"] >= 30
    assert outputs(out) == ref
    summary = json.loads((out / "summary.json").read_text())
    assert summary["engine"] == "dask" and summary["workers"] == 2


def test_worker_process_killed_mid_run_loses_nothing(scheduler, corpus, local_run, tmp_path):
    from distributed import Client
    from extractors import dask_engine
    killed = []
    with Client(scheduler) as client:
        client.wait_for_workers(2, timeout=90)
        pids = client.run(os.getpid)
        assert len(pids) == 2 and os.getpid() not in pids.values()

        def kill_one(n):
            if not killed:   # after the first part is in, while the others run
                addr, pid = sorted(pids.items())[0]
                os.kill(pid, signal.SIGKILL)
                killed.append(addr)

        out = tmp_path / "dask-kill"
        summary = dask_engine.run([str(corpus)], out, progress=kill_one, part_bytes=48 << 10, client=client)
        assert killed
        # The killed process is gone for good and its nanny started a new one. The scheduler learns
        # of both asynchronously (the run may end first), so wait for two live workers of which
        # none is the killed process: asking by process id, since a new worker may reuse a port.
        dead = dict(sorted(pids.items()))[killed[0]]
        deadline = time.monotonic() + 90
        while True:
            try:
                now = client.run(os.getpid, wait=True)
            except Exception:   # a worker the scheduler still lists but that is already dead
                now = {}
            if len(now) == 2 and dead not in now.values():
                break
            assert time.monotonic() < deadline, f"workers now: {now}"
            time.sleep(0.2)
    assert outputs(out) == outputs(local_run)
    assert summary.abstracts_read == outputs(local_run)[2]["abstracts_read"]
