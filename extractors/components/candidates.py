"""Entity candidates: what the name-finding components propose and the resolver decides on.

Each component that finds names (lexicon, names, ner, acronyms) appends `Candidate`s to
``doc._.candidates``; the `entities` component merges them into entities.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Optional

import regex
from spacy.tokens import Doc

from ..models import ENTITY_TYPES
from .textutil import rx

if not Doc.has_extension("candidates"):
    Doc.set_extension("candidates", default=None)
if not Doc.has_extension("marks"):
    Doc.set_extension("marks", default=None)

TYPES = ENTITY_TYPES  # defined once, in models.py

#: model families whose names make a name a model rather than a method
MODEL_FAMILIES = (r"gpt|llama|claude|qwen|gemini|mistral|mixtral|deepseek|phi|gemma|"
                  r"falcon|vicuna|opt|bloom|t5|palm|chatgpt|o\d|kimi|glm|yi|internlm|baichuan")
_MODEL_SHAPE = rx(rf"(?i)(?:{MODEL_FAMILIES})"
                  r"|\d+(?:\.\d+)?[bBmM](?![\w])")  # a parameter count: 7B, 1.3b, 350M
#: a sized variant of a named system is a released model: "BEiT-Large", "Semi-ViT-Huge",
#: "BERT-base", "ViT-B/16", "Swin-T" (docs/ANNOTATION.md: models carry a size or a checkpoint)
SIZE_WORDS = r"(?i:base|large|huge|giant|small|tiny|medium|mini|nano|xl|xxl)"
SIZED = rx(rf"""
    \p{{L}}[\p{{L}}\p{{N}}\-]*?[\-‐\s]                 # a name, then a hyphen or a space
    (?:{SIZE_WORDS}                                  # a size word
     |[BLSHGT](?:/\d+)?)                              # or a size letter: B, L/14, H/14, T
    $""", regex.VERBOSE)
#: a numbered variant of a named system: a capitalised name, a hyphen and a version or depth
#: ("VGG-13", "MobileNet-V1", "Inception-V3", "ResNet-56", "GPT-2"). Where the evidence makes such a
#: name a method it is a model (entities._entity): in the development annotations (2,350 records) 23
#: names of this shape are models and none a method (90 more are datasets, "CIFAR-10", 3 benchmarks
#: and 1 metric, which their own votes type)
NUMBERED = rx(r"\p{Lu}[\p{L}\p{N}]*\p{L}-[vV]?\d+")
#: a name ending in a size word ("MobileNet-v3-Large"): sized even with no other evidence, where
#: a size letter alone may be a variant's ("DiffuseVAE-A and DiffuseVAE-B")
_SIZE_WORD_END = rx(rf"\p{{L}}[\p{{L}}\p{{N}}\-]*?[\-‐\s]{SIZE_WORDS}$")
#: a capitalised word with a size letter: a released model by its name alone ("Swin-B", "Swin-L/14")
SIZE_LETTER = r"\p{Lu}\p{Ll}+-(?:[BLSTHG]|XL|XXL)(?:/\d+)?"
_SIZE_LETTER_NAME = rx(rf"^{SIZE_LETTER}$")


def model_shaped(name: str) -> bool:
    """A name whose shape alone makes it a released model: a model family's name or a parameter
    count with a digit ("Llama-2-7B", "GPT-4", "OPT-350M"), a capitalised word with a size
    letter ("Swin-B"), or a name ending in a size word ("MobileNet-v3-Large")."""
    return bool(_MODEL_SHAPE.search(name) and any(ch.isdigit() for ch in name) or _SIZE_LETTER_NAME.match(name)
                or _SIZE_WORD_END.match(name))


class Source:
    """Where a candidate comes from: the values of `Candidate.source` (and of an entity's
    ``sources``, which also holds LEXICON_SHORT and ACRONYM)."""

    LEXICON = "lexicon"              # a lexicon entry (lexicon.py)
    LEXICON_WEAK = "lexicon-weak"    # a lexicon entry known only from leaderboard strings
    LEXICON_SHORT = "lexicon-short"  # known letters with no evidence of what they name (entities.py)
    SHAPE = "shape"                  # a name by its shape: CamelCase, capitals, digits (names.py)
    TITLE = "title"                  # a Title Case run of words (names.py)
    PATTERN = "pattern"              # a typed pattern of resources/name_patterns.tsv (names.py)
    MARKUP = "markup"                # text set in \texttt, \textsc, **bold** (names.py)
    PROPOSAL = "proposal"            # the name after a proposal cue: "we propose X" (names.py)
    CALLED = "called"                # "a technique called X": a name, not necessarily new (names.py)
    TASK = "task"                    # a task phrase: "the problem of X", "X tasks" (names.py)
    MEASURE_LIST = "measure-list"    # a member of a list of measures: "metrics such as X, Y" (names.py)
    DATA_LIST = "data-list"          # a member of a list of data: "datasets (A, B and C)" (names.py)
    ACRONYM = "acronym"              # an acronym definition joined with its long form (entities.py)
    TERM = "term"                    # an acronym of a lower-case long form nothing else types: an
    #                                  entity, but no result's link (entities.py, linker.defined_term)
    BOUND = "bound"                  # the quantity an asymptotic bound measures (entities.py)
    NER = "ner"                      # a span of the statistical NER (entities.py)
    GENERIC = "generic"              # a quality word held back until a number measures it
    PAPER_TITLE = "paper-title"      # the name the paper's title gives its system (entities.py)
    TAIL = "tail"                    # a long-tail phrase the entity typer kept (tail.py, entity_typer.py)


class Weight:
    """Evidence weights for a candidate's types, in one place (the lexicon's own weights, 1 to 3,
    are in resources/lexicon/names.tsv). The heaviest type of an entity's evidence wins."""

    ACRONYM_HEAD = 4.0      # the long form's head noun says what an acronym names ("... Pruning")
    DEFINITION = 4.5        # the sentence defines the name as a task ("the problem of X", "X is the task of")
    SCORE_UNIT = 3.0        # a name written as a score's unit ("85.2 F1") is a metric
    BOUND_QUANTITY = 2.0    # the quantity a bound measures ("regret") is a metric
    HEAD_NOUN = 2.0         # a head noun after the name or its apposition ("the IEMOCAP dataset")
    AGENT = 3.0             # the doer of "outperforms", "achieves": a system, whatever a lexicon says
    LIST_HEAD = 1.5         # a head noun shared by a list of names, for each member
    LIST_MEMBER = 1.0       # a type the known members of a list lend a bare shape beside them
    NER = 1.5               # the statistical NER's label for a span of its own
    NER_OVERLAP = 1.0       # the NER's label for a rule candidate it overlaps (typing only)
    TASK_PHRASE = 1.5       # "the problem of X", "X tasks"
    PATTERN = 1.0           # a typed name pattern, or the head noun before "called X"
    SCORE_PLACE = 1.5       # the name a score is "on" is a dataset, "in" a metric ("1.93 on AFHQv2")
    HELD = 1.0              # a held quality word, when a number measures it
    WEAK_SHARE = 0.5        # what evidence that cannot keep an entity alone counts for its type
    SHAPE_DEFAULT = 0.5     # a kept name with no type evidence: a method (a model when it looks like one)
    SIZED = 2.0             # a sized variant ("BEiT-Large") that the evidence makes a method is a model


@dataclass
class Candidate:
    start: int
    end: int
    text: str
    source: str                      # one of the `Source` values
    types: dict = field(default_factory=dict)   # type -> weight of evidence
    canonical: Optional[str] = None
    proposed: bool = False
    context: dict = field(default_factory=dict)  # type evidence from the surrounding words
    ner: dict = field(default_factory=dict)      # the NER's label for this span (typing only)


def add_candidates(doc: Doc, cands: list[Candidate]) -> None:
    if doc._.candidates is None:
        doc._.candidates = []
    doc._.candidates.extend(cands)


#: plural family names (LLMs, GNNs, transformers): kinds of systems, not a result's subject
FAMILY = rx(r"^(?:\p{Lu}{2,}s|\p{Ll}[\p{Ll}\-\s]*s)$")


#: a number format: the precision a model computes in ("FP32", "INT8", "bf16", "TF32")
_NUMBER_FORMAT = rx(r"(?:FP|INT|UINT|BF|TF|fp|int|uint|bf)(?:4|8|16|32|64)")


def is_number_format(surface: str) -> bool:
    """Is the name a number format ("FP32", "INT8")? The precision a system runs at, never the
    system a result is about ("retains the accuracy of its FP32 counterpart within 1%")."""
    return _NUMBER_FORMAT.fullmatch(surface) is not None


def is_family(surface: str, names=frozenset()) -> bool:
    """A plural family name (`FAMILY`: "LLMs", "transformers"), or the plural of a system's name
    that the abstract (`names`) or the lexicon knows: "ResNets", "ViTs", "ConvNets", "GFlowNets".
    A kind of system: not a result's subject (linker), nor a name the paper coins (entities)."""
    if FAMILY.match(surface):
        return True
    if len(surface) < 4 or surface[-1] != "s" or surface[-2] in "s'":
        return False
    stem = surface[:-1]
    return stem in names or _known_system(stem)


@lru_cache(maxsize=4096)
def _known_system(name: str) -> bool:
    from .lexicon import entries   # the lexicon's automaton, loaded once for the process
    return any(typ in ("METHOD", "MODEL") for _, typ, _, _ in entries(name))
