"""Property: in any folder mixing good and bad files of every supported format, every abstract
read is accounted for: records + merged duplicates = good abstracts, one error line per bad
item, the summary's counts reconcile with the files written, and no good text is missing."""
from __future__ import annotations

import csv
import io
import json
import os

from hypothesis import HealthCheck, given, settings, strategies as st

from extractors import engine

TEXTS = [
    "We propose FooNet, reaching 91.2% accuracy on ImageNet.",
    "BarNet improves BLEU by 2.1 points on WMT14 English-German.",
    "Our method runs in O(n log n) time; code at https://github.com/a/b.",
    "Transformers with 7B parameters reach 45.3 F1 on SQuAD.",
    "A study of 127 tasks shows a 3x speed-up over the baseline.",
    "Graph networks with attention (GAT) reach 83.0% on Cora.",
]

# bad items that cost exactly one error line each, per format (as the raw bytes of one item)
BAD_JSONL = [b'{"abstract": ', b'{"abstract": "We get 5%.", "title": "T\\ud800"}',
             b'{"abstract": "ok", "year": 18446744073709551616}', b"[" * 3000 + b"]" * 3000,
             b'{"abstract": "a\x00b"}', b'{"abstract": "caf\xe9"}', b'{"abstract": ""}', b'{"title": "no abstract"}']
BAD_TEXT = [b"A block with a bad byte \xe9 in it.", b"A block with a NUL \x00 byte."]
BAD_CSV = [b'1,"caf\xe9 5%"', b'2,"a\x00b"', b'3,"too","many","fields"', b'4,""']
BAD_FILES = {"png": b"\x89PNG\r\n\x1a\n" + bytes(range(256)), "empty": b"", "header": b"ICLR 2026 Papers\n",
             "json": b'[{"abstract": "x"}, ', "utf16": "no byte-order mark".encode("utf-16-le")}

item = st.one_of(st.tuples(st.just("good"), st.integers(0, len(TEXTS) - 1)), st.tuples(st.just("bad"), st.integers(0, 7)))
file_spec = st.one_of(
    st.tuples(st.sampled_from(["jsonl", "txt", "csv", "json"]), st.lists(item, min_size=1, max_size=6)),
    st.tuples(st.just("badfile"), st.sampled_from(sorted(BAD_FILES))))


def write(folder, k: int, spec) -> tuple[list[str], int]:
    """Write one file; return (good texts in it, error lines it must give)."""
    fmt, items = spec
    if fmt == "badfile":
        ext = {"png": "png", "empty": "txt", "header": "txt", "json": "json", "utf16": "txt"}[items]
        (folder / f"f{k:02d}.{ext}").write_bytes(BAD_FILES[items])
        return [], 1
    goods = [TEXTS[i] for kind, i in items if kind == "good"]
    bads = sum(1 for kind, _ in items if kind == "bad")
    if fmt == "jsonl":
        lines = [json.dumps({"abstract": TEXTS[i]}).encode() if kind == "good" else BAD_JSONL[i % len(BAD_JSONL)]
                 for kind, i in items]
        (folder / f"f{k:02d}.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    elif fmt == "txt":
        blocks = [TEXTS[i].encode() if kind == "good" else BAD_TEXT[i % len(BAD_TEXT)] for kind, i in items]
        (folder / f"f{k:02d}.txt").write_bytes(b"\n\n".join(blocks) + b"\n")
    elif fmt == "csv":
        rows = []
        for n, (kind, i) in enumerate(items):
            if kind == "good":
                buf = io.StringIO()
                csv.writer(buf, lineterminator="").writerow([f"g{n}", TEXTS[i]])
                rows.append(buf.getvalue().encode())
            else:
                rows.append(BAD_CSV[i % len(BAD_CSV)])
        (folder / f"f{k:02d}.csv").write_bytes(b"id,abstract\n" + b"\n".join(rows) + b"\n")
    else:   # json: a list; a bad item is an object without an abstract
        objs = [{"abstract": TEXTS[i]} if kind == "good" else {"title": f"bad {i}"} for kind, i in items]
        (folder / f"f{k:02d}.json").write_text(json.dumps(objs))
    return goods, bads


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(file_spec, min_size=1, max_size=6))
def test_every_abstract_read_is_accounted_for(tmp_path_factory, specs):
    root = tmp_path_factory.mktemp("mix")
    folder = root / "in"
    folder.mkdir()
    goods, bads = [], 0
    for k, spec in enumerate(specs):
        g, b = write(folder, k, spec)
        goods += g
        bads += b
    if specs[0][0] == "jsonl":
        os.mkfifo(folder / "zz.fifo")   # a special file: one error, never a hang
        bads += 1
    summary = engine.run([str(folder)], root / "out")
    records = [json.loads(l) for l in (root / "out" / "records.jsonl").read_bytes().split(b"\n") if l]
    errors = [json.loads(l) for l in (root / "out" / "errors.jsonl").read_bytes().split(b"\n") if l]
    assert summary.abstracts_read == len(goods)
    assert summary.records_written + summary.duplicates_merged == len(goods)
    assert sorted(r["text"] for r in records) == sorted(set(goods))
    assert sum(len(r["sources"]) for r in records) == len(goods)
    assert summary.errors == len(errors) == bads
    assert all(e["path"].startswith(folder.as_posix()) and e["reason"] for e in errors)
