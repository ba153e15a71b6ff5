"""Link cues (extractors/components/link_features.py), one table row per case: a realistic
sentence, the number, the attribute, the candidate (None for "the text does not say"), the cue and
its expected value. The numbers and entities come from the real pipeline (rule linker only)."""
import pytest

from extractors.components.link_features import Context, Pair, features, nearest_mention, pairs
from extractors.components.linker import vague_measure

S1 = "We propose FooNet, which reaches 91.2% top-1 accuracy on ImageNet, outperforming ResNet-50 by 2.1 points."
S2 = "The proposed BarNet achieves 95.1% and 80.2% accuracy on CIFAR-10 and CIFAR-100, respectively."
S3 = "GPT-4 scores 86.4 on MMLU (5-shot). In contrast, LLaMA-2 reaches 68.9 on MMLU while using far less compute."
S4 = "We propose QuuxNet. It reduces training time by 40% on COCO and improves mAP by 1.5 points."
S5 = "Compared to DARTS, our TopoNAS improves accuracy by 0.16% on CIFAR-10; we also train 12 models."

S6 = "BazNet reaches an accuracy of 54.1% on DomainNet."
S7 = "ClonEx-SAC achieves 87% final success rate compared to 80% of PackNet, the best method in the benchmark."
S8 = ("ProtFlow achieves a designability of 92.3% and a novelty of 0.71, outperforming "
      "FrameDiff (78.1%).")
S9 = "We boost the standard accuracy by 3.72%~6.68% and robust accuracy by 0.22%~2.03% on CIFAR-10."
S10 = "Our model reaches 95.1%, 80.2% and 70.3% accuracy on CIFAR-10, CIFAR-100 and ImageNet, respectively."
S11 = ("We boost the standard accuracy by 6.68% across multiple datasets (STL-10, SVHN, CIFAR-10, "
       "CIFAR-100, and Tiny ImageNet).")

S12 = ("We propose BeamCLIP. BeamCLIP reaches 66.2% top-1 accuracy on ImageNet-1K, above self-supervised methods "
       "(e.g., SimCLR: 51.8%, SwAV: 63.7%).")
S13 = "We propose FooNet. FooNet improves accuracy by 4.2% on ImageNet and reduces latency by 2x."

S14 = "We study channel pruning. Our pruning method improves MobileNetV3 by 0.3% top-1 accuracy on ImageNet."

S15 = "We propose SEED. SEED improves the top-1 accuracy from 42.2% to 67.6% on EfficientNet-B0."

S_OWNER = "We propose MTM. On TaiChi, we improve the FID of StyleGAN3 from 21.36 to 13.60."

S16 = "We propose BYORL. BYORL reaches 77.6% robust accuracy on CIFAR-10, while the prior art reaches 72.9%."

S_PRIOR_LIST = ("We propose RTE. RTE reaches 95.1% accuracy on CIFAR-10. These are gains over previous "
                "state-of-the-art accuracies of 86.6%, 60.2%, and 71.31%, respectively, achieved using three "
                "distinct methods.")

S_VAGUE = ("Based on PVTv2-B0 and ImageNet-1K, EcoFormer achieves a 73% reduction in on-chip energy footprint "
           "with only a slight performance drop of 0.33% compared to the standard attention.")

S_LONG_PRIOR_LIST = "The previous methods reach accuracies of " + ", ".join(f"{i}.5%" for i in range(1500)) + "."

S_ROLE = "We propose a distillation method. Our method improves the DeiT-Tiny student by 2.0% top-1 accuracy on ImageNet."
S_BACKBONE = "With a ResNet-50 backbone, FooDet reaches 45.1 AP on COCO, above the baseline Mask R-CNN (41.0 AP)."

S18 = ("We propose EfficientFormer. Our fastest model, EfficientFormer-L1, achieves 79.2% top-1 accuracy, and "
       "our largest model, EfficientFormer-L7, obtains 83.3% accuracy.")
S19 = "Our iFormer-S is better than Swin-B (83.3%) with only 1/4 parameters and 1/3 FLOPs."
S21 = "Our FooNet reaches 80.1% accuracy with only 167M FLOPs."
S20 = ("The overall accuracy (OA) of SuperNet-B on ScanObjectNN can be raised from 77.9% to 86.1%, "
       "even outperforming PointMLP.")
S17 = "FooNet reaches 82.3% top-1 accuracy on ImageNet-1K. After pre-trained on ImageNet-22K, it attains 86.5% top-1 accuracy."

S_VARIOUS = ("We achieve 4.70 FID in 10 function evaluations on the CIFAR10 dataset, and a 4~16x speedup "
             "compared with previous training-free samplers on various datasets.")
S_PRONOUN = ("We examine a giant pretrained model (SwinV2-G) and find that it reaches 60.0 box mAP on COCO, "
             "above ResNet-50.")
S_PRONOUN_OURS = ("We propose PRODIGY, a pretraining framework. Our approach outperforms GCN by 18% on arXiv. "
                  "Moreover, it also outperforms finetuning with BERT by 33% on average.")

S_OVER = ("Using the regularizer increased test accuracy by over 2% for ResNet18 trained on Tiny ImageNet, "
          "and by 1.5% for VGG-16 on CIFAR-10.")
S_OF = "The LR schedules of AutoLRS lead to a speedup of 1.22x on ResNet-50 and an accuracy of about 94.7% on CIFAR-10."

S_ACTED = ("We propose LTP, a pruning method. It takes 30 epochs for LTP to prune ResNet50 on ImageNet by a "
           "factor of 9.1. With LTP, we accelerate the inference time of GauGAN by 4.2x.")

CASES = [
    # sentence, number, attribute, candidate, cue, expected
    (S_ACTED, "9.1", "subject", "ResNet50", "acted_on", 1.0),      # "to prune ResNet50"
    (S_ACTED, "9.1", "subject", "LTP", "acted_on", 0.0),
    (S_ACTED, "4.2x", "subject", "GauGAN", "acted_on", 1.0),       # "accelerate the inference time of GauGAN"
    (S1, "2.1", "subject", "ResNet-50", "acted_on", 0.0),          # "outperforming ResNet-50": a rival, not an object
    (S17, "86.5%", "subject", "FooNet", "pronoun_subject", 1.0),         # "it": the sentence before's first name
    (S_PRONOUN, "60.0", "subject", "SwinV2-G", "pronoun_subject", 1.0),  # "(SwinV2-G) and find that it reaches"
    (S_PRONOUN, "60.0", "subject", "ResNet-50", "pronoun_subject", 0.0),  # named after the pronoun: no antecedent
    (S_PRONOUN_OURS, "33%", "subject", "PRODIGY", "pronoun_subject", 1.0),  # "Our approach ... it": the paper's own
    (S_PRONOUN_OURS, "33%", "subject", "BERT", "pronoun_subject", 0.0),
    (S1, "91.2%", "subject", "FooNet", "pronoun_subject", 0.0),        # no pronoun agent
    (S_PRONOUN, "60.0", "dataset", "COCO", "pronoun_subject", 0.0),    # subjects only
    (S_OVER, "2%", "subject", "ResNet18", "baseline_frame", 0.0),   # "over 2%" hedges a number, compares nothing
    (S_OVER, "2%", "subject", "ResNet18", "given_for", 1.0),        # "for X trained on D": X's number
    (S_OVER, "1.5%", "subject", "VGG-16", "given_for", 1.0),        # "for X on D"
    (S_OF, "1.22x", "metric", "speedup", "named_of", 1.0),
    (S_OF, "94.7%", "metric", "accuracy", "named_of", 1.0),         # a hedge between "of" and the number
    (S_OF, "94.7%", "metric", "speedup", "named_of", 0.0),
    (S17, "86.5%", "dataset", "ImageNet-22K", "pretrained_on", 1.0),
    (S18, "83.3%", "subject", "EfficientFormer-L7", "agent_frame", 1.0),   # ", obtains": one comma, then the verb
    (S18, "83.3%", "subject", "EfficientFormer-L1", "same_clause", 0.0),   # ", and our ..." starts a clause
    (S18, "83.3%", "subject", "EfficientFormer-L7", "same_clause", 1.0),
    (S_ROLE, "2.0%", "subject", "DeiT-Tiny", "component_role", 1.0),          # "... student"
    (S_BACKBONE, "45.1", "subject", "ResNet-50", "component_role", 1.0),      # "... backbone"
    (S_BACKBONE, "45.1", "subject", "FooDet", "component_role", 0.0),
    (S_BACKBONE, "41.0", "subject", "Mask R-CNN", "component_role", 1.0),     # "the baseline ..."
    (S1, "2.1", "subject", "ResNet-50", "component_role", 0.0),               # a compared name, no role noun
    (S12, "51.8%", "subject", "SimCLR", "same_clause", 1.0),    # a label's colon ends no clause
    (S17, "86.5%", "dataset", "ImageNet-22K", "rule_choice", 0.0),   # the rules skip pre-training data
    (S17, "82.3%", "dataset", "ImageNet-1K", "pretrained_on", 0.0),
    (S1, "91.2%", "dataset", "ImageNet", "on_frame", 1.0),
    (S1, "91.2%", "dataset", "ImageNet", "same_sentence", 1.0),
    (S1, "91.2%", "dataset", "ImageNet", "before", 0.0),
    (S1, "91.2%", "subject", "FooNet", "proposed", 1.0),
    (S1, "91.2%", "subject", "FooNet", "agent_frame", 1.0),
    (S1, "91.2%", "subject", "FooNet", "before", 1.0),
    (S1, "2.1", "subject", "ResNet-50", "baseline_frame", 1.0),
    (S1, "2.1", "subject", "FooNet", "baseline_frame", 0.0),
    (S1, "91.2%", "subject", "FooNet", "rule_choice", 1.0),
    (S1, "91.2%", "metric", "top-1 accuracy", "adjacent", 1.0),
    (S1, "91.2%", "metric", "top-1 accuracy", "held_word", 0.0),
    (S2, "95.1%", "dataset", "CIFAR-10", "respectively", 1.0),
    (S2, "80.2%", "dataset", "CIFAR-100", "rule_choice", 1.0),
    (S2, "95.1%", "dataset", "CIFAR-100", "numbers_between", 1 / 3),
    (S2, "95.1%", "dataset", "CIFAR-100", "rivals_between", 1 / 3),
    (S2, "95.1%", "subject", "BarNet", "agent_frame", 1.0),
    (S3, "86.4", "subject", "GPT-4", "type_model", 1.0),
    (S3, "86.4", "dataset", "MMLU", "in_parenthesis_after", 0.0),
    (S3, "68.9", "subject", "LLaMA-2", "same_clause", 1.0),
    (S3, "68.9", "subject", "GPT-4", "same_sentence", 0.0),
    (S3, "68.9", "subject", "GPT-4", "before", 1.0),
    (S4, "40%", "metric", "training time", "before", 1.0),
    (S4, "40%", "subject", "QuuxNet", "ours_in_clause", 0.0),
    (S4, "40%", "subject", "QuuxNet", "only_candidate", 1.0),
    (S4, "1.5", "dataset", "COCO", "same_clause", 1.0),
    (S4, "1.5", "metric", "mAP", "before", 1.0),
    (S5, "0.16%", "subject", "DARTS", "baseline_frame", 1.0),
    ("ProbeGuard attains an AUROC of 0.92, compared to 0.81 for semantic entropy and 0.76 for SelfCheckGPT.",
     "0.76", "subject", "SelfCheckGPT", "given_for", 1.0),
    ("ProbeGuard attains an AUROC of 0.92, compared to 0.81 for semantic entropy and 0.76 for SelfCheckGPT.",
     "0.92", "subject", "ProbeGuard", "given_for", 0.0),
    (S12, "51.8%", "subject", "SimCLR", "labelled_by", 1.0),
    (S12, "63.7%", "subject", "SimCLR", "labelled_by", 0.0),
    (S12, "66.2%", "subject", "BeamCLIP", "labelled_by", 0.0),
    (S13, "4.2%", "metric", "latency", "closer_number", 1.0),
    (S13, "2x", "metric", "latency", "closer_number", 0.0),
    (S16, "72.9%", "subject", "BYORL", "compared_between", 1.0),
    (S16, "77.6%", "subject", "BYORL", "compared_between", 0.0),
    (S15, "42.2%", "subject", "SEED", "proposed_from_end", 1.0),
    (S15, "67.6%", "subject", "SEED", "proposed_from_end", 0.0),
    (S15, "42.2%", "subject", None, "from_end", 1.0),
    (S15, "42.2%", "subject", "EfficientNet-B0", "owns_from_end", 1.0),
    (S15, "67.6%", "subject", "EfficientNet-B0", "owns_from_end", 0.0),
    (S15, "42.2%", "subject", "SEED", "owns_from_end", 0.0),
    (S_OWNER, "21.36", "subject", "StyleGAN3", "owns_from_end", 1.0),
    (S_OWNER, "13.60", "subject", "StyleGAN3", "owns_from_end", 0.0),
    (S_OWNER, "21.36", "subject", "MTM", "owns_from_end", 0.0),
    (S14, "0.3%", "subject", "MobileNetV3", "ours_not_proposed", 1.0),
    (S14, "0.3%", "subject", None, "ours_unnamed", 1.0),
    (S5, "0.16%", "subject", "DARTS", "ours_not_proposed", 1.0),
    (S5, "0.16%", "subject", "TopoNAS", "ours_not_proposed", 0.0),
    (S5, "0.16%", "subject", None, "ours_unnamed", 0.0),
    (S_PRONOUN, "60.0", "subject", None, "ours_unnamed", 0.0),     # "it" stands for SwinV2-G, named
    (S_VARIOUS, "16x", "dataset", None, "unnamed_data", 1.0),      # "... on various datasets"
    (S_VARIOUS, "4.70", "dataset", None, "unnamed_data", 0.0),     # "on the CIFAR10 dataset"
    (S4, "40%", "dataset", None, "cost_measure", 1.0),             # "reduces training time by 40%"
    (S4, "1.5", "dataset", None, "cost_measure", 0.0),             # mAP is no cost
    (S1, "91.2%", "dataset", None, "cost_measure", 0.0),
    (S4, "40%", "metric", None, "cost_measure", 0.0),              # datasets only
    (S5, "0.16%", "subject", "TopoNAS", "ours_in_clause", 1.0),
    (S5, "0.16%", "subject", "TopoNAS", "kind_delta", 1.0),
    (S5, "12", "subject", None, "kind_count", 1.0),
    (S5, "12", "subject", None, "rule_choice", 1.0),
    (S5, "0.16%", "dataset", None, "none_in_sentence", 0.0),
    (S4, "40%", "dataset", None, "none_candidates", pytest.approx(0.315, abs=0.01)),
    (S2, "95.1%", "dataset", "CIFAR-10", "nearest_in_sentence", 1.0),
    (S2, "95.1%", "dataset", "CIFAR-100", "nearest_in_sentence", 0.0),
    (S3, "68.9", "subject", "LLaMA-2", "only_in_sentence", 1.0),
    (S1, "91.2%", "dataset", "ImageNet", "only_in_sentence", 1.0),
    (S6, "54.1%", "metric", "accuracy", "glue_between", 1.0),
    (S4, "40%", "metric", "training time", "glue_between", 1.0),
    (S4, "40%", "dataset", "COCO", "glue_between", 1.0),
    (S1, "2.1", "subject", "ResNet-50", "glue_between", 1.0),
    (S1, "91.2%", "subject", "FooNet", "glue_between", 0.0),
    (S7, "87%", "metric", "final success rate", "right_after", 1.0),
    (S7, "80%", "metric", "final success rate", "right_after", 0.0),
    (S9, "6.68%", "metric", "robust accuracy", "right_after", 0.0),
    (S20, "86.1%", "subject", "SuperNet-B", "measure_of", 1.0),   # "accuracy (OA) of X ... 86.1%"
    (S20, "86.1%", "subject", "PointMLP", "measure_of", 0.0),
    (S1, "91.2%", "subject", "FooNet", "measure_of", 0.0),
    (S16, "72.9%", "subject", "BYORL", "proposed_compared", 1.0),   # "while the prior art reaches 72.9%"
    (S16, "72.9%", "subject", None, "compared", 1.0),
    (S16, "77.6%", "subject", None, "compared", 0.0),
    (S7, "80%", "subject", None, "compared", 1.0),                 # "compared to 80% of PackNet"
    (S7, "87%", "subject", None, "compared", 0.0),
    (S_PRIOR_LIST, "86.6%", "subject", None, "compared", 1.0),             # "accuracies of 86.6%"
    (S_PRIOR_LIST, "71.31%", "subject", None, "compared", 1.0),            # ... and the rest of its list
    (S_PRIOR_LIST, "95.1%", "subject", None, "compared", 0.0),
    (S9, "6.68%", "subject", None, "compared", 0.0),              # a range of one's own gains
    (S_LONG_PRIOR_LIST, "1499.5%", "subject", None, "compared", 1.0),  # a list of 1,500: walked back, no recursion
    (S21, "167M", "metric", "FLOPs", "unit_words", 1.0),     # the number's unit is the metric's name
    (S21, "167M", "metric", "FLOPs", "right_after", 0.0),    # right_after starts after the unit
    (S21, "80.1%", "metric", "FLOPs", "unit_words", 0.0),
    (S19, "1/3", "metric", "FLOPs", "unit_words", 0.0),      # a share of a resource: the resource is
    (S19, "1/3", "metric", "FLOPs", "right_after", 1.0),     # no unit, it is what the share measures
    (S19, "1/4", "metric", "parameters", "right_after", 1.0),
    (S10, "70.3%", "dataset", "ImageNet", "paired_respectively", 1.0),
    (S10, "70.3%", "dataset", "CIFAR-10", "paired_respectively", 0.0),
    (S10, "95.1%", "dataset", "CIFAR-10", "paired_respectively", 1.0),
    (S2, "80.2%", "dataset", "CIFAR-100", "paired_respectively", 1.0),
    (S1, "91.2%", "dataset", "ImageNet", "paired_respectively", 0.0),
    (S8, "78.1%", "metric", "designability", "partner_choice", 1.0),
    (S8, "78.1%", "metric", "novelty", "partner_choice", 0.0),
    (S2, "80.2%", "metric", "accuracy", "partner_choice", 0.0),
    (S11, "6.68%", "dataset", "SVHN", "in_long_list", 1.0),
    (S11, "6.68%", "dataset", None, "list_in_sentence", 1.0),
    (S1, "91.2%", "dataset", "ImageNet", "in_long_list", 0.0),
    (S1, "91.2%", "dataset", None, "list_in_sentence", 0.0),
    ("We propose FooDiff. We report FID and KID on two benchmarks: 1.77 on CelebA and 2.72 on LSUN.",
     "1.77", "metric", None, "list_before", 1.0),          # two metrics listed before: which one, unsaid
    (S10, "95.1%", "dataset", None, "list_before", 0.0),    # the list follows the numbers
    (S2, "95.1%", "metric", None, "list_before", 0.0),      # one metric
    ("We integrate RV with PPO and achieve competitive performance on the Atari benchmark (49 games, ALE).",
     "49", "dataset", "Atari", "in_parenthesis_after", 1.0),
    # a vague quality's change names no measure, whatever a neighbour measures (decisive for None)
    (S_VAGUE, "0.33%", "metric", None, "vague_change", 1.0),     # "a slight performance drop of 0.33%"
    (S_VAGUE, "73%", "metric", None, "vague_change", 0.0),       # "a 73% reduction in on-chip energy footprint"
    (S_VAGUE, "0.33%", "subject", None, "vague_change", 0.0),    # a metric cue only: it says nothing of who
    ("FooNet gains 2.1 points in BLEU on WMT14 with a 3% drop in performance on WMT16.",
     "3%", "metric", None, "vague_change", 1.0),                 # "a 3% drop in performance"
    ("DataMUX achieves up to 18x increase in inference throughput with absolute performance drops of <2% and <4% "
     "respectively on MNLI.", "4%", "metric", None, "vague_change", 1.0),   # a later value of the list
    ("EcoFormer cuts energy by 73% with a performance drop of less than 0.5% compared to attention.",
     "0.5%", "metric", None, "vague_change", 1.0),              # the number's qualifier between
]


@pytest.fixture(scope="module")
def analyse():
    from extractors.components.sentences import doc_sentences
    from extractors.pipeline import Extractor, build_nlp
    ex = Extractor(build_nlp(linker="rules"))
    cache = {}

    def run(text):
        if text not in cache:
            norm, doc = ex.analyse(text)
            cache[text] = Context.of(norm.clean, doc._.numbers, doc._.entities, doc._.held_metrics,
                                     doc_sentences(doc))
        return cache[text]
    return run


def _pair(ctx, number, attr, candidate):
    n = next(n for n in ctx.numbers if ctx.text[n.start:n.end] == number)
    for p in pairs(ctx, n, attr):
        name = p.entity.name if p.entity is not None else None
        if name == candidate:
            return p
    raise AssertionError(f"{candidate!r} is no {attr} candidate of {number!r}: "
                         f"{[p.entity.name for p in pairs(ctx, n, attr) if p.entity]}")


@pytest.mark.parametrize("text,number,attr,candidate,cue,expected", CASES,
                         ids=[f"{c[1]}-{c[2]}-{c[3]}-{c[4]}" for c in CASES])
def test_cue(analyse, text, number, attr, candidate, cue, expected):
    feats = features(_pair(analyse(text), number, attr, candidate))
    key = f"{'n' if candidate is None else 'e'}:{cue}"
    assert feats[key] == expected


def test_every_cue_is_in_unit_range(analyse):
    for text in (S1, S2, S3, S4, S5):
        ctx = analyse(text)
        for n in ctx.numbers:
            for attr in ("metric", "subject", "dataset"):
                for p in pairs(ctx, n, attr):
                    assert all(0.0 <= v <= 1.0 for v in features(p).values())


def test_nearest_mention_prefers_the_closer_then_the_earlier():
    assert nearest_mention([(0, 5), (50, 55)], 30, 35) == (50, 55)
    assert nearest_mention([(0, 5), (60, 65)], 30, 35) == (0, 5)
    assert nearest_mention([(20, 25), (40, 45)], 30, 35) == (20, 25)


def test_held_words_become_candidates_without_evaluative_modifiers(analyse):
    ctx = analyse("Raising worst-group accuracy by 5% and reducing memory cost by 2x on CelebA.")
    names = sorted(e.name for e in ctx.candidates["metric"])
    assert "worst-group accuracy" in names and "Raising worst-group accuracy" not in names
    assert Pair(ctx, ctx.numbers[0], None, "metric").entity is None


def test_metric_names_carry_no_verb_and_no_possessive(analyse):
    """A modifier of a held quality word is never a verb in -s or a possessive's "s"."""
    ctx = analyse("The technique yields accuracy gains of 3% on CIFAR-10 and cuts the model's training time by 2x.")
    names = sorted(e.name for e in ctx.candidates["metric"])
    assert "accuracy" in names and "training time" in names
    assert not [n for n in names if "yields" in n or n.startswith("s ")]


def test_vague_held_words_are_no_candidates(analyse):
    """"performance" names no measure (word list `vague_measures`); a narrowed phrase does."""
    ctx = analyse("Our model's performance improves by 3% on CIFAR-10, and its linear probe performance "
                  "by 2% on STL-10.")
    names = sorted(e.name for e in ctx.candidates["metric"])
    assert names == ["linear probe performance"]


@pytest.mark.parametrize("text, vague", [
    ("performance", True), ("overall performance", True), ("model's overall performance", True),
    ("linear probe performance", False), ("accuracy", False), ("", False)])
def test_vague_measure(text, vague):
    assert vague_measure(text, 0, len(text)) is vague


def test_candidates_sharing_a_span_are_ordered_by_the_candidates_not_by_memory():
    """"overall accuracy (OA)": a short name and its long form may be two candidates with one
    mention; which counts as the nearest must follow the candidates' order, never the objects'
    addresses (those differ from process to process, and so would the records)."""
    from types import SimpleNamespace

    from extractors.components.entities import Entity
    text = "PointNeXt reaches an overall accuracy (OA) of 87.7 on ScanObjectNN."
    span = (text.index("overall accuracy"), text.index("overall accuracy") + len("overall accuracy"))
    number = SimpleNamespace(start=text.index("87.7"), end=text.index("87.7") + 4, unit_end=0, unit=None)
    for order in ((0, 1), (1, 0)):
        ents = [Entity("OA", ["METRIC"], mentions=[span]), Entity("overall accuracy", ["METRIC"], mentions=[span])]
        ents = [ents[i] for i in order]
        ctx = Context.of(text, [number], ents)
        assert ctx.nearest_in_sentence(number, "metric") == id(ents[0])
