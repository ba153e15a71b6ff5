"""`extractors export`: records as flat tables for pandas, DuckDB, Spark or a spreadsheet.

`export(inputs, out_dir, fmt)` reads the records under `inputs` (folders are searched for
``records.jsonl``, as `leaderboard` does; a record read twice is exported once) and writes five
tables into `out_dir`, as Parquet (pyarrow) or CSV (standard library), one row group or CSV line
per row, streamed in batches (memory stays flat):

- ``papers``: one row per record (id, key, title, venue, year, counts);
- ``sources``: one row per place a record was read (id, path, index, line, key);
- ``entities``: one row per entity of any type (record id, type, name, canonical when the record
  has one, role, first mention, number of mentions, the entity typer's confidence);
- ``results``: one row per reported number (record id, its index, value, unit, kind, qualifier,
  metric, subject, dataset, span, the link scorer's confidence in each of its three links);
- ``leaderboard``: one row per leaderboard row (record id, subject, dataset, metric, value, unit,
  qualifier, result index, confidence).

Column names and types are `TABLES` (README "Export"); the same records give byte-identical CSV,
and Parquet files with the same rows. Lines that cannot be read are reported and skipped
(`Export.problems`); the tables then hold every other record.
"""
from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Optional, Union

from .models import ENTITY_FIELDS
from .recordfiles import RECORD_SHAPE_ERRORS, Reading, record_files, unique_records

FORMATS = ("parquet", "csv")
BATCH = 10_000          # rows buffered per table before they are written

# table -> [(column, type)]; types: string, int64, float64 (every column may be null)
TABLES: dict[str, list[tuple[str, str]]] = {
    "papers": [("id", "string"), ("key", "string"), ("title", "string"), ("venue", "string"),
               ("year", "int64"), ("sources", "int64"), ("text_chars", "int64")]
              + [(f, "int64") for f in ENTITY_FIELDS]
              + [("acronyms", "int64"), ("results", "int64"), ("bounds", "int64"), ("urls", "int64"),
                 ("leaderboard", "int64")],
    "sources": [("record_id", "string"), ("path", "string"), ("index", "int64"), ("line", "int64"),
                ("key", "string")],
    "entities": [("record_id", "string"), ("type", "string"), ("name", "string"),
                 ("canonical", "string"), ("role", "string"), ("mentions", "int64"),
                 ("first_start", "int64"), ("first_end", "int64"), ("first_text", "string"),
                 ("confidence", "float64")],
    "results": [("record_id", "string"), ("result_index", "int64"), ("value", "float64"),
                ("unit", "string"), ("kind", "string"), ("qualifier", "string"), ("metric", "string"),
                ("subject", "string"), ("dataset", "string"), ("span_start", "int64"),
                ("span_end", "int64"), ("span_text", "string"), ("confidence_metric", "float64"),
                ("confidence_subject", "float64"), ("confidence_dataset", "float64")],
    "leaderboard": [("record_id", "string"), ("subject", "string"), ("dataset", "string"),
                    ("metric", "string"), ("value", "float64"), ("unit", "string"),
                    ("qualifier", "string"), ("result_index", "int64"), ("confidence", "float64")],
}
# entity field -> the type named in the entities table
ENTITY_TYPE = {"methods": "method", "models": "model", "datasets": "dataset",
               "benchmarks": "benchmark", "metrics": "metric", "tasks": "task"}


class ExportError(Exception):
    """The export cannot be done (no records, pyarrow missing for Parquet)."""


@dataclass
class Export:
    """What an export wrote: rows per table, records read, duplicates skipped, problems."""

    rows: dict = field(default_factory=lambda: {t: 0 for t in TABLES})
    records: int = 0
    duplicates: int = 0
    problems: list = field(default_factory=list)
    files: list = field(default_factory=list)


def rows_of(rec: dict) -> dict[str, list[tuple]]:
    """The rows one record gives to each table (tuples in `TABLES` column order)."""
    rid = rec.get("id")
    sources = _items(rec, "sources")
    key = next((s.get("key") for s in sources if isinstance(s, dict) and s.get("key") is not None), None)
    counts = [len(_items(rec, f)) for f in ENTITY_FIELDS]
    out: dict[str, list[tuple]] = {t: [] for t in TABLES}
    out["papers"].append((rid, key, rec.get("title"), rec.get("venue"), rec.get("year"), len(sources),
                          len(_text(rec)), *counts,
                          *(len(_items(rec, f)) for f in ("acronyms", "results", "bounds", "urls",
                                                         "leaderboard"))))
    for s in sources:
        out["sources"].append((rid, s.get("path"), s.get("index"), s.get("line"), s.get("key")))
    for f in ENTITY_FIELDS:
        for e in _items(rec, f):
            mentions = _items(e, "mentions")
            first = min(mentions, key=lambda m: (m.get("start", 0), m.get("end", 0))) if mentions else {}
            out["entities"].append((rid, ENTITY_TYPE[f], e.get("name"), e.get("canonical"), e.get("role"),
                                    len(mentions), first.get("start"), first.get("end"), first.get("text"),
                                    e.get("confidence")))
    for i, r in enumerate(_items(rec, "results")):
        span = r.get("span") or {}
        conf = r.get("confidence") if isinstance(r.get("confidence"), dict) else {}
        out["results"].append((rid, i, r.get("value"), r.get("unit"), r.get("kind"), r.get("qualifier"),
                               r.get("metric"), r.get("subject"), r.get("dataset"), span.get("start"),
                               span.get("end"), span.get("text"), conf.get("metric"), conf.get("subject"),
                               conf.get("dataset")))
    for row in _items(rec, "leaderboard"):
        out["leaderboard"].append((rid, row.get("subject"), row.get("dataset"), row.get("metric"),
                                   row.get("value"), row.get("unit"), row.get("qualifier"),
                                   row.get("result_index"), row.get("confidence")))
    return out


def _items(obj: dict, key: str) -> list:
    """The list `obj[key]` (empty when absent or null); TypeError when it is something else."""
    value = obj.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise TypeError(f"{key}: not a list")
    return value


def _text(rec: dict) -> str:
    text = rec.get("text")
    if not isinstance(text, str):
        raise TypeError("text: not a string")
    return text


#: the Python values a column of each type holds (besides None)
_COLUMN_VALUES = {"string": (str,), "int64": (int,), "float64": (int, float)}


def _typed(tables_rows: dict[str, list[tuple]]) -> tuple[dict[str, list[tuple]], Optional[str]]:
    """The rows of one record with each value of the type its column declares (`TABLES`), and
    None; or the rows and why one value cannot be (a `title` that is a list, a `year` past int64).
    A whole float in an int64 column becomes an int (JSON Schema counts 2021.0 an integer)."""
    out: dict[str, list[tuple]] = {}
    for t, rows in tables_rows.items():
        typed = []
        for row in rows:
            values = list(row)
            for i, (value, (column, typ)) in enumerate(zip(row, TABLES[t])):
                if typ == "int64" and isinstance(value, float) and value.is_integer() and -2**63 <= value < 2**63:
                    value = values[i] = int(value)
                if value is not None and (isinstance(value, bool) or not isinstance(value, _COLUMN_VALUES[typ])
                                          or typ == "int64" and not -2**63 <= value < 2**63):
                    return tables_rows, f"{t}.{column}: {value!r} is not {typ}"
            typed.append(tuple(values))
        out[t] = typed
    return out, None


def _records(inputs: Iterable[Union[str, Path]], res: Export) -> Iterator[tuple[str, dict]]:
    reading = Reading()
    yield from unique_records(inputs, reading)
    res.files += reading.files
    res.records += reading.records
    res.duplicates += reading.duplicates
    res.problems += reading.problems


class _CsvTable:
    def __init__(self, path: Path, columns: list[tuple[str, str]]) -> None:
        from .writers import AtomicFile
        self.file = AtomicFile(path)
        self.text = io.TextIOWrapper(_Sink(self.file), encoding="utf-8", newline="", write_through=True)
        self.writer = csv.writer(self.text, lineterminator="\n")
        self.writer.writerow([c for c, _ in columns])

    def add(self, rows: list[tuple]) -> None:
        self.writer.writerows([["" if v is None else _csv_value(v) for v in row] for row in rows])

    def close(self, ok: bool) -> None:
        self.text.flush()
        self.file.commit() if ok else self.file.abort()


def _csv_value(v):
    if isinstance(v, float):
        return repr(v) if math.isfinite(v) else ""
    return v


class _Sink(io.RawIOBase):
    """A writable raw stream over an AtomicFile (for TextIOWrapper)."""

    def __init__(self, f) -> None:
        self.f = f

    def writable(self) -> bool:
        return True

    def write(self, b) -> int:
        self.f.write(bytes(b))
        return len(b)

    def close(self) -> None:   # the AtomicFile is committed or aborted by its owner
        pass


class _ParquetTable:
    def __init__(self, path: Path, columns: list[tuple[str, str]]) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq
        from .writers import AtomicFile
        self.pa = pa
        types = {"string": pa.string(), "int64": pa.int64(), "float64": pa.float64()}
        self.schema = pa.schema([(c, types[t]) for c, t in columns])
        self.file = AtomicFile(path)
        self.writer = pq.ParquetWriter(self.file.fh, self.schema)
        self.empty = True

    def add(self, rows: list[tuple]) -> None:
        cols = list(zip(*rows)) if rows else [[] for _ in self.schema]
        arrays = [self.pa.array(list(c), type=f.type, from_pandas=False)
                  for c, f in zip(cols, self.schema)]
        self.writer.write_table(self.pa.Table.from_arrays(arrays, schema=self.schema))
        self.empty = False

    def close(self, ok: bool) -> None:
        if ok and self.empty:
            self.add([])           # a table with no rows still has its columns
        self.writer.close()
        self.file.commit() if ok else self.file.abort()


def export(inputs: Iterable[Union[str, Path]], out_dir: Union[str, Path], fmt: str = "parquet") -> Export:
    """Write the tables of the records under `inputs` into `out_dir` (``<table>.parquet`` or
    ``<table>.csv``). Raises `NoRecords` (from recordfiles) when an input holds no record file,
    `ExportError` when Parquet is asked for without pyarrow."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}: expected {' or '.join(FORMATS)}")
    if fmt == "parquet":
        try:
            import pyarrow  # noqa: F401
            import pyarrow.parquet  # noqa: F401
        except ImportError:
            raise ExportError("--format parquet needs pyarrow: pip install 'extractors[parquet]' "
                              "(or use --format csv)") from None
    inputs = list(inputs)
    record_files(inputs)                      # NoRecords before any output is touched
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    res = Export()
    kind = _ParquetTable if fmt == "parquet" else _CsvTable
    tables = {t: kind(out_dir / f"{t}.{fmt}", cols) for t, cols in TABLES.items()}
    buffers: dict[str, list[tuple]] = {t: [] for t in TABLES}
    ok = False
    try:
        for where, rec in _records(inputs, res):
            try:
                tables_rows, wrong = _typed(rows_of(rec))
            except RECORD_SHAPE_ERRORS as e:
                from .validate import malformed   # jsonschema only when a record is broken
                res.problems += malformed(where, rec, e)
                continue
            if wrong:
                res.problems.append(f"{where}: {wrong}")
                continue
            for t, rows in tables_rows.items():
                buf = buffers[t]
                buf.extend(rows)
                res.rows[t] += len(rows)
                if len(buf) >= BATCH:
                    tables[t].add(buf)
                    buffers[t] = []
        for t, buf in buffers.items():
            if buf:
                tables[t].add(buf)
        ok = True
    finally:
        for table in tables.values():
            table.close(ok)
    return res
