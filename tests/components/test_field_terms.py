"""The field terms (components/field_terms.py, resources/field_terms.tsv, data/build_field_terms.py):
long forms many corpus abstracts write are the field's, not one paper's."""
import importlib.util
import json
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from extractors import resources
from extractors.components import field_terms as ft
from extractors.components.field_terms import (GENERIC_SHARE, MIN_ABSTRACTS, field_terms, fold, generic_terms,
                                               is_field_term, is_generic_term, left_out, term_key, written_terms)

ROOT = Path(__file__).resolve().parent.parent.parent
BUILD = ROOT / "data" / "build_field_terms.py"


@pytest.mark.parametrize("name, key", [
    ("Graph Neural Networks", "graph neural network"),
    ("graph-neural network", "graph neural network"),
    ("Markov decision processes", "markov decision process"),
    ("policies", "policy"),
    ("mixture of experts", "mixture of expert"),
    ("branch-and-bound", "branch and bound"),
    ("focal loss", "focal loss"),          # not plurals: -ss, -us, -is
    ("corpus", "corpus"),
    ("principal component analysis", "principal component analysis"),
    ("GNNs", "gnn"),
])
def test_term_key(name, key):
    assert term_key(name) == key


@given(st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8), min_size=1, max_size=4),
       st.sampled_from([" ", "-", "  ", " - ", "_"]))
def test_term_key_folds_case_and_separators(words, sep):
    """Case and the separators between words never make two keys: "Graph-Neural  Network" is
    "graph neural network"."""
    key = term_key(" ".join(words))
    assert term_key(sep.join(w.upper() for w in words)) == key
    assert key == key.strip() and "  " not in key and "-" not in key and key.islower()


@pytest.mark.parametrize("names, expected", [
    (["GNN", "graph neural network"], True),
    (["SDE", "stochastic differential equation"], True),
    (["KD", "Knowledge Distillation"], True),
    (["PnP", "plug and play"], True),                        # a function word inside
    (["FocalNets", "Focal Modulation Networks"], False),      # coined: one abstract's own
    (["EGSDE", "energy-guided stochastic differential equations"], False),
    (["GNN"], False),                                         # a short form alone is not a long form
])
def test_is_field_term(names, expected):
    assert is_field_term(names) is expected


@pytest.mark.parametrize("names, expected", [
    (["KD", "knowledge distillation"], True),            # common nouns of the field
    (["NN", "neural network"], True),
    (["HPO", "hyperparameter optimization"], True),
    (["PPO", "Proximal Policy Optimization"], False),    # names, mostly capitalised
    (["GP", "Gaussian process"], False),
    (["MCMC", "Markov chain Monte Carlo"], False),
    (["FocalNets", "Focal Modulation Networks"], False),  # no field term at all
])
def test_is_generic_term(names, expected):
    assert is_generic_term(names) is expected


def test_fold_keeps_offsets():
    text = "Graph-Neural Networks (GNNs) and Straße"
    assert len(fold(text)) == len(text)
    assert fold(text).startswith("graph neural networks (gnns)")


@pytest.mark.parametrize("text,terms", [
    # the longest field term at each place, plural or singular, hyphen or space
    ("We analyse gradient descent and stochastic gradient descent on two-layer nets.",
     ["gradient descent", "stochastic gradient descent"]),
    ("Graph neural networks and policy-gradient methods fail here.", ["Graph neural networks", "policy-gradient methods"]),
    # whole words only, never across punctuation
    ("It uses gradient, descent and regradient descents.", []),
    ("A model of optimal transport.", ["optimal transport"]),
])
def test_written_terms(text, terms):
    """Names the field shares (resources/field_terms.tsv) are found where the text writes them."""
    assert [text[s:t] for s, t in written_terms(text)] == terms


@given(st.text(alphabet=st.sampled_from("aZİß- _/\tgrphİ"), max_size=40))
def test_fold_fast_path_is_the_character_rule(text):
    """`fold` takes str.lower + translate where lower case keeps the length; the result is always
    the character-by-character rule (offsets stay)."""
    from extractors.components.field_terms import _SEPARATOR_CHARS
    slow = "".join(" " if c in _SEPARATOR_CHARS else (c.lower() if len(c.lower()) == 1 else c) for c in text)
    assert fold(text) == slow and len(fold(text)) == len(text)


def test_the_table_is_sorted_keyed_and_counted():
    """Every row: a key as `term_key` writes it, written by at least MIN_ABSTRACTS abstracts, at
    least as often as abstracts write it, lower case at most that often; sorted, unique; the
    generic terms are the rows mostly written in lower case."""
    rows = resources.rows("field_terms.tsv")
    # a floor against a truncated table, not a target (934 terms at the end of the sixty-eighth
    # session, when the training records began to count); data/build_field_terms.py --check says
    # whether it is up to date
    assert len(rows) > 800
    assert [r[0] for r in rows] == sorted({r[0] for r in rows})
    for term, abstracts, written, lower, defined in rows:
        assert term_key(term) == term and MIN_ABSTRACTS <= int(abstracts) <= int(written)
        assert 0 <= int(lower) <= int(written) and 1 <= int(defined) <= int(abstracts)
    assert field_terms() == {r[0] for r in rows}
    assert generic_terms() == {r[0] for r in rows if int(r[3]) >= GENERIC_SHARE * int(r[2])}
    assert 0.3 < len(generic_terms()) / len(rows) < 0.9


@pytest.mark.skipif(not (ROOT.parent / "shared" / "corpus" / "abstracts.jsonl").exists(),
                    reason="the corpus beside the project is what the table is built from")
def test_the_table_is_what_the_builder_writes():
    """resources/field_terms.tsv is what data/build_field_terms.py writes now: run it after
    changing the acronym finder, `term_key` or the annotation files."""
    spec = importlib.util.spec_from_file_location("build_field_terms", BUILD)
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    assert build.build(build.CORPORA) == build.OUT.read_text(encoding="utf-8")


#: a small corpus: "graph neural network" defined twice and written by four abstracts; "knowledge
#: distillation" written by exactly MIN_ABSTRACTS, defined by one, in lower case but once;
#: "Proximal Policy Optimization" defined once, written by four, in lower case by one
_CORPUS = [
    "We study graph neural networks (GNNs) and knowledge distillation (KD) for molecules.",
    "Graph Neural Networks (GNN) fail on long chains; we apply Knowledge Distillation to them.",
    "A graph neural network is trained with knowledge distillation and proximal policy optimization.",
    "We compare graph-neural networks with Proximal Policy Optimization (PPO) agents.",
    "Proximal Policy Optimization is unstable, so we clip Proximal Policy Optimization updates.",
    "Proximal Policy Optimization (PPO) again, with no graphs at all in this abstract.",
]


def _small_table(tmp_path, monkeypatch, texts):
    """data/build_field_terms.py's table over `texts` alone (no annotation file left out)."""
    spec = importlib.util.spec_from_file_location("build_field_terms", BUILD)
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    monkeypatch.setattr(build, "annotated_ids", lambda: set())
    monkeypatch.setattr(build, "trained_records", lambda: {})
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": f"a{i}", "abstract": t}) + "\n" for i, t in enumerate(texts)),
                      encoding="utf-8")
    rows = [line.split("\t") for line in build.build([corpus]).splitlines() if not line.startswith("#")]
    return {r[0]: tuple(int(x) for x in r[1:]) for r in rows}


@pytest.mark.parametrize("left", range(len(_CORPUS)))
def test_left_out_is_the_table_built_without_the_abstract(tmp_path, monkeypatch, left):
    """Leave-one-out (`left_out`, what the learned parts train with) reads the table exactly as the
    builder would have written it without that abstract: the terms that fall out and the terms
    whose generic status turns, and nothing else."""
    full = _small_table(tmp_path, monkeypatch, _CORPUS)
    without = _small_table(tmp_path, monkeypatch, _CORPUS[:left] + _CORPUS[left + 1:])
    assert {"graph neural network", "knowledge distillation", "proximal policy optimization"} <= full.keys()
    monkeypatch.setattr(ft, "_table", lambda: full)
    monkeypatch.setattr(ft, "generic_terms",
                        lambda: frozenset(t for t, (_, w, lo, _) in full.items() if lo >= GENERIC_SHARE * w))
    monkeypatch.setattr(ft, "_shipped_automaton", lambda: ft.automaton(full))
    generic = {t for t, (_, w, lo, _) in without.items() if lo >= GENERIC_SHARE * w}
    with left_out(_CORPUS[left]):
        assert {t for t in full if is_field_term([t])} == set(without)
        assert {t for t in full if is_generic_term([t])} == generic
    assert {t for t in full if is_field_term([t])} == set(full)     # the block ends: the whole table again



def test_a_training_record_the_corpus_does_not_hold_stops_the_build(tmp_path, monkeypatch):
    """Leave-one-out takes a training record's own text back out of the counts, so every training
    record must be a corpus abstract, written as the corpus writes it: else the build stops, naming
    the file and line."""
    spec = importlib.util.spec_from_file_location("build_field_terms", BUILD)
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": f"a{i}", "abstract": t}) + "\n" for i, t in enumerate(_CORPUS)),
                      encoding="utf-8")
    part = build.ROOT / "data" / "annotations" / "part_9.jsonl"
    monkeypatch.setattr(build, "annotated_ids", lambda: set())
    monkeypatch.setattr(build, "trained_records", lambda: {"a0": (part, 1, _CORPUS[0])})
    assert build.build([corpus]).count("\n") > 8                  # its own text: counted, fine
    monkeypatch.setattr(build, "trained_records", lambda: {"a0": (part, 1, _CORPUS[0] + " ")})
    with pytest.raises(SystemExit, match=r"data/annotations/part_9\.jsonl:1: a training record"):
        build.build([corpus])
    monkeypatch.setattr(build, "trained_records", lambda: {"zz": (part, 7, "not in the corpus")})
    with pytest.raises(SystemExit, match=r"part_9\.jsonl:7: .*\(1 in all\)"):
        build.build([corpus])
