"""Canonical names (extractors/canonical.py): spelling unified, content kept apart."""
import pytest

from extractors.canonical import canonical, group_key

CASES = [
    ("MAdds", "METRIC", "MACs"),   # an operation count by another spelling (canonical_names.tsv)
    ("GMACs", "METRIC", "MACs"),
    ("MACs", "METRIC", "MACs"),    # not FLOPs: a MAC is about two FLOPs
    # name, type, canonical
    ("CIFAR-10", "DATASET", "CIFAR-10"),
    ("CIFAR10", "DATASET", "CIFAR-10"),
    ("ImageNet1K", "DATASET", "ImageNet"),          # resources/canonical_names.tsv
    ("ImageNet-1K", "DATASET", "ImageNet"),
    ("ILSVRC-2012", "DATASET", "ImageNet"),
    ("MS-COCO", "DATASET", "COCO"),
    ("ImageNet-C", "DATASET", "ImageNet-C"),        # a variant stays apart
    ("ImageNet-21K", "DATASET", "ImageNet-21K"),
    ("COCO test-dev", "DATASET", "COCO test-dev"),
    ("MS-COCO test-dev", "DATASET", "COCO test-dev"),     # a named split written in the name:
    ("LibriSpeech test-other", "DATASET", "LibriSpeech test-other"),   # the dataset's canonical and the split
    ("LibriSpeech test-clean", "DATASET", "LibriSpeech test-clean"),
    ("LibriSpeech", "DATASET", "LibriSpeech"),
    ("MCPMark", "BENCHMARK", "MCPMark"),
    ("Top-1 Accuracy", "METRIC", "top-1 accuracy"),
    ("top1 accuracy", "METRIC", "top-1 accuracy"),
    ("top 1 acc.", "METRIC", "top-1 accuracy"),
    ("Top-5 accuracy", "METRIC", "top-5 accuracy"),
    ("top-1", "METRIC", "top-1 accuracy"),          # the accuracy is understood
    ("Top5", "METRIC", "top-5 accuracy"),
    ("OA", "METRIC", "accuracy"),                   # overall accuracy: over all samples
    ("mean class accuracy", "METRIC", "mean class accuracy"),
    ("Pass @ 1", "METRIC", "pass@1"),
    ("pass@10", "METRIC", "pass@10"),
    ("Accuracy", "METRIC", "accuracy"),
    ("worst-group accuracy", "METRIC", "worst-group accuracy"),
    ("BLEU", "METRIC", "BLEU"),
    ("mAP", "METRIC", "mAP"),
    ("mean average precision", "METRIC", "mAP"),
    ("average precision", "METRIC", "AP"),
    ("Test Accuracy", "METRIC", "accuracy"),
    ("classification accuracy", "METRIC", "accuracy"),
    ("clean classification accuracy", "METRIC", "clean accuracy"),   # canonical._DEFAULT_WORD
    ("linear evaluation accuracy", "METRIC", "linear probe accuracy"),
    ("zero-shot test accuracy", "METRIC", "zero-shot accuracy"),
    ("test error", "METRIC", "error"),
    ("accurate", "METRIC", "accuracy"),            # "6.25% more accurate"
    ("efficient", "METRIC", "efficiency"),         # "280 times more efficient"
    ("adversarial accuracy", "METRIC", "robust accuracy"),
    ("accuracy under attack", "METRIC", "robust accuracy"),
    ("certified accuracy", "METRIC", "certified accuracy"),   # not robust accuracy: a guarantee
    ("Fréchet Inception Distance", "METRIC", "FID"),
    ("FID score", "METRIC", "FID"),
    ("mask AP", "METRIC", "mask AP"),               # not the box AP a detection table ranks
    ("mCE", "METRIC", "mCE"),                       # the lexicon's "mean corruption error (mCE)":
    ("mean corruption error", "METRIC", "mCE"),     # a metric's acronym is its canonical
    ("Pearson Correlation Coefficient", "METRIC", "PCC"),
    ("word error rate (WER)", "METRIC", "WER"),     # written so: the acronym's listed canonical
    ("F1 (macro)", "METRIC", "F1 (macro)"),         # brackets without an acronym stay
    ("average accuracy", "METRIC", "average accuracy"),
    ("WMT'14 English-German", "DATASET", "WMT14 en-de"),   # a translation pair: one spelling
    ("WMT 2014 EN-DE", "BENCHMARK", "WMT14 en-de"),
    ("WMT14 En-De", "DATASET", "WMT14 en-de"),
    ("WMT 2014 English-to-French", "DATASET", "WMT14 en-fr"),   # another pair stays apart
    ("IWSLT'14 De-En", "DATASET", "IWSLT14 de-en"),
    ("Flores 200 En-De", "DATASET", "Flores 200 en-de"),         # 200 is no year
    ("FooNet", "METHOD", None),        # models and methods: only what the lexicon knows
    (None, "METRIC", None),
]


@pytest.mark.parametrize("name,typ,expected", CASES)
def test_canonical(name, typ, expected):
    assert canonical(name, typ) == expected


@pytest.mark.parametrize("a,b,same", [
    ("MCPMark", "mcpmark", True), ("MCP Mark", "MCPMark", True), ("top-1 accuracy", "top1 accuracy", True),
    ("ImageNet-1K", "ImageNet-21K", False), ("pass@1", "pass@10", False), ("CIFAR-10", "CIFAR-100", False),
])
def test_group_key(a, b, same):
    assert (group_key(a) == group_key(b)) is same


def test_records_carry_canonical_names(extractor):
    rec = extractor.extract("We propose FooNet, which reaches 91.2% Top-1 Accuracy on CIFAR-10.")
    assert [(d.name, d.canonical) for d in rec.datasets] == [("CIFAR-10", "CIFAR-10")]
    assert [(m.name, m.canonical) for m in rec.metrics] == [("Top-1 Accuracy", "top-1 accuracy")]
    (row,) = rec.leaderboard
    # the row ranks as CIFAR-10's leaderboards do: by accuracy, which top-1 is on a single-label set
    assert (row.dataset_canonical, row.metric_canonical) == ("CIFAR-10", "accuracy")


@pytest.mark.parametrize("text,number,dataset,split,dataset_canonical", [
    # after the name: a generic split before "set", a named split alone (as in the dev annotations)
    ("We propose FooNet. FooNet reaches 84.2% top-1 accuracy on the ImageNet validation set.", "84.2%",
     "ImageNet", "validation", "ImageNet"),
    ("We propose FooNet. FooNet reaches 48.1 AP on the MS-COCO test-dev set.", "48.1", "MS-COCO", "test-dev",
     "COCO test-dev"),
    # a named split after the task the dataset serves
    ("We propose FooNet. FooNet brings +2.5% mAP on COCO Object Detection minival set.", "+2.5%", "COCO",
     "minival", "COCO minival"),
    # before the name
    ("We propose FooNet. FooNet reaches 71.0 AP on the test set of COCO.", "71.0", "COCO", "test", "COCO"),
    # beside the number, the dataset named in the sentence before
    ("We propose FooNet. FooNet brings +2.5% mAP on COCO Object Detection minival set. The best FooNet model "
     "achieves a 45.7% mAP on test-dev set.", "45.7%", "COCO", "test-dev", "COCO test-dev"),
    # no split named: none written
    ("We propose FooNet. FooNet reaches 91.2% top-1 accuracy on CIFAR-10.", "91.2%", "CIFAR-10", None, "CIFAR-10"),
    # "test" alone is a word, not a split ("we test ... on ImageNet"), and "validation" needs its "set"
    ("We propose FooNet. On ImageNet validation, FooNet reaches 80.1% top-1 accuracy.", "80.1%", "ImageNet", None,
     "ImageNet"),
])
def test_results_and_rows_carry_the_split(extractor, text, number, dataset, split, dataset_canonical):
    rec = extractor.extract(text)
    (r,) = [r for r in rec.results if r.span.text == number]
    assert (r.dataset, r.split) == (dataset, split)
    (row,) = [row for row in rec.leaderboard if row.value == r.value]
    assert (row.split, row.dataset_canonical) == (split, dataset_canonical)
    assert ("split" in r.model_dump()) is (split is not None)   # additive: written only when known


@pytest.mark.parametrize("dataset,split,expected", [
    ("COCO", "test-dev", "COCO test-dev"),       # a named split: a table of its own
    ("COCO test-dev", "test-dev", "COCO test-dev"),
    ("ImageNet", "validation", "ImageNet"),      # a generic split groups with its dataset
    ("ImageNet", None, "ImageNet"),
])
def test_split_dataset(dataset, split, expected):
    from extractors.canonical import split_dataset
    assert split_dataset(dataset, split) == expected


@pytest.mark.parametrize("dataset,metric,expected", [
    ("ImageNet", "accuracy", "top-1 accuracy"),    # ImageNet's plain accuracy is top-1
    ("ImageNet", "top-5 accuracy", "top-5 accuracy"),
    ("ImageNet-21K", "accuracy", "accuracy"),      # another dataset keeps the name
    ("CIFAR-10", "top-1 accuracy", "accuracy"),   # single-label: top-1 is its only accuracy
    ("Tiny ImageNet", "top-1 accuracy", "accuracy"), ("Fashion-MNIST", "top-1 accuracy", "accuracy"),
    ("CIFAR-100", "error", "error"),
    ("ImageNet", "error", "top-1 error"),
    ("COCO", "mAP", "AP"), ("COCO test-dev", "mAP", "AP"),
    ("Pascal VOC", "mAP", "mAP"),
    ("CIFAR-10", "accuracy", "accuracy"),
    ("ImageNet", "validation accuracy", "top-1 accuracy"),          # its validation set is its test set
    ("ImageNet", "linear probe accuracy", "top-1 linear probe accuracy"),
    ("CIFAR-10", "validation accuracy", "validation accuracy"),     # not elsewhere
])
def test_leaderboard_metric(dataset, metric, expected):
    from extractors.canonical import leaderboard_metric
    assert leaderboard_metric(dataset, metric) == expected


def test_rows_rank_imagenet_accuracy_as_top1(extractor):
    rec = extractor.extract("We propose FooNet, which reaches 81.2% accuracy on ImageNet-1K and 95.1% accuracy on CIFAR-10.")
    assert {(r.dataset_canonical, r.metric, r.metric_canonical) for r in rec.leaderboard} == {
        ("ImageNet", "accuracy", "top-1 accuracy"), ("CIFAR-10", "accuracy", "accuracy")}


@pytest.mark.parametrize("setting,key", [
    ("1% of the labels", "1% labels"),
    ("10% labelling ratio", "10% labels"),
    ("10 percent labeled data", "10% labels"),
    ("4 labeled examples per class", "4 labels per class"),
    ("5% annotations", "5% labels"),
    ("5-way  1-shot", "5-way 1-shot"),
    ("100K environment interactions", "100k steps"),
    ("400k frames", "400k frames"),
])
def test_a_setting_has_one_spelling(setting, key):
    """An evaluation setting in one spelling (canonical.setting_key), which the canonical dataset
    of its leaderboard rows carries: tables keep settings apart, whatever the wording."""
    from extractors.canonical import row_canonicals, setting_key
    assert setting_key(setting) == key
    assert row_canonicals("ImageNet", "accuracy", setting=setting) == (f"ImageNet ({key})", "top-1 accuracy")


@pytest.mark.parametrize("setting", ["ε = 8/255", "epsilon=8/255", "8 / 255"])
def test_a_budget_has_one_spelling(setting):
    """An attack's perturbation budget, however written, is one table: ε=8/255."""
    from extractors.canonical import setting_key
    assert setting_key(setting) == "ε=8/255"
