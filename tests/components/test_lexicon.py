"""The lexicon component, table-driven (lexicon_cases.json): known names found in the text and
the type their entry gives; a capitalised word that only starts a sentence is not a name."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables import case_ids, cases, check_table

from extractors.components.lexicon import _key, find_lexicon
from extractors.normalize import normalize

CASES = cases("lexicon")


def test_table():
    check_table(CASES)
    assert {c["type"] for c in CASES if not c.get("absent")} >= {"METHOD", "MODEL", "DATASET", "BENCHMARK", "METRIC"}
    assert any(c.get("absent") for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES, "name"))
def test_lexicon_match(case):
    clean = normalize(case["text"]).clean
    found = {clean[c.start:c.end]: c.types for c in find_lexicon(clean)}
    if case.get("absent"):
        assert case["name"] not in found
        return
    types = found[case["name"]]
    assert max(types, key=types.get) == case["type"], types


def test_shipped_automaton_is_built_from_the_shipped_names():
    """resources/lexicon/automaton.bin is what data/build_lexicon.py writes for the names.tsv in
    the package (rebuild it with `python data/build_lexicon.py --automaton` after editing
    names.tsv), and the matcher uses it rather than building its own."""
    from extractors import resources
    from extractors.components import lexicon
    shipped = resources.path(lexicon.AUTOMATON).read_bytes().partition(b"\n")[0]
    assert shipped == lexicon.automaton_bytes().partition(b"\n")[0]  # built from this names.tsv
    # ... by this code: the same keys, indexes and values (the pickled automaton's bytes are not
    # comparable: pyahocorasick writes its nodes' padding as it finds it in memory)
    loaded = lexicon._load_automaton()
    assert loaded is not None
    auto, values = loaded
    built, built_values = lexicon.build_automaton()
    assert len(auto) == len(built) > 20_000
    assert list(auto.items()) == list(built.items()) and values == built_values
    # a key stores its value's index and its own length; the values say what a key spells:
    # "cifar 10" (folded) is CIFAR-10, a dataset
    code = auto.get(lexicon._key("CIFAR-10"))
    assert code & lexicon._LEN_MASK == len("CIFAR-10")
    hit = values[code >> lexicon._LEN_BITS]
    assert hit[0] == len("CIFAR-10") and any(f[1] == "DATASET" for f in hit[1])
    assert lexicon.entries("CIFAR-10") == list(hit[1])


def test_a_stale_automaton_file_is_not_used(monkeypatch):
    """An automaton.bin written for another names.tsv is ignored (the matcher builds its own)."""
    from extractors.components import lexicon
    monkeypatch.setattr(lexicon, "_names_digest", lambda: b"0" * 64)
    assert lexicon._load_automaton() is None


def test_no_lexicon_name_carries_its_own_acronym_definition():
    """A catalogue name written with its definition ("mean corruption error (mCE)") is shipped as
    its long form only (data/build_lexicon.py `defined_long_form`), so the text's definition
    becomes one entity named by its short form, with the long form as its alias."""
    from extractors.components.acronyms import find_acronyms
    from extractors import resources
    defined = []
    for line in resources.path("lexicon/names.tsv").read_text(encoding="utf-8").splitlines():
        surface = line.split("\t")[0]
        if line.startswith("#") or not surface.endswith(")"):
            continue
        if any(surface == f"{a.long} ({a.short})" for a in find_acronyms(surface)):
            defined.append(surface)
    assert defined == []
    clean = normalize("We report a mean corruption error (mCE) of 13.5% on CIFAR-10-C.").clean
    found = {clean[c.start:c.end] for c in find_lexicon(clean)}
    assert "mean corruption error" in found and "mean corruption error (mCE)" not in found


#: letters with and without diacritics, separators and words the catalogue knows
_FOLD_PIECES = ["Fréchet", "Frechet", " Inception Distance", "Pólya", "-Gamma augmentation", "ÉCOLE", "ß",
                "İ", "ǅ", " ", "-", "/", "ImageNet", "CIFAR-10", "naïve", "Ångström", "œ", "ﬁ", ", ", "."]


@given(st.lists(st.sampled_from(_FOLD_PIECES), min_size=1, max_size=20).map("".join))
@settings(max_examples=200, deadline=None)
def test_folding_keeps_every_offset(text):
    """The matcher's key is the text letter for letter (accents dropped, case folded only where that
    keeps one character), so every candidate's span is the text's own: text[start:end] == name."""
    assert len(_key(text)) == len(text)
    for c in find_lexicon(text):
        assert text[c.start:c.end] == c.text
