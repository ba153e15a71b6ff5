"""The pipeline's declared contracts: what each component assigns and requires, and the entity
span group that must always agree with ``doc._.entities``."""
import pytest

from conftest import corpus_sample
from extractors.normalize import normalize
from extractors.pipeline import PIPE_NAMES


def _docs(extractor, texts):
    return list(extractor.nlp.pipe([extractor._make_doc(normalize(t)) for t in texts]))


def _expected_spans(doc):
    """(start, end, label) of every mention of ``doc._.entities``, widened to whole tokens."""
    out = []
    for e in doc._.entities or []:
        for s, t in e.mentions:
            sp = doc.char_span(s, t, alignment_mode="expand")
            if sp is not None:
                out.append((sp.start_char, sp.end_char, e.types[0]))
    return out


def test_every_component_declares_its_contract(extractor):
    nlp = extractor.nlp
    assert nlp.pipe_names == ["ner", *PIPE_NAMES]
    for name in nlp.pipe_names:
        meta = nlp.get_pipe_meta(name)
        assert meta.assigns, f"{name} declares nothing it assigns"
        if name not in ("ner", "sentences", "urls"):  # the first three read only the text
            assert meta.requires, f"{name} declares nothing it requires"


def test_analyze_pipes_finds_no_problem(extractor):
    analysis = extractor.nlp.analyze_pipes(pretty=False)
    assert analysis["problems"] == {name: [] for name in extractor.nlp.pipe_names}
    # everything a component requires is assigned by one before it
    order = extractor.nlp.pipe_names
    for name in order:
        for attr in extractor.nlp.get_pipe_meta(name).requires:
            assert any(attr in extractor.nlp.get_pipe_meta(p).assigns for p in order[:order.index(name)]), (name, attr)


@pytest.mark.parametrize("text,metric", [
    ("We reach an accuracy of 94.7% on CIFAR-10.", "accuracy"),
    ("Our parser improves the diversity of outputs by 12% on WebNLG.", "diversity"),
])
def test_metric_entities_the_linker_adds_are_in_the_span_group(extractor, text, metric):
    """The issue's example: the linker makes "accuracy" a metric entity; the span group shows it."""
    (doc,) = _docs(extractor, [text])
    assert metric in {e.name for e in doc._.entities}
    assert (metric, "METRIC") in {(sp.text, sp.label_) for sp in doc.spans["entities"]}
    assert sorted((sp.start_char, sp.end_char, sp.label_) for sp in doc.spans["entities"]) == \
        sorted(_expected_spans(doc))


def test_span_group_equals_entities_over_a_corpus_sample(extractor):
    """At the end of the pipeline doc.spans["entities"] is doc._.entities, on 150 corpus abstracts."""
    docs = _docs(extractor, corpus_sample(150, seed=11))
    assert sum(1 for d in docs if d._.entities) > 100
    for doc in docs:
        got = sorted((sp.start_char, sp.end_char, sp.label_) for sp in doc.spans["entities"])
        assert got == sorted(_expected_spans(doc)), doc.text[:80]
