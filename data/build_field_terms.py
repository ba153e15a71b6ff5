"""Build extractors/resources/field_terms.tsv: long forms the field shares (components/field_terms.py).

    python data/build_field_terms.py [CORPUS ...]       # default: the two ../shared corpora
    python data/build_field_terms.py --check            # exit 1 when the file is not what a build writes

1. Leave out every abstract that an annotation file holds and no learned part trains on: the
   held-out sets, the agreement passes' own abstracts where no training file holds them, the
   pending rounds and the drawn batches not yet annotated (any `*.jsonl` under data/annotations
   and data/results, batches included, minus the records of the training files,
   `extractors.train.annotation_files` of data/annotations and data/results): no abstract scored
   as held out or as a pending check counts towards the terms that score it. The training
   records count; the entity typer and the link scorer learn from each of them with its own
   contribution taken back out (`field_terms.left_out`, from the `defined` column), so that no
   training record's features credit its own text either. Every training record must be a corpus
   abstract, its text as the corpus writes it (checked: an error names the file and line of one
   that is not).
2. Read the acronym definitions of the rest with the pipeline's own finder
   (`acronyms.find_acronyms`, on the normalised text): their long forms are the candidate terms.
3. Count, for each candidate (`field_terms.term_key`), the abstracts of the rest that write it or
   its plural, defined or not, the times it is written and how many of them in lower case
   (`field_terms.find_written`: an Aho-Corasick pass over the case- and separator-folded texts,
   whole words only; the long-tail candidates of components/tail.py find the shipped terms the
   same way), and the abstracts that define it.
4. Keep the terms written in at least `field_terms.MIN_ABSTRACTS` abstracts; write them sorted,
   with their counts, under a commented header. The output depends only on the corpora, the
   annotation files' ids and the code, so the build is reproducible.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OUT = ROOT / "extractors" / "resources" / "field_terms.tsv"
CORPORA = [ROOT.parent / "shared" / "corpus" / "abstracts.jsonl", ROOT.parent / "shared" / "corpus" / "neurips2023.jsonl"]

HEADER = """\
# Field terms: long forms that acronym definitions of the corpus abstracts name and that at least
# {min} of those abstracts write (extractors/components/field_terms.py). Columns: the term (its
# `term_key`), the abstracts that write it, the times it is written, the times it is written in
# lower case, the abstracts that define it. Built by data/build_field_terms.py from
# ../shared/corpus ({corpora}),
# leaving out every abstract an annotation file holds that no learned part trains on ({left}
# abstracts); {kept} abstracts read ({trained} of them training records), {defined} distinct
# long forms defined. Do not edit by hand.
# term\tabstracts\twritten\tlower-case\tdefined
"""


def annotated_ids() -> set[str]:
    """The `id` of every abstract in an annotation file (data/annotations, data/results)."""
    ids = set()
    for folder in ("annotations", "results"):
        for path in sorted((ROOT / "data" / folder).rglob("*.jsonl")):
            with open(path, encoding="utf-8") as fh:
                ids.update(json.loads(line)["id"] for line in fh if line.strip())
    return ids


def trained_records() -> dict[str, tuple[Path, int, str]]:
    """id -> (file, line, text) of every record the learned parts train on: the files
    `extractors.train.annotation_files` takes from data/annotations and data/results (held-out
    sets and agreement passes left out; pending rounds and batches are in sub-folders)."""
    from extractors.train import annotation_files
    out = {}
    for path in annotation_files([ROOT / "data" / "annotations", ROOT / "data" / "results"]):
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if line.strip():
                    rec = json.loads(line)
                    out.setdefault(rec["id"], (path, n, rec["text"]))
    return out


def build(corpora: list[Path]) -> str:
    """The file's text."""
    from extractors.components.acronyms import find_acronyms
    from extractors.components.field_terms import MIN_ABSTRACTS, automaton, find_written, is_candidate, term_key
    from extractors.normalize import normalize
    trained = trained_records()
    left = annotated_ids() - set(trained)
    texts, skipped, seen_ids = [], 0, set()
    for corpus in corpora:
        with open(corpus, encoding="utf-8") as fh:
            for line in fh:
                if not line.strip():
                    continue
                item = json.loads(line)
                if item["id"] in left:
                    skipped += 1
                else:
                    if item["id"] in trained and trained[item["id"]][2] == item["abstract"]:
                        seen_ids.add(item["id"])   # counted as the training record's own text
                    texts.append(normalize(item["abstract"]).clean)
    stray = sorted((str(p.relative_to(ROOT)), n) for rid, (p, n, _) in trained.items() if rid not in seen_ids)
    if stray:
        sys.exit(f"{stray[0][0]}:{stray[0][1]}: a training record that is no corpus abstract, or whose text "
                 f"differs from it ({len(stray)} in all): its own contribution could not be taken back out")
    definers: Counter = Counter()    # abstracts that define the term
    for text in texts:
        definers.update({term_key(a.long) for a in find_acronyms(text)})
    defined = {t for t in definers if is_candidate(t)}
    auto = automaton(defined)   # the term and its plurals, each found as itself
    abstracts: Counter = Counter()   # abstracts that write the term
    written: Counter = Counter()     # times it is written
    lower: Counter = Counter()       # ... of them in lower case
    for text in texts:
        seen = set()
        for start, end, term in find_written(text, auto):
            seen.add(term)
            written[term] += 1
            surface = text[start:end]
            lower[term] += surface == surface.lower()
        abstracts.update(seen)
    kept = sorted(t for t, n in abstracts.items() if n >= MIN_ABSTRACTS)
    head = HEADER.format(min=MIN_ABSTRACTS, corpora=", ".join(c.name for c in corpora), left=skipped,
                         kept=len(texts), trained=len(trained), defined=len(defined))
    return head + "".join(f"{t}\t{abstracts[t]}\t{written[t]}\t{lower[t]}\t{definers[t]}\n" for t in kept)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpora", nargs="*", type=Path, default=CORPORA)
    ap.add_argument("--check", action="store_true", help="compare with the shipped file instead of writing it")
    args = ap.parse_args()
    from generated import write_or_check   # data/generated.py: the script's own folder is on sys.path
    text = build(args.corpora)
    write_or_check(OUT, text, args.check, f"{text.count(chr(10)) - HEADER.count(chr(10))} terms")


if __name__ == "__main__":
    main()
