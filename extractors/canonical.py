"""Canonical names: one spelling per dataset, benchmark, metric (and, where the lexicon knows
it, model or method), so that leaderboards from many papers group like with like.

`canonical(name, type)`:
1. the lexicon's canonical name when the name (or a spelling variant the lexicon matches:
   ``CIFAR10``/``CIFAR-10``, ``top1 accuracy``/``top-1 accuracy``) is a lexicon entry of that type;
2. else a normalised form: spaces and hyphens tidied, ``top1``/``top 1`` -> ``top-1``,
   ``Acc.``/``acc`` -> ``accuracy``, ``pass @ 1`` -> ``pass@1``; for metrics, words lower-cased
   unless they are acronyms or mixed-case names (``BLEU``, ``mAP``, ``F1`` stay), and a generic
   quality word in the plural in the singular (``error rates`` -> ``error rate``,
   components/quality.py).
3. either way, a spelling that resources/canonical_names.tsv lists (on the name as written or on
   its normalised form) takes that file's canonical (``ImageNet-1K`` -> ``ImageNet``, ``average
   precision`` -> ``AP``, ``test accuracy`` -> ``accuracy``); a metric from the lexicon gets the
   metric spelling rules' case too (``Test Accuracy`` -> ``test accuracy``); a metric written as a
   long form with its acronym in brackets (as some lexicon canonicals are: ``mean corruption error
   (mCE)``) is the acronym, the project's spelling of a metric that has one (``AP``, ``FID``, ``WER``).
Splits and variants stay apart (``ImageNet-1K`` and ``ImageNet-21K``, ``COCO test-dev`` and
``COCO``, ``pass@1`` and ``pass@10``): a lexicon canonical that drops a number or a split word
of the name is not used (the lexicon groups ``pass@1`` under ``pass@k``; a leaderboard must not).

`group_key(name)` is the key two canonical names must share to be one table: case, spaces,
hyphens and punctuation aside (``MCPMark`` / ``mcpmark`` / ``MCP Mark``).
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Optional

import regex

from .regexes import rx

#: entity types whose names get a canonical form in records
CANONICAL_TYPES = ("DATASET", "BENCHMARK", "METRIC", "MODEL", "METHOD")

_TOPK = rx(r"\b(top|hits?|recall|precision|pass|acc)\s*[-@ ]?\s*(\d+)\b", regex.IGNORECASE)
_ACC = rx(r"\bacc\b\.?", regex.IGNORECASE)
_AT = rx(r"\s*@\s*")
#: an evaluation's default split or task word inside a longer metric name (resources/
#: canonical_names.tsv says why): "clean classification accuracy" is clean accuracy, "zero-shot
#: test accuracy" zero-shot accuracy
_DEFAULT_WORD = rx(r"(?<=\S\s)(?:classification|test(?:ing)?(?:\s+set)?)\s+(?=(?:accuracy|error)\b)",
                   regex.IGNORECASE)
#: a long form and its acronym in brackets, as some lexicon canonicals write a metric: the acronym
#: has a capital and no space ("mean corruption error (mCE)", "pearson correlation coefficient (PCC)")
_WITH_SHORT = rx(r"\S.*?\s*\((?P<short>[^()\s]*\p{Lu}[^()\s]*)\)")
_SPACES = rx(r"\s+")
_HYPHENS = rx(r"\s*[‐‑‒–—-]\s*")


_MACRO = rx(r"\\[a-zA-Z]+\*?\s*")   # LaTeX macros: \textbf, \mathrm
_MARKS = rx(r"[{}$*_`]")              # braces, math, markdown


def group_key(name: Optional[str]) -> str:
    """Case, width, spaces, hyphens, punctuation and markup aside: the key under which two names
    are one (one leaderboard table column; the scorer's name match, `evaluate.name_key`)."""
    if not name:
        return ""
    s = _MARKS.sub("", _MACRO.sub("", str(name)))
    s = unicodedata.normalize("NFKC", s).casefold().replace("×", "x")
    return "".join(ch for ch in s if ch.isalnum() or ch in "@^")


def _from_lexicon(name: str, types: tuple[str, ...]) -> Optional[str]:
    """The canonical name of the heaviest lexicon entry of one of `types` that `name` spells."""
    from .components.lexicon import entries
    for typ in types:
        found = [e for e in entries(name) if e[1] == typ]
        if found:
            return max(found, key=lambda e: (e[2], e[3]))[3]
    return None


def _tidy(name: str) -> str:
    s = _SPACES.sub(" ", unicodedata.normalize("NFKC", name)).strip()
    s = _HYPHENS.sub("-", s)
    return s


def _metric_form(name: str) -> str:
    s = _ACC.sub("accuracy", _tidy(name))
    s = _TOPK.sub(lambda m: (f"{m.group(1).lower()}@{m.group(2)}" if m.group(1).lower() in ("pass", "hit", "hits",
                                                                                            "recall", "precision")
                             and "@" in m.group(0) else f"{m.group(1).lower()}-{m.group(2)}"), s)
    s = _AT.sub("@", s)
    s = _DEFAULT_WORD.sub("", s)
    words = []
    for w in s.split(" "):
        # acronyms and mixed-case names keep their case (BLEU, mAP, F1, ROUGE-L); words do not
        keep = any(ch.isupper() for ch in w[1:]) or (w[:1].isupper() and any(ch.isdigit() for ch in w))
        words.append(w if keep else w.lower())
    return " ".join(words)


_DIGITS = rx(r"\d+")
_SPLIT_WORDS = frozenset("test dev val validation train training minival test-dev testdev full lite mini "
                         "hard easy medium small large base tiny huge".split())


def _keeps_content(name: str, canon: str) -> bool:
    """Does the lexicon's canonical keep the name's numbers and split words (`_SPLIT_WORDS`, and
    every split of resources/splits.tsv)?"""
    words = lambda s: {w.casefold() for w in rx(r"[\p{L}\p{N}-]+").findall(s)}  # noqa: E731
    splits = _SPLIT_WORDS | set(split_names()[0])
    return (_DIGITS.findall(name) == _DIGITS.findall(canon)
            and not (words(name) & splits) - words(canon))


#: a corpus's year at the end of its name: "WMT14", "WMT'14", "WMT 2014" (not "Flores 200")
_YEAR_IN_NAME = rx(r"(?<!\d)(?:19|20)(\d{2})$|(?<=\p{L}[’']?)(\d{2})$")


def translation_form(name: str) -> Optional[str]:
    """A data name ending in a translation pair, written one way: the corpus, its year in two
    digits, the pair as lower-case codes ("WMT'14 English-German", "WMT 2014 En-De", "WMT14
    en-de" -> "WMT14 en-de"); None for any other name."""
    from .components.lexicon import language_pair_rx, languages
    s = _tidy(name)
    for i in range(1, len(s)):
        if s[i] in " '’" or s[i - 1].isalpha() and s[i].isdigit():
            m = language_pair_rx().fullmatch(s, i)
            if m:
                base, year = s[:i].rstrip(), (m.group(1) or "").lstrip(" '’")
                found = _YEAR_IN_NAME.search(base) if not year else None
                if found:
                    base, year = base[:found.start()].rstrip(" '’"), found.group(1) or found.group(2)
                year = year[-2:]
                codes = languages()
                return f"{base}{year} {codes[m.group(2).lower()]}-{codes[m.group(3).lower()]}"
    return None


#: types that get a canonical name only from the lexicon (a model's or method's own spelling is
#: as good as any normalised one)
LEXICON_ONLY = frozenset({"MODEL", "METHOD"})


@lru_cache(maxsize=1 << 16)
def canonical(name: Optional[str], typ: str) -> Optional[str]:
    """The canonical spelling of an entity name of type `typ` (None for None, and for a model or
    method the lexicon does not know). Cached: a pure function of its arguments and the package's
    data, asked again and again for the same metric and dataset names."""
    if not name or typ not in CANONICAL_TYPES:
        return None
    if typ == "METRIC":  # a quality word in the plural is the same measure ("error rates")
        from .components.quality import singular_quality
        name = singular_quality(name)
    types = (typ, {"DATASET": "BENCHMARK", "BENCHMARK": "DATASET"}[typ]) if typ in ("DATASET", "BENCHMARK") else (typ,)
    if typ in ("DATASET", "BENCHMARK"):
        pair = translation_form(name)
        if pair is not None:
            return pair
        base, split = named_split_suffix(name)
        if split is not None:   # "LibriSpeech test-other", "MS-COCO test-dev": the dataset's canonical and the split
            return split_dataset(canonical(base, typ) or _tidy(base), split)
    listed = _listed(types, name)
    if listed is not None:
        return listed
    hit = _from_lexicon(name, types)
    if hit is not None and _keeps_content(name, hit):
        form = _metric_form(hit) if typ == "METRIC" else hit
    elif typ in LEXICON_ONLY:
        return None
    else:
        form = _metric_form(name) if typ == "METRIC" else _tidy(name)
    form = _listed(types, form) or form
    short = _WITH_SHORT.fullmatch(form) if typ == "METRIC" else None
    if short is not None:   # "mean corruption error (mCE)": a metric's acronym is its canonical (as AP, FID, WER)
        return _listed(types, short.group("short")) or short.group("short")
    return form


@lru_cache(maxsize=1)
def _names_table() -> dict[tuple[str, str], str]:
    """(type, group key of a spelling) -> canonical, from resources/canonical_names.tsv."""
    from . import resources
    table: dict[tuple[str, str], str] = {}
    for typ, canon, spellings in resources.rows("canonical_names.tsv"):
        for spelling in [canon, *spellings.split(" | ")]:
            table[(typ, group_key(spelling))] = canon
    return table


def _listed(types: tuple[str, ...], name: str) -> Optional[str]:
    """The canonical that canonical_names.tsv gives a spelling, for the first of `types` listing it."""
    table = _names_table()
    k = group_key(name)
    for typ in types:
        got = table.get(("DATASET" if typ == "BENCHMARK" else typ, k))
        if got is not None:
            return got
    return None


@lru_cache(maxsize=1)
def split_names() -> tuple[dict[str, str], dict[str, str]]:
    """({written form: split}, {split: kind}) from resources/splits.tsv: the dataset splits a
    result may name, "named" ones (test-dev) kept apart by leaderboards, "generic" ones
    (validation) shown beside the dataset."""
    from . import resources
    names, kinds = {}, {}
    for form, split, kind in resources.rows("splits.tsv"):
        names[form.lower()] = split
        kinds[split] = kind.strip()
    return names, kinds


def named_split_suffix(name: str) -> tuple[str, Optional[str]]:
    """(the name before it, the split) when a data name ends in a named split of
    resources/splits.tsv ("LibriSpeech test-other" -> ("LibriSpeech", "test-other")); else
    (name, None)."""
    base, sep, last = name.rstrip().rpartition(" ")
    if not sep or not base.strip():
        return name, None
    split = split_names()[0].get(last.lower())
    if split is None or split_kind(split) != "named":
        return name, None
    return base.rstrip(), split


def split_kind(split: str) -> str:
    """"named" (leaderboards keep it apart: "test-dev") or "generic" ("validation")."""
    return split_names()[1].get(split, "generic")


def split_dataset(dataset_canonical: str, split: Optional[str]) -> str:
    """The canonical dataset a leaderboard groups a row under: with a named split it is a
    dataset of its own ("COCO" + "test-dev" -> "COCO test-dev"); a generic split changes nothing."""
    if split and split_kind(split) == "named" and split.casefold() not in dataset_canonical.casefold():
        return f"{dataset_canonical} {split}"
    return dataset_canonical


#: every way a setting writes an amount of labels (after its number): "labels", "labelled data",
#: "labelling ratio", "annotations"; not "label noise" (a noise rate). One definition: the linker's
#: `SETTING` finds settings with it, `setting_key` spells them all "labels"
LABEL_WORDS = (r"label(?:l)?ed\s+(?:data|examples|samples|images|instances|points)|label(?:l)?ing\s+ratios?"
               r"|annotations|labels?\b(?!\s+(?:noise|corruption|flip))")
#: one spelling per setting (`setting_key`): what each pattern matches is written as its replacement
_SETTING_SPELLINGS = (
    (rx(r"\\%|\s*percent\b"), "%"),                            # "1\\%", "1 percent": "1%"
    (rx(r"\s+of\s+(?:the\s+)?"), " "),                           # "1% of the labels": "1% labels"
    (rx(LABEL_WORDS), "labels"),                                 # "labelled data", "labelling ratio": "labels"
    (rx(r"^(?:ε|ϵ|epsilon|eps)\s*=\s*|^(?=\d+\s*/\s*255$)"), "ε="),   # "epsilon = 8/255", "8/255": "ε=8/255"
    (rx(r"\s*/\s*"), "/"),                                       # "8 / 255": "8/255"
    (rx(r"^(\d+(?:\.\d+)?)\s?([km])\s+(?:(?:environment|interaction|agent|training)\s+)?"
        r"(?:steps|interactions)$"), r"\1\2 steps"),              # "100K environment interactions": "100k steps"
)


def setting_key(setting: str) -> str:
    """A setting in one spelling: lower case, spaces collapsed, "\\%" as "%", no "of the",
    every way of writing an amount of labels as "labels" ("10% labelling ratio" -> "10% labels"),
    a budget as "ε=" and its value ("epsilon = 8/255", "8/255" -> "ε=8/255"), a data regime of
    steps or interactions as steps ("100K environment interactions" -> "100k steps"; frames stay
    frames: an Atari step is four frames)."""
    key = " ".join(setting.split()).lower()
    for pattern, one in _SETTING_SPELLINGS:
        key = pattern.sub(one, key)
    return key


def setting_dataset(dataset_canonical: str, setting: Optional[str]) -> str:
    """The canonical dataset a leaderboard groups a row under when the text names an evaluation
    setting for it: a table of its own, as leaderboards keep them apart ("CIFAR-10" + "250 labels"
    -> "CIFAR-10 (250 labels)", "miniImageNet" + "5-way 1-shot" -> "miniImageNet (5-way 1-shot)");
    the setting in one spelling (`setting_key`)."""
    return f"{dataset_canonical} ({setting_key(setting)})" if setting else dataset_canonical


@lru_cache(maxsize=1)
def _dataset_metrics() -> dict[tuple[str, str], str]:
    """(group key of a canonical dataset, group key of a canonical metric) -> the metric its
    leaderboards rank by (resources/dataset_metrics.tsv)."""
    from . import resources
    return {(group_key(d), group_key(m)): to for d, m, to in resources.rows("dataset_metrics.tsv")}


def leaderboard_metric(dataset_canonical: str, metric_canonical: str) -> str:
    """The canonical metric a leaderboard row of this dataset ranks by: the same name, except
    where the dataset's convention fixes what a plain name means ("accuracy" on ImageNet is top-1
    accuracy, "mAP" on COCO is its AP; resources/dataset_metrics.tsv)."""
    return _dataset_metrics().get((group_key(dataset_canonical), group_key(metric_canonical)), metric_canonical)


def row_canonicals(dataset: str, metric: str, dataset_type: str = "DATASET", split: Optional[str] = None,
                   dataset_canonical: Optional[str] = None, setting: Optional[str] = None) -> tuple[str, str]:
    """(canonical dataset, canonical metric) of a leaderboard row: the dataset's canonical name
    (with a named split, `split_dataset`, and an evaluation setting, `setting_dataset`) unless
    given, and the metric's as the dataset's leaderboards read it (`leaderboard_metric`, by the
    dataset without its setting). Record assembly and the leaderboard (for rows written before
    rows carried canonical names) both take them from here."""
    base = dataset_canonical or split_dataset(canonical(dataset, dataset_type), split)
    suffix = setting_dataset("", setting)
    if dataset_canonical and setting and dataset_canonical.endswith(suffix):
        base = dataset_canonical[:-len(suffix)]   # a row's canonical dataset holds its setting
    return dataset_canonical or setting_dataset(base, setting), leaderboard_metric(base, canonical(metric, "METRIC"))


_DIRECTION_WORD = regex.compile(r"[^\W_]+")


def _direction_words(s: str) -> tuple[str, ...]:
    return tuple(_DIRECTION_WORD.findall(unicodedata.normalize("NFKC", s).casefold()))


@lru_cache(maxsize=1)
def _direction_patterns() -> tuple[tuple[tuple[str, ...], bool], ...]:
    from . import resources
    pats = []
    for row in resources.rows("metric_direction.tsv"):
        words = _direction_words(row[0])
        if words:
            pats.append((words, row[1].strip() == "lower"))
    # longest first: the first match is the most specific
    return tuple(sorted(pats, key=lambda p: (-len(p[0]), -len(" ".join(p[0])), p[0])))


@lru_cache(maxsize=4096)
def lower_is_better(metric: str) -> bool:
    """True when smaller values of this metric are better (resources/metric_direction.tsv): what
    leaderboards sort by and what the linker reads a comparison's winner from."""
    words = _direction_words(metric)
    for pat, lower in _direction_patterns():
        n = len(pat)
        if any(words[i:i + n] == pat for i in range(len(words) - n + 1)):
            return lower
    return False
