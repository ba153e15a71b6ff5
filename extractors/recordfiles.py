"""Record files: which files hold records, and how their lines are read (one definition for
`validate`, `eval`, `report` and `leaderboard`).

A path named on the command line is read whatever its name; a folder is searched recursively
for ``records.jsonl`` files (hidden files and folders skipped, sorted). JSON Lines are split at
``\\n`` bytes only: U+2028, U+2029 and U+0085 are ordinary characters inside a JSON string (as
in every JSON parser), never line ends (``str.splitlines`` would cut a record there). A ``.json``
file holds one record or a list of them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Optional, Union

import orjson

RECORD_FILE = "records.jsonl"


class NoRecords(Exception):
    """An input names nothing to read (missing path, folder without records.jsonl)."""


def record_files(inputs: Iterable[Union[str, Path]]) -> list[Path]:
    """Record files named, and `records.jsonl` files below folders named (sorted, hidden skipped).
    Raises `NoRecords` for a path that does not exist or a folder that holds no record file."""
    out: list[Path] = []
    for raw in inputs:
        p = Path(raw)
        if p.is_dir():
            found = sorted(_below(p))
            if not found:
                raise NoRecords(f"{raw}: no {RECORD_FILE} in this folder or below")
            out += found
        elif p.exists():
            out.append(p)
        else:
            raise NoRecords(f"{raw}: no such file or folder")
    return out


def _below(top: Path) -> Iterator[Path]:
    """`records.jsonl` files under `top`, found by the one folder walk inputs use
    (`readers.expand`: any depth, hidden files skipped, link loops and special files passed over)."""
    from .readers import expand
    for entry in expand([str(top)]):
        if isinstance(entry, tuple) and entry[0].name == RECORD_FILE:
            yield entry[0]


Parsed = Union[object, "BadLine"]


class BadLine(str):
    """The reason a line could not be read as JSON (a str, so it prints as the message)."""


#: what code that reads a record's fields raises when the record breaks the schema (a number
#: where a list belongs, a list where an object does): `validate.malformed` turns it into
#: problem lines that say where
RECORD_SHAPE_ERRORS = (TypeError, AttributeError, KeyError, IndexError, ValueError)


def read_objects(path: Path) -> Iterator[tuple[Optional[int], Parsed]]:
    """(line number, parsed object or `BadLine`) for each record of a file: JSON Lines streamed
    and split at ``\\n`` only; a ``.json`` file parsed whole (line None). Raises OSError when the
    file cannot be opened."""
    path = Path(path)
    if path.suffix.lower() == ".json":
        try:
            data = orjson.loads(path.read_bytes())
        except orjson.JSONDecodeError as e:
            yield 1, BadLine(f"not JSON: {e}")
            return
        for obj in data if isinstance(data, list) else [data]:
            yield None, obj
        return
    with open(path, "rb") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                yield n, orjson.loads(line)
            except orjson.JSONDecodeError as e:
                yield n, BadLine(f"not JSON: {e}")


@dataclass
class Reading:
    """What reading record files found besides the records: files read, records read (duplicates
    included), duplicates skipped, and one message per unreadable line (``file:line: reason``)."""

    files: list = field(default_factory=list)
    records: int = 0
    duplicates: int = 0
    problems: list = field(default_factory=list)


def unique_records(inputs: Iterable[Union[str, Path]], reading: Reading) -> Iterator[tuple[str, dict]]:
    """(``file:line``, record) for every record under `inputs`, each id once (the first read); what
    is not a record goes to `reading.problems`. Raises `NoRecords` as `record_files` does."""
    seen: set[str] = set()
    for path in record_files(inputs):
        reading.files.append(path.as_posix())
        try:
            for n, obj in read_objects(path):
                where = f"{path.as_posix()}:{n}" if n else path.as_posix()
                if isinstance(obj, BadLine):
                    reading.problems.append(f"{where}: malformed JSON: {obj[len('not JSON: '):]}")
                elif not isinstance(obj, dict) or not isinstance(obj.get("id"), str):
                    reading.problems.append(f"{where}: not a record (no string `id`)")
                else:
                    reading.records += 1
                    if obj["id"] in seen:
                        reading.duplicates += 1
                        continue
                    seen.add(obj["id"])
                    yield where, obj
        except OSError as e:
            reading.problems.append(f"{path.as_posix()}: cannot read: {e.strerror or e}")
