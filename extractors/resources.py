"""Loading the data files under extractors/resources/ (lexicons, patterns, units, macros).

Every file is UTF-8 text; lines starting with `# ` are comments (provenance and format notes).
Loaders are cached: each file is read once per process.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources as _res
from typing import Iterator

PACKAGE = "extractors"


def path(name: str):
    """A Traversable for resources/<name>."""
    return _res.files(PACKAGE).joinpath("resources", name)


def lines(name: str) -> Iterator[str]:
    """Non-comment, non-blank lines of a resource file, right-stripped of the newline."""
    with path(name).open("r", encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if line.strip() and not (line.startswith("# ") or line.rstrip() == "#"):
                yield line


@lru_cache(maxsize=None)
def rows(name: str) -> tuple[tuple[str, ...], ...]:
    """Tab-separated rows of a resource file."""
    return tuple(tuple(line.split("\t")) for line in lines(name))


@lru_cache(maxsize=None)
def words(name: str) -> frozenset[str]:
    """A one-entry-per-line word list."""
    return frozenset(line.strip() for line in lines(name))


def unescape(value: str) -> str:
    """Undo the escapes used in resource cells: \\n, \\t, \\s (space) and \\\\."""
    out, i = [], 0
    while i < len(value):
        ch = value[i]
        if ch == "\\" and i + 1 < len(value):
            nxt = value[i + 1]
            out.append({"n": "\n", "t": "\t", "s": " ", "\\": "\\"}.get(nxt, "\\" + nxt))
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


@lru_cache(maxsize=None)
def word_list(name: str) -> frozenset[str]:
    """One named list of resources/word_lists.tsv."""
    for row in rows("word_lists.tsv"):
        if row[0] == name:
            return frozenset(row[1].split())
    raise KeyError(f"no word list {name!r} in word_lists.tsv")
