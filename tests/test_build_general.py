"""data/build_general.py: the helper drafts filtered into extractors/resources/lexicon/general.tsv."""
import importlib.util
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"


def _module():
    spec = importlib.util.spec_from_file_location("build_general", ROOT / "data" / "build_general.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: the case counts of a made-up corpus: "lion" written mostly in lower case, "Lasso" as a name
WORDS = Counter({"lion": 40, "Lion": 3, "Lasso": 12, "lasso": 2, "sort": 90, "SORT": 4, "Evoformer": 5})


@pytest.mark.parametrize("surface, section, why", [
    ("Lasso", None, None),                                       # a name the corpora write as one
    ("Evoformer", None, None),
    ("Fourier Neural Operator", None, None),                     # several words: no case test
    ("Neural ODE", "# Scientific machine learning", None),
    ("Lion", None, "unsure"),                                    # a helper marked it unsure
    ("SORT", None, "unsure"),
    ("Bayesian optimization", None, "broad"),                    # a paradigm
    ("peak memory", "# Efficiency and cost metrics", "section"),  # held until a number measures it
    ("dropout", None, "lowercase word"),                         # would fire on the plain word
    ("Sort", None, "common word"),                               # "sort" is the word, "Sort" no name
    ("KD", None, "two letters"),
    ("word2vec", None, None),                                    # lower case with a digit: a name
])
def test_why_left_out(surface, section, why):
    assert _module().why_left_out(surface, section, WORDS) == why


def test_shipped_general_tsv_is_the_drafts_filtered():
    """general.tsv is what the script makes from the drafts (with the corpora beside the project),
    or at least (without them) drafts rows none of the corpus-free reasons leaves out."""
    build_general = _module()
    shipped = build_general.OUT.read_text(encoding="utf-8")
    assert shipped.startswith(build_general.HEADER)
    if (CORPUS / "abstracts.jsonl").exists():
        text, dropped = build_general.build(CORPUS)
        assert shipped == text
        assert dropped["common word"] > 0 and dropped["section"] > 0
        return
    drafts = {line for name in build_general.FIRST_PASS
              for line in (build_general.DRAFTS / name).read_text(encoding="utf-8").splitlines()
              if line.strip() and not line.startswith("#")}
    rows = [line for line in shipped.splitlines() if line and not line.startswith("#")]
    assert rows and set(rows) <= drafts
    assert all(build_general.why_left_out(r.split("\t")[0], None, Counter()) in (None, "common word")
               for r in rows)


def test_write_or_check(tmp_path, capsys):
    """data/generated.py, the data scripts' way to write a shipped file or check it is up to date."""
    spec = importlib.util.spec_from_file_location("generated", ROOT / "data" / "generated.py")
    generated = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generated)
    out = tmp_path / "made.tsv"
    generated.write_or_check(out, "a\tb\n", False, "1 row")
    assert out.read_text(encoding="utf-8") == "a\tb\n" and "1 row" in capsys.readouterr().out
    with pytest.raises(SystemExit) as same:
        generated.write_or_check(out, "a\tb\n", True, "")
    assert same.value.code == 0 and "up to date" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stale:
        generated.write_or_check(out, "a\tc\n", True, "")
    assert stale.value.code == 1 and "differs" in capsys.readouterr().out
    assert out.read_text(encoding="utf-8") == "a\tb\n"   # a check never writes
