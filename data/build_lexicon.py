"""Build the package lexicon (extractors/resources/lexicon/names.tsv) from the shared name lists.

    python data/build_lexicon.py [../shared/lexicon]
    python data/build_lexicon.py --automaton      # only rebuild automaton.bin from names.tsv

Then writes extractors/resources/lexicon/automaton.bin, the matcher's Aho-Corasick automaton
over names.tsv (extractors.components.lexicon.automaton_bytes), so that the package loads it
instead of building it in every process.

Reads datasets.tsv, methods.tsv, models.tsv, metrics.tsv and ambiguous.tsv (mostly Papers with
Code data, CC BY-SA 4.0; see extractors/resources/lexicon/SOURCES.md) and keeps the surface forms
that are safe to match in running text:
- names and aliases of 2-60 characters and at most 5 words, starting with a letter or digit,
  made of letters, digits, spaces and - _ . + / @ ^ & ' ( ) only;
- single words not flagged in ambiguous.tsv as a common English word or a lowercase word
  (mixed-case ones such as mAP stay: they are matched case-exactly);
- single words in lowercase only when they carry a digit or symbol (o3, pass@k, word2vec) or are
  listed in extra.tsv;
- leaderboard strings from models.tsv only when short (<= 3 words) and without brackets;
- a name written with its acronym definition ("mean corruption error (mCE)") as its long form
  only (`defined_long_form`);
- no metric name that is a dataset's name and a metric's ("ImageNet Top-1 Accuracy": `dataset_first`);
- no data name that is another data name and a generic split ("PASCAL VOC 2012 test": `split_named`);
- no data name of 3 characters or more that a curated metric entry writes (PSNR, METEOR, MMD:
  `CURATED_METRIC`);
- a dataset or benchmark name ending in its kind word ("Mapillary Vistas Dataset") also without
  it ("Mapillary Vistas"), when what is left is still a name (`without_kind_word`).
Each kept form gets a type (DATASET, BENCHMARK, METHOD, MODEL, METRIC), a weight (2 for curated
and catalogue sources, 1 for leaderboard model strings) and its canonical entry name.
Rows of extra.tsv and tasks.txt (our own additions, written for this project) are added as they are,
and so are the rows of general.tsv (well-known names written for this project from general
knowledge, weight 2; the file says how they were chosen).
The output is sorted, so the build is reproducible.
"""
from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "extractors" / "resources" / "lexicon"
VALID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 \-_.+/@^&'()]{1,59}$")
LOW_WEIGHT_SOURCES = {"pwc-evaltables-2020", "sota-extractor"}


def kind_type(file: str, kind: str) -> str:
    if file == "datasets":
        return "BENCHMARK" if kind == "benchmark" else "DATASET"
    return {"methods": "METHOD", "models": "MODEL", "metrics": "METRIC"}[file]


#: evaluation-setting words that open some catalogue metric names ("zero-shot FID", "Val mIoU")
SETTING_FIRST = re.compile(r"(?:zero|few|one|\d+)-shot\s|(?:val|validation|test|testing|dev|reported)\s", re.I)


def keep(form: str, file: str, flags: dict) -> bool:
    form = form.strip()
    if not VALID.match(form) or len(form.split()) > 5:
        return False
    if form.count("(") != form.count(")"):
        return False
    f = flags.get((file, form), "")
    mixed_case = any(ch.isupper() for ch in form[1:]) and any(ch.islower() for ch in form)
    if any(x in f for x in ("common-word", "lowercase-english")) and " " not in form and not mixed_case:
        return False  # single words only: mixed-case ones (mAP, IoU) are matched case-exactly, so they stay
    if " " not in form and form.islower() and not re.search(r"[\d@^+]", form):
        return False
    if file == "models" and (len(form.split()) > 3 or "(" in form or "[" in form):
        return False
    if file == "metrics" and SETTING_FIRST.match(form):
        return False  # "zero-shot FID", "Val mIoU", "Test Accuracy": a setting and a metric; the metric
        #               is its own entry, and the words the text puts before it decide the name
        #               (linker.modifier_rx: "zero-shot accuracy" stays whole, "reported FID" is FID)
    return True


#: a data name's last word that only says what kind of thing it is ("Mapillary Vistas Dataset")
KIND_WORD = re.compile(r"^(?P<bare>.+?)\s+(?:[Dd]ataset|[Bb]enchmark|[Cc]orpus|[Dd]atabase)$")
#: a word that marks a name: a capital after its first letter, or a digit ("ScanNet", "3D", "COCO")
NAME_WORD = re.compile(r"^.+[A-Z0-9]|^[0-9]")


def without_kind_word(form: str) -> str | None:
    """"Mapillary Vistas Dataset" is written "Mapillary Vistas" in abstracts as often: the name
    without its kind word, when what is left is still a name (every word capitalised or with a
    digit, and a single word marked as one, of 4 characters or a digit: "ScanNet", "3DCSR", but not
    "Shapes" or "AND")."""
    m = KIND_WORD.match(form.strip())
    if not m:
        return None
    bare = m.group("bare")
    words = bare.split()
    if not all(w[:1].isupper() or w[:1].isdigit() for w in words):
        return None
    if len(words) == 1 and (not NAME_WORD.match(bare) or len(bare) < 4 and not any(ch.isdigit() for ch in bare)):
        return None  # "Shapes", "AND": a word, not a name
    if words[0] in ("A", "An", "The"):
        return None
    return bare


def defined_long_form(form: str) -> str | None:
    """"mean corruption error (mCE)": a name written with its own acronym definition is kept as its
    long form only, so that in running text the long form and the short form are two mentions the
    acronyms component pairs into one entity (the short form as its name, SPEC section 2), not one
    name with a parenthesis inside. The definition is read as the pipeline reads one
    (extractors.components.acronyms.find_acronyms); "AP (Detection)" and "ARC (Easy)" stay whole."""
    m = re.fullmatch(r"(.+?)\s*\(([^()]+)\)", form)
    if not m:
        return None
    sys.path.insert(0, str(ROOT))
    from extractors.components.acronyms import find_acronyms
    long, short = m.group(1).strip(), m.group(2).strip()
    return long if any(a.short == short and a.long == long for a in find_acronyms(form)) else None


def dataset_first(form: str, data: set, metrics: set) -> bool:
    """"ImageNet Top-1 Accuracy", "CoNLL F1": a catalogue metric name that is a dataset's name
    (one written as a name: NAME_WORD; `data`: the dataset and benchmark forms) followed by a
    metric's name (`metrics`: the metric forms, lower-cased). In running text the two are a
    dataset and a metric ("ImageNet top-1 accuracy" is top-1 accuracy on ImageNet: SPEC section
    1), which the matcher finds as two names once this form is left out."""
    words = form.split()
    for k in range(1, len(words)):
        head, rest = " ".join(words[:k]), " ".join(words[k:]).lower()
        if NAME_WORD.match(head) and head in data and rest in metrics:
            return True
    return False


#: a data name's last word that names one of its generic splits ("PASCAL VOC 2012 test", "Cityscapes val")
SPLIT_LAST = re.compile(r"^(?P<bare>.+?)\s+(?:test|testing|val|validation|dev|train|training)$", re.I)


def split_named(form: str, data_lower: set) -> bool:
    """"PASCAL VOC 2012 test": a catalogue data name that is another data name (`data_lower`: the
    dataset and benchmark forms, lower-cased) and a generic split. In running text the two are a
    dataset and its split (SPEC: the dataset keeps its name without the split, which `split`
    records), which the matcher finds once this form is left out."""
    m = SPLIT_LAST.match(form)
    return bool(m) and m.group("bare").lower() in data_lower


#: the source tag of the metric entries written by hand for the catalogue (metrics.tsv): a surface
#: form of three characters or more that such an entry writes is a metric, not also a dataset. The
#: catalogue's dataset lists hold a few such forms, acronyms of other things ("MMD": Multimodal
#: Dialogs, "METEOR", "PCC": Potsdam Commentary Corpus) or task-summary rows of no kind ("PSNR");
#: in ML abstracts they are the metrics (ECE, MAP, METEOR, MMD, PCC, PSNR), and with both types the
#: resolver typed "improves PSNR by 0.3 dB on Set5" a dataset. A two-letter form has several
#: readings (EM: exact match, expectation-maximization, electron microscopy) and keeps its types:
#: on the corpus, EM as a metric only was wrong in all three abstracts that changed
CURATED_METRIC = "curated"
CURATED_MIN_CHARS = 3


def main(src: Path) -> None:
    flags = {}
    with open(src / "ambiguous.tsv", encoding="utf-8") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            flags[(row["file"], row["surface_form"])] = row["flags"]
    rows = set()
    curated_metrics = set()
    with open(src / "metrics.tsv", encoding="utf-8") as fh:
        for row in csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE):
            if CURATED_METRIC in (row["source"] or "").split(";"):
                curated_metrics.add((row["name"] or "").strip())
                curated_metrics.update(a.strip() for a in (row["aliases"] or "").split(" | ") if a.strip())
    for file in ("datasets", "methods", "models", "metrics"):
        with open(src / f"{file}.tsv", encoding="utf-8") as fh:
            for row in csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE):
                name = (row["name"] or "").strip()
                typ = kind_type(file, row["kind"])
                sources = set((row["source"] or "").split(";"))
                weight = 1 if file == "models" and sources <= LOW_WEIGHT_SOURCES else 2
                forms = [name] + [a.strip() for a in (row["aliases"] or "").split(" | ") if a.strip()]
                for form in forms:
                    form = defined_long_form(form.strip()) or form
                    curated = form.strip() in curated_metrics and len(form.strip()) >= CURATED_MIN_CHARS
                    if file == "datasets" and curated:
                        continue
                    if keep(form, file, flags):
                        rows.add((form, typ, weight, name))
                    bare = without_kind_word(form) if file == "datasets" else None
                    if bare and keep(bare, file, flags):
                        rows.add((bare, typ, weight, name))
    data = {f for f, t, _, _ in rows if t in ("DATASET", "BENCHMARK")}
    metrics = {f.lower() for f, t, _, _ in rows if t == "METRIC"}
    rows = {r for r in rows if not (r[1] == "METRIC" and dataset_first(r[0], data, metrics))}
    data_lower = {f.lower() for f in data}
    rows = {r for r in rows if not (r[1] in ("DATASET", "BENCHMARK") and split_named(r[0], data_lower))}
    for line in (OUT / "tasks.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            rows.add((line.strip(), "TASK", 2, line.strip()))
    for file, weight in (("extra.tsv", 3), ("general.tsv", 2)):   # our own lists: surface, type, canonical
        for line in (OUT / file).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                form, typ, name = line.split("\t")
                rows.add((form, typ, weight, name))
    with open(OUT / "names.tsv", "w", encoding="utf-8") as fh:
        fh.write("# Generated by data/build_lexicon.py from shared/lexicon (CC BY-SA 4.0, see SOURCES.md)\n"
                 "# and extra.tsv, general.tsv. surface<TAB>type<TAB>weight<TAB>canonical name\n")
        for form, typ, weight, name in sorted(rows):
            fh.write(f"{form}\t{typ}\t{weight}\t{name}\n")
    print(f"{len(rows)} surface forms -> {OUT / 'names.tsv'}")
    write_automaton()


def write_automaton() -> None:
    """extractors/resources/lexicon/automaton.bin from the names.tsv now in the package."""
    sys.path.insert(0, str(ROOT))
    from extractors.components.lexicon import AUTOMATON, automaton_bytes
    data = automaton_bytes()
    (OUT.parent / AUTOMATON).write_bytes(data)
    print(f"{len(data):,} bytes -> {OUT.parent / AUTOMATON}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--automaton"]:
        write_automaton()
    else:
        main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "lexicon")
