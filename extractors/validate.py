"""Validation of record files: the JSON Schema plus what a schema cannot express.

Checks each record against `schemas/record.schema.json` (jsonschema, draft 2020-12), then:
every span's `text` equals `text[start:end]` with 0 <= start <= end <= len(text); the id is the
hash of the text; every leaderboard row points at an existing result with the same value and
kind (only scores, deltas and ratios make rows), and only a delta or ratio row names a baseline;
a row's `confidence` is the product of its result's three link confidences (rounded to 3 places);
a result's `range_with` points at another result that points back.
Each violation is reported as ``file:line: /json/pointer: message``.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from jsonschema import Draft202012Validator

from .models import LinkConfidence, record_id, record_schema
from .recordfiles import BadLine, NoRecords, read_objects, record_files


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    return Draft202012Validator(record_schema())


def _pointer(parts) -> str:
    return "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in parts) if parts else ""


def _spans(obj, path) -> Iterator[tuple[list, dict]]:
    if isinstance(obj, dict):
        if {"start", "end", "text"} <= obj.keys() and path and path[-1] != "text":
            yield path, obj
        for k, v in obj.items():
            if k != "text" or not path:
                yield from _spans(v, path + [k])
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _spans(v, path + [i])


def check_record(rec) -> Iterator[tuple[str, str]]:
    """(json pointer, message) for every violation in one record."""
    errors = sorted(_validator().iter_errors(rec), key=lambda e: list(map(str, e.absolute_path)))
    for e in errors:
        yield _pointer(list(e.absolute_path)), e.message
    if errors or not isinstance(rec, dict):
        return
    text = rec["text"]
    if rec["id"] != record_id(text):
        yield "/id", f"id {rec['id']} is not the hash of the text (expected {record_id(text)})"
    for path, span in _spans({k: v for k, v in rec.items() if k != "text"}, []):
        s, e = span["start"], span["end"]
        if not (0 <= s <= e <= len(text)):
            yield _pointer(path), f"span [{s}, {e}) outside the text (length {len(text)})"
        elif text[s:e] != span["text"]:
            yield _pointer(path + ["text"]), f"span text {span['text']!r} != text[{s}:{e}] {text[s:e]!r}"
    results = rec.get("results", [])
    for i, r in enumerate(results):
        k = r.get("range_with")
        if k is None:
            continue
        if k >= len(results) or k == i:
            yield f"/results/{i}/range_with", f"points at result {k}, but there are {len(results)} (and it is {i})"
        elif results[k].get("range_with") != i:
            yield f"/results/{i}/range_with", f"result {k} does not point back (its range_with is " \
                                              f"{results[k].get('range_with')})"
    for i, row in enumerate(rec.get("leaderboard", [])):
        k = row["result_index"]
        if k >= len(results):
            yield f"/leaderboard/{i}/result_index", f"points at result {k}, but there are {len(results)}"
        elif results[k]["value"] != row["value"]:
            yield f"/leaderboard/{i}/value", f"value {row['value']} != results[{k}].value {results[k]['value']}"
        elif row.get("kind") is not None and row["kind"] != results[k].get("kind", "score"):
            yield f"/leaderboard/{i}/kind", f"kind {row['kind']} != results[{k}].kind {results[k].get('kind', 'score')}"
        if row.get("baseline") is not None and row.get("kind") not in ("delta", "ratio"):
            yield f"/leaderboard/{i}/baseline", f"a baseline on a {row.get('kind') or 'row without kind'}: " \
                                                f"only a delta or ratio improves on one"
        if row.get("confidence") is not None and k < len(results):
            links = LinkConfidence.model_validate(results[k].get("confidence") or {})
            if links.row() != row["confidence"]:
                yield f"/leaderboard/{i}/confidence", f"confidence {row['confidence']} is not the product of " \
                    f"results[{k}].confidence's metric, subject and dataset {[links.metric, links.subject, links.dataset]}"


def record_problems(where: str, rec) -> list[str]:
    """One line per violation in one record: ``where: /json/pointer: message``."""
    return [f"{where}: {ptr or '/'}: {msg}" for ptr, msg in check_record(rec)]


def malformed(where: str, rec, error: BaseException) -> list[str]:
    """The problem lines of a record whose reading raised `error` (one of
    `recordfiles.RECORD_SHAPE_ERRORS`): the ways it breaks the record schema. A record that breaks
    nothing re-raises `error`: then the code that read it is wrong, not the record."""
    problems = record_problems(where, rec)
    if not problems:
        raise error
    return problems


def malformed_records(records: list, where, error: BaseException, shown: int) -> str:
    """One message for a set of records whose reading raised `error`: the first `shown` problem
    lines over all of them (`where(n)` locates the n-th record, from 1) and how many more. Like
    `malformed`, re-raises `error` when every record is well-formed."""
    problems = [p for n, rec in enumerate(records, 1) for p in record_problems(where(n), rec)]
    if not problems:
        raise error
    more = f" (and {len(problems) - shown} more)" if len(problems) > shown else ""
    return "; ".join(problems[:shown]) + more


def validate_paths(paths) -> Iterator[str]:
    """Every violation in the record files (or folders of records.jsonl) named; a path that names
    no record file is a violation too (a check that read nothing must not pass)."""
    try:
        files = record_files(paths)
    except NoRecords as e:
        yield f"{e}"
        return
    for f in files:
        try:
            objects = list(read_objects(f))
        except OSError as e:
            yield f"{f}:0: : cannot read: {e.strerror or e}"
            continue
        if not objects:
            yield f"{f}:0: : no records in this file"
        for n, rec in objects:
            if isinstance(rec, BadLine):
                yield f"{f}:{n}: : {rec}"
                continue
            yield from record_problems(f"{f}:{n or 1}", rec)
