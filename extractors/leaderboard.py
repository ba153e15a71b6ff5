"""Leaderboards: every record's `leaderboard` rows gathered into one table per (dataset, metric).

    extractors leaderboard output/ -o board.md            # markdown, one table per (dataset, metric)
    extractors leaderboard output/ -o board.csv           # one flat table
    extractors leaderboard output/ -o board.json          # Papers with Code evaluation-tables shape

Record files are streamed (a folder is searched recursively for `records.jsonl`; a file is read
whatever its name) and only the leaderboard rows and a few fields of their records are kept.
A record read twice (the same id in two files) counts once.

Two kinds of table, one per (dataset, metric) each: scores (a metric value reached: ranked) and
reported improvements (deltas and ratios: a change against a baseline, listed with that baseline,
never ranked against scores). Counts and settings never become rows (records do not give them
leaderboard rows; rows of older records are checked against their result's `kind`). The report
(`extractors report`) draws its tables from here too, so both show the same grouping.

Every row shows its `confidence` (the link scorer's: the product of its probabilities for the row's
metric, subject and dataset; docs/SPEC.md), and `Filters.min_confidence` (`--min-confidence`) keeps
only the rows of at least that much, before tables are formed and counted.

Tables: names of datasets and metrics are grouped case- and space-insensitively (`MCPMark`,
`mcpmark`, `MCP Mark` are one dataset) and shown in their most frequent spelling. Score rows are
sorted by value, best first: descending, or ascending for metrics where lower is better (error,
perplexity, loss, latency, FID, WER, ...: `resources/metric_direction.tsv`). A qualified value is
never shown as a plain number: "<30%" reads `< 30 %` and its qualifier has a column of its own;
among equal values a qualifier that makes a value better ("> 30" when higher is better) ranks it
first.

JSON form (scores only, as Papers with Code's tables hold): a list of tasks as in Papers with Code's `evaluation-tables.json` (task -> datasets ->
sota {metrics, rows [{model_name, paper_title, paper_url, paper_date, code_links, model_links,
metrics {metric: value}}]}), one dataset entry per dataset with all its metrics as columns and one
row per (paper, subject) as on Papers with Code. Metric values are strings there, as in that
format, and a qualified one keeps its qualifier (`"< 30"`), so tools that parse numbers never read
it as 30. Extra keys carry what that format has no room for: `record_id`, `source`, `venue`,
`year`, and per metric `values` (the number), `units`, `qualifiers`, `result_indices`; the sota
object's `is_loss` (the name Papers with Code's API gives it) tells which metrics are
lower-is-better. A dataset sits under the task its papers name most often (their `tasks`
entities), or under "Unspecified". `schemas/leaderboard.schema.json` is generated from the models
below.

Output is deterministic: same records in, byte-identical output out, whatever the file order
within a folder.
"""
from __future__ import annotations

import csv
import io
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional, Union

import orjson
from pydantic import BaseModel, ConfigDict, Field, RootModel, ValidationError

from .canonical import lower_is_better, row_canonicals, split_kind
from .canonical import group_key  # names that differ only in case, spacing or punctuation are one group
from .models import (LEADERBOARD_KINDS, RECORD_ID_PATTERN, SCHEMA_BASE_URL, SCHEMA_VERSION, LeaderboardRow,
                     Qualifier, Source)
from .recordfiles import RECORD_SHAPE_ERRORS, NoRecords, Reading, unique_records  # noqa: F401 (NoRecords: what collect raises)

FORMATS = ("md", "csv", "json")
UNSPECIFIED_TASK = "Unspecified"

# how a qualifier moves a value, for ties: "> 30" is more than 30, "< 30" less
_QUALIFIER_SHIFT = {">": 2, ">=": 1, "at least": 1, None: 0, "~": 0, "<=": -1, "up to": -1, "<": -2}


# ---------------------------------------------------------------- the JSON form (pydantic models)

class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Link(_Strict):
    """A URL and its anchor text (Papers with Code `Link`)."""

    title: str = ""
    url: str


class SotaRow(_Strict):
    """One row of a table: one subject of one paper, with its value on each metric it reports."""

    model_name: str = Field(description="the subject: model or method that achieved the values")
    paper_title: str = Field(default="", description="the record's title, when known")
    paper_url: str = Field(default="", description="unknown to the extractor: always empty")
    paper_date: Optional[str] = None
    code_links: list[Link] = Field(default_factory=list,
                                   description="the record's URLs of kind `code`")
    model_links: list[Link] = Field(default_factory=list,
                                    description="the record's URLs of kind `model`")
    metrics: dict[str, str] = Field(description="metric -> value as text: '52.56', or '< 30' "
                                                "with its qualifier (never a bare number then)")
    record_id: str = Field(pattern=RECORD_ID_PATTERN, description="the paper's record id")
    source: Source = Field(description="the record's first `sources` entry")
    venue: Optional[str] = None
    year: Optional[int] = None
    values: dict[str, float] = Field(description="metric -> the number, without its qualifier")
    units: dict[str, Optional[str]] = Field(description="metric -> unit (`%`, `x`, ...) or null")
    qualifiers: dict[str, Qualifier] = Field(description="metric -> qualifier or null")
    result_indices: dict[str, int] = Field(description="metric -> index into the record's `results`")
    confidences: dict[str, Optional[float]] = Field(
        default_factory=dict, description="metric -> the row's `confidence` (how sure the link scorer is "
                                          "of its subject, dataset and metric), or null when unknown")


class Sota(_Strict):
    """One state-of-the-art table: its metric columns and rows, best first on the first metric."""

    metrics: list[str]
    rows: list[SotaRow]
    is_loss: dict[str, bool] = Field(description="metric -> true when lower is better")


class Dataset(_Strict):
    dataset: str
    description: str = ""
    subdatasets: list["Dataset"] = Field(default_factory=list)
    dataset_links: list[Link] = Field(default_factory=list)
    dataset_citations: list[Link] = Field(default_factory=list)
    sota: Sota


class Task(_Strict):
    task: str
    description: str = ""
    categories: list[str] = Field(default_factory=list)
    subtasks: list["Task"] = Field(default_factory=list)
    synonyms: list[str] = Field(default_factory=list)
    source_link: Optional[Link] = None
    datasets: list[Dataset]


class EvaluationTables(RootModel[list[Task]]):
    """The leaderboards of a set of records, in the shape of Papers with Code's
    `evaluation-tables.json`, with extra keys for qualifiers, units and record ids."""

    model_config = ConfigDict(json_schema_extra={
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"{SCHEMA_BASE_URL}/leaderboard-{SCHEMA_VERSION}.schema.json",
    })


def leaderboard_schema() -> dict:
    """The JSON Schema (draft 2020-12) of `extractors leaderboard --format json` output."""
    schema = EvaluationTables.model_json_schema()
    schema["title"] = f"extractors leaderboard {SCHEMA_VERSION}"
    return schema


# ---------------------------------------------------------------- reading

@dataclass(frozen=True)
class Entry:
    """One leaderboard row of one record, with what the tables show about its paper."""

    dataset: str
    metric: str
    subject: str
    value: float
    unit: Optional[str]
    qualifier: Optional[str]
    result_index: int
    record_id: str
    kind: str = "score"             # score, delta or ratio
    baseline: Optional[str] = None  # what a delta or ratio improves on, when the text names it
    uncertainty: Optional[float] = None
    dataset_canonical: Optional[str] = None   # what tables group by (canonical.py)
    metric_canonical: Optional[str] = None
    split: Optional[str] = None               # the dataset's split the text names ("validation")
    setting: Optional[str] = None             # the evaluation setting it names ("250 labels")
    confidence: Optional[float] = None        # the row's `confidence` (the link scorer's), when known


@dataclass
class Paper:
    """What the tables keep of a record that has leaderboard rows."""

    record_id: str
    source: Source
    title: Optional[str]
    venue: Optional[str]
    year: Optional[int]
    tasks: tuple[str, ...]
    code_links: tuple[str, ...]
    model_links: tuple[str, ...]


@dataclass
class Collection:
    entries: list[Entry] = field(default_factory=list)
    papers: dict[str, Paper] = field(default_factory=dict)
    records_read: int = 0
    duplicates: int = 0
    files: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def collect(inputs: Iterable[Union[str, Path]]) -> Collection:
    """Every leaderboard row of every record under `inputs` (raises NoRecords on a bad input)."""
    col = Collection()
    reading = Reading()
    for where, rec in unique_records(inputs, reading):
        _add_checked(rec, where, col)
    col.files, col.records_read, col.duplicates = reading.files, reading.records, reading.duplicates
    col.problems = reading.problems + col.problems
    return col


def collect_records(records: Iterable[object], name: str = "records") -> Collection:
    """The same from records already in memory (the report's): `name:N` locates the N-th."""
    col = Collection()
    seen: set[str] = set()
    for n, obj in enumerate(records, 1):
        _take(obj, f"{name}:{n}", col, seen)
    return col


def _take(obj: object, where: str, col: Collection, seen: set[str]) -> None:
    """One parsed line (or the message of why it could not be parsed) into the collection."""
    if isinstance(obj, str):
        col.problems.append(f"{where}: {obj}")
        return
    if not isinstance(obj, dict) or not isinstance(obj.get("id"), str):
        col.problems.append(f"{where}: not a record (no string `id`)")
        return
    col.records_read += 1
    rid = obj["id"]
    if rid in seen:
        col.duplicates += 1
        return
    seen.add(rid)
    _add_checked(obj, where, col)


_RECORD_ID = re.compile(RECORD_ID_PATTERN)


def _add_checked(rec: dict, where: str, col: Collection) -> None:
    """`_add_record`, with a record that breaks the schema where a row needs it reported in
    `col.problems` (``file:line: /pointer: message``) instead of failing the whole collection."""
    if not _RECORD_ID.fullmatch(rec["id"]):   # not `match`: "$" would let a final newline through
        col.problems.append(f"{where}: /id: {rec['id']!r} is not a record id (16 hex digits)")
        return
    try:
        _add_record(rec, where, col)
    except RECORD_SHAPE_ERRORS as e:
        from .validate import malformed   # jsonschema only when a record is broken
        col.problems += malformed(where, rec, e)


def _names(entities) -> tuple[str, ...]:
    return tuple(e["name"] for e in entities or [] if isinstance(e, dict) and isinstance(e.get("name"), str))


def _add_record(rec: dict, where: str, col: Collection) -> None:
    rows = rec.get("leaderboard") or []
    if not isinstance(rows, list):
        col.problems.append(f"{where}: /leaderboard: not a list")
        return
    if not rows:
        return
    entries = []
    for i, raw in enumerate(rows):
        try:
            row = LeaderboardRow.model_validate(raw)
        except ValidationError as e:
            err = e.errors()[0]
            loc = "/".join(str(x) for x in err["loc"])
            col.problems.append(f"{where}: /leaderboard/{i}{'/' + loc if loc else ''}: {err['msg']}")
            continue
        if not math.isfinite(row.value):
            col.problems.append(f"{where}: /leaderboard/{i}/value: not a finite number")
            continue
        kind = row.kind or _result_kind(rec, row.result_index)
        if kind not in LEADERBOARD_KINDS:
            continue  # a count or setting in a record written before rows carried their kind
        # records written before rows carried canonical names get them here
        dataset_canonical, metric_canonical = row_canonicals(row.dataset, row.metric, split=row.split,
                                                             dataset_canonical=row.dataset_canonical,
                                                             setting=row.setting)
        entries.append(Entry(row.dataset, row.metric, row.subject, row.value, row.unit, row.qualifier,
                             row.result_index, rec["id"], kind, row.baseline if kind != "score" else None,
                             row.uncertainty, dataset_canonical, row.metric_canonical or metric_canonical,
                             row.split, row.setting, row.confidence))
    if not entries:
        return
    try:
        source = Source.model_validate((rec.get("sources") or [None])[0])
    except ValidationError:
        col.problems.append(f"{where}: /sources/0: missing or malformed")
        return
    urls = [u for u in rec.get("urls") or [] if isinstance(u, dict) and isinstance(u.get("url"), str)]
    col.papers[rec["id"]] = Paper(
        record_id=rec["id"], source=source,
        title=rec.get("title") if isinstance(rec.get("title"), str) else None,
        venue=rec.get("venue") if isinstance(rec.get("venue"), str) else None,
        year=rec.get("year") if isinstance(rec.get("year"), int) else None,
        tasks=_names(rec.get("tasks")),
        code_links=tuple(u["url"] for u in urls if u.get("kind") == "code"),
        model_links=tuple(u["url"] for u in urls if u.get("kind") == "model"))
    col.entries += entries


def _result_kind(rec: dict, index: int) -> str:
    """The `kind` of the record's result `index` (a row without one is read as a score)."""
    results = rec.get("results")
    if isinstance(results, list) and index < len(results) and isinstance(results[index], dict):
        kind = results[index].get("kind")
        if isinstance(kind, str):
            return kind
    return "score"


# ---------------------------------------------------------------- tables

def _spelling(names: Iterable[str]) -> str:
    """The most frequent spelling; ties go to the first in code-point order."""
    counts = Counter(names)
    return min(counts, key=lambda s: (-counts[s], s))


def _better_first(e: Entry, lower: bool) -> tuple:
    """Sort key: best value first; a qualifier that makes the value better ranks it higher."""
    shift = _QUALIFIER_SHIFT.get(e.qualifier, 0)
    return (e.value, shift) if lower else (-e.value, -shift)


def _tie_break(e: Entry) -> tuple:
    return (group_key(e.subject), e.subject, e.record_id, e.result_index)


@dataclass
class Table:
    """One leaderboard: the rows of one (dataset, metric), best first."""

    dataset: str
    metric: str
    lower_is_better: bool
    entries: list[Entry]

    def ranks(self) -> list[int]:
        """Competition ranks (1, 2, 2, 4): equal values with equal qualifiers share a rank."""
        out: list[int] = []
        for i, e in enumerate(self.entries):
            if i and _better_first(e, self.lower_is_better) == _better_first(self.entries[i - 1],
                                                                             self.lower_is_better):
                out.append(out[-1])
            else:
                out.append(i + 1)
        return out


@dataclass
class Improvements:
    """The reported improvements of one (dataset, metric): deltas and ratios, each with its
    baseline; listed by kind, unit and size of the change, never ranked."""

    dataset: str
    metric: str
    lower_is_better: bool
    entries: list[Entry]


def _groups(entries: list[Entry]) -> tuple[dict[tuple[str, str], list[Entry]], dict[str, str], dict[str, str]]:
    """Entries by (canonical dataset key, canonical metric key), and the spelling shown for each
    key: the most frequent canonical name over all rows, scores and improvements alike, so a name
    reads the same in each table; the metric's direction comes from that canonical name."""
    groups: dict[tuple[str, str], list[Entry]] = {}
    datasets: dict[str, list[str]] = {}
    metrics: dict[str, list[str]] = {}
    for e in entries:
        dname, mname = e.dataset_canonical or e.dataset, e.metric_canonical or e.metric
        dk, mk = group_key(dname), group_key(mname)
        groups.setdefault((dk, mk), []).append(e)
        datasets.setdefault(dk, []).append(dname)
        metrics.setdefault(mk, []).append(mname)
    return (groups, {k: _spelling(v) for k, v in datasets.items()},
            {k: _spelling(v) for k, v in metrics.items()})


def _table_order(t) -> tuple:
    return (group_key(t.dataset), t.dataset, group_key(t.metric), t.metric)


def build_tables(entries: Iterable[Entry]) -> list[Table]:
    """One table per (dataset, metric) group of the score rows, sorted by dataset then metric
    (deltas and ratios are `build_improvements`'). A name is shown in its most frequent spelling
    over all rows, so one dataset reads the same in each table."""
    groups, datasets, metrics = _groups(list(entries))
    tables = []
    for (dk, mk), rows in groups.items():
        rows = [e for e in rows if e.kind == "score"]
        if not rows:
            continue
        lower = lower_is_better(metrics[mk])
        rows.sort(key=lambda e: (_better_first(e, lower), _tie_break(e)))
        tables.append(Table(datasets[dk], metrics[mk], lower, rows))
    return sorted(tables, key=_table_order)


_KIND_ORDER = {"delta": 0, "ratio": 1}


def build_improvements(entries: Iterable[Entry]) -> list[Improvements]:
    """One list per (dataset, metric) group of the delta and ratio rows, sorted by dataset then
    metric; rows by kind (deltas, then ratios), unit, and the largest change first."""
    groups, datasets, metrics = _groups(list(entries))
    out = []
    for (dk, mk), rows in groups.items():
        rows = [e for e in rows if e.kind in _KIND_ORDER]
        if not rows:
            continue
        rows.sort(key=lambda e: (_KIND_ORDER[e.kind], e.unit or "", -e.value, _tie_break(e)))
        out.append(Improvements(datasets[dk], metrics[mk], lower_is_better(metrics[mk]), rows))
    return sorted(out, key=_table_order)


# ---------------------------------------------------------------- formatting

def number_text(v: float) -> str:
    """52.56 -> '52.56', 30.0 -> '30', 2e10 -> '20000000000'; shortest round-trip otherwise."""
    if v == int(v) and abs(v) < 1e16:
        return str(int(v))
    return repr(float(v))


def spread_text(value: float, uncertainty: Optional[float]) -> str:
    """The number with its spread when the paper gives one: '85.3 ± 0.4', else '85.3'."""
    num = number_text(value)
    return f"{num} ± {number_text(uncertainty)}" if uncertainty is not None else num


def value_text(e: Entry) -> str:
    """The value with its qualifier and without unit: '52.56', '< 30', 'up to 8', '85.3 ± 0.4'."""
    num = spread_text(e.value, e.uncertainty)
    return f"{e.qualifier} {num}" if e.qualifier else num


def display_text(e: Entry) -> str:
    """The value with qualifier, unit and a generic split: '52.56 %', '< 30 %', '2.5 x', '76.1 %
    (validation)' (a named split is in the table's dataset: 'COCO test-dev')."""
    text = f"{value_text(e)} {e.unit}" if e.unit else value_text(e)
    return f"{text} ({e.split})" if e.split and split_kind(e.split) == "generic" else text


def confidence_text(c: Optional[float]) -> str:
    """A row's confidence as shown: '0.92', '' when unknown."""
    return "" if c is None else f"{c:.2f}"


def source_text(p: Paper) -> str:
    return f"{p.source.path}#{p.source.index}"


def _md_cell(s) -> str:
    s = "" if s is None else str(s)
    return " ".join(s.split()).replace("|", "\\|")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _paper_cell(e: Entry, p: Paper) -> str:
    """The paper a row comes from: record id, title, venue and year where known."""
    where = " ".join(str(x) for x in (p.venue, p.year) if x)
    return f"`{e.record_id}`" + (f" {_md_cell(p.title)}" if p.title else "") + (f" ({_md_cell(where)})" if where else "")


def to_markdown(tables: list[Table], papers: dict[str, Paper], improvements: Iterable[Improvements] = ()) -> str:
    improvements = list(improvements)
    n_rows = sum(len(t.entries) for t in tables)
    n_papers = len({e.record_id for t in tables for e in t.entries})
    lines = ["# Leaderboards", "",
             f"{_plural(len(tables), 'table')}, {_plural(n_rows, 'row')} "
             f"from {_plural(n_papers, 'paper')}. Values are as the abstracts state them: "
             f"`< 30 %` is a bound, not a score of 30. Only scores are ranked; changes against a baseline "
             f"(deltas, ratios) are under Reported improvements."]
    for t in tables:
        lines += ["", f"## {_md_cell(t.dataset)} · {_md_cell(t.metric)}", "",
                  f"{'lower' if t.lower_is_better else 'higher'} is better", "",
                  "| rank | subject | value | qualifier | unit | confidence | paper | source |",
                  "|---:|---|---:|---|---|---:|---|---|"]
        for rank, e in zip(t.ranks(), t.entries):
            p = papers[e.record_id]
            lines.append(f"| {rank} | {_md_cell(e.subject)} | {_md_cell(display_text(e))} | "
                         f"{_md_cell(e.qualifier)} | {_md_cell(e.unit)} | {confidence_text(e.confidence)} | "
                         f"{_paper_cell(e, p)} | {_md_cell(source_text(p))} |")
    if improvements:
        n_rows = sum(len(t.entries) for t in improvements)
        lines += ["", "# Reported improvements", "",
                  f"{_plural(len(improvements), 'table')}, {_plural(n_rows, 'row')}: changes the abstracts "
                  f"report against a baseline (a delta such as `+0.16 %`, a ratio such as `2.1 x`), not "
                  f"ranked, as a change depends on what it is measured against."]
        for t in improvements:
            lines += ["", f"## {_md_cell(t.dataset)} · {_md_cell(t.metric)}", "",
                      "| subject | baseline | change | kind | qualifier | unit | confidence | paper | source |",
                      "|---|---|---:|---|---|---|---:|---|---|"]
            for e in t.entries:
                p = papers[e.record_id]
                lines.append(f"| {_md_cell(e.subject)} | {_md_cell(e.baseline)} | {_md_cell(display_text(e))} | "
                             f"{e.kind} | {_md_cell(e.qualifier)} | {_md_cell(e.unit)} | "
                             f"{confidence_text(e.confidence)} | {_paper_cell(e, p)} | {_md_cell(source_text(p))} |")
    return "\n".join(lines) + "\n"


CSV_COLUMNS = ["dataset", "metric", "lower_is_better", "rank", "subject", "value", "qualifier", "unit",
               "record_id", "source_path", "source_index", "title", "venue", "year", "result_index",
               "kind", "baseline", "split", "setting", "confidence"]


def to_csv(tables: list[Table], papers: dict[str, Paper], improvements: Iterable[Improvements] = ()) -> str:
    """One flat table; `value` holds the qualifier too ('< 30'), never a bare number for it.
    Score rows first, ranked; then the reported improvements (kind delta or ratio, with their
    baseline), whose `rank` is empty."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for t, ranks in [(t, t.ranks()) for t in tables] + [(t, [""] * len(t.entries)) for t in improvements]:
        for rank, e in zip(ranks, t.entries):
            p = papers[e.record_id]
            w.writerow([t.dataset, t.metric, str(t.lower_is_better).lower(), rank, e.subject, value_text(e),
                        e.qualifier or "", e.unit or "", e.record_id, p.source.path, p.source.index,
                        p.title or "", p.venue or "", "" if p.year is None else p.year, e.result_index,
                        e.kind, e.baseline or "", e.split or "", e.setting or "", confidence_text(e.confidence)])
    return buf.getvalue()


def to_evaluation_tables(tables: list[Table], papers: dict[str, Paper]) -> EvaluationTables:
    """The Papers with Code form: tasks -> datasets -> sota {metrics, rows}."""
    by_dataset: dict[str, list[Table]] = {}
    for t in tables:
        by_dataset.setdefault(group_key(t.dataset), []).append(t)
    tasks: dict[str, list[tuple[str, Dataset]]] = {}
    task_names: dict[str, list[str]] = {}
    for tabs in by_dataset.values():
        dataset = tabs[0].dataset  # the same spelling in every table of this dataset
        ds = Dataset(dataset=dataset, sota=_sota(tabs, papers))
        task = _task_of(tabs, papers)
        tasks.setdefault(group_key(task), []).append((group_key(dataset), ds))
        task_names.setdefault(group_key(task), []).append(task)
    out = []
    for key in sorted(tasks):
        out.append(Task(task=_spelling(task_names[key]),
                        datasets=[ds for _, ds in sorted(tasks[key], key=lambda x: (x[0], x[1].dataset))]))
    return EvaluationTables(out)


def _task_of(tabs: list[Table], papers: dict[str, Paper]) -> str:
    """The task the papers of these tables name most often (each paper counted once)."""
    names: list[str] = []
    for rid in sorted({e.record_id for t in tabs for e in t.entries}):
        names += list(dict.fromkeys(papers[rid].tasks))
    if not names:
        return UNSPECIFIED_TASK
    counts = Counter(group_key(n) for n in names)
    best = min(counts, key=lambda k: (-counts[k], k))
    return _spelling(n for n in names if group_key(n) == best)


def _sota(tabs: list[Table], papers: dict[str, Paper]) -> Sota:
    # columns: the metric with most rows first
    tabs = sorted(tabs, key=lambda t: (-len(t.entries), group_key(t.metric), t.metric))
    metrics = [t.metric for t in tabs]
    direction = {t.metric: t.lower_is_better for t in tabs}
    rows: list[dict] = []        # {"rid", "subject", "cells": {metric: Entry}}
    open_rows: dict[tuple[str, str], list[dict]] = {}
    cells = sorted(((t.metric, e) for t in tabs for e in t.entries),
                   key=lambda me: (me[1].record_id, me[1].result_index, me[1].subject, me[0]))
    for metric, e in cells:
        slot = next((r for r in open_rows.get((e.record_id, e.subject), []) if metric not in r["cells"]), None)
        if slot is None:
            slot = {"rid": e.record_id, "subject": e.subject, "cells": {}}
            rows.append(slot)
            open_rows.setdefault((e.record_id, e.subject), []).append(slot)
        slot["cells"][metric] = e

    def key(r):
        parts = tuple((0, _better_first(r["cells"][m], direction[m])) if m in r["cells"] else (1,)
                      for m in metrics)
        first = next(iter(sorted(r["cells"].values(), key=lambda e: e.result_index)))
        return parts + (_tie_break(first),)

    out = []
    for r in sorted(rows, key=key):
        p = papers[r["rid"]]
        ordered = [m for m in metrics if m in r["cells"]]
        c = r["cells"]
        out.append(SotaRow(
            model_name=r["subject"], paper_title=p.title or "",
            code_links=[Link(title="code", url=u) for u in p.code_links],
            model_links=[Link(title="model", url=u) for u in p.model_links],
            metrics={m: value_text(c[m]) for m in ordered},
            record_id=p.record_id, source=p.source, venue=p.venue, year=p.year,
            values={m: c[m].value for m in ordered}, units={m: c[m].unit for m in ordered},
            qualifiers={m: c[m].qualifier for m in ordered},
            result_indices={m: c[m].result_index for m in ordered},
            confidences={m: c[m].confidence for m in ordered}))
    return Sota(metrics=metrics, rows=out, is_loss=direction)


def to_json(tables: list[Table], papers: dict[str, Paper], improvements: Iterable[Improvements] = ()) -> str:
    """Papers with Code's shape: scores only (improvements have no place in its tables)."""
    data = to_evaluation_tables(tables, papers).model_dump(mode="json")
    return orjson.dumps(data, option=orjson.OPT_INDENT_2).decode("utf-8") + "\n"


RENDERERS = {"md": to_markdown, "csv": to_csv, "json": to_json}


@dataclass
class Filters:
    """Which rows and tables to show: rows the link scorer is at least `min_confidence` sure of (a
    row of unknown confidence then is left out); tables of a dataset and a metric (case, spaces,
    hyphens and punctuation aside, matched against the canonical name or any spelling in the
    table) with at least `min_rows` rows (counted after the confidence filter)."""

    dataset: Optional[str] = None
    metric: Optional[str] = None
    min_rows: int = 1
    min_confidence: Optional[float] = None

    def admits(self, e: Entry) -> bool:
        return self.min_confidence is None or (e.confidence is not None and e.confidence >= self.min_confidence)

    def keep(self, t) -> bool:
        def match(want, shown, names):
            return want is None or group_key(want) in {group_key(shown)} | {group_key(n) for n in names}
        return (len(t.entries) >= self.min_rows
                and match(self.dataset, t.dataset, [e.dataset for e in t.entries])
                and match(self.metric, t.metric, [e.metric for e in t.entries]))


def render(col: Collection, fmt: str, filters: Optional[Filters] = None) -> str:
    """The leaderboards of a collection in one format (md, csv or json), filtered."""
    f = filters or Filters()
    entries = [e for e in col.entries if f.admits(e)]
    tables = [t for t in build_tables(entries) if f.keep(t)]
    improvements = [t for t in build_improvements(entries) if f.keep(t)]
    return RENDERERS[fmt](tables, col.papers, improvements)


def format_for(out: Optional[str], fmt: Optional[str]) -> str:
    """The format asked for, else the one the output name's suffix names, else markdown."""
    if fmt:
        fmt = fmt.lower().lstrip(".")
        fmt = {"markdown": "md"}.get(fmt, fmt)
        if fmt not in FORMATS:
            raise ValueError(f"unknown format {fmt!r}: choose one of {', '.join(FORMATS)}")
        return fmt
    suffix = Path(out).suffix.lower().lstrip(".") if out and out != "-" else ""
    return {"markdown": "md"}.get(suffix, suffix) if suffix in FORMATS + ("markdown",) else "md"
