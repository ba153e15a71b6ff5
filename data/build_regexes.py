"""Write extractors/resources/regexes.pickle: the package's regular expressions, compiled.

    python data/build_regexes.py            # write the file
    python data/build_regexes.py --check    # exit 1 if the file does not hold what this would write

Run it after changing a pattern, a resource file that patterns are built from, or the `regex`
version (tests/test_regexes.py checks that the file is up to date). It records every pattern the
package compiles through `extractors.regexes.rx` while it imports the pipeline, builds it and
extracts the seed abstracts (seeds/*.txt), then stores them compiled (`regexes.store_bytes`). A
pattern first needed by some other text is not stored and is compiled when needed, as before.
Must run in a fresh process (as here): a pattern compiled before recording starts is not seen.
The `regex` compiler lists the members of some character sets in the order of a Python set of
objects hashed by address, so two builds may write the same set's members in another order (the
same code for matching); `--check` therefore compares the header, the patterns and flags, and
each pattern's compiled code up to that order (`same_code`).
"""
from __future__ import annotations

import copyreg
import pickle
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "extractors" / "resources"
sys.path.insert(0, str(ROOT))


def recorded() -> list[tuple[str, int]]:
    """(pattern, flags) of every pattern the package compiles on the seeds, in first-use order."""
    from extractors import regexes
    if "extractors.pipeline" in sys.modules:
        raise RuntimeError("the package is imported already: record in a fresh process")
    keys: list = []
    regexes.recording = keys
    try:
        from extractors.pipeline import Extractor
        extractor = Extractor()
        for path in sorted((ROOT / "seeds").glob("*.txt")):
            extractor.extract(path.read_text(encoding="utf-8"))
    finally:
        regexes.recording = None
    return keys


def same_code(a, b) -> bool:
    """Two compiled patterns with the same pattern, flags, groups and code, the code compared as
    a multiset of bytes (the members of a set may come in another order)."""
    (_, da), (_, db) = (copyreg.dispatch_table[type(p)](p) for p in (a, b))  # regex's own pickling
    return da[:2] == db[:2] and da[3:] == db[3:] and sorted(da[2]) == sorted(db[2])


def check(shipped: bytes, data: bytes) -> list[str]:
    """What differs between a shipped store and the one just built (nothing: up to date)."""
    from extractors import regexes
    (new_head, new_keys), (old_head, old_keys) = regexes.stored_keys(data), regexes.stored_keys(shipped)
    problems = []
    if old_head != new_head:
        problems.append(f"written by {old_head.decode()!r}, installed {new_head.decode()!r}")
    if new_keys != old_keys:
        problems.append(f"{len(set(new_keys) - set(old_keys))} patterns missing, "
                        f"{len(set(old_keys) - set(new_keys))} no longer used")
    if not problems:  # same regex version, same patterns: compare the code
        old, new = (pickle.loads(d.split(b"\n", 2)[2]) for d in (shipped, data))
        differ = [p.pattern for p, q in zip(old, new) if not same_code(p, q)]
        if differ:
            problems.append(f"{len(differ)} patterns compiled differently, e.g. {differ[0]!r}")
    return problems


def main(check_only: bool) -> int:
    from extractors import regexes
    data = regexes.store_bytes(recorded())
    target = OUT / regexes.STORE
    if check_only:
        problems = check(target.read_bytes(), data) if target.is_file() else ["missing"]
        if problems:
            print(f"{target} is stale: {'; '.join(problems)}; run python data/build_regexes.py")
            return 1
        print(f"{target} is up to date")
        return 0
    target.write_bytes(data)
    print(f"{len(regexes.stored_keys(data)[1])} patterns, {len(data):,} bytes -> {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main("--check" in sys.argv[1:]))
