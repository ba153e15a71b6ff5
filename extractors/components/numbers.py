"""`numbers` component: every number written in digits that states a quantity.

For each number: its value (``1,024`` -> 1024, ``20B`` -> 2e10, ``8/255`` -> 0.0314,
``10^117`` -> 1e117), unit (``%``, ``x``, ``points``, or the counted noun in singular), qualifier
(``<``, ``<=``, ``>``, ``>=``, ``~``, ``up to``, ``at least``) and kind (score, delta, ratio,
count, setting). Ranges (``20-60%``, ``20B to 1T``) give two numbers sharing the unit.

Not numbers: digits inside names (``GPT-4``, ``ResNet-18``, ``pass@1``, ``ViT-B/16``), inside
entity mentions, bounds or URLs, dimension words and ordinals (``4D``, ``2nd``), citation years,
list labels (``(1)``), section/figure references, intervals and variable assignments in math.

Words, units and cues are data: resources/units.tsv, qualifiers.tsv, number_context.tsv,
kind_cues.tsv, adjectives.txt. Writes ``doc._.numbers`` (clean offsets); linking each number to
its metric, subject and dataset is the `result_linker` component's job.
"""

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Optional

import regex
from spacy.language import Language
from spacy.tokens import Doc

from .. import resources
from .textutil import doc_text, rx

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


_MULT = {"k": 1e3, "K": 1e3, "M": 1e6, "B": 1e9, "T": 1e12}
_MULT_WORDS = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}

_NUM = regex.compile(r"""
    (?P<sign>[+±](?=\s?[\d.]))?
    (?:
        (?P<frac_n>\d+)/(?P<frac_d>\d+)(?![\d.,/])
      | (?P<pow>\d+)\^\{?(?P<pexp>[-−]?\d{1,3})\}?(?![\w.])
      | (?P<num>\d{1,3}(?:,\d{3})+(?![\d])(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)
        (?:\s?[×x*·]\s?10\^\{?(?P<exp>[-−]?\d+)\}?)?
    )
    (?P<mult>[kKMBT](?![\w]))?
    """, regex.VERBOSE)

_WORD = regex.compile(r"[^\W\d_][\w'’]*(?:-[\w]+)*")
_ADJ_SUFFIX = regex.compile(r"(?:ly|ed|al|ive|ous|able|ible|ic|ful|ing)$")
_STOP = resources.word_list("unit_stop")


@lru_cache(maxsize=1)
def _tables():
    units_attached, units_words = {}, {}
    for surface, unit, kind in resources.rows("units.tsv"):
        if surface.startswith("="):
            units_attached[surface[1:]] = (unit, kind)
        else:
            units_words[surface] = (unit, kind)
    attached = sorted(units_attached, key=len, reverse=True)
    attached_rx = regex.compile(r"\s?(?:" + "|".join(regex.escape(a) for a in attached if a in "%×") + r")"
                                r"|(?:" + "|".join(regex.escape(a) for a in attached if a not in "%×")
                                + r")(?![\w])")
    words = sorted(units_words, key=len, reverse=True)
    words_rx = regex.compile(r"(?:" + "|".join(regex.escape(w) for w in words) + r")(?![\w-])")
    quals = sorted(resources.rows("qualifiers.tsv"), key=lambda r: -len(r[0]))
    qual_rx = regex.compile(r"(?:(?<![\w])(?:" + "|".join(regex.escape(q[0]) for q in quals if q[0][0].isalpha())
                            + r")|(?:" + "|".join(regex.escape(q[0]) for q in quals if not q[0][0].isalpha())
                            + r"))\s*(?:only\s+|just\s+)?$", regex.IGNORECASE)
    qual_map = {q[0].casefold(): q[1] for q in quals}
    before, after = [], []
    for kind, word in resources.rows("number_context.tsv"):
        (before if kind == "before" else after).append(word)
    before_rx = regex.compile(r"(?<![\w])(?:" + "|".join(regex.escape(w) for w in before) + r")\s*$",
                              regex.IGNORECASE)
    after_rx = regex.compile(r"(?:" + "|".join(regex.escape(w) for w in sorted(after, key=len, reverse=True))
                             + r")(?![\w])")
    cues = [(k, where, regex.compile(pat, regex.IGNORECASE)) for k, where, pat in resources.rows("kind_cues.tsv")]
    adjectives = resources.words("adjectives.txt")
    return dict(units_attached=units_attached, attached_rx=attached_rx, units_words=units_words,
                words_rx=words_rx, qual_rx=qual_rx, qual_map=qual_map, before_rx=before_rx,
                after_rx=after_rx, cues=cues, adjectives=adjectives)


def _parse_value(m) -> Optional[float]:
    if m.group("frac_n"):
        d = float(m.group("frac_d"))
        return float(m.group("frac_n")) / d if d else None
    if m.group("pow"):
        try:
            return float(m.group("pow")) ** int(m.group("pexp").replace("−", "-"))
        except OverflowError:
            return None
    v = float(m.group("num").replace(",", ""))
    if m.group("exp"):
        v *= 10.0 ** int(m.group("exp").replace("−", "-"))
    return v


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
    if c in "-‐–" and i >= 2 and (text[i - 2].isalpha() or text[i - 2] in "_@^"):
        return True
    return False


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


def _kind_from_cues(text: str, start: int, end: int, t) -> Optional[str]:
    before = text[max(0, start - 60):start]
    after = text[end:end + 50]
    for kind, where, cue in t["cues"]:
        if (where == "before" and cue.search(before)) or (where == "after" and cue.search(after)):
            return kind
    # "... outperforms baselines by 15.4% (F1) in one setting and by 8.4% in another": a "by"
    # right before the number, with a verb of change earlier in the sentence
    if rx(r"\bby\s*$").search(before):
        sent_start = max(text.rfind(". ", 0, start), 0)
        if rx(r"\b(?:improv|increas|reduc|boost|outperform|surpass|gain|rais|lower|decreas|drop|cut|enhanc|"
              r"exceed|beat|advanc|declin|degrad|speed|accelerat)\w*", regex.IGNORECASE).search(text, sent_start, start):
            return "delta"
    return None


def find_numbers(text: str, exclude: list[tuple[int, int]] = ()) -> list[NumberMatch]:
    t = _tables()
    out: list[NumberMatch] = []
    excl = sorted(exclude)
    for m in _NUM.finditer(text):
        s, e = m.span()
        num_start = m.start("frac_n") if m.group("frac_n") else m.start("pow") if m.group("pow") else m.start("num")
        if _blocked_left(text, num_start):
            continue
        if any(a <= num_start < b or a < e <= b for a, b in excl):
            continue
        # digits glued to letters (4D, 2nd, 480B-Coder) are names or ordinals, unless a unit (0.4s, 5x)
        rest = text[e:e + 12]
        attached = t["attached_rx"].match(text, e)
        if not attached and (rest[:1].isalnum() or rest[:1] in "_@^" or t["after_rx"].match(rest)
                             or rest[:1] == "/" and not rx(r"/\s?\d").match(rest)):
            continue
        if _not_a_quantity(text, s, e, m, rest, t):
            continue
        if rest[:1] == "." and rest[1:2].isdigit() or rest[:1] == "," and rx(r",\d{3}\b").match(rest):
            continue  # version numbers and dotted identifiers
        if t["before_rx"].search(text, max(0, s - 20), s):
            continue
        value = _parse_value(m)
        if value is None or not math.isfinite(value):
            continue
        integer = m.group("num") and "." not in m.group("num") and not m.group("mult")
        # list labels: "(1)", "1)" at a clause start
        if integer and value < 30:
            if rx(r"\s*\)").match(rest) and (s == 0 or rx(r"(?:^|[(\s:;,.])\s*\(?\s*$").search(text[max(0, s - 3):s])):
                before = text[max(0, s - 2):s]
                if "(" in before or s == 0 or rx(r"(?:^|[\s:;,.])$").search(before):
                    continue
        # math: intervals [0, 1), assignments k = 3, exponents
        if rx(r"[=∈]\s*[\[(]?\s*$").search(text[max(0, s - 4):s]) and not t["words_rx"].match(
                text, e + 1 if text[e:e + 1] == " " else e):
            continue
        if rx(r"\{[^{}]{0,30}$").search(text[max(0, s - 30):s]) and rx(r"[^{}]{0,30}\}").match(rest):
            continue  # a set literal {-1, +1}
        if rx(r"\s*,\s*-?\d+(?:\.\d+)?\s*[\])]").match(rest) and rx(r"[\[(]\s*$").search(text[max(0, s - 2):s]):
            continue
        if rx(r"[\[(]\s*-?\d+(?:\.\d+)?\s*,\s*$").search(text[max(0, s - 12):s]) and rx(r"\s*[\])]").match(rest):
            continue
        num = NumberMatch(start=s, end=e, value=value, signed=bool(m.group("sign") and m.group("sign") == "+"),
                          multiplier=m.group("mult"))
        if m.group("mult"):
            num.value = value * _MULT[m.group("mult")]
        unit, kind = None, None
        if attached:
            key = attached.group().strip()
            unit, kind = t["units_attached"].get(key, (None, None))
            num.end = attached.end()
        # citation years and other calendar years
        if integer and "," not in m.group("num") and 1900 <= value <= 2039 and unit is None \
                and not m.group("sign"):
            nxt = _noun_unit(text, e + 1, t) if text[e:e + 1] == " " else (None, None, e)
            if nxt[0] is None:
                continue
        if unit is None:
            wm = rx(r"\s*(thousand|million|billion|trillion)\b").match(text[num.end:num.end + 12])
            if wm:
                num.value *= _MULT_WORDS[wm.group(1)]
                num.end += wm.end()
            p = num.end
            if text[p:p + 1] == "-" and text[p + 1:p + 2].isalpha():
                unit, kind, uend = _compound_unit(text, p + 1, t)
            else:
                unit, kind, uend = _noun_unit(text, p + (text[p:p + 1] == " "), t)
            num.unit_end = uend if unit else num.end
        num.unit, kind0 = unit, kind
        num.qualifier, num.context_start = _qualifier(text, s, t)
        out.append(num)
        num.kind = kind0 or ""
    _share_ranges(text, out)
    cued = [_kind(text, num, t) for num in out]
    for num, (kind, from_cue) in zip(out, cued):
        num.kind = kind
    for (a, (ka, ca)), (b, (kb, cb)) in zip(zip(out, cued), zip(out[1:], cued[1:])):
        gap = text[a.end:b.start]
        if (len(gap) <= 5 and _RANGE.match(gap) or _PARALLEL.match(gap)) and a.unit == b.unit:
            if ca and not cb:
                b.kind = a.kind
            elif cb and not ca:
                a.kind = b.kind
    return out


_MATH_REL = regex.compile(r"(?:^|[\s(,])(?:[A-Za-z]|[α-ωΑ-Ω][\u0300-\u036f]?|[A-Za-z]_\w+)\s*[<>≤≥≪≫=≠∈]\s*$")
_LIST_DOT = regex.compile(r"\.\s+[A-Z]")
_NAME_BEFORE = regex.compile(r"(?<=[a-z,;:]\s)[A-Z][a-zA-Z]+\s$")
_VERSION_BEFORE = regex.compile(r"[A-Za-z]+\d+[A-Za-z]*\s$")


def _not_a_quantity(text: str, s: int, e: int, m, rest: str, t) -> bool:
    """Digits that read as math, list labels, names or identifiers rather than quantities."""
    before = text[max(0, s - 12):s]
    if _MATH_REL.search(before):
        return True  # "β ≪ 1", "k = 3"
    small_int = m.group("num") and m.group("num").isdigit() and int(m.group("num")) < 100
    if small_int and _LIST_DOT.match(rest) and rx(r"(?:^|[:;]|\band)\s*$").search(text[max(0, s - 6):s]):
        return True  # "... VAE: 1. Extracting ..."
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


def _qualifier(text: str, start: int, t) -> tuple[Optional[str], int]:
    """The qualifier written right before the number, and where its words start."""
    m = t["qual_rx"].search(text, max(0, start - 30), start)
    if not m:
        return None, start
    phrase = rx(r"\s*(?:only|just)\s*$", regex.IGNORECASE).sub("", m.group().strip()).casefold()
    phrase = rx(r"\s+").sub(" ", phrase)
    q = t["qual_map"].get(phrase)
    if q == "~" and rx(r"[\d%x×]\s*$").search(text[max(0, m.start() - 3):m.start()]):
        return None, start  # "65.2% ~ 85.6%" is a range, not an approximation
    return q, (m.start() if q else start)


_PARALLEL = regex.compile(r"^\s*(?:[\w@^\-]+\s+){0,2}?(?:and|or|,|/)\s*$")
_RANGE = regex.compile(r"\s?(?:-|–|—|to|~|∼|and|or|/|,)\s?$")


def _share_ranges(text: str, nums: list[NumberMatch]) -> None:
    """`20-60%`, `20B to 1T parameters`, `7B and 32B models`: the first shares the second's unit."""
    for a, b in zip(nums, nums[1:]):
        gap = text[a.end:b.start]
        if len(gap) <= 5 and _RANGE.match(gap) and a.unit is None and b.unit is not None:
            a.unit = b.unit
            a.kind = a.kind or b.kind
            if b.qualifier and a.qualifier is None and rx(r"-|–|to").search(gap) is None:
                a.qualifier = b.qualifier
        if b.qualifier is None and a.qualifier is not None and _PARALLEL.match(gap):
            b.qualifier = a.qualifier  # "fall below 30% pass@1 and 15% pass^4"


_LEVEL = regex.compile(r"\b(?:drops?|dropped|dropping|falls?|fell|falling|rises?|rose|rising|decreas\w+|increas\w+|"
                       r"reduc\w+|improv\w+|climbs?|climbed|goes|went|jumps?|jumped)\s+(?:\w+\s+)?"
                       r"(?:below|above|under|over|to|beyond)\s*[~≈∼<>]?\s*$", regex.IGNORECASE)


def _kind(text: str, num: NumberMatch, t) -> tuple[str, bool]:
    """The number's kind, and whether a cue in the text (rather than a default) decided it."""
    default = num.kind or None
    if num.multiplier in ("B", "T") or (num.multiplier == "M" and num.unit in (None, "parameter")):
        if num.unit in (None, "model", "LLM", "language model", "parameter"):
            num.unit = "parameter"
            return "setting", True
    if num.unit == "x":
        return "ratio", True
    if num.signed or (num.qualifier is None and text[max(0, num.start - 1):num.start] == "+"):
        if num.unit is None:
            num.unit = "points"
        return "delta", True
    cue = _kind_from_cues(text, min(num.start, num.context_start), max(num.end, num.unit_end), t)
    if cue == "ratio" and num.unit == "%":
        cue = "delta"
    if cue == "delta" and _LEVEL.search(text, max(0, num.start - 50), num.start):
        cue = "score"  # "accuracy drops below 5%", "improves to 85%": the level reached, not the change
    if cue:
        return cue, True
    if default:
        if default == "count" and num.value != int(num.value):
            return "score", False
        return default, False
    if num.unit in (None, "%", "points"):
        return "score", False
    return ("count" if num.value == int(num.value) else "score"), False


@Language.factory("numbers")
def make_numbers(nlp: Language, name: str):
    return NumbersComponent()


class NumbersComponent:
    """Sets ``doc._.numbers``, skipping digits inside URLs, bounds and entity mentions."""

    def __call__(self, doc: Doc) -> Doc:
        exclude = [(u.start, u.end) for u in doc._.urls or []]
        exclude += [(b.start, b.end) for b in doc._.bounds or []]
        if "entities" in doc.spans:
            exclude += [(sp.start_char, sp.end_char) for sp in doc.spans["entities"]]
        doc._.numbers = find_numbers(doc_text(doc), exclude)
        return doc
