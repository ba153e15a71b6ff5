"""The speed work's shortcuts answer exactly what the plain formulations they replace answer:
on every Unicode code point where a character class is involved, on the seed abstracts and on
generated text mixing every kind of whitespace (benchmarks/stage_profile.py shows what each saves)."""
import random
import re
from pathlib import Path

import pytest
import regex

from extractors import limits, readers
from extractors.models import record_id

ROOT = Path(__file__).resolve().parent.parent
ALL_CHARS = "".join(chr(i) for i in range(0x110000) if not 0xD800 <= i < 0xE000)
#: whitespace of every sort: ASCII, the four separators only `str.isspace` counts (U+001C-U+001F),
#: NEL, no-break, line/paragraph separators, ideographic space; and characters that are not
SPACES = " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2028\u2029\u202f\u3000"
OTHERS = "xY7._-([@é中\u200b"


def seed_texts() -> list[str]:
    texts = [a.text for path in sorted((ROOT / "seeds").iterdir())
             for a in readers.read_file(path, str(path)) if isinstance(a, readers.Abstract)]
    assert len(texts) >= 20
    return texts


def generated(n: int = 2000, seed: int = 15) -> list[str]:
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        p = rnd.choice([0.01, 0.05, 0.3])
        out.append("".join(rnd.choice(SPACES) if rnd.random() < p else rnd.choice(OTHERS)
                           for _ in range(rnd.randint(0, 700))))
    out += ["x" * k for k in (0, 1, 119, 120, 121, 500)]
    out += ["\x1c".join(["y" * 60] * 3), "\u3000".join(["y" * 60] * 3), " " + "z" * 120 + " ", ALL_CHARS[:5000]]
    return out


def test_long_chunk_is_the_regex_answer():
    plain = regex.compile(r"\S{120,}")
    texts = seed_texts() + generated()
    assert any(plain.search(t) for t in texts) and not all(plain.search(t) for t in texts)
    for t in texts:
        assert limits._has_long_chunk(t) == bool(plain.search(t)), repr(t[:80])


def test_long_chunk_splits_where_the_regex_module_sees_whitespace():
    """Each code point alone between two halves of a 120-character run: the run is long for the
    shortcut exactly when the `regex` module does not take the character for whitespace."""
    plain = regex.compile(r"\S{120,}")
    for ch in ALL_CHARS[:0x3100]:  # every whitespace character is below U+3100
        t = "a" * 60 + ch + "b" * 59
        assert limits._has_long_chunk(t) == bool(plain.search(t)), hex(ord(ch))


def needs_fallback_as_written(text: str) -> bool:
    """The guard as it was first written (a regex search for a long chunk, then a count)."""
    if not regex.search(r"\S{120,}", text):
        if len(regex.findall(r"[\W_]", text)) * (40 + 120) <= limits.TEXT_LIMIT:
            return False
    total, largest = limits.tokenizer_cost(text)
    return largest > limits.CHUNK_LIMIT or total > limits.TEXT_LIMIT


@pytest.mark.parametrize("text", [
    "(" * 1024,                       # one long chunk of punctuation: quadratic for spaCy
    "a, " * 2000,                     # long, many punctuation marks, short chunks
    "(" * 100 + " " + ")" * 100,      # two short chunks
    "We train on ImageNet-1k; see https://example.org/" + "x" * 130 + " for code.",
])
def test_needs_fallback_unchanged(text):
    assert limits.needs_fallback(text) == needs_fallback_as_written(text)


def test_needs_fallback_unchanged_on_texts():
    for t in seed_texts() + generated(500):
        assert limits.needs_fallback(t) == needs_fallback_as_written(t)


def test_record_id_collapses_whitespace_as_the_regex_did():
    ws = re.compile(r"\s+")
    for t in seed_texts() + generated(500) + [ALL_CHARS]:
        assert " ".join(t.split()) == ws.sub(" ", t).strip()
    assert record_id("  a\u3000b\x1c c\n") == record_id("a b c")
    assert record_id("a b") != record_id("ab")


def generic_texts() -> list[str]:
    """Prose around the generic terms and their plurals, in every case, glued to letters, hyphens and digits, and
    with look-alike letters that match only without case (Kelvin sign, long s, dotted I)."""
    from extractors.components.quality import generic_words, plurals
    terms = sorted(generic_words()) + sorted(plurals())   # "accuracies", "losses" too
    rnd = random.Random(7)
    glue = [" ", "", "-", "(", ") ", ", ", "\n", "1", "é", "K", "\u212a", "\u017f", "İ", "'s ", "/"]
    out = []
    for _ in range(1500):
        parts = []
        for _ in range(rnd.randint(1, 12)):
            w = rnd.choice(terms + ["model", "the", "robust", "we", "accuracy-driven"])
            w = rnd.choice([w, w.upper(), w.title(), w.replace("s", "\u017f"), w.replace("k", "\u212a")])
            parts.append(w + rnd.choice(glue))
        out.append(rnd.choice(glue) + "".join(parts))
    return out


def test_generic_matches_are_the_pattern_matches():
    from extractors.components.entities import _generic_rx, generic_matches
    texts = seed_texts() + generic_texts()
    found = 0
    for t in texts:
        want = [(m.span(), m.group()) for m in _generic_rx().finditer(t)]
        assert [(m.span(), m.group()) for m in generic_matches(t)] == want, repr(t[:120])
        found += len(want)
    assert found > 1000


def shape_texts() -> list[str]:
    """Model names, metrics and numbers of every kind (superscripts, fractions, roman numerals,
    Arabic-Indic digits) glued to letters, hyphens, slashes, dots and whitespace of every sort."""
    rnd = random.Random(11)
    pieces = ["GPT-4o", "ResNet-50", "ViT-B/16", "pass@1", "Recall@10", "top-1", "x²", "½", "Ⅻ-net", "٣D",
              "BERT", "mAP", "3.5", "v1.2-beta", "L2", "Qwen3-Coder-480B", "a1b2", "-7", "e.g.", "9-",
              "T5", "COCO-30K", "nDCG@5", "ab", "Llama-3-8B", "(GPT-4)", "GPT-4,", "10%", "@2", "^4"]
    out = []
    for _ in range(1500):
        out.append("".join(rnd.choice(pieces) + rnd.choice(SPACES + "-/.@,(" + "\u00b2")
                           for _ in range(rnd.randint(1, 15))))
    return out


@pytest.mark.parametrize("scope,seed,least", [("numbered-chunk", r"\p{N}", 1000), ("camel-chunk", r"\p{Ll}\p{Lu}", 300)])
def test_chunk_scoped_patterns_find_the_same_names_on_chunks(scope, seed, least):
    from extractors.components.names import CHUNK_SEEDS, _tables, seeded_chunks, shape_matches
    assert scope in CHUNK_SEEDS
    scoped = [pat for _, pat, sc in _tables()[0] if sc == scope]
    assert len(scoped) >= 3
    found = 0
    for t in seed_texts() + shape_texts() + generated(300):
        assert seeded_chunks(t, scope) == [m.span() for m in regex.finditer(rf"(?<!\S)\S*{seed}\S*", t)]
        chunks: dict = {}
        for pat in scoped:
            want = [m.span() for m in pat.finditer(t)]
            assert [m.span() for m in shape_matches(pat, scope, t, chunks)] == want, (pat.pattern, t[:100])
            found += len(want)
    assert found > least


def test_named_measure_matches_are_the_pattern_matches():
    """The named measures found through their automaton are the pattern's own matches."""
    from extractors.components.entities import (_fast_matches, _named_measure_automaton, _named_measure_rx,
                                                named_measure_words)
    rnd = random.Random(3)
    names = sorted(named_measure_words())
    glue = [" ", "", "-", "(", ") ", ", ", "\n", "1", "é", "\u212a", "\u017f", "'s ", "/", "\xa0"]
    texts = seed_texts()
    for _ in range(1500):
        words = [rnd.choice(names + ["low", "the", "test", "model", "from"]) for _ in range(rnd.randint(1, 10))]
        words = [rnd.choice([w, w.upper(), w.title(), w.replace("s", "\u017f")]) for w in words]
        texts.append("".join(w + rnd.choice(glue) for w in words))
    found = 0
    for t in texts:
        want = [(m.span(), m.group()) for m in _named_measure_rx().finditer(t)]
        assert [(m.span(), m.group()) for m in _fast_matches(_named_measure_rx(), _named_measure_automaton(), t)] \
            == want, repr(t[:120])
        found += len(want)
    assert found > 1000


def modifier_texts() -> list[str]:
    """Lower-case words of every kind before quality words: stop words and their hyphenated forms
    ("high-resolution", "state-of-the-art"), adverbs, plurals, possessives, digits, capitals, and
    white space of every sort between them."""
    from extractors.resources import word_list
    stops = sorted(word_list("metric_modifier_stop"))
    rnd = random.Random(5)
    words = stops + ["test", "top-1", "end-to-end", "training", "word", "class", "analysis", "newly", "model's",
                     "ImageNet", "x2", "²", "a-ly", "bus", "high-resolution", "low-latency", "régime", "ſtep"]
    out = []
    for _ in range(1500):
        parts = [rnd.choice(words) + rnd.choice([" ", " ", "  ", "\t", "\xa0", "\u2003", "\x1c", "(", "-", "\n"])
                 for _ in range(rnd.randint(1, 7))]
        out.append("".join(parts) + rnd.choice(["accuracy", "time", "error"]))
    return out


def test_modifier_start_is_the_pattern_search():
    """`linker.modifier_start` answers what a search with the full `modifier_rx` from 60 characters
    back answers, at every word start of real and generated text."""
    from extractors.components.linker import modifier_rx, modifier_start
    texts = seed_texts() + modifier_texts()
    checked = matched = 0
    for t in texts:
        for s in range(1, len(t) + 1):
            if s < len(t) and not (t[s - 1].isspace() or t[s - 1] in "-("):
                continue
            lo = max(0, s - 60)
            m = modifier_rx().search(t, lo, s)
            assert modifier_start(t, lo, s) == (m.start(1) if m else None), repr(t[lo:s])
            checked += 1
            matched += m is not None
    assert checked > 10000 and matched > 1000, (checked, matched)


@pytest.mark.parametrize("name,width", [("MEASURE_FRAME", 90), ("_COMPARATIVE", 30), ("_BASELINE_BEFORE", 40)])
def test_end_anchored_cues_found_from_the_end_agree(name, width):
    # the typer's cues before a mention are matched from the end of their window (regex.REVERSE);
    # whether one matches is what the forward pattern says, at every position of the seed texts
    from extractors.components import type_features
    fast = getattr(type_features, name)
    assert fast.flags & regex.REVERSE
    slow = regex.compile(fast.pattern, fast.flags & ~regex.REVERSE)
    texts = seed_texts() + ["a 75% improvement in sample efficiency and latency", "measured by both FID and recall",
                            "greater reward than", "compared with the strong GPT-4"]
    for text in texts:
        for s in range(len(text) + 1):
            lo = max(0, s - width)
            assert (fast.search(text, lo, s) is None) == (slow.search(text, lo, s) is None), (name, text[lo:s])


# ---------------------------------------------------------------- the NER's matrix products

def test_ner_products_go_through_numpy_with_one_blas_thread_only_inside_them():
    """pipeline.MatmulOps: every layer of the shipped NER multiplies with it; it agrees with thinc's
    blis to float32 rounding; the one-thread limit holds inside a product and is lifted after."""
    import os

    import numpy
    from threadpoolctl import threadpool_info
    from thinc.api import NumpyOps
    from extractors import pipeline

    nlp = pipeline.build_nlp()
    ner = nlp.get_pipe("ner").ner
    assert {type(node.ops) for node in ner.model.walk()} == {pipeline.MatmulOps}
    rng = numpy.random.default_rng(3)
    x, w = rng.random((300, 128), dtype="float32"), rng.random((96, 128), dtype="float32")
    ours, blis = pipeline.MatmulOps().gemm(x, w, trans2=True), NumpyOps().gemm(x, w, trans2=True)
    assert ours.dtype == numpy.float32 and ours.shape == (300, 96)
    numpy.testing.assert_allclose(ours, blis, rtol=1e-5)
    out = numpy.empty((128, 128), dtype="float32")
    assert pipeline.MatmulOps().gemm(x, x, out=out, trans1=True) is out
    numpy.testing.assert_allclose(out, x.T @ x, rtol=1e-5)

    # the BLAS numpy multiplies with (a wheel's own copy under numpy/ or numpy.libs/; else those the
    # pipeline's controller found): one thread inside the context, as many as before after it. Other
    # BLAS copies (scipy's, loaded later by other tests) are not the products' and keep theirs.
    home = os.path.dirname(numpy.__file__)

    def numpy_blas():
        libs = [i for i in threadpool_info() if i["user_api"] == "blas"]
        own = [i for i in libs if os.path.dirname(i["filepath"]).startswith((home + os.sep, home + ".libs"))]
        known = {c.filepath for c in pipeline._blas_controller().select(user_api="blas").lib_controllers}
        return {i["filepath"]: i["num_threads"] for i in own or [i for i in libs if i["filepath"] in known]}

    before = numpy_blas()
    assert before
    with pipeline._one_blas_thread():
        assert set(numpy_blas().values()) == {1}
    assert numpy_blas() == before


def test_ner_spans_are_blis_spans():
    """The NER finds the same entities with numpy's products as with blis's, on every seed abstract
    (benchmarks/blas.py: the same on the whole corpus)."""
    from thinc.api import NumpyOps
    from extractors import pipeline
    from extractors.normalize import normalize

    ex = pipeline.Extractor(pipeline.build_nlp())
    ner = ex.nlp.get_pipe("ner").ner
    docs = [ex._make_doc(normalize(t)) for t in seed_texts()]

    def spans(ops):
        for node in ner.model.walk():
            node.ops = ops
        batch = [d.copy() for d in docs]
        for _ in ner.pipe(batch, batch_size=32):
            pass
        return [[(e.start_char, e.end_char, e.label_) for e in d.ents] for d in batch]

    ours = spans(pipeline.MatmulOps())
    assert sum(map(len, ours)) > 50
    assert ours == spans(NumpyOps())
