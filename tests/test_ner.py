"""The statistical NER: annotations -> training Docs, `extractors train`, the shipped model."""
import json
from pathlib import Path

import pytest
import spacy

from extractors import pipeline
from extractors import train as T
from extractors.tokenizer import make_tokenizer

ROOT = Path(__file__).resolve().parent.parent
ANNOTATIONS = ROOT / "data" / "annotations"


@pytest.fixture(scope="module")
def blank():
    nlp = spacy.blank("en")
    nlp.tokenizer = make_tokenizer(nlp)
    return nlp


def _ents(doc):
    return [(e.text, e.label_) for e in doc.ents]


# ---------------------------------------------------------------- annotations -> Docs

def test_record_to_doc_labels_mentions_of_names_and_aliases(blank):
    rec = {"id": "x", "text": "We propose \\textbf{Fast Neural Search} (FNS) for image classification. "
                              "FNS beats DARTS on CIFAR-10 in top-1 accuracy.",
           "methods": [{"name": "FNS", "aliases": ["Fast Neural Search"], "role": "proposed"},
                       {"name": "DARTS", "aliases": [], "role": "used"}],
           "datasets": [{"name": "CIFAR-10", "aliases": [], "role": "used"}],
           "metrics": [{"name": "top-1 accuracy", "aliases": [], "role": "used", "optional": True}],
           "tasks": [{"name": "Image classification", "aliases": [], "role": "used"}]}
    stats = T.ConversionStats()
    doc = T.record_to_doc(blank, rec, stats)
    assert doc.text.startswith("We propose Fast Neural Search (FNS)")  # LaTeX resolved
    assert _ents(doc) == [("Fast Neural Search", "METHOD"), ("FNS", "METHOD"),
                          ("image classification", "TASK"),  # multiword: any case
                          ("FNS", "METHOD"), ("DARTS", "METHOD"), ("CIFAR-10", "DATASET")]
    # the optional metric is neither entity nor O: its tokens are missing values
    missing = [t.text for t in doc if t.ent_iob == 0]
    assert missing == ["top-1", "accuracy"]
    assert all(t.ent_iob_ == "O" for t in doc if t.text in ("beats", "on", "in"))
    assert stats.mentions == {"METHOD": 4, "TASK": 1, "DATASET": 1}
    assert stats.optional_entities == 1 and stats.not_found == 0


def test_record_to_doc_overlaps_longest_first_and_misaligned_spans_are_missing(blank):
    rec = {"id": "y", "text": "Graph Neural Networks (GNN) and BERT-base use Graph attention.",
           "methods": [{"name": "Graph Neural Networks", "aliases": ["GNN"], "role": "used"},
                       {"name": "BERT", "aliases": [], "role": "used"}],
           "tasks": [{"name": "Graph", "aliases": [], "role": "used"}],
           "models": [{"name": "Transformer-XL", "aliases": [], "role": "used"}]}
    stats = T.ConversionStats()
    doc = T.record_to_doc(blank, rec, stats)
    # "Graph" inside the longer method name is dropped; alone it is a TASK mention
    assert _ents(doc) == [("Graph Neural Networks", "METHOD"), ("GNN", "METHOD"), ("Graph", "TASK")]
    assert stats.overlapping == 1
    # "BERT" inside the token "BERT-base": skipped, counted, the token left out of the loss
    assert stats.misaligned == 1
    assert [t.text for t in doc if t.ent_iob == 0] == ["BERT-base"]
    assert stats.not_found == 1  # Transformer-XL does not occur


def test_find_mentions_word_boundaries_and_case():
    text = "RoBERTa and BERT; bert is not BERT-like? Neural architecture search and neural architecture search."
    assert T.find_mentions(text, "BERT") == [(12, 16), (30, 34)]
    assert len(T.find_mentions(text, "neural architecture search")) == 2
    assert T.find_mentions(text, "pass@1") == []


def test_held_out_set_is_refused():
    with pytest.raises(ValueError, match="held-out"):
        T.annotation_files([ANNOTATIONS / "part_4.jsonl"])
    files = T.annotation_files([ANNOTATIONS])
    names = {f.name for f in files}
    assert "part_4.jsonl" not in names and not any(n.startswith(("heldout", "agreement")) for n in names)
    assert {f"part_{i}.jsonl" for i in range(4)} <= names
    with pytest.raises(ValueError):
        T.annotation_files([ROOT / "data" / "gold" / "seeds.gold.jsonl"])
    for held in (ROOT / "data" / "results" / "heldout_0.jsonl", ROOT / "data" / "results" / "agreement.jsonl"):
        with pytest.raises(ValueError, match="held-out"):
            T.annotation_files([held])


def test_dev_split_is_deterministic_and_order_free():
    recs = T.read_records(T.annotation_files(list(T.DEFAULT_DATA)))
    train, dev = T.split_dev(recs)
    assert len(dev) == 20 and len(train) == 180
    train2, dev2 = T.split_dev(list(reversed(recs)))
    assert {r["id"] for r in dev} == {r["id"] for r in dev2}


def test_cli_train_refuses_held_out(tmp_path):
    from typer.testing import CliRunner

    from extractors.cli import app
    res = CliRunner().invoke(app, ["train", "--data", str(ANNOTATIONS / "part_4.jsonl"),
                                   "--out", str(tmp_path / "ner")])
    assert res.exit_code == 2 and not (tmp_path / "ner").exists()


# ---------------------------------------------------------------- the shipped model

def test_model_ships_inside_the_package():
    path = pipeline.ner_model_path()
    assert path.joinpath("config.cfg").is_file() and path.joinpath("ner", "model").is_file()
    size = sum(f.stat().st_size for f in Path(str(path)).rglob("*") if f.is_file())
    assert size < 30 * 2 ** 20
    cfg = path.joinpath("config.cfg").read_text(encoding="utf-8")
    assert 'extractors.ml_tokenizer.v1' in cfg  # the config names the project's tokenizer
    meta = json.loads(path.joinpath("meta.json").read_text(encoding="utf-8"))
    assert not any("part_4" in f for f in meta["extractors"]["data"])


def test_pipeline_runs_the_ner_first(nlp):
    assert nlp.pipe_names[0] == "ner"
    assert set(nlp.get_pipe("ner").labels) == set(T.LABELS.values())
    assert [t.text for t in nlp.make_doc("Kimi-K2 and pass@1")] == ["Kimi-K2", "and", "pass@1"]


def test_ner_skips_docs_over_the_token_limit(nlp):
    ner = nlp.get_pipe("ner")
    text = EXPECTED[0][0]
    assert _ents(ner(nlp.make_doc(text)))
    long_doc = nlp.make_doc(" ".join([text] * (pipeline.NER_MAX_TOKENS // 10)))
    assert len(long_doc) > pipeline.NER_MAX_TOKENS
    docs = list(ner.pipe([long_doc, nlp.make_doc(text)]))
    assert not docs[0].ents and docs[1].ents


def test_missing_model_says_how_to_build_it(monkeypatch):
    monkeypatch.setattr(pipeline, "NER_MODEL", "no-such-model")
    with pytest.raises(FileNotFoundError, match="extractors train"):
        pipeline.build_nlp()


# sentences of the training annotations (part_0..3; never the held-out part_4) and entities the
# shipped model finds in them
EXPECTED = [
    ("In standard image classification benchmarks, GOLD-NAS can find a series of Pareto-optimal "
     "architectures within a single search procedure.",
     {("GOLD-NAS", "METHOD"), ("image classification", "TASK")}),
    ("In this work, we propose AUTOMATA, a gradient-based subset selection framework for "
     "hyper-parameter tuning.",
     {("AUTOMATA", "METHOD"), ("hyper-parameter tuning", "TASK")}),
    ("We evaluate our approach on several common few-shot benchmarks - FC-100, CIFAR-FS, "
     "miniImageNet and tieredImageNet and obtain improvements in both 1-shot and 5-shot settings.",
     {("FC-100", "DATASET"), ("CIFAR-FS", "DATASET"), ("miniImageNet", "DATASET")}),
    ("We prove lower bounds on the worst-case regret for some sets of actions showing that this "
     "rate is tight up to a possible sub-logarithmic factor.",
     {("worst-case regret", "METRIC")}),
]


@pytest.fixture(scope="module")
def nlp():
    return pipeline.build_nlp()


@pytest.mark.parametrize("text,expected", EXPECTED)
def test_model_predicts_expected_labels(nlp, text, expected):
    ents = set(_ents(nlp(text)))
    assert expected <= ents, ents


# ---------------------------------------------------------------- reproducibility

def test_training_is_reproducible(tmp_path):
    """Two short runs with the same seed on a tiny subset give identical models and predictions."""
    lines = (ANNOTATIONS / "part_0.jsonl").read_text(encoding="utf-8").splitlines()[:12]
    data = tmp_path / "tiny.jsonl"
    data.write_text("\n".join(lines) + "\n", encoding="utf-8")
    texts = [json.loads(line)["text"] for line in lines[:4]]
    over = {"training.max_epochs": 2, "training.eval_frequency": 10}
    runs = []
    for i in range(2):
        out = tmp_path / f"ner{i}"
        T.train([data], out, T.DEFAULT_CONFIG if T.DEFAULT_CONFIG.is_file() else ROOT / "data" / "ner.cfg",
                seed=7, overrides=over, log=T.quiet())
        nlp = spacy.load(out)
        runs.append(([_ents(d) for d in nlp.pipe(texts)], (out / "ner" / "model").read_bytes()))
    assert runs[0][0] == runs[1][0]
    assert runs[0][1] == runs[1][1]


# ---------------------------------------------------------------- pretrained tok2vec weights

def test_pretrained_tok2vec_weights_load_into_the_ners_own_tok2vec(tmp_path):
    nlp = spacy.load(ROOT / "extractors" / "resources" / "ner")
    layer = nlp.get_pipe("ner").model.get_ref("tok2vec").layers[0]
    saved = layer.to_bytes()
    (tmp_path / "t2v.bin").write_bytes(saved)
    for node in layer.walk():  # wipe the weights, then load them back from the file
        for name in node.param_names:
            if node.has_param(name):
                node.set_param(name, node.get_param(name) * 0)
    assert layer.to_bytes() != saved
    T.load_pretrained_tok2vec(nlp, tmp_path / "t2v.bin")
    assert layer.to_bytes() == saved
    with pytest.raises(T.DataError, match="no pretrained tok2vec"):
        T.load_pretrained_tok2vec(nlp, tmp_path / "missing.bin")


def test_the_shipped_config_starts_from_no_pretrained_weights():
    # the experiment of data/pretrain_tok2vec.py did not pay in the pipeline (data/ner.cfg): the
    # shipped NER trains from its own initialisation, so `extractors train` reproduces it
    cfg = spacy.util.load_config(ROOT / "data" / "ner.cfg", interpolate=False)
    assert cfg["paths"]["pretrained_tok2vec"] is None


# ---------------------------------------------------------------- folds for the parts trained after the NER

def test_folds_are_fixed_by_the_record_id(tmp_path):
    recs = T.read_records(T.annotation_files(list(T.DEFAULT_DATA)))
    folds = [T.ner_fold(r["id"]) for r in recs]
    assert folds == [T.ner_fold(r["id"]) for r in recs]             # no state, no order
    assert set(folds) == set(range(T.NER_FOLDS))
    assert min(folds.count(k) for k in range(T.NER_FOLDS)) > len(recs) / T.NER_FOLDS / 2
    (tmp_path / T.FOLDS_FILE).write_text(json.dumps({"k": T.NER_FOLDS, "ids": [recs[0]["id"]]}))
    folded = T.FoldedNER(tmp_path)
    assert folded.model_for(recs[0]) == str(tmp_path / f"fold_{T.ner_fold(recs[0]['id'])}")
    assert folded.model_for({"id": "not-a-training-record", "text": "x"}) is None   # the shipped NER


def test_later_parts_never_train_on_the_ners_output_for_text_it_saw(tmp_path, monkeypatch):
    """The typer and the linker learn how far to trust the NER: from its output on its own
    training records they would trust it too much, so without folds such records are refused."""
    monkeypatch.setattr(T, "DEFAULT_FOLDS_OUT", tmp_path / "no_folds")
    seen = sorted(T.shipped_ner_ids())
    assert len(seen) >= 200
    recs = [r for r in T.read_records([ANNOTATIONS / "part_0.jsonl"]) if r["id"] in seen]
    assert recs
    with pytest.raises(T.DataError, match="ner-folds"):
        T.folds_for(recs, None)
    assert T.folds_for(recs, None, seen_ok=True) is None
    with pytest.raises(FileNotFoundError, match="ner-folds"):
        T.folds_for(recs, tmp_path / "missing")


def test_cli_trains_folds_only_from_development_files(tmp_path):
    from typer.testing import CliRunner

    from extractors.cli import app
    res = CliRunner().invoke(app, ["train", "--component", "ner-folds", "--data", str(ANNOTATIONS / "part_4.jsonl"),
                                   "--out", str(tmp_path / "folds")])
    assert res.exit_code == 2 and "held-out" in res.output and not (tmp_path / "folds").exists()
    res = CliRunner().invoke(app, ["train", "--component", "nerfolds"])
    assert res.exit_code == 2 and "ner-folds" in res.output
