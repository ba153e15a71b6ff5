"""What a paper proposes: names given inside the phrase after a proposal cue (sentences from
corpus abstracts, data/annotations parts 0-3)."""
import pytest

from extractors.components.names import find_names

ENTITY_FIELDS = ("methods", "models", "datasets", "benchmarks", "metrics", "tasks")


def _roles(record) -> dict:
    out = {}
    for f in ENTITY_FIELDS:
        for e in record.model_dump()[f]:
            for n in [e["name"], *e.get("aliases", [])]:
                out[n] = e["role"]
    return out


@pytest.mark.parametrize("text, name", [
    ("To bridge the gap, we propose a latency-aware spatial-wise dynamic network (LASNet), which performs "
     "coarse-grained spatially adaptive inference.", "LASNet"),
    ("In this paper, we introduce data multiplexing (DataMUX), a technique that enables deep neural networks "
     "to process multiple inputs.", "DataMUX"),
    ("We develop a stochastic linearized augmented Lagrangian method (SLAM) for solving general nonconvex "
     "problems.", "SLAM"),
    ("Accordingly, we develop a neural meta learner, MTG-Net, to capture these relationships.", "MTG-Net"),
    ("We show that our proposed model, ProteoGAN, outperforms several baselines.", "ProteoGAN"),
    ("The resulting model, named EpiGRAF, is an efficient, high-resolution, pure 3D generator.", "EpiGRAF"),
    ("This leads to a novel contrastive MI estimator we name FLO.", "FLO"),
    ("To improve the generalizability of fair classifiers, we propose fair mixup, a new data augmentation "
     "strategy.", "fair mixup"),
    ("Thus, we propose procedure cloning, which applies supervised sequence prediction.", "procedure cloning"),
    ("We then develop an iterative RL algorithm, REinforced demonstration Distillation (RED), to obtain a strong "
     "policy.", "RED"),
    ("We first propose a new, plug-and-play, train-time calibration loss for object detection (coined as TCD).",
     "TCD"),
    ("We introduce a dynamic tracking algorithm -- autoHyper -- that performs HPO on the fly.", "autoHyper"),
])
def test_name_given_in_the_proposal_phrase_is_proposed(extractor, text, name):
    roles = _roles(extractor.extract(text))
    assert roles.get(name) == "proposed", roles


@pytest.mark.parametrize("text, name", [
    # the short form names a part of what is proposed, or something the paper only uses
    ("We present a reinforcement learning (RL) based guidance system for automated theorem proving.", "RL"),
    ("We propose a sequence-to-sequence learning (Seq2Seq) framework called Neural-PDE, which learns rules.",
     "Seq2Seq"),
    ("We develop a rotation-equivariant, high dynamic range (HDR) neural illumination model.", "HDR"),
    ("We therefore propose to use conditional generative adversarial networks (cGANs) on the task.", "cGANs"),
    ("We propose a diagnosis and prognosis model based on graph convolutional networks (GCNs).", "GCNs"),
    ("Our method trains a robust variational autoencoder (VAE), which aims to generate a model.", "VAE"),
    ("We propose a general and computationally efficient framework for achieving differential privacy (DP) "
     "on Hadamard manifolds.", "DP"),
    ("We then develop an iterative RL algorithm, REinforced demonstration Distillation (RED), to obtain a strong "
     "policy.", "RL"),
])
def test_short_form_of_a_part_or_a_tool_is_not_proposed(text, name):
    proposed = {c.text for c in find_names(text) if c.proposed}
    assert name not in proposed, proposed


def test_seq2seq_framework_called_name_proposes_the_name(extractor):
    text = "We propose a sequence-to-sequence learning (Seq2Seq) framework called Neural-PDE, which learns rules."
    assert _roles(extractor.extract(text)).get("Neural-PDE") == "proposed"


@pytest.mark.parametrize("text, number, metric", [
    ("We introduce an architecture that achieves 40-70% lower energy error at 6x lower cost.", "40", "energy error"),
    ("On BABEL, our approach improves word error rate by 16% relative compared to a comparable system.",
     "16%", "word error rate"),
    ("We find that reordering improves the query time by up to 40%.", "40%", "query time"),
])
def test_measured_quality_takes_its_head_noun(extractor, text, number, metric):
    record = extractor.extract(text)
    res = next(r for r in record.results if r.span.text == number)
    assert res.metric == metric
