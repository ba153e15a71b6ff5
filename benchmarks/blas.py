"""The NER's matrix products: blis (thinc's default CPU ops) vs numpy's OpenBLAS (`pipeline.MatmulOps`,
what the pipeline uses), on the NER's own shapes and over whole abstracts.

    python benchmarks/blas.py [--corpus ../shared/corpus/abstracts.jsonl] [--limit N]

Prints (1) GFLOP/s of one product of each shape the NER multiplies (a batch of ~6,000 tokens
times its tok2vec's and parser's weights), with blis and with numpy at one BLAS thread; (2) the
NER's CPU seconds over the abstracts with each, and in how many abstracts the entity spans differ
(the choice is kept only while this is 0: a product's rounding may differ in the last bit, and
a decision must never turn on it).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractors import partition, readers  # noqa: E402
from extractors.normalize import normalize  # noqa: E402
from extractors.pipeline import Extractor, MatmulOps, build_nlp  # noqa: E402
from thinc.api import NumpyOps  # noqa: E402

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "abstracts.jsonl"
# (rows, inputs, outputs) of the NER's products for a batch of 6,240 tokens: the embedding's
# maxout (4 x 32 hashed attributes -> 32 x 3 pieces), the encoder's maxout (3 x 32 window -> 32 x
# 2 pieces), the parser's precomputed features (32 -> 3 features x 64 hidden x 2 pieces)
SHAPES = ((6240, 128, 96), (6240, 96, 64), (6240, 32, 384))


def products(repeat: int = 50) -> list[tuple]:
    rng = numpy.random.default_rng(0)
    out = []
    for m, k, n in SHAPES:
        x = rng.random((m, k), dtype="float32")
        w = rng.random((n, k), dtype="float32")
        flops = 2 * m * k * n * repeat
        rates = []
        for ops in (NumpyOps(), MatmulOps()):
            t0 = time.perf_counter()
            for _ in range(repeat):
                ops.gemm(x, w, trans2=True)
            rates.append(flops / (time.perf_counter() - t0) / 1e9)
        out.append(((m, k, n), *rates))
    return out


def abstract_texts(corpus: Path, limit: int = 0) -> list[str]:
    """The texts of the abstracts in `corpus` (the first `limit`; 0: all), read as a run reads them."""
    texts = []
    for part in partition.plan([str(corpus)]):
        for _, item in partition.read_part(part):
            if isinstance(item, readers.Abstract):
                texts.append(item.text)
            if limit and len(texts) >= limit:
                return texts
    return texts


def ner_over(texts: list[str], ops) -> tuple[list, float]:
    ex = Extractor(build_nlp())
    ner = ex.nlp.get_pipe("ner").ner
    for node in ner.model.walk():
        node.ops = ops
    docs = [ex._make_doc(normalize(t)) for t in texts]
    t0 = time.process_time()
    for i in range(0, len(docs), partition.BATCH):
        batch = docs[i:i + partition.BATCH]
        for _ in ner.pipe(batch, batch_size=partition.BATCH):
            pass
    seconds = time.process_time() - t0
    spans = [[(e.start_char, e.end_char, e.label_) for e in d.ents] for d in docs]
    return spans, seconds


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args(argv)
    print("product (rows, in, out)      blis GFLOP/s   numpy (1 thread) GFLOP/s")
    for shape, blis_rate, numpy_rate in products():   # MatmulOps holds numpy's BLAS to one thread itself
        print(f"{str(shape):28s} {blis_rate:10.1f} {numpy_rate:14.1f}")
    texts = abstract_texts(args.corpus, args.limit)
    blis_spans, blis_s = ner_over(texts, NumpyOps())
    numpy_spans, numpy_s = ner_over(texts, MatmulOps())
    differ = sum(a != b for a, b in zip(blis_spans, numpy_spans))
    print(f"NER over {len(texts)} abstracts: blis {blis_s:.2f} s, numpy {numpy_s:.2f} s "
          f"({numpy_s / blis_s:.2f}); abstracts whose entity spans differ: {differ}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
