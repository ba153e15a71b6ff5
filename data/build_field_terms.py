"""Build extractors/resources/field_terms.tsv: long forms the field shares (components/field_terms.py).

    python data/build_field_terms.py [CORPUS ...]       # default: the two ../shared corpora
    python data/build_field_terms.py --check            # exit 1 when the file is not what a build writes

1. Leave out every abstract that an annotation file holds (any `*.jsonl` under data/annotations
   and data/results, development and held out, batches included): no scored abstract counts
   towards the terms that score it.
2. Read the acronym definitions of the rest with the pipeline's own finder
   (`acronyms.find_acronyms`, on the normalised text): their long forms are the candidate terms.
3. Count, for each candidate (`field_terms.term_key`), the abstracts of the rest that write it or
   its plural, defined or not, the times it is written and how many of them in lower case
   (`field_terms.find_written`: an Aho-Corasick pass over the case- and separator-folded texts,
   whole words only; the long-tail candidates of components/tail.py find the shipped terms the
   same way).
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
# lower case. Built by data/build_field_terms.py from ../shared/corpus ({corpora}), leaving out
# every abstract an annotation file holds ({left} abstracts); {kept} abstracts read, {defined}
# distinct long forms defined. Do not edit by hand.
# term\tabstracts\twritten\tlower-case
"""


def annotated_ids() -> set[str]:
    """The `id` of every abstract in an annotation file (data/annotations, data/results)."""
    ids = set()
    for folder in ("annotations", "results"):
        for path in sorted((ROOT / "data" / folder).rglob("*.jsonl")):
            with open(path, encoding="utf-8") as fh:
                ids.update(json.loads(line)["id"] for line in fh if line.strip())
    return ids


def build(corpora: list[Path]) -> str:
    """The file's text."""
    from extractors.components.acronyms import find_acronyms
    from extractors.components.field_terms import MIN_ABSTRACTS, automaton, find_written, term_key
    from extractors.normalize import normalize
    left = annotated_ids()
    texts, skipped = [], 0
    for corpus in corpora:
        with open(corpus, encoding="utf-8") as fh:
            for line in fh:
                if not line.strip():
                    continue
                item = json.loads(line)
                if item["id"] in left:
                    skipped += 1
                else:
                    texts.append(normalize(item["abstract"]).clean)
    defined = {term_key(a.long) for text in texts for a in find_acronyms(text)}
    defined = {t for t in defined if len(t) >= 4 and " " in t or len(t) >= 8}
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
                         kept=len(texts), defined=len(defined))
    return head + "".join(f"{t}\t{abstracts[t]}\t{written[t]}\t{lower[t]}\n" for t in kept)


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
