"""`extractors train`: the statistical NER, trained from the hand annotations the repo holds.

    extractors train [--data PATH ...] [--out extractors/resources/ner] [--config data/ner.cfg] [--seed N]

Steps:

1. Read the gold records (docs/SPEC.md section 6) of ``data/annotations/part_0..3.jsonl``.
   ``part_4.jsonl`` is the held-out set and the seeds gold is test data: both are refused. (A NER
   trained on all 750 development abstracts was measured in the twenty-fourth session and not
   kept: docs/HISTORY.md, "Twenty-fourth session".)
2. Turn each record into a training `Doc` over the *clean* text (`normalize(text).clean`,
   which is what the pipeline's NER reads), tokenised by the project tokenizer. Every entity's
   name and aliases are searched in the clean text: case-sensitively on word boundaries, and
   for multiword names case-insensitively as well (a multiword name that differs only in case,
   "Neural architecture search" at a sentence start, is the same name). Labels come from the
   field: METHOD, MODEL, DATASET, BENCHMARK, METRIC, TASK.

   - ``optional: true`` entities are not labelled; the tokens of their mentions are *missing*
     values (no gradient either way), not O: the guideline treats them as neither right nor
     wrong, and so does spaCy's scorer, which ignores predictions over missing tokens.
   - Overlapping mentions: longest first, then leftmost, then field order (methods, models,
     datasets, benchmarks, metrics, tasks); a shorter mention inside a kept one is dropped.
   - A mention whose characters do not fall on token boundaries (``BERT`` inside the token
     ``BERT-base``) is skipped and counted; its tokens become missing values too, since
     something there is an entity.
3. Initialise the NER's tok2vec with the weights ``[paths] pretrained_tok2vec`` names
   (``data/ner_tok2vec.bin``: ``spacy pretrain`` on the corpus abstracts, data/pretrain_tok2vec.py).
4. Split off a dev set of ~10% of the records (``DEV_FRACTION``; the records whose sha256 of the
   id sorts first: deterministic and independent of file order) for early stopping and model
   selection, and train the spaCy pipeline of the config file with its fixed seed.
5. Save the best checkpoint (by dev F1) to ``--out``, with the conversion counts, data files and
   dev ids added to its ``meta.json`` under ``"extractors"``.

Default paths are relative to the current folder: run it from the repository root. Training is
reproducible: the same data, config and seed give a byte-identical model.

The parts trained after the NER (the entity typer, the link scorer) learn from its output, and
on its own training records that output is far better than on new text; `train_folds` trains one
NER per fold of those records (each on the other folds) so that they learn from the output of a
NER that never saw the record (`FoldedNER`, `Pipelines`). Order: ``extractors train`` (the NER),
``--component ner-folds``, ``--component typer``, ``--component linker``. `extractors.pipeline`
loads the saved ``ner`` from the package (factory ``extractors_ner``, first in ``build_nlp()``).
"""
from __future__ import annotations

import hashlib
import io
import json
import shutil
import sys
import tempfile
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterable, Iterator, Optional, Sequence

import regex
import spacy
from spacy.language import Language
from spacy.tokens import Doc, DocBin, Span

from . import tokenizer as _tokenizer  # noqa: F401  (registers extractors.ml_tokenizer.v1)
from .components.field_terms import left_out
from .models import TYPE_OF_FIELD
from .normalize import normalize

__all__ = ["LABELS", "DataError", "TrainReport", "annotation_files", "read_records", "record_to_doc",
           "split_dev", "train"]

#: gold field -> NER label, in the order used to break ties between overlapping mentions
LABELS = TYPE_OF_FIELD  # the entity types, defined once in models.py
DEFAULT_DATA = tuple(Path("data/annotations") / f"part_{i}.jsonl" for i in range(4))
DEFAULT_OUT = Path("extractors/resources/ner")
DEFAULT_CONFIG = Path("data/ner.cfg")
#: annotation files that are never trained on: the held-out sets (part_4; heldout_*.jsonl of
#: data/annotations and data/results) and the agreement passes (second annotations of dev data)
HELD_OUT = frozenset({"part_4.jsonl"})
HELD_OUT_PREFIXES = ("heldout", "agreement")


def held_out(path: Path) -> bool:
    """Is this annotation file a held-out set (or an agreement pass), never trained on?"""
    return path.name in HELD_OUT or path.name.startswith(HELD_OUT_PREFIXES)
#: share of the training records held back as the dev set (early stopping, model selection)
DEV_FRACTION = 0.1


# ---------------------------------------------------------------- reading the annotations

class DataError(ValueError):
    """Annotation data that must not or cannot be trained on."""


def annotation_files(paths: Sequence[Path]) -> list[Path]:
    """The annotation files named by `paths` (files, or folders whose ``*.jsonl`` are taken).

    Raises DataError for the held-out set or a seeds gold file named explicitly; a folder's
    held-out files are left out silently. FileNotFoundError for a path that does not exist.
    """
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            files += sorted(f for f in p.glob("*.jsonl") if not held_out(f))
        elif p.is_file():
            if held_out(p):
                raise DataError(f"{p} is the held-out set: it is never used for training or tuning")
            if p.name.endswith(".gold.jsonl") or p.parent.name == "gold":
                raise DataError(f"{p} is a gold test file, not training data")
            files.append(p)
        else:
            raise FileNotFoundError(f"no such annotation file or folder: {p}")
    if not files:
        raise FileNotFoundError(f"no annotation files (*.jsonl) in {', '.join(map(str, paths))}")
    return files


def read_records(files: Iterable[Path]) -> list[dict]:
    """Gold records of the annotation files, in file order."""
    records = []
    for f in files:
        with open(f, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if line.strip():
                    rec = json.loads(line)
                    if "text" not in rec:
                        raise DataError(f"{f}:{n}: record without 'text'")
                    records.append(rec)
    return records


def training_set(data: Optional[Sequence[Path]], default: Sequence[Path]) -> tuple[list[Path], list[dict], dict]:
    """(files, records, provenance) of the annotations a learned part trains on: `data` or the
    part's default folders (held-out files refused, `annotation_files`), and what the weights
    file records of them (the files, how many records, a digest of their texts)."""
    files = annotation_files(list(data) if data else list(default))
    records = read_records(files)
    digest = hashlib.sha256("".join(sorted(r["text"] for r in records)).encode()).hexdigest()[:16]
    return files, records, {"files": [f.as_posix() for f in files], "records": len(records), "texts_sha256": digest}


def write_weights(out: Path, doc: dict, indent: int) -> Path:
    """Write a learned part's weights file (sorted keys: the same training gives the same bytes)."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, indent=indent, sort_keys=True) + "\n", encoding="utf-8")
    return out


def split_dev(records: Sequence[dict], fraction: float = DEV_FRACTION) -> tuple[list[dict], list[dict]]:
    """(train, dev): dev is the `fraction` of records whose sha256(id) sorts first.

    Deterministic, and a record's side does not depend on the order of the files.
    """
    def key(r: dict) -> str:
        return hashlib.sha256(record_key(r).encode("utf-8")).hexdigest()
    ranked = sorted(records, key=key)
    n_dev = round(len(records) * fraction) if len(records) > 1 else 0
    dev_keys = {key(r) for r in ranked[:n_dev]}
    return ([r for r in records if key(r) not in dev_keys], [r for r in records if key(r) in dev_keys])


# ---------------------------------------------------------------- records -> Docs

@dataclass
class ConversionStats:
    """What happened to the gold entities on the way to token-level NER labels."""

    records: int = 0
    entities: int = 0
    optional_entities: int = 0
    mentions: Counter = field(default_factory=Counter)  # label -> labelled mentions
    not_found: int = 0             # non-optional entities none of whose names occur
    misaligned: int = 0            # mentions off token boundaries (skipped, tokens missing)
    overlapping: int = 0           # mentions dropped for a longer overlapping one
    missing_tokens: int = 0        # tokens left out of the loss (optional / misaligned)
    tokens: int = 0
    examples: dict = field(default_factory=lambda: {"not_found": [], "misaligned": []})

    def note(self, kind: str, what: str, limit: int = 10) -> None:
        if len(self.examples[kind]) < limit:
            self.examples[kind].append(what)

    def to_json(self) -> dict:
        d = dict(self.__dict__)
        d["mentions"] = dict(sorted(self.mentions.items()))
        return d

    def summary(self) -> str:
        ments = ", ".join(f"{k} {v}" for k, v in sorted(self.mentions.items()))
        return (f"{self.records} records, {self.entities} entities ({self.optional_entities} optional, "
                f"not labelled); labelled mentions: {ments}; not found in the clean text: "
                f"{self.not_found} entities; skipped mentions: {self.misaligned} off token "
                f"boundaries, {self.overlapping} overlapping a longer one; "
                f"{self.missing_tokens} of {self.tokens} tokens missing (left out of the loss)")


def _surface_pattern(surface: str, ignore_case: bool) -> "regex.Pattern":
    """`surface` as a literal, bounded by non-word characters where it starts/ends with one."""
    pat = regex.escape(surface)
    if regex.match(r"\w", surface):
        pat = r"(?<!\w)" + pat
    if regex.search(r"\w$", surface):
        pat += r"(?!\w)"
    return regex.compile(pat, regex.IGNORECASE if ignore_case else 0)


def find_mentions(clean: str, surface: str) -> list[tuple[int, int]]:
    """Character spans of `surface` in `clean`: exact case on word boundaries, and any case as
    well for a multiword surface."""
    surface = " ".join(surface.split())
    if not surface:
        return []
    found = {m.span() for m in _surface_pattern(surface, False).finditer(clean)}
    if " " in surface:
        found |= {m.span() for m in _surface_pattern(surface, True).finditer(clean)}
    return sorted(found)


def _token_spans(doc: Doc, tokens: set[int]) -> list[Span]:
    """Runs of consecutive token indices as spans."""
    spans, run = [], []
    for i in sorted(tokens):
        if run and i != run[-1] + 1:
            spans.append(doc[run[0]:run[-1] + 1])
            run = []
        run.append(i)
    if run:
        spans.append(doc[run[0]:run[-1] + 1])
    return spans


def record_to_doc(nlp: Language, record: dict, stats: Optional[ConversionStats] = None) -> Doc:
    """A Doc of the record's clean text with its entity mentions as `doc.ents`, optional and
    misaligned mentions as missing values, every other token O."""
    stats = stats if stats is not None else ConversionStats()
    clean = normalize(record["text"]).clean
    doc = nlp.make_doc(clean)
    stats.records += 1
    stats.tokens += len(doc)
    candidates: set[tuple[int, int, int]] = set()  # (start, end, field index) of labelled mentions
    missing: set[int] = set()
    fields = list(LABELS)
    for fi, fname in enumerate(fields):
        for ent in record.get(fname) or []:
            stats.entities += 1
            surfaces = [ent.get("name") or ""] + list(ent.get("aliases") or [])
            spans = sorted({s for surface in surfaces for s in find_mentions(clean, surface)})
            if ent.get("optional"):
                stats.optional_entities += 1
                for s, e in spans:
                    span = doc.char_span(s, e, alignment_mode="expand")
                    if span is not None:
                        missing.update(range(span.start, span.end))
                continue
            if not spans:
                stats.not_found += 1
                stats.note("not_found", f"{record.get('id')}: {fname} {ent.get('name')!r}")
            candidates.update((s, e, fi) for s, e in spans)
    # longest first, then leftmost, then field order; aligned spans only
    taken: list[Span] = []
    used: set[int] = set()
    for s, e, fi in sorted(candidates, key=lambda c: (c[0] - c[1], c[0], c[2])):
        span = doc.char_span(s, e, label=LABELS[fields[fi]])
        if span is None:
            stats.misaligned += 1
            stats.note("misaligned", f"{record.get('id')}: {clean[s:e]!r}")
            wide = doc.char_span(s, e, alignment_mode="expand")
            if wide is not None:
                missing.update(range(wide.start, wide.end))
            continue
        toks = set(range(span.start, span.end))
        if toks & used:
            stats.overlapping += 1
            continue
        used |= toks
        taken.append(span)
        stats.mentions[span.label_] += 1
    missing -= used
    stats.missing_tokens += len(missing)
    doc.set_ents(sorted(taken, key=lambda sp: sp.start), missing=_token_spans(doc, missing),
                 default="outside")
    return doc


def make_docs(records: Iterable[dict], stats: Optional[ConversionStats] = None) -> list[Doc]:
    """Training Docs for `records`, tokenised by a blank English pipeline with the project tokenizer."""
    nlp = spacy.blank("en")
    nlp.tokenizer = _tokenizer.make_tokenizer(nlp)
    return [record_to_doc(nlp, r, stats) for r in records]


# ---------------------------------------------------------------- training

@dataclass
class TrainReport:
    """The outcome of one training run."""

    out: Path
    seconds: float
    conversion: ConversionStats
    train_records: int
    dev_records: int
    scores: dict  # dev scores of the saved model (spaCy's ents_p/r/f and ents_per_type)

    def table(self) -> str:
        lines = [f"{'label':<12}{'P':>8}{'R':>8}{'F1':>8}"]
        for label, s in sorted((self.scores.get("ents_per_type") or {}).items()):
            lines.append(f"{label:<12}{s['p']:>8.3f}{s['r']:>8.3f}{s['f']:>8.3f}")
        lines.append(f"{'ALL':<12}{self.scores.get('ents_p') or 0:>8.3f}"
                     f"{self.scores.get('ents_r') or 0:>8.3f}{self.scores.get('ents_f') or 0:>8.3f}")
        return "\n".join(lines)


def _replace_dir(src: Path, dst: Path) -> None:
    """Copy the pipeline folder `src` to `dst`, replacing an earlier pipeline there (only a
    folder that holds a spaCy pipeline, or nothing, is ever removed)."""
    if dst.exists():
        if not (dst.is_dir() and ((dst / "config.cfg").is_file() or not any(dst.iterdir()))):
            raise FileExistsError(f"{dst} exists and is not a trained pipeline; not overwriting it")
        shutil.rmtree(dst)
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(src, dst)


def load_pretrained_tok2vec(nlp: Language, path: Path) -> None:
    """Load weights that data/pretrain_tok2vec.py pretrained (``spacy pretrain`` on the corpus
    abstracts) into the NER's own tok2vec: the first layer of the parser model's ``tok2vec``
    reference, which spaCy's ``[initialize] init_tok2vec`` cannot reach (it would load into the
    whole reference, projection included)."""
    if not path.is_file():
        raise DataError(f"{path}: no pretrained tok2vec weights (run data/pretrain_tok2vec.py)")
    nlp.get_pipe("ner").model.get_ref("tok2vec").layers[0].from_bytes(path.read_bytes())


def train(data: Optional[Sequence[Path]] = None, out: Path = DEFAULT_OUT, config: Path = DEFAULT_CONFIG,
          seed: Optional[int] = None, overrides: Optional[dict[str, Any]] = None,
          log: Optional[IO] = None) -> TrainReport:
    """Train the NER of `config` on the annotation files `data` and save it to `out`.

    `seed` overrides the config's ``[system] seed``; `overrides` are further config overrides
    in spaCy's dotted form (``{"training.max_epochs": 2}``). Progress goes to `log`
    (stderr by default; an ``io.StringIO`` silences it).
    """
    log = log if log is not None else sys.stderr
    t0 = time.perf_counter()
    files = annotation_files(list(data) if data else list(DEFAULT_DATA))
    records = read_records(files)
    train_recs, dev_recs = split_dev(records)
    if not train_recs or not dev_recs:
        raise DataError(f"need at least 2 annotated records, got {len(records)}")
    stats = ConversionStats()
    train_docs = make_docs(train_recs, stats)
    dev_docs = make_docs(dev_recs, stats)
    log.write(f"data: {', '.join(map(str, files))}\n{stats.summary()}\n"
              f"train {len(train_docs)} records, dev {len(dev_docs)} records\n")

    from spacy.training.initialize import init_nlp
    from spacy.training.loop import train as train_nlp

    over = dict(overrides or {})
    if seed is not None:
        over["system.seed"] = seed
        over["training.seed"] = seed
    with tempfile.TemporaryDirectory(prefix="extractors-train-") as tmp:
        tmp = Path(tmp)
        DocBin(docs=train_docs, store_user_data=False).to_disk(tmp / "train.spacy")
        DocBin(docs=dev_docs, store_user_data=False).to_disk(tmp / "dev.spacy")
        over["paths.train"] = str(tmp / "train.spacy")
        over["paths.dev"] = str(tmp / "dev.spacy")
        cfg = spacy.util.load_config(config, overrides=over, interpolate=False)
        nlp = init_nlp(cfg, use_gpu=-1)
        pretrained = cfg["paths"].get("pretrained_tok2vec")
        if pretrained:
            load_pretrained_tok2vec(nlp, Path(pretrained))
            log.write(f"tok2vec initialised from {pretrained}\n")
        (tmp / "model").mkdir()
        train_nlp(nlp, tmp / "model", use_gpu=-1, stdout=log, stderr=log)
        best = tmp / "model" / "model-best"
        meta_path = best / "meta.json"
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        meta["extractors"] = {
            "data": [str(f) for f in files],
            "dev_ids": sorted(str(r.get("id")) for r in dev_recs),
            "ids": sorted(record_key(r) for r in records),   # every record it saw (train.shipped_ner_ids)
            "conversion": stats.to_json(),
        }
        meta_path.write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        # the DocBins were temporary: the saved config names no paths (meta names the data)
        saved = spacy.util.load_config(best / "config.cfg", interpolate=False)
        saved["paths"]["train"] = saved["paths"]["dev"] = None
        saved.to_disk(best / "config.cfg")
        _replace_dir(best, Path(out))

    # the saved model's dev scores, per label
    trained = spacy.load(out)
    from spacy.training import Example
    scores = trained.evaluate([Example(trained.make_doc(d.text), d) for d in dev_docs])
    report = TrainReport(out=Path(out), seconds=time.perf_counter() - t0, conversion=stats,
                         train_records=len(train_docs), dev_records=len(dev_docs), scores=scores)
    log.write(f"saved {out} ({report.seconds:.0f}s); dev scores:\n{report.table()}\n")
    return report


# ---------------------------------------------------------------- folds: predictions on unseen records

#: the NER's training records fall into this many folds by their id (`ner_fold`)
NER_FOLDS = 5
#: where `train_folds` puts the fold models (not shipped: the typer and the linker train from them)
DEFAULT_FOLDS_OUT = Path("build/ner_folds")
FOLDS_FILE = "folds.json"


def record_key(record: dict) -> str:
    """A gold record's identity for splits and folds: its id (its text when it has none)."""
    return str(record.get("id", record["text"]))


def ner_fold(record_id) -> int:
    """The fold of a record: sha256 of its id, mod `NER_FOLDS` (independent of file order)."""
    return int(hashlib.sha256(str(record_id).encode("utf-8")).hexdigest(), 16) % NER_FOLDS


def train_folds(data: Optional[Sequence[Path]] = None, out: Path = DEFAULT_FOLDS_OUT, config: Path = DEFAULT_CONFIG,
                seed: Optional[int] = None, log: Optional[IO] = None) -> list[TrainReport]:
    """Train one NER per fold of the NER's training records, each on the other folds, to
    ``out/fold_K``, and write ``out/folds.json`` (the files, the ids, the fold rule).

    The entity typer and the link scorer learn how far to trust the NER from its output on their
    training records; where those are the NER's own training records, the shipped NER has seen
    them and tags them far better than new text (mention F1 about 0.9 against 0.4-0.5), so the
    learned weights would trust it too much. Trained from these folds instead, each record is
    tagged by a NER that never saw it (cross-fitting: `FoldedNER`)."""
    files = annotation_files(list(data) if data else list(DEFAULT_DATA))
    records = read_records(files)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    reports = []
    for k in range(NER_FOLDS):
        with tempfile.TemporaryDirectory(prefix="extractors-fold-") as tmp:
            part = Path(tmp) / "train.jsonl"
            with open(part, "w", encoding="utf-8") as fh:
                for r in records:
                    if ner_fold(record_key(r)) != k:
                        fh.write(json.dumps(r, ensure_ascii=False) + "\n")
            reports.append(train([part], out / f"fold_{k}", config, seed, log=log))
    doc = {"k": NER_FOLDS, "rule": "sha256(id) mod k", "files": [f.as_posix() for f in files],
           "ids": sorted(record_key(r) for r in records)}
    (out / FOLDS_FILE).write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return reports


class FoldedNER:
    """Which NER a pipeline should run on a training record of the typer or the linker: for a
    record the shipped NER was trained on, the model of its fold (`train_folds`: trained on the
    other folds, so it never saw the record); for any other record, the shipped NER (None)."""

    def __init__(self, folds: Path) -> None:
        path = Path(folds) / FOLDS_FILE
        if not path.is_file():
            raise FileNotFoundError(f"no NER folds in {folds}: run `extractors train --component ner-folds` first")
        doc = json.loads(path.read_text(encoding="utf-8"))
        if doc.get("k") != NER_FOLDS:
            raise DataError(f"{path}: {doc.get('k')} folds, expected {NER_FOLDS}")
        self.folds = Path(folds)
        self.ids = frozenset(doc["ids"])

    def model_for(self, record: dict) -> Optional[str]:
        rid = record_key(record)
        return str(self.folds / f"fold_{ner_fold(rid)}") if rid in self.ids else None


def shipped_ner_ids() -> frozenset:
    """The ids of the records the shipped NER was trained on: its meta.json names them (`train`
    writes them) or names the files they came from (models trained before it wrote ids; read
    from the current folder, the repository root); empty when neither is known."""
    from .pipeline import ner_model_path
    meta = ner_model_path().joinpath("meta.json")
    if not meta.is_file():
        return frozenset()
    info = json.loads(meta.read_text(encoding="utf-8")).get("extractors", {})
    if "ids" in info:
        return frozenset(info["ids"])
    paths = [Path(f) for f in info.get("data", [])]
    if not paths or not all(p.is_file() for p in paths):
        return frozenset()
    return frozenset(record_key(r) for r in read_records(paths))


class Pipelines:
    """Extractors for training records, one per NER model, built when first asked for: with
    `folds` (`FoldedNER`), each record is run with a NER that never saw it. `build` takes the
    keyword arguments of `build_nlp`."""

    def __init__(self, folds: Optional[FoldedNER], **build) -> None:
        self.folds = folds
        self.build = build
        self._made: dict = {}

    def for_record(self, record: dict):
        return self.get(self.folds.model_for(record) if self.folds else None)

    @contextmanager
    def record(self, record: dict) -> Iterator:
        """The pipeline for a training record (`for_record`), with the field-term table read
        without the record's own abstract for as long as the block runs: the table counted every
        training record (data/build_field_terms.py), and a feature must not credit its own text
        (`field_terms.left_out`)."""
        with left_out(record["text"]):
            yield self.for_record(record)

    def get(self, model: Optional[str] = None):
        if model not in self._made:
            from .pipeline import Extractor, build_nlp
            self._made[model] = Extractor(build_nlp(ner_model=model, **self.build))
        return self._made[model]

    def all(self) -> list:
        return list(self._made.values())


def folds_for(records: Sequence[dict], folds: Optional[Path], seen_ok: bool = False) -> Optional[FoldedNER]:
    """The fold models to train the typer or the linker with: `folds` when given; else
    `DEFAULT_FOLDS_OUT` when it exists; else none, which is refused when the shipped NER was
    trained on some of the records (its weights would learn from output on seen text) unless
    `seen_ok` (tests of the training code only: such weights are never shipped)."""
    if folds is not None:
        return FoldedNER(folds)
    if (DEFAULT_FOLDS_OUT / FOLDS_FILE).is_file():
        return FoldedNER(DEFAULT_FOLDS_OUT)
    seen = shipped_ner_ids() & {record_key(r) for r in records}
    if seen and not seen_ok:
        raise DataError(f"the shipped NER was trained on {len(seen)} of these records: train its folds first "
                        f"(`extractors train --component ner-folds`, to {DEFAULT_FOLDS_OUT})")
    return None


def quiet() -> IO:
    """A log sink for `train(log=...)` that drops everything."""
    return io.StringIO()
