"""`acronyms` component: acronym definitions and later uses, Schwartz–Hearst style.

Definitions found on the clean text (so a long form split by markup, such as
``\\underline{\\textbf{R}}andom P\\underline{\\textbf{o}}licy ...``, reads ``Random Policy ...``):
- ``long form (SHORT)`` — the classic pattern;
- ``SHORT (long form)`` — when the parenthesis holds more words than the short form has letters;
- ``long form: SHORT`` — a definition by colon ("in-context learning: ICL for ...");
- ``long form, named SHORT`` — "a Mixed-scale Sparse Voxel Transformer, named MsSVT";
- ``SHORT, long form`` — an appositive ("REAP, Router-weighted Expert Activation Pruning").
A digit of the short form may stand for a word: 2 for "to", 4 for "for" ("Seq2Seq").

The long form is chosen as in Schwartz & Hearst (2003): walking back from the last character of
the short form, each of its letters must be found in the words before the parenthesis, the first
one at the start of a word, within min(|A| + 5, 2|A|) words. Two checks reject chance alignments:
at most one content word of the long form may go without a letter of the short form, and the
first letter must start the long form's first word. Later uses of the short form (and of its
plural or singular) are mentions of the same thing.

Writes ``doc._.acronyms``: a list of `AcronymMatch` (clean offsets).
"""

from dataclasses import dataclass, field
from typing import Optional

import regex
from spacy.language import Language
from spacy.tokens import Doc

from .. import resources
from .sentences import SentenceReader, Sentences
from .textutil import find_word, rx

if not Doc.has_extension("acronyms"):
    Doc.set_extension("acronyms", default=None)

_GENERIC_TAIL = resources.word_list("acronym_generic_tail")
_STOP = resources.word_list("acronym_stop")
_SHORT = regex.compile(r"^(?=.*\p{Lu})[\p{L}\p{N}][\p{L}\p{N}\-+&/.]{0,11}$")
_WORDS = regex.compile(r"[\p{L}\p{N}][\p{L}\p{N}'’]*(?:[-‐/][\p{L}\p{N}]+)*")
_PAREN = regex.compile(r"\(([^()]{1,80})\)")
_APPOSITION = regex.compile(r"(?<![\p{L}\p{N}\-])(\p{Lu}[\p{L}\p{N}\-]{1,11}),\s+(?:(?:a|an|the)\s+)?(?=\p{L})")
_DIGIT_WORDS = {"2": "to", "4": "for"}
_NAMED = regex.compile(r",?\s+(?:named|called|dubbed|termed|coined)\s+(\p{Lu}[\p{L}\p{N}\-]{1,11})(?=[\s,.;:)]|$)")
_COLON = regex.compile(r"([\p{L}][\p{L}\-\s]{2,60}):\s+(\p{Lu}[\p{L}\p{N}\-]{1,10})(?=[\s,.;])")


@dataclass
class AcronymMatch:
    short: str
    long: str
    short_start: int
    short_end: int
    long_start: int
    long_end: int
    mentions: list = field(default_factory=list)  # (start, end) of every use of the short form

    @property
    def start(self) -> int:
        return min(self.short_start, self.long_start)

    @property
    def end(self) -> int:
        return max(self.short_end, self.long_end)


def is_short_form(s: str) -> bool:
    s = s.strip()
    if not _SHORT.match(s) or len(s) < 2:
        return False
    letters = [c for c in s if c.isalpha()]
    return bool(letters) and sum(c.isupper() for c in s) >= max(1, len(letters) // 2) or \
        (sum(c.isupper() for c in s) >= 2)


def best_long_form(short: str, words: list[tuple[int, int, str]]) -> Optional[tuple[int, int, int]]:
    """(first, last) indexes into `words` of the long form for `short`, and how many of its
    letters start a word; None when no alignment passes.

    Every letter or digit of the short form is matched, in order, to a character of the words
    (the first one at the start of a word); among the possible alignments the one that covers the
    fewest uncovered content words, then the most letters at word starts, then the fewest words
    wins (a small bounded search).
    """
    chars = [c.lower() for c in short if c.isalnum()]
    if not chars or not words or len(chars) > 12:
        return None
    text_parts, starts, word_of = [], set(), []
    pos = 0
    for i, (_, _, w) in enumerate(words):
        lw = w.lower()
        starts.add(pos)
        for m in rx(r"[-‐/](?=[\p{L}\p{N}])").finditer(lw):
            starts.add(pos + m.end())
        text_parts.append(lw)
        word_of.extend([i] * (len(lw) + 1))
        pos += len(lw) + 1
    text = " ".join(text_parts)
    best: list = [None, None]  # score, first word
    budget = [4000]

    def search(ci: int, limit: int, covered: frozenset, initials: int) -> None:
        if budget[0] <= 0:
            return
        budget[0] -= 1
        if ci < 0:
            first = min(covered)
            content = [i for i in range(first, len(words)) if words[i][2].lower() not in _STOP]
            missing = sum(1 for i in content if i not in covered)
            score = (-missing, initials, first - len(words))
            if best[0] is None or score > best[0]:
                best[0], best[1] = score, (first, max(covered), initials)
            return
        c = chars[ci]
        cands = [p for p in range(limit - 1, -1, -1) if text[p] == c and (ci > 0 or p in starts)]
        if c in _DIGIT_WORDS:  # "Seq2Seq": sequence-to-sequence, "S2PA": semantics-to-pronunciation
            w = _DIGIT_WORDS[c]
            cands += [p for p in range(limit - len(w), -1, -1) if p in starts and text.startswith(w, p)
                      and not text[p + len(w):p + len(w) + 1].isalpha()]
        cands.sort(key=lambda p: (p not in starts, limit - p))
        for p in cands[:4]:
            search(ci - 1, p, covered | {word_of[p]}, initials + (p in starts))

    search(len(chars) - 1, len(text), frozenset(), 0)
    if best[0] is None:
        return None
    missing = -best[0][0]
    if missing > 1:
        return None
    return best[1]


def _long_form_ending_at(text: str, short: str, end: int, sents: Sentences,
                         min_initials: int = 0) -> Optional[tuple[int, int]]:
    """(start, end) of a long form for `short` whose last word ends right before `end`, or None."""
    if not is_short_form(short):
        return None
    a = sum(1 for c in short if c.isalnum())
    words = _words_before(text, end, min(a + 5, 2 * a), sents)
    k = best_long_form(short, words)
    if k is None or k[1] != len(words) - 1 or k[2] < min_initials:
        return None
    return words[k[0]][0], words[k[1]][1]


def _words_before(text: str, end: int, n: int, sents: Sentences) -> list[tuple[int, int, str]]:
    """The last `n` words before `end` in its sentence, after any "; " or bracket."""
    window_start = max(0, end - 200, sents.start(end))
    chunk = text[window_start:end]
    # stop at a clause boundary
    cut = max(chunk.rfind("; "), chunk.rfind("("), chunk.rfind(")"))
    if cut >= 0:
        window_start += cut + 1
        chunk = text[window_start:end]
    ws = [(window_start + m.start(), window_start + m.end(), m.group()) for m in _WORDS.finditer(chunk)]
    return ws[-n:]


def find_acronyms(text: str, sents: Optional[Sentences] = None) -> list[AcronymMatch]:
    """Acronym definitions of `text` and their later uses; `sents`: its sentences (found from
    `text` when not given)."""
    sents = sents if sents is not None else Sentences.of(text)
    found: list[AcronymMatch] = []
    seen: set[str] = set()
    for m in _PAREN.finditer(text):
        inner = m.group(1)
        first_part = rx(r"[,;]").split(inner)[0].strip()
        if is_short_form(first_part) and len(first_part.split()) <= 2:
            short = first_part
            a = sum(1 for c in short if c.isalnum())
            words = _words_before(text, m.start(), min(a + 5, 2 * a), sents)
            k = best_long_form(short, words)
            if k is not None:
                last = k[1]
                # uncovered trailing words stay in the long form ("Relative Value Learning (RV)")
                # unless they only say what kind of thing it is ("Birds dataset (CUB)")
                while last < len(words) - 1 and words[last + 1][2].lower() not in _GENERIC_TAIL:
                    last += 1
                s0, e0 = words[k[0]][0], words[last][1]
                long = text[s0:e0]
                one_name = " " not in long and any(ch.isdigit() for ch in long)  # "CIFAR10 (CIFAR100)"
                if long.lower() != short.lower() and len(long) > len(short) and not one_name:
                    s_start = m.start(1) + inner.index(first_part)
                    found.append(AcronymMatch(short, long, s_start, s_start + len(short), s0, e0))
                    continue
        # reverse: SHORT (long form)
        before = rx(r"([\p{L}\p{N}][\p{L}\p{N}\-]{1,11})\s*$").search(text[max(0, m.start() - 14):m.start()])
        if before and is_short_form(before.group(1)) and len(inner.split()) > 1:
            short = before.group(1)
            long_words = [(m.start(1) + w.start(), m.start(1) + w.end(), w.group()) for w in _WORDS.finditer(first_part)]
            if long_words and long_words[0][2][:1].lower() == short[:1].lower():
                k = best_long_form(short, long_words)
                if k is not None and k[0] == 0:
                    s_start = m.start() - (len(text[max(0, m.start() - 14):m.start()]) - before.start(1))
                    found.append(AcronymMatch(short, text[long_words[0][0]:long_words[-1][1]],
                                              s_start, s_start + len(short), long_words[0][0], long_words[-1][1]))
    for m in _COLON.finditer(text):  # "in-context learning: ICL for ..."
        k = _long_form_ending_at(text, m.group(2), m.end(1), sents)
        if k is not None:
            found.append(AcronymMatch(m.group(2), text[k[0]:k[1]], m.start(2), m.end(2), *k))
    for m in _NAMED.finditer(text):  # "a novel Mixed-scale Sparse Voxel Transformer, named MsSVT"
        k = _long_form_ending_at(text, m.group(1), m.start(), sents, min_initials=2)
        if k is not None and k[1] - k[0] > len(m.group(1)) and " " in text[k[0]:k[1]]:
            found.append(AcronymMatch(m.group(1), text[k[0]:k[1]], m.start(1), m.end(1), *k))
    found += _appositions(text)
    out = []
    for a in sorted(found, key=lambda a: a.short_start):
        if a.short in seen:
            continue
        seen.add(a.short)
        a.mentions = _mentions(text, a)
        out.append(a)
    return out


def _appositions(text: str) -> list[AcronymMatch]:
    """Definitions written "SHORT, long form" ("REAP, Router-weighted Expert Activation Pruning")."""
    found: list[AcronymMatch] = []
    for m in _APPOSITION.finditer(text):
        short = m.group(1)
        if not is_short_form(short) or sum(c.isupper() for c in short) < 2:
            continue
        tail = text[m.end():m.end() + 160]
        stop = rx(r"[,.;:()]|\s(?:that|which|to|for|is|are|as|with)\s").search(tail)
        tail = tail[:stop.start()] if stop else tail
        words = [(m.end() + w.start(), m.end() + w.end(), w.group()) for w in _WORDS.finditer(tail)]
        n = sum(1 for c in short if c.isalnum())
        fits = []
        letters = [ch for ch in words[0][2] if ch.isalpha()] if words else []
        if len(letters) >= 2 and sum(ch.isupper() for ch in letters) * 2 > len(letters):
            continue  # "CIFAR-10, CIFAR-100 and ImageNet": a list of names, not a definition
        for j in range(2, min(len(words), n + 4) + 1):
            k = best_long_form(short, words[:j])
            if k is not None and k[0] == 0 and k[1] == j - 1:
                fits.append((k[2], -j, j))
        if fits:
            j = max(fits)[2]
            s0, e0 = words[0][0], words[j - 1][1]
            found.append(AcronymMatch(short, text[s0:e0], m.start(1), m.end(1), s0, e0))
    return found


def _mentions(text: str, a: AcronymMatch) -> list[tuple[int, int]]:
    forms = {a.short}
    if a.short.endswith("s") and len(a.short) > 2:
        forms.add(a.short[:-1])
    else:
        forms.add(a.short + "s")
    spans = sorted({sp for f in forms for sp in find_word(text, f)}, key=lambda s: (s[0], -s[1]))
    out: list[tuple[int, int]] = []
    for sp in spans:
        if not out or sp[0] >= out[-1][1]:
            out.append(sp)
    return out


@Language.factory("acronyms", assigns=["doc._.acronyms"], requires=["doc._.sentences"])
def make_acronyms(nlp: Language, name: str):
    """Sets ``doc._.acronyms``."""
    return SentenceReader("acronyms", find_acronyms)
