"""quantulum3 beside extractors on the seeds: the same scorer, and the speed of each.

    pip install '.[bench]'                     # quantulum3: a benchmark-only dependency
    python benchmarks/quantulum_seeds.py [--corpus ../shared/corpus/abstracts.jsonl] [--n 300]
    python benchmarks/quantulum_seeds.py --classifier   # with quantulum3's unit classifier

quantulum3 (a general-purpose quantity extractor) is run over the unique seed abstracts as read by
`extractors.readers`; each quantity it finds becomes a result (span from quantulum's span, its
value, its unit mapped crudely to `%`, `x` or the unit's name; kind, qualifier, metric, subject
and dataset left null) of a record that has nothing else. Those records are scored with
`extractors.evaluate` against data/gold/seeds.gold.jsonl beside a fresh `extractors run seeds/`.

Speed: each tool runs in a fresh child process on the unique seed abstracts and on N corpus
abstracts drawn with a fixed seed; loading (imports, pipeline or unit tables) is timed apart from
processing, and abstracts/s is over processing alone. Extractors is timed both as the pipeline
alone (`Extractor.process`) and as the whole `run` (reading, pipeline, sorted atomic writes).
quantulum3 is never imported by the package.

quantulum3 runs without its unit classifier by default (plain `pip install quantulum3`; its
rules and unit tables, all shipped, nothing downloaded). `--classifier` uses the classifier, which
needs `pip install 'quantulum3[classifier]'` (scikit-learn): the `clf.joblib` quantulum3 ships is
pickled by an older scikit-learn and does not load with a current one, so the script trains it
once from the training data quantulum3 ships (offline, about a minute) into
~/.cache/extractors-bench/ and passes that file to `parser.parse(classifier_path=...)`.

quantulum3's output depends on Python's string hash seed (one quantity more or less on the seeds
from one process to the next), so the script re-executes itself with PYTHONHASHSEED=0 and its
figures are reproducible.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "seeds"
GOLD = ROOT / "data" / "gold" / "seeds.gold.jsonl"
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "abstracts.jsonl"
SAMPLE_SEED = 7
FIELDS = ["results", "leaderboard"]
ATTRS = ["unit", "kind", "qualifier", "metric", "subject", "dataset"]


# ---------------------------------------------------------------- inputs

def seed_abstracts() -> list:
    """The unique seed abstracts (first reading of each), as `extractors run` sees them."""
    from extractors.models import record_id
    from extractors.readers import Abstract, read_inputs
    seen, out = set(), []
    for item in read_inputs([str(SEEDS)]):
        if isinstance(item, Abstract) and record_id(item.text) not in seen:
            seen.add(record_id(item.text))
            out.append(item)
    return out


def corpus_texts(corpus: Path, n: int) -> list[str]:
    rows = [json.loads(line) for line in corpus.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r["abstract"] for r in random.Random(SAMPLE_SEED).sample(rows, min(n, len(rows)))]


# ---------------------------------------------------------------- quantulum3 -> records

def _unit(q, surface: str):
    name = q.unit.name
    if name in ("percentage", "percent"):
        return "%"
    if name == "dimensionless":
        s = surface.rstrip().lower()
        return "x" if s.endswith(("x", "×", "fold", "times")) else None
    return name


def classifier_file() -> Path:
    """quantulum3's unit classifier trained for the installed scikit-learn (made once, cached)."""
    from importlib.metadata import version
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "extractors-bench"
    path = cache / f"quantulum3-{version('quantulum3')}-clf-sklearn-{version('scikit-learn')}.joblib"
    if not path.exists():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from quantulum3.classifier import train_classifier
        cache.mkdir(parents=True, exist_ok=True)
        print(f"training quantulum3's unit classifier from its shipped data -> {path}", file=sys.stderr)
        tmp = path.with_suffix(".tmp")
        train_classifier(store=True, output_path=str(tmp), n_jobs=2)
        tmp.replace(path)
    return path


def quantulum_parse(use_classifier: bool):
    """quantulum3's `parse`, with or without its unit classifier."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from quantulum3 import classifier, parser
    if not use_classifier:
        classifier.USE_CLF = False  # rules only, even when scikit-learn is installed
        return parser.parse
    if not classifier.USE_CLF:
        raise SystemExit("--classifier needs scikit-learn: pip install 'quantulum3[classifier]'")
    path = str(classifier_file())
    return lambda text: parser.parse(text, classifier_path=path)


def quantulum_results(parse, text: str) -> tuple[list[dict], int]:
    """Results from quantulum's quantities (and how many had a span not matching the text)."""
    out, bad = [], 0
    for q in parse(text):
        start, end = q.span
        if not (0 <= start < end <= len(text)):
            bad += 1
            continue
        surface = text[start:end]
        out.append({"span": {"start": start, "end": end, "text": surface}, "value": float(q.value),
                    "unit": _unit(q, surface), "kind": None, "qualifier": None, "metric": None,
                    "subject": None, "dataset": None})
    return out, bad


def quantulum_records(abstracts, use_classifier: bool) -> tuple[list[dict], dict]:
    from extractors.models import record_id
    parse = quantulum_parse(use_classifier)
    records, info = [], {"quantities": 0, "span_outside_text": 0, "failed_abstracts": 0}
    for a in abstracts:
        try:
            results, bad = quantulum_results(parse, a.text)
        except Exception as e:  # noqa: BLE001 - report, keep going
            info["failed_abstracts"] += 1
            print(f"quantulum3 failed on {a.path}#{a.index}: {type(e).__name__}: {e}", file=sys.stderr)
            results, bad = [], 0
        info["quantities"] += len(results)
        info["span_outside_text"] += bad
        records.append({"schema_version": "1.0", "id": record_id(a.text),
                        "sources": [{"path": a.path, "index": a.index}], "venue": a.venue, "year": a.year,
                        "title": None, "text": a.text, "results": results, "leaderboard": []})
    records.sort(key=lambda r: r["id"])
    return records, info


# ---------------------------------------------------------------- quality

def scores(tmp: Path, use_classifier: bool):
    from extractors import engine
    from extractors.evaluate import evaluate
    abstracts = seed_abstracts()
    qrecs, qinfo = quantulum_records(abstracts, use_classifier)
    qfile = tmp / "quantulum" / "records.jsonl"
    qfile.parent.mkdir(parents=True)
    qfile.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in qrecs), encoding="utf-8")
    engine.run([str(SEEDS)], tmp / "ours")
    return (evaluate(GOLD, qfile).to_json(), evaluate(GOLD, tmp / "ours" / "records.jsonl").to_json(),
            qinfo, len(abstracts))


def _f(x) -> str:
    return "   -  " if x is None else f"{x:6.3f}"


def quality_table(q: dict, ours: dict) -> str:
    lines = [f"{'':<20}{'quantulum3':^34}{'extractors':^34}",
             f"{'':<20}" + f"{'P':>7}{'R':>7}{'F1':>7}{'TP/FP/FN':>13}" * 2]
    for group, names in (("fields", FIELDS), ("attributes", ATTRS)):
        for n in names:
            label = n if group == "fields" else f"  {n}"
            cells = ""
            for s in (q, ours):
                r = s[group][n]
                cells += f"{_f(r['p']):>7}{_f(r['r']):>7}{_f(r['f1']):>7}{r['tp']:>5}/{r['fp']}/{r['fn']}".ljust(34)
            lines.append(f"{label:<20}{cells}")
        if group == "fields":
            lines.append("result attributes (over matched numbers):")
    return "\n".join(lines)


# ---------------------------------------------------------------- speed (child processes)

def child(tool: str, texts_file: str, use_classifier: bool) -> None:
    texts = json.loads(Path(texts_file).read_text(encoding="utf-8"))
    t0 = time.perf_counter()
    if tool == "quantulum3":
        parse = quantulum_parse(use_classifier)
        parse("warm-up: 3 km and 52%")
        load = time.perf_counter() - t0
        t1, c1 = time.perf_counter(), time.process_time()
        n = 0
        for t in texts:
            try:
                n += len(parse(t))
            except Exception:  # noqa: BLE001
                pass
        secs, cpu = time.perf_counter() - t1, time.process_time() - c1
    elif tool == "extractors":
        from extractors.pipeline import Extractor
        from extractors.readers import Abstract
        ex = Extractor()
        ex.extract("warm-up: 3 km and 52%.")
        load = time.perf_counter() - t0
        t1, c1 = time.perf_counter(), time.process_time()
        n = sum(len(o.record.results) for o in ex.process(Abstract(text=t, path="x", index=i)
                                                        for i, t in enumerate(texts)) if o.record)
        secs, cpu = time.perf_counter() - t1, time.process_time() - c1
    else:  # extractors run: the whole command, reading and writing included
        from extractors import engine
        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp) / "in.jsonl"
            src.write_text("".join(json.dumps({"abstract": t}) + "\n" for t in texts), encoding="utf-8")
            t1, c1 = time.perf_counter(), time.process_time()
            engine.run([str(src)], Path(tmp) / "out")
            secs, cpu = time.perf_counter() - t1, time.process_time() - c1
            load = None  # inside engine.run, so within process_s
            n = sum(len(json.loads(line)["results"])
                    for line in (Path(tmp) / "out" / "records.jsonl").read_text(encoding="utf-8").splitlines())
    print(json.dumps({"abstracts": len(texts), "numbers": n, "load_s": load, "process_s": secs,
                      "process_cpu_s": cpu}))


def measure(tool: str, texts: list[str], tmp: Path, use_classifier: bool) -> dict:
    f = tmp / f"texts_{len(texts)}.json"
    f.write_text(json.dumps(texts), encoding="utf-8")
    res = subprocess.run([sys.executable, __file__, "--child", tool, "--texts", str(f)]
                         + (["--classifier"] if use_classifier else []),
                         capture_output=True, text=True, cwd=ROOT)
    if res.returncode:
        raise SystemExit(f"{tool} child failed:\n{res.stderr}")
    return json.loads(res.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--n", type=int, default=300, help="corpus abstracts to time on (fixed-seed sample)")
    ap.add_argument("--json", type=Path, help="also write every figure here")
    ap.add_argument("--classifier", action="store_true",
                    help="use quantulum3's unit classifier (needs quantulum3[classifier])")
    ap.add_argument("--child", choices=["quantulum3", "extractors", "extractors-run"], help=argparse.SUPPRESS)
    ap.add_argument("--texts", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(sys.executable, [sys.executable, __file__] + sys.argv[1:],
                  dict(os.environ, PYTHONHASHSEED="0"))
    if args.child:
        child(args.child, args.texts, args.classifier)
        return
    mode = "with its unit classifier" if args.classifier else "rules only, no classifier"
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        q, ours, qinfo, n_seeds = scores(tmp, args.classifier)
        print(f"quantulum3 {mode}; quality on the seeds ({n_seeds} unique abstracts, gold {GOLD.relative_to(ROOT)}); "
              f"quantulum3 found {qinfo['quantities']} quantities"
              f"{'' if not qinfo['failed_abstracts'] else ', failed on ' + str(qinfo['failed_abstracts'])}"
              f"{'' if not qinfo['span_outside_text'] else ', spans outside the text ' + str(qinfo['span_outside_text'])}")
        print(quality_table(q, ours))
        sets = [("seeds", [a.text for a in seed_abstracts()])]
        if args.corpus.exists():
            sets.append((f"corpus sample (seed {SAMPLE_SEED})", corpus_texts(args.corpus, args.n)))
        else:
            print(f"(no corpus at {args.corpus}: timing on the seeds only)")
        speed = {}
        print("\nspeed (fresh process each; abstracts/s over processing, load timed apart; per wall "
              "second and per CPU second, the latter steadier on a busy machine)")
        print(f"{'texts':<28}{'tool':<26}{'abstracts':>10}{'numbers':>9}{'load s':>8}{'process s':>11}"
              f"{'abstracts/s':>13}{'per CPU s':>11}")
        for label, texts in sets:
            for tool, name in (("quantulum3", "quantulum3"), ("extractors", "extractors pipeline"),
                               ("extractors-run", "extractors run (1 worker)")):
                r = measure(tool, texts, tmp, args.classifier)
                speed[f"{label} / {name}"] = r
                load = "incl." if r["load_s"] is None else f"{r['load_s']:.2f}"
                print(f"{label:<28}{name:<26}{r['abstracts']:>10}{r['numbers']:>9}{load:>8}"
                      f"{r['process_s']:>11.2f}{r['abstracts'] / r['process_s']:>13.1f}"
                      f"{r['abstracts'] / r['process_cpu_s']:>11.1f}")
        if args.json:
            args.json.write_text(json.dumps({"quantulum3_mode": mode, "quantulum3": q, "extractors": ours, "quantulum3_info": qinfo,
                                             "speed": speed}, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
