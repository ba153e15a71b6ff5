"""One writer for annotation batches (used by make_batches.py, make_result_batches.py and
make_entity_batches.py): the fields an annotator copies, from a corpus row."""
import json
from pathlib import Path


def write_batch(path: Path, rows) -> None:
    """Write corpus rows as a batch file: id, title, text (the abstract), venue, year."""
    with open(path, "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps({"id": r["id"], "title": r.get("title"), "text": r["abstract"],
                                 "venue": r.get("venue"), "year": r.get("year")}, ensure_ascii=False) + "\n")
