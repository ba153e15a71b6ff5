"""The whole extractor as a spaCy component in someone else's pipeline."""
import json

import spacy

from conftest import ROOT


def mcpmark_text():
    for line in (ROOT / "data" / "gold" / "seeds.gold.jsonl").read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        if rec["text"].startswith("The MCP standardizes"):
            return rec["text"]
    raise AssertionError("seed not found")


def test_add_pipe_gives_doc_metadata():
    nlp = spacy.blank("en")
    nlp.add_pipe("abstract_metadata", config={"venue": "ICLR", "year": 2026})
    text = mcpmark_text()
    doc = nlp(text)
    md = doc._.metadata
    assert md["venue"] == "ICLR" and md["year"] == 2026
    assert any(b["name"] == "MCPMark" and b["role"] == "proposed" for b in md["benchmarks"])
    row = next(r for r in md["leaderboard"] if r["subject"] == "gpt-5-medium" and r["metric"] == "pass@1")
    assert row["value"] == 52.56 and row["dataset"] == "MCPMark"
    # spans index doc.text exactly
    for r in md["results"]:
        assert doc.text[r["span"]["start"]:r["span"]["end"]] == r["span"]["text"]


def test_pipe_matches_call():
    nlp = spacy.blank("en")
    nlp.add_pipe("abstract_metadata")
    texts = [mcpmark_text(), "", "We propose FooNet, a novel network, reaching 91.2% accuracy on CIFAR-10."]
    piped = [d._.metadata for d in nlp.pipe(texts)]
    single = [nlp(t)._.metadata for t in texts]
    assert piped == single
    assert piped[1] is None
    foo = piped[2]
    assert any(m["name"] == "FooNet" and m["role"] == "proposed" for m in foo["methods"])
    assert foo["results"][0]["value"] == 91.2 and foo["results"][0]["dataset"] == "CIFAR-10"


def test_extract_function():
    from extractors import extract
    rec = extract("Our method reaches 80.1% top-1 accuracy on ImageNet with 4x fewer FLOPs.")
    assert [r.value for r in rec.results] == [80.1, 4.0]
    assert rec.results[0].metric == "top-1 accuracy" and rec.results[1].unit == "x"
