"""The pipeline's one sentence splitter (extractors/components/sentences.py), table-driven.

Each case is an abstract fragment as written (raw, LaTeX and all), normalised as the pipeline
normalises it, and the sentences the splitter must find in the clean text. The same sentences
must come out of ``doc._.sentences`` and spaCy's ``doc.sents`` after the pipeline has run.
"""
import pytest

from extractors.components.sentences import Sentences, sentences
from extractors.normalize import normalize

CASES = [
    # abbreviations: a full stop that does not end the sentence
    ("abbreviation", "Strong baselines, e.g. BERT and RoBERTa, fail. We fix this.",
     ["Strong baselines, e.g. BERT and RoBERTa, fail.", "We fix this."]),
    ("abbreviation", "Simple models (i.e. Logistic regression) suffice. Deep ones overfit.",
     ["Simple models (i.e. Logistic regression) suffice.", "Deep ones overfit."]),
    ("abbreviation", "As shown in Fig. 3, accuracy rises with depth. See Sec. 4 for details.",
     ["As shown in Fig. 3, accuracy rises with depth.", "See Sec. 4 for details."]),
    ("abbreviation", "We minimise the loss of Eq. 2 with Adam. Training takes 3 hours.",
     ["We minimise the loss of Eq. 2 with Adam.", "Training takes 3 hours."]),
    ("abbreviation", "Precision and recall (resp. 91% and 88%) improve. Code is public.",
     ["Precision and recall (resp. 91% and 88%) improve.", "Code is public."]),
    # "vs." compares, it never ends a sentence
    ("vs", "GPT-4 reaches 86.4% vs. 70.0% for GPT-3.5 on MMLU. Smaller models lag.",
     ["GPT-4 reaches 86.4% vs. 70.0% for GPT-3.5 on MMLU.", "Smaller models lag."]),
    ("vs", "Sparse vs. Dense retrieval is compared on BEIR. Dense wins.",
     ["Sparse vs. Dense retrieval is compared on BEIR.", "Dense wins."]),
    # decimals and versions stay inside their sentence
    ("decimal", "Our method improves BLEU by 2.5 points on WMT14. It is 3.2x faster.",
     ["Our method improves BLEU by 2.5 points on WMT14.", "It is 3.2x faster."]),
    ("decimal", "We evaluate Llama-3.1 and Qwen2.5 on GSM8K. Both gain 4.1%.",
     ["We evaluate Llama-3.1 and Qwen2.5 on GSM8K.", "Both gain 4.1%."]),
    ("decimal", "The error drops from 12.5% to 7.5%. 30 runs confirm it.",
     ["The error drops from 12.5% to 7.5%.", "30 runs confirm it."]),
    # citations
    ("et al.", "Following Vaswani et al. (2017), we use attention. Results improve.",
     ["Following Vaswani et al. (2017), we use attention.", "Results improve."]),
    ("et al.", "The method of Smith et al. Outperforms ours on CIFAR-10. We explain why.",
     ["The method of Smith et al. Outperforms ours on CIFAR-10.", "We explain why."]),
    # LaTeX, as the normaliser leaves it
    ("latex", r"The best model reaches only $52.56$\% pass@1. Other models fall below $30$\%.",
     ["The best model reaches only 52.56% pass@1.", "Other models fall below 30%."]),
    ("latex", r"We prove a regret of $\widetilde{O}(\sqrt{T})$. $\mathcal{A}$ is optimal.",
     ["We prove a regret of O\u0303(√T).", "A is optimal."]),  # O + combining tilde
    ("latex", r"Our bound is $O(n^{1.5})$. \textbf{Code} is released.",
     ["Our bound is O(n^1.5).", "Code is released."]),
    # enumerations
    ("enumeration", "We make three contributions: (1) a dataset. (2) a model. (3) an evaluation protocol.",
     ["We make three contributions: (1) a dataset.", "(2) a model.", "(3) an evaluation protocol."]),
    ("enumeration", "Contributions: 1. a new benchmark; 2. a strong baseline.",
     ["Contributions: 1. a new benchmark; 2. a strong baseline."]),
    ("enumeration", "We study two settings: (i) offline RL and (ii) online RL. Both matter.",
     ["We study two settings: (i) offline RL and (ii) online RL.", "Both matter."]),
    # other marks, lowercase continuations, clause marks that are not sentence ends
    ("marks", "What makes a good reward? We study this question! Results follow.",
     ["What makes a good reward?", "We study this question!", "Results follow."]),
    ("marks", "Accuracy rises; the cost falls. [Code] is available.",
     ["Accuracy rises; the cost falls.", "[Code] is available."]),
    ("marks", "We use the v2. split of the data. It has 10k images.",
     ["We use the v2. split of the data.", "It has 10k images."]),
    ("marks", "One sentence without a final full stop", ["One sentence without a final full stop"]),
]


def _ids():
    seen: dict = {}
    out = []
    for topic, _, _ in CASES:
        seen[topic] = seen.get(topic, 0) + 1
        out.append(f"{topic}-{seen[topic]}")
    return out


@pytest.mark.parametrize("raw,expected", [(c[1], c[2]) for c in CASES], ids=_ids())
def test_splitter(raw, expected):
    clean = normalize(raw).clean
    found = [clean[a:b] for a, b in sentences(clean)]
    assert found == expected


@pytest.mark.parametrize("raw,expected", [(c[1], c[2]) for c in CASES], ids=_ids())
def test_the_pipeline_reads_the_same_sentences(extractor, raw, expected):
    """doc._.sentences (what every component reads) and doc.sents agree with the splitter."""
    clean = normalize(raw).clean
    doc = extractor.nlp(clean)
    assert [clean[a:b] for a, b in doc._.sentences.spans] == expected
    assert [s.text for s in doc.sents] == expected
    starts = {doc.char_span(a, b, alignment_mode="expand").start for a, b in doc._.sentences.spans}
    # the first token of each sentence is marked, the second is marked "not a start" when it
    # is not one (spaCy reads boundaries as set only past the first token), the rest unset
    assert [t.is_sent_start for t in doc] == [
        True if t.i in starts else False if t.i == 1 else None for t in doc]


def test_lookups():
    text = "GPT-4 reaches 86.4% vs. 70.0% on MMLU. Smaller models lag. They cost less."
    sents = Sentences.of(text)
    second = text.index("Smaller")
    assert sents.at(text.index("70.0")) == (0, text.index(" Smaller"))
    assert sents.start(text.index("lag")) == second
    assert sents.is_start(second) and not sents.is_start(text.index("70.0"))
    assert sents.at(text.index(" Smaller")) == (0, text.index(" Smaller"))  # the space ends the first
