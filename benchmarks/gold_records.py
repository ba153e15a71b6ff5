"""Records for gold files, with every failure counted: what the scoring scripts share.

`heldout.py` and `linking.py` run the pipeline over gold files and score what it writes. An
abstract that fails (an unreadable line, an extraction error) has no record, so it scores zero in
every field: a crash looks like a lower score. `write_records` therefore names each failure on
stderr and returns how many there were; the scripts print the count under their table and exit 1
when it is not zero, so a figure from a run with failures is never read as a clean one.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path


def write_records(extractor, gold_files: list[Path], out: Path) -> int:
    """Write one record per readable gold abstract to `out` (JSON lines); return the number of
    abstracts that failed, each named on stderr with its file, position or id and reason."""
    from extractors.readers import read_inputs
    failures = 0

    def readable():
        nonlocal failures
        for item in read_inputs([str(g) for g in gold_files]):
            if hasattr(item, "reason"):  # an InputError: the reader could not make an abstract
                failures += 1
                print(f"unreadable: {json.dumps(item.to_json())}", file=sys.stderr)
            else:
                yield item

    with open(out, "w", encoding="utf-8") as fh:
        for outcome in extractor.process(readable()):
            if outcome.record is not None:
                fh.write(outcome.record.model_dump_json() + "\n")
            else:
                failures += 1
                print(f"failed: {json.dumps(outcome.error.to_json())}", file=sys.stderr)
    return failures


def report_failures(failures: int) -> None:
    """Print the failure count under a table; exit 1 when any abstract failed."""
    print(f"\nabstracts that failed (no record, scored zero): {failures}")
    if failures:
        sys.exit(1)
