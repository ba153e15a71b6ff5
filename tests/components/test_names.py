"""The names component's proposal cues, table-driven (names_cases.json): the name a paper
introduces as its own ("we propose X", "X, a novel ...", "called X")."""
import pytest

from tables import case_ids, cases, check_table

from extractors.components.candidates import Candidate, Source, Weight
from extractors.components.names import defined_as_task, find_names, is_citation, known_data_lists
from extractors.normalize import normalize

CASES = cases("names")
DEFINITIONS = cases("definitions")


def test_table():
    check_table(CASES)
    assert all(c["name"] in c["text"] for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES, "name"))
def test_proposed_name(case):
    clean = normalize(case["text"]).clean
    proposed = {c.text for c in find_names(clean) if c.proposed}
    if case.get("absent"):
        assert case["name"] not in proposed
    else:
        assert case["name"] in proposed


def test_definitions_table():
    check_table(DEFINITIONS)
    assert all(c["name"] in c["text"] for c in DEFINITIONS)
    assert {c["task"] for c in DEFINITIONS} == {True, False}


@pytest.mark.parametrize("case", DEFINITIONS, ids=case_ids(DEFINITIONS, "name"))
def test_defined_as_task(case):
    """A name its sentence defines as a problem or task (names.defined_as_task)."""
    text = normalize(case["text"]).clean
    start = text.index(case["name"])
    assert defined_as_task(text, start, start + len(case["name"]), case.get("long_form", False)) == case["task"]


@pytest.mark.parametrize("text,task,found", [
    ("Besides image classification task, we also examine object detection.", "Besides image classification", False),
    ("We train one SuperLM for each sub-space using task-agnostic objectives.", "each sub-space using", False),
    ("For each TAPE validation task, we demonstrate improvements.", "each TAPE validation", False),
    ("We evaluate on the image classification task.", "image classification", True),
    ("We study the best arm identification problem in combinatorial semi-bandits.", "best arm identification", True),
    ("The optimal policy of this nonsmooth optimization problem is unknown.", "this nonsmooth optimization", False),
    ("We bound the error of the underlying robust estimation problem.", "underlying robust estimation", False),
    ("The original classification task becomes harder.", "original classification", False),
])
def test_task_phrases_start_with_a_content_word(text, task, found):
    """A "X task" / "X problem" phrase is a task's name only from its first content word: a quantifier, an
    adverb, a participle or a pointer back ("each", "Besides", "using", "this", "underlying": word list
    `task_stop`) makes it a clause, or a reference to a task named elsewhere."""
    from extractors.components.candidates import Source
    tasks = {c.text for c in find_names(normalize(text).clean) if c.source == Source.TASK}
    assert (task in tasks) == found, tasks


@pytest.mark.parametrize("title,names", [
    ("MinVIS: A Minimal Video Instance Segmentation Framework without Video-based Training",
     [("MinVIS", True)]),
    ("Slot Machines: Discovering Winning Combinations of Random Weights in Neural Networks",
     [("Slot Machines", True)]),
    ("Taming GANs with Lookahead-Minmax", [("Lookahead-Minmax", False)]),
    ("Learning Energy-Based Models by Diffusion Recovery Likelihood", [("Diffusion Recovery Likelihood", False)]),
    ("Cross-Domain Few-Shot Learning by Representation Fusion", [("Representation Fusion", False)]),
    ("NCP-VAE: Variational Autoencoders with Noise Contrastive Priors",
     [("NCP-VAE", True), ("Noise Contrastive Priors", False)]),
    # the run stops at a lower-case word; "for" is no preposition of means
    ("Improving Robustness with Adaptive Weight Decay for Vision Transformers", [("Adaptive Weight Decay", False)]),
    ("Recall Loss for Imbalanced Image Classification and Semantic Segmentation", []),
    ("Bridging the imitation gap with adaptive insubordination", []),        # no capitals: no name
    ("Slot  Machines:    Discovering", [("Slot Machines", True)]),      # spaces collapsed
    ("The Curse of Unrolling: Rate of Differentiating Through Optimization", []),   # a phrase, not a name
    ("Why Do Nets Fail: A Study via Spectral Probes", [("Spectral Probes", False)]),  # a question
    ("Too: Many: Colons", [("Too", True)]),
    ("", []),
    (None, []),
    ("x" * 100_000 + ": tail", []),                                          # read up to TITLE_LIMIT
])
def test_title_names(title, names):
    from extractors.components.names import title_names
    assert title_names(title) == names


@pytest.mark.parametrize("text,span,own", [
    ("The backtracking step of our Lookahead–minmax handles it.", "Lookahead–minmax", True),
    ("We present a diffusion recovery likelihood method to learn EBMs.", "diffusion recovery likelihood", True),
    ("We show that the proposed Bayesian early pruning improves efficiency.", "Bayesian early pruning", True),
    ("Large language models often fail here.", "Large language models", False),   # a sentence's capital
    ("We study reasoning with large language models.", "large language models", False),
    ("The so-called Orthogonal Multi-Path (OMP) block could be posed anywhere.", "Orthogonal Multi-Path", True),
    ("Results with point clouds. Point clouds are sparse.", "Point clouds", False),
    ("Chaotic dynamics are intrinsic to training with SGD.", "SGD", False),   # a capital is no evidence
    ("We also introduce a novel Slot Machine sampler.", "Slot Machine", True),   # "a novel" between
    ("Our novel slot machines find it.", "slot machines", True),
    ("This leaves our approach and slot machines apart.", "slot machines", False),  # "our" is not right before
])
def test_written_as_own(text, span, own):
    from extractors.components.names import written_as_own
    start = text.index(span)
    assert written_as_own(text, start) is own


@pytest.mark.parametrize("text,word,glued", [
    # an acronym run into a stop word by a lost space
    ("compared with GANand VAE based generative models", "GANand", True),
    # ... or into a word the abstract writes alone, with the acronym written alone too
    ("SGD is used. The algorithm finds a Localized→SGDtransition layer, a transition point.", "SGDtransition", True),
    # a backronym's words: the word in lower case is in the abstract, or its capitals are part of
    # a longer capitalised word
    ("we propose CORES (COnfidence REgularized Sample Sieve), which raises confidence", "COnfidence", True),
    ("a new one: ROMUL, for RObust MULtistep search", "RObust", True),
    # names: capitals before a word part
    ("We evaluate models on MCPMark, a benchmark for the Model Context Protocol (MCP).", "MCPMark", False),
    ("We leverage a lightweight UNet to predict initial guidance.", "UNet", False),
    ("better than ADAM and RMSprop on large problems", "RMSprop", False),
    ("sparse and robust subnetworks (SRNets) can be found; an SRNet", "SRNets", False),
    ("GNNs are strong", "GNNs", False),                                   # a plural, not a word run in
    # a lower-case word, then capitals: a stop word glued to an acronym, or a name
    ("the gap betweenSGD and Adam", "betweenSGD", True),
    ("on colorFERET and UTKFace datasets", "colorFERET", False),
    # a stop word glued to a number by a lost space, or a name with a number
    ("a giant model can be trained on2048 TPU v3 accelerators in 4 days", "on2048", True),
    ("we compare word2vec and GloVe embeddings", "word2vec", False),
])
def test_glued_capitals(text, word, glued):
    from extractors.components.names import _glued, find_names
    assert _glued(word, text) is glued
    assert any(c.text == word for c in find_names(text)) is not glued


def test_norms_are_not_names():
    """Norms and their penalties ("under the L2 norm", "L1 regularization") are no names by their
    shape (resources/not_names.txt), while a capitalised name beside them still is."""
    text = normalize("Our ensemble is robust under the L2 norm with L1 regularization, and EnsNet beats "
                     "prior L2 defenses with an L0 budget.").clean
    found = {c.text for c in find_names(text)}
    assert "EnsNet" in found
    assert not found & {"L0", "L1", "L2"}


@pytest.mark.parametrize("text, word, name", [
    ("the approaches observe a 1-2 dB drop in masked PSNR and 4-5 dB drop on complex motion", "dB", False),
    ("it needs only 16 GB of memory and 3 GHz", "GB", False),
    ("the quality is measured in dB, and DBNet wins", "DBNet", True),   # no number before it
])
def test_units_after_numbers_are_not_names(text, word, name):
    """A unit of resources/units.tsv written after a number is the number's unit, never a name
    (names._unit_after_number)."""
    from extractors.components.names import find_names
    assert any(c.text == word for c in find_names(text)) is name


@pytest.mark.parametrize("text, word, name", [
    # development sentences (part_16..19 and parts 5-15): a short lower-case prefix and capitals
    ("The recently proposed mip-NeRF has effectively addressed this challenge.", "mip-NeRF", True),
    ("We compare beta-VAE, β-VAE and β-TCVAE on dSprites.", "β-TCVAE", True),
    ("Unlike noisy-GD and k-GNN, it converges.", "k-GNN", True),
    ("Applied to mini-PASCAL3D+ it stays robust.", "mini-PASCAL3D+", True),
    # a longer first word: mostly a compound of two things
    ("We study the accuracy-FLOPs trade-off.", "accuracy-FLOPs", False),
    # a prefix that only qualifies what follows
    ("Clients hold non-IID data on multi-GPU machines.", "non-IID", False),
    ("Clients hold non-IID data on multi-GPU machines.", "multi-GPU", False),
    ("We study human-AI teams with vanilla-GCNs.", "human-AI", False),
    ("We study human-AI teams with vanilla-GCNs.", "vanilla-GCNs", False),
    # two capitals: mostly a quantity or a field, not a name of its own
    ("β-KL regularization directly tightens the information bottleneck.", "β-KL", False),
    ("Unlike noisy-GD and k-GNN, it converges.", "noisy-GD", False),
    ("We train meta-RL agents.", "meta-RL", False),
])
def test_lower_case_prefix_before_capitals(text, word, name):
    """A short lower-case prefix, a hyphen and three capitals (or two and a digit) or a camel-case
    part is a name by its shape (resources/name_patterns.tsv), and one the resolver keeps on its
    shape alone (entities._SHAPE_KEEP), unless the prefix only qualifies ("non-IID", "multi-GPU")."""
    from extractors.components.entities import _SHAPE_KEEP
    from extractors.components.names import find_names
    assert any(c.text == word for c in find_names(text)) is name
    if name:
        assert _SHAPE_KEEP.search(word)


@pytest.mark.parametrize("text, word, metric", [
    ("Our model reaches 0.42 Type@AV and improves nDCG@k and mAP@0.5.", "Type@AV", True),
    ("Our model reaches 0.42 Type@AV and improves nDCG@k and mAP@0.5.", "nDCG@k", True),
    ("Our model reaches 0.42 Type@AV and improves nDCG@k and mAP@0.5.", "mAP@0.5", True),
    ("Write to jane@mail.com for the data.", "jane@mail", False),        # an e-mail address
])
def test_measures_at_a_cutoff(text, word, metric):
    """A word, "@" and a cutoff or condition (a number or up to four letters) is a metric's shape
    (resources/name_patterns.tsv), unless a domain follows."""
    from extractors.components.names import find_names
    found = {c.text for c in find_names(text) if c.types.get("METRIC")}
    assert (word in found) is metric


@pytest.mark.parametrize("text,members", [
    ("We introduce 3 metrics: transferability, plausibility, and alignment with natural images.",
     ["transferability", "plausibility", "alignment with natural images"]),
    ("We consider performance measures such as AUC, multi-class AUC, F-measure and others.",
     ["AUC", "multi-class AUC", "F-measure"]),                       # "others" ends the list
    ("Fairness measures such as demographic parity, to name a few, are common.", ["demographic parity"]),
    ("We bound the distance between the measures μ and ν.", []),      # symbols, not names
    ("Several metrics, including human evaluation metrics, are used.", []),   # a kind of measures itself
])
def test_measure_list_members(text, members):
    """Members of a list a plural kind of measure introduces are metric candidates (names._MEASURE_LIST)."""
    found = [c.text for c in find_names(text) if c.source == Source.MEASURE_LIST]
    assert found == members
    assert all(c.types == {"METRIC": Weight.LIST_HEAD} for c in find_names(text) if c.source == Source.MEASURE_LIST)


@pytest.mark.parametrize("text,members", [
    ("It reduces the error by 89%, 19%, 80%, and 35% on the KITTI, Ford multi-AV, VIGOR, and Oxford RobotCar "
     "datasets, respectively.", ["KITTI", "Ford multi-AV", "VIGOR", "Oxford RobotCar"]),
    ("Results across the Crafter and NetHack Lite benchmarks.", ["Crafter", "NetHack Lite"]),
    ("We test on the ImageNet and our own datasets.", []),             # a member that is no name: none
    ("We test on the KITTI datasets.", []),                            # one member is no list
    ("We train on ImageNet. CIFAR-10 and SVHN datasets are small.", []),   # no preposition in its sentence
    ("On the Atari games, Procgen and MuJoCo benchmarks are harder.", []),  # "Atari games" is no name
    ("We evaluate on hard exploration tasks, including Deep Sea and Atari 2600 environments.",
     ["Deep Sea", "Atari 2600"]),                                      # not "Deep Sea" cited by year 2600
    ("Results on UrbanSound8k and ESC-50 environmental sound datasets.", ["UrbanSound8k", "ESC-50"]),
    ("It wins by 1.9x and 1.5x on the 500k and 1M step benchmarks, respectively.", []),   # numbers
])
def test_data_list_before_its_kind(text, members):
    """A list of names written before a plural kind of data, after a preposition, gives data
    candidates, every member or none (names._data_lists_before)."""
    found = [c.text for c in find_names(text) if c.source == Source.DATA_LIST]
    assert found == members


def _lexical(text: str, name: str, typ: str) -> Candidate:
    k = text.index(name)
    return Candidate(k, k + len(name), name, Source.LEXICON, {typ: 2.0})


@pytest.mark.parametrize("text,known,members", [
    ("It improves by 23.51% and 5.78% across KITTI and Waymo, respectively.",
     [("KITTI", "DATASET")], ["Waymo"]),
    ("Gains of 7.68%, 6.86% and 4.26% on Split CIFAR-10, Split CIFAR-100 and Split Mini-ImageNet.",
     [("CIFAR-10", "DATASET")], []),                                    # no member is the known name itself
    ("Gains on Split CIFAR-10, Split CIFAR-100 and Split Mini-ImageNet.",
     [("Split CIFAR-100", "DATASET")], ["Split CIFAR-10", "Split Mini-ImageNet"]),
    ("We train with Adam and SGD on ImageNet.", [("Adam", "METHOD"), ("ImageNet", "DATASET")], []),
    ("We compare on ImageNet and BERT.", [("ImageNet", "DATASET"), ("BERT", "MODEL")], []),   # a system among them
    ("It scores 45.1 on XSum and 62.9 ROUGE-1 on BigPatent.", [("XSum", "DATASET")], []),      # a number is no name
    ("We evaluate on Atari and Procgen.", [], []),                       # nothing known: nothing
    # a preposition opening the sentence, members with a capital inside their first word
    ("On KITTI, nuScenes and Waymo, the detector gains 2 points.", [("KITTI", "DATASET")], ["nuScenes", "Waymo"]),
    ("Results from ImageNet, iNaturalist and mini-ImageNet agree.", [("ImageNet", "DATASET")],
     ["iNaturalist", "mini-ImageNet"]),
])
def test_lists_with_known_data(text, known, members):
    """Names coordinated after a preposition with a lexicon name of data are data themselves
    (names.known_data_lists)."""
    found = known_data_lists(text, [_lexical(text, n, t) for n, t in known])
    assert [c.text for c in found] == members
    assert all(c.source == Source.DATA_LIST and set(c.types) == {"DATASET"} for c in found)


@pytest.mark.parametrize("text,known,members", [
    # a member named with a capitalised noun of data is known data; a member the lexicon knows as a
    # benchmark and as a method ("CARLA") is data in a list of data
    ("Experiments are conducted on DMControl Generalization Benchmark, DMControl Manipulation Tasks, "
     "Drawer World, and CARLA to verify it.", [("CARLA", "METHOD"), ("CARLA", "BENCHMARK")],
     ["DMControl Generalization Benchmark", "DMControl Manipulation Tasks", "Drawer World"]),
    # a member known only as something else: no list of data
    ("We tune it with Adam and the Speech Commands Benchmark.", [("Adam", "METHOD")], []),
])
def test_lists_with_data_heads_and_ambiguous_members(text, known, members):
    """names.known_data_lists with members known by their capitalised data noun or known as data
    and as something else."""
    found = known_data_lists(text, [_lexical(text, n, t) for n, t in known])
    assert [c.text for c in found] == members
    assert all(c.source == Source.DATA_LIST and set(c.types) == {"BENCHMARK"} for c in found)


@pytest.mark.parametrize("text,name,citation", [
    ("as shown by Smith and Jones 2020, it works", "Smith", True),
    ("following Wang et al. (2021), we", "Wang", True),
    ("including Deep Sea and Atari 2600 environments", "Deep Sea", False),   # 2600 is no year
    ("on Pong and Breakout", "Pong", False),
    # a citation key in square brackets, alone or among others (a brace typed for the bracket)
    ("the benchmark introduced in [ZRKB21], where a function acts", "ZRKB21", True),
    ("extragradient methods [Nemirovski04, Nesterov07]. We", "Nesterov07", True),
    ("relative smoothness [BBT17, LFN18}. Leveraging", "BBT17", True),
    ("results by [Huang et al. NeurIPS21; Wu et al. COLT21].", "NeurIPS21", True),
    ("we train ResNet50 [He16] on [ImageNet-21k] and CIFAR10", "ResNet50", False),
    ("we train on [ImageNet-21k] and CIFAR10", "ImageNet-21k", False),
])
def test_citations(text, name, citation):
    """Author names before "et al." or a year are citations, not names (names.is_citation)."""
    k = text.index(name)
    assert is_citation(text, Candidate(k, k + len(name), name, Source.SHAPE, {})) is citation


@pytest.mark.parametrize("text, word, typ", [
    ("on par with a highly tuned Rainbow implementation on a set of Atari games", "Rainbow", "METHOD"),
    ("we train a MuZero agent on Go", "MuZero", "METHOD"),
    ("results on the Flickr30k dataset and the GLUE benchmark", "Flickr30k", "DATASET"),
    ("results on the Flickr30k dataset and the GLUE benchmark", "GLUE", "BENCHMARK"),
    # a plural kind of data after a name shaped as a suite's
    ("We deploy our method on high-dimensional driving and MinAtar benchmarks.", "MinAtar", "BENCHMARK"),
    ("We evaluate on the D4RL benchmarks.", "D4RL", "BENCHMARK"),
    ("Most RL benchmarks are simulated.", "RL", None),                # a field's short acronym
    ("On Standard benchmarks, it is 3x faster.", "Standard", None),   # a plain capitalised word
    ("Such Markov games are hard.", "Markov", None),                  # many things it modifies
    ("results on image classification benchmarks", "image classification", None),   # lower case
])
def test_kind_noun_after_a_name_types_it(text, word, typ):
    """The noun right after a name says what the name is (resources/type_heads.tsv: "a Rainbow
    implementation" is a method, "the GLUE benchmark" a benchmark): names.context_types votes it.
    A plural says so only for a kind of data after a name shaped as a suite's (names._suite_shaped)."""
    from extractors.components.candidates import Candidate, Source
    from extractors.components.names import context_types
    start = text.index(word)
    c = Candidate(start, start + len(word), word, Source.SHAPE, {})
    context_types(text, [c])
    if typ is None:
        assert not c.context, c.context
    else:
        assert c.context and max(c.context, key=c.context.get) == typ, c.context


@pytest.mark.parametrize("text, word, typ", [
    # a measure's kind noun after a name says the name is a metric
    ("We report the ROUGE score of each summary.", "ROUGE", "METRIC"),
    ("calibration is measured with the ECE metric", "ECE", "METRIC"),
    # a quantity noun after a name makes a quantity of it (names._quantity_of): no METRIC vote
    ("The CT divergence consists of the expected cost of a forward CT.", "CT", None),
    ("Sliced Wasserstein (SW) distance suffers from redundant projections", "SW", None),
    ("weighs experiences by the magnitude of their temporal-difference (TD) error", "TD", None),
    ("to within desired TV distance when the distribution is unknown", "TV", None),
])
def test_quantity_noun_after_a_name_does_not_type_it(text, word, typ):
    """names.context_types: "the FID score" types FID a metric; "the TD error", "the SW distance"
    name a quantity of TD and SW (word list ``quantity_heads``), not what TD and SW are."""
    from extractors.components.candidates import Candidate, Source
    from extractors.components.names import context_types
    start = text.index(word)
    c = Candidate(start, start + len(word), word, Source.SHAPE, {})
    context_types(text, [c])
    if typ is None:
        assert "METRIC" not in c.context, c.context
    else:
        assert c.context and max(c.context, key=c.context.get) == typ, c.context


@pytest.mark.parametrize("text, word, metric", [
    ("We compare the models in terms of BLEU.", "BLEU", True),
    ("Quality is measured by FID on both sets.", "FID", True),
    ("Our agents are evaluated by SPL across scenes.", "SPL", True),
    # what a result is taken relative to is a reference, not a measure (names.RELATIVE_TO_WORDS)
    ("each client enjoys sub-linear regret with respect to the RF approximation of its best kernel",
     "RF", False),
    ("the gradient w.r.t. the KL objective vanishes", "KL", False),
])
def test_measured_by_words_vote_metric(text, word, metric):
    """A name right after "in terms of", "measured by", "evaluated by" is the measure of a result:
    names.context_types votes it METRIC; after "with respect to" / "w.r.t." it gets no such vote."""
    from extractors.components.candidates import Candidate, Source
    from extractors.components.names import context_types
    start = text.index(word)
    c = Candidate(start, start + len(word), word, Source.SHAPE, {})
    context_types(text, [c])
    assert (c.context.get("METRIC", 0) > 0) is metric, c.context


@pytest.mark.parametrize("text, name, expected", [
    ("Our method, PANDA, outperforms the state-of-the-art.", "PANDA", "METHOD"),
    ("We provide a new benchmarking environment, gMiniWoB, which enables an adversary.", "gMiniWoB", "BENCHMARK"),
    ("We introduce a large dataset, FooSet, with 2M images.", "FooSet", "DATASET"),
    ("We evaluate our technique on three datasets-MNIST, ImageNet, and Beer Reviews.", "ImageNet", None),
    ("Our method, PANDA outperforms the state-of-the-art.", "PANDA", None),     # no closing comma
    ("On ImageNet, ResNet-50 reaches 76%.", "ResNet-50", None),                  # no noun phrase before
])
def test_apposed_before_type(text, name, expected):
    """The head of a noun phrase set off right before a name and closed by a comma types the name
    (names.apposed_before_type); a phrase with a preposition in it is no such phrase."""
    from extractors.components.names import apposed_before_type
    s = text.index(name)
    assert apposed_before_type(text, s, s + len(name)) == expected


@pytest.mark.parametrize("text, phrase, found", [
    # a kind of thing said of a lower-case phrase makes it a name ...
    ("The data are embedded with a manifold learning technique called diffusion maps.", "diffusion maps", True),
    # ... without one, a lower-case phrase after a naming word is a word, not a name
    ("Federated learning enables a group of learners (called clients) to train one model.", "clients", False),
    ("We study their structural properties, collectively called their phenotypes.", "their phenotypes", False),
])
def test_lower_case_called_phrases(text, phrase, found):
    """A lower-case phrase after "called", "referred to as" ... that the text does not present as
    new is a name candidate only where a kind noun types it (names._proposals)."""
    assert any(c.text == phrase and c.source == Source.CALLED for c in find_names(text)) is found


MARKUP = cases("markup")


def test_markup_table():
    check_table(MARKUP)
    assert any(c.get("absent") for c in MARKUP)


@pytest.mark.parametrize("case", MARKUP, ids=case_ids(MARKUP, "name"))
def test_markup_name(case):
    """A name set off by markup, without the punctuation that only sets it off (`_mark_bounds`)."""
    norm = normalize(case["text"])
    found = {c.text for c in find_names(norm.clean, norm.marks) if c.source == Source.MARKUP}
    if case.get("absent"):
        assert case["name"] not in found, found
    else:
        assert case["name"] in found, found
