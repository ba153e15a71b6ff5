"""Where the time of `extractors run` goes: seconds per stage and per spaCy component.
(Not named profile.py: a script of that name here would shadow the standard library's `profile`
for every script in this folder, and spaCy imports it.)

    python benchmarks/stage_profile.py [--corpus ../shared/corpus/abstracts.jsonl] [--limit N] [--batch 32]

Runs the stages of one worker in this process, in the order a run does them, timing each on its
own: reading the input (`partition.plan` + `read_part`), normalising (`normalize`), the tokenizer
(`Extractor._make_doc`, guard included), every pipeline component in pipeline order (the NER and
each rule component, through its ``pipe`` when it has one, as ``nlp.pipe`` calls it), record
assembly (`assemble`), record serialisation (`partition._record_row`) and writing the output
folder (`engine.Collector`, the same merge a run does). Batches are built as a run builds them
(`partition.BATCH`); pipeline building is timed apart. Times are this process's CPU time unless
``--clock wall`` (on a shared machine CPU time varies less). Prints a table with seconds, per 1,000
abstracts and share of the total; ``--json`` prints the same as JSON.

``--startup N`` instead times N fresh processes of each of ``import spacy; spacy.blank("en")``
and ``from extractors import extract; extract(TEXT)`` (whole process, interpreter start included)
and prints min / median / max of each and of the difference (what the first `extract()` costs
beyond spaCy's own start).

The stages are the same functions the engines call, so the records made here are a run's records
(`--check DIR` compares them byte for byte with DIR/records.jsonl of a run over the same input).
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "abstracts.jsonl"
sys.path.insert(0, str(ROOT))


def profile(corpus: Path, limit: int = 0, batch_size: int = 0, out_dir: Path | None = None,
            clock: str = "cpu") -> dict:
    """{"n": abstracts, "build": seconds, "stages": {stage: seconds}} over `corpus` (first `limit`
    abstracts, 0: all), writing the output folder to `out_dir` (a temporary one if None).
    `clock`: "cpu" (this process's CPU time: steadier on a shared machine) or "wall"."""
    from extractors import partition, readers
    from extractors.assemble import assemble
    from extractors.engine import Collector, write_summary
    from extractors.engine import Summary
    from extractors.normalize import normalize
    from extractors.pipeline import Extractor, Outcome, _failed

    t = defaultdict(float)
    clock = time.process_time if clock == "cpu" else time.perf_counter
    t0 = clock()
    extractor = Extractor()
    build = clock() - t0
    nlp = extractor.nlp
    batch_size = batch_size or partition.BATCH

    t0 = clock()
    items = []
    for part in partition.plan([str(corpus)]):
        for k, item in partition.read_part(part):
            if isinstance(item, readers.Abstract):
                item = readers.too_long(item, readers.MAX_CHARS) or item
            items.append((k, item))
            if limit and len(items) >= limit:
                break
        if limit and len(items) >= limit:
            break
    t["read"] += clock() - t0

    tmp = tempfile.TemporaryDirectory() if out_dir is None else None
    out = Path(tmp.name) / "out" if tmp else Path(out_dir)
    col = Collector(out)
    summary = Summary(inputs=[str(corpus)])
    t_run = clock()
    n = 0
    for i, chunk in enumerate(_batches(items, batch_size, partition.BATCH_CHARS)):
        res = partition.PartResult(i)
        good = []
        for k, item in chunk:
            res.files.add(item.path)
            if isinstance(item, readers.InputError):
                res.errors.append((k, partition.orjson.dumps(item.to_json())))
                continue
            res.abstracts += 1
            n += 1
            t0 = clock()
            try:
                norm = normalize(item.text)
            except Exception as e:  # noqa: BLE001 - as the pipeline does
                res.errors.append((k, partition.orjson.dumps(_failed(item, "normalisation", e).to_json())))
                continue
            t["normalise"] += clock() - t0
            good.append((k, item, norm))
        t0 = clock()
        docs = [extractor._make_doc(norm) for _, _, norm in good]
        t["tokenizer"] += clock() - t0
        for name, proc in nlp.pipeline:
            t0 = clock()
            docs = list(proc.pipe(docs)) if hasattr(proc, "pipe") else [proc(d) for d in docs]
            t[name] += clock() - t0
        for (k, item, norm), doc in zip(good, docs):
            t0 = clock()
            outcome = Outcome(item, record=assemble(item, norm, doc))
            t["assemble"] += clock() - t0
            t0 = clock()
            row = partition._record_row(outcome, k)
            t["serialise"] += clock() - t0
            res.rows.append(row)
        t0 = clock()
        col.add(res)
        t["write"] += clock() - t0
    t0 = clock()
    col.finish(summary)
    write_summary(summary, out, t_run)
    t["write"] += clock() - t0
    if tmp:
        tmp.cleanup()
    pipe_names = ["tokenizer"] + [name for name, _ in nlp.pipeline]
    order = ["read", "normalise", *pipe_names, "assemble", "serialise", "write"]
    return {"n": n, "build": build, "clock": "CPU" if clock is time.process_time else "wall",
            "stages": {k: t[k] for k in order}}


def _batches(items: list, size: int, max_chars: int):
    """Batches as `partition._process` makes them: `size` abstracts or `max_chars` characters."""
    batch, chars = [], 0
    for k, item in items:
        batch.append((k, item))
        chars += len(getattr(item, "text", ""))
        if len(batch) >= size or chars >= max_chars:
            yield batch
            batch, chars = [], 0
    if batch:
        yield batch


STARTUP = {
    "spacy.blank": "import spacy; spacy.blank('en')",
    "first extract()": "from extractors import extract; extract('We propose FooNet, a sparse transformer "
                       "that reaches 52.56% pass@1 on MCPMark (Smith et al., 2020), 3.1 points above GPT-4o.')",
}


def startup(n: int) -> dict:
    """{configuration: [(wall seconds, CPU seconds) of each fresh process]}, the configurations
    interleaved. CPU time (user + system) is what the process itself spent: on a shared machine
    it varies less than wall time."""
    import resource
    import subprocess
    times: dict = {k: [] for k in STARTUP}
    for _ in range(n):
        for name, code in STARTUP.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
            wall = time.perf_counter() - t0
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
            times[name].append((wall, cpu))
    return times


def startup_table(times: dict) -> str:
    import statistics
    cached = any((ROOT / "extractors" / "__pycache__").glob("pipeline.*.pyc"))
    lines = [f"{len(times['spacy.blank'])} fresh processes each, seconds "
             f"({'with' if cached else 'without'} the package's bytecode cached in __pycache__)",
             f"{'':<18}{'wall min':>9}{'median':>8}{'max':>8}{'CPU min':>9}{'median':>8}{'max':>8}"]
    a, b = times["spacy.blank"], times["first extract()"]
    rows = dict(times, **{"difference": [(y[0] - x[0], y[1] - x[1]) for x, y in zip(a, b)]})
    for k, v in rows.items():
        wall, cpu = [w for w, _ in v], [c for _, c in v]
        lines.append(f"{k:<18}{min(wall):>9.3f}{statistics.median(wall):>8.3f}{max(wall):>8.3f}"
                     f"{min(cpu):>9.3f}{statistics.median(cpu):>8.3f}{max(cpu):>8.3f}")
    med = lambda v, i: statistics.median(x[i] for x in v)  # noqa: E731
    lines.append(f"{'median difference':<18}{med(b, 0) - med(a, 0):>9.3f}{'':>16}{med(b, 1) - med(a, 1):>9.3f}")
    return "\n".join(lines)


def table(result: dict) -> str:
    n = max(result["n"], 1)
    total = sum(result["stages"].values())
    lines = [f"{result['n']} abstracts, {result['clock']} time; pipeline built in {result['build']:.2f} s",
             f"{'stage':<16}{'seconds':>9}{'s / 1000':>10}{'share':>8}"]
    for k, v in result["stages"].items():
        lines.append(f"{k:<16}{v:>9.2f}{v * 1000 / n:>10.3f}{v / total:>8.1%}")
    lines.append(f"{'total':<16}{total:>9.2f}{total * 1000 / n:>10.3f}   ({n / total:.0f} abstracts/s)")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--limit", type=int, default=0, help="the first N abstracts (0: all)")
    ap.add_argument("--batch", type=int, default=0, help="abstracts per batch (default: a run's)")
    ap.add_argument("--clock", choices=["cpu", "wall"], default="cpu",
                    help="CPU time of this process (default: steadier on a shared machine) or wall time")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--check", type=Path, help="a run's output folder over the same input: the records "
                                               "must be byte-identical")
    ap.add_argument("--startup", type=int, metavar="N", help="time N fresh processes (start-up) instead")
    args = ap.parse_args()
    if args.startup:
        times = startup(args.startup)
        print(json.dumps(times) if args.json else startup_table(times))
        return
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        result = profile(args.corpus, args.limit, args.batch, out, args.clock)
        same = None
        if args.check:
            same = all((out / f).read_bytes() == (args.check / f).read_bytes()
                       for f in ("records.jsonl", "errors.jsonl"))
    print(json.dumps(result) if args.json else table(result))
    if same is not None:
        print(f"records and errors byte-identical to {args.check}: {same}")
        sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
