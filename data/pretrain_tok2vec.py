"""Pretrain the NER's token-to-vector layer on the corpus abstracts (issue 13: ``spacy pretrain``).

    python data/pretrain_tok2vec.py [--corpus ../shared/corpus/abstracts.jsonl] [--epochs 10]

spaCy's ``pretrain`` (characters objective: predict each word's first and last four characters
from its context) over the normalised text of the 5,761 corpus abstracts, with the tok2vec
architecture of the NER as ``data/ner.cfg`` defines it (the section
``components.ner.model.tok2vec`` is copied into a standalone ``tok2vec`` component here, so the
architecture is defined once). The weights of the last epoch are written to
``data/ner_tok2vec.bin``; ``extractors train --component ner`` loads them into the NER's tok2vec
before training when ``data/ner.cfg`` names the file (``[paths] pretrained_tok2vec``).

The abstracts are not in the repository; the weights are, so the NER trains from what the
repository holds. spaCy's pretraining is seeded (``[system] seed``): the same corpus, config
and epochs give the same weights (two runs of one epoch gave byte-identical files). About 2.5
minutes per epoch on one core. The twenty-first session's experiment (data/ner.cfg) did not pay,
so the shipped config names no weights and the file is not kept.
"""
import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import spacy  # noqa: E402
from spacy.training.pretrain import pretrain  # noqa: E402
from thinc.api import Config  # noqa: E402

from extractors import tokenizer as _tokenizer  # noqa: E402,F401  (registers extractors.ml_tokenizer.v1)
from extractors.normalize import normalize  # noqa: E402

NER_CONFIG = ROOT / "data" / "ner.cfg"
OUT = ROOT / "data" / "ner_tok2vec.bin"
CORPUS = ROOT.parent / "shared" / "corpus" / "abstracts.jsonl"
EPOCHS = 10

def pretrain_config(path: Path, epochs: int) -> Path:
    """Write the pretraining config to `path`: data/ner.cfg with its NER replaced by a standalone
    ``tok2vec`` component of the same architecture, filled with spaCy's pretraining defaults
    (``spacy init fill-config --pretraining``: characters objective), `epochs` epochs."""
    from spacy.cli.init_config import fill_config

    cfg = Config().from_disk(NER_CONFIG, interpolate=False)
    resolved = Config().from_disk(NER_CONFIG, interpolate=True)  # the widths resolved
    cfg["nlp"]["pipeline"] = ["tok2vec"]
    cfg["components"] = {"tok2vec": {"factory": "tok2vec",
                                     "model": resolved["components"]["ner"]["model"]["tok2vec"]}}
    cfg["training"]["frozen_components"] = []
    cfg["training"]["annotating_components"] = []
    cfg["training"]["score_weights"] = {}
    base = path.with_name("base.cfg")
    cfg.to_disk(base)
    fill_config(path, base, pretraining=True, silent=True)
    full = Config().from_disk(path, interpolate=False)
    full["pretraining"]["component"] = "tok2vec"
    full["pretraining"]["layer"] = ""
    full["pretraining"]["max_epochs"] = epochs
    full.to_disk(path)
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--epochs", type=int, default=EPOCHS)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="extractors-pretrain-") as tmp:
        tmp = Path(tmp)
        raw = tmp / "raw.jsonl"
        n = 0
        with raw.open("w", encoding="utf-8") as fh:
            for line in args.corpus.open(encoding="utf-8"):
                text = json.loads(line).get("abstract") or ""
                if text.strip():
                    fh.write(json.dumps({"text": normalize(text).clean}) + "\n")
                    n += 1
        path = pretrain_config(tmp / "pretrain.cfg", args.epochs)
        config = spacy.util.load_config(path, overrides={"paths.raw_text": str(raw)}, interpolate=False)
        (tmp / "out").mkdir()
        pretrain(config.interpolate(), tmp / "out", silent=True)  # as `spacy pretrain` calls it
        shutil.copyfile(tmp / "out" / "model-last.bin", args.out)
    print(f"{n} abstracts, {args.epochs} epochs -> {args.out}")


if __name__ == "__main__":
    main()
