"""The link scorer (extractors/components/link_scorer.py): choice rule, shipped weights, the
records it changes, and reproducible training (extractors/train_linker.py)."""
import json
from pathlib import Path

import pytest

from extractors.components import link_scorer as LS
from extractors.components.link_features import ATTRIBUTES, feature_names
from extractors.train import HELD_OUT

from conftest import ROOT


@pytest.mark.parametrize("scores,rule,margin,expected", [
    ([0.0, 1.0, 0.5], 0, 0.0, 1),      # the best wins
    ([0.0, 1.0, 0.5], 0, 1.0, 0),      # ... unless it beats the rules' choice by no more than the margin
    ([0.0, 1.5, 0.5], 0, 1.0, 1),      # by more: it wins
    ([1.0, 1.0, 0.5], 1, 0.0, 1),      # ties go to the rules' choice
    ([1.0, 1.0, 0.5], None, 0.0, 0),   # ... then to the earlier candidate
    ([-3.0, -2.0], None, 5.0, 1),      # no rules' choice: the margin does not apply
])
def test_pick(scores, rule, margin, expected):
    assert LS.pick(scores, rule, margin) == expected


def test_shipped_weights_name_known_features_only():
    w = LS.load_weights()
    names = set(feature_names())
    for attr in ATTRIBUTES:
        for mode in ("both", "learned"):
            model = w["models"][attr][mode]
            assert set(model["weights"]) <= names
        assert "e:rule_choice" not in w["models"][attr]["learned"]["weights"]
    # never the held-out sets (part_4 itself, not part_40..), agreement passes or pending rounds
    assert not any(Path(f).name in HELD_OUT or Path(f).name.startswith(("heldout", "agreement"))
                   or "pending" in Path(f).parts for f in w["trained_on"]["files"])
    # the NER's training records were run with a NER that never saw them (train.FoldedNER)
    assert w["trained_on"]["ner_folds"] is True


@pytest.mark.parametrize("text,number,metric,subject,dataset", [
    ("We propose FooNet, which reaches 91.2% top-1 accuracy on ImageNet.", "91.2%", "top-1 accuracy", "FooNet", "ImageNet"),
    ("Raising worst-group accuracy by 5.2% on CelebA, our GroupFix beats all baselines.", "5.2%",
     "worst-group accuracy", None, "CelebA"),
])
def test_records_link_numbers(extractor, text, number, metric, subject, dataset):
    rec = extractor.extract(text)
    (r,) = [r for r in rec.results if r.span.text == number]
    assert (r.metric, r.dataset) == (metric, dataset)
    if subject:
        assert r.subject == subject
    # a metric the scorer chose from the held quality words is an entity of the record
    assert r.metric in {m.name for m in rec.metrics}


@pytest.mark.parametrize("text,number", [
    ("We propose FooNet. FooNet reaches 77.6% top-1 accuracy on ImageNet, while the previous best result is 72.9%.",
     "72.9%"),
    ("We propose FooNet. On ImageNet, FooNet improves top-1 accuracy (77.6% versus 72.9%).", "72.9%"),
])
def test_a_compared_value_is_not_the_proposed_systems(extractor, text, number):
    """A value the proposed system is compared with is another's or nobody's (link_scorer.select)."""
    rec = extractor.extract(text)
    (r,) = [r for r in rec.results if r.span.text == number]
    assert r.subject != "FooNet" and "FooNet" not in r.subjects
    assert [x.subject for x in rec.results if x.span.text == "77.6%"] == ["FooNet"]


@pytest.mark.parametrize("text,number,dataset", [
    ("FocalNets with tiny and base size achieve 82.3% and 83.9% top-1 accuracy on ImageNet-1K. After pretrained "
     "on ImageNet-22K, it attains 86.5% and 87.3% top-1 accuracy when finetuned with resolution 224 and 384, "
     "respectively.", "86.5%", "ImageNet-1K"),   # the scorer had chosen ImageNet-22K
    ("BERT pre-trained on BookCorpus reaches 84.6% accuracy.", "84.6%", None),
])
def test_pretraining_data_is_no_numbers_dataset(extractor, text, number, dataset):
    """The data a model was pre-trained on is not where its number was measured (link_scorer.select:
    no such candidate, unless a decisive cue holds it)."""
    rec = extractor.extract(text)
    (r,) = [r for r in rec.results if r.span.text == number]
    assert r.dataset == dataset


@pytest.mark.parametrize("text,number,subject", [
    # a kind of system (the plural of a name the lexicon knows) is nobody's result, nor a coined name
    ("Residual neural networks (ResNets) can be modeled as dynamical systems. We build a robust ensemble "
     "of ResNets that achieves an accuracy of 73.91% on CIFAR-10.", "73.91%", None),
    ("We show that pure ConvNets are still competitive. Our tracker, learned purely with the ConvNets, "
     "improves a Siamese tracker by 14.5% in SUC on LaSOT.", "14.5%", None),
    # ... a family the paper proposes is its subject
    ("We propose focal modulation networks (FocalNets in short). FocalNets achieve 82.3% top-1 accuracy "
     "on ImageNet-1K.", "82.3%", "FocalNets"),
])
def test_a_family_is_a_subject_only_when_proposed(extractor, text, number, subject):
    """A plural family name the paper does not propose is never a subject (link_scorer.generic_family)
    and never proposed for being coined-looking (entities._coined_names_are_proposed)."""
    rec = extractor.extract(text)
    (r,) = [r for r in rec.results if r.span.text == number]
    assert r.subject == subject
    assert {row.subject for row in rec.leaderboard} <= {subject}
    family = [e for e in rec.methods + rec.models if e.name.endswith("Nets")]
    assert [e.role for e in family] == ["proposed" if subject else "used"]


def test_rules_mode_is_a_pass_through(extractor):
    from extractors.pipeline import Extractor, build_nlp
    text = "BarNet reaches 80.2% accuracy on CIFAR-100 and 95.1% on CIFAR-10."
    rules = Extractor(build_nlp(linker="rules")).extract(text)
    assert [r.value for r in rules.results] == [r.value for r in extractor.extract(text).results]


def test_training_is_reproducible(tmp_path):
    from extractors.train_linker import train_linker
    data = [ROOT / "data" / "results" / "dev_0.jsonl"]
    a = train_linker(data, tmp_path / "a.json")
    train_linker(data, tmp_path / "b.json")
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    doc = json.loads((tmp_path / "a.json").read_text())
    assert doc["trained_on"]["records"] == 40 and a.groups > 50
    for attr in ATTRIBUTES:
        assert 0.5 < doc["cross_validated_accuracy"][attr]["both"] <= 1.0


def test_held_out_files_are_refused(tmp_path):
    from extractors.train import DataError
    from extractors.train_linker import train_linker
    with pytest.raises(DataError):
        train_linker([ROOT / "data" / "results" / "heldout_0.jsonl"], tmp_path / "x.json")


# ---------------------------------------------------------------- confidences

class _E:
    def __init__(self, name):
        self.name = name


class _P:
    def __init__(self, name):
        self.entity = None if name is None else _E(name)


@pytest.mark.parametrize("names,scores,expected", [
    ([None, "A"], [0.0, 0.0], {None: 0.5, "A": 0.5}),                        # the softmax of the scores
    ([None, "A", "B"], [0.0, 2.0, float("-inf")], {None: 0.1192, "A": 0.8808, "B": 0.0}),  # ruled out: 0
    ([None, "A", "A"], [0.0, 1.0, 1.0], {None: 0.1554, "A": 0.8446}),         # two mentions of one name: summed
    ([None, "A"], [float("-inf"), float("-inf")], {}),                        # nothing possible: nothing known
])
def test_probabilities(names, scores, expected):
    got = LS.probabilities([_P(n) for n in names], scores)
    assert {k: round(v, 4) for k, v in got.items()} == expected


class _N:
    def __init__(self, metric=None, subject=None, subjects=(), dataset=None, dists=None):
        self.metric, self.subject, self.subjects, self.dataset = metric, subject, list(subjects), dataset
        self.link_probabilities, self.confidence = dists, None


@pytest.mark.parametrize("number,expected", [
    # the probability of each link as it finally stands (a rule after the scorer may have moved it)
    (_N("accuracy", "FooNet", (), "CIFAR-10", {"metric": {"accuracy": 0.9, None: 0.1},
                                              "subject": {"FooNet": 0.6, "BarNet": 0.3, None: 0.1},
                                              "dataset": {"CIFAR-10": 0.8, None: 0.2}}),
     {"metric": 0.9, "subject": 0.6, "dataset": 0.8}),
    (_N(None, "BarNet", (), None, {"metric": {"accuracy": 0.7, None: 0.3}, "subject": {"FooNet": 0.6, "BarNet": 0.3},
                                   "dataset": {"CIFAR-10": 0.8, None: 0.2}}),
     {"metric": 0.3, "subject": 0.3, "dataset": 0.2}),
    # several subjects: one list, right or wrong as one
    (_N("accuracy", "FooNet", ("FooNet", "BarNet"), None, {"subject": {"FooNet": 0.6, "BarNet": 0.3, None: 0.1}}),
     {"subject": 0.9}),
    # a count: no subject weighed, none given
    (_N(None, None, (), "CIFAR-10", {"metric": {None: 1.0}, "dataset": {"CIFAR-10": 0.95, None: 0.05}}),
     {"metric": 1.0, "dataset": 0.95}),
    # the rules linker: no model, no confidence
    (_N("accuracy", "FooNet", (), "CIFAR-10", None), None),
])
def test_link_confidences(number, expected):
    LS.link_confidences([number])
    assert number.confidence == expected


def test_records_carry_link_and_row_confidences(extractor):
    rec = extractor.extract("We propose FooNet, which reaches 91.2% top-1 accuracy on ImageNet and trains on "
                            "12 GPUs, while ResNet-50 reaches 76.1%.")
    by_text = {r.span.text: r for r in rec.results}
    top = by_text["91.2%"].confidence
    assert top.metric > 0.8 and top.subject > 0.8 and top.dataset > 0.8
    gpus = by_text["12"]
    assert gpus.kind in ("count", "setting") and gpus.confidence.subject is None and gpus.confidence.metric is not None
    for row in rec.leaderboard:
        conf = rec.results[row.result_index].confidence
        assert row.confidence == round(conf.metric * conf.subject * conf.dataset, 3) == conf.row()
    rows = {row.value: row.confidence for row in rec.leaderboard}
    assert rows[91.2] > rows.get(76.1, 0.0)   # the clear row is the surer one
    # the rules linker weighs nothing: no confidences at all
    from extractors.pipeline import Extractor, build_nlp
    rules = Extractor(build_nlp(linker="rules")).extract("We propose FooNet, which reaches 91.2% top-1 accuracy on ImageNet.")
    assert all(r.confidence is None for r in rules.results) and all(r.confidence is None for r in rules.leaderboard)
    assert all("confidence" not in r.model_dump_json() for r in rules.results + rules.leaderboard)
