"""`lexicon` component: known names of datasets, benchmarks, methods, models and metrics.

An Aho–Corasick automaton (pyahocorasick) over ~28k surface forms from
resources/lexicon/names.tsv (built by data/build_lexicon.py from Papers with Code and other
public lists). The automaton is built once, by data/build_lexicon.py (`save_automaton`), and
shipped as resources/lexicon/automaton.bin, which loads in a few hundredths of a second where
building it takes ~0.2 s; a file that does not match names.tsv (its SHA-256 is in the header) is
ignored and the automaton built in memory instead. Matching is tolerant of case for multiword
names ("focal loss" finds "Focal Loss"), of hyphen/space variants ("MovieLens-20M" finds
"MovieLens 20M") and of accents ("Fréchet" finds "Frechet", letter for letter: `_unaccented`);
single-word names must match their case exactly ("PPO", "Netflix", "o3"), so common words do not
fire. Matches must start and end on word boundaries; overlapping matches keep the leftmost
longest. A known name also reaches over what is written right after it as part of it: a family
variant ("ResNet-50", `_family_member`), a version ("SQuAD v2.0", `_version`), a translation
pair ("WMT'14 En-De", `_language_pair`), a data name's release year ("COCO2017", `_year`) and a
metric's TeX sub- and superscripts ("AP^m_novel" from ``$AP^m_{novel}$``, `_script`). A
catalogue name's leading article stays out of the match ("in the StarCraft multi-agent
challenge": `_ARTICLE`). A name a lost space runs into a function word ends before it ("in
MiniGridwith just 120M steps": `_glued_end`).

Appends `Candidate`s with source ``lexicon`` to ``doc._.candidates``.
"""

import hashlib
import pickle
import struct
import unicodedata
from functools import lru_cache
from collections.abc import Sequence
from typing import Optional

import ahocorasick
import orjson
import regex
from spacy.language import Language
from spacy.tokens import Doc

from .. import resources
from .sentences import Sentences, doc_sentences
from .textutil import doc_text, rx
from .candidates import Candidate, Source, add_candidates

def _unaccented() -> dict[int, str]:
    """A Latin letter with diacritics -> its base letter, one character for one ("é" -> "e",
    "Ö" -> "O"): the letters of Latin-1 and Latin Extended-A/B whose canonical decomposition is an
    ASCII letter and combining marks. The catalogue's names are ASCII (data/build_lexicon.py), the
    text writes "Fréchet Inception Distance", "Rényi divergence"."""
    out = {}
    for cp in range(0xC0, 0x250):
        d = unicodedata.normalize("NFD", chr(cp))
        if len(d) > 1 and d[0].isascii() and d[0].isalpha() and all(unicodedata.combining(c) for c in d[1:]):
            out[cp] = d[0]
    return out


#: separators as spaces ("CNN/DailyMail" is "CNN-DailyMail") and letters without their accents
_SEP = str.maketrans({"-": " ", "‐": " ", "_": " ", "–": " ", "/": " ", **_unaccented()})


def _key(s: str) -> str:
    """Length-preserving folding: lowercase (where that keeps one char), separators as spaces,
    accents dropped (`_unaccented`)."""
    low = s.lower()
    if len(low) != len(s):
        low = "".join(c.lower() if len(c.lower()) == 1 else c for c in s)
    return low.translate(_SEP)


_LETTER_DIGIT = rx(r"(?<=[A-Za-z])(?=\d)")


def variants(form: str) -> set[str]:
    """Spellings of one name: "CIFAR10" / "CIFAR-10" / "CIFAR 10", "MovieLens-20M" / "MovieLens20M"."""
    out = {form}
    if _LETTER_DIGIT.search(form) and len(form) >= 4:
        out.add(_LETTER_DIGIT.sub("-", form))
    if "-" in form:
        joined = form.replace("-", "")
        if len(joined) >= 4 and any(ch.isdigit() for ch in joined) or len(joined) >= 8 and " " not in form:
            out.add(joined)  # "mini-Imagenet" / "miniImageNet", "Tiny-ImageNet" / "TinyImageNet"
    return out


NAMES = "lexicon/names.tsv"
AUTOMATON = "lexicon/automaton.bin"
#: automaton.bin: this line + the SHA-256 (hex) of names.tsv + a newline, then the pickled
#: automaton's length (8 bytes, little-endian), the pickle, the values as JSON, one line each
#: (decoded when first looked up: `_Values`). Not compressed: inflating the ~10 MB took 0.03 s of
#: every start-up (a tenth of what the first `extract()` costs beyond spaCy's), and git and the
#: wheel compress the file anyway
_MAGIC = b"extractors-lexicon-automaton 5 "
#: the automaton stores, for a key, its index into the values shifted left by this many bits, its
#: length in the bits below: a match's start is known, and most matches (inside a word: "ppo" in
#: "support") are rejected, before its forms are looked up
_LEN_BITS = 12
_LEN_MASK = (1 << _LEN_BITS) - 1


def build_automaton():
    """(automaton, values) from names.tsv: the automaton maps a folded key (`_key`) to an index
    into `values` and the key's length (packed as `_LEN_BITS` says); the values' items are (key
    length, ((form, type, weight, canonical), ...)): tuples of strings and numbers, which the
    garbage collector stops tracking (~100k objects fewer to walk in every full collection and at
    exit)."""
    entries: dict[str, list[tuple]] = {}
    for form, typ, weight, canonical in resources.rows(NAMES):
        for v in sorted(variants(form)):  # sorted: the same file whatever the hash seed
            entries.setdefault(_key(v), []).append((v, typ, int(weight), canonical))
    auto = ahocorasick.Automaton(ahocorasick.STORE_INTS)
    values = []
    for k, v in entries.items():
        if len(k) > _LEN_MASK:
            raise ValueError(f"{NAMES}: a name of {len(k)} characters (at most {_LEN_MASK})")
        auto.add_word(k, len(values) << _LEN_BITS | len(k))
        values.append((len(k), tuple(v)))
    auto.make_automaton()
    return auto, values


def _names_digest() -> bytes:
    return hashlib.sha256(resources.path(NAMES).read_bytes()).hexdigest().encode()


def automaton_bytes() -> bytes:
    """The contents of resources/lexicon/automaton.bin for the current names.tsv: the same
    automaton and values whatever the process (the automaton stores integers, the values are
    JSON; only the padding inside pyahocorasick's pickled nodes may differ from build to build)."""
    auto, values = build_automaton()
    pickled = pickle.dumps(auto, protocol=5)
    body = struct.pack("<Q", len(pickled)) + pickled + b"\n".join(orjson.dumps(v) for v in values)
    return _MAGIC + _names_digest() + b"\n" + body


def _load_automaton():
    """The shipped (automaton, values), or None when the file is missing or was built from
    another names.tsv."""
    try:
        data = resources.path(AUTOMATON).read_bytes()
    except OSError:
        return None
    start = data.find(b"\n") + 1
    if data[:start - 1] != _MAGIC + _names_digest():
        return None
    (n,) = struct.unpack_from("<Q", data, start)
    # the package's own file, written by automaton_bytes (read through a view: no 8 MB copy)
    view = memoryview(data)
    return pickle.loads(view[start + 8:start + 8 + n]), _Values(data[start + 8 + n:].split(b"\n"))


class _Values(Sequence):
    """The automaton's values as `build_automaton` makes them, each decoded from its JSON line
    when first looked up: a run looks up a few thousand of the ~30k, and decoding them all cost
    a fifth of the pipeline's start-up beyond spaCy's. (Two threads may decode the same line at
    once; both store equal tuples.)"""

    def __init__(self, lines: list[bytes]) -> None:
        self._lines = lines
        self._decoded: list = [None] * len(lines)

    def __len__(self) -> int:
        return len(self._lines)

    def __getitem__(self, i: int):
        value = self._decoded[i]
        if value is None:
            length, forms = orjson.loads(self._lines[i])  # JSON has lists: tuples, as built
            value = self._decoded[i] = (length, tuple(map(tuple, forms)))
        return value

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and len(self) == len(other) and all(a == b for a, b in zip(self, other))


@lru_cache(maxsize=1)
def automaton():
    """(automaton, values) (see `build_automaton`): loaded from the package, built if stale."""
    return _load_automaton() or build_automaton()


def entries(surface: str) -> list[tuple[str, str, int, str]]:
    """The lexicon entries (form, type, weight, canonical) a surface spells, variants included
    ("CIFAR-10" finds CIFAR10's), from the automaton the component builds anyway."""
    auto, values = automaton()
    hit = auto.get(_key(surface), None)
    return list(values[hit >> _LEN_BITS][1]) if hit is not None else []


_CAMEL = rx(r"\p{L}+\p{Ll}\p{Lu}\p{L}*")              # GigaWord, ImageNet, miniImagenet
_DIMENSION = rx(r"\d+[dD]")                           # "3D": no capital of a name
_CAMEL_OR_TITLE = rx(r"\p{Lu}\p{Ll}+|\p{L}+\p{Ll}\p{Lu}\p{L}*")
#: a capital letter or a run of capitals, a hyphen, then title-case words: "Q-Learning", "K-Means"
_LETTER_HYPHEN = rx(r"\p{Lu}{1,4}-\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)*")


#: a lower-case word that a hyphenated compound modifies: "inference-time attacks" (not a
#: function word, "wall-clock time of X", "minimizing log-loss using ..."; nor a bound, which
#: measures the metric: "sample-complexity bounds")
_MODIFIED_NOUN = rx(r"""\s+(?!(?:of|in|on|for|and|or|to|by|with|than|is|are|was|were|per|at|from|as|using|via
                                  |while|that|which|bounds?|guarantees?|rates?)\b)
                        \p{Ll}{3,}\b""", regex.VERBOSE)


def _hyphenated_modifier(text: str, surface: str, form: str, end: int) -> bool:
    """A metric's words joined by a hyphen where its name has a space, before a noun, modify that
    noun: "the inference-time attacks" are attacks, not a measured inference time."""
    return " " in form and "-" in surface and " " not in surface and bool(_MODIFIED_NOUN.match(text, end))


def _exact_ok(surface: str, form: str, typ: str) -> bool:
    """Multiword method and metric names match in any case ("focal loss"); multiword data and
    model names need a capital or digit in the text ("Million Song", not "hand poses");
    model-id-like words (with digits) match in any case; a method written as capitals, a hyphen and
    title-case words matches with those words in any case ("Q-learning"); plain words only as
    written."""
    if len(form.split()) > 1:
        return typ in ("METHOD", "METRIC", "TASK") or any(
            ch.isupper() or ch.isdigit() for w in surface.split() if not _DIMENSION.fullmatch(w) for ch in w)
    if any(ch.isdigit() for ch in form) and len(form) >= 4:
        return True
    if typ == "TASK" and form.islower():
        return surface.lower().translate(_SEP) == form.translate(_SEP)  # "Regression", "regression"
    if typ == "METHOD" and _LETTER_HYPHEN.fullmatch(form):
        # a capital letter or acronym, a hyphen and title-case words: the words after the hyphen in
        # any case ("Q-learning" is Q-Learning, "K-means" K-Means), the capital part as written
        head, _, rest = surface.translate(_SEP).partition(" ")
        form_head, _, form_rest = form.translate(_SEP).partition(" ")
        return head == form_head and rest.casefold() == form_rest.casefold()
    if _CAMEL.fullmatch(form) and _CAMEL_OR_TITLE.fullmatch(surface):
        # a camel-case spelling is a coined name, not a common word: "Gigaword" is GigaWord,
        # "miniImageNet" is miniImagenet (mini-Imagenet)
        return surface.casefold() == form.casefold()
    return surface.translate(_SEP) == form.translate(_SEP)


def _sentence_initial_word(text: str, start: int, end: int, sents: Sentences) -> bool:
    """A single plain capitalised word at the start of a sentence (or after a colon or a line
    break) that the text never writes capitalised elsewhere."""
    word = text[start:end]
    if " " in word or not word[:1].isupper() or sum(ch.isupper() for ch in word) > 1 \
            or any(ch.isdigit() for ch in word):
        return False
    before = text[max(0, start - 3):start]
    if start and not sents.is_start(start) and not rx(r"(?::\s+|\n)$").search(before):
        return False
    rest = text[end:]
    return not any(m.start() and not sents.is_start(end + m.start())
                   for m in regex.finditer(rf"\b{regex.escape(word)}\b", rest))


_VARIANT_SEP = rx(r"[-‐/]")
_VARIANT = rx(r"(?:[-‐](?:[\p{L}\p{N}]*[\p{Lu}\p{N}][\p{L}\p{N}]*(?:\.\p{N}+[\p{L}\p{N}]*)?|\p{Ll}+)|/\p{N}+)+")


def _family_member(text: str, start: int, end: int, forms) -> tuple | None:
    """A known name with a variant after a hyphen or slash: "ResNet-50", "ViT-B/16",
    "Llama-3-8B", "BERT-base" (but not "BERT-based"); for data and metric names only a numeric
    variant ("COCO-30K", "MATH-500"), or for data a subset or split word or a capital letter
    (word list `data_variant`: "ZINC-Full", "COCO-Stuff", "ImageNet-C"). The whole token is a
    candidate of the known name's type (MODEL when the family can be one)."""
    if not text[start:end][:1].isupper():
        return None
    known = [f for f in forms if f[2] >= 2 and f[0] == text[start:end] and f[1] != "TASK"]
    m = _VARIANT.match(text, end)
    if not known or not m or (m.end() < len(text) and (text[m.end()].isalnum() or text[m.end()] in "-@^")):
        return None
    parts = _VARIANT_SEP.split(m.group())[1:]
    variants = resources.word_list("model_variant")
    data = any(f[1] in ("DATASET", "BENCHMARK") for f in known)
    data_variants = resources.word_list("data_variant") if data else frozenset()
    if not all(any(ch.isdigit() for ch in p) or p.lower() in variants or len(p) <= 2 and p.isupper()
               or p.lower() in data_variants for p in parts):
        return None  # "BERT-based", "VGG-Sound" (a dataset), "XLM-RoBERTa" (another name)
    if not any(f[1] in ("MODEL", "METHOD") for f in known) and not all(
            any(ch.isdigit() for ch in p) or data and (p.lower() in data_variants or len(p) == 1 and p.isupper())
            for p in parts):
        return None  # a data or metric name takes a number ("COCO-30K", "MATH-500"); data also a
        # subset or split word ("ZINC-Subset", "ImageNet-Sketch") or a letter ("ImageNet-C")
    if any(f[1] == "MODEL" for f in known):
        known = [f for f in known if f[1] == "MODEL"]  # a sized variant of a family is a model
    return (start, m.end(), [(text[start:m.end()], f[1], 2, text[start:m.end()]) for f in known])


_VERSION = rx(r" ([vV]\d{1,2}(?:\.\d)?(?![\p{L}\p{N}\-])|\d(?:\.\d)?)(?![\p{L}\p{N}%×\-]|\.\d| ?(?:x|points?|pp)\b)((?: \p{Lu}\p{L}*)*)")


def _version(text: str, start: int, end: int, forms) -> tuple | None:
    """A known name with a version written after a space, and variant words after that:
    "AlpacaEval 2.0", "Claude 3.5 Sonnet", "Gemini 2.5 Pro", "ScanNet V2", "SQuAD v2.0" are one
    name (of the known name's type), and their digits are not results. Only a single digit with at most one decimal, so
    "ImageNet 76.1%" and "MT-Bench 8.12" stay scores."""
    m = _VERSION.match(text, end)
    if not m or not text[end - 1].isascii():
        return None
    variants = resources.word_list("model_variant")
    words = m.group(2).split()
    keep = 0
    while keep < len(words) and words[keep].lower() in variants and words[keep][:1].isupper():
        keep += 1
    stop = m.end(1) + sum(len(w) + 1 for w in words[:keep])
    return (start, stop, [(text[start:stop], f[1], f[2], text[start:stop]) for f in forms])


_YEAR = rx(r"""
    (?: [-‐\x20]?(?:19|20)\d{2}   # "COCO2017", "VOC-2012", "COCO 2017"
      | [’']\d{2} )                 # "WMT'14"
    (?![\p{L}\p{N}%×]|[.,]\d)     # a whole token, not a number ("ImageNet 2012%")
    """, regex.VERBOSE)


def _year(text: str, start: int, end: int, forms) -> tuple | None:
    """A known dataset or benchmark with its release year after it: "COCO2017", "VOC2012",
    "ImageNet-2012", "WMT'14" are one data name of the known name's type (the year names the
    edition; its digits are not a result)."""
    data = [f for f in forms if f[2] >= 2 and f[1] in ("DATASET", "BENCHMARK") and f[0] == text[start:end]]
    m = _YEAR.match(text, end) if data else None
    if not m:
        return None
    return (start, m.end(), [(text[start:m.end()], f[1], f[2], text[start:m.end()]) for f in data])


_SCRIPT = rx(r"""
    (?: [_^]                               # a TeX subscript or superscript (normalisation drops its braces)
        [\p{L}\p{N}]{1,12}                  # its content: "m", "novel", "50", "box"
        (?:[.:][\p{N}]{1,4})?                # a decimal or range of thresholds: "0.5", "50:95"
    ){1,3}
    (?![\p{L}\p{N}@^_])                     # the whole script, not the start of a longer word
    """, regex.VERBOSE)


def _script(text: str, start: int, end: int, forms) -> tuple | None:
    """A known metric with TeX sub- or superscripts written right after it: "AP^m_novel",
    "mAP^box", "AP_50" (from ``$AP^m_{novel}$``, ``$\\rm{mAP^{box}}$``, ``AP$_{50}$``) name
    one measure, which leaderboards keep apart from plain "AP"."""
    if end >= len(text) or text[end] not in "_^":
        return None   # most names: no script after them (checked first, for speed)
    metric = [f for f in forms if f[1] == "METRIC"]
    m = _SCRIPT.match(text, end) if metric else None
    if not m:
        return None
    return (start, m.end(), [(text[start:m.end()], f[1], f[2], text[start:m.end()]) for f in metric])


@lru_cache(maxsize=1)
def languages() -> dict[str, str]:
    """Language name or code (lower case) -> its code (resources/languages.tsv)."""
    out = {}
    for name, code in resources.rows("languages.tsv"):
        out[name.lower()] = out[code] = code
    return out


@lru_cache(maxsize=1)
def language_pair_rx():
    """A translation pair after a data name, with the corpus's year when the name lacks one:
    "'14 English-German", " En-De", " 2014 English-to-French", " Ro→En" (resources/
    languages.tsv). Groups: the year, the two languages."""
    names = "|".join(sorted((n for n, _ in resources.rows("languages.tsv")), key=len, reverse=True))
    codes = "|".join(sorted({c for _, c in resources.rows("languages.tsv")}))
    lang = rf"(?:{names}|(?i:{codes})(?![\p{{L}}]))"
    return rx(rf"""
        ([’']\d{{2}}|\s?(?:19|20)\d{{2}})?              # the year: '14, 2014 (or none: WMT14)
        \s+({lang})                                  # a language
        \s?(?:-to-|-|–|—|→|->|↔|<->|⇒|/|\s+to\s+)\s?  # to
        ({lang})                                      # another
        (?![\p{{L}}\p{{N}}])""", regex.VERBOSE)


def _language_pair(text: str, start: int, end: int, forms) -> tuple | None:
    """A known dataset or benchmark with a translation pair after it: "WMT'14 English-German",
    "WMT14 En-De", "IWSLT 2017 De-En" are one data name (of the known name's type): leaderboards
    keep the pairs apart."""
    data = [f for f in forms if f[1] in ("DATASET", "BENCHMARK")]
    m = language_pair_rx().match(text, end) if data else None
    if not m:
        return None
    return (start, m.end(), [(text[start:m.end()], f[1], f[2], text[start:m.end()]) for f in data])


def find_lexicon(text: str, sents: Optional[Sentences] = None) -> list[Candidate]:
    """Lexicon names found in `text`; `sents`: its sentences (found from `text` when not given)."""
    sents = sents if sents is not None else Sentences.of(text)
    key = _key(text)
    hits = []
    auto, values = automaton()
    for end, code in auto.iter(key):
        start = end - (code & _LEN_MASK) + 1
        if start > 0 and (key[start - 1].isalnum() or key[start - 1] in "@^"
                          or text[start - 1] in "-‐" and start > 1 and text[start - 2].isalnum()):
            continue
        if end + 1 < len(key) and (key[end + 1].isalnum() or key[end + 1] in "@^"
                                   or text[end + 1] in "-‐" and end + 2 < len(text) and text[end + 2].isalnum()) \
                and not _glued_end(text, start, end + 1):
            if text[end + 1].isalpha():
                continue  # the word goes on ("imagenets"): a family variant, a year or a script
                # never starts with a letter (`_VARIANT`, `_YEAR`, `_SCRIPT`); most matches end here
            forms = values[code >> _LEN_BITS][1]
            family = _family_member(text, start, end + 1, forms) or _year(text, start, end + 1, forms) \
                or _script(text, start, end + 1, forms)
            if family:
                hits.append((*family, 1))
            continue
        forms = values[code >> _LEN_BITS][1]
        surface = text[start:end + 1]
        ok = [f for f in forms if _exact_ok(surface, f[0], f[1])
              and not (f[1] == "METRIC" and _hyphenated_modifier(text, surface, f[0], end + 1))]
        if ok and _sentence_initial_word(text, start, end + 1, sents):
            continue  # "Inspired by ...": a capitalised first word is not a dataset named Inspired
        if ok:
            hits.append((start, end + 1, ok, 0))
            for derived in (_version(text, start, end + 1, ok), _language_pair(text, start, end + 1, ok),
                            _year(text, start, end + 1, ok), _script(text, start, end + 1, ok)):
                if derived:
                    hits.append((*derived, 1))
    # leftmost longest; an exact entry before a derived one (family variant, version) of one span
    hits.sort(key=lambda h: (h[0], -(h[1] - h[0]), h[3]))
    out: list[Candidate] = []
    last_end = -1
    kept_forms: list = []
    for start, end, forms, derived in hits:
        if start < last_end:
            if derived and out and (out[-1].start, out[-1].end) == (start, end) and out[-1].source == Source.LEXICON_WEAK:
                # "BERT-base" is only a leaderboard string, but a variant of the known BERT
                kept_forms = kept_forms + forms
                out[-1] = _candidate(text, start, end, kept_forms)
            continue
        kept_forms = forms
        out.append(_candidate(text, start, end, forms))
        last_end = end
    return out


@lru_cache(maxsize=1)
def _glued_rx() -> "regex.Pattern":
    """A function word of the ``glued_words`` list (resources/word_lists.tsv), then the word's end."""
    words = "|".join(sorted(resources.word_list("glued_words"), key=lambda w: (-len(w), w)))
    return rx(rf"(?:{words})(?![\p{{L}}\p{{N}}\-])")


def _glued_end(text: str, start: int, end: int) -> bool:
    """Does a lost space run the known name at ``text[start:end]`` into a function word after it
    ("in MiniGridwith just 120M steps", "compared with GANand VAE")? Only a name of three
    characters or more with two capitals or more ("MiniGrid", "GAN", not "Adam" in "Adamant"), and
    only a word of ``glued_words``, which no name ends with."""
    if not text[end:end + 1].islower() or end - start < 3 or sum(c.isupper() for c in text[start:end]) < 2:
        return False
    return _glued_rx().match(text, end) is not None


def glued_name(word: str) -> bool:
    """Is `word` a known name that a lost space runs into a function word (`_glued_end`:
    "MiniGridwith", "GANand")? The lexicon finds the name in it; no other name is the word."""
    return any(word.endswith(g) and _glued_end(word, 0, len(word) - len(g)) and entries(word[:-len(g)])
               for g in resources.word_list("glued_words"))


def _candidate(text: str, start: int, end: int, forms) -> Candidate:
    """One lexicon match; its forms vote for their types."""
    votes: dict[str, float] = {}
    for _, typ, weight, _ in forms:
        votes[typ] = max(votes.get(typ, 0), float(weight))
    source = Source.LEXICON if max(votes.values()) >= 2 else Source.LEXICON_WEAK  # leaderboard strings
    if votes.keys() & {"DATASET", "BENCHMARK"} and votes.keys() & {"METHOD", "MODEL", "METRIC"}:
        # SGD the optimiser or the dialogue dataset: the lexicon only half-knows, context decides
        votes = {t: w / 2 for t, w in votes.items()}
    canonical = max(forms, key=lambda f: f[2])[3]
    if _ARTICLE.match(text, start, end):
        start += 4   # "The StarCraft Multi-Agent Challenge", "The Pile": the article is the text's
    return Candidate(start, end, text[start:end], source, votes, canonical=canonical)


#: an article that begins a catalogue name ("The StarCraft Multi-Agent Challenge", "The Pile") and,
#: in running text, is the sentence's determiner, not part of the name
_ARTICLE = rx(r"[Tt]he[ ](?=\S)")


@Language.factory("lexicon", assigns=["doc._.candidates"], requires=["doc._.sentences"])
def make_lexicon(nlp: Language, name: str):
    return LexiconComponent()


class LexiconComponent:
    """Adds lexicon matches to ``doc._.candidates``."""

    def __init__(self) -> None:
        automaton()  # build once, when the pipeline is built

    def __call__(self, doc: Doc) -> Doc:
        add_candidates(doc, find_lexicon(doc_text(doc), doc_sentences(doc)))
        return doc
