"""Property tests: for arbitrary Unicode text, extraction never raises, every span in the record
indexes the raw text exactly, and the record validates against the schema."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from extractors.validate import check_record

# pieces that exercise the normaliser and the components: LaTeX, markdown, entities, numbers,
# bounds, URLs, acronyms, odd spaces and hyphens, combining marks, astral characters
PIECES = ["$", "$$", "\\", "{", "}", "\\textbf{", "\\frac{", "}{", "\\mathcal{O}", "\\widetilde{O}(",
          "O(", "Ω(", "Õ(", "~O(", "(", ")", "[", "](", "https://", "github.com/", "www.", "**", "*",
          "__", "_", "&amp;", "&#", ";", "%", "\\%", "52.56", "1,024", "8/255", "10^{", "×", "x", " ",
          "\n", "\n\n", "\u00a0", "\u2009", "\u00ad", "\u200b", "-", "–", "—", "ﬁ", "e\u0301", "𝔸",
          "BERT", "(BERT)", "ImageNet", "accuracy", "we propose ", "Our method ", "by ", "outperforms ",
          "regret", "time", ". ", "; ", "pass@1", "GPT-4", "\ue000", "\x00", "\x1b", "\r", "\t"]

texts = st.one_of(
    st.text(min_size=1, max_size=400),
    st.lists(st.sampled_from(PIECES) | st.text(max_size=6), min_size=1, max_size=80).map("".join),
).filter(len)  # an empty abstract is an input error (readers), never a record


def _spans(obj):
    if isinstance(obj, dict):
        if {"start", "end", "text"} <= obj.keys() and isinstance(obj.get("start"), int):
            yield obj
        for k, v in obj.items():
            if k != "text":
                yield from _spans(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _spans(v)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts)
def test_extraction_never_raises_and_spans_index_the_raw_text(extractor, text):
    rec = extractor.extract(text)
    data = rec.model_dump(mode="json")
    assert data["text"] == text
    for span in _spans({k: v for k, v in data.items() if k != "text"}):
        assert text[span["start"]:span["end"]] == span["text"], span
    assert list(check_record(data)) == []


#: pieces that make task, measure and name candidates, some with runs of white space inside
CANDIDATE_PIECES = ["the ", "relational       learning", " problem", " problems of ", " tasks", "image  classification",
                    "sample   efficiency", " of ", "We propose ", "Deep-Net", "(DN)", " on ", "ImageNet", ", ", ". ",
                    "  ", "\n", "accuracy", " and ", "speech emotion recognition", " methods for ", "BERT"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(CANDIDATE_PIECES), min_size=1, max_size=30).map("".join))
def test_every_candidate_is_written_where_it_says(extractor, text):
    """A candidate's offsets hold its text (up to the white space inside it): no component
    computes a place from a phrase rebuilt with single spaces."""
    _, doc = extractor.analyse(text)
    for c in doc._.candidates or []:
        assert " ".join(doc.text[c.start:c.end].split()) == " ".join(c.text.split()), (c.source, c.text)
