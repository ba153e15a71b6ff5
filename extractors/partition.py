"""Partitions: the unit of work of every engine (in-process, local worker processes, Dask, Spark).

`plan(inputs)` splits the inputs into `Part`s in input order: each JSONL file larger than the
partition size and stored uncompressed (also a ``.json`` file holding JSON Lines) becomes byte
ranges cut at line starts, any other file one part, or, when it is large (a compressed dump, a
large CSV, JSON or BibTeX file) or standard input, batches of abstracts read as a stream by the
planner and handed out about `part_bytes` of text at a time. `process_part(part)` reads a part
and turns it into a `PartResult`: record rows and error rows, each with a `key` that gives the
abstract's place in the input order, so the merge (`writers.merge_records`) writes the same bytes
whatever produced the rows, in whatever order they arrive.

The partition function proper is `read_range(path, byte_start, byte_end)`: the abstracts (and
input errors) of the JSONL lines that *start* in ``[byte_start, byte_end)``, with the same
`index` and `line` the whole-file reader gives them. Ranges may be cut anywhere; ranges that tile
a file yield exactly what reading the whole file yields. The line number and index of the first
line are counted from the start of the file unless the caller passes them (the planner does, as it
finds the cuts in one pass over the file).

Under Spark, `extractors.spark.run` ships the parts to the executors, where `process_part` runs
and the rows are written as sorted runs beside the output (see README, "Scaling out"); a plan of
your own can also use `extract_partitions` under ``mapPartitions``.
"""
from __future__ import annotations

import queue
from contextlib import contextmanager
import threading
from array import array
from bisect import bisect_left
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Optional, Union

import orjson

from . import readers
from .heap import heap_frozen
from .items import Abstract, InputError

PART_BYTES = 256 << 10        # JSONL files larger than this are split into ranges of about this size
                              # (~180 abstracts, 1-2 s of work: fine-grained enough to balance the load)
BATCH = 32                    # abstracts per nlp.pipe batch inside a part
BATCH_CHARS = 64_000          # ... and at most this many characters (a batch must finish in TIME_LIMIT, or is redone one by one)
TIME_LIMIT = 2.0              # seconds per abstract
RENEW_AFTER = 5_000           # abstracts a pipeline processes before it is built afresh (memory, ~3% time)
KEY_BITS = 40                 # key = file number << KEY_BITS | position in the file
_BOM = b"\xef\xbb\xbf"


def key(file_no: int, pos: int) -> int:
    """An abstract's place in the input order: the file's number, then its position in the file."""
    return (file_no << KEY_BITS) | pos


@dataclass
class Part:
    """One unit of work. kind: "file" (a whole file), "range" (the lines of a JSONL file that start
    in [start, end); end None for the end of the file), "items" (abstracts read by the planner),
    "missing" (an input that could not be opened: `reason`)."""

    no: int
    file_no: int
    kind: str
    path: str
    shown: str
    start: int = 0
    end: Optional[int] = None
    line0: Optional[int] = None
    index0: Optional[int] = None
    items: list = field(default_factory=list)   # [(key, Abstract | InputError)] for "items"
    reason: str = ""


@dataclass
class PartResult:
    """What one part gave: record rows (id, key, kind, payload), error rows (key, payload), the
    number of abstracts read (records, merged duplicates and failed extractions), how many of them
    were skipped as already done (--resume), and the files seen."""

    no: int
    rows: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    abstracts: int = 0
    reused: int = 0
    files: set = field(default_factory=set)
    seconds: float = 0.0


# ---------------------------------------------------------------- planning

def plan(inputs: Iterable[str], part_bytes: int = PART_BYTES, exclude: Iterable[str] = ()) -> Iterator[Part]:
    """The parts of `inputs`, in input order (a generator: large files are scanned as needed).
    Nothing under `exclude` (the run's output folder) is read."""
    no = 0
    for file_no, entry in enumerate(readers.expand(inputs, exclude)):
        if isinstance(entry, InputError):
            yield Part(no, file_no, "missing", entry.path, entry.path, reason=entry.reason)
            no += 1
            continue
        path, shown = entry
        if str(path) == readers.STDIN:
            # standard input can be read once, here: its abstracts go out in batches
            parts = _item_batches(no, file_no, path, shown, part_bytes)
            for part in parts:
                yield part
                no += 1
            continue
        try:
            size = path.stat().st_size
        except OSError:
            size = 0
        if size <= part_bytes or not path.is_file():
            parts = [Part(no, file_no, "file", str(path), shown)]
        elif readers.byte_splittable(path):
            # JSONL content stored plain (also a .json file of JSON Lines): byte ranges
            parts = _ranges(no, file_no, path, shown, part_bytes)
        else:
            # anything else, compressed files included: read here as a stream, handed out in
            # batches of about `part_bytes` of text (workers share the work of one large dump)
            parts = _item_batches(no, file_no, path, shown, part_bytes)
        for part in parts:
            yield part
            no += 1


def _compressed(path: Path) -> bool:
    try:
        with open(path, "rb") as fh:
            return readers.compression_of(fh.read(8)) is not None
    except OSError:
        return False


def _nonblank(raw: bytes) -> bool:
    """Does this JSONL line give an item (read_jsonl skips lines that are whitespace only)?"""
    s = raw.strip()
    if not s:
        return False
    if s.isascii():
        return True
    try:
        return bool(raw.decode("utf-8").strip())
    except UnicodeDecodeError:
        return True


def _items(chunk: bytes) -> tuple[int, int]:
    """(lines, items) in one ``\\n``-terminated chunk (a lone CR also ends a line)."""
    lines = readers.split_raw(chunk)
    return len(lines), sum(1 for raw in lines if _nonblank(raw))


def _ranges(no: int, file_no: int, path: Path, shown: str, part_bytes: int) -> Iterator[Part]:
    """Byte ranges of a JSONL file cut at line starts, with the line number and index of each
    range's first line (one pass over the file)."""
    cuts = [(0, 1, 0)]
    try:
        with open(path, "rb") as fh:
            pos, n, index = 0, 0, 0
            next_cut = part_bytes
            for raw in fh:
                if pos >= next_cut:
                    cuts.append((pos, n + 1, index))
                    next_cut = pos + part_bytes
                length = len(raw)
                if pos == 0 and raw.startswith(_BOM):
                    raw = raw[3:]
                lines, items = _items(raw)
                n += lines
                index += items
                pos += length
    except OSError:
        cuts = cuts[:1]
    for i, (start, line0, index0) in enumerate(cuts):
        end = cuts[i + 1][0] if i + 1 < len(cuts) else None
        yield Part(no + i, file_no, "range", str(path), shown, start, end, line0, index0)


def _item_batches(no: int, file_no: int, path: Path, shown: str, part_bytes: int) -> Iterator[Part]:
    """A large file that cannot be split by bytes: read here, handed out in batches."""
    batch: list = []
    chars = 0
    for pos, item in enumerate(readers.read_file(path, shown)):
        batch.append((key(file_no, pos), item))
        chars += len(item.text) if isinstance(item, Abstract) else 100
        if chars >= part_bytes:
            yield Part(no, file_no, "items", str(path), shown, items=batch)
            no += 1
            batch, chars = [], 0
    if batch:
        yield Part(no, file_no, "items", str(path), shown, items=batch)


# ---------------------------------------------------------------- reading

def _count_upto(path: Union[str, Path], offset: int) -> tuple[int, int]:
    """(line number, index) of the line starting at `offset` of a JSONL file."""
    n = index = 0
    with open(path, "rb") as fh:
        pos = 0
        for raw in fh:
            if pos >= offset:
                break
            first = pos == 0
            pos += len(raw)
            if first and raw.startswith(_BOM):
                raw = raw[3:]
            lines, items = _items(raw)
            n += lines
            index += items
    return n + 1, index


def read_range(path: Union[str, Path], start: int = 0, end: Optional[int] = None,
               shown: Optional[str] = None, line0: Optional[int] = None,
               index0: Optional[int] = None) -> Iterator[Union[Abstract, InputError]]:
    """The abstracts and input errors of the JSONL lines of `path` that start in [start, end),
    exactly as `readers.read_file` gives them for the whole file. `line0` and `index0`, when
    given, are the line number and index of the first line starting at or after `start`."""
    path = Path(path)
    shown = shown or str(path)
    if _compressed(path):
        # a compressed file has no byte ranges: the range that starts it reads it whole
        if start == 0:
            yield from readers.read_file(path, shown)
        return
    try:
        problem, _, _ = readers.sniff(path)
    except OSError as e:
        if start == 0:
            yield InputError(shown, f"cannot read: {e.strerror or e}")
        return
    if problem:
        if start == 0:
            yield InputError(shown, problem)
        return
    index = index0
    try:
        with open(path, "rb") as fh:
            if start > 0:
                fh.seek(start - 1)
                if fh.read(1) != b"\n":
                    fh.readline()  # this line started in the previous range
            pos = fh.tell()
            if line0 is None or index0 is None:
                line0, index0 = _count_upto(path, pos)
            n, index = line0 - 1, index0
            while end is None or pos < end:
                raw = fh.readline()
                if not raw:
                    break
                first = pos == 0
                pos += len(raw)
                if first and raw.startswith(_BOM):
                    raw = raw[3:]
                for one in readers.split_raw(raw):
                    n += 1
                    line = readers.decode_line(one, shown, n, index)
                    if isinstance(line, InputError):
                        yield line
                        index += 1
                        continue
                    if not line.strip():
                        continue
                    yield readers.jsonl_item(line, shown, index, n)
                    index += 1
    except OSError as e:
        yield InputError(shown, f"cannot read: {e.strerror or e}", None, index)


def read_part(part: Part) -> Iterator[tuple[int, Union[Abstract, InputError]]]:
    """(key, item) for every abstract and input error of a part, in input order."""
    if part.kind == "items":
        yield from part.items
        return
    if part.kind == "missing":
        yield key(part.file_no, 0), InputError(part.shown, part.reason)
        return
    if part.kind == "range":
        # in a JSONL file every item has its own index (one per non-blank line), the same as its
        # position among the items of the whole file
        for item in read_range(part.path, part.start, part.end, part.shown, part.line0, part.index0):
            yield key(part.file_no, item.index if item.index is not None else 0), item
        return
    for pos, item in enumerate(readers.read_file(Path(part.path), part.shown)):
        yield key(part.file_no, pos), item


# ---------------------------------------------------------------- processing

class Existing:
    """Fingerprints of the records already written (for --resume): a sorted array, compact to
    ship to workers."""

    def __init__(self, fps: Iterable[int] = ()) -> None:
        self.fps = array("Q", sorted(set(fps)))

    def __contains__(self, fp: int) -> bool:
        i = bisect_left(self.fps, fp)
        return i < len(self.fps) and self.fps[i] == fp

    def __len__(self) -> int:
        return len(self.fps)


#: set by the processes that do nothing but extraction (the `extractors run` command and the
#: engines' worker processes), never by a library caller: see `_tune_gc`
TUNE_GC = False
#: the collector's thresholds in such a process: the youngest generation collected every 50,000
#: allocations instead of 700 (a run's cyclic garbage is small: about 900 objects over the corpus)
GC_THRESHOLDS = (50_000, 20, 100)

_pool: "queue.SimpleQueue" = queue.SimpleQueue()   # built Extractors not in use (one per thread at most)
_build_lock = threading.Lock()
_warm = False


def _built(extractor):
    """A newly built Extractor; in an extraction-only process (`TUNE_GC`) the collector stops
    scanning the pipeline's long-lived objects (``gc.freeze``) and collects less often: 2-3% less
    CPU over the corpus, the same records."""
    if TUNE_GC:
        import gc
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
    return extractor


@contextmanager
def extraction_only():
    """For the duration of a command that only extracts (`extractors run` with the local engine):
    `TUNE_GC` on; afterwards the collector's thresholds and frozen objects are as they were, so a
    Python caller that invoked the command in its own process gets its collector back."""
    import gc
    global TUNE_GC
    before, was = gc.get_threshold(), TUNE_GC
    TUNE_GC = True
    try:
        yield
    finally:
        TUNE_GC = was
        gc.set_threshold(*before)
        gc.unfreeze()


def warm_up() -> None:
    """Build this process's first Extractor now (a worker calls this when it starts, so that its
    first part does not wait; a part that arrives meanwhile waits for this one)."""
    global _warm
    with _build_lock:
        if _warm:
            return
        _warm = True
        with heap_frozen():
            from .pipeline import Extractor
            extractor = Extractor()
        _pool.put(_built(extractor))


def _take_extractor():
    try:
        return _pool.get_nowait()
    except queue.Empty:
        pass
    with _build_lock:
        try:
            return _pool.get_nowait()
        except queue.Empty:
            global _warm
            _warm = True
            with heap_frozen():
                from .pipeline import Extractor
                extractor = Extractor()
            return _built(extractor)


def process_part(part: Part, existing: Optional[Existing] = None, time_limit: Optional[float] = TIME_LIMIT,
                 max_chars: Optional[int] = None) -> PartResult:
    """Read and process one part with this process's spaCy pipeline (built once, then reused)."""
    import time
    t0 = time.perf_counter()
    extractor = _take_extractor()
    res = None
    try:
        res = _process(part, extractor, existing, time_limit, max_chars or readers.MAX_CHARS)
    finally:
        # spaCy's vocabulary only grows (a string per distinct token): a fresh pipeline now and
        # then keeps a long-running worker's memory flat on diverse text (output is unchanged)
        extractor.docs_seen = getattr(extractor, "docs_seen", 0) + (res.abstracts if res else 0)
        if extractor.docs_seen < RENEW_AFTER:
            _pool.put(extractor)
    res.seconds = time.perf_counter() - t0
    return res


def extract_partitions(parts: Iterable[Part], existing: Optional[Existing] = None,
                       time_limit: Optional[float] = TIME_LIMIT,
                       max_chars: Optional[int] = None) -> Iterator[PartResult]:
    """For Spark's ``mapPartitions``: a `PartResult` for each part of an RDD partition."""
    for part in parts:
        yield process_part(part, existing, time_limit, max_chars)


def _process(part: Part, extractor, existing: Optional[Existing], time_limit, max_chars: int) -> PartResult:
    from .models import Source, record_id
    from .writers import RECORD, SOURCE, fingerprint
    res = PartResult(part.no)
    batch: list[tuple[int, Abstract]] = []
    chars = 0

    def flush() -> None:
        for k, outcome in zip((k for k, _ in batch), _outcomes(extractor, [a for _, a in batch], time_limit)):
            if outcome.record is not None:
                row = _record_row(outcome, k)
                if isinstance(row, tuple):
                    res.rows.append(row)
                    continue
                outcome.error = row
            res.errors.append((k, orjson.dumps(outcome.error.to_json())))

    for k, item in read_part(part):
        res.files.add(item.path)
        if isinstance(item, Abstract):
            item = readers.too_long(item, max_chars) or item
        if isinstance(item, InputError):
            res.errors.append((k, orjson.dumps(item.to_json())))
            continue
        res.abstracts += 1
        if existing is not None and len(existing):
            fp = fingerprint(item.text, item.venue, item.year, item.title)
            if fp in existing:
                src = Source(path=item.path, index=item.index, line=item.line, key=item.ext_id).model_dump(mode="json")
                res.rows.append((record_id(item.text), k, SOURCE, orjson.dumps({"fp": fp, "source": src})))
                res.reused += 1
                continue
        batch.append((k, item))
        chars += len(item.text)
        if len(batch) >= BATCH or chars >= BATCH_CHARS:
            flush()
            batch, chars = [], 0
    if batch:
        flush()
    return res


def _record_row(outcome, k: int):
    """The record's row, or the error that says why it cannot be written (one record that cannot
    be serialised never costs the run)."""
    from .writers import RECORD
    rec = outcome.record
    try:
        return rec.id, k, RECORD, orjson.dumps(rec.model_dump(mode="json"))
    except (TypeError, ValueError, OverflowError) as e:
        a = outcome.abstract
        return InputError(a.path, f"record cannot be written as JSON: {e}", a.line, a.index)


def _outcomes(extractor, abstracts: list[Abstract], time_limit) -> list:
    """Outcomes for a batch; when the batch runs over the time limit, one by one, each abstract
    with the limit, so only the slow one becomes an error."""
    from .limits import AbstractTimeout, deadline
    from .pipeline import Outcome
    if len(abstracts) > 1:
        try:
            with deadline(time_limit):
                return list(extractor.process(abstracts))
        except AbstractTimeout:
            pass
    out = []
    for a in abstracts:
        try:
            with deadline(time_limit):
                out.append(next(extractor.process([a])))
        except AbstractTimeout:
            out.append(Outcome(a, error=InputError(
                a.path, f"timed out: extraction took longer than {time_limit:g} s "
                        f"({len(a.text):,} characters)", a.line, a.index)))
    return out
