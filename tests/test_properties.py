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
).filter(str.strip)  # an empty or blank abstract is an input error (readers), never a record


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


#: every form a number takes in `numbers._NUM`, built from parts so that the rare ones meet:
#: zeros and long fractions ("0.00005"), exponents ("1e-4", "3 \\times 10^{18}"), powers with a
#: zero or a negative exponent ("0^{-3}"), fractions ("1/0", "2 1/2"), a magnitude glued on or
#: written as a word ("20B", "1.2 million"), signs, currency, and the words around a number
_DIGITS = st.sampled_from(["0", "1", "5", "12", "999", "1,024", "10 000", "0.00005", "52.56", ".5",
                           "123456789012345678", "3"])
_EXPONENT = st.sampled_from(["", "e-4", "E5", "e999", " \\times 10^{18}", "×10^5", "×10−5", "^{-3}",
                             "^{0}", "^2", "^{999}", "/0", "/255", " 1/2"])
_MAGNITUDE = st.sampled_from(["", "", "k", "K", "M", "G", "B", "T", " million", " billion", " trillion"])
_BEFORE = st.sampled_from(["", "+", "-", "−", "±", "~", "$", "US$", "up to ", "over ", "$", "\\("])
_AFTER = st.sampled_from(["", "%", "\\%", "x", "×", " times", " points", " tokens", " parameters",
                          " FLOPs", " ms", "$", "\\)", " on ImageNet", " top-1 accuracy"])
numbers_text = st.lists(
    st.tuples(st.sampled_from(["We reach ", "It uses ", "a gain of ", "", " and ", "(", ", "]),
              _BEFORE, _DIGITS, _EXPONENT, _MAGNITUDE, _AFTER).map("".join),
    min_size=1, max_size=6).map(lambda parts: "".join(parts) + ".")


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(numbers_text)
def test_any_written_number_gives_a_valid_record(extractor, text):
    """No way of writing a number fails an abstract: every value is a finite float that the
    record's JSON can hold (`0^{-3}` and `0.00005B` once raised inside the number reader)."""
    rec = extractor.extract(text)
    data = rec.model_dump(mode="json")
    for r in data["results"]:
        assert isinstance(r["value"], (int, float)) and abs(r["value"]) < float("inf"), r
        assert text[r["span"]["start"]:r["span"]["end"]] == r["span"]["text"]
    assert list(check_record(data)) == []


def _head_nouns() -> list[str]:
    """The first noun of each type in resources/type_heads.tsv: the types matter, not the words."""
    from extractors import resources
    first: dict[str, str] = {}
    for noun, typ in resources.rows("type_heads.tsv"):
        first.setdefault(typ, noun)
    return sorted(first.values())


#: sentences that give a name a type from the noun before or after it ("we introduce our new
#: measure X", "a metric called X", "X, a benchmark", "the X dataset"), with a head noun of each type
#: in resources/type_heads.tsv (MEASURE among them, which stands for two types)
_NAMES = st.sampled_from(["ZQ-Dist", "SlimScore-2", "FooNet", "zq-dist", "BERT", "ImageNet", "top-1 accuracy", "ABC"])
naming_text = st.tuples(
    st.sampled_from(["We propose ", "Next, we introduce our new ", "Our ", "We present our proposed ", "We use a new ",
                     "Smith et al. (2019) proposed a ", "It outperforms the ", "Results on the "]),
    st.sampled_from(_head_nouns()),
    st.sampled_from([" ", ", which we refer to as ", " called ", " termed ", " dubbed ", ", namely "]),
    _NAMES,
    st.sampled_from([".", ", a {} of ours.", " {} on the X dataset.", " and the {} {}.", " ({}) is proposed."]),
    st.sampled_from(_head_nouns()),
).map(lambda p: p[0] + p[1] + p[2] + p[3] + p[4].format(p[5], p[3]))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(naming_text)
def test_any_head_noun_before_or_after_a_name_gives_a_valid_record(extractor, text):
    """A head noun of any type, in any naming phrase, types a name without failing the abstract (a
    "measure" before a coined name once raised ValueError in the entity typer)."""
    data = extractor.extract(text).model_dump(mode="json")
    assert list(check_record(data)) == []
