"""data/dev_pool.py: the corpus without the held-out abstracts, for reading while writing rules."""
import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _module():
    spec = importlib.util.spec_from_file_location("dev_pool", ROOT / "data" / "dev_pool.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _write(path: Path, ids):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps({"id": i, "abstract": f"Abstract {i}."}) + "\n" for i in ids), encoding="utf-8")


def test_held_out_abstracts_are_left_out(tmp_path):
    dev_pool = _module()
    root = tmp_path / "data"
    _write(root / "annotations" / "heldout_0.jsonl", ["h1"])
    _write(root / "annotations" / "part_4.jsonl", ["h2"])
    _write(root / "results" / "heldout_1.jsonl", ["h3"])
    _write(root / "annotations" / "part_0.jsonl", ["d1"])          # development: stays in the pool
    ids = dev_pool.held_out_ids(root)
    assert ids == {"h1", "h2", "h3"}
    corpus, out = tmp_path / "corpus.jsonl", tmp_path / "pool.jsonl"
    _write(corpus, ["d1", "h1", "x", "h3", "h2", "y"])
    assert dev_pool.write_pool(corpus, out, ids) == (3, 3)
    assert [json.loads(line)["id"] for line in out.read_text(encoding="utf-8").splitlines()] == ["d1", "x", "y"]


def test_the_repository_holds_held_out_splits():
    ids = _module().held_out_ids()
    assert len(ids) >= 300          # 200 + 50 full-record abstracts, 100 results abstracts (some shared)
