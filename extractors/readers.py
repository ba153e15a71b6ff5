"""Readers: input files and folders -> a stream of `Abstract`s and `InputError`s.

Formats, recognised by extension and checked by content:
- text (``.txt``, ``.md``; the seed format): an optional header line naming venue and year in any
  language (``ICLR 2026 Papers``, ``ICLR 2026 论文列表``), then abstracts separated by blank lines;
- JSONL (``.jsonl``, ``.ndjson``) and JSON (``.json``: a list, one object, or an OpenReview API
  response ``{"notes": [...]}``) with fields id, title, abstract (or text), venue, year, or
  OpenReview notes (``content.title`` / ``content.abstract``, with or without ``{"value": ...}``);
- CSV / TSV with a header row that has an abstract column.
A file with another extension is sniffed: JSON if it starts with ``{`` or ``[``, else text.

Reading streams: memory does not grow with the number of abstracts (a ``.json`` file is the one
exception, as JSON has to be parsed whole). Nothing is dropped silently: every abstract found
becomes an `Abstract`, every problem an `InputError` naming file, line and reason.
"""
from __future__ import annotations

import csv
import io
import json
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator, Optional, Union

from . import resources

MAX_CHARS = 100_000
SNIFF_BYTES = 8192
TEXT_EXT = {".txt", ".md", ".text"}
JSONL_EXT = {".jsonl", ".ndjson"}
JSON_EXT = {".json"}
CSV_EXT = {".csv": ",", ".tsv": "\t", ".tab": "\t"}
ABSTRACT_COLUMNS = ("abstract", "text", "summary", "abstract_text", "paper_abstract")


@dataclass
class Abstract:
    text: str
    path: str
    index: int
    line: Optional[int] = None
    venue: Optional[str] = None
    year: Optional[int] = None
    title: Optional[str] = None
    ext_id: Optional[str] = None


@dataclass
class InputError:
    path: str
    reason: str
    line: Optional[int] = None
    index: Optional[int] = None
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        out = {"path": self.path, "line": self.line, "index": self.index, "reason": self.reason}
        out.update(self.extra)
        return out


Item = Union[Abstract, InputError]


# ---------------------------------------------------------------- venue and year

@lru_cache(maxsize=1)
def _venues() -> dict[str, str]:
    return {v.casefold(): v for v in resources.words("venues.txt")}


_YEAR = re.compile(r"(?<!\d)(19[5-9]\d|20\d\d)(?!\d)")
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9\-]*")


def parse_venue_year(s: str) -> tuple[Optional[str], Optional[int]]:
    """Venue and year named in a short string: 'ICLR 2026 Papers', 'ICLR.cc/2024/Conference'."""
    if not s:
        return None, None
    m = _YEAR.search(s)
    year = int(m.group(1)) if m else None
    venue = None
    known = _venues()
    for tok in _TOKEN.findall(s.replace(".cc", " ")):
        if tok.casefold() in known:
            venue = known[tok.casefold()]
            break
    if venue is None and m:
        # an acronym-like token next to the year: 'XYZW 2024'
        before = _TOKEN.findall(s[:m.start()])
        cand = before[-1] if before else None
        if cand and sum(ch.isupper() for ch in cand) >= 2:
            venue = cand
    return venue, year


def _is_header(line: str) -> bool:
    line = line.strip()
    if not line or len(line) > 120 or line.endswith("."):
        return False
    venue, year = parse_venue_year(line)
    return year is not None or venue is not None


# ---------------------------------------------------------------- helpers

def _value(x):
    """OpenReview API v2 wraps fields as {"value": ...}."""
    if isinstance(x, dict) and "value" in x:
        return x["value"]
    return x


def _check_text(text, path: str, line, index) -> Optional[InputError]:
    if not isinstance(text, str):
        return InputError(path, "abstract is not a string", line, index)
    if not text.strip():
        return InputError(path, "empty abstract", line, index)
    if len(text) > MAX_CHARS:
        return InputError(path, f"abstract too long: {len(text):,} characters (limit {MAX_CHARS:,})",
                          line, index)
    return None


def _to_year(y) -> Optional[int]:
    y = _value(y)
    if isinstance(y, bool):
        return None
    if isinstance(y, int):
        return y
    if isinstance(y, str):
        m = _YEAR.search(y)
        return int(m.group(1)) if m else None
    return None


def from_object(obj, path: str, index: int, line: Optional[int], defaults: dict) -> Item:
    """One JSON object (plain or OpenReview note) -> Abstract or InputError."""
    if not isinstance(obj, dict):
        return InputError(path, f"expected a JSON object, found {type(obj).__name__}", line, index)
    content = obj.get("content") if isinstance(obj.get("content"), dict) else {}

    def get(*names):
        for n in names:
            for src in (obj, content):
                if n in src and _value(src[n]) not in (None, ""):
                    return _value(src[n])
        return None

    text = get("abstract", "text")
    if text is None:
        return InputError(path, "no 'abstract' or 'text' field", line, index)
    err = _check_text(text, path, line, index)
    if err:
        return err
    venue_field = get("venue")
    venue, year = (None, None)
    if isinstance(venue_field, str):
        venue, year = parse_venue_year(venue_field) if _YEAR.search(venue_field) else (venue_field, None)
    if venue is None and isinstance(get("venueid"), str):
        venue, year = parse_venue_year(get("venueid"))
    year = _to_year(get("year")) or year
    title = get("title")
    ext_id = get("id", "forum", "paper_id")
    return Abstract(text=text, path=path, index=index, line=line,
                    venue=venue or defaults.get("venue"), year=year or defaults.get("year"),
                    title=title if isinstance(title, str) else None,
                    ext_id=str(ext_id) if ext_id is not None else None)


def _decoded_lines(path: Path, shown: str) -> Iterator[tuple[int, Union[str, InputError]]]:
    """(line number, text or error) for each line, decoding UTF-8 line by line."""
    with open(path, "rb") as fh:
        for n, raw in enumerate(fh, 1):
            if n == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            try:
                yield n, raw.decode("utf-8").rstrip("\r\n")
            except UnicodeDecodeError as e:
                yield n, InputError(shown, f"not UTF-8: invalid byte 0x{raw[e.start]:02x} at column "
                                           f"{e.start + 1}", n)


# ---------------------------------------------------------------- formats

def read_text(path: Path, shown: str) -> Iterator[Item]:
    """The seed format: optional header line, then blank-line separated abstracts."""
    venue = year = None
    block: list[str] = []
    start = None
    index = 0
    first_block = True
    bad: Optional[InputError] = None

    def flush():
        nonlocal block, start, index, first_block, venue, year, bad
        if not block and bad is None:
            return None
        item: Optional[Item] = None
        if bad is not None:
            item = InputError(shown, bad.reason, bad.line, index)
            index += 1
        elif first_block and len(block) == 1 and _is_header(block[0]):
            venue, year = parse_venue_year(block[0])
        else:
            text = "\n".join(block)
            item = _check_text(text, shown, start, index) or Abstract(
                text=text, path=shown, index=index, line=start, venue=venue, year=year)
            index += 1
        first_block = False
        block, start, bad = [], None, None
        return item

    for n, line in _decoded_lines(path, shown):
        if isinstance(line, InputError):
            bad = bad or line
            start = start or n
            continue
        if line.strip():
            if start is None:
                start = n
            block.append(line)
        else:
            item = flush()
            if item is not None:
                yield item
    item = flush()
    if item is not None:
        yield item


def read_jsonl(path: Path, shown: str) -> Iterator[Item]:
    index = 0
    for n, line in _decoded_lines(path, shown):
        if isinstance(line, InputError):
            yield InputError(shown, line.reason, n, index)
            index += 1
            continue
        if not line.strip():
            continue
        yield jsonl_item(line, shown, index, n)
        index += 1


def jsonl_item(line: str, shown: str, index: int, n: int) -> Item:
    """One non-blank JSONL line (line `n`, abstract `index` of the file) -> Abstract or InputError."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as e:
        return InputError(shown, f"malformed JSON: {e.msg} at column {e.colno}", n, index)
    return from_object(obj, shown, index, n, {})


def read_json(path: Path, shown: str) -> Iterator[Item]:
    try:
        data = json.loads(path.read_bytes().decode("utf-8-sig"))
    except UnicodeDecodeError as e:
        yield InputError(shown, f"not UTF-8: invalid byte at offset {e.start}")
        return
    except json.JSONDecodeError as e:
        yield InputError(shown, f"malformed JSON: {e.msg}", e.lineno)
        return
    if isinstance(data, dict) and isinstance(data.get("notes"), list):
        data = data["notes"]
    items = data if isinstance(data, list) else [data]
    for i, obj in enumerate(items):
        yield from_object(obj, shown, i, None, {})


def read_csv(path: Path, shown: str, delimiter: str) -> Iterator[Item]:
    with open(path, "rb") as raw:
        fh = io.TextIOWrapper(raw, encoding="utf-8-sig", newline="")
        quoting = csv.QUOTE_NONE if delimiter == "\t" else csv.QUOTE_MINIMAL
        reader = csv.reader(fh, delimiter=delimiter, quoting=quoting)
        try:
            header = next(reader, None)
            if header is None:
                yield InputError(shown, "empty file")
                return
            cols = {h.strip().casefold(): i for i, h in enumerate(header)}
            col = next((cols[c] for c in ABSTRACT_COLUMNS if c in cols), None)
            if col is None:
                yield InputError(shown, f"no abstract column in the header (looked for "
                                        f"{', '.join(ABSTRACT_COLUMNS)}; found {', '.join(header)})", 1)
                return
            names = [h.strip().casefold() for h in header]
            index = 0
            for row in reader:
                line = reader.line_num
                if not any(cell.strip() for cell in row):
                    continue
                if len(row) != len(header):
                    yield InputError(shown, f"row has {len(row)} fields, header has {len(header)}",
                                     line, index)
                else:
                    obj = dict(zip(names, row))
                    obj["abstract"] = row[col]
                    yield from_object(obj, shown, index, line, {})
                index += 1
        except UnicodeDecodeError as e:
            yield InputError(shown, f"not UTF-8 after line {reader.line_num}: {e.reason}",
                             reader.line_num + 1)
        except csv.Error as e:
            yield InputError(shown, f"malformed CSV: {e}", reader.line_num)


# ---------------------------------------------------------------- dispatch

def _sniff(path: Path, line_based: bool) -> tuple[Optional[str], bytes]:
    """A reason to reject the whole file, judged from its head; line-based formats (text, JSONL)
    report undecodable lines one by one instead, so one bad line costs only itself."""
    with open(path, "rb") as fh:
        head = fh.read(SNIFF_BYTES)
    if not head.strip():
        return "empty file", head
    if b"\x00" in head:
        return "binary file (contains NUL bytes)", head
    if not line_based:
        try:
            head.decode("utf-8")
        except UnicodeDecodeError as e:
            if e.start < len(head) - 4:  # not just a character cut by the sniff window
                return f"not UTF-8: invalid byte 0x{head[e.start]:02x} at offset {e.start}", head
    return None, head


def read_file(path: Path, shown: Optional[str] = None) -> Iterator[Item]:
    shown = shown or str(path)
    ext = path.suffix.lower()
    try:
        problem, head = _sniff(path, line_based=ext in JSONL_EXT or ext in TEXT_EXT)
    except OSError as e:
        yield InputError(shown, f"cannot read: {e.strerror or e}")
        return
    if problem:
        yield InputError(shown, problem)
        return
    try:
        if ext in JSONL_EXT:
            yield from read_jsonl(path, shown)
        elif ext in JSON_EXT:
            yield from read_json(path, shown)
        elif ext in CSV_EXT:
            yield from read_csv(path, shown, CSV_EXT[ext])
        elif ext in TEXT_EXT:
            yield from read_text(path, shown)
        else:
            first = head.lstrip()[:1]
            if first == b"[":
                yield from read_json(path, shown)
            elif first == b"{":
                # one object per line, or a single pretty-printed object
                second = head.lstrip().split(b"\n", 1)[0].rstrip()
                yield from (read_jsonl if second.endswith(b"}") else read_json)(path, shown)
            else:
                yield from read_text(path, shown)
    except OSError as e:
        yield InputError(shown, f"cannot read: {e.strerror or e}")


def expand(inputs: Iterable[str]) -> Iterator[Union[tuple[Path, str], InputError]]:
    """Files named and files below folders named (sorted, hidden ones skipped)."""
    for raw in inputs:
        p = Path(raw)
        if p.is_dir():
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for f in sorted(files):
                    if not f.startswith("."):
                        fp = Path(root) / f
                        yield fp, fp.as_posix()
        elif p.is_file():
            yield p, p.as_posix()
        elif p.exists():
            yield InputError(raw, "not a regular file")
        else:
            yield InputError(raw, "no such file or folder")


def read_inputs(inputs: Iterable[str]) -> Iterator[Item]:
    """Every abstract and every error from the named files and folders, in a stable order."""
    for entry in expand(inputs):
        if isinstance(entry, InputError):
            yield entry
        else:
            yield from read_file(*entry)
