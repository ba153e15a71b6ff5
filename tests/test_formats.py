"""Inputs people hold (issue 14): compressed dumps, standard input, JSON Lines in .json, arXiv,
Semantic Scholar, OpenAlex, Crossref, BibTeX and Parquet, each recognised by content, each
abstract carrying the input's own identifier (`key`); bad members are error lines naming file
and position, and everything else is kept.

The samples under tests/data/formats/ were written for these tests (tests/data/
make_parquet_sample.py writes the Parquet one)."""
from __future__ import annotations

import builtins
import bz2
import gzip
import json
import lzma
import shutil
from pathlib import Path

import pytest
import zstandard
from typer.testing import CliRunner

from extractors import partition, readers, shapes
from extractors.cli import app
from extractors.models import Record, Source
from extractors.readers import Abstract, InputError

from conftest import ROOT

FORMATS = ROOT / "tests" / "data" / "formats"
COMPRESS = {".gz": gzip.compress, ".bz2": bz2.compress, ".xz": lzma.compress,
            ".zst": zstandard.ZstdCompressor().compress}


def items(*paths):
    return list(readers.read_inputs([str(p) for p in paths]))


def view(item):
    """An item without its path (the same content read from another file name)."""
    d = dict(vars(item), kind=type(item).__name__)
    d.pop("path")
    return d


# ---------------------------------------------------------------- each format, by content

# file -> expected items in order: ("A", key, venue, year, start of text) or ("E", line, index, reason part)
EXPECTED = {
    "arxiv-metadata-oai-snapshot.json": [
        ("A", "2310.04412", "arXiv", 2023, "Sparse mixture-of-experts (MoE) models route each token"),
        ("A", "2104.08821", "arXiv", 2021, "We propose contrastive span pretraining (CSP)"),
        ("A", "math/0602113", "arXiv", 2006, "We show that online gradient descent"),
    ],
    "s2-abstracts.jsonl": [
        ("A", "263997001", None, None, "Retrieval-augmented generation depends on the retriever"),
        ("A", "252790002", None, None, "Speech emotion recognition systems are usually trained"),
    ],
    "s2-papers.jsonl": [
        ("A", "263997001", "arXiv.org", 2023, "Retrieval-augmented generation depends on the retriever"),
        ("E", 2, 1, "no 'abstract' in Semantic Scholar record (corpusid 252790002)"),
    ],
    "openalex-works.json": [
        ("A", "https://openalex.org/W4387001001", "arXiv (Cornell University)", 2023,
         "Graph neural networks oversmooth as they grow deeper. We propose GraphNorm-R"),
        ("A", "https://openalex.org/W4310002002", "IEEE Transactions on Geoscience and Remote Sensing", 2022,
         "We study label noise in remote sensing."),
        ("E", None, 2, "OpenAlex work https://openalex.org/W2990003003 has no abstract"),
    ],
    "openalex-works.jsonl": [
        ("A", "https://openalex.org/W4387001001", "arXiv (Cornell University)", 2023, "Graph neural networks"),
        ("A", "https://openalex.org/W4310002002", "IEEE Transactions on Geoscience and Remote Sensing", 2022,
         "We study label noise"),
        ("E", 3, 2, "OpenAlex work https://openalex.org/W2990003003 has no abstract (abstract_inverted_index is missing or null)"),
    ],
    "crossref-works.json": [
        ("A", "10.1162/tacl_a_00901", "Transactions of the Association for Computational Linguistics", 2023,
         "Question answering systems should abstain when they are likely to be wrong."),
        ("E", None, 1, "Crossref work 10.1016/j.patcog.2022.108999 has no abstract"),
        ("A", "10.1145/3580305.3599001",
         "Proceedings of the 29th ACM SIGKDD Conference on Knowledge Discovery and Data Mining", 2023,
         "Fine-tuning time-series foundation models is costly."),
    ],
    "crossref-work.json": [
        ("A", "10.1145/3580305.3599001",
         "Proceedings of the 29th ACM SIGKDD Conference on Knowledge Discovery and Data Mining", 2023,
         "Fine-tuning time-series foundation models is costly."),
    ],
    "papers.bib": [
        ("A", "halvorsen2024tokenmerge", "International Conference on Learning Representations", 2024,
         "We present \\textsc{TokenMerge}, which merges similar tokens"),
        ("A", "quispe2023sparse", "Transactions on Machine Learning Research", 2023,
         "Protein language models such as ESM-2 encode structure"),
        ("E", 25, 2, "malformed BibTeX entry 'broken2022': unbalanced braces"),
        ("E", 32, 3, "BibTeX entry 'nakamura2021noabstract' has no abstract field"),
        ("A", "ferreira2022offline", "Advances in Neural Information Processing Systems", 2022,
         "Offline RL suffers from overestimation"),
    ],
    "papers.parquet": [
        ("A", "hf-000101", "Interspeech", 2023, "We translate speech in five low-resource languages"),
        ("A", "hf-000102", "ACL", 2024, "Long-context language models still miss facts"),
        ("A", "hf-000103", None, 2022, "We release TabAnom, 47 tabular datasets"),
    ],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_format_gives_its_abstracts_keys_and_errors(name):
    got = items(FORMATS / name)
    assert len(got) == len(EXPECTED[name])
    for item, want in zip(got, EXPECTED[name]):
        assert item.path.endswith(name)
        if want[0] == "A":
            assert isinstance(item, Abstract), item
            assert (item.ext_id, item.venue, item.year) == want[1:4]
            assert item.text.startswith(want[4])
        else:
            assert isinstance(item, InputError), item
            assert (item.line, item.index) == want[1:3] and want[3] in item.reason
    assert [g.index for g in got] == list(range(len(got)))


@pytest.mark.parametrize("name", sorted(EXPECTED))
@pytest.mark.parametrize("suffix", [".gz", ".bz2", ".xz", ".zst"])
def test_compressed_file_gives_the_same_items(tmp_path, name, suffix):
    plain = items(FORMATS / name)
    packed = tmp_path / (name + suffix)
    packed.write_bytes(COMPRESS[suffix]((FORMATS / name).read_bytes()))
    got = items(packed)
    assert [view(i) for i in got] == [view(i) for i in plain]
    assert all(i.path == str(packed) for i in got)


def test_compression_is_recognised_by_content_not_name(tmp_path):
    """A gzip file named .jsonl, a .gz file that is not compressed: both read by what they hold."""
    a = tmp_path / "a.jsonl"
    a.write_bytes(gzip.compress((FORMATS / "s2-abstracts.jsonl").read_bytes()))
    b = tmp_path / "b.jsonl.gz"
    b.write_bytes((FORMATS / "s2-abstracts.jsonl").read_bytes())
    want = [view(i) for i in items(FORMATS / "s2-abstracts.jsonl")]
    assert [view(i) for i in items(a)] == want == [view(i) for i in items(b)]


def test_arxiv_text_keeps_hard_line_breaks_and_title_is_one_line():
    (a, *_) = items(FORMATS / "arxiv-metadata-oai-snapshot.json")
    raw = json.loads((FORMATS / "arxiv-metadata-oai-snapshot.json").read_text().splitlines()[0])
    assert a.text == raw["abstract"].strip() and a.text.count("\n") == 4
    assert a.title == "SparseMixer: Router Gradients for Sparse Mixture-of-Experts without Straight-Through Estimation"
    assert a.line == 1


def test_openalex_inverted_index_rebuilt_in_word_order():
    works = json.loads((FORMATS / "openalex-works.json").read_text())["results"]
    (a, b, _) = items(FORMATS / "openalex-works.json")
    # the sample stores the words alphabetically, as far from text order as can be
    assert list(works[0]["abstract_inverted_index"])[:3] == sorted(works[0]["abstract_inverted_index"])[:3]
    assert a.text == ("Graph neural networks oversmooth as they grow deeper. We propose GraphNorm-R, a residual "
                      "normalisation that keeps node features apart, and train 64-layer GCNs on ogbn-arxiv to "
                      "73.4% accuracy, 1.9 points above an 8-layer baseline.")
    assert b.text.endswith("while standard training keeps 74.5%.")


@pytest.mark.parametrize("index,text", [
    ({"b": [1], "a": [0, 2]}, "a b a"),
    ({"end.": [3], "The": [0], "model": [1, 2]}, "The model model end."),
    ({"gap": [5], "start": [0]}, "start gap"),
])
def test_inverted_index_cases(index, text):
    assert shapes.inverted_to_text(index) == text


@pytest.mark.parametrize("bad", [{"a": "0"}, {"a": [0.5]}, {"a": [-1]}, ["a"]])
def test_malformed_inverted_index_is_an_error(tmp_path, bad):
    f = tmp_path / "w.jsonl"
    f.write_text(json.dumps({"id": "https://openalex.org/W1", "abstract_inverted_index": bad}) + "\n"
                 + json.dumps({"id": "https://openalex.org/W2", "abstract_inverted_index": {"Fine.": [0]}}) + "\n")
    err, ok = items(f)
    assert isinstance(err, InputError) and "abstract_inverted_index" in err.reason and err.line == 1
    assert ok.text == "Fine." and ok.ext_id == "https://openalex.org/W2"


@pytest.mark.parametrize("jats,text", [
    ("<jats:title>Abstract</jats:title><jats:p>One  paragraph\n   wrapped.</jats:p>", "One paragraph wrapped."),
    ("<jats:p>First.</jats:p>\n<jats:p>Second with <jats:italic>italics</jats:italic> &amp; an entity.</jats:p>",
     "First.\nSecond with italics & an entity."),
    ("<jats:sec><jats:title>Background</jats:title><jats:p>Why.</jats:p></jats:sec>"
     "<jats:sec><jats:title>Results</jats:title><jats:p>We get 5% more.</jats:p></jats:sec>",
     "Background\nWhy.\nResults\nWe get 5% more."),
    ("Plain text abstract, no markup &lt;3.", "Plain text abstract, no markup <3."),
    ("<abstract><p>Unprefixed JATS x<sup>2</sup>.</p></abstract>", "Unprefixed JATS x2."),
])
def test_jats_to_plain_text(jats, text):
    assert shapes.jats_text(jats) == text


def test_crossref_text_has_no_markup():
    (a, _, b) = items(FORMATS / "crossref-works.json")
    assert "<" not in a.text and "Abstract" not in a.text.split("\n")[0][:9]
    assert a.text == ("Question answering systems should abstain when they are likely to be wrong. We train a "
                      "calibrator on the reader\u2019s span scores and show that, at 80% coverage, accuracy on "
                      "Natural Questions rises from 41.3% to 55.0%.\nThe calibrator adds under 1 ms of latency "
                      "per question.")
    assert b.text.endswith("against full fine-tuning & linear probing.")
    assert a.title == "Calibrated Abstention for Open-Domain Question Answering"


def test_bibtex_keeps_latex_as_written_and_is_never_seed_text(tmp_path):
    got = items(FORMATS / "papers.bib")
    tm = got[0]
    assert "\\textsc{TokenMerge}" in tm.text and "$0.3\\%$" in tm.text and "37\\%" in tm.text
    assert tm.title == "{TokenMerge}: Training-Free Token Merging for Vision Transformers"
    assert "4{,}096" in got[1].text and got[1].line == 15
    # a .bib without abstracts is one error per entry, never an abstract made of BibTeX
    f = tmp_path / "refs.bib"
    f.write_text("@book{knuth1984, title={The {\\TeX}book}, year=1984}\n\n@misc{x, title={Y}}\n")
    assert [(type(g).__name__, g.line, g.reason) for g in items(f)] == [
        ("InputError", 1, "BibTeX entry 'knuth1984' has no abstract field"),
        ("InputError", 3, "BibTeX entry 'x' has no abstract field")]
    g = tmp_path / "notes.bib"
    g.write_text("Just some notes, no entries.\n")
    (err,) = items(g)
    assert err.reason == "no BibTeX entry in this file"


def test_bibtex_recognised_by_content_and_undecodable_entry(tmp_path):
    f = tmp_path / "export.txt"
    f.write_bytes(b"% exported\n@article{a1, abstract={We get 91.2\\% on GLUE.}, year={2020}}\n"
                  b"@article{a2,\n abstract={caf\xe9 au lait}}\n@article{a3, abstract={Fine.}}\n")
    got = items(f)
    assert [type(g).__name__ for g in got] == ["Abstract", "InputError", "Abstract"]
    assert got[0].ext_id == "a1" and got[0].year == 2020 and got[2].ext_id == "a3"
    assert got[1].line == 3 and "not UTF-8" in got[1].reason and "(line 4)" in got[1].reason


def test_bibtex_strings_carry_over_chunks(tmp_path, monkeypatch):
    monkeypatch.setattr(readers, "BIB_CHUNK", 2)
    entries = "".join(f"@inproceedings{{k{i}, booktitle = conf, year = {2000 + i},\n"
                      f"  abstract = {{Abstract number {i} reports {i}% accuracy.}}}}\n" for i in range(7))
    f = tmp_path / "many.bib"
    f.write_text('@string{conf = "Conference on Things"}\n' + entries)
    got = items(f)
    assert [g.ext_id for g in got] == [f"k{i}" for i in range(7)]
    assert {g.venue for g in got} == {"Conference on Things"}
    assert [g.line for g in got] == list(range(2, 16, 2)) and [g.index for g in got] == list(range(7))


def test_json_holding_json_lines_and_a_pretty_json_document(tmp_path):
    lines = tmp_path / "dump.json"
    lines.write_text("\n".join(json.dumps({"id": f"p{i}", "abstract": f"Text {i}."}) for i in range(3)) + "\n")
    got = items(lines)
    assert [(g.ext_id, g.line) for g in got] == [("p0", 1), ("p1", 2), ("p2", 3)]
    pretty = tmp_path / "doc.json"
    pretty.write_text(json.dumps([{"id": "q", "abstract": "One."}], indent=2))
    (one,) = items(pretty)
    assert one.ext_id == "q" and one.line is None
    # a first line longer than the sniffed head
    long = tmp_path / "long.json"
    long.write_text(json.dumps({"abstract": "word " * 5000}) + "\n" + json.dumps({"abstract": "short"}) + "\n")
    assert [g.line for g in items(long)] == [1, 2]


def _truncated(data: bytes, suffix: str, keep: float) -> bytes:
    packed = COMPRESS[suffix](data)
    return packed[: int(len(packed) * keep)]


@pytest.mark.parametrize("suffix", [".gz", ".bz2", ".xz", ".zst"])
def test_truncated_compressed_jsonl_keeps_what_came_before(tmp_path, suffix):
    n = 20_000 if suffix in (".bz2", ".zst") else 3000    # bzip2 gives its data in 900 kB blocks, zstd in 128 kB
    rows = [json.dumps({"id": f"id-{i}", "abstract": f"Abstract {i}: we reach {i % 97}.{i % 7}% on CIFAR-{i}."})
            for i in range(n)]
    f = tmp_path / ("dump.jsonl" + suffix)
    keep = 0.85 if suffix == ".bz2" else 0.6
    f.write_bytes(_truncated(("\n".join(rows) + "\n").encode(), suffix, keep))
    got = items(f)
    *good, err = got
    assert good and all(isinstance(g, Abstract) for g in good)
    assert [g.ext_id for g in good] == [f"id-{i}" for i in range(len(good))]
    assert isinstance(err, InputError) and err.path == str(f)
    kind = {".gz": "gzip", ".bz2": "bzip2", ".xz": "xz", ".zst": "zstd"}[suffix]
    assert err.reason.startswith(f"truncated {kind} data at line {len(good) + 1} (after ")
    assert err.line == len(good) + 1 and "everything before it was read" in err.reason
    assert len(good) > (9000 if n == 20_000 else 1500)      # most lines of the data that are there


@pytest.mark.parametrize("name", ["papers.bib", "crossref-works.json"])
def test_truncated_gz_of_other_formats_is_one_error_line(tmp_path, name):
    data = (FORMATS / name).read_bytes()
    f = tmp_path / (name + ".gz")
    f.write_bytes(gzip.compress(data)[:-12])      # the gzip trailer and the end of the data lost
    got = items(f)
    err = got[-1]
    assert isinstance(err, InputError) and err.reason.startswith("truncated gzip data") and err.path == str(f)
    if name == "papers.bib":
        assert [g.ext_id for g in got if isinstance(g, Abstract)][:2] == ["halvorsen2024tokenmerge",
                                                                          "quispe2023sparse"]
        assert err.line is not None and err.line > 39


def test_corrupt_gzip_is_one_error(tmp_path):
    f = tmp_path / "bad.jsonl.gz"
    packed = bytearray(gzip.compress(b'{"abstract": "x"}\n' * 100))
    packed[-8:-4] = b"\x00\x00\x00\x00"      # CRC broken
    f.write_bytes(bytes(packed))
    got = items(f)
    assert [type(g).__name__ for g in got] == ["Abstract"] * 100 + ["InputError"]
    assert got[-1].reason.startswith("corrupt gzip data at line 101 (after 1,800 bytes of content: CRC check failed")


def test_zstd_without_zstandard_and_parquet_without_pyarrow_say_what_to_install(tmp_path, monkeypatch):
    z = tmp_path / "a.jsonl.zst"
    z.write_bytes(COMPRESS[".zst"](b'{"abstract": "x"}\n'))
    p = tmp_path / "t.parquet"
    shutil.copy(FORMATS / "papers.parquet", p)
    real_import = builtins.__import__

    def no_extras(name, *a, **k):
        if name.split(".")[0] in ("zstandard", "pyarrow"):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_extras)
    (ez,) = items(z)
    (ep,) = items(p)
    assert "pip install 'extractors[zstd]'" in ez.reason and ez.path == str(z)
    assert "pip install 'extractors[parquet]'" in ep.reason and ep.path == str(p)


def test_parquet_without_abstract_column(tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq
    f = tmp_path / "t.parquet"
    pq.write_table(pa.table({"id": ["a"], "title": ["T"]}), f)
    (err,) = items(f)
    assert "no abstract column" in err.reason and "found id, title" in err.reason


# ---------------------------------------------------------------- partitions

def test_large_compressed_file_is_read_by_the_planner_in_batches(tmp_path):
    rows = "".join(json.dumps({"id": i, "abstract": f"Abstract {i} gets {i}% on X."}) + "\n" for i in range(2000))
    f = tmp_path / "big.jsonl.gz"
    f.write_bytes(gzip.compress(rows.encode()))
    parts = list(partition.plan([str(f)], part_bytes=4096))
    assert len(parts) > 5 and {p.kind for p in parts} == {"items"}
    got = [i for p in parts for _, i in partition.read_part(p)]
    assert [view(i) for i in got] == [view(i) for i in items(f)] and len(got) == 2000
    # JSON Lines in a large uncompressed .json file: byte ranges, as for .jsonl
    g = tmp_path / "big.json"
    g.write_text(rows)
    parts = list(partition.plan([str(g)], part_bytes=4096))
    assert len(parts) > 5 and {p.kind for p in parts} == {"range"}
    assert [view(i) for p in parts for _, i in partition.read_part(p)] == [view(i) for i in items(g)]
    # a range over a compressed file (never planned so) reads it whole from its first range
    assert [view(i) for i in partition.read_range(f, 0, 100)] == [view(i) for i in items(f)]
    assert list(partition.read_range(f, 100, None)) == []


# ---------------------------------------------------------------- whole runs: stdin, keys

def run(*args, input=None):
    res = CliRunner().invoke(app, [str(a) for a in args], input=input)
    if res.exception and not isinstance(res.exception, SystemExit):
        raise res.exception
    return res.exit_code


def records(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "records.jsonl").read_text(encoding="utf-8").splitlines()]


def errors(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "errors.jsonl").read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def formats_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("formats_out")
    code = run("run", FORMATS, "-o", out)
    return code, out


def test_run_on_every_format_keys_in_sources_and_errors_named(formats_run):
    code, out = formats_run
    assert code == 1            # the bad members are error lines
    recs, errs = records(out), errors(out)
    keys = {s["key"] for r in recs for s in r["sources"]}
    assert {"2310.04412", "263997001", "https://openalex.org/W4387001001", "10.1162/tacl_a_00901",
            "halvorsen2024tokenmerge", "hf-000102"} <= keys
    assert all("key" in s for r in recs for s in r["sources"])
    assert {(Path(e["path"]).name, e["line"], e["index"]) for e in errs} == {
        ("s2-papers.jsonl", 2, 1), ("openalex-works.json", None, 2), ("openalex-works.jsonl", 3, 2),
        ("crossref-works.json", None, 1), ("papers.bib", 25, 2), ("papers.bib", 32, 3)}
    # the same abstract in several inputs is one record listing each input's key
    dense = next(r for r in recs if r["text"].startswith("Retrieval-augmented generation"))
    assert [(Path(s["path"]).name, s["key"]) for s in dense["sources"]] == [
        ("s2-abstracts.jsonl", "263997001"), ("s2-papers.jsonl", "263997001")]
    assert run("validate", out) == 0


def test_plain_and_gz_runs_give_the_same_records(formats_run, tmp_path):
    _, out = formats_run
    packed = tmp_path / "packed"
    packed.mkdir()
    for f in sorted(FORMATS.iterdir()):
        (packed / (f.name + ".gz")).write_bytes(gzip.compress(f.read_bytes()))
    out2 = tmp_path / "out"
    assert run("run", packed, "-o", out2) == 1

    def strip(recs):
        for r in recs:
            for s in r["sources"]:
                s["path"] = Path(s["path"]).name.removesuffix(".gz")
        return recs
    assert strip(records(out2)) == strip(records(out))
    assert [dict(e, path=Path(e["path"]).name.removesuffix(".gz")) for e in errors(out2)] == \
           [dict(e, path=Path(e["path"]).name) for e in errors(out)]


@pytest.mark.parametrize("data,compressed", [("jsonl", False), ("seed", False), ("jsonl", True)])
def test_stdin_dash(tmp_path, data, compressed):
    if data == "jsonl":
        text = (FORMATS / "s2-abstracts.jsonl").read_text()
    else:
        text = ("NeurIPS 2022 Papers\n\nWe propose FooNet, reaching 91.2% accuracy on ImageNet.\n\n"
                "BarNet improves BLEU by 2.1 points on WMT14.\n")
    raw = text.encode()
    out = tmp_path / "out"
    assert run("run", "-", "-o", out, input=gzip.compress(raw) if compressed else raw) == 0
    recs = records(out)
    assert len(recs) == 2 and all(s["path"] == "<stdin>" for r in recs for s in r["sources"])
    if data == "jsonl":
        assert sorted(s["key"] for r in recs for s in r["sources"]) == ["252790002", "263997001"]
    else:
        assert {(r["venue"], r["year"]) for r in recs} == {("NeurIPS", 2022)}
        assert sorted(s["line"] for r in recs for s in r["sources"]) == [3, 5]


def test_source_key_is_additive():
    """A source without a key is written exactly as before the field existed; with one it
    carries it, and both validate against the schema."""
    assert Source(path="seeds/a.txt", index=0, line=3).model_dump(mode="json") == \
        {"path": "seeds/a.txt", "index": 0, "line": 3}
    assert Source(path="a.jsonl", index=1, line=2, key="2104.08821").model_dump(mode="json") == \
        {"path": "a.jsonl", "index": 1, "line": 2, "key": "2104.08821"}
    rec = Record(id="0" * 16, sources=[{"path": "a", "index": 0, "key": None}], text="x")
    assert rec.sources[0].key is None and "key" not in rec.model_dump(mode="json")["sources"][0]
