import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "seeds"
SHARED = ROOT.parent / "shared"

# Spark JVMs started by tests (and their subprocesses) neither record nor map the class-data
# archive in the user's cache; tests/test_spark_cds.py switches it on in a folder of its own.
os.environ["EXTRACTORS_SPARK_CDS"] = "0"


def pytest_collection_modifyitems(session, config, items):
    """Tests marked `timed` (whole-run speed comparisons) go first: after minutes of the suite
    keeping both cores busy, this machine's clock and the processes left by earlier tests make
    multi-process runs measurably slower than on an idle machine, which is what they compare."""
    items.sort(key=lambda item: item.get_closest_marker("timed") is None)   # stable: the rest keep their order


@pytest.fixture(scope="session")
def extractor():
    from extractors.pipeline import Extractor
    return Extractor()


@pytest.fixture(scope="session")
def seed_records(tmp_path_factory):
    """Records for the seeds, produced once per test session."""
    from extractors import engine
    out = tmp_path_factory.mktemp("seeds_out")
    engine.run([str(SEEDS)], out)
    return [json.loads(line) for line in (out / "records.jsonl").read_text(encoding="utf-8").splitlines()]


def corpus_sample(n=200, seed=7):
    """A fixed random sample of the corpus abstracts shipped beside the project, or the
    annotated copies the repo holds when the corpus is not there."""
    import random
    path = SHARED / "corpus" / "abstracts.jsonl"
    if path.exists():
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        return [r["abstract"] for r in random.Random(seed).sample(rows, min(n, len(rows)))]
    rows = []
    for f in sorted((ROOT / "data" / "annotations" / "batches").glob("batch_*.jsonl")):
        rows += [json.loads(line)["text"] for line in f.read_text(encoding="utf-8").splitlines()]
    return rows[:n]
