"""`find_baseline` (extractors/components/linker.py): what a delta or ratio is measured against.

Sentence -> (the number as written, the baseline the linker names, or None). Sentences are corpus
abstracts' phrasings (the issue's "improve DARTS by 0.16%", "2.1x faster than FlashAttention")
and made-up ones in their style.
"""
import pytest

from extractors.normalize import normalize

CASES = [
    # a verb whose object is improved on, the number after it
    ("TopoNAS can improve DARTS by 0.16% accuracy on CIFAR-10.", "0.16%", "DARTS"),
    ("On ImageNet, our SwinX outperforms ConvNeXt-T by 2.1 points in top-1 accuracy.", "2.1", "ConvNeXt-T"),
    ("Our ViT-Lite surpasses DeiT-S by 1.8% top-1 accuracy on ImageNet.", "1.8%", "DeiT-S"),
    ("FastGen improves the throughput of vLLM by 35% on ShareGPT traces.", "35%", "vLLM"),
    ("DTG-SSOD reaches 35.9 mAP on COCO, outperforming the previous best method Soft Teacher by 1.9 points.",
     "1.9", "Soft Teacher"),
    ("HiCTL outperforms the state of the art XLM-R by an absolute gain of 1.3% accuracy on XTREME.",
     "1.3%", "XLM-R"),
    # a word of comparison before or after the number
    ("FTSO reaches 76.4% testing accuracy on ImageNet, 1.5% higher than the baseline, PC-DARTS.", "1.5%",
     "PC-DARTS"),
    ("Our FlashFoo kernel is 2.1x faster than FlashAttention on long sequences.", "2.1x", "FlashAttention"),
    ("Compared to LoRA, our QLoRA-Plus improves accuracy on MMLU by 2%.", "2%", "LoRA"),
    ("FooNet reaches 91.2% accuracy on CIFAR-10, improving over ResNet-50 by 1.5%.", "1.5%", "ResNet-50"),
    ("SparseKV uses 4.5x less memory than StreamingLLM at equal perplexity on PG-19.", "4.5x", "StreamingLLM"),
    ("MiniMol attains a 12% lower MAE than SchNet on QM9.", "12%", "SchNet"),
    ("GraphX yields gains of 3.4% over GraphSAGE on ogbn-arxiv.", "3.4%", "GraphSAGE"),
    # no system named after a cue: no baseline
    ("We propose BarNet, which improves accuracy by 3% on ImageNet.", "3%", None),
    ("Our method outperforms the strongest baseline by 4.2 points on GSM8K.", "4.2", None),
    ("BarNet improves over prior work by 5% on average.", "5%", None),
    # a list after one baseline shares it; a later result after another result does not
    ("MCMAE-Base surpasses MAE-Base trained for 100 epochs by 2.9% box AP and 2.2% mask AP on COCO.", "2.2%",
     "MAE-Base"),
    ("HiCTL outperforms XLM-R by an absolute gain of 1.3% accuracy on XTREME as well as achieves "
     "substantial improvements of +1.7 BLEU on WMT.", "+1.7", None),
    ("WNSMN outperforms NMN by 32% and the reasoning-free model GenBERT by 8% in exact match accuracy.",
     "8%", None),
    # the subject is never its own baseline; a baseline in another clause does not count
    ("DARTS-PT improves by 0.4% on CIFAR-10, while DARTS is 3x slower than ENAS.", "0.4%", None),
    ("ResNet-50 is 2x slower than MobileNetV2, but MobileNetV3 improves accuracy by 3.2%.", "3.2%", None),
]


@pytest.fixture(scope="module")
def baselines(extractor):
    def run(text):
        norm = normalize(text)
        doc = extractor.nlp(extractor._make_doc(norm))
        return {norm.clean[n.start:n.end]:
                (n.kind, b) for n, b in zip(doc._.numbers, doc._.baselines)}
    return run


@pytest.mark.parametrize("text, number, baseline", CASES)
def test_baseline_table(baselines, text, number, baseline):
    found = baselines(text)
    assert number in found, f"{number!r} not read as a number in {text!r}: {found}"
    kind, got = found[number]
    assert kind in ("delta", "ratio"), f"{number!r} is a {kind}, not a change: {text!r}"
    assert got == baseline


def test_scores_counts_and_settings_have_no_baseline(baselines):
    found = baselines("BarNet reaches 91.2% accuracy on CIFAR-10, higher than ResNet-50, with only 8 sampling "
                      "steps.")
    assert found["91.2%"] == ("score", None)
    assert found["8"] == ("setting", None)
