"""`numbers` component: every number written in digits that states a quantity.

For each number: its value (``1,024`` -> 1024, ``20B`` -> 2e10, ``8/255`` -> 0.0314,
``10^117`` -> 1e117, ``1e-4``, ``3 × 10^5``, ``2.48×10−5``, ``2 1/2`` -> 2.5), unit (``%``, ``x``,
``points``, a currency ``USD``/``EUR``/``GBP``, or the counted noun in singular), qualifier
(``<``, ``<=``, ``>``, ``>=``, ``~``, ``up to``, ``at least``) and kind (score, delta, ratio,
count, setting); the spread written with it (``85.3±0.4``, ``71.2 (± 1.3)``, ``85.3 (0.4)`` after
"mean (std)") as ``uncertainty``, inside the span; the magnitude suffix as written (``4.1G`` ->
value 4.1e9, ``magnitude`` "G"); for a delta whether the change is ``relative``. Ranges
(``20-60%``, ``20B to 1T``, ``from 4.1G to 1.2G``) give two numbers sharing the unit that name
each other (``range_with``); "12 of 14 tasks" gives two numbers, the second a count.

Not numbers: digits inside names (``GPT-4``, ``ResNet-18``, ``pass@1``, ``ViT-B/16``), inside
entity mentions, bounds or URLs, dimension words and ordinals (``4D``, ``2nd``), the order or constant
of a named distance, norm or property (``1-Wasserstein``, ``2-norm``, ``1-Lipschitz``), digits a capitalised
name is glued to (``1-WL``, ``3-SAT``), citation years
and citations by number (``[1, 2, 3]``, ``in [1]``), decades (``the 1970s``), list labels (``(1)``,
``categories: 1. greedy ...``), section/figure references, intervals, index runs (``t=1,...,T``),
terms of formulas (``Pr[ξ = 0]``) and sums with a variable (``$K+1$``, ``(1+ε)``, ``1-δ``) in math.
A value given to a symbol (``Δt=10``, ``ε = 2.0``, ``K=3``) is a setting (`assigned`).

Words, units and cues are data: resources/units.tsv, qualifiers.tsv, number_context.tsv,
kind_cues.tsv, magnitudes.tsv, spread_cues.tsv, relative_cues.tsv, adjectives.txt. Writes ``doc._.numbers`` (clean offsets); linking each number to
its metric, subject and dataset is the `result_linker` component's job.
"""

import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Optional

import regex
from spacy.language import Language
from spacy.tokens import Doc

from .. import resources
from ..regexes import longest_first
from .sentences import Sentences, doc_sentences
from .textutil import SHORT_YEAR, SpanIndex, doc_text, rx

if not Doc.has_extension("numbers"):
    Doc.set_extension("numbers", default=None)


@dataclass
class NumberMatch:
    start: int
    end: int
    value: float
    unit: Optional[str] = None
    kind: str = "score"
    qualifier: Optional[str] = None
    signed: bool = False
    multiplier: Optional[str] = None
    unit_end: int = -1          # end of the unit words after the number (clean offsets)
    context_start: int = -1     # start of the qualifier words before the number, if any
    metric: Optional[str] = None
    subject: Optional[str] = None
    subjects: list = field(default_factory=list)
    dataset: Optional[str] = None
    uncertainty: Optional[float] = None
    magnitude: Optional[str] = None   # the suffix or word as written: "k", "G", "B", "million"
    range_with: Optional[int] = None  # index (in the list of numbers) of the other end of a range
    relative: Optional[bool] = None
    split: Optional[str] = None       # the split of its dataset the text names ("validation", "test-dev")
    setting: Optional[str] = None     # the evaluation setting its sentence names ("250 labels", "5-way 1-shot")
    written: float = 0.0              # the number as written, before any magnitude
    part_of: bool = False             # "12" in "12 of 14 tasks": a part of the total that follows
    unit_kind: str = ""               # the default kind of its unit (units.tsv), before any cue
    dimensions: bool = False          # "512×512", "$9 \\times 9$": a size in several dimensions
    link_probabilities: Optional[dict] = None  # link_scorer: attribute -> {name or None: the model's probability}
    confidence: Optional[dict] = None  # link_scorer: attribute -> the probability of the link as it ends


_NUM = rx(r"""
    (?P<cur>(?:US|AU|A|C|HK|NZ|S)?\$|€|£)?          # a currency sign, inside the span: `$20`, `US$1.2M`
    (?P<sign>[+±](?=\s?[\d.])                     # a sign: `+2.3` (a change), `±0.4`,
      |(?<![\w\-‐–−.)\]}{^_*%×])[-−]               #   or a minus glued to a decimal or a percentage:
        (?=\d*\.\d|\d+\s?\\?%))?                  #   `-0.2%`, `+0.3%/-0.2%` (not in "ResNet-50", "2-3",
                                                   #   "60%-90%", "10^{-3}", nor "ResNet-18 and -50")
    (?:
        (?P<whole>\d{1,3})[ ](?P<mfn>[1-9])/(?P<mfd>[2-9]|1[0-6])(?![\d/]|[.,]\d)   # mixed fraction `2 1/2`
      | (?P<frac_n>\d+)/(?P<frac_d>\d+)(?![\d/]|[.,]\d)                       # fraction `1/3`, `8/255`
      | (?P<pow>\d+)\^\{?(?P<pexp>[-−]?\d{1,3})\}?(?![\w]|\.\d)            # power `10^{-3}`, `10^117`
      | (?P<num>\d{1,3}(?:,\d{3})+(?![\d])(?:\.\d+)?                      # `1,024`
          |\d{1,3}(?:[ \u2009\u202f]\d{3})*[ \u2009\u202f]000(?![\d]|[.,]\d)  # `10 000`, `1 000 000`: spaced thousands
          |\d+(?:\.\d+)?|\.\d+)                                              # `52.56`, `.5`
        (?:
            \s?[×x*·]\s?10(?:\^\{?(?P<exp>[-−]?\d+)\}?|(?P<exp2>[-−]\d+))(?!\d|\.\d)  # `3 × 10^5`, `2.48×10−5`
          | [eE](?P<eexp>[-+−]?\d{1,3})(?![\w]|\.\d)                          # `1e-4`, `5E-2`
        )?
    )
    (?P<mult>[kKMGBT](?![\w]))?                     # a magnitude glued on: `10k`, `4.1G`, `7B` (magnitudes.tsv)
    """, regex.VERBOSE)

#: what parts the thousands of a number: a comma, a space or a thin space ("1,024", "10 000")
_THOUSANDS = rx(r"[,\u2009\u202f ]")

#: a size in two or three dimensions: whole numbers joined by a times sign or an "x" ("512×512",
#: "$256\\times 256$" -> clean "256× 256", "28 x 28", "64x64x64"); not a power of ten (`3 × 10^5`)
_DIMENSIONS = rx(r"""
    (?<![\d.,])\d{1,5}                      # a whole number, not a decimal's tail
    (?:\s?[×xX]\s?                          # a times sign or an "x", perhaps spaced
       (?!10\s?\^|10[-−]\d)\d{1,5}           #   the next whole number, not a power of ten
    ){1,2}
    (?![\d.,]\d|\w|\s?\^)                  # the last number whole, no letter glued on
    """, regex.VERBOSE)

# the spread written after a number: `±0.4`, ` $\pm$ 0.4` (clean `± 0.4`), `(± 1.3)`, `_{\pm 0.4}`
_SPREAD = rx(r"""
    (?P<open>\s*\(\s*)?                  # `71.2 (± 1.3)`: in parentheses
    \s*_?\s*                            # `85.3_{\pm 0.4}`: as a subscript
    (?:±|\+/-|\+-)\s*                   # the plus-minus sign, in any spelling
    (?P<spread>\d+(?:\.\d+)?|\.\d+)       # the spread
    (?P<pct>\s?%)?                       # with its own percent sign: `85.3% ± 0.4%`
    (?(open)\s*\))                       # the parenthesis closed when opened
    """, regex.VERBOSE)
# `85.3 (0.4)`: a bare number in parentheses, a spread only after "mean (std)" wording (spread_cues.tsv)
_SPREAD_PAREN = rx(r"""
    \s*\(\s*                             # an opening parenthesis right after the number
    (?P<spread>\d+(?:\.\d+)?|\.\d+)       # the spread
    (?P<pct>\s?%)?\s*\)                   # its own percent sign, and the closing parenthesis
    """, regex.VERBOSE)
_MINUS = str.maketrans({"−": "-"})

_WORD = rx(r"[^\W\d_][\w'’]*(?:-[\w]+)*")
_ADJ_SUFFIX = rx(r"(?:ly|ed|al|ive|ous|able|ible|ic|ful|ing)$")
_STOP = resources.word_list("unit_stop")


@lru_cache(maxsize=1)
def _tables():
    units_attached, units_words, currencies = {}, {}, {}
    for surface, unit, kind in resources.rows("units.tsv"):
        if surface.startswith("="):
            units_attached[surface[1:]] = (unit, kind)
        elif surface.startswith("^"):
            currencies[surface[1:]] = (unit, kind)
        else:
            units_words[surface] = (unit, kind)
    magnitudes = {}  # suffix -> (multiplier, context regex or None, glued)
    for suffix, mult, context in resources.rows("magnitudes.tsv"):
        magnitudes[suffix.lstrip("=")] = (float(mult), None if context == "*" else rx(context),
                                          suffix.startswith("="))
    words_after = sorted((k for k, v in magnitudes.items() if not v[2]), key=len, reverse=True)
    magnitude_words_rx = rx(r"\s*(" + "|".join(regex.escape(w) for w in words_after) + r")\b")
    spread_cues = [rx(c, regex.IGNORECASE) for (c,) in resources.rows("spread_cues.tsv")]
    relative_cues = [(flag == "true", where, None if units == "*" else frozenset(units.split()),
                      rx(cue, regex.IGNORECASE))
                     for flag, where, units, cue in resources.rows("relative_cues.tsv")]
    attached = sorted(units_attached, key=len, reverse=True)
    attached_rx = rx(r"\s?(?:" + "|".join(regex.escape(a) for a in attached if a in "%×") + r")"
                     r"|(?:" + "|".join(regex.escape(a) for a in attached if a not in "%×")
                     + r")(?![\w])")
    words = sorted(units_words, key=len, reverse=True)
    words_rx = rx(r"(?:" + "|".join(regex.escape(w) for w in words) + r")(?![\w-])")
    quals = sorted(resources.rows("qualifiers.tsv"), key=lambda r: -len(r[0]))
    qual_rx = rx(r"(?:(?<![\w])(?:" + "|".join(regex.escape(q[0]) for q in quals if q[0][0].isalpha())
                 + r")|(?:" + "|".join(regex.escape(q[0]) for q in quals if not q[0][0].isalpha())
                 + r"))\s*(?:only\s+|just\s+)?$", regex.IGNORECASE)
    qual_map = {q[0].casefold(): q[1] for q in quals}
    before, after = [], []
    for kind, word in resources.rows("number_context.tsv"):
        (before if kind == "before" else after).append(word)
    before_rx = rx(r"(?<![\w])(?:" + "|".join(regex.escape(w) for w in before) + r")\s*$",
                   regex.IGNORECASE)
    after_rx = rx(r"\$?(?:" + "|".join(regex.escape(w) for w in sorted(after, key=len, reverse=True))
                  + r")(?![\w])")   # perhaps after the end of math: "$1$-Wasserstein"
    change_verbs = "|".join(sorted(resources.word_list("change_verbs")))
    change_nouns = "|".join(sorted(resources.word_list("change_nouns")))
    named_measures = "|".join(regex.escape(w).replace(r"\ ", r"\s+")
                              for w in sorted(resources.words("named_measures.txt"), key=longest_first))
    cues = [(k, where, rx(pat.replace("{change_verbs}", change_verbs).replace("{change_nouns}", change_nouns),
                          regex.IGNORECASE))
            for k, where, pat in resources.rows("kind_cues.tsv")]
    # a measure named right after a number and its unit, up to two words between and none of them a
    # function word: "1.6 ms inference latency", "79.1% Top-5 accuracy", not "ε = 16/255 and accuracy
    # of" (the names of resources/named_measures.txt)
    measure_after_rx = rx(rf"""\s*(?:(?!(?:and|or|but|with|than|on|in|at|of|for|while|to|from|by|the|a|an)\b)
                              [\w\-]+\s+){{0,2}}?         # up to two words that are no function words
                              (?:{named_measures})\b     # the measure's name
                           """, regex.IGNORECASE | regex.VERBOSE)
    change_rx = rx(rf"\b(?:{change_verbs})\w*", regex.IGNORECASE)
    # a capitalised word glued on by a hyphen names what the digits are part of: "the 1-WL test",
    # "3-SAT", "2-Gaussian mixture models", "the 1/2-Tsallis entropy", "7-Scenes" (the development
    # annotations keep 1 of 21 such numbers: "64-GPU", a unit, stays a number)
    caps_units = sorted((w for w in units_words if w[:1].isupper()), key=len, reverse=True)
    name_after_rx = rx(r"\$?[-‐](?!(?:" + "|".join(regex.escape(w) for w in caps_units)
                       + r")(?![\w]))\p{Lu}")
    # a verb of change up to five words before "up to" ("reduces the activation memory up to 84%"),
    # perhaps in a parenthesis ("degrade the accuracy of clone models (up to 39.7%)")
    up_to_change_rx = rx(rf"\b(?:{change_verbs})\w*\s+(?:[^\s.;:,()]+\s+){{0,5}}?\(?$", regex.IGNORECASE)
    adjectives = resources.words("adjectives.txt")
    return dict(units_attached=units_attached, attached_rx=attached_rx, units_words=units_words,
                words_rx=words_rx, qual_rx=qual_rx, qual_map=qual_map, before_rx=before_rx,
                after_rx=after_rx, name_after_rx=name_after_rx, cues=cues, adjectives=adjectives, currencies=currencies,
                magnitudes=magnitudes, magnitude_words_rx=magnitude_words_rx, spread_cues=spread_cues,
                currency_units=frozenset(u for u, _ in currencies.values()),
                relative_cues=relative_cues, change_rx=change_rx, up_to_change_rx=up_to_change_rx,
                measure_after_rx=measure_after_rx,
                change_nouns=frozenset(resources.word_list("change_nouns")))


@lru_cache(maxsize=1)
def unit_surfaces() -> frozenset:
    """The units of resources/units.tsv as written ("dB", "GB", "ms", "points"): after a number,
    such a word is its unit, never a name ("a 1-2 dB drop", "16 GB of memory")."""
    return frozenset(surface.lstrip("=^") for surface, _, _ in resources.rows("units.tsv"))


def _parse_value(m) -> Optional[float]:
    """The number as written, before any magnitude suffix; None for digits Python cannot read
    (the regex module knows newer Unicode digits than `float` does: '\U0001ccf7')."""
    try:
        return _value_of(m)
    except ValueError:
        return None


def _value_of(m) -> Optional[float]:
    if m.group("whole"):
        return float(m.group("whole")) + float(m.group("mfn")) / float(m.group("mfd"))
    if m.group("frac_n"):
        d = float(m.group("frac_d"))
        return float(m.group("frac_n")) / d if d else None
    if m.group("pow"):
        try:
            return float(m.group("pow")) ** int(m.group("pexp").translate(_MINUS))
        except (OverflowError, ZeroDivisionError):  # `10^{999}`; `0^{-3}` has no value
            return None
    digits = _THOUSANDS.sub("", m.group("num"))
    exp = m.group("exp") or m.group("exp2") or m.group("eexp")
    value = float(f"{digits}e{int(exp.translate(_MINUS))}") if exp else float(digits)
    return -value if m.group("sign") in ("-", "−") else value


def _expand(written: float, multiplier: float) -> Optional[float]:
    """`4.1` and 1e9 -> 4.1e9 exactly as written (not 4099999999.9999995); `3e+57` and 1e9 ->
    3e+66; None when the product is too large for a float (`10^{300}` trillion)."""
    mantissa, _, exponent = repr(written).partition("e")
    value = float(f"{mantissa}e{int(exponent or 0) + round(math.log10(multiplier))}")
    return value if math.isfinite(value) else None


#: a number with a magnitude and a dash: what comes next is a range's other end ("seq. length 1K-4K",
#: "3k-4k videos"), not a name's digits after a letter
_MAGNITUDE_THEN_DASH = rx(r"(?<![\p{L}\d.])\d+(?:\.\d+)?[kKMB][-‐–]$")


def _blocked_left(text: str, i: int) -> bool:
    """Is the char run ending at i part of a name or math (so digits at i are not a number)?"""
    if i == 0:
        return False
    c = text[i - 1]
    if c == "/" and rx(r"\d[x×X%]/$").search(text[max(0, i - 3):i]):
        return False  # "20x/40x", "3%/5%"
    if c.isalnum() or c in "_@^/\\#'’":
        return True
    if c == "." and i >= 2 and text[i - 2].isalnum():
        return True
    if c in "-‐–" and i >= 2 and (text[i - 2].isalpha() or text[i - 2] in "_@^∞") \
            and not _MAGNITUDE_THEN_DASH.search(text, max(0, i - 10), i):
        return True  # "ResNet-50", "pass@k-3", and a threat model's budget after its norm: "PGD l_∞-8"
    return False  # ("CIFAR- 100", a name split after its hyphen, is joined by normalisation)


def _singular(word: str) -> str:
    w = word
    low = w.lower()
    if low.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if low.endswith(("sses", "xes", "ches", "shes")):
        return w[:-2]
    if low.endswith("s") and not low.endswith(("ss", "us", "is")) and len(w) > 3:
        return w[:-1]
    return w


def _adjective(word: str, adjectives) -> bool:
    low = word.casefold()
    return (low in adjectives or "-" in word and not word.isupper() or bool(_ADJ_SUFFIX.search(low))
            and low not in ("label", "signal", "trial", "animal", "interval", "material"))


def _noun_unit(text: str, pos: int, t) -> tuple[Optional[str], Optional[str], int]:
    """The counted noun after the number: (unit, default kind, end offset)."""
    m = t["words_rx"].match(text, pos)
    if m:
        unit, kind = t["units_words"][m.group()]
        return unit, kind, m.end()
    words = []
    p = pos
    for _ in range(5):
        wm = _WORD.match(text, p)
        if not wm:
            break
        words.append(wm)
        p = wm.end()
        sp = rx(r"[ \t]+").match(text[p:p + 3])
        if not sp:
            break
        p += sp.end()
    modifiers: list[str] = []
    for wm in words:
        w = wm.group()
        low = w.casefold()
        if low in _STOP:
            return None, None, pos
        km = t["words_rx"].match(text, wm.start())
        if km:
            unit, kind = t["units_words"][km.group()]
            if modifiers and unit not in ("%", "x", "points"):
                unit = " ".join(modifiers + [unit])
            return unit, kind, km.end()
        plural = low.endswith("s") and not low.endswith(("ss", "us", "is")) and len(low) > 3
        if plural and _singular(low) in t["change_nouns"]:
            return None, None, pos  # "1.5-3.3 BLEU improvements": the change, not a counted noun
        if plural and not _adjective(w, t["adjectives"]) or (plural and w.isupper()):
            unit = " ".join(modifiers + [_singular(w)])
            end = wm.end()
            per = rx(r"\s+per\s+(second|minute|hour|day|step|iteration|query|sample|image)\b").match(text[end:end + 20])
            if per:
                unit += " per " + per.group(1)
                end += per.end()
            return unit, None, end
        if _adjective(w, t["adjectives"]) and not modifiers:
            continue
        if w[:1].isupper() and not w.isupper():
            return None, None, pos
        modifiers.append(w)
    return None, None, pos


def _compound_unit(text: str, pos: int, t) -> tuple[Optional[str], Optional[str], int]:
    """The noun of a number-noun compound: "a 2-layer transformer", "20-digit addition",
    "512-residue proteins" count layers, digits and residues, whatever words follow."""
    km = t["words_rx"].match(text, pos)
    if km:
        unit, kind = t["units_words"][km.group()]
        return unit, kind, km.end()
    wm = _WORD.match(text, pos)
    word = wm.group().split("-")[0] if wm else ""
    if not word or word.casefold() in _STOP or word[:1].isupper():
        return None, None, pos
    return _singular(word), None, pos + len(word)


def _kind_from_cues(text: str, start: int, end: int, t, sents: Sentences) -> tuple[Optional[str], Optional[str]]:
    """(kind, where the cue was: "before" or "after") from resources/kind_cues.tsv, or (None, None)."""
    # the cues read the words around the number, outside the LaTeX math that may wrap it ("by $3.2\%$");
    # 90 characters before it hold a verb of change eight words before "by" ("outperform their vanilla
    # implementations by an average accuracy of 4.6%")
    before = _MATH_OPEN.sub("", text[max(0, start - 90):start])
    after = _MATH_CLOSE.sub("", text[end:end + 50])
    for kind, where, cue in t["cues"]:
        if (where == "before" and cue.search(before)) or (where == "after" and cue.search(after)):
            return kind, where
    # "... outperforms baselines by 15.4% (F1) in one setting and by 8.4% in another": a "by"
    # right before the number, with a verb of change earlier in the sentence; also examples of the
    # change ("improves the test error ..., including 3.24% on Tiny ImageNet") unless a level is
    # reached ("achieves improved results on several benchmarks, e.g. 85.3% on ImageNet")
    if _CHANGE_LEAD.search(before):
        sent_start = sents.start(start)
        lead_by = _BY_END.search(before) is not None
        if t["change_rx"].search(text, sent_start, start) and (lead_by or not (
                _LEVEL_REACHED.search(text, sent_start, start) or _TO_ANOTHER.match(text, end))):
            return "delta", "before"
    return None, None


#: LaTeX math opened right before a number, closed right after it
_MATH_OPEN = rx(r"(?:\$|\\\(|\\textbf\{|\\mathbf\{)$")
_MATH_CLOSE = rx(r"^(?:\$|\\\)|\})")
#: hedges between "by" and the number ("by up to", "by an average of", "by between 10% and 62%");
#: the linker reads the same list
BY_HEDGES = (r"up\s+to|over|about|around|nearly|almost|more\s+than|less\s+than|at\s+least|approximately|"
             r"roughly|a\s+factor\s+of|an?\s+average\s+of|on\s+average|between|as\s+much\s+as")
#: "by" right before a number (spaces, a parenthesis and hedges allowed)
_BY_END = rx(rf"\bby\s*\(?\s*(?:(?:{BY_HEDGES})\s*)*[~≈∼]?\s*$", regex.IGNORECASE)
#: what stands right before a number whose sentence states a change: "by", or a word introducing
#: examples ("including", "e.g.", "such as", "namely")
_CHANGE_LEAD = rx(rf"\b(?:by\s*\(?\s*(?:(?:{BY_HEDGES})\s*)*[~≈∼]?|(?:including|such\s+as|namely|e\.g\.,?)\s*\(?)\s*$",
                  regex.IGNORECASE)
#: a level compared with another right after the number: "e.g., 4.98%→0.62%", "(e.g., 90+% vs 67%"
_TO_ANOTHER = rx(r"[+%\\$\s]*(?:vs\.?|versus|→|->|⟶)")
#: verbs that state a level reached, not a change
_LEVEL_REACHED = rx(r"\b(?:achiev|reach|attain|obtain|scor)\w*", regex.IGNORECASE)


def _spread(text: str, pos: int, t) -> Optional[regex.Match]:
    """The spread written right after a number ending at `pos` (`±0.4`, `(± 1.3)`, `(0.4)` after
    "mean (std)" wording), or None (also for digits `float` cannot read)."""
    m = _SPREAD.match(text, pos)
    if not m:
        m = _SPREAD_PAREN.match(text, pos)
        if m and not any(c.search(text, 0, pos) for c in t["spread_cues"]):
            m = None
    if m is None or not m.group("spread").isascii():
        return None
    return m


def _magnitude_ok(text: str, s: int, e: int, suffix: str, t) -> Optional[regex.Match]:
    """Does the context allow this magnitude suffix (`4.1G` only near FLOPs, tokens, parameters)?
    Returns the context match (or a match of the suffix itself when any context will do)."""
    _, context, _ = t["magnitudes"][suffix]
    if context is None:
        return rx(r".").match(suffix)
    return context.search(text[max(0, s - 60):s]) or context.search(text[e:e + 30])


def find_numbers(text: str, exclude: list[tuple[int, int]] = (), sents: Optional[Sentences] = None) -> list[NumberMatch]:
    """Every number of `text` outside the `exclude` spans; `sents`: its sentences (found from
    `text` when not given)."""
    t = _tables()
    sents = sents if sents is not None else Sentences.of(text)
    out: list[NumberMatch] = []
    excl = SpanIndex(exclude)
    taken = 0  # end of the text the last number took (its spread, its second half)
    for m in _NUM.finditer(text):
        if m.start() < taken:
            continue
        dims = _DIMENSIONS.match(text, m.start()) \
            if m.group("num") and not (m.group("exp") or m.group("exp2")) else None
        num = _read_dimensions(text, m, dims, excl, t) if dims else _read_number(text, m, excl, t)
        if num is not None:
            out.append(num)
            taken = num.end
    _share_ranges(text, out)
    _decide_kinds(text, out, t, sents)
    return out


#: the units a size in several dimensions is counted in (a noun after it is otherwise what has
#: the size: "512×512 images")
_DIMENSION_UNITS = frozenset({"pixel", "voxel", "patch"})


def _read_dimensions(text: str, m: regex.Match, dims: regex.Match, excl, t) -> Optional[NumberMatch]:
    """A size in several dimensions ("512×512", "28 x 28 image pixels") as one number: the span of
    the whole product, the first factor as value, a unit of size after it (`_DIMENSION_UNITS`),
    kind setting (docs/ANNOTATION.md). None where the digits are part of something else
    (`_screen`)."""
    if _screen(text, m, excl, t) is None or any(excl.overlapping(dims.start(), dims.end())):
        return None
    value = float(_THOUSANDS.sub("", m.group("num")))
    num = NumberMatch(start=dims.start(), end=dims.end(), value=value, written=value, dimensions=True)
    unit, _ = _word_unit(text, num, None, None, t)
    num.unit = unit if unit in _DIMENSION_UNITS else None   # "28 x 28 pixels", not "512×512 images"
    if num.unit is None:
        num.unit_end = num.end
    num.qualifier, num.context_start = _qualifier(text, num.start, t)
    num.kind = num.unit_kind = "setting"
    return num


def _read_number(text: str, m: regex.Match, excl, t) -> Optional[NumberMatch]:
    """The number a match of _NUM states, with its unit and qualifier; None when it states none."""
    s, e = m.span()
    screened = _screen(text, m, excl, t)
    if screened is None:
        return None
    mult, context, spread, attached, rest = screened
    value = _parse_value(m)
    if value is None or not math.isfinite(value):
        return None
    integer = m.group("num") and "." not in m.group("num") and not mult and not m.group("eexp") \
        and not m.group("cur")
    if _label_or_math(text, m, rest, integer and value < 30 and not spread, t):
        return None
    num = NumberMatch(start=s, end=e, value=value, signed=m.group("sign") in ("+", "-", "−"),
                      multiplier=mult, written=value)
    if mult:
        num.value = _expand(value, t["magnitudes"][mult][0])
        if num.value is None:
            return None
        num.magnitude = mult
    unit, kind = _attached_unit(text, m, num, spread, attached, t)
    if integer and _decade(text, s, e, value):
        return None
    # citation years and other calendar years
    if integer and not _THOUSANDS.search(m.group("num")) and 1900 <= value <= 2039 and unit is None \
            and not m.group("sign"):
        nxt = _noun_unit(text, e + 1, t) if text[e:e + 1] == " " else (None, None, e)
        if nxt[0] is None:
            return None
    if unit is None or m.group("cur"):
        _magnitude_word(text, num, spread, mult, t)
    if unit is None:
        unit, kind = _word_unit(text, num, mult, context, t)
    num.unit, kind0 = unit, kind
    num.qualifier, num.context_start = _qualifier(text, s, t)
    num.kind = num.unit_kind = kind0 or ""
    return num


#: what is written before a decade: "the 1970s", "the early 2000s", "the mid-1990s"
_BEFORE_DECADE = rx(r"\bthe\s+(?:(?:early|late)\s+|mid-?\s*)?$", regex.IGNORECASE)


def _decade(text: str, start: int, end: int, value: float) -> bool:
    """A decade, not "s" for seconds: "a method proposed in the 1970s", "since the early 2000s"."""
    return 1900 <= value <= 2030 and value % 10 == 0 and text[end:end + 1] == "s" \
        and not text[end + 1:end + 2].isalnum() and bool(_BEFORE_DECADE.search(text, max(0, start - 12), start))


def _screen(text: str, m: regex.Match, excl, t):
    """(multiplier, its context, spread, attached unit, the text after) of a match that may state
    a quantity; None for digits that are part of something else (names, versions, URLs)."""
    s, e = m.span()
    num_start = (m.start("cur") if m.group("cur") else m.start("whole") if m.group("whole")
                 else m.start("frac_n") if m.group("frac_n") else m.start("pow") if m.group("pow")
                 else m.start("num"))
    if _blocked_left(text, num_start):
        return None
    if any(a <= num_start < b or a < e <= b for a, b in excl.overlapping(num_start, e)):
        return None
    mult = m.group("mult")
    context = _magnitude_ok(text, s, e, mult, t) if mult else None
    if mult and context is None:
        return None  # "5G networks": a name, not 5e9
    if m.group("whole") and int(m.group("mfn")) >= int(m.group("mfd")):
        return None  # "3 4/2": not a mixed fraction
    if m.group("frac_n") == "0" and m.group("frac_d") == "1":
        return None  # "$0/1$ spikes", "0/1 labels": the two values of a bit, no quantity
    spread = _spread(text, e, t)
    after = spread.end() if spread else e
    # digits glued to letters (4D, 2nd, 480B-Coder) are names or ordinals, unless a unit (0.4s, 5x)
    rest = text[after:after + 12]
    attached = None if spread else t["attached_rx"].match(text, e)
    if not attached and (rest[:1].isalnum() or rest[:1] in "_@^" or t["after_rx"].match(text, after)
                         or t["name_after_rx"].match(text, after)
                         or rest[:1] == "/" and not rx(r"/\s?\d").match(rest)):
        return None
    if _not_a_quantity(text, s, e, m, rest, t):
        return None
    if rest[:1] == "." and rest[1:2].isdigit() or rest[:1] == "," and rx(r",\d{3}\b").match(rest):
        return None  # version numbers and dotted identifiers
    if t["before_rx"].search(text, max(0, s - 20), s):
        return None
    return mult, context, spread, attached, rest


def _label_or_math(text: str, m: regex.Match, rest: str, small_integer: bool, t) -> bool:
    """A list label ("(1)", "1)" at a clause start) or a number inside mathematics."""
    s, e = m.span()
    if small_integer:
        if rx(r"\s*\)").match(rest) and (s == 0 or rx(r"(?:^|[(\s:;,.])\s*\(?\s*$").search(text[max(0, s - 3):s])):
            before = text[max(0, s - 2):s]
            if "(" in before or s == 0 or rx(r"(?:^|[\s:;,.])$").search(before):
                return True
    # math: intervals [0, 1), the right side of a formula ("√(1-C) = 1"; a value given to a symbol,
    # "k = 3", is a setting: `assigned`), exponents
    if rx(r"[=∈]\s*[\[(]?\s*$").search(text[max(0, s - 4):s]) and not assigned(text, s, m.end()) \
            and not t["words_rx"].match(text, e + 1 if text[e:e + 1] == " " else e):
        return True
    if rx(r"\{[^{}]{0,30}$").search(text[max(0, s - 30):s]) and rx(r"[^{}]{0,30}\}").match(rest):
        return True  # a set literal {-1, +1}
    if rx(r"\s*,\s*-?\d+(?:\.\d+)?\s*[\])]").match(rest) and rx(r"[\[(]\s*$").search(text[max(0, s - 2):s]):
        return True
    return bool(rx(r"[\[(]\s*-?\d+(?:\.\d+)?\s*,\s*$").search(text[max(0, s - 12):s]) and rx(r"\s*[\])]").match(rest))


def _attached_unit(text: str, m: regex.Match, num: NumberMatch, spread, attached, t):
    """(unit, kind) of a currency sign or a unit glued to the number ("%", "x", "ms"), with the
    spread written after it; moves ``num.end`` past them."""
    unit, kind = None, None
    if m.group("cur"):
        unit, kind = t["currencies"].get(m.group("cur"), (None, None))
    if attached:
        unit, kind = t["units_attached"].get(attached.group().strip(), (None, None))
        num.end = attached.end()
        spread = _spread(text, num.end, t)  # "85.3% ± 0.4%"
    if spread:
        num.uncertainty = float(spread.group("spread"))
        num.end = spread.end()
        if unit is None and spread.group("pct"):
            unit, kind = t["units_attached"]["%"]
    return unit, kind


def _magnitude_word(text: str, num: NumberMatch, spread, mult, t) -> None:
    """A magnitude written as a word after the number ("1.2 million", "$5 billion")."""
    wm = None if mult else t["magnitude_words_rx"].match(text, num.end)
    expanded = _expand(num.value, t["magnitudes"][wm.group(1)][0]) if wm else None
    if expanded is not None:
        num.value = expanded
        num.magnitude = wm.group(1)
        num.end = wm.end()
        spread = spread or _spread(text, num.end, t)
        if spread and num.uncertainty is None:
            num.uncertainty, num.end = float(spread.group("spread")), spread.end()


def _word_unit(text: str, num: NumberMatch, mult, context, t):
    """(unit, kind) of the counted noun after the number ("12 tasks", "a 7-layer"); sets ``num.unit_end``."""
    p = num.end
    if text[p:p + 1] == "-" and text[p + 1:p + 2].isalpha():
        unit, kind, uend = _compound_unit(text, p + 1, t)
    else:
        unit, kind, uend = _noun_unit(text, p + (text[p:p + 1] == " "), t)
    num.unit_end = uend if unit else num.end
    if unit is None and mult == "G" and context is not None:  # "FLOPs from 4.1G to 1.2G"
        word = context.group().lstrip("G")
        unit, kind = t["units_words"].get(word, (_singular(word), None))
    return unit, kind


#: a parenthesis opened right after a number and closed right after the next: "7% (35%)"
_ALONE_IN_PARENS_BEFORE = rx(r"\s*\$?\s*\(\s*\$?\s*")
_ALONE_IN_PARENS_AFTER = rx(r"\s*\$?\s*\)")


def _decide_kinds(text: str, out: list[NumberMatch], t, sents: Sentences) -> None:
    """Each number's kind from its cues, shared along ranges and parallel lists; a delta's relativity."""
    cued = [_kind(text, num, t, sents) for num in out]
    for num, (kind, _) in zip(out, cued):
        num.kind = kind
    _difference_of_levels(text, out, cued)
    for i in range(len(out) - 1):
        # "improves MoCo by 2.9% top-1 accuracy on ImageNet linear protocol, 3.8% and 1.1% top-5
        # accuracy on ...": the next member of a list that a "by" of change heads is a change too
        a, b = out[i], out[i + 1]
        if a.kind == "delta" and cued[i][1] == "cue" and not cued[i + 1][1] and a.unit == b.unit \
                and _BY_END.search(text, max(0, a.start - 4), a.start) \
                and _BY_LIST_GAP.match(text[max(a.end, a.unit_end):b.start]):
            b.kind = "delta"
            cued[i + 1] = ("delta", "cue")
        # "improves the integral by up to 7% (35%) over a tuned (default) baseline", "with only
        # 3%(40%) of their parameters": a parenthesis that holds one number of the same unit and
        # nothing else gives the same quantity in another setting, of the same kind
        elif cued[i][1] and not cued[i + 1][1] and a.unit == b.unit \
                and _ALONE_IN_PARENS_BEFORE.fullmatch(text, max(a.end, a.unit_end), b.start) \
                and _ALONE_IN_PARENS_AFTER.match(text, max(b.end, b.unit_end)):
            b.kind = a.kind
            cued[i + 1] = cued[i]
    inside = inner_numbers(text, out)
    top = [n for n in out if id(n) not in inside]
    index = {id(n): i for i, n in enumerate(out)}
    for a, b in zip(top, top[1:]):
        # along a list, a cued kind carries on: "exceeds CLIP by 10.6%/13.2%/10.0%", "by 2.3, 2.2
        # and 1.6 BLEU", "by 28.5% ($\sim 2.6 \times$) and 6.5%" (the partner that takes the kind
        # passes it on to the next; a number in the first's parenthesis is not a member)
        i, j = index[id(a)], index[id(b)]
        (_, ca), (_, cb) = cued[i], cued[j]
        gap = text[a.end:b.start]
        # up to the second's qualifier: "drops of <2% and <4%", "by about 3% and about 5%"
        q_gap = text[a.end:b.context_start] if a.end <= b.context_start < b.start else gap
        if (len(gap) <= 5 and _RANGE.match(gap) or _PARALLEL.match(gap) or _PARALLEL.match(q_gap)) \
                and a.unit == b.unit:
            if ca and not cb:
                b.kind = a.kind
                cued[j] = (a.kind, ca)
            elif cb and not ca:
                a.kind = b.kind
                cued[i] = (b.kind, cb)
    for i in range(len(out) - 2, -1, -1):
        # "achieves 6.56%, 4.76%, 5.82% improvements", "which are 3.1%, 1.4%, and 0.6% better than": the
        # change word after a list covers it
        a, b = out[i], out[i + 1]
        if cued[i][1] in ("level", None) and cued[i + 1][1] == "after" and b.kind == "delta" and a.unit == b.unit \
                and _PARALLEL.match(text[a.end:b.start]):
            a.kind = b.kind
            cued[i] = (b.kind, "after")
    for i, a in enumerate(out):  # a range is one quantity: its kind is read around both ends
        if a.range_with is not None and a.range_with > i:
            b = out[a.range_with]
            whole = replace(b, start=a.start, context_start=a.context_start, signed=a.signed or b.signed)
            kind, source = _kind(text, whole, t, sents)
            if source is None and (cued[i][1] or cued[a.range_with][1]):
                # no cue around the range, but a list it belongs to passed one on: "by 15.0%~32.9% for
                # fooling ... and 10.0%~25.3% for evading ...": the second range is a change too
                kind = cued[i][0] if cued[i][1] else cued[a.range_with][0]
            a.kind = b.kind = kind
            a.unit = b.unit = whole.unit
            a.relative = b.relative = _relative(text, whole, t) if kind == "delta" else None
    for num in out:
        if num.range_with is None:
            num.relative = _relative(text, num, t) if num.kind == "delta" else None
        if num.kind in ("setting", "count") and num.qualifier == "<" and _UNDER.match(text, num.context_start):
            num.qualifier = None  # "under 80% label corruption", "under 6 attacks": the condition, no bound
        if num.kind == "ratio" and num.unit is None and "/" not in text[num.start:num.end]:
            num.unit = "x"  # "by a factor of 9.1": a factor's unit is x, written or not (not a share: "1/3 of")


#: "2.46% (90.72% vs. 88.54%)": a number, then in a parenthesis two levels compared
_OPEN_LEVELS = rx(r"\s*\(\s*(?:from\s+)?$")
_LEVELS_GAP = rx(r"\s*(?:vs\.?|versus|v\.s\.|→|->|⟶|to)\s*$")
_CLOSE_LEVELS = rx(r"\s*\)")


def _difference_of_levels(text: str, out: list[NumberMatch], cued: list) -> None:
    """"2.46% (90.72% vs. 88.54%)", "+3.1 (from 41.2 to 44.3)": a number followed by a parenthesis
    comparing two levels is their difference when it equals it (absolute, to the last written
    digit, or relative): the number is a change, the two levels are scores."""
    for i in range(len(out) - 2):
        a, b, c = out[i], out[i + 1], out[i + 2]
        if not (_OPEN_LEVELS.fullmatch(text, max(a.end, a.unit_end), b.start)
                and _LEVELS_GAP.fullmatch(text, max(b.end, b.unit_end), c.start)
                and _CLOSE_LEVELS.match(text, max(c.end, c.unit_end))):
            continue
        diff = abs(b.value - c.value)
        low = min(b.value, c.value)
        if abs(diff - a.value) <= 0.0101 * max(1.0, a.value) or low and abs(100 * diff / low - a.value) <= 0.06:
            a.kind, b.kind, c.kind = "delta", "score", "score"
            cued[i], cued[i + 1], cued[i + 2] = ("delta", "cue"), ("score", "level"), ("score", "level")


def inner_numbers(text: str, nums) -> dict:
    """id(number) -> the number whose parenthesis holds it, for the numbers in a parenthesis opened
    right after another number ("2.46% (90.72% vs. 88.54%)": 90.72% and 88.54% are 2.46%'s)."""
    out: dict = {}
    for i, a in enumerate(nums):
        if id(a) in out:
            continue
        opened = _PAREN_OPEN.match(text, max(a.end, a.unit_end))
        if opened is None:
            continue
        close = text.find(")", opened.end(), opened.end() + 200)   # a short parenthesis, no nesting
        if close < 0 or "(" in text[opened.end():close]:
            continue
        j = i + 1
        while j < len(nums) and nums[j].start < close:
            out[id(nums[j])] = a
            j += 1
    return out


_PAREN_OPEN = rx(r"\s*\(")


def _relative(text: str, num: NumberMatch, t) -> Optional[bool]:
    """For a delta: true when the text says the change is relative, false when absolute, else None
    (resources/relative_cues.tsv)."""
    start = num.start if num.context_start < 0 else min(num.start, num.context_start)
    end = max(num.end, num.unit_end)
    before, after = text[max(0, start - 60):start], text[end:end + 40]
    for flag, where, units, cue in t["relative_cues"]:
        if units is not None and num.unit not in units:
            continue
        if where == "unit" and num.unit is not None and cue.fullmatch(num.unit) \
                or where == "before" and cue.search(before) or where == "after" and cue.search(after):
            return flag
    return None


#: a symbol and a relation right before a number: "β ≪ 1", "k = 3", "√β_2<1", "as p→0" (math, not
#: a quantity; a value given to a symbol is one: `assigned`; a bound after a term is one too, "c_α =
#: (1-α)^(-(1-α)) ≤ 1.445", as the development annotations count it)
_MATH_REL = rx(r"""
    (?:^|[\s(,√])                                        # the symbol's start
    (?:[A-Za-z]|[α-ωΑ-Ω][\u0300-\u036f]?|\p{L}_\w+)      # a one-letter symbol, perhaps with a subscript
    \s*[<>≤≥≪≫=≠∈→]\s*$                                  # and a relation
    """, regex.VERBOSE)
#: a symbol and "=" right before a number: the value a parameter is set to ("Δt=10", "ε = 2.0", "K=3",
#: "ℓ∞=8/255", "β_1=0.9", "IOU=0.5"); not a term of a larger formula ("Pr[ξ = 0]", "√(1-C) = 1")
_ASSIGNED = rx(r"""
    (?:^|(?<=[\s(,]))                        # the symbol's start: a space, a parenthesis or a comma
    (?:Δ\s?)?\p{L}[\p{L}\p{N}_∞]{0,3}       # a letter (a difference of one), up to three more
    \s*=\s*$                                # and "=" before the number
    """, regex.VERBOSE)
#: an index that runs over values: "t=1,...,T", "i=1,\dots,n", "t=1,2,…" (math, not a setting)
_INDEX_RUN = rx(r"\s*,\s*(?:\d+\s*,\s*)?(?:\.\.\.|…|\\l?dots)")


def assigned(text: str, s: int, e: int) -> bool:
    """Is the number at `s`..`e` the value a symbol is set to (`_ASSIGNED`; a setting of the
    development annotations: "in Δt=10", "with ε = 2.0", "(e.g., K=3)"), not an index run?"""
    return bool(_ASSIGNED.search(text, max(0, s - 12), s)) and not _INDEX_RUN.match(text, e)


_MUCH = rx(r"(?:>>|<<|≫|≪|\\gg|\\ll)\s*$")
_LIST_DOT = rx(r"\.\s+[A-Z]")
#: ... or a lower-case word after a colon or a semicolon: "three categories: 1. greedy node-by-node
#: optimization; 2. probabilistic relaxations" (no sentence starts in lower case)
_LIST_DOT_LOWER = rx(r"\.\s+\p{Ll}")
#: an arithmetic plus glued to a letter, a digit or a closing bracket before it: "$K+1$ perturbed
#: loss evaluations", "the Base-$(k+1)$ Graph", "a $(K+1)^{th}$ class", "a (2+1)-d equation",
#: "[CGT+20]": a term of a formula or a citation label, not a change
_SUM_BEFORE = rx(r"[\p{L}\p{N})\]}]$")
#: ... or an arithmetic sign or a relation and a one-letter variable after the number: "a
#: (1+ε)-approximation", "accuracy 1-ε", "a small (1+o(1)) factor", "a (1± ε) factor", "for 0≤ α<1";
#: or a plus glued to a digit: "a (2+1)-d equation" (not "1-shot", "3+ datasets")
_VARIABLE_AFTER = rx(r"\s?[+±−\-<>≤≥]\s?\p{L}(?![\p{L}\p{N}_'’])|\+\d")
#: whole numbers in square brackets: a citation by number ("problem [1, 2, 3]", "introduced in [1]"),
#: unless two of them after a symbol make an interval ("$\varepsilon \in [1, 8]$", `_label_or_math`)
_CITATION = rx(r"""
    \[\s*\d{1,3}                          # an opening bracket and a whole number
    (?P<more>(?:\s*,\s*\d{1,3})*)          # more of them, after commas
    \s*\]                                # the closing bracket
    """, regex.VERBOSE)
#: a word (or an abbreviation's dot, or a comma) right before a bracket, perhaps with a space:
#: "features [5]", "et al. [2]", "like JW300 [1]", "particularly,[7]"; not a symbol or a formula
#: ("\in [1]", "x^[2]", "\Delta_{[2]}")
_WORD_BEFORE_BRACKET = rx(r"""
    (?<![\\])\b[\p{L}\p{N}]*\p{L}[\p{L}\p{N}]*\.?\s?$    # a word with a letter (an abbreviation's dot), a space
    |\p{L}[,;]\s?$                                  # or a word and a comma or semicolon
    """, regex.VERBOSE)


def _citation(text: str, s: int, e: int) -> bool:
    """Does the number at `s`..`e` stand in a citation by number: three or more whole numbers in
    square brackets ("[4, 5, 6]"), or one after a word ("in [1]")?"""
    i = text.rfind("[", max(0, s - 24), s)
    if i < 0 or "]" in text[i:s]:
        return False
    m = _CITATION.match(text, i)
    if m is None or m.end() < e:
        return False
    members = m.group("more").count(",") + 1
    return members >= 3 or members == 1 and bool(_WORD_BEFORE_BRACKET.search(text, max(0, i - 16), i))


_NAME_BEFORE = rx(r"(?<=[a-z,;:]\s)[A-Z][a-zA-Z]+\s$")
_VERSION_BEFORE = rx(r"[A-Za-z]+\d+[A-Za-z]*\s$")


#: two digits that end a year written short after a citation key or a venue: "[ VSP`17 ]", "ICML'19"
_CITED_YEAR = rx(r"\p{L}\s?" + SHORT_YEAR + "$")


def _not_a_quantity(text: str, s: int, e: int, m, rest: str, t) -> bool:
    """Digits that read as math, list labels, names or identifiers rather than quantities."""
    before = text[max(0, s - 12):s]
    if _MATH_REL.search(before) and not assigned(text, s, e):
        return True  # "β ≪ 1", "k = 3"
    if _MUCH.search(before):
        return True  # "a UTD ratio $>>1$": an order of magnitude, not a quantity
    small_int = m.group("num") and m.group("num").isdigit() and int(m.group("num")) < 100
    if small_int and _LIST_DOT.match(rest) and rx(r"(?:^|[:;.]|\band)\s*$").search(text[max(0, s - 6):s]):
        return True  # "... VAE: 1. Extracting ...", "... existing ones. 2. They can ..."
    if small_int and _LIST_DOT_LOWER.match(rest) and rx(r"[:;]\s*$").search(text[max(0, s - 3):s]):
        return True  # "three categories: 1. greedy ..."
    if m.group("sign") == "+" and _SUM_BEFORE.search(text, max(0, m.start("sign") - 1), m.start("sign")) \
            or _VARIABLE_AFTER.match(text, e):
        return True  # "$K+1$", "(1+ε)"
    if m.group("num") and m.group("num").isdigit() and _citation(text, s, e):
        return True  # "[1, 2, 3]"
    if m.group("num") and len(m.group("num")) == 2 and _CITED_YEAR.search(text, max(0, s - 3), e):
        return True  # "[ VSP`17 ]", "ICML'19": a year written short after a citation key or a venue
    if small_int and _NAME_BEFORE.search(text, max(0, s - 30), s) and not t["words_rx"].match(rest.lstrip()):
        return True  # "Neural Pooling Method 1"
    if m.group("num") and "." in m.group("num") and _VERSION_BEFORE.search(text, max(0, s - 20), s):
        return True  # "wav2vec 2.0"
    dash = rx(r"[-–](\d+)(?![\d.%xX×])").match(rest)
    if dash and m.group("num") and m.group("num").isdigit() and int(dash.group(1)) < int(m.group("num")):
        return True  # "15-1 scenario": a name, not a range
    back = rx(r"(\d+)[-–]$").search(text[max(0, s - 6):s])
    if back and m.group("num") and m.group("num").isdigit() and int(back.group(1)) > int(m.group("num")) \
            and not t["attached_rx"].match(text, e):
        return True
    return False


#: "under" opening a qualifier: a bound for a score ("in under 3 hours"), the condition for a setting
_UNDER = rx(r"(?i)under\b")
#: an arrow of change right before or after a number ("up to ↑ 7%", "40%↑ FPS"; LaTeX's \uparrow
#: and \downarrow once normalised)
_ARROW_BEFORE = rx(r"[↑↓]\s*$")
_ARROW_AFTER = rx(r"\s*[↑↓]")


def _qualifier(text: str, start: int, t) -> tuple[Optional[str], int]:
    """The qualifier written right before the number, and where its words start (an arrow of
    change may stand between: "up to ↑ 7%")."""
    arrow = _ARROW_BEFORE.search(text, max(0, start - 4), start)
    end = arrow.start() if arrow else start
    m = t["qual_rx"].search(text, max(0, end - 30), end)
    if not m:
        return None, start
    phrase = rx(r"\s*(?:only|just)\s*$", regex.IGNORECASE).sub("", m.group().strip()).casefold()
    phrase = rx(r"\s+").sub(" ", phrase)
    q = t["qual_map"].get(phrase)
    if q == "~" and rx(r"[\d%x×]\s*$").search(text[max(0, m.start() - 3):m.start()]):
        return None, start  # "65.2% ~ 85.6%" is a range, not an approximation
    return q, (m.start() if q else start)


#: between a change "by" a number and the next member of its list: up to eight words (its metric,
#: where it was measured), none of them a verb, a comparison or a clause word, then a comma
_BY_LIST_GAP = rx(r"""
    ^(?:\s+(?!(?:with|while|whereas|compared|than|from|to|which|that|is|are|was|were|achiev\w*|reach\w*|obtain\w*)\b)
        [\p{L}\p{N}@\-]+){0,8}    # the words after the number
    \s*,\s*(?:and\s+)?$          # a comma (and "and")
    """, regex.VERBOSE | regex.IGNORECASE)
#: the gap between two numbers of one list: "10.6%/13.2%", "2.3, 2.2 and 1.6", "7.4% (AMD dataset) and 10%"
_PARALLEL = rx(r"""
    ^\s*(?:\([^()]{0,40}\)\s*,?\s*)?                                   # a parenthesis after the first number
    (?:(?:[\w@^\-]+\s+){0,2}?                                          # up to two words (a unit, a metric), then
       (?:on|in|for|across|over|against)\s+(?:the\s+)?(?:[\w@^\-]+\s+){1,3}?  # "BLEU on machine translation and": what it is on
      |(?:on|in|for|across|over|against)\s+(?:the\s+)?(?:[\w@^\-]+\s+){0,2}?[\w@^\-]+(?=,)  # "on Tiny ImageNet, ": a comma after it
      |(?:[\w@^\-]+\s+){0,2}?)                                         # or up to two words (a unit, a metric)
    (?:and|or|,(?:\s*and)?|/)\s*                                       # then the list word
    (?:(?:about|around|approximately|nearly|over|by)\s+)?$             # and a hedge or "by" ("and about 3.2%")
    """, regex.VERBOSE)
_RANGE = rx(r"\s?(?:--|-|–|—|to|~|∼|and|or|/|,)\s?$")   # "--": LaTeX's en dash


# the gap between the two ends of a range: `6.98-8.89%`, `3 to 4 points`, `65.2% ~ 85.6%`
_RANGE_GAP = rx(r"""
    ^[ ]{0,2}(?:--|-|–|—|to|~|∼)[ ]{0,2}$  # a dash (LaTeX's "--" too), "to" (also "from 4.1G to 1.2G") or a tilde
    """, regex.VERBOSE)
_BETWEEN = rx(r"\bbetween\s+$", regex.IGNORECASE)  # "between 3 and 5 layers"
_PART_GAP = rx(r"^\s+(?:out\s+)?of\s+(?:the\s+)?$")  # "12 of 14 tasks", "3 out of 5"


def _share_ranges(text: str, nums: list[NumberMatch]) -> None:
    """`20-60%`, `20B to 1T parameters`, `7B and 32B models`: the first shares the second's unit.
    The two ends of a range name each other (`range_with`); "12 of 14 tasks": the part shares the
    total's unit."""
    for i, (a, b) in enumerate(zip(nums, nums[1:])):
        gap = text[a.end:b.start]
        if len(gap) <= 5 and _RANGE.match(gap) and a.unit is None and b.unit is not None \
                and not (a.magnitude and b.unit == "%"):  # "(seq. length 16K, 61.4% accuracy)": two quantities
            a.unit = b.unit
            a.kind = a.kind or b.kind
            a.unit_kind = a.unit_kind or b.unit_kind
            if b.qualifier and a.qualifier is None and rx(r"-|–|to").search(gap) is None:
                a.qualifier = b.qualifier
        if b.qualifier is None and a.qualifier is not None and _PARALLEL.match(gap):
            b.qualifier = a.qualifier  # "fall below 30% pass@1 and 15% pass^4"
        ugap = text[max(a.end, a.unit_end):b.start]  # "55 percent to 75 percent"
        ranged = _RANGE_GAP.match(ugap) or ugap.strip() == "and" and _BETWEEN.search(text, max(0, a.start - 10),
                                                                                    a.start)
        if ranged and a.range_with is None and (a.unit == b.unit or a.unit is None or b.unit is None):
            a.range_with, b.range_with = i + 1, i
            a.unit, a.unit_kind = (a.unit, a.unit_kind) if a.unit else (b.unit, b.unit_kind)
            b.unit, b.unit_kind = (b.unit, b.unit_kind) if b.unit else (a.unit, a.unit_kind)
        elif _PART_GAP.match(gap) and a.unit is None and b.unit is not None and a.written <= b.written \
                and a.written == int(a.written) and b.written == int(b.written) and not a.signed:
            a.unit, a.part_of = b.unit, True


#: verbs of movement that reach a level ("drops below", "improves to")
_LEVEL_VERBS = (r"drops?|dropped|dropping|falls?|fell|falling|rises?|rose|rising|decreas\w+|increas\w+|"
                r"reduc\w+|improv\w+|climbs?|climbed|goes|went|jumps?|jumped")
_LEVEL = rx(rf"\b(?:{_LEVEL_VERBS})\s+(?:(?!(?:up|by|of)\b)\w+\s+)?"   # not "improvement up to", "improves by over"
            r"(?:below|above|under|over|to|beyond)\s*[~≈∼<>]?\s*$", regex.IGNORECASE)


def _kind(text: str, num: NumberMatch, t, sents: Sentences) -> tuple[str, Optional[str]]:
    """The number's kind, and what decided it: None (a default), "cue", "after" (a change word after
    the number) or "level" (a level reached)."""
    default = num.unit_kind or None
    if num.dimensions:
        return "setting", "cue"  # "on ImageNet 512×512": a size, whatever the words around it
    if assigned(text, num.start, num.end):
        return "setting", "cue"  # "in Δt=10", "with ε = 2.0", "N=2000": a value given to a symbol
    if num.part_of:
        return "score", "cue"  # "solves 12 of 14 tasks": what was achieved out of the total
    if num.multiplier in ("B", "T") or (num.multiplier == "M" and num.unit in (None, "parameter")):
        if num.unit in (None, "model", "LLM", "language model", "parameter"):
            num.unit = "parameter"
            return "setting", "cue"
    if num.unit == "x":
        return "ratio", "cue"
    if num.signed or (num.qualifier is None and _PLUS_BEFORE.search(text, max(0, num.start - 3), num.start)):
        if num.unit is None:
            num.unit = "points"
        return "delta", "cue"
    if _SHARE_FRACTION.fullmatch(text, num.start, num.end) and _share_resource().match(text, num.end):
        # "with only 1/4 parameters and 1/3 FLOPs" (of another model): a share, recorded as a ratio
        # (as "10% of the computation" is); the resource is what it measures, not its unit
        num.unit, num.unit_end = None, -1
        return "ratio", "cue"
    cue, where = _kind_from_cues(text, min(num.start, num.context_start), max(num.end, num.unit_end), t, sents)
    source = "after" if where == "after" and cue == "delta" else "cue"
    if source == "after" and default in ("count", "setting") and num.unit_end > num.end:
        cue = None  # "9 datasets demonstrate consistent improvements": the change is not the datasets'
    if cue == "ratio" and num.unit == "%":
        cue = "delta"  # "20% faster": a change
    if cue == "share":  # "only 10% of the computation", "20% memory": a share of the baseline's resource
        cue = "ratio" if num.unit in (None, "%") else None
    if cue == "ratio" and num.unit in t["currency_units"]:
        cue = None  # "$4.6 million of compute": an amount, not a factor
    if cue == "setting" and where == "before" and t["measure_after_rx"].match(text, max(num.end, num.unit_end)):
        cue = "score"  # "with only 1.6 ms inference latency", "compression with 79.1% Top-5 accuracy": a level
    if cue == "score" and where == "before":  # a level reached: "achieves over 90% accuracy"
        source = "level"
        if num.unit not in (None, "%", "points") and default != "score":
            cue = None  # "reaches 127 tasks", "reaches 200M frames": a level verb does not make a count a score
    if cue == "delta" and _LEVEL.search(text, max(0, num.start - 50), num.start):
        cue, source = "score", "level"  # "accuracy drops below 5%", "improves to 85%": the level reached
    if cue is None and (_ARROW_BEFORE.search(text, max(0, num.start - 4), num.start)
                        or _ARROW_AFTER.match(text, max(num.end, num.unit_end))):
        cue, source = "delta", "cue"  # "accelerates 40%↑ FPS", "(up to ↑ 7%)": an arrow of change
    if cue is None and num.qualifier == "up to" and num.unit in (None, "%", "points") \
            and t["up_to_change_rx"].search(text, max(0, num.context_start - 60), num.context_start):
        # "enhance the learning outcomes up to 48%": the largest size of a change (in the development
        # annotations a change or a factor each of 18 times, never a level)
        cue, source = "delta", "cue"
    if cue:
        return cue, source
    if default:
        if default == "count" and num.value != int(num.value):
            return "score", None
        return default, None
    if num.unit in (None, "%", "points"):
        return "score", None
    return ("count" if num.value == int(num.value) else "score"), None


#: a proper fraction as written ("1/4", "1/10"): with a resource right after it (`_share_resource`)
#: it is a share of what another system spends ("with only 1/4 parameters and 1/3 FLOPs of Swin-B")
_SHARE_FRACTION = rx(r"[1-9]\s*/\s*(?:[2-9]|[1-9]\d)")


@lru_cache(maxsize=1)
def _share_resource():
    """A resource of word list `share_resources` right after a number ("the" or "its" between)."""
    words = sorted((w.replace("_", " ") for w in resources.word_list("share_resources")), key=longest_first)
    return rx(r"\s+(?:(?:the|its|their)\s+)?(?:" + "|".join(regex.escape(w).replace(r"\ ", r"\s+") for w in words)
              + r")\b")

#: a plus sign right before a number, or one space before it right after a bracket: "+8.2",
#: "(+ 8.2%)" (not "n + 1")
_PLUS_BEFORE = rx(r"(?:\+|(?<=[(\[])\+[ ])$")

#: what parts a token that holds a name from a number glued to it: "20%(CIFAR10)", "IOU=0.5"
_TOKEN_PARTS = rx(r"[()\[\]%=]")
_BARE_NUMBER = rx(r"\d+(?:\.\d+)?[kKMGBT]?")


@Language.factory("numbers", assigns=["doc._.numbers"],
                  requires=["doc._.urls", "doc._.bounds", "doc._.sentences", "doc.spans"])
def make_numbers(nlp: Language, name: str):
    return NumbersComponent()


class NumbersComponent:
    """Sets ``doc._.numbers``, skipping digits inside URLs, bounds and entity mentions."""

    def __call__(self, doc: Doc) -> Doc:
        exclude = [(u.start, u.end) for u in doc._.urls or []]
        exclude += [(b.start, b.end) for b in doc._.bounds or []]
        # the entities' mentions, and the tokens that hold them ("ResNet-50/-101" is one token, a
        # name's variants) unless a bracket, a percent sign or "=" parts the token ("20%(CIFAR10)": the
        # score and the name); a "name" that is only a number ("7B", "3.2") is still a number
        text = doc_text(doc)
        exclude += [(a, b) for e in doc._.entities or [] for a, b in e.mentions
                    if not _BARE_NUMBER.fullmatch(text, a, b)]
        if "entities" in doc.spans:
            exclude += [(sp.start_char, sp.end_char) for sp in doc.spans["entities"]
                        if not _BARE_NUMBER.fullmatch(sp.text) and not _TOKEN_PARTS.search(sp.text)]
        doc._.numbers = find_numbers(text, exclude, doc_sentences(doc))
        return doc
