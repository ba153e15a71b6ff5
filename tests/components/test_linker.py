"""The result linker (and the link scorer after it), table-driven (linker_cases.json): the
metric, subject and dataset of a number."""
import pytest

from tables import case_ids, cases, check_table, record

CASES = cases("linker")


def test_table():
    check_table(CASES)
    assert all(c["number"] in c["text"] for c in CASES)
    assert all(any(c[a] for c in CASES) for a in ("metric", "subject", "dataset"))


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES, "number"))
def test_links(extractor, case):
    results = [r for r in record(extractor, case["text"]).results if r.span.text == case["number"]]
    assert results, "the number is not a result"
    assert (case["metric"], case["subject"], case["dataset"]) in \
        {(r.metric, r.subject, r.dataset) for r in results}


def test_measure_change_verbs_are_change_verbs():
    """The verbs whose object is the measure that changes (linker._metric_changed) are verbs of
    change of the one list every other rule reads (word list change_verbs), and the pattern built
    from them takes verb forms only: "reduction ratio by" names no measure."""
    from extractors import resources
    from extractors.components.linker import _changed_phrase
    assert resources.word_list("measure_change_verbs") <= resources.word_list("change_verbs")
    assert _changed_phrase().search("reduces overfitting by ").group(1) == "overfitting"
    assert _changed_phrase().search("a higher traffic reduction ratio by ") is None


@pytest.mark.parametrize("text,score,expected", [
    ("saving 30% of the GPU hours while matching", False, "GPU hours"),
    ("with 3.5% of the baseline's computation time.", False, "computation time"),
    ("keeps 3-8% of the dense model size with", False, "model size"),
    ("cuts 40% of the number of parameters.", False, "number of parameters"),
    # not a measured quantity, a setting's budget, a stop word, a score's "of the time"
    ("uses 10% of the training data.", False, None),
    ("with 10% of the full training budget.", False, None),
    ("saves 20% of the significant memory usage.", False, None),
    ("succeeds 90% of the time on", True, None),
    ("saves 90% of the time on", False, "time"),
], ids=["acronym-word", "owner", "whole-word", "number-of", "data", "budget", "stop-word", "score-time",
        "change-time"])
def test_share_of(text, score, expected):
    """A share of a measured quantity names it (linker._metric_share_of)."""
    from extractors.components.linker import Mentions, _metric_share_of
    revived = {}
    assert _metric_share_of(text, text.index("%") + 1, len(text), Mentions(), revived, score) == expected
    assert (expected is None) == (not revived)


def test_share_of_a_metric_entity():
    """A metric entity the phrase after "of (the)" starts with is the share's metric, whatever its
    head ("retains 99% of the zero-shot accuracy": accuracy is no quantity head)."""
    from extractors.components.entities import Entity
    from extractors.components.linker import Mentions, _metric_share_of
    text = "retains 99% of the zero-shot accuracy on 11 tasks"
    start = text.index("zero-shot")
    metric = Entity(name="zero-shot accuracy", types=["METRIC"], mentions=[(start, start + 18)])
    revived = {}
    got = _metric_share_of(text, text.index("%") + 1, len(text), Mentions([(start, start + 18, metric)]), revived)
    assert got == "zero-shot accuracy" and not revived
    assert _metric_share_of(text, text.index("%") + 1, len(text), Mentions(), {}) is None


@pytest.mark.parametrize("text,expected", [
    ("77.9% zero-shot ImageNet accuracy", True),
    ("12.3% ImageNet-1K finetuning accuracy", True),
    ("81.4% test accuracy", True),
    # a word that never narrows a metric, a clause mark, more than three words
    ("3% higher accuracy", False),
    ("81.3% of the accuracy", False),
    ("81.3%, accuracy", False),
    ("81.3% on a very large held-out accuracy", False),
], ids=["dataset-word", "finetuning", "test", "comparative", "of-the", "comma", "four-words"])
def test_narrowing_words(text, expected):
    """Words between a number and the metric after it narrow the metric (linker.narrowing_words)."""
    from extractors.components.linker import narrowing_words
    assert narrowing_words(text, text.index("%") + 1, text.rindex("accuracy")) is expected


@pytest.mark.parametrize("rule,text,first,second,expected", [
    # own_data: each value names its own dataset
    ("own_data", "FooNet reaches 94.9% on the ModelNet40 dataset and 93.4% on the ScanObjectNN dataset.", "94.9%", "93.4%", True),
    ("own_data", "BarGAN gets an FID of 3.1 on CIFAR-10, 5.2 on CelebA, and 7.9 on LSUN.", "5.2", "7.9", True),
    ("own_data", "BarGAN gets an FID of 3.1 on CIFAR-10; 5.2 on CelebA.", "3.1", "5.2", True),
    #   a clause with its own system, a second verb, or another unit between: not one list
    ("own_data", "BarGAN gets an FID of 3.1 on CIFAR-10, while StyleGAN2 gets 5.2 on CelebA.", "3.1", "5.2", False),
    ("own_data", "BarGAN gets 3.1 on CIFAR-10 and needs 5.2 on CelebA.", "3.1", "5.2", False),
    ("own_data", "BarGAN gets 91.0% on CIFAR-10 and 5.2 on CelebA.", "91.0%", "5.2", False),
    #   no dataset between them: the plain list partners of linker._PARTNER instead
    ("own_data", "BarGAN gets 3.1 and 5.2 on CIFAR-10.", "3.1", "5.2", False),
    # qualified: each value carries a qualifier with the same preposition
    ("qualified", "FooNet reaches accuracies of 63.2% in ~2 days, 67.8% in ~3 days, and 69.3% in ~4 days.", "63.2%", "67.8%", True),
    ("qualified", "FooNet reaches accuracies of 63.2% in ~2 days, 67.8% in ~3 days, and 69.3% in ~4 days.", "67.8%", "69.3%", True),
    ("qualified", "FooNet gets 71.2% with 1% of the labels and 80.1% with 10% of them.", "71.2%", "80.1%", True),
    #   another preposition after the second, a clause mark, another unit, a "for" (often a system's)
    ("qualified", "FooNet gets 71.2% with 1% of the labels and 80.1% after 3 epochs.", "71.2%", "80.1%", False),
    ("qualified", "FooNet gets 71.2% with few labels; 80.1% with many labels.", "71.2%", "80.1%", False),
    ("qualified", "FooNet gets 71.2% with 1% of the labels and 0.81 with 10% of them.", "71.2%", "0.81", False),
    ("qualified", "FooNet gets 71.2% for CLIP and 80.1% for ALIGN.", "71.2%", "80.1%", False),
], ids=["dataset-word", "oxford-comma", "semicolon", "while-clause", "second-verb", "other-unit", "no-dataset",
        "days-1", "days-2", "labels", "other-preposition", "semicolon-q", "other-unit-q", "for"])
def test_list_partners(extractor, rule, text, first, second, expected):
    """Two numbers that each name their own dataset (linker.own_data_partners) or each carry a
    qualifier with the same preposition (linker.qualified_partners) are one list."""
    from extractors.components.linker import data_mentions, own_data_partners, qualified_partners
    doc = extractor.nlp(text)
    at = {n.start: n for n in doc._.numbers}
    a, b = at[text.index(first)], at[text.index(second)]
    if rule == "own_data":
        assert own_data_partners(text, a, b, data_mentions(doc._.entities)) is expected
    else:
        assert qualified_partners(text, a, b) is expected


@pytest.mark.parametrize("surface,names,family", [
    ("LLMs", (), True),                    # capitals and a plural s (FAMILY)
    ("transformers", (), True),            # a lower-case plural (FAMILY)
    ("ResNets", (), True),                 # the plural of a system the lexicon knows
    ("ViTs", (), True),
    ("GFlowNets", (), True),               # (lexicon/general.tsv knows GFlowNet)
    ("HyperFlowNets", ("HyperFlowNet",), True),   # ... or the abstract names
    ("HyperFlowNets", (), False),          # a plural of a name neither knows
    ("Atlas", (), False),                  # a name that ends in s
    ("NeuS", (), False),
    ("PointNeXt", (), False),
])
def test_is_family(surface, names, family):
    from extractors.components.candidates import is_family
    assert is_family(surface, frozenset(names)) is family


SETTING_CASES = cases("settings")


def test_setting_table():
    check_table(SETTING_CASES)
    assert all(c["number"] in c["text"] for c in SETTING_CASES)
    assert {c["setting"] is None for c in SETTING_CASES} == {True, False}


@pytest.mark.parametrize("case", SETTING_CASES, ids=case_ids(SETTING_CASES, "number"))
def test_setting(extractor, case):
    """The evaluation setting a result's sentence names for it (linker.result_settings), and the
    table of its leaderboard row (canonical.setting_dataset)."""
    rec = record(extractor, case["text"])
    (r,) = [r for r in rec.results if r.span.text == case["number"]]
    assert r.setting == case["setting"]
    assert ("setting" in r.model_dump()) is (case["setting"] is not None)   # additive: written only when known
    i = rec.results.index(r)
    rows = [row for row in rec.leaderboard if row.result_index == i]
    if case["dataset_canonical"] is None:
        assert not rows
    else:
        assert rows and all((row.setting, row.dataset_canonical) == (case["setting"], case["dataset_canonical"])
                            for row in rows)


@pytest.mark.parametrize("text,expected", [
    ("with a small accuracy loss of 1-1.5%", "accuracy"),
    ("incurring absolute top-1 accuracy losses of less than 1%", "top-1 accuracy"),
    ("a training loss of 0.12", "training loss"),   # a measure of its own
    ("a Hamming loss of 0.12", "Hamming loss"),
])
def test_lost_measure(text, expected):
    from extractors.components.linker import lost_measure
    s = text.index(expected.split()[0])
    e = text.index(" of ", s)
    a, b = lost_measure(text, s, e)
    assert text[a:b] == expected


def test_one_metric_entity_per_name(extractor):
    """A metric a number makes of a held quality word ("accuracy" out of "accuracy loss") is the
    record's metric entity of that name, not a second one."""
    rec = record(extractor, "CryptoGCN reduces the Homomorphic Operation Count by 77.4% on NTU-XVIEW "
                            "with a small accuracy loss of 1-1.5%, and keeps its accuracy on NTU-XSUB.")
    names = [m.name.casefold() for m in rec.metrics]
    assert names.count("accuracy") == 1
    assert {r.metric for r in rec.results if r.value in (1.0, 1.5)} == {"accuracy"}


def test_the_papers_system_built_with_another(extractor):
    """"Using large FooNet and mask2former, we achieve ...": one subject, the paper's own system
    (not a list of two systems sharing the number)."""
    rec = record(extractor, "We propose FooNet, a new backbone. Using large FooNet and mask2former, we achieve "
                            "58.5 mIoU on ADE20K.")
    (r,) = [r for r in rec.results if r.span.text == "58.5"]
    assert (r.subject, r.subjects) == ("FooNet", [])
