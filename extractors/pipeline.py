"""The pipeline: raw abstract -> normalised text -> spaCy Doc with components -> Record.

`build_nlp()` makes the spaCy pipeline (built once per process); `Extractor` runs it over
abstracts in batches with ``nlp.pipe`` and assembles records. Components work in clean-text
coordinates; `assemble` maps every span back to the raw text in one place.
"""

import inspect
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources as _resources
from pathlib import Path
from typing import Iterable, Iterator, Optional, Union

import spacy
from spacy.language import Language
from thinc.api import NumpyOps

from . import components  # noqa: F401  (registers the factories)
from . import tokenizer  # noqa: F401  (registers extractors.ml_tokenizer.v1)
from .assemble import assemble
from .limits import make_doc
from .models import Record
from .normalize import Normalized, normalize
from .items import Abstract, InputError

PIPE_NAMES = ("sentences", "urls", "bounds", "acronyms", "lexicon", "names", "entities", "tail_candidates",
              "entity_typer", "numbers", "result_linker", "link_scorer")
#: the trained statistical NER: a spaCy pipeline folder under extractors/resources/, written by
#: `extractors train` (extractors/train.py, config data/ner.cfg)
NER_MODEL = "ner"


def ner_model_path():
    """Where the trained NER lives inside the installed package (an importlib Traversable)."""
    return _resources.files(__package__).joinpath("resources", NER_MODEL)


#: longest Doc (tokens) the NER reads. Corpus abstracts have at most ~800 tokens; the parser's
#: loop runs in C, where the per-abstract time limit (extractors.limits) cannot interrupt it, and
#: costs ~30 us a token, so a hostile 100,000-token input would hold a worker for seconds.
NER_MAX_TOKENS = 5000


class MatmulOps(NumpyOps):
    """thinc's CPU ops with the matrix products through numpy (``use_blis=False``: OpenBLAS, which
    numpy ships) instead of blis, one BLAS thread per product. The NER's products (its tok2vec's
    two maxout layers and the parser's precomputed features: ~6,000 tokens x 32-128 inputs a batch)
    run about 3x faster here (blis 33, OpenBLAS 96 GFLOP/s on one core: `benchmarks/blas.py`),
    and the entities are the same: the NER's spans on the 8,508 abstracts of the two development
    pools and the corpus are identical with either (a product's rounding can differ in the last
    bit; no decision turned on it). One thread, as blis: a run's workers are its parallelism, and
    a second BLAS thread per worker would contend with the other worker. The limit is set around
    each product only (threadpoolctl), so a program that calls `extract()` keeps its own BLAS
    threads everywhere else."""

    def __init__(self, **kwargs) -> None:
        super().__init__(use_blis=False, **kwargs)

    def gemm(self, x, y, *, out=None, trans1=False, trans2=False):
        with _one_blas_thread():
            return super().gemm(x, y, out=out, trans1=trans1, trans2=trans2)


@lru_cache(maxsize=1)
def _blas_controller():
    """threadpoolctl's view of the process's BLAS libraries, made on first use (it inspects the
    loaded libraries, ~1 ms)."""
    from threadpoolctl import ThreadpoolController
    return ThreadpoolController()


def _one_blas_thread():
    """A context in which numpy's BLAS uses one thread."""
    return _blas_controller().limit(limits=1, user_api="blas")


def load_ner(nlp: Language, path: Optional[str] = None):
    """The trained `ner` component shipped in the package (or the model at `path`: a fold model
    for training, extractors.train.FoldedNER), built in `nlp` (sharing its vocab) from the
    model's config and weights; nothing is ever downloaded. Only the component is loaded, not the
    model's whole pipeline (its tokenizer alone would cost more than the NER). Its layers multiply
    with `MatmulOps`."""
    model = ner_model_path() if path is None else Path(path)
    if not model.joinpath("config.cfg").is_file():
        raise FileNotFoundError(f"the trained NER model is missing from the package ({model}): "
                                "run `extractors train` to build it")
    with _resources.as_file(model) as path:
        config = dict(spacy.util.load_config(path / "config.cfg", interpolate=True)["components"]["ner"])
        ner = nlp.create_pipe(config.pop("factory"), name="ner", config=config)
        ner.from_disk(path / "ner", exclude=["vocab"])
    ops = MatmulOps()
    for node in ner.model.walk():
        node.ops = ops
    return ner


class LengthLimitedNER:
    """The trained `ner` (a spaCy EntityRecognizer), run on Docs of at most `max_tokens` tokens;
    longer Docs pass through without NER entities (the rule components still run on them).
    Anything else (``labels``, ``to_disk``, ...) is the wrapped component's."""

    def __init__(self, ner, max_tokens: int = NER_MAX_TOKENS) -> None:
        self.ner = ner
        self.max_tokens = max_tokens

    def __call__(self, doc):
        return self.ner(doc) if len(doc) <= self.max_tokens else doc

    def pipe(self, docs, batch_size: int = 128):
        for batch in spacy.util.minibatch(docs, size=batch_size):
            for _ in self.ner.pipe([d for d in batch if len(d) <= self.max_tokens], batch_size=batch_size):
                pass  # the EntityRecognizer annotates the Docs in place
            yield from batch

    def __getattr__(self, name):
        if name == "ner":  # not set yet (copying, unpickling)
            raise AttributeError(name)
        return getattr(self.ner, name)


@Language.factory("extractors_ner", default_config={"max_tokens": NER_MAX_TOKENS, "model": None}, assigns=["doc.ents"])
def make_extractors_ner(nlp: Language, name: str, max_tokens: int, model: Optional[str]):
    """The NER trained by `extractors train`, loaded from the package (`LengthLimitedNER`), or
    from `model` (a folder `extractors train` wrote; for training the parts after it)."""
    ner = load_ner(nlp, model)
    for label in ner.labels:  # the Docs' StringStore must resolve the entity labels
        nlp.vocab.strings.add(label)
    ner.name = name
    return LengthLimitedNER(ner, max_tokens)


def build_nlp(entity_evidence: str = "both", linker: str = "both", typer: str = "both",
              ner_model: Optional[str] = None) -> Language:
    """A blank English pipeline with the project's components. `entity_evidence` ("both",
    "rules" or "ner") picks what the entity resolver listens to, `linker` ("both", "learned" or
    "rules") what decides the results' links, `typer` ("both" or "rules") whether the entity
    typer decides the entities' types (for ablations); `ner_model`, a NER model folder other
    than the shipped one (training: extractors.train.FoldedNER)."""
    nlp = spacy.blank("en", config={"nlp": {"tokenizer": {"@tokenizers": "extractors.ml_tokenizer.v1"}}})
    # first: the statistical NER (with its own tok2vec), whose predictions are doc.ents
    nlp.add_pipe("extractors_ner", name="ner", first=True, config={"model": ner_model} if ner_model else {})
    use = {"entities": entity_evidence, "link_scorer": linker, "entity_typer": typer}
    for name in PIPE_NAMES:
        nlp.add_pipe(name, config={"use": use[name]} if name in use else {})
    return nlp


@dataclass
class Outcome:
    """What became of one abstract: a record or an error."""

    abstract: Abstract
    record: Optional[Record] = None
    error: Optional[InputError] = None


@lru_cache(maxsize=1)
def _call_metadata() -> tuple[str, ...]:
    """The metadata `Extractor.extract` takes: `readers.call_abstract`'s parameters but the text."""
    from .readers import call_abstract
    return tuple(name for name in inspect.signature(call_abstract).parameters if name != "text")


class Extractor:
    """Holds one spaCy pipeline; turns abstracts into records."""

    def __init__(self, nlp: Optional[Language] = None, batch_size: int = 64) -> None:
        self.nlp = nlp or build_nlp()
        self.batch_size = batch_size

    def extract(self, text: str, **meta) -> Record:
        """One record for one abstract text (meta: path, index, line, venue, year, title, ext_id),
        checked as the readers check an input (`readers.call_abstract`: TypeError or ValueError
        naming the argument); ValueError when the abstract fails."""
        from .readers import call_abstract
        unknown = sorted(set(meta) - set(_call_metadata()))
        if unknown:
            raise TypeError(f"extract() got unknown metadata {', '.join(unknown)} "
                            f"(known: {', '.join(_call_metadata())})")
        outcome = next(self.process([call_abstract(text, **meta)]))
        if outcome.error:
            raise ValueError(outcome.error.reason)
        return outcome.record

    def process(self, abstracts: Iterable[Abstract]) -> Iterator[Outcome]:
        batch: list[Abstract] = []
        for a in abstracts:
            batch.append(a)
            if len(batch) >= self.batch_size:
                yield from self._batch(batch)
                batch = []
        if batch:
            yield from self._batch(batch)

    def analyse(self, text: str, title: Optional[str] = None):
        """(normalised text, processed Doc) of one text: what training and inspection read."""
        norm = normalize(text)
        return norm, self.nlp(self._make_doc(norm, title))

    def _make_doc(self, norm: Normalized, title: Optional[str] = None):
        """The Doc of the clean text, carrying the normaliser's record of name markup and the
        paper's title (evidence of what the paper proposes: entities `_title_names_are_proposed`)."""
        doc = make_doc(self.nlp, norm.clean)  # spaCy's tokenizer, unless hostile input makes it quadratic
        doc._.marks = norm.marks
        doc.user_data["extractors.text"] = norm.clean  # spaCy rebuilds doc.text on every access
        doc.user_data["extractors.title"] = title if isinstance(title, str) else None
        return doc

    def _batch(self, batch: list[Abstract]) -> Iterator[Outcome]:
        norms: list[Union[Normalized, Exception]] = []
        for a in batch:
            try:
                norms.append(normalize(a.text))
            except Exception as e:  # noqa: BLE001 - one bad abstract never costs the others
                norms.append(e)
        good = [(a, n) for a, n in zip(batch, norms) if isinstance(n, Normalized)]
        try:
            docs = list(self.nlp.pipe([self._make_doc(n, a.title) for a, n in good]))
        except Exception:  # noqa: BLE001 - retry one by one to isolate the culprit
            docs = []
            for a, n in good:
                try:
                    docs.append(self.nlp(self._make_doc(n, a.title)))
                except Exception as e:  # noqa: BLE001
                    docs.append(e)
        results = iter(zip(good, docs))
        for a, n in zip(batch, norms):
            if isinstance(n, Exception):
                yield Outcome(a, error=_failed(a, "normalisation", n))
                continue
            (_, _), doc = next(results)
            if isinstance(doc, Exception):
                yield Outcome(a, error=_failed(a, "extraction", doc))
                continue
            try:
                yield Outcome(a, record=assemble(a, n, doc))
            except Exception as e:  # noqa: BLE001
                yield Outcome(a, error=_failed(a, "record assembly", e))


def _failed(a: Abstract, stage: str, exc: Exception) -> InputError:
    return InputError(a.path, f"{stage} failed: {type(exc).__name__}: {exc}", a.line, a.index)
