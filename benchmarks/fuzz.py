"""Mutation fuzzing of every way input reaches the tool: abstracts, input files, record files read
back, and the gold and predictions `eval` scores. Deterministic for a seed.

    python benchmarks/fuzz.py [--seed 1] [--n 2000] [--targets text,sentences,inputs,records,eval]
                              [--keep DIR]

- ``text``: corpus abstracts (the seeds when the corpus is absent) with LaTeX, markdown, numbers,
  names, acronyms, odd spaces and control characters inserted, spans cut out and pieces of other
  abstracts pasted in, half of them with a title so mutated, through the pipeline as a run calls
  it: the record must validate (schema and spans), or the abstract time out under the limit the
  engines apply (an error line, as a run writes it);
- ``sentences``: sentences composed from the project's own word lists and cue files
  (resources/word_lists.tsv, type_heads.tsv, units.tsv, magnitudes.tsv, named_measures.txt)
  with names and every form of number, so that each rule's trigger words meet the others;
- ``inputs``: the input files of tests/data/formats and the seeds with bytes inserted, deleted,
  overwritten or cut off (some gzipped), through `readers.read_file`: every item is an abstract
  with clean text or an error, never an exception;
- ``records``: the committed seeds records (output/records.jsonl) with values replaced, keys
  deleted and lines broken, through `leaderboard`, `export`, `report` and `validate`: problems
  and `ReportError` are answers, an exception from inside is not;
- ``eval``: the seeds' gold and records so broken, through `evaluate`: `EvalError` is an answer.

Each failure is printed (target, iteration, exception) and its input kept under ``--keep``
(default build/fuzz/). Exit 1 when anything failed. In the fifty-first session these targets
found five ways one input failed, all fixed with table tests (docs/HISTORY.md, "Fifty-first session"):
the numbers `0^{-3}` and `0.00005B`, a "measure" head noun before a coined name, malformed
records in `leaderboard`, `export` and `report`, malformed gold and predictions in `eval`.
"""
from __future__ import annotations

import argparse
import copy
import gzip
import json
import random
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "abstracts.jsonl"
TARGETS = ("text", "sentences", "inputs", "records", "eval")
TIME_LIMIT = 2.0   # seconds per abstract, as `extractors run` applies by default

#: what mutations insert into abstracts: markup, numbers in every form, names, cues, odd characters
PIECES = ["(", ")", "((", "))", "$", "$$", "\\(", "\\)", "\\textbf{", "\\emph{", "}", "**", "__", "`",
          "\\texttt{X}", "\\url{", "https://", "github.com/a/b", " (e.g., ", " i.e. ", " vs. ", "52.56%",
          "+8.2", "-0.3%", "1\\,024", "20B", "7B and 32B", "128x", "2x-3x", "10^{-3}", "0^{-3}",
          "3 \\times 10^5", "0.00005B", "±0.4", "~", ">40", "≥ 5", "up to", "at least", "by 3 points",
          "1/3", "2 1/2", "O(", "O(n^2)", "\\tilde{O}(\\sqrt{T})", "Ω(", "FooNet", "GPT-4", "pass@1",
          "top-1 accuracy", "ImageNet", "CIFAR-10", " on ", " achieves ", " outperforms ", " than ",
          "respectively", "Router-weighted Expert Activation Pruning (REAP)", "(REAP)", " we propose ",
          " our new measure ", " called ", " dubbed ", ": ", ", ", "; ", ". ", "\n", "\t", "\u00a0",
          "\u2009", "\u200b", "\ufeff", "\u0301", "\U0001d4aa", "\x0c", "\r\n", "\x85", "\u2028", "ﬁ",
          "Ａ", "１２３", "٣", "½", "²", "⁻¹", "\x00"]
#: what mutations put into input files and records
BYTES = [b"\x00", b"\xff", b"\xfe\xff", b"\xef\xbb\xbf", b'"', b"{", b"}", b"[", b"]", b",", b"\n",
         b"\r", b"\\", b"\\u0000", b"\\ud800", b"@", b"=", b"%", b"#", b"\t", b"\x1a", b"\xc3",
         b"\xe2\x80", b"PAR1", b"1e400", b"-", b"null", b"true", b'"year": "x"', b'"abstract": 5']
VALUES = [None, 0, -1, 1e308, 10**30, "", "x", [], {}, [None], {"a": 1}, True, 3.5, "ImageNet",
          "<script>", [1, 2], {"start": 5, "end": 2, "text": "x"}]


def abstracts(limit: int = 600) -> list[str]:
    if DEFAULT_CORPUS.exists():
        with DEFAULT_CORPUS.open(encoding="utf-8") as fh:
            return [json.loads(line)["abstract"] for line, _ in zip(fh, range(limit))]
    return [p.read_text(encoding="utf-8") for p in sorted((ROOT / "seeds").iterdir()) if p.is_file()]


def mutated_text(rng: random.Random, texts: list[str]) -> str:
    t = list(rng.choice(texts))
    for _ in range(rng.randint(1, 40)):
        p = rng.randrange(len(t) + 1)
        r = rng.random()
        if r < 0.7:
            t[p:p] = list(rng.choice(PIECES))
        elif r < 0.85:
            del t[p:p + rng.randint(1, 50)]
        else:
            u = rng.choice(texts)
            q = rng.randrange(len(u))
            t[p:p] = list(u[q:q + rng.randint(1, 200)])
    return "".join(t) or "x"


def composed_sentence(rng: random.Random, vocab: dict) -> str:
    pools = [(0.30, vocab["words"]), (0.42, vocab["names"]), (0.54, vocab["numbers"]), (0.62, vocab["heads"]),
             (0.68, vocab["units"]), (0.72, vocab["magnitudes"]), (0.78, vocab["measures"]),
             (1.00, [",", ".", ";", ":", "(", ")", "and", "or", "vs.", "respectively", "e.g.,", "\n"])]
    parts = []
    for _ in range(rng.randint(3, 120)):
        r = rng.random()
        parts.append(rng.choice(next(pool for edge, pool in pools if r < edge)))
    return ("We propose " if rng.random() < 0.5 else "") + " ".join(parts)


def vocabulary() -> dict:
    from extractors import resources
    return {"words": sorted({w for row in resources.rows("word_lists.tsv") for w in row[1].split()}),
            "heads": [row[0] for row in resources.rows("type_heads.tsv")],
            "units": [row[0].lstrip("=^") for row in resources.rows("units.tsv")],
            "magnitudes": [row[0] for row in resources.rows("magnitudes.tsv")],
            "measures": list(resources.lines("named_measures.txt")),
            "names": ["FooNet", "BERT-Large", "GPT-4", "ResNet-50", "ImageNet", "CIFAR-10", "MCPMark",
                      "pass@1", "top-1 accuracy", "ViT-B/16", "Qwen3-Coder-480B", "Deep Sea", "ZQ-Dist", "ABC"],
            "numbers": ["52.56%", "$52.56$\\%", "+8.2", "-0.3%", "1,024", "20B", "128x", "0.5",
                        "3 \\times 10^5", "1/3", "10^{-3}", "0^{-3}", "0.00005B", "~4", ">40", "±0.4",
                        "1.2 million", "7B and 32B", "13.3-50.4%", "(1)", "2021", "[12]"]}


def check_abstract(extractor, text: str, title: str | None = None) -> None:
    from extractors import partition
    from extractors.items import Abstract
    from extractors.validate import check_record
    abstract = Abstract(text=text, path="fuzz", index=0, line=1, title=title)
    (out,) = partition._outcomes(extractor, [abstract], TIME_LIMIT)
    if out.error is not None:
        if out.error.reason.startswith("timed out"):
            return   # hostile enough to need the limit: an error line, as the engines write it
        raise AssertionError(out.error.reason)
    problems = list(check_record(json.loads(out.record.model_dump_json())))
    assert not problems, problems[:3]


def mutate_json(rng: random.Random, obj) -> None:
    """Replace, delete or go into one value of a JSON object or list, at random."""
    if not isinstance(obj, (dict, list)) or not obj:
        return
    k = rng.choice(sorted(obj)) if isinstance(obj, dict) else rng.randrange(len(obj))
    r = rng.random()
    if r < 0.3:
        obj[k] = copy.deepcopy(rng.choice(VALUES))
    elif r < 0.45:
        del obj[k]
    else:
        mutate_json(rng, obj[k])


def broken_input(rng: random.Random, sources: list[Path], work: Path) -> Path:
    src = rng.choice(sources)
    data = bytearray(src.read_bytes())
    for _ in range(rng.randint(1, 10)):
        p = rng.randrange(len(data) + 1)
        r = rng.random()
        if r < 0.5:
            data[p:p] = rng.choice(BYTES)
        elif r < 0.8:
            del data[p:p + rng.randint(1, 40)]
        elif data:
            data[min(p, len(data) - 1)] = rng.randrange(256)
    if rng.random() < 0.2:
        data = data[:rng.randrange(len(data) + 1)]
    f = work / (src.name + (".gz" if rng.random() < 0.15 else ""))
    f.write_bytes(gzip.compress(bytes(data), mtime=0) if f.suffix == ".gz" else bytes(data))
    return f


def check_input(f: Path) -> None:
    from extractors.items import Abstract, InputError
    from extractors.readers import read_file
    for item in read_file(f):
        assert isinstance(item, (Abstract, InputError)), type(item)
        if isinstance(item, Abstract):
            assert isinstance(item.text, str) and item.text.strip()
            item.text.encode("utf-8")
            assert item.year is None or isinstance(item.year, int)


def broken_records(rng: random.Random, work: Path) -> Path:
    recs = [json.loads(line) for line in (ROOT / "output" / "records.jsonl").read_text(encoding="utf-8").splitlines()]
    recs = rng.sample(recs, rng.randint(1, len(recs)))
    for _ in range(rng.randint(1, 6)):
        mutate_json(rng, rng.choice(recs))
    lines = [json.dumps(r) for r in recs]
    if rng.random() < 0.1:
        lines.insert(rng.randrange(len(lines) + 1), '{"broken": ')
    f = work / "records.jsonl"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f


def check_records(f: Path, work: Path) -> None:
    from extractors.export import export
    from extractors.leaderboard import Filters, collect, render
    from extractors.report import ReportError, write_report
    from extractors.validate import validate_paths
    col = collect([f])
    for fmt in ("md", "csv", "json"):
        render(col, fmt, Filters(None, None, 1, None))
    export([f], work / "tables", "csv")
    try:
        write_report(f, work / "report.html")
    except ReportError:
        pass
    list(validate_paths([f]))


def broken_eval_inputs(rng: random.Random, work: Path) -> Path:
    """gold.jsonl and pred.jsonl in `work`: the seeds' gold and records, broken at random."""
    pred = [json.loads(line) for line in (ROOT / "output" / "records.jsonl").read_text(encoding="utf-8").splitlines()]
    gold = [json.loads(line) for line in (ROOT / "data" / "gold" / "seeds.gold.jsonl").read_text(encoding="utf-8").splitlines()]
    side = rng.choice(["pred", "gold", "both"])
    for _ in range(rng.randint(1, 4)):
        if side in ("pred", "both"):
            mutate_json(rng, rng.choice(pred))
        if side in ("gold", "both"):
            mutate_json(rng, rng.choice(gold))
    (work / "pred.jsonl").write_text("".join(json.dumps(r) + "\n" for r in pred), encoding="utf-8")
    (work / "gold.jsonl").write_text("".join(json.dumps(r) + "\n" for r in gold), encoding="utf-8")
    return work


def check_eval(work: Path) -> None:
    from extractors.evaluate import EvalError, evaluate
    try:
        evaluate(work / "gold.jsonl", work / "pred.jsonl")
    except EvalError:
        pass


def run(seed: int, n: int, targets: tuple, keep: Path, out=sys.stdout) -> int:
    """Run `n` cases of each target; returns the number of failures (each printed, its input kept)."""
    rng = random.Random(seed)
    failures = 0
    extractor = texts = vocab = None
    if {"text", "sentences"} & set(targets):
        from extractors.pipeline import Extractor
        extractor = Extractor()
        texts, vocab = abstracts(), vocabulary()
    sources = [p for p in sorted((ROOT / "tests" / "data" / "formats").iterdir()) + sorted((ROOT / "seeds").iterdir())
               if p.is_file() and p.suffix != ".py"]
    for target in targets:
        start, bad = time.perf_counter(), 0
        for i in range(n):
            work = Path(tempfile.mkdtemp(prefix="fuzz-"))
            kept = None
            try:
                if target == "text":   # the title too: one bad title once failed whole runs
                    title = mutated_text(rng, texts)[:rng.randint(0, 200)] if rng.random() < 0.5 else None
                    kept = {"abstract": mutated_text(rng, texts), "title": title}
                    check_abstract(extractor, kept["abstract"], title)
                elif target == "sentences":
                    kept = composed_sentence(rng, vocab)
                    check_abstract(extractor, kept)
                elif target == "inputs":
                    kept = broken_input(rng, sources, work)
                    check_input(kept)
                elif target == "records":
                    kept = broken_records(rng, work)
                    check_records(kept, work)
                else:
                    kept = broken_eval_inputs(rng, work)
                    check_eval(kept)
            except Exception as e:   # noqa: BLE001  (the point: any exception is a finding)
                bad += 1
                keep.mkdir(parents=True, exist_ok=True)
                dest = keep / f"{target}-{seed}-{i}"
                if isinstance(kept, dict):   # an input line `extractors run` reads again
                    dest.with_suffix(".jsonl").write_text(json.dumps(kept) + "\n", encoding="utf-8")
                elif isinstance(kept, str):
                    dest.with_suffix(".txt").write_text(kept, encoding="utf-8")
                elif isinstance(kept, Path) and kept.is_dir():
                    shutil.copytree(kept, dest, dirs_exist_ok=True)
                elif isinstance(kept, Path):
                    shutil.copy(kept, dest.with_suffix(kept.suffix or ".bin"))
                where = traceback.extract_tb(e.__traceback__)[-1]
                print(f"FAIL {target} {i}: {type(e).__name__}: {str(e)[:200]} "
                      f"({Path(where.filename).name}:{where.lineno}) -> {dest}", file=out, flush=True)
            finally:
                shutil.rmtree(work, ignore_errors=True)
        failures += bad
        print(f"{target:<10} {n:>6} cases {bad:>4} failed  {time.perf_counter() - start:7.1f} s", file=out, flush=True)
    return failures


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--n", type=int, default=2000, help="cases per target")
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("--keep", type=Path, default=ROOT / "build" / "fuzz")
    args = ap.parse_args()
    targets = tuple(t for t in args.targets.split(",") if t)
    unknown = set(targets) - set(TARGETS)
    if unknown:
        ap.error(f"unknown targets {sorted(unknown)}: choose from {', '.join(TARGETS)}")
    sys.exit(1 if run(args.seed, args.n, targets, args.keep) else 0)


if __name__ == "__main__":
    main()
