"""The command line: `extractors run | validate | schema` (and more, see `--help`).

Exit codes (the README's table): 0 success; 1 when some inputs failed, nothing was read, or a
check found problems; 2 on usage errors (bad option, unusable or busy output folder); 3 on an
internal error (a bug: the run wrote no records.jsonl); 130 interrupted (Ctrl-C); 143 terminated
(SIGTERM). Worker processes end with the run in every case.
"""
from __future__ import annotations

import json
import signal
import sys
import traceback
from pathlib import Path
from typing import List, Optional

import typer

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_TERMINATED = 0, 1, 2, 3, 130, 143


class Terminated(BaseException):
    """SIGTERM, raised in the main thread so that the run stops its workers and releases its
    output folder on the way out."""


app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Metadata records (entities, results, bounds, acronyms, URLs) from ML abstracts.")


@app.command()
def run(inputs: List[str] = typer.Argument(..., help="Files or folders of abstracts (any format, compressed "
                                                      "or not); - for standard input."),
        out: Path = typer.Option(..., "-o", "--out", help="Output folder."),
        workers: Optional[int] = typer.Option(None, "--workers", "-w", min=1,
                                              help="Worker processes [default: 1; with --engine dask "
                                                   "and no --scheduler, LocalCluster workers: 2; with "
                                                   "--engine spark and no --master, local[2]]."),
        max_chars: int = typer.Option(100_000, "--max-chars", min=1,
                                      help="Longest abstract accepted; longer ones become errors."),
        engine_name: str = typer.Option("local", "--engine", help="local (this machine), dask or spark."),
        scheduler: Optional[str] = typer.Option(None, "--scheduler",
                                                help="Dask scheduler address (tcp://host:8786); "
                                                     "default: a LocalCluster."),
        master: Optional[str] = typer.Option(None, "--master",
                                             help="Spark master URL (spark://host:7077, yarn, "
                                                  "local[4]); default: spark-submit's, else "
                                                  "local[--workers or 2]."),
        resume: bool = typer.Option(False, "--resume",
                                    help="Skip abstracts whose record is already in OUT (from a "
                                         "finished or interrupted run) and finish the rest."),
        time_limit: float = typer.Option(2.0, "--time-limit", min=0,
                                         help="Seconds one abstract may take before it becomes an "
                                              "error line (0 or inf: no limit)."),
        partition_mb: Optional[float] = typer.Option(None, "--partition-mb", min=0.001,
                                                     help="Split JSONL files into byte ranges of "
                                                          "about this size [0.25].")):
    """Extract records from INPUTS into OUT/records.jsonl, OUT/errors.jsonl, OUT/summary.json."""
    from . import engine, partition
    from .limits import usable_limit
    if engine_name not in ("local", "dask", "spark"):
        raise typer.BadParameter("expected local, dask or spark", param_hint="--engine")
    if scheduler and engine_name != "dask":
        raise typer.BadParameter("needs --engine dask", param_hint="--scheduler")
    if master and engine_name != "spark":
        raise typer.BadParameter("needs --engine spark", param_hint="--master")
    try:
        time_limit = usable_limit(time_limit)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--time-limit")
    try:
        engine.prepare_output(out)
    except engine.OutputError as e:
        raise typer.BadParameter(str(e), param_hint="-o")
    if workers and engine_name == "local" and not scheduler and engine.usable_workers(workers) < workers:
        typer.echo(f"--workers {workers}: this machine gives the run {engine.usable_workers(workers)} "
                   "CPU(s); using that many", err=True)
    opts = dict(resume=resume, time_limit=time_limit, max_chars=max_chars)
    if partition_mb:
        opts["part_bytes"] = max(1, int(partition_mb * (1 << 20)))
    progress = _progress()
    old_term = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        with progress as bar:
            task = bar.add_task("abstracts", total=None) if bar else None
            advance = (lambda n: bar.advance(task, n)) if bar else None
            if engine_name == "dask":
                try:
                    from . import dask_engine
                    import distributed  # noqa: F401
                except ImportError:
                    raise typer.BadParameter("needs Dask: pip install 'extractors[dask]'", param_hint="--engine")
                summary = dask_engine.run(inputs, out, scheduler=scheduler, workers=workers or 2,
                                          progress=advance, **opts)
            elif engine_name == "spark":
                summary = _run_spark(inputs, out, master, workers, advance, opts)
            else:
                with partition.extraction_only():   # with one worker this process is the worker
                    summary = engine.run(inputs, out, workers=workers or 1, progress=advance, **opts)
    except engine.OutputBusy as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(EXIT_USAGE)
    except KeyboardInterrupt:
        typer.echo(f"interrupted: rerun with --resume to finish what is left -> {out}", err=True)
        raise typer.Exit(EXIT_INTERRUPTED)
    except Terminated:
        typer.echo(f"terminated (SIGTERM): rerun with --resume to finish what is left -> {out}", err=True)
        raise typer.Exit(EXIT_TERMINATED)
    finally:
        signal.signal(signal.SIGTERM, old_term)
    for warning in summary.warnings:
        typer.echo(f"warning: {warning}", err=True)
    resumed = f", {summary.resumed} already done" if summary.resumed is not None else ""
    typer.echo(f"{summary.records_written} records, {summary.duplicates_merged} duplicates merged, "
               f"{summary.errors} errors from {summary.abstracts_read} abstracts in "
               f"{summary.files_read} files{resumed} ({summary.seconds:.1f}s) -> {out}", err=True)
    if summary.abstracts_read == 0 and summary.errors == 0:
        typer.echo(f"error: nothing to read in {', '.join(inputs)} (no files, or only hidden ones)", err=True)
        raise typer.Exit(EXIT_FAILED)
    raise typer.Exit(EXIT_FAILED if summary.errors else EXIT_OK)


def _on_sigterm(signum, frame):
    raise Terminated()


def _run_spark(inputs, out, master, workers, advance, opts):
    """`--engine spark`: a Spark context on `master` (or spark-submit's, else local[workers or 2]),
    stopped at the end."""
    try:
        from . import spark as spark_engine
        import pyspark  # noqa: F401
    except ImportError:
        raise typer.BadParameter("needs Spark: pip install 'extractors[spark]' (and Java 17+)",
                                 param_hint="--engine")
    sc = spark_engine.context(master, workers)
    try:
        return spark_engine.run(sc, inputs, out, progress=advance, **opts)
    finally:
        spark_engine.stop(sc)


def _progress():
    """A rich progress bar on a terminal; a no-op context otherwise."""
    if sys.stderr.isatty():
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
        return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), transient=True)

    class _Quiet:
        def __enter__(self):
            return None

        def __exit__(self, *a):
            return False
    return _Quiet()


@app.command()
def validate(paths: List[Path] = typer.Argument(..., help="Record files (.jsonl/.json) or folders.")):
    """Check record files against the schema, span texts, ids and leaderboard rows."""
    from .validate import validate_paths
    bad = 0
    for line in validate_paths(paths):
        typer.echo(line)
        bad += 1
    if bad:
        typer.echo(f"{bad} problem(s)", err=True)
        raise typer.Exit(1)
    typer.echo("ok", err=True)


@app.command()
def schema(out: Path = typer.Option(Path("schemas"), "-o", "--out", help="Folder for the schema files."),
           stdout: bool = typer.Option(False, "--stdout", help="Print the record schema instead.")):
    """Write the JSON Schemas generated from the models."""
    from .schemas import schema_files
    from .writers import AtomicFile
    files = schema_files()
    if stdout:
        typer.echo(files["record.schema.json"].rstrip("\n"))
        return
    out.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        with AtomicFile(out / name) as f:
            f.write(content.encode("utf-8"))
        typer.echo(str(out / name), err=True)


@app.command("eval")
def eval_(pred: Path = typer.Argument(..., help="Predicted records: a .jsonl/.json file or a folder."),
          gold: Path = typer.Option(..., "--gold", help="Gold file (docs/SPEC.md section 6)."),
          verbose: bool = typer.Option(False, "-v", "--verbose", help="List every miss."),
          json_out: Optional[Path] = typer.Option(None, "--json", help="Also write the scores here.")):
    """Precision, recall and F1 per field against a gold file."""
    from .evaluate import EvalError, evaluate, report
    from .writers import AtomicFile
    try:
        scores = evaluate(gold, pred)
    except EvalError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(EXIT_FAILED)
    typer.echo(report(scores, verbose))
    if json_out:
        with AtomicFile(json_out) as f:
            f.write((json.dumps(scores.to_json(), indent=2) + "\n").encode("utf-8"))


@app.command()
def report(src: Path = typer.Argument(..., help="Folder holding records.jsonl (or a records file)."),
           out: Optional[Path] = typer.Option(None, "-o", "--out",
                                              help="HTML file to write [default: SRC/report.html]."),
           title: str = typer.Option("extractors report", "--title", help="Page title.")):
    """One self-contained HTML page: highlighted spans, fields, results, counts, leaderboards."""
    from .report import ReportError, records_path, write_report
    if not records_path(src).is_file():
        raise typer.BadParameter(f"{records_path(src)} does not exist", param_hint="SRC")
    out = out or (src if src.is_dir() else src.parent) / "report.html"
    try:
        n = write_report(src, out, title)
    except ReportError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(1)
    typer.echo(f"{n} records -> {out}", err=True)


@app.command("leaderboard")
def leaderboard_(inputs: List[str] = typer.Argument(..., help="Folders (searched for records.jsonl) "
                                                              "or record files."),
                 out: str = typer.Option("-", "-o", "--out", help="Output file; - for stdout."),
                 fmt: Optional[str] = typer.Option(None, "--format", "-f",
                                                   help="md, csv or json [default: from the -o "
                                                        "suffix, else md]."),
                 dataset: Optional[str] = typer.Option(None, "--dataset", help="Only this dataset (case, "
                                                       "spaces, hyphens aside; canonical or as written)."),
                 metric: Optional[str] = typer.Option(None, "--metric", help="Only this metric."),
                 min_rows: int = typer.Option(1, "--min-rows", min=1, help="Only tables with at least this "
                                                                           "many rows."),
                 min_confidence: Optional[float] = typer.Option(
                     None, "--min-confidence", min=0.0, max=1.0,
                     help="Only rows the link scorer is at least this sure of (the rows' `confidence`; "
                          "rows without one are left out).")):
    """One table per (canonical dataset, canonical metric) from the records' leaderboard rows, best
    first; reported improvements apart."""
    from .leaderboard import Filters, NoRecords, collect, format_for, render
    from .writers import AtomicFile
    try:
        fmt = format_for(out, fmt)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--format")
    try:
        col = collect(inputs)
    except NoRecords as e:
        raise typer.BadParameter(str(e), param_hint="INPUTS")
    filters = Filters(dataset, metric, min_rows, min_confidence)
    text = render(col, fmt, filters)
    if out == "-":
        typer.echo(text, nl=False)
    else:
        with AtomicFile(Path(out)) as f:
            f.write(text.encode("utf-8"))
    for line in col.problems:
        typer.echo(line, err=True)
    sure = "" if min_confidence is None else \
        f" ({sum(filters.admits(e) for e in col.entries)} of them with confidence >= {min_confidence:g})"
    typer.echo(f"{len(col.entries)} rows{sure} from {len(col.papers)} of {col.records_read - col.duplicates} "
               f"records ({col.duplicates} duplicates skipped), {len(col.problems)} problems"
               + ("" if out == "-" else f" -> {out}"), err=True)
    raise typer.Exit(1 if col.problems else 0)


@app.command("export")
def export_(inputs: List[str] = typer.Argument(..., help="Folders (searched for records.jsonl) or record files."),
            out: Path = typer.Option(..., "-o", "--out", help="Folder for the tables (created)."),
            fmt: str = typer.Option("parquet", "--format", "-f", help="parquet or csv.")):
    """Flat tables from records: papers, sources, entities, results, leaderboard (.parquet or .csv)."""
    from .export import FORMATS, ExportError, export
    from .recordfiles import NoRecords
    if fmt not in FORMATS:
        raise typer.BadParameter(f"expected {' or '.join(FORMATS)}", param_hint="--format")
    if out.exists() and not out.is_dir():
        raise typer.BadParameter(f"{out} is a file, not a folder", param_hint="-o")
    try:
        res = export(inputs, out, fmt)
    except NoRecords as e:
        raise typer.BadParameter(str(e), param_hint="INPUTS")
    except ExportError as e:
        raise typer.BadParameter(str(e), param_hint="--format")
    for line in res.problems:
        typer.echo(line, err=True)
    counts = ", ".join(f"{n} {t}" for t, n in res.rows.items())
    typer.echo(f"{counts} rows from {res.records - res.duplicates} records ({res.duplicates} "
               f"duplicates skipped), {len(res.problems)} problems -> {out}", err=True)
    raise typer.Exit(1 if res.problems else 0)


@app.command("train")
def train_(data: Optional[List[Path]] = typer.Option(
               None, "--data", help="Annotation files or folders (gold format, docs/SPEC.md section 6); "
                                    "default: data/annotations for the NER, its folds and the typer, "
                                    "data/results and data/annotations for the linker "
                                    "(held-out files are refused)."),
           component: str = typer.Option("ner", "--component", help="ner (the statistical NER), ner-folds "
                                                                     "(one NER per fold of its data, for "
                                                                     "training the typer and the linker), "
                                                                     "linker (the link scorer's weights) or "
                                                                     "typer (the entity typer's weights)."),
           out: Optional[Path] = typer.Option(None, "-o", "--out",
                                              help="Where the trained model goes [ner: extractors/resources/ner "
                                                   "(replaced); ner-folds: build/ner_folds; linker: "
                                                   "extractors/resources/linker.json; typer: "
                                                   "extractors/resources/typer.json]."),
           ner_folds: Optional[Path] = typer.Option(None, "--ner-folds",
                                                    help="The NER folds the typer and linker train with "
                                                         "(default: build/ner_folds)."),
           config: Path = typer.Option(Path("data/ner.cfg"), "--config", help="spaCy training config (NER)."),
           seed: Optional[int] = typer.Option(None, "--seed", help="Random seed (NER); default: the config's."),
           oof: Optional[Path] = typer.Option(None, "--oof", help="Typer: also write its cross-validated "
                                                                  "records (each from a model that never saw "
                                                                  "it) and their gold to this folder.")):
    """Train a statistical part from the hand annotations (the pipeline loads it from the package).
    Order: ner, ner-folds, typer, linker (each later part learns from the output of the earlier)."""
    from .train import DataError
    if component not in ("ner", "ner-folds", "linker", "typer"):
        raise typer.BadParameter("expected ner, ner-folds, linker or typer", param_hint="--component")
    if oof is not None and component != "typer":
        raise typer.BadParameter("only the typer's training writes out-of-fold records", param_hint="--oof")
    try:
        if component in ("typer", "linker"):
            try:
                import scipy.optimize, sklearn  # noqa: F401  (the linker fits with scipy, the typer with scikit-learn)
            except ImportError:
                raise typer.BadParameter(f"training the {component} needs scikit-learn and scipy: pip install 'extractors[train]'",
                                         param_hint="--component")
        if component == "typer":
            from .train_typer import DEFAULT_OUT as TYPER_OUT, train_typer
            rep = train_typer(data, out or TYPER_OUT, ner_folds, out_of_fold=oof)
            typer.echo(f"{rep.records} records, {rep.candidates} labelled candidates, {rep.seconds:.0f}s -> {rep.out}\n"
                       f"margins {rep.margins}; typed F1 of the candidates (cross-validated) "
                       f"{rep.cv['candidates_typed_f1']}; the margin search would pick "
                       f"{rep.cv['margin_search']['margins']} (typed F1 {rep.cv['margin_search']['typed_f1']})\n"
                       f"role (proposed or not) of the kept entities, cross-validated F1: {rep.cv['role_f1']}\n"
                       f"cross-validated F1 per field, typer off vs on:\n{rep.table()}")
            return
        if component == "linker":
            from .train_linker import DEFAULT_OUT, train_linker
            rep = train_linker(data, out or DEFAULT_OUT, ner_folds)
            typer.echo(f"{rep.records} records, {rep.groups} candidate groups, {rep.seconds:.0f}s -> {rep.out}\n"
                       f"cross-validated accuracy of the chosen link:\n{rep.table()}")
            return
        from .train import DEFAULT_FOLDS_OUT, train, train_folds
        if not config.is_file():
            raise typer.BadParameter(f"{config} does not exist", param_hint="--config")
        if component == "ner-folds":
            reports = train_folds(data, out or DEFAULT_FOLDS_OUT, config, seed)
            for k, report in enumerate(reports):
                typer.echo(f"fold {k}: {report.train_records} train / {report.dev_records} dev records, "
                           f"{report.seconds:.0f}s -> {report.out}")
            return
        report = train(data, out or Path("extractors/resources/ner"), config, seed)
    except (FileNotFoundError, DataError) as e:
        raise typer.BadParameter(str(e), param_hint="--data")
    typer.echo(f"{report.train_records} train / {report.dev_records} dev records, "
               f"{report.seconds:.0f}s -> {report.out}\n{report.table()}")


def main(argv: Optional[List[str]] = None) -> None:
    """The entry point: a command's own exit code, or 3 for an internal error (a bug), so that a
    crash is never mistaken for "some inputs failed" (1)."""
    try:
        app(args=argv, prog_name="extractors")
    except SystemExit:
        raise
    except KeyboardInterrupt:
        sys.exit(EXIT_INTERRUPTED)
    except Exception as e:  # noqa: BLE001 - the last line of defence, reported as what it is
        traceback.print_exc()
        args = list(sys.argv[1:] if argv is None else argv)
        note = ("; no records.jsonl was written by this run (work done so far is kept for --resume)"
                if args[:1] == ["run"] else "")
        print(f"internal error ({type(e).__name__}: {e}): this is a bug in extractors{note}", file=sys.stderr)
        sys.exit(EXIT_INTERNAL)


if __name__ == "__main__":
    main()
