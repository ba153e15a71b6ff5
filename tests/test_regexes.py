"""The stored compiled patterns (extractors/regexes.py, resources/regexes.pickle): up to date with
the package's patterns, used when written by the installed `regex`, ignored otherwise, and the
same patterns a fresh compile makes."""
import importlib.util
import pickle
import subprocess
import sys
from pathlib import Path

import regex

from extractors import regexes, resources

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "data" / "build_regexes.py"


def _build_module():
    spec = importlib.util.spec_from_file_location("build_regexes", BUILD)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_stored_patterns_are_up_to_date():
    """resources/regexes.pickle holds what data/build_regexes.py records now (a fresh process
    importing the package, building the pipeline, extracting the seeds): rebuild it with
    `python data/build_regexes.py` after changing a pattern."""
    run = subprocess.run([sys.executable, str(BUILD), "--check"], capture_output=True, text=True, cwd=ROOT)
    if "written by" in run.stdout:
        # another `regex` release is installed than the one that wrote the store (a fresh install
        # takes the newest): its code may differ, so the store is not used and every pattern is
        # compiled; the list of patterns must still be the package's
        assert "patterns missing" not in run.stdout and "no longer used" not in run.stdout, run.stdout
        assert regexes.stored() == {}
        return
    assert run.returncode == 0, run.stdout + run.stderr
    assert "up to date" in run.stdout


def test_the_check_finds_a_stale_store():
    """The check reports a pattern the package no longer compiles, a missing one, another
    regex version and code that differs."""
    build = _build_module()
    keys = [(r"\d+(?:\.\d+)?", 0), (r"(?i)\bpass@\d+", 0), ("a|b", int(regex.VERBOSE))]
    data = regexes.store_bytes(keys)
    assert build.check(data, regexes.store_bytes(list(keys))) == []
    assert "1 patterns missing" in build.check(data, regexes.store_bytes(keys + [(r"\s+", 0)]))[0]
    assert "1 no longer used" in build.check(data, regexes.store_bytes(keys[1:]))[0]
    other = data.replace(regexes.signature(), b"regex 2000.1.1 default 0")
    assert "written by" in build.check(other, data)[0]
    # the same header and keys, but the first pattern's code is another pattern's
    head, listed, _ = data.split(b"\n", 2)
    forged = b"\n".join([head, listed, pickle.dumps([regex.compile(r"\d+(?:\.\d*)?")]
                                                     + [regex.compile(p, f) for p, f in sorted(keys)[1:]])])
    assert "1 patterns compiled differently" in build.check(forged, data)[0]
    assert not build.same_code(regex.compile(r"\d+"), regex.compile(r"\d*"))
    assert build.same_code(regex.compile(r"[ab]x|cy"), regex.compile(r"[ab]x|cy"))


def _store_for_installed_regex() -> dict:
    """The shipped store as the installed `regex` uses it: the shipped file when that version
    wrote it, else the same patterns stored now by the installed version (a fresh install may
    take a `regex` released after the file was written: the package then compiles every
    pattern, and a rebuilt store must still hold the same patterns)."""
    if regexes.stored():
        return regexes.stored()
    _, keys = regexes.stored_keys(resources.path(regexes.STORE).read_bytes())
    return regexes.load(regexes.store_bytes(keys))


def test_stored_patterns_match_as_freshly_compiled_ones():
    """Every stored pattern is the installed regex's compile of its (pattern, flags): same
    pattern, flags and groups, and the same matches on real text."""
    stored = _store_for_installed_regex()
    assert len(stored) > 200
    build = _build_module()
    text = (ROOT / "seeds").glob("*.txt")
    texts = [p.read_text(encoding="utf-8") for p in sorted(text)]
    for (pattern, flags), compiled in stored.items():
        fresh = regex.compile(pattern, flags)
        assert compiled.pattern == pattern and compiled.flags == fresh.flags
        assert compiled.groupindex == fresh.groupindex
        assert build.same_code(compiled, fresh), pattern
        for t in texts:
            assert [m.span() for m in compiled.finditer(t)] == [m.span() for m in fresh.finditer(t)], pattern


def test_rx_takes_stored_patterns_and_compiles_the_rest(monkeypatch):
    stored = _store_for_installed_regex()
    monkeypatch.setattr(regexes, "stored", lambda: stored)
    (pattern, flags), compiled = next(iter(stored.items()))
    regexes.rx.cache_clear()
    try:
        assert regexes.rx(pattern, flags) is compiled
        new = regexes.rx(r"(?<=FooNet-)\d+ layers", regex.IGNORECASE)  # no package pattern
        assert (new.pattern, new.flags & regex.IGNORECASE) == (r"(?<=FooNet-)\d+ layers", regex.IGNORECASE)
        assert new.search("FOONET-12 LAYERS").group() == "12 LAYERS"
        assert regexes.rx(r"(?<=FooNet-)\d+ layers", regex.IGNORECASE) is new  # once per process
    finally:
        regexes.rx.cache_clear()


def test_a_store_from_another_regex_version_is_not_used(monkeypatch):
    """Code generated by another `regex` version is never loaded: every pattern is compiled."""
    assert resources.path(regexes.STORE).is_file()
    monkeypatch.setattr(regexes, "signature", lambda: b"regex 2000.1.1 default 0")
    regexes.stored.cache_clear()
    try:
        assert regexes.stored() == {}
    finally:
        regexes.stored.cache_clear()


def test_word_list_patterns_are_the_same_string_in_every_process():
    """Patterns built from word sets list their alternatives longest first, then alphabetically
    (`longest_first`), whatever the hash seed: otherwise they would miss the store."""
    assert sorted({"lower", "gain", "cut", "drop", "beat"}, key=regexes.longest_first) == \
        ["lower", "beat", "drop", "gain", "cut"]
