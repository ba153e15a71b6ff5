"""Lists of numbers and lists of names: what goes with what (sentences in the style of corpus
abstracts)."""
from extractors.components.acronyms import find_acronyms


def _by_text(record):
    return {r.span.text: r for r in record.results}


def test_respectively_pairs_numbers_with_datasets_in_order(extractor):
    rec = extractor.extract("Our model reaches 95.1%, 80.2% and 70.3% accuracy on CIFAR-10, CIFAR-100 and "
                            "ImageNet, respectively.")
    res = _by_text(rec)
    assert [res[t].dataset for t in ("95.1%", "80.2%", "70.3%")] == ["CIFAR-10", "CIFAR-100", "ImageNet"]
    # the metric written once after the list belongs to every number of it
    assert {res[t].metric for t in ("95.1%", "80.2%", "70.3%")} == {"accuracy"}


def test_respectively_pairs_numbers_with_systems_in_order(extractor):
    rec = extractor.extract("ResNet-50 and ViT-B/16 reach 76.1% and 81.8% top-1 accuracy on ImageNet, "
                            "respectively.")
    res = _by_text(rec)
    assert (res["76.1%"].subject, res["81.8%"].subject) == ("ResNet-50", "ViT-B/16")


def test_without_respectively_two_lists_are_not_paired(extractor):
    rec = extractor.extract("ResNet-50 and ViT-B/16 improve by 3.1% and 2.2% on ImageNet.")
    res = _by_text(rec)
    assert res["2.2%"].subjects == res["3.1%"].subjects == ["ResNet-50", "ViT-B/16"]


def test_our_named_system_is_the_subject_not_another_proposal(extractor):
    rec = extractor.extract("We propose DetCLIP, a paralleled visual-concept pre-training method. On the LVIS "
                            "dataset, our DetCLIP-T outperforms GLIP-T by 9.9% mAP.")
    assert _by_text(rec)["9.9%"].subject == "DetCLIP-T"


def test_a_list_of_names_is_not_an_acronym_definition():
    text = "We evaluate on CIFAR-10, CIFAR-100 and ImageNet."
    assert find_acronyms(text) == []
    defined = find_acronyms("We introduce REAP, Router-weighted Expert Activation Pruning, which prunes experts.")
    assert [(a.short, a.long) for a in defined] == [("REAP", "Router-weighted Expert Activation Pruning")]


def test_variants_of_known_model_families_are_models(extractor):
    rec = extractor.extract("We fine-tune BERT-base, ViT-B/16, EfficientNet-B0 and Llama-3-8B, and train a "
                            "BERT-based classifier on VGG-Sound; GRU/LSTM baselines follow.")
    models = {e.name for e in rec.models}
    assert {"BERT-base", "ViT-B/16", "EfficientNet-B0", "Llama-3-8B"} <= models
    names = {e.name for f in ("methods", "models") for e in getattr(rec, f)}
    assert not names & {"BERT-based", "VGG-Sound", "GRU/LSTM"}
    assert not any(r.span.text == "8B" for r in rec.results)  # digits inside a name are not a result


def test_versions_after_known_names_are_part_of_the_name(extractor):
    rec = extractor.extract("Our policy reaches a 62.5% win rate against Claude 3.5 Sonnet on AlpacaEval 2.0, and "
                            "Tacotron 2 is the vocoder; on ImageNet 76.1% top-1 accuracy is kept.")
    names = {e.name for f in ("methods", "models", "datasets", "benchmarks") for e in getattr(rec, f)}
    assert {"Claude 3.5 Sonnet", "AlpacaEval 2.0", "Tacotron 2", "ImageNet"} <= names
    assert sorted(r.span.text for r in rec.results) == ["62.5%", "76.1%"]
    assert _by_text(rec)["62.5%"].dataset == "AlpacaEval 2.0"


def test_metric_before_an_on_phrase_and_a_from_to_change(extractor):
    rec = extractor.extract("Applied to Qwen2.5-7B-Instruct, it improves accuracy on AIME24 from 13.3% to 20.0%.")
    res = _by_text(rec)
    assert res["13.3%"].metric == res["20.0%"].metric == "accuracy"


def test_recent_names_and_numeric_data_variants(extractor):
    rec = extractor.extract("We propose FastDiT, a training-free caching method. FastDiT achieves a 2.3$\\times$ "
                            "speedup on FLUX.1-dev and 1.8$\\times$ on Stable Diffusion 3 with negligible FID "
                            "increase on COCO-30K, and 40.2% pass@1 on MATH-500.")
    models = {e.name for e in rec.models}
    data = {e.name for f in ("datasets", "benchmarks") for e in getattr(rec, f)}
    assert {"FLUX.1-dev", "Stable Diffusion 3"} <= models
    assert {"COCO-30K", "MATH-500"} <= data
    # an exact lexicon entry keeps its own type over a family reading ("Alpaca" + "-GPT4")
    rec = extractor.extract("Training on the 10% Alpaca-GPT4 subset selected by Nait helps.")
    assert [e.name for e in rec.datasets] == ["Alpaca-GPT4"]


def test_a_sentence_initial_with_names_a_setting_not_the_subject(extractor):
    rec = extractor.extract("We introduce RM-Guard, a reward-model regulariser. On UltraFeedback, RM-Guard improves "
                            "the win rate of PPO from 48.2% to 61.7%. With Qwen2.5-7B, RM-Guard reaches 71.2 on "
                            "RewardBench.")
    res = _by_text(rec)
    assert res["48.2%"].metric == res["61.7%"].metric == "win rate"
    assert res["71.2"].subject == "RM-Guard" and res["71.2"].subjects == []
    assert res["71.2"].dataset == "RewardBench"


def test_variants_of_the_proposed_system_and_comparisons(extractor):
    rec = extractor.extract(
        "We present LiteViT, a family of efficient vision transformers. LiteViT-S achieves a top-1 accuracy of "
        "85.3% on ImageNet-1K with only 22M parameters, surpassing ConvNeXt-T by 2.1 points. On ADE20K semantic "
        "segmentation, LiteViT-B obtains 49.8 mIoU.")
    roles = {e.name: e.role for f in ("methods", "models") for e in getattr(rec, f)}
    assert roles["LiteViT-S"] == roles["LiteViT-B"] == "proposed" and roles["ConvNeXt-T"] == "used"
    res = _by_text(rec)
    assert res["2.1"].metric == "top-1 accuracy" and res["2.1"].subject == "LiteViT-S"
    assert (res["49.8"].subject, res["49.8"].metric, res["49.8"].dataset) == ("LiteViT-B", "mIoU", "ADE20K")


def test_numbers_given_for_named_baselines(extractor):
    rec = extractor.extract(
        "We propose ProbeGuard, a method for detecting hallucinations from internal activations. ProbeGuard attains "
        "an average AUROC of 0.92, compared to 0.81 for semantic entropy and 0.76 for SelfCheckGPT.")
    res = _by_text(rec)
    assert [res[t].metric for t in ("0.92", "0.81", "0.76")] == ["AUROC"] * 3
    assert res["0.92"].subject == "ProbeGuard" and res["0.76"].subject == "SelfCheckGPT"


def test_appositive_head_types_the_name_and_ratios_take_by_metrics(extractor):
    rec = extractor.extract(
        "We introduce StreamKV, a KV-cache compression scheme that keeps a fixed budget of 2,048 tokens. On "
        "LongBench, StreamKV reduces memory by 4.2x and improves throughput by 2.7x over full attention.")
    assert [(e.name, e.role) for e in rec.methods] == [("StreamKV", "proposed")]
    res = _by_text(rec)
    assert (res["4.2x"].metric, res["2.7x"].metric) == ("memory", "throughput")
    assert res["4.2x"].subject == "StreamKV"


def test_scores_named_by_an_of_phrase_and_parenthesised_baselines(extractor):
    rec = extractor.extract(
        "We introduce ProtFlow, a flow-matching model for protein backbone generation that designs 512-residue "
        "proteins in under 10 seconds. ProtFlow achieves a designability of 92.3% and a novelty of 0.71, "
        "outperforming FrameDiff (78.1%).")
    res = _by_text(rec)
    assert res["512"].unit == "residue"
    assert (res["92.3%"].metric, res["0.71"].metric) == ("designability", "novelty")
    assert res["78.1%"].subject == "FrameDiff" and res["78.1%"].metric == "designability"


def test_a_level_reached_is_a_score_and_compounds_count_their_noun(extractor):
    rec = extractor.extract("A 2-layer transformer trained on 20-digit addition generalizes to 100-digit numbers. "
                            "Without hints, accuracy drops below 5%.")
    res = _by_text(rec)
    assert (res["2"].unit, res["20"].unit) == ("layer", "digit")
    assert (res["5%"].kind, res["5%"].qualifier) == ("score", "<")


def test_scores_in_parentheses_take_their_metric_and_dataset(extractor):
    rec = extractor.extract("We propose SpanNet, a span-based reader. SpanNet achieves state-of-the-art results on "
                            "SQuAD 2.0 (85.2 F1) and Natural Questions (90.1 EM).")
    res = _by_text(rec)
    assert (res["85.2"].metric, res["85.2"].dataset) == ("F1", "SQuAD 2.0")
    assert (res["90.1"].metric, res["90.1"].dataset) == ("EM", "Natural Questions")
    rec = extractor.extract("Our model matches GPT-4 on MMLU (86.4 vs. 86.5) and surpasses Llama-2-70B by 12.3 "
                            "points on GSM8K.")
    res = _by_text(rec)
    assert (res["86.4"].dataset, res["86.5"].dataset, res["12.3"].dataset) == ("MMLU", "MMLU", "GSM8K")


def test_markup_around_a_definition_and_metrics_after_the_dataset(extractor):
    rec = extractor.extract(
        "We introduce the **Retrieval-Augmented Critic (RAC)**, which verifies outputs against evidence. RAC lowers "
        "the hallucination rate of GPT-4o-mini from 18.4\\% to 6.2\\% on TruthfulQA, an absolute reduction of 12.2 "
        "points. \\textsc{Orca-Math} achieves $\\mathbf{86.81\\%}$ on GSM8k (pass@1).")
    assert [(e.name, e.role, e.aliases) for e in rec.methods if "R" in e.name] == \
        [("RAC", "proposed", ["Retrieval-Augmented Critic"])]
    res = _by_text(rec)
    assert res["12.2"].metric == "hallucination rate"
    assert (res["86.81\\%"].metric, res["86.81\\%"].dataset) == ("pass@1", "GSM8k")


def test_idioms_and_evaluative_words_do_not_make_metrics(extractor):
    rec = extractor.extract("Applied to the RAFT benchmark, T-Few attains super-human results for the first time "
                            "and outperforms the state of the art by 6% absolute. AlignNet improves the previous "
                            "state-of-the-art accuracy on Spoken SQuAD by 6.2%.")
    res = _by_text(rec)
    assert res["6%"].metric != "first time"
    assert res["6.2%"].metric == "accuracy"


def test_acronyms_named_after_a_long_form_and_digits_for_words():
    pairs = lambda t: [(a.short, a.long) for a in find_acronyms(t)]  # noqa: E731
    assert pairs("We present a novel Mixed-scale Sparse Voxel Transformer, named MsSVT, which captures "
                 "both scales.") == [("MsSVT", "Mixed-scale Sparse Voxel Transformer")]
    assert pairs("We propose a sequence-to-sequence learning (Seq2Seq) framework.") == \
        [("Seq2Seq", "sequence-to-sequence learning")]
    assert pairs("a manifold learning technique called diffusion maps") == []


def test_camel_case_names_match_other_capitalisations_and_games_are_benchmarks(extractor):
    from extractors.components.lexicon import find_lexicon
    found = {c.text for c in find_lexicon("On DailyMail/CNN, Gigaword and the benchmarks - FC-100, miniImageNet "
                                          "and tieredImageNet. For instance, the Rice dataset.")}
    assert {"Gigaword", "FC-100", "miniImageNet", "tieredImageNet"} <= found
    assert not found & {"For instance", "Rice"}  # FOR-instance and RICE are spelled otherwise
    rec = extractor.extract("BeBold also solves multiple tasks in NetHack, a popular rogue-like game.")
    assert [e.name for e in rec.benchmarks] == ["NetHack"]
