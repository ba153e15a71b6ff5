"""The command line: `extractors run | validate | schema` (and more, see `--help`).

Exit codes: 0 success, 1 when some inputs failed or a check found problems, 2 on usage errors.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import List, Optional

import typer

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Metadata records (entities, results, bounds, acronyms, URLs) from ML abstracts.")


@app.command()
def run(inputs: List[str] = typer.Argument(..., help="Files or folders of abstracts."),
        out: Path = typer.Option(..., "-o", "--out", help="Output folder."),
        workers: int = typer.Option(1, "--workers", "-w", min=1, help="Worker processes."),
        max_chars: int = typer.Option(100_000, "--max-chars", min=1,
                                      help="Longest abstract accepted; longer ones become errors.")):
    """Extract records from INPUTS into OUT/records.jsonl, OUT/errors.jsonl, OUT/summary.json."""
    from . import engine, readers
    readers.MAX_CHARS = max_chars
    progress = _progress()
    with progress as bar:
        task = bar.add_task("abstracts", total=None) if bar else None
        summary = engine.run(inputs, out, workers=workers,
                             progress=(lambda n: bar.advance(task, n)) if bar else None)
    typer.echo(f"{summary.records_written} records, {summary.duplicates_merged} duplicates merged, "
               f"{summary.errors} errors from {summary.abstracts_read} abstracts in "
               f"{summary.files_read} files ({summary.seconds:.1f}s) -> {out}", err=True)
    raise typer.Exit(1 if summary.errors else 0)


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
    files = schema_files()
    if stdout:
        typer.echo(files["record.schema.json"].rstrip("\n"))
        return
    out.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        (out / name).write_text(content, encoding="utf-8")
        typer.echo(str(out / name), err=True)


@app.command("eval")
def eval_(pred: Path = typer.Argument(..., help="Predicted records: a .jsonl/.json file or a folder."),
          gold: Path = typer.Option(..., "--gold", help="Gold file (docs/SPEC.md section 6)."),
          verbose: bool = typer.Option(False, "-v", "--verbose", help="List every miss."),
          json_out: Optional[Path] = typer.Option(None, "--json", help="Also write the scores here.")):
    """Precision, recall and F1 per field against a gold file."""
    from .evaluate import evaluate, report
    scores = evaluate(gold, pred)
    typer.echo(report(scores, verbose))
    if json_out:
        json_out.write_text(json.dumps(scores.to_json(), indent=2) + "\n", encoding="utf-8")


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
                                                        "suffix, else md].")):
    """One table per (dataset, metric) from the records' leaderboard rows, best first."""
    from .leaderboard import NoRecords, collect, format_for, render
    from .writers import AtomicFile
    try:
        fmt = format_for(out, fmt)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--format")
    try:
        col = collect(inputs)
    except NoRecords as e:
        raise typer.BadParameter(str(e), param_hint="INPUTS")
    text = render(col, fmt)
    if out == "-":
        typer.echo(text, nl=False)
    else:
        with AtomicFile(Path(out)) as f:
            f.write(text.encode("utf-8"))
    for line in col.problems:
        typer.echo(line, err=True)
    typer.echo(f"{len(col.entries)} rows from {len(col.papers)} of {col.records_read - col.duplicates} "
               f"records ({col.duplicates} duplicates skipped), {len(col.problems)} problems"
               + ("" if out == "-" else f" -> {out}"), err=True)
    raise typer.Exit(1 if col.problems else 0)


def main(argv: Optional[List[str]] = None) -> None:
    app(args=argv, prog_name="extractors")


if __name__ == "__main__":
    main()
