"""Text normalisation with an offset map back to the raw text.

The extractors read a *clean* text: LaTeX markup resolved (``\\texttt{MCPMark}`` -> ``MCPMark``,
``$52.56$\\%`` -> ``52.56%``, ``\\Omega(\\sqrt{s})`` -> ``Ω(√s)``), markdown emphasis and links
unwrapped, HTML entities decoded, ligatures split, odd spaces and hyphens made plain, invisible
characters dropped. Every clean span maps back to the raw text exactly, so records always index
the text as read.

Each stage rewrites its input as a list of *segments*: a copied run (clean and raw lengths equal,
mapped position by position) or a replacement (clean chars standing for a raw range as a whole).
Raw text that produced no clean text (braces, ``$``, ``**``) lies between segments. Stages chain;
a clean span is mapped back through each stage in reverse.
"""
from __future__ import annotations

import html
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import lru_cache
import re

import regex

from . import resources
from .regexes import rx

__all__ = ["Normalized", "normalize"]


class SegmentMap:
    """Positions in one stage's output -> positions in its input."""

    __slots__ = ("cstart", "cend", "rstart", "rend", "copied")

    def __init__(self) -> None:
        self.cstart: list[int] = []
        self.cend: list[int] = []
        self.rstart: list[int] = []
        self.rend: list[int] = []
        self.copied: list[bool] = []

    def add(self, cs: int, ce: int, rs: int, re_: int, copied: bool) -> None:
        if ce <= cs:
            return
        if copied and self.copied and self.copied[-1] and self.cend[-1] == cs and self.rend[-1] == rs:
            self.cend[-1], self.rend[-1] = ce, re_
            return
        self.cstart.append(cs)
        self.cend.append(ce)
        self.rstart.append(rs)
        self.rend.append(re_)
        self.copied.append(copied)

    def _seg(self, pos: int) -> int:
        return max(0, bisect_right(self.cstart, pos) - 1)

    def start(self, pos: int) -> int:
        if not self.cstart:
            return 0
        if pos >= self.cend[-1]:
            return self.rend[-1]
        i = self._seg(pos)
        if self.copied[i]:
            return self.rstart[i] + (pos - self.cstart[i])
        return self.rstart[i]

    def forward(self, pos: int, is_end: bool = False) -> int:
        """Input position -> output position (for marks made before this stage ran)."""
        if not self.cstart:
            return 0
        i = max(0, bisect_right(self.rstart, pos - (1 if is_end else 0)) - 1)
        if pos >= self.rend[i] and i + 1 < len(self.cstart):
            return self.cstart[i + 1] if not is_end else self.cend[i]
        if self.copied[i]:
            return min(self.cend[i], self.cstart[i] + max(0, pos - self.rstart[i]))
        return self.cend[i] if is_end else self.cstart[i]

    def end(self, pos: int) -> int:
        if not self.cstart:
            return 0
        if pos <= 0:
            return self.rstart[0]
        i = self._seg(pos - 1)
        if self.copied[i]:
            return self.rstart[i] + (pos - self.cstart[i])
        return self.rend[i]


class _Builder:
    """Accumulates the output of one stage together with its segment map."""

    __slots__ = ("src", "parts", "map", "n")

    def __init__(self, src: str) -> None:
        self.src = src
        self.parts: list[str] = []
        self.map = SegmentMap()
        self.n = 0

    def copy(self, rs: int, re_: int) -> None:
        if re_ > rs:
            self.parts.append(self.src[rs:re_])
            self.map.add(self.n, self.n + re_ - rs, rs, re_, True)
            self.n += re_ - rs

    def put(self, s: str, rs: int, re_: int) -> None:
        if s:
            self.parts.append(s)
            self.map.add(self.n, self.n + len(s), rs, re_, False)
            self.n += len(s)

    def text(self) -> str:
        return "".join(self.parts)


@dataclass
class Normalized:
    """The raw text, the clean text and the maps between them."""

    raw: str
    clean: str
    maps: list[SegmentMap] = field(default_factory=list)
    marks: list[tuple[int, int, str]] = field(default_factory=list)
    """Clean spans the author marked up as names or code: (start, end, markup), markup being the
    LaTeX macro (texttt, textsc, ...) or `**` / `` ` `` for markdown, or ``letters`` for markdown
    bold inside a word (``**Fa**st``: the marked letters of an acronym definition), or ``macro``
    for the word of a LaTeX command no table knows (``\\OURS``, ``\\method``: a user macro,
    often a placeholder for the paper's own name). Two kinds say where math is, not a name:
    ``math`` for what a math island (``$...$``) writes, ``mathtext`` for words a macro writes in
    it (``\\text{...}``, ``\\mathrm{...}``): letters in math outside those are variables
    (``$O(dT^{1/4})$``: "dT" is d times T, no name)."""

    def to_raw(self, start: int, end: int) -> tuple[int, int]:
        """Map a clean span [start, end) to the raw span it came from.

        The raw span is widened where it would cut LaTeX markup in half: a span that holds a
        closing brace or dollar without its opener takes in the opener (and the macro before a
        brace), so ``R`` in ``\\underline{\\textbf{R}}andom`` maps to the whole macro and
        ``52.56%`` in ``$52.56$\\%`` to ``$52.56$\\%``.
        """
        if start >= end:
            for m in reversed(self.maps):
                start = end = m.start(start)
            return start, end
        for m in reversed(self.maps):
            start, end = m.start(start), m.end(end)
        if self.maps:
            start, end = balance(self.raw, start, end)
            start = _with_macro_before(self.raw, start)
        return start, end


_MACRO_BEFORE = rx(r"\\[A-Za-z]+\*?\s*$")
_MACRO_NAME_BEFORE = rx(r"\\(?P<name>[A-Za-z]+)\s+$")


def _with_macro_before(raw: str, start: int) -> int:
    """`start`, moved back over a macro whose argument the span opens without braces: the clean
    "Θ̃(1/T^2)" of ``\\tilde \\Theta(1/T^2)`` and the "O(n)" of ``\\mathcal O(n)`` hold the macro too
    (as they do when the argument is braced, `balance`); not a macro without arguments ("\\alpha")."""
    if not raw[start - 1:start].isspace() or raw.rfind("\\", max(0, start - 40), start) < 0:
        return start   # no macro right before (most spans, and all plain text): no search
    m = _MACRO_NAME_BEFORE.search(raw, max(0, start - 40), start)
    if m is None:
        return start
    action, nargs, _ = _macros().get(m.group("name"), ("unknown", 0, ""))
    return m.start() if nargs >= 1 and action in ("unwrap", "accent", "prefix") else start


# A dollar that is a currency sign, not LaTeX math: `$20`, `US$1.2M`, `$5 billion`. It opens no math
# island and `balance` does not count it; `$127$`, `$3 \\times 10^5$`, `$10^{-3}$`, `$2 x$` stay math.
_CURRENCY_DOLLAR = rx(r"""
    (?<![\\$a-z0-9])\$                            # a dollar not escaped, not doubled, not inside a word
    (?>(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)       # the amount, whole: `20`, `2,000`, `1.2`
    (?>(?:\s?(?:[kKMBT]|bn|thousand|million|billion|trillion)(?![\w]))?)   # a magnitude
    (?![\d$\\^_{}]|\s*[$\\^_{}=+*/<>-])             # math goes on: `$5$`, `$2 \\times`, `$10^{`, `$1 - x$`
    """, regex.VERBOSE)
_WORDY = rx(r"[A-Za-z]{3,}")
_MATH_SIGN = rx(r"[<>=^_{}\\]")


def currency_dollar(raw: str, i: int) -> bool:
    """Is raw[i] a `$` that stands for dollars rather than opening or closing math?"""
    m = _CURRENCY_DOLLAR.match(raw, i)
    if not m:
        return False
    nxt = raw.find("$", m.end(), m.end() + 40)
    # "$2 x$", "$0.2 rad < x$": a next dollar close by, with no word or with a math sign in between,
    # closes math that this one opened
    return nxt < 0 or bool(_WORDY.search(raw, m.end(), nxt)) and not _MATH_SIGN.search(raw, m.end(), nxt)


def _escaped(raw: str, i: int) -> bool:
    n = 0
    while i - n - 1 >= 0 and raw[i - n - 1] == "\\":
        n += 1
    return n % 2 == 1


def balance(raw: str, start: int, end: int, limit: int = 2000) -> tuple[int, int]:
    """Widen raw[start:end] until its braces and dollars are balanced (within `limit` chars)."""
    lo, hi = max(0, start - limit), min(len(raw), end + limit)
    for _ in range(8):
        changed = False
        depth, unopened = 0, 0
        dollars = 0
        for i in range(start, end):
            ch = raw[i]
            if ch in "{}$" and _escaped(raw, i) or ch == "$" and currency_dollar(raw, i):
                continue
            if ch == "{":
                depth += 1
            elif ch == "}":
                if depth:
                    depth -= 1
                else:
                    unopened += 1
            elif ch == "$":
                dollars += 1
        if unopened:
            d, i = unopened, start - 1
            while i >= lo and d:
                if raw[i] in "{}" and not _escaped(raw, i):
                    d += 1 if raw[i] == "}" else -1
                i -= 1
            if not d:
                start = i + 1
                m = _MACRO_BEFORE.search(raw, lo, start)
                if m:
                    start = m.start()
                changed = True
        if depth:
            d, i = depth, end
            while i < hi and d:
                if raw[i] in "{}" and not _escaped(raw, i):
                    d += 1 if raw[i] == "{" else -1
                i += 1
            if not d:
                end = i
                changed = True
        if dollars % 2:
            before = sum(1 for i in range(lo, start) if raw[i] == "$" and not _escaped(raw, i)
                         and not currency_dollar(raw, i))
            if before % 2:
                i = raw.rfind("$", lo, start)
                while i >= lo and currency_dollar(raw, i):
                    i = raw.rfind("$", lo, i)
                if i >= 0:
                    start, changed = i, True
            else:
                i = raw.find("$", end, hi)
                while i >= 0 and currency_dollar(raw, i):
                    i = raw.find("$", i + 1, hi)
                if i >= 0:
                    end, changed = i + 1, True
        if not changed:
            break
    return start, end


# ---------------------------------------------------------------- LaTeX stage

@lru_cache(maxsize=1)
def _macros() -> dict[str, tuple[str, int, str]]:
    return {r[0]: (r[1], int(r[2]), resources.unescape(r[3]) if len(r) > 3 else "")
            for r in resources.rows("latex_macros.tsv")}


_NAME_MARKUP = frozenset("texttt textsc textsf mathtt mathsf textbf emph textit".split())
_PCT = "\ue000"  # stands in for '%' while parsing, so that pylatexenc reads no comments
#: where a LaTeX island starts: a macro, math, a group that opens with a macro ("Polyak-{\\L}ojasiewicz",
#: "{\\em word}": the braces go with it) or an empty group ("\\L{}ojasiewicz")
_ISLAND = rx(r"[\\$]|\{(?=\\)|\{\}")
_MATH_SKIP = frozenset("{}")


@lru_cache(maxsize=1)
def _latex_context():
    """pylatexenc's default macro database, built once (a walker builds a new one by default,
    a sixth of the time of a short abstract's parse); the walker only reads it."""
    from pylatexenc.latexwalker import get_default_latex_context_db
    return get_default_latex_context_db()


def _single_char(node) -> str | None:
    """The one character a macro argument holds ("o" of ``\\"o`` or ``\\"{o}``), or None."""
    from pylatexenc.latexwalker import LatexCharsNode, LatexGroupNode
    while isinstance(node, LatexGroupNode) and len(node.nodelist or []) == 1:
        node = node.nodelist[0]
    if isinstance(node, LatexCharsNode) and len(node.chars) == 1:
        return node.chars
    return None


def _double_struck(letter: str | None) -> str | None:
    """The double-struck form of one letter or digit, as Unicode names it ("R" -> "ℝ", "E" -> "𝔼",
    "1" -> "𝟙"): the space or operator a blackboard letter stands for, which no name spells."""
    if not letter or not letter.isascii() or not letter.isalnum():
        return None
    if letter.isdigit():
        names = [f"MATHEMATICAL DOUBLE-STRUCK DIGIT {unicodedata.name(letter).split()[-1]}"]
    else:
        case = "CAPITAL" if letter.isupper() else "SMALL"
        names = [f"DOUBLE-STRUCK {case} {letter.upper()}", f"MATHEMATICAL DOUBLE-STRUCK {case} {letter.upper()}"]
    for name in names:
        try:
            return unicodedata.lookup(name)
        except KeyError:
            continue
    return None


def _latex(text: str) -> tuple[str, SegmentMap] | None:
    from pylatexenc.latexwalker import (LatexCharsNode, LatexCommentNode, LatexGroupNode,
                                        LatexMacroNode, LatexMathNode, LatexSpecialsNode,
                                        LatexWalker)
    walker = LatexWalker(text.replace("%", _PCT), latex_context=_latex_context(), tolerant_parsing=True)
    macros = _macros()
    out = _Builder(text)
    marks: list[tuple[int, int, str]] = []

    def emit(nodelist, math: bool) -> None:
        i = 0
        nodelist = [n for n in (nodelist or []) if n is not None]
        while i < len(nodelist):
            node = nodelist[i]
            i += 1
            if isinstance(node, LatexCharsNode):
                out.copy(node.pos, node.pos + node.len)
            elif isinstance(node, LatexGroupNode):
                emit(node.nodelist, math)
            elif isinstance(node, LatexMathNode):
                before = out.n
                emit(node.nodelist, True)
                if out.n > before:
                    marks.append((before, out.n, "math"))
            elif isinstance(node, LatexSpecialsNode):
                out.copy(node.pos, node.pos + node.len)
            elif isinstance(node, LatexCommentNode):
                out.copy(node.pos, node.pos + node.len)
            elif isinstance(node, LatexMacroNode):
                i = macro(node, nodelist, i, math)
            else:  # environments and anything else: keep the raw characters
                out.copy(node.pos, node.pos + node.len)

    def macro(node, siblings, i, math) -> int:
        name = node.macroname
        action, nargs, repl = macros.get(name, ("unknown", 0, ""))
        args = [a for a in (node.nodeargd.argnlist if node.nodeargd else []) or [] if a is not None]
        # pylatexenc parses arguments only of macros it knows; take the rest from the siblings
        while len(args) < nargs and i < len(siblings) and isinstance(siblings[i], LatexGroupNode):
            args.append(siblings[i])
            i += 1
        end = node.pos + node.len
        if action == "unwrap" or (action == "unknown" and args):
            before = out.n
            emit([args[-1]] if args else [], math)
            if name in _NAME_MARKUP and out.n > before:
                marks.append((before, out.n, name))
            elif math and args and out.n > before:
                marks.append((before, out.n, "mathtext"))   # \text{...}, \mathrm{...}: words in math
        elif action == "double_struck":
            letter = _double_struck(_single_char(args[-1])) if args else None
            if letter:
                out.put(letter, node.pos, end)   # "\\mathbb{R}" -> "ℝ"
            else:
                emit(args[-1:], math)            # "\\mathbb{RP}": the letters as they are
        elif action in ("accent", "text_accent"):
            letter = _single_char(args[-1]) if args and action == "text_accent" else None
            composed = unicodedata.normalize("NFC", letter + repl) if letter else ""
            if len(composed) == 1:  # "\\\"o" -> "ö", one character for the whole macro
                out.put(composed, node.pos, end)
            else:
                emit(args[-1:], math)
                out.put(repl, node.pos, end)
        elif action == "prefix":
            out.put(repl, node.pos, node.pos + len(name) + 1)
            emit(args[-1:], math)
        elif action == "frac" and len(args) >= 2:
            emit([args[-2]], math)
            out.put(repl, node.pos, node.pos + len(name) + 1)
            emit([args[-1]], math)
        elif action == "href" and len(args) >= 2:
            emit([args[1]], math)
            out.put(" (", node.pos, node.pos + len(name) + 1)
            emit([args[0]], math)
            out.put(")", args[0].pos + args[0].len - 1, args[0].pos + args[0].len)
        elif action == "symbol":
            out.put(repl, node.pos, node.pos + len(name) + 1)
        elif action == "drop":
            pass
        else:  # unknown macro without arguments: a user macro such as \FedProx names a thing
            before = out.n
            out.copy(node.pos + 1, node.pos + 1 + len(name))
            marks.append((before, out.n, "macro"))
        post = getattr(node, "macro_post_space", "")
        # the space after the macro's name ends the node only when no argument follows it: in
        # "\\sqrt n" or "\\mathcal O" it stands before the argument, already written ("√n", "O")
        if post and text[end - len(post):end] == post and out.parts and not out.parts[-1][-1:].isspace():
            out.copy(end - len(post), end)
        return i

    # Parse only the LaTeX islands (from each `\\` or `$` to the end of its node), copying the
    # plain text between them: pylatexenc tokenises word by word and is slow on long prose.
    pos = 0
    try:
        for m in _ISLAND.finditer(text):
            if m.start() < pos:
                continue
            out.copy(pos, m.start())
            if m.group() == "$" and currency_dollar(text, m.start()):
                out.copy(m.start(), m.start() + 1)  # `$20`: a currency sign, copied as text
                pos = m.start() + 1
                continue
            nodes, npos, nlen = walker.get_latex_nodes(pos=m.start(), read_max_nodes=1)
            end = npos + nlen
            last = nodes[-1] if nodes else None
            # arguments of macros pylatexenc does not know (\\href{..}{..}, \\ding{..})
            if isinstance(last, LatexMacroNode) and last.macroname in macros:
                need = macros[last.macroname][1] - len([a for a in (last.nodeargd.argnlist if last.nodeargd else [])
                                                       or [] if a is not None])
                while need > 0 and text[end:end + 1] == "{":
                    more, npos2, nlen2 = walker.get_latex_nodes(pos=end, read_max_nodes=1)
                    if not more:
                        break
                    nodes = list(nodes) + list(more)
                    end = npos2 + nlen2
                    need -= 1
            if not nodes or end <= m.start():
                out.copy(m.start(), m.start() + 1)
                pos = m.start() + 1
                continue
            emit(nodes, False)
            pos = end
        out.copy(pos, len(text))
    except (RecursionError, Exception):  # pylatexenc raises assorted errors on hostile input
        return None
    return out.text(), out.map, marks


# ---------------------------------------------------------------- character stage

@lru_cache(maxsize=1)
def _charmap() -> dict[str, str]:
    table = {}
    for row in resources.rows("unicode_map.tsv"):
        table[chr(int(row[0][2:], 16))] = resources.unescape(row[1]) if len(row) > 1 else ""
    return table


_CHAR_RX = rx(
    r"""
    (?P<link>\[(?P<ltext>[^\[\]\n]{1,300})\]\((?P<lurl>(?:https?://|www\.)[^()\s]{1,500})\))
                                                  # a markdown link [text](url)
    | (?P<wbold>                                  # bold letters inside a word, as in a marked-up
        (?<=\p{L})\*\*(?P<wt1>\p{L}{1,40})\*\*(?!\*)  #   acronym definition: Mi**x**ture,
      | (?<![\w*])\*\*(?P<wt2>\p{L}{1,40})\*\*(?=\p{L}) #   **Fa**st **S**parse (CommonMark allows
      )                                           #   '**' inside a word)
    | (?P<bold>(?<![\w*])(?P<bm>\*\*|__)(?=\S)     # **bold** or __bold__ between non-words,
        (?P<btext>(?:(?!(?P=bm))[^\n]){1,300}?)     #   holding no delimiter of its own
        (?<=\S)(?P=bm)(?![\w*]))
    | (?P<it>(?<![\w*\\])\*(?=[^\s*])(?P<itext>[^*\n]{1,300}?)(?<=[^\s*\\])\*(?![\w*]))
                                                  # *italic*
    | (?P<ent>&(?:\#\d{1,7}|\#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});)
                                                  # an HTML entity: &amp; &#955; &#x3bb;
    | (?P<numsp>(?<=\d)[\u00a0\u2007\u2009\u202f](?=\d{3}(?!\d)))  # a thin or no-break space grouping digits
    | (?P<ctl>[\x00-\x08\x0b\x0c\x0e-\x1f\x7f])  # a control character
    | (?P<hyphgap>(?<=\p{L})[-‐–][ \t]+(?=\d))  # a name split after its hyphen: "CIFAR- 100",
                                                  # "Kinetics-    400", "BLIP- 2" (every case in the corpora)
    | (?P<tie>(?<=[\p{L}\p{N}])~(?=\p{L})|(?<=\p{L})~(?=\p{N})|(?<=\p{L}\.)~(?=\S))
                                                  # LaTeX's tie (a non-breaking space) between a
                                                  # word and a word or number: "1~GPU", "Something~v2";
                                                  # after an abbreviation: "e.g.~10.7\%", "et al.~(2019)"
    """,
    regex.VERBOSE,
)


@lru_cache(maxsize=1)
def _odd_chars():
    # a set of literal characters: the standard library's `re` finds it ~4x faster than `regex`
    return re.compile("[" + "".join(re.escape(ch) for ch in _charmap()) + "]")


def _chars(text: str) -> tuple[str, SegmentMap] | None:
    table = _charmap()
    todo = [m for m in _CHAR_RX.finditer(text)]
    odd = [m.start() for m in _odd_chars().finditer(text)]
    if not todo and not odd:
        return None
    out = _Builder(text)
    marks: list[tuple[int, int, str]] = []
    pos = 0
    events = sorted([(m.start(), 0, m) for m in todo] + [(i, 1, None) for i in odd], key=lambda e: e[:2])
    for start, kind, m in events:
        if start < pos:
            continue
        out.copy(pos, start)
        if kind == 1:
            out.put(table[text[start]], start, start + 1)
            pos = start + 1
            continue
        g = m.lastgroup
        if g == "link":
            out.copy(m.start("ltext"), m.end("ltext"))
            out.put(" (", m.end("ltext"), m.start("lurl"))
            out.copy(m.start("lurl"), m.end("lurl"))
            out.copy(m.end() - 1, m.end())
        elif g == "wbold":  # letters marked inside a word: a mark of their own kind, not a name
            inner = "wt1" if m.group("wt1") is not None else "wt2"
            before = out.n
            out.copy(m.start(inner), m.end(inner))
            marks.append((before, out.n, "letters"))
        elif g == "bold":
            before = out.n
            out.copy(m.start("btext"), m.end("btext"))
            marks.append((before, out.n, "**"))
        elif g == "it":
            out.copy(m.start("itext"), m.end("itext"))
        elif g == "ent":
            decoded = html.unescape(m.group())
            out.put(decoded if decoded != m.group() else m.group(), m.start(), m.end())
        elif g == "numsp":
            pass
        elif g in ("ctl", "tie"):
            out.put(" ", m.start(), m.end())
        elif g == "hyphgap":
            out.put("-", m.start(), m.end())
        pos = m.end()
    out.copy(pos, len(text))
    return out.text(), out.map, marks


def _has_latex(text: str) -> bool:
    return "\\" in text or "$" in text


def normalize(raw: str) -> Normalized:
    """Clean `raw` for the extractors, keeping a map back to it."""
    result = Normalized(raw=raw, clean=raw)
    if _has_latex(raw):
        step = _latex(raw)
        if step is not None:
            result.clean, m, result.marks = step
            result.maps.append(m)
    step = _chars(result.clean)
    if step is not None:
        result.clean, m, marks = step
        result.maps.append(m)
        result.marks = [(m.forward(a), m.forward(b, is_end=True), k) for a, b, k in result.marks] + marks
        result.marks.sort()
    return result
