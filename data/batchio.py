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


def write_split(out: Path, order: list, n_dev: int, dev_name: str, dev_size: int, held_size: int,
                agreement: str, n_agree: int, first: int = 0) -> None:
    """The development batches (`dev_name` + k, numbered from `first`, `dev_size` each) of the first
    `n_dev` rows, the held-out batches (`heldout_k`, `held_size` each) of the rest, and the first
    `n_agree` development rows again as the agreement batch `agreement`."""
    out.mkdir(parents=True, exist_ok=True)
    dev, held = order[:n_dev], order[n_dev:]
    for k in range(0, len(dev), dev_size):
        write_batch(out / f"{dev_name}{first + k // dev_size}.jsonl", dev[k:k + dev_size])
    for k in range(0, len(held), held_size):
        write_batch(out / f"heldout_{k // held_size}.jsonl", held[k:k + held_size])
    write_batch(out / agreement, dev[:n_agree])
