"""Build extractors/resources/lexicon/general.tsv from the helper drafts in data/lexicon_drafts/.

    python data/build_general.py [--corpus DIR]      # write general.tsv
    python data/build_general.py --check             # exit 1 if general.tsv is not what the drafts give

The drafts are lists of well-known names that helper passes wrote from general machine-learning
knowledge, with SPEC section 2, docs/ANNOTATION.md and the lexicon at hand and no evaluation data
read (surface<TAB>TYPE<TAB>canonical, grouped under "# " section lines):
- methods_models.tsv (METHOD, MODEL) and data_metrics.tsv (DATASET, BENCHMARK, METRIC): the first
  pass, which this script filters into general.tsv;
- pass2.tsv (a second pass) and tasks.txt (task names): measured and not kept (docs/HISTORY.md, fifty-second
  session); kept here so that the measurement can be repeated.

A row is left out when
- its section is one of `DROP_SECTIONS` (efficiency and learning-theory quantities: the entity
  resolver holds those until a number measures them, so a lexicon entry would bypass that);
- a helper marked it unsure (`UNSURE`) or it names a broad paradigm (`BROAD`);
- it is one word and lower case (matched case-exactly, it would fire on the plain word), two
  letters, or a word the two corpora (../shared/corpus: abstracts and titles, unannotated text)
  write in lower case more often than as the name ("Lion", "SORT").
The header and the rows' order are fixed, so the build is reproducible. data/build_lexicon.py then
adds general.tsv's rows to names.tsv at weight 2.
"""
from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DRAFTS = ROOT / "data" / "lexicon_drafts"
OUT = ROOT / "extractors" / "resources" / "lexicon" / "general.tsv"
FIRST_PASS = ("methods_models.tsv", "data_metrics.tsv")
CORPORA = ("abstracts.jsonl", "neurips2023.jsonl")

#: rows the helpers marked unsure: single words that are ordinary English when capitalised,
#: all-caps acronyms that are also words, short acronyms with several readings, single words
#: that may be ordinary words or other acronyms
UNSURE = frozenset("""
Lion Shampoo Sophia Muon Medusa Chronos Agentless Fixup Voicebox Kling Swin Dyna Louvain
STORM SORT PAIR MOON NICE MADE DARE CROWN MOMENT RETRO HER ALIGN MEND MARINA DIANA TAPIR BIRCH
GOLEM PACT NUTS CART ROCKET PELT CONCH ODIN
MPC IPS MLA LCM DPS VDM POD FEM CEM CFR S4 P5 E5 BGE VITS KAN PGD UCB TPE SAG
Gymnasium Gibson Malmo Adroit SUMO DROP RACE COIN CHAOS BACH HEAR UCR M5 Kodak Switchboard
Wikidata Freebase TDC PEER FDR ESS RSE CSJ WOD
""".split())
#: broad paradigms and quantities a helper listed or marked as possibly too broad
BROAD = frozenset(s.strip().lower() for s in """
Bayesian optimization|prompt tuning|test-time training|co-training|teacher forcing|value iteration|
policy iteration|label propagation|power iteration|coordinate descent|factor analysis|
permutation test|t-test|exponential smoothing|finite difference method|Hebbian learning|
surrogate gradient|magnitude pruning|top-k sampling|sample efficiency|convergence rate|
log-likelihood|generalization error|interval width|empirical coverage|time complexity|
space complexity""".split("|"))
#: sections of quantities the entity resolver holds until a number measures them
DROP_SECTIONS = frozenset({"# Efficiency and cost metrics", "# Learning theory and optimisation"})

HEADER = """\
# Well-known named methods, models, datasets, benchmarks and metrics that the catalogue lacks, written for
# this project from general machine-learning knowledge (two helper passes, no evaluation data read), then
# filtered: no broad paradigm ("Bayesian optimization"), no efficiency or learning-theory quantity (the
# resolver holds those until a number measures them), no lower-case single word, no single word the
# corpora write in lower case more often than as the name ("Lion", "SORT"), no short acronym with several
# readings ("MPC", "PGD"). Weight 2, as catalogue entries (extra.tsv: 3).
# surface<TAB>type<TAB>canonical name
"""
#: a word as the case counts read it
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9\-+.']*[A-Za-z0-9+]|[A-Za-z]")


def word_counts(corpus: Path) -> Counter:
    """How often each word is written, case kept, in the corpora's titles and abstracts."""
    words: Counter = Counter()
    for name in CORPORA:
        with open(corpus / name, encoding="utf-8") as fh:
            for line in fh:
                r = json.loads(line)
                words.update(_WORD.findall((r.get("title") or "") + " " + r["abstract"]))
    return words


def why_left_out(surface: str, section: str | None, words: Counter) -> str | None:
    """Why a draft row stays out of general.tsv, or None when it goes in."""
    if section in DROP_SECTIONS:
        return "section"
    if surface in UNSURE:
        return "unsure"
    if surface.lower() in BROAD:
        return "broad"
    if len(surface.split()) == 1:
        if surface.islower() and not re.search(r"[\d@^+]", surface):
            return "lowercase word"
        if surface != surface.lower() and words[surface.lower()] > words[surface]:
            return "common word"
        if len(surface) <= 2:
            return "two letters"
    return None


def build(corpus: Path) -> tuple[str, Counter]:
    """The contents of general.tsv, and how many rows each reason left out."""
    words = word_counts(corpus)
    rows, dropped = [], Counter()
    for name in FIRST_PASS:
        section = None
        for line in (DRAFTS / name).read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            if line.startswith("#"):
                section = line.strip()
                continue
            surface, typ, canonical = line.split("\t")
            why = why_left_out(surface, section, words)
            if why:
                dropped[why] += 1
            else:
                rows.append(f"{surface}\t{typ}\t{canonical}")
    return HEADER + "\n".join(rows) + "\n", dropped


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    ap.add_argument("--check", action="store_true", help="compare with the committed general.tsv")
    args = ap.parse_args()
    from generated import write_or_check   # data/generated.py: the script's own folder is on sys.path
    text, dropped = build(args.corpus)
    write_or_check(OUT, text, args.check,
                   f"{text.count(chr(10)) - HEADER.count(chr(10))} rows; left out: {dict(sorted(dropped.items()))}")


if __name__ == "__main__":
    main()
