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


def test_metadata_span_group_shows_the_extraction_in_displacy():
    """doc.spans["metadata"]: entities by type, results and acronyms, on the host's tokens, drawn by displaCy."""
    from spacy import displacy
    nlp = spacy.blank("en")
    nlp.add_pipe("abstract_metadata")
    text = mcpmark_text()
    doc = nlp(text)
    md = doc._.metadata
    group = doc.spans["metadata"]
    def labels_of(name):  # "\\texttt{MCPMark}" is one token of the host's tokenizer
        return {sp.label_ for sp in group if name in sp.text}
    assert "BENCHMARK" in labels_of("MCPMark") and "MODEL" in labels_of("gpt-5-medium")
    assert "METRIC" in labels_of("pass@1") and "RESULT" in labels_of("52.56")
    assert {sp.label_ for sp in group} >= {"BENCHMARK", "MODEL", "METRIC", "RESULT", "ACRONYM"}
    # every result, acronym and mention of the record has its span, widened to whole tokens
    wanted = [r["span"] for r in md["results"]] + [a["span"] for a in md["acronyms"]]
    wanted += [m for f in ("methods", "models", "datasets", "benchmarks", "metrics", "tasks")
               for e in md[f] for m in e["mentions"]]
    for w in wanted:
        assert any(sp.start_char <= w["start"] and w["end"] <= sp.end_char for sp in group), w
    assert all(sp.start_char == sp[0].idx and sp.end_char == sp[-1].idx + len(sp[-1]) for sp in group)
    html = displacy.render(doc, style="span", options={"spans_key": "metadata"})
    assert all(w in html for w in ("pass@1", "52.56", "CRUD", "BENCHMARK", "METRIC", "MODEL", "RESULT", "ACRONYM"))
    # the same group when the component runs in nlp.pipe, and an empty one for an empty text
    piped = list(nlp.pipe([text, ""]))
    assert [(s.start_char, s.end_char, s.label_) for s in piped[0].spans["metadata"]] == \
        [(s.start_char, s.end_char, s.label_) for s in group]
    assert len(piped[1].spans["metadata"]) == 0


def test_host_pipeline_contracts_hold():
    nlp = spacy.blank("en")
    nlp.add_pipe("abstract_metadata")
    analysis = nlp.analyze_pipes(pretty=False)
    assert analysis["problems"] == {"abstract_metadata": []}
    assert set(nlp.get_pipe_meta("abstract_metadata").assigns) == {"doc._.metadata", "doc.spans"}
