"""The local engine: read inputs, process abstracts (in this process or N worker processes),
write records, errors and a summary.

Work flows in batches through a bounded window of worker tasks, so memory stays flat however
many abstracts come in; each worker builds the spaCy pipeline once. Results are consumed in
submission order, so output does not depend on the number of workers.
"""
from __future__ import annotations

import time
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator, Optional, Union

import orjson

from .readers import Abstract, InputError, read_inputs
from .writers import AtomicFile, SortedRecords, write_json

BATCH = 32

_worker = None  # the Extractor of a worker process


def _init_worker() -> None:
    global _worker
    from .pipeline import Extractor
    _worker = Extractor()


def _process_batch(batch: list[tuple[int, Abstract]]) -> list[tuple[int, str, bytes]]:
    """In a worker (or in-process): (seq, kind, payload) for each abstract; kind 'r' or 'e'."""
    if _worker is None:
        _init_worker()
    out = []
    for (seq, _), outcome in zip(batch, _worker.process(a for _, a in batch)):
        if outcome.record is not None:
            rec = outcome.record
            out.append((seq, rec.id, orjson.dumps(rec.model_dump(mode="json"))))
        else:
            out.append((seq, "", orjson.dumps(outcome.error.to_json())))
    return out


@dataclass
class Summary:
    inputs: list[str] = field(default_factory=list)
    files_read: int = 0
    abstracts_read: int = 0
    records_written: int = 0
    duplicates_merged: int = 0
    errors: int = 0
    seconds: float = 0.0
    workers: int = 1

    def to_json(self) -> dict:
        d = self.__dict__.copy()
        d["abstracts_per_second"] = round(self.abstracts_read / self.seconds, 1) if self.seconds else None
        d["seconds"] = round(self.seconds, 3)
        return d


def _batches(items: Iterator[Union[Abstract, InputError]], on_error: Callable[[InputError], None],
             on_file: Callable[[str], None], size: int) -> Iterator[list[tuple[int, Abstract]]]:
    batch: list[tuple[int, Abstract]] = []
    seq = 0
    last_path = None
    for item in items:
        path = item.path
        if path != last_path:
            on_file(path)
            last_path = path
        if isinstance(item, InputError):
            on_error(item)
            continue
        batch.append((seq, item))
        seq += 1
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def run(inputs: Iterable[str], out_dir: Path, workers: int = 1,
        progress: Optional[Callable[[int], None]] = None) -> Summary:
    """Process `inputs` into `out_dir`; returns the summary (also written as summary.json)."""
    t0 = time.perf_counter()
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    inputs = list(inputs)
    summary = Summary(inputs=inputs, workers=workers)
    sorter = SortedRecords(out_dir)
    errors = AtomicFile(out_dir / "errors.jsonl")
    files: set[str] = set()

    def on_error(err: InputError) -> None:
        summary.errors += 1
        errors.write(orjson.dumps(err.to_json()) + b"\n")

    def on_file(path: str) -> None:
        files.add(path)

    def consume(results: list[tuple[int, str, bytes]]) -> None:
        for seq, rid, payload in results:
            summary.abstracts_read += 1
            if rid:
                sorter.add(rid, seq, payload)
            else:
                summary.errors += 1
                errors.write(payload + b"\n")
        if progress:
            progress(len(results))

    batches = _batches(read_inputs(inputs), on_error, on_file, BATCH)
    try:
        if workers <= 1:
            for batch in batches:
                consume(_process_batch(batch))
        else:
            with ProcessPoolExecutor(max_workers=workers, initializer=_init_worker) as pool:
                window: deque[Future] = deque()
                for batch in batches:
                    window.append(pool.submit(_process_batch, batch))
                    if len(window) >= workers * 3:
                        consume(window.popleft().result())
                while window:
                    consume(window.popleft().result())
        sorter.write(out_dir / "records.jsonl")
        errors.commit()
    except BaseException:
        sorter.discard()
        errors.abort()
        raise
    summary.files_read = len(files)
    summary.records_written = sorter.written
    summary.duplicates_merged = sorter.duplicates
    summary.seconds = time.perf_counter() - t0
    write_json(out_dir / "summary.json", summary.to_json())
    return summary
