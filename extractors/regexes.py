"""Compiled regular expressions, once per process, most of them loaded ready-made from the package.

`rx(pattern, flags)` is how the package compiles its fixed patterns (module constants, patterns
built from the resource files, the literal patterns inside functions). The `regex` module
compiles in Python (parsing, optimising, generating its engine's code) and keeps what it compiled
only for the process: the package's ~250 patterns cost ~0.07 s of every start-up. A compiled
`regex` pattern pickles with its engine code, and unpickling hands that code straight to the
module's C compiler (no parsing), so resources/regexes.pickle stores the package's patterns
compiled: all of them load in ~2 ms.

resources/regexes.pickle is written by data/build_regexes.py: the patterns `rx` was asked for
while that script imported the package, built the pipeline and extracted the seed abstracts
(seeds/). Its format: a header line (`_MAGIC`, then the `regex` version and default version it
was compiled with), a line with the patterns and flags as JSON, then the pickled list of the
compiled patterns in the same order. The file is used only when the header matches the `regex`
module installed (another version may generate other code); a pattern not in it (or any pattern,
when the file is not used) is compiled as usual. Either way `rx` returns what
``regex.compile(pattern, flags)`` returns, and keeps it for the process (the `regex` module's own
cache is small and is thrashed by many patterns).
"""
from __future__ import annotations

import pickle
from functools import lru_cache
from typing import Optional

import orjson
import regex

from . import resources

STORE = "regexes.pickle"
_MAGIC = b"extractors-regexes 1 "

#: while data/build_regexes.py records which patterns the package compiles: the list it reads
#: ((pattern, flags) as asked for); None otherwise
recording: Optional[list] = None


def longest_first(word: str) -> tuple:
    """Sort key for the alternatives of a pattern built from a word list: longest first (so that
    the longest alternative wins), then alphabetically, so that a pattern built from a set is
    the same string in every process (the hash seed changes a set's order), which it must be to
    be found among the stored patterns."""
    return -len(word), word


def signature() -> bytes:
    """What the stored code depends on: the `regex` version and its default version flag."""
    return f"regex {regex.__version__} default {int(regex.DEFAULT_VERSION)}".encode()


def store_bytes(keys) -> bytes:
    """The contents of resources/regexes.pickle for these (pattern, flags), compiled now."""
    keys = sorted(set(keys))
    compiled = [regex.compile(pattern, flags) for pattern, flags in keys]
    return (_MAGIC + signature() + b"\n" + orjson.dumps(keys) + b"\n"
            + pickle.dumps(compiled, protocol=5))


def stored_keys(data: bytes) -> tuple[bytes, list[tuple[str, int]]]:
    """(header, the (pattern, flags) stored) of a store's contents, without unpickling its code."""
    head, _, rest = data.partition(b"\n")
    keys, _, _ = rest.partition(b"\n")
    return head, [(p, f) for p, f in orjson.loads(keys)]


@lru_cache(maxsize=1)
def stored() -> dict:
    """{(pattern, flags): compiled pattern} from resources/regexes.pickle; empty when the file is
    missing or was written by another `regex` version."""
    try:
        data = resources.path(STORE).read_bytes()
    except OSError:
        return {}
    return load(data)


def load(data: bytes) -> dict:
    """{(pattern, flags): compiled pattern} of a store's contents (`store_bytes`); empty when
    another `regex` version wrote it (its compiled code may differ from this version's)."""
    head, keys = stored_keys(data)
    if head != _MAGIC + signature():
        return {}
    # the package's own file, written by store_bytes
    compiled = pickle.loads(data.split(b"\n", 2)[2])
    return dict(zip(keys, compiled))


@lru_cache(maxsize=None)
def rx(pattern: str, flags: int = 0):
    """``regex.compile(pattern, flags)``, once per process (from the stored patterns if there)."""
    if recording is not None:
        recording.append((pattern, int(flags)))
        return regex.compile(pattern, flags)
    found = stored().get((pattern, int(flags)))
    return found if found is not None else regex.compile(pattern, flags)
