"""The field terms (components/field_terms.py, resources/field_terms.tsv, data/build_field_terms.py):
long forms many corpus abstracts write are the field's, not one paper's."""
import importlib.util
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from extractors import resources
from extractors.components.field_terms import MIN_ABSTRACTS, field_terms, is_field_term, term_key

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
    (["BB", "branch and bound"], True),
    (["FocalNets", "Focal Modulation Networks"], False),      # coined: one abstract's own
    (["EGSDE", "energy-guided stochastic differential equations"], False),
    (["GNN"], False),                                         # a short form alone is not a long form
])
def test_is_field_term(names, expected):
    assert is_field_term(names) is expected


def test_the_table_is_sorted_keyed_and_counted():
    """Every row: a key as `term_key` writes it, a count of at least MIN_ABSTRACTS; sorted, unique."""
    rows = resources.rows("field_terms.tsv")
    assert len(rows) > 500
    assert [r[0] for r in rows] == sorted({r[0] for r in rows})
    assert all(term_key(r[0]) == r[0] and int(r[1]) >= MIN_ABSTRACTS for r in rows)
    assert field_terms() == {r[0] for r in rows}


@pytest.mark.skipif(not (ROOT.parent / "shared" / "corpus" / "abstracts.jsonl").exists(),
                    reason="the corpus beside the project is what the table is built from")
def test_the_table_is_what_the_builder_writes():
    """resources/field_terms.tsv is what data/build_field_terms.py writes now: run it after
    changing the acronym finder, `term_key` or the annotation files."""
    spec = importlib.util.spec_from_file_location("build_field_terms", BUILD)
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    assert build.build(build.CORPORA) == build.OUT.read_text(encoding="utf-8")
