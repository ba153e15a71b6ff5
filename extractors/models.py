"""The record contract (docs/SPEC.md) as pydantic v2 models.

These models are the single source of truth: `schemas/record.schema.json` is generated from
them (`extractors schema`), `validate` checks files against that schema, and the writers
serialise through them.
"""
from __future__ import annotations

import hashlib
from typing import ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, model_serializer

SCHEMA_VERSION = "1.0"
SCHEMA_BASE_URL = "https://extractors.invalid/schemas"
#: a record's id: the first 16 hex digits of the hash of its text (`record_id`)
RECORD_ID_PATTERN = r"^[0-9a-f]{16}$"


def record_id(text: str) -> str:
    r"""16 hex chars of sha256 over the text with whitespace runs collapsed and ends stripped
    (``" ".join(text.split())`` is ``re.sub(r"\s+", " ", text).strip()``: both take whitespace
    as `str.isspace`)."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:16]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def omit_unknown(data: dict, keys) -> dict:
    """`data` without those of `keys` whose value is None: an additive field is written only when
    known, so records without it are byte-identical to those written before it existed."""
    for key in keys:
        if data.get(key) is None:
            data.pop(key, None)
    return data


class _Additive(_Strict):
    """A model with additive fields (`ADDITIVE`) that are written only when known."""

    ADDITIVE: ClassVar[tuple[str, ...]] = ()

    @model_serializer(mode="wrap")
    def _omit_unknown(self, handler):
        return omit_unknown(handler(self), self.ADDITIVE)


class Span(_Strict):
    """Character offsets into the record's raw `text` (end exclusive); `text == text[start:end]`."""

    start: int = Field(ge=0)
    end: int = Field(ge=0)
    text: str


class Source(_Additive):
    """One place the abstract was read from."""

    path: str
    index: int = Field(ge=0, description="0-based position of the abstract within its file")
    line: Optional[int] = Field(default=None, ge=1, description="1-based line where it starts")
    key: Optional[str] = Field(default=None, description=(
        "the input's own identifier of this abstract: OpenReview note id, arXiv id, DOI, Semantic "
        "Scholar corpusid, OpenAlex id, BibTeX key, an `id` column; absent (or null) when the "
        "input has none"))

    ADDITIVE: ClassVar[tuple[str, ...]] = ("key",)


Role = Literal["proposed", "used"]


class Entity(_Additive):
    name: str
    role: Role = "used"
    aliases: list[str] = Field(default_factory=list)
    mentions: list[Span] = Field(default_factory=list)
    canonical: Optional[str] = Field(default=None, description=(
        "one spelling per thing across papers (extractors/canonical.py): the lexicon's canonical "
        "name, else a normalised form; datasets, benchmarks and metrics always, models and methods "
        "when the lexicon knows them (written only when known)"))
    confidence: Optional[float] = Field(default=None, ge=0, le=1, description=(
        "the entity typer's probability that the name is an entity of this type, rounded to 3 places "
        "(components/entity_typer.py); absent for entities the typer did not weigh"))

    ADDITIVE: ClassVar[tuple[str, ...]] = ("canonical", "confidence")


class Acronym(_Strict):
    short: str
    long: str
    span: Span


Qualifier = Optional[Literal["<", "<=", ">", ">=", "~", "up to", "at least"]]
ResultKind = Literal["score", "delta", "ratio", "count", "setting"]


class LinkConfidence(_Additive):
    """How sure the link scorer is of a result's links: for each link it weighed (a subject only for
    scores, deltas and ratios), its probability of the link as written (None included: the text
    names none), rounded to 3 places (components/link_scorer.link_confidences)."""

    metric: Optional[float] = Field(default=None, ge=0, le=1)
    subject: Optional[float] = Field(default=None, ge=0, le=1)
    dataset: Optional[float] = Field(default=None, ge=0, le=1)
    ADDITIVE: ClassVar[tuple[str, ...]] = ("metric", "subject", "dataset")

    def row(self) -> Optional[float]:
        """A leaderboard row's `confidence`: the product of the three links a row needs (taken as
        independent), rounded to 3 places; None when one of them is unknown."""
        if None in (self.metric, self.subject, self.dataset):
            return None
        return round(self.metric * self.subject * self.dataset, 3)


class Result(_Additive):
    span: Span
    value: float
    unit: Optional[str] = None
    kind: ResultKind = "score"
    qualifier: Qualifier = None
    metric: Optional[str] = None
    subject: Optional[str] = None
    dataset: Optional[str] = None
    subjects: list[str] = Field(default_factory=list,
                                description="all subjects when one number applies to several")
    # Structured-number fields (docs/SPEC.md, section 3): written only when known, so a record
    # whose numbers have none of them reads exactly as before these fields existed.
    uncertainty: Optional[float] = Field(default=None, ge=0, description=(
        "the spread written with the number: 0.4 for `85.3±0.4`, `85.3 (± 0.4)`, `85.3 (0.4)` after "
        "'mean (std)'; in the number's unit"))
    magnitude: Optional[str] = Field(default=None, description=(
        "the magnitude suffix or word as written (`k`, `M`, `G`, `B`, `T`, `million`, ...); `value` "
        "holds the expanded number (`1.3B` -> 1.3e9), so value / 10^3k gives the number as written"))
    range_with: Optional[int] = Field(default=None, ge=0, description=(
        "index in `results` of the other end of a range "
        "(`6.98-8.89%`, `3 to 4 points`, `from 4.1G to 1.2G`); "
        "the other end points back"))
    relative: Optional[bool] = Field(default=None, description=(
        "for a delta: true when the change is relative to the old value (`5% relative`, `a 62.5% "
        "reduction`), false when absolute (`+2.3 points`, `2 pp`), absent when the text does not say"))

    split: Optional[str] = Field(default=None, description=(
        "the split of `dataset` the text names beside it (extractors/resources/splits.tsv): `validation` "
        "for `ImageNet validation set`, `test-dev` for `MS-COCO test-dev`, `test` for `the test set of CrowdPose`"))
    setting: Optional[str] = Field(default=None, description=(
        "the evaluation setting the number's sentence names for it, as written (LaTeX stripped): a few-shot episode "
        "(`5-way 1-shot`), an amount of labels (`250 labels`, `1% labels`, `10% labelling ratio`), a rate of "
        "label noise (`80% label noise`), a data regime (`100k environment steps`) or a budget (`ε = 8/255`)"))
    confidence: Optional[LinkConfidence] = Field(default=None, description=(
        "the link scorer's probability of each link as written (metric, subject, dataset); absent when no "
        "model weighed them (the `rules` linker)"))
    ADDITIVE: ClassVar[tuple[str, ...]] = ("uncertainty", "magnitude", "range_with", "relative", "split", "setting",
                                           "confidence")


class Bound(_Strict):
    span: Span
    notation: Literal["O", "Omega", "Theta", "o", "omega"]
    soft: bool = False
    expression: str
    quantity: Optional[str] = None


UrlKind = Literal["code", "data", "model", "project"]


class Url(_Strict):
    url: str
    kind: UrlKind
    span: Span


#: the kinds of result that become leaderboard rows: scores are ranked, deltas and ratios are
#: listed as reported improvements; counts and settings never become rows
LEADERBOARD_KINDS = ("score", "delta", "ratio")


class LeaderboardRow(_Additive):
    subject: str
    dataset: str
    metric: str
    value: float
    unit: Optional[str] = None
    qualifier: Qualifier = None
    result_index: int = Field(ge=0, description="index into the record's `results`")
    kind: Optional[Literal["score", "delta", "ratio"]] = Field(
        default=None, description="the result's `kind`: a score is ranked, a delta or ratio is a "
                                  "reported improvement (null only in records written before this field)")
    baseline: Optional[str] = Field(
        default=None, description="for a delta or ratio, the method or model the text says it improves "
                                  "on (\"improve DARTS by 0.16%\", \"2.1x faster than FlashAttention\"); "
                                  "else null")
    uncertainty: Optional[float] = Field(default=None, ge=0, description="the result's `uncertainty` "
                                         "(written only when known)")
    dataset_canonical: Optional[str] = Field(default=None, description="the dataset's canonical name "
                                             "(extractors/canonical.py): leaderboards group by it")
    metric_canonical: Optional[str] = Field(default=None, description="the metric's canonical name: "
                                            "leaderboards group by it and take its direction from it")

    split: Optional[str] = Field(default=None, description="the result's `split` of the dataset; a named "
                                 "split such as test-dev is part of `dataset_canonical` too (tables keep it apart)")
    setting: Optional[str] = Field(default=None, description="the result's `setting`; part of "
                                   "`dataset_canonical` too (`CIFAR-10 (250 labels)`: tables keep it apart)")
    confidence: Optional[float] = Field(default=None, ge=0, le=1, description=(
        "how sure the link scorer is of the row: the product of its result's metric, subject and dataset "
        "confidences, rounded to 3 places; absent when the result has none"))
    ADDITIVE: ClassVar[tuple[str, ...]] = ("uncertainty", "split", "setting", "confidence")


#: The entity types, defined here once: every module that names a type or an entity field of a
#: record takes them from here. A new type is a row of each tuple (and a list field of `Record`).
ENTITY_TYPES = ("METHOD", "MODEL", "DATASET", "BENCHMARK", "METRIC", "TASK")
ENTITY_FIELDS = ("methods", "models", "datasets", "benchmarks", "metrics", "tasks")
#: the types of systems (a method or a model) and of data (a dataset or a benchmark)
SYSTEM_TYPES = frozenset({"METHOD", "MODEL"})
DATA_TYPES = frozenset({"DATASET", "BENCHMARK"})
#: a type's record field ("METHOD" -> "methods") and back
FIELD_OF_TYPE = dict(zip(ENTITY_TYPES, ENTITY_FIELDS))
TYPE_OF_FIELD = dict(zip(ENTITY_FIELDS, ENTITY_TYPES))


class Record(_Strict):
    """One metadata record per unique abstract."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"{SCHEMA_BASE_URL}/record-{SCHEMA_VERSION}.schema.json",
    })

    schema_version: Literal["1.0"] = SCHEMA_VERSION
    id: str = Field(pattern=RECORD_ID_PATTERN)
    sources: list[Source] = Field(min_length=1)
    venue: Optional[str] = None
    year: Optional[int] = None
    title: Optional[str] = None
    text: str = Field(min_length=1)
    methods: list[Entity] = Field(default_factory=list)
    models: list[Entity] = Field(default_factory=list)
    datasets: list[Entity] = Field(default_factory=list)
    benchmarks: list[Entity] = Field(default_factory=list)
    metrics: list[Entity] = Field(default_factory=list)
    tasks: list[Entity] = Field(default_factory=list)
    acronyms: list[Acronym] = Field(default_factory=list)
    results: list[Result] = Field(default_factory=list)
    bounds: list[Bound] = Field(default_factory=list)
    urls: list[Url] = Field(default_factory=list)
    leaderboard: list[LeaderboardRow] = Field(default_factory=list)


def record_schema() -> dict:
    """The JSON Schema (draft 2020-12) of one record, generated from the models."""
    schema = Record.model_json_schema()
    schema["title"] = f"extractors record {SCHEMA_VERSION}"
    return schema
