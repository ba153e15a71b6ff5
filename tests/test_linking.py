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
    rec = extractor.extract("On ImageNet, ResNet-50 and ViT-B/16 are beaten by our method by 3.1% and 2.2%.")
    res = _by_text(rec)
    assert res["2.2%"].subject != "ViT-B/16"


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
