"""`acronyms` component: acronym definitions and later uses, Schwartz–Hearst style.

Definitions found on the clean text (so a long form split by markup, such as
``\\underline{\\textbf{R}}andom P\\underline{\\textbf{o}}licy ...``, reads ``Random Policy ...``):
- ``long form (SHORT)`` — the classic pattern;
- ``SHORT (long form)`` — when the short form's letters align with the parenthesis from its first
  word on, that word giving the first letter even where a later one could ("DESERT (Drug dEsign
  by SkEtching and geneRaTing)");
- ``long form: SHORT`` — a definition by colon ("in-context learning: ICL for ...");
- ``long form, named SHORT`` — "a Mixed-scale Sparse Voxel Transformer, named MsSVT" (also
  called, dubbed, termed, abbreviated, referred to as, denoted as; and "or" or "namely" when every
  letter starts a word or continues the one before: "Unsupervised Neural Machine Translation or
  UNMT", "a novel Multi-modal Grouping Network, namely MGN"; not a list: "namely A, B, and C");
  the name may stand earlier in the clause, capitalised, when the words right before the naming
  word do not spell the short form: "a Bi-directional Consistent Diffusion framework tailored for
  ..., named BCDiff" (`_titled_long_form_before`);
- ``SHORT (short for long form)``, ``SHORT for Long Form`` — "PEP (short for Plug-in Embedding
  Pruning)", "TRGL for Transport Regularized Greedy Learning" (capitalised words, one letter each);
- ``Long Form, SHORT,`` — "Trigonometry-Aware Neural networKs for ..., TANKBind, that ..."; a
  lower-case long form where its words' initials spell an all-capital short form one each ("the
  directed acyclic graph neural network, DAGNN, an architecture");
- ``SHORT, long form`` / ``SHORT: long form`` — an appositive ("REAP, Router-weighted Expert
  Activation Pruning", "CoLLAT: Contrastive Locked Language and Audio Tuning").
A short form has a capital; lower-case initials with dots are one too where every letter starts a
word of the long form, one each ("independent and identically distributed (i.i.d.)": `_DOTTED`).
Every short form of a parenthesis is read ("Layer Normalization (LayerNorm, LN)"), after a cue
inside it ("(named H3T)", "(coined as TCD)", "(a.k.a., RecForest)") and without quotes around it;
a capitalised word alone in one is read too, under a stricter
alignment, since it may be a word ("Channel-aware dynamic sparse (Chase)", not "(Invariance)").

The long form is chosen as in Schwartz & Hearst (2003): each letter of the short form must be
found, in order, in the words before it (the first at the start of a word), within
min(|A| + 5, 2|A|) words (function words not counted). Beyond initials, a letter may continue
the one before it inside a word ("Fed" of Federated, "LATTE" of LAyer-wise TEacher Transfer),
sit anywhere in a word, or be a capital set inside a word ("BiDirectional", "nEural") or a letter
marked up inside a word (``**Fa**st``, ``Mi\\textbf{x}ture``: `marked_letters`, from the marks
normalisation leaves); a digit may stand for a word (2 for "to", 4 for "for": "Seq2Seq"; 1 for
"one": "EF1") or repeat a letter ("HO2", "H3T", "M^3"), an X for ex-/cross-/trans-. Where the
author set two or more capitals inside words, a second pass aligns the letters with capitals only,
and such a long form may leave more words without a letter ("COllaborative inference framework via
feature PURification (CoPur)": `_marked_by_capitals`). Each alignment gets a
confidence (`Alignment.confidence`: the share of letters at word starts or joined, less a
share per content word left without a letter); the most confident alignment that passes the
checks (`_accept`) wins. The long form then takes in the words of the name that give no letter:
a capitalised word before a capitalised long form ("Elimination-Based Half-Q-Learning (HQL)")
and, for a coined short form, a compound modifier ("image-constrained radiance fields (ConRad)";
`_lead_words`). A long form that crosses a comma yields to the words after the comma where they
spell the short form alone as well ("In particular, the proximal-point method (PPM)":
`_after_last_comma`). Later uses of the short form (and of its plural or singular) are mentions
of the same thing.

Reads the clean text, ``doc._.sentences`` and ``doc._.marks`` (set with the text by the pipeline,
as `names` reads it); writes ``doc._.acronyms``: a list of `AcronymMatch` (clean offsets).
"""

import unicodedata
from dataclasses import dataclass, field
from typing import Optional

import regex
from spacy.language import Language
from spacy.tokens import Doc

from .. import resources
from .sentences import Sentences, doc_sentences
from .textutil import doc_text, find_word, rx

if not Doc.has_extension("acronyms"):
    Doc.set_extension("acronyms", default=None)

_GENERIC_TAIL = resources.word_list("acronym_generic_tail")
_STOP = resources.word_list("acronym_stop")
_LEAD_STOP = resources.word_list("acronym_lead_stop")
#: a lowercase compound modifier that belongs to the name it qualifies ("image-constrained
#: radiance fields (ConRad)", "optimization-based ... (MVASTO)")
_LEAD_COMPOUND = rx(r"\p{L}+[-‐](?:based|constrained|conditioned|guided|driven|aware)")
_SHORT = rx(r"^(?=.*\p{Lu})[\p{L}\p{N}][\p{L}\p{N}\-+&/.^]{0,11}$")
#: a lower-case initialism of three letters or more, each letter followed by a dot (the last one
#: perhaps not): "i.i.d.", "i.i.d", "w.r.t."; a short form only where each letter starts a word of
#: the long form, one each (`_initials_only_words`)
_DOTTED = rx(r"(?:\p{Ll}\.){2,}\p{Ll}\.?")
_WORDS = rx(r"[\p{L}\p{N}](?:[\p{L}\p{N}]|['’](?=\p{L}))*(?:[-‐/][\p{L}\p{N}]+)*")  # an apostrophe inside a word only: not "models'"
_PAREN = rx(r"\(([^()]{1,80})\)")
_APPOSITION = rx(r"(?<![\p{L}\p{N}\-])(\p{Lu}[\p{L}\p{N}\-]{1,11})[,:]\s+(?:(?:a|an|the)\s+)?(?=\p{L})")
#: what a letter or digit of a short form may stand for besides itself: a digit for a whole word
#: ("Seq2Seq": to, "EF1": envy-freeness up to one item), an X for the start of a word ("XMC":
#: Extreme Multi-label Classification, "XLM": cross-lingual); a string longer than one character
#: must start a word or word part
_LETTER_WORDS = {"1": ("one",), "2": ("to", "two"), "3": ("three",), "4": ("for", "four"),
                 "x": ("ex", "cross", "trans")}
#: (the spaces before the naming word are taken whole, from the first: a run of thousands of
#: spaces or line breaks, "\\\\..." in LaTeX, was tried from each of its positions, quadratic)
_NAMED = rx(r"(?:,|(?<!\s))\s++(?:(?:which\s+)?(?:we\s+)?(?:named|called|dubbed|termed(?:\s+as)?|coined|"
            r"abbreviated(?:\s+as)?|referred\s+to\s+as|denoted\s+(?:as|by))|(or|namely))"
            r"\s+(\p{Lu}[\p{L}\p{N}\-]{1,11})(?=[\s,.;:)]|$)"
            # "namely" also opens lists ("three methods, namely GAUG, MH-Aug, and GraphAug"): not before another name
            r"(?!,?\s+(?:and\s+)?\p{Lu})")
#: a short form set off by commas right after its long form: "..., TANKBind, that builds ..."
_BETWEEN_COMMAS = rx(r"(?<=\p{L}),\s+(\p{Lu}[\p{L}\p{N}\-]{1,11}),")
_COLON = rx(r"([\p{L}][\p{L}\-\s]{2,60}):\s+(\p{Lu}[\p{L}\p{N}\-]{1,10})(?=[\s,.;])")


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
    """A short form: one token, mostly capitals ("CNN", "FedMatch", "S^2GC"), a word and such
    a token ("Neural ODEs", "offline MARL", "Rand PR"), or lower-case initials with dots
    ("i.i.d.", `_DOTTED`)."""
    s = s.strip()
    two = s.split()
    if len(two) == 2:
        return any(sum(c.isupper() for c in t) >= 2 and is_short_form(t) for t in two) \
            and all(t.isalpha() for t in two)
    if _DOTTED.fullmatch(s):
        return True
    if not _SHORT.match(s) or len(s) < 2:
        return False
    letters = [c for c in s if c.isalpha()]
    return bool(letters) and sum(c.isupper() for c in s) >= max(1, len(letters) // 2) or \
        (sum(c.isupper() for c in s) >= 2)


def _readings(short: str) -> list[list[tuple[str, ...]]]:
    """Readings of `short` as a sequence of units, each unit the strings it may match: its
    letters and digits as written (a plural "s" after a capital or digit also left out); a digit
    2 or 4 may also be a word ("Seq2Seq": to); a digit beside a letter may repeat it ("HO2":
    Hindsight Off-policy Options, "H3T": High-Throughput Transformer Training, "S^2GC": Simple
    Spectral Graph Convolution)."""
    chars = [c.lower() for c in short if c.isalnum()]
    plain = [(c,) + _LETTER_WORDS.get(c, ()) for c in chars]
    readings = [plain]
    if len(short) > 2 and short.endswith("s") and (short[-2].isupper() or short[-2].isdigit()):
        readings.append(plain[:-1])  # a plural "s" the long form need not spell: "Least Squares GAN (LSGANs)"
    for i, c in enumerate(chars):
        n = unicodedata.digit(c, 0)  # any digit the text writes: "2", a superscript "³"
        if n >= 2:
            for j in (i - 1, i + 1):  # the letter it repeats: before it or after it
                if 0 <= j < len(chars) and chars[j].isalpha():
                    readings.append(plain[:i] + [(chars[j],)] * (n - 1) + plain[i + 1:])
    return readings


_PART = rx(r"[-‐/](?=[\p{L}\p{N}])")  # where a word part starts: "Self-Talk", "Encoder/Decoder"
_PART_CHARS = frozenset("-‐/")
#: the least confidence (`Alignment.confidence`) at which an alignment defines an acronym
MIN_CONFIDENCE = 0.2


@dataclass
class Alignment:
    """Where the letters of a short form fall in the words before it, and how well they fit."""
    first: int          # index of the first word of the long form
    last: int           # index of the word holding the last letter
    initials: int       # letters at the start of a word or word part, or set as a capital
    joined: int         # letters right after the previous one inside a word ("Fed" of Federated)
    missing: int        # content words between first and last without a letter
    trailing: int       # content words after `last`
    units: int          # letters (and digit words) of the short form
    loose_tail: bool = False  # a function word among the words after `last` ("... for this problem")
    inner_caps: int = 0  # letters at a capital set inside a word ("COllaborative", "PURification")
    at_capitals: int = 0  # letters at a capital, a word's first or one set inside it

    @property
    def confidence(self) -> float:
        """Schwartz–Hearst-style confidence in [0, 1]: the share of letters that start a word
        (or continue the one before), less a share for every content word left without one."""
        fit = (self.initials + self.joined) / self.units
        return round(max(0.0, fit - 0.15 * self.missing - 0.1 * self.trailing), 6)


def align(short: str, words: list[tuple[int, int, str]]) -> Optional[Alignment]:
    """The best alignment of the letters of `short`, in order, with the characters of `words`
    (the first letter at the start of a word), or None. A letter "starts" a word at the word's
    start, after a hyphen or slash, or where the long form sets it as a capital inside a word
    (marked letters: "BiDirectional", "nEural Network", "networKs"). Among alignments the one
    with the fewest content words left out, then the most letters at starts or joined to the
    letter before, then the fewest words wins (dynamic programming over letter positions)."""
    if not words:
        return None
    text = " ".join(w for _, _, w in words)
    low = text.lower()
    starts, parts, inner_caps, word_of, content = set(), set(), set(), [], []
    pos = 0
    for i, (_, _, w) in enumerate(words):
        starts.add(pos)
        inner = {pos + m.end() for m in _PART.finditer(w)} if _PART_CHARS.intersection(w) else set()
        if w[1:] != w[1:].lower() and not w.isupper():  # capitals inside: "BiDirectional", "nEural"
            caps = {pos + k for k, ch in enumerate(w) if ch.isupper() and k and w[k - 1].isalpha()}
            inner.update(caps)
            inner_caps |= caps
        parts |= inner  # the start of a word part scores a little less than a word's start
        starts |= inner
        word_of.extend([i] * (len(w) + 1))
        content.append(w.lower() not in _STOP)
        pos += len(w) + 1
    cum = [0]
    for c in content:
        cum.append(cum[-1] + c)

    def _start_gain(p: int) -> float:  # a function word's start ("of") or a word part's counts less
        return 0.5 if not content[word_of[p]] else 0.9 if p in parts else 1.0

    def between(a: int, b: int) -> int:  # content words strictly between word a and word b
        return cum[b] - cum[a + 1] if b > a + 1 else 0

    best = None
    # a second pass reads only capitals when the words set two or more inside a word: the
    # fewest-words alignment may take a lower-case letter where the author marked a capital
    # ("COllaborative inference framework via feature PURification (CoPur)": o of "framework")
    passes = ((units, caps_only) for caps_only in ((False, True) if len(inner_caps) >= 2 else (False,))
              for units in _readings(short))
    for units, caps_only in passes:
        if not units or len(units) > 14:
            continue
        # state: end position of unit -> (score, first word, initials, joined, missing, capitals
        # set inside a word, letters at a capital)
        prev: dict = {}
        for ui, alts in enumerate(units):
            cur: dict = {}
            for s_ in alts:
                p = low.find(s_)
                while p >= 0:
                    e = p + len(s_) - 1
                    is_start = p in starts
                    if len(s_) > 1 and not (is_start and (s_[0].isalpha() or not low[e + 1:e + 2].isalpha())) \
                            or caps_only and s_.isalpha() and not text[p].isupper():
                        p = low.find(s_, p + 1)
                        continue
                    cap = text[p].isupper()
                    inner_cap = cap and p in inner_caps
                    if ui == 0:
                        if is_start and (content[word_of[p]] or text[p].isupper()):  # not "the ...", but "A Lite BERT"
                            cand = (_start_gain(p), word_of[p], 1, 0, 0, inner_cap, cap)
                            if e not in cur or cand > cur[e]:
                                cur[e] = cand
                    else:
                        for q, (sc, first, ini, jo, mi, ic, ac) in prev.items():
                            if q >= p:
                                continue
                            joined = not is_start and q == p - 1 and low[p - 1] != " "
                            gap = between(word_of[q], word_of[p])
                            gain = _start_gain(p) if is_start else 0.8 if joined else 0.0
                            cand = (sc + gain - 3 * gap,
                                    first, ini + is_start, jo + joined, mi + gap, ic + inner_cap, ac + cap)
                            if e not in cur or cand > cur[e]:
                                cur[e] = cand
                    p = low.find(s_, p + 1)
            prev = cur
            if not prev:
                break
        for e, (sc, first, ini, jo, mi, ic, ac) in prev.items():
            last = word_of[e]
            trailing = cum[len(words)] - cum[last + 1]
            if trailing and not content[last]:
                continue  # the last letter on a function word, a content word after it: "images in
                #           the inferotemporal (IT)" is "inferotemporal"
            loose = any(not content[i] for i in range(last + 1, len(words)))
            a = Alignment(first, last, ini, jo, mi, trailing, len(units), loose, ic, ac)
            rank = (a.confidence, sc, first)
            if _accept(a) and (best is None or rank > best[0]):
                best = (rank, a)
    return best[1] if best else None


def _accept(a: Alignment) -> bool:
    """Chance alignments fail: a low confidence, or more than one content word left without a
    letter, unless every letter starts a word or continues the one before it (then up to two
    words inside and three descriptive words after may go without: "Pre-trained Image Encoder for
    Generalizable visual reinforcement learning (PIE-G)", "BiDirectional learning for offline
    Infinite-width model-based optimization (BDI)"). Letters the author set as capitals inside
    words say which words the short form takes (`_marked_by_capitals`), so those words may leave
    more out ("COllaborative inference framework via feature PURification (CoPur)")."""
    if _marked_by_capitals(a) and a.missing <= MARKED_MISSING and a.trailing <= 1:
        return True
    if a.confidence < MIN_CONFIDENCE:
        return False
    if a.missing + a.trailing <= 1:
        return True
    return a.confidence >= 0.5 and a.missing <= 2 and a.trailing <= 3 and a.initials + a.joined == a.units \
        and a.initials >= 2 and not a.loose_tail


#: content words without a letter that a long form marked by capitals (`_marked_by_capitals`) may have
MARKED_MISSING = 4


def _marked_by_capitals(a: Alignment) -> bool:
    """Did the author mark the letters of the short form as capitals in the long form: three
    letters or more, every one at a capital, two or more of them set inside a word
    ("COllaborative inference framework via feature PURification (CoPur)"; `**Fa**st **S**parse`
    too, once `marked_letters` has made the marked-up letters capitals)?"""
    return a.units >= 3 and a.at_capitals == a.units and a.inner_caps >= 2


#: a capitalised word in a parenthesis, which may be a coined short form ("Channel-aware dynamic
#: sparse (Chase)", "Quantized Reward Konditioning (Quark)") or a word ("(Fairness)", "(Stein)")
_WORD_LIKE = rx(r"\p{Lu}\p{Ll}{2,11}")
#: the least confidence at which a word-like short form is defined by the words before it
WORD_LIKE_CONFIDENCE = 0.6


def _word_like_long_form(short: str, words: list[tuple[int, int, str]]) -> Optional[tuple[int, int, int]]:
    """`best_long_form` for a short form that is also a word ("Chase", "Adam", "Quark"): its
    alignment must leave no content word of the long form without a letter and at most one after
    its last letter ("Flow of Latents for Reinforcement Learning (Flare)"), start at least two
    words with a letter and have a confidence of `WORD_LIKE_CONFIDENCE` or more; "invariance of
    predictions to changes in unimportant features (Invariance)" leaves "unimportant" without
    one and defines nothing."""
    a = align(short, words)
    if a is None or a.missing or a.trailing > 1 or a.initials < 2 or a.confidence < WORD_LIKE_CONFIDENCE:
        return None
    return a.first, a.last, a.initials


def words_in(text: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """The words of text[start:end] as `align` reads them: (start, end, word)."""
    return [(m.start(), m.end(), m.group()) for m in _WORDS.finditer(text, start, end)]


def best_long_form(short: str, words: list[tuple[int, int, str]]) -> Optional[tuple[int, int, int]]:
    """(first, last) indexes into `words` of the long form for `short`, and how many of its
    letters start a word; None when no alignment passes (see `align`)."""
    a = align(short, words)
    return None if a is None else (a.first, a.last, a.initials)


def _after_last_comma(text: str, short: str, words: list[tuple[int, int, str]],
                      k: tuple[int, int, int]) -> tuple[int, int, int]:
    """`k` (`best_long_form` over `words`), or the long form that the words after the last comma
    inside it spell alone, when they do so with at least its confidence: "In particular, the
    proximal-point method (PPM)", "a meta-learning approach, Model-Agnostic Meta-Learning (MAML)"
    (the words before the comma gave letters that the words after it give as well). A list that
    spells the short form across its commas stays whole: "Sparse, Orthogonal, Learned and Random
    (SOLAR)", "symmetric, positive definite (SPD)"."""
    cuts = [i for i in range(k[0] + 1, len(words)) if "," in text[words[i - 1][1]:words[i][0]]]
    if not cuts:
        return k
    tail = align(short, words[cuts[-1]:])
    if tail is None or tail.confidence < align(short, words).confidence:
        return k
    return cuts[-1] + tail.first, cuts[-1] + tail.last, tail.initials


def _initials_only_words(short: str, words: list[tuple[int, int, str]]) -> bool:
    """Does every letter of `short` start one of `words`, one each, no content word left out
    ("independent and identically distributed (i.i.d.)": the function word "and" gives none)?"""
    a = align(short, words)
    return a is not None and a.initials == a.units and not a.missing and not a.trailing


def _initials_only(text: str, short: str, span: tuple[int, int]) -> bool:
    """Does a lower-case long form (`span`) spell an all-capital short form of three letters or
    more (a plural "s" aside) with the first letter of each of its words or word parts, one each,
    no word left out: "the directed acyclic graph neural network, DAGNN, an architecture", "a
    meta-algorithm for safe exploration, MASE, which"? Set off by commas, such a pair is a
    definition; a blend of word parts ("..., GraphConv,") is not read so."""
    bare = short[:-1] if short.endswith("s") else short
    if len(bare) < 3 or not bare.isupper() or not bare.isalpha():
        return False
    return _initials_only_words(bare, words_in(text, *span))


def _long_form_ending_at(text: str, short: str, end: int, sents: Sentences, min_initials: int = 0,
                         strict: bool = False) -> Optional[tuple[int, int]]:
    """(start, end) of a long form for `short` whose words end right before `end` (less a word
    that only says what kind of thing it is: "Gradient-based Intervention Targeting method,
    abbreviated GIT"), or None. `strict`: every letter starts a word or joins the one before
    (for cues that are also ordinary words: "X or UNMT", "X, TANKBind, ...")."""
    if not is_short_form(short):
        return None
    a = sum(1 for c in short if c.isalnum())
    words = _words_before(text, end, min(a + 5, 2 * a), sents)
    while words and words[-1][2].lower() in _GENERIC_TAIL:
        words = words[:-1]
    al = align(short, words)
    if al is None or al.initials < min_initials:
        return None
    if strict and (al.initials + al.joined < al.units or al.confidence < 0.75):
        return None
    return words[al.first][0], words[-1][1]


#: words a paren may put before a short form: "(named H3T)", "(or UNMT)", "(i.e., SGD)", "(abbrev. COIL)"
_INNER_CUE = rx(r"(?:(?:named|called|dubbed|termed|coined|denoted)(?:\s+as)?|referred\s+to\s+as|abbreviated(?:\s+as)?|"
                r"abbrev\.|abbr\.|short(?:ened)?(?:\s+as)?|or|i\.e\.,?|(?:a\.k\.a\.?|aka),?)\s+",
                regex.IGNORECASE)   # "(coined as TCD)", "(referred to as AMDP)", "(a.k.a., RecForest)"
#: quotes around a short form in a parenthesis: "(termed ``DTG-SSOD'')", "(referred to as AMDP")"
_QUOTES = "\"'`“”‘’"
#: ... and words after it: "(FocalNets in short)", "(VLN for short)"
_INNER_TAIL = rx(r"\s+(?:in|for)\s+short\s*$", regex.IGNORECASE)
#: words a paren may put before a long form that spells out the short form before the paren:
#: "PEP (short for Plug-in Embedding Pruning)", "SAC (which stands for Soft Actor-Critic)"
_INNER_EXPANDS = rx(r"(?:short\s+for|(?:which\s+)?stands?\s+for|abbreviat\w+\s+(?:of|for))\s+", regex.IGNORECASE)
#: a short form, "for" (or "stands for") and a run of capitalised words, each giving a letter:
#: "We call the method TRGL for Transport Regularized Greedy Learning"
_FOR_LONG = rx(r"(?<![\p{L}\p{N}\-])(\p{Lu}[\p{Lu}\p{N}\-]{1,10})\s+(?:stands\s+for|short\s+for|for)\s+"
               r"(\p{Lu}[\p{L}\-]*(?:\s+(?:(?:of|for|and|with|via|to|in|on|the|a)\s+)?\p{Lu}[\p{L}\-]*){1,9})")


def _words_before(text: str, end: int, n: int, sents: Sentences) -> list[tuple[int, int, str]]:
    """The last `n` words before `end` in its sentence (function words not counted), after any
    "; " or bracket."""
    window_start = max(0, end - 200, sents.start(end))
    chunk = text[window_start:end]
    # stop at a clause boundary
    sentence = [m.end() - 1 for m in rx(r"[.!?]\s+(?=\p{Lu}\p{Ll})").finditer(chunk)]  # "..., etc. We propose"
    cut = max(chunk.rfind("; "), chunk.rfind("("), chunk.rfind(")"), sentence[-1] if sentence else -1)
    if cut >= 0:
        window_start += cut + 1
        chunk = text[window_start:end]
    ws = [(window_start + m.start(), window_start + m.end(), m.group()) for m in _WORDS.finditer(chunk)]
    k, counted = len(ws), 0
    while k > 0 and counted < n:  # function words do not count towards the window
        k -= 1
        counted += ws[k][2].lower() not in _STOP
    return ws[k:]


def _lead_words(text: str, short: str, words: list[tuple[int, int, str]], first: int, sents: Sentences) -> int:
    """The first word of a long form, moved left over the words that belong to the name without
    giving it a letter: a capitalised word before a capitalised long form ("Neural Feature
    Regression with Pooling (FRePo)", "Unbiased Sinkhorn Divergences (SD)"), or, for a coined
    short form (a lowercase letter inside, or five characters or more), a compound modifier
    (`_LEAD_COMPOUND`: "image-constrained radiance fields (ConRad)"; a field keeps its plain name:
    "goal-conditioned reinforcement learning (RL)"); never a sentence's first word nor a phrase's
    opening word (word list `acronym_lead_stop`), at most two words."""
    coined = any(c.islower() for c in short.rstrip("s")[1:]) or sum(c.isalnum() for c in short) >= 5
    for _ in range(2):
        if first == 0:
            break
        s, e, w = words[first - 1]
        if text[e:words[first][0]].strip() or w.lower() in _LEAD_STOP or sents.is_start(s):
            break  # punctuation between, "We", "A", "Our", "novel", or the sentence's first word
        title = w[:1].isupper() and words[first][2][:1].isupper() and not w.isupper()
        if not (title or coined and _LEAD_COMPOUND.fullmatch(w)):
            break
        first -= 1
    return first


def marked_letters(text: str, marks) -> frozenset:
    """Clean offsets of the letters the author marked up inside a word (``**Fa**st``,
    ``Mi**x**ture``, ``\\textbf{R}andom``): a mark of normalize's `marks` with a letter right
    before or after it."""
    out = set()
    for a, b, kind in marks or ():
        if kind in ("macro", "math", "mathtext"):
            continue  # a user macro's word is written, not marked up; math is no markup of letters
        if (a > 0 and text[a - 1].isalpha()) or (b < len(text) and text[b].isalpha()):
            out.update(i for i in range(a, b) if text[i].isalpha())
    return frozenset(out)


def find_acronyms(text: str, sents: Optional[Sentences] = None, marked: frozenset = frozenset()) -> list[AcronymMatch]:
    """Acronym definitions of `text` and their later uses; `sents`: its sentences (found from
    `text` when not given); `marked`: offsets of letters marked up inside words (`marked_letters`),
    which the alignment reads as capitals set inside a word, that is as starts of a word part."""
    sents = sents if sents is not None else Sentences.of(text)
    view = text
    if marked:  # same length and offsets: only the marked letters become capitals
        chars = list(text)
        for i in marked:
            chars[i] = chars[i].upper()
        view = "".join(chars)
    found: list[AcronymMatch] = []
    seen: set[str] = set()
    for m in _PAREN.finditer(text):
        inner = m.group(1)
        cue = _INNER_CUE.match(inner)  # "(named H3T)", "(or UNMT)"
        parts = rx(r"[,;]").split(_INNER_TAIL.sub("", inner[cue.end():] if cue else inner))
        first_part = parts[0].strip()
        defined = False
        for part in parts[:3]:  # "Layer Normalization (LayerNorm, LN)": each short form
            short = part.strip().strip(_QUOTES)
            word_like = not cue and len(parts) == 1 and _WORD_LIKE.fullmatch(short) is not None \
                and not is_short_form(short)
            if not (is_short_form(short) and len(short.split()) <= 2 or word_like):
                break
            a = sum(1 for c in short if c.isalnum())
            words = _words_before(view, m.start(), min(a + 5, 2 * a), sents)
            k = best_long_form(short, words) if not word_like else _word_like_long_form(short, words)
            if k is None or _DOTTED.fullmatch(short) and not _initials_only_words(short, words[k[0]:k[1] + 1]):
                continue
            if not word_like:
                k = _after_last_comma(view, short, words, k)
            last = k[1]
            # uncovered trailing words stay in the long form ("Relative Value Learning (RV)")
            # unless they only say what kind of thing it is ("Birds dataset (CUB)")
            while last < len(words) - 1 and words[last + 1][2].lower() not in _GENERIC_TAIL:
                last += 1
            s0, e0 = words[_lead_words(text, short, words, k[0], sents)][0], words[last][1]
            long = text[s0:e0]
            # "CIFAR10 (CIFAR100)", "ROUGE-1 (R1)": one name with a number, not a definition; a
            # compound of two or more words is one ("Room-4-Room (R4R)")
            one_name = " " not in long and any(ch.isdigit() for ch in long) \
                and sum(1 for w in _PART.split(long) if any(ch.isalpha() for ch in w)) < 2
            if long.lower() != short.lower() and len(long) > len(short) and not one_name:
                s_start = m.start(1) + inner.index(short, cue.end() if cue else 0)
                found.append(AcronymMatch(short, long, s_start, s_start + len(short), s0, e0))
                defined = True
        if defined:
            continue
        # reverse: SHORT (long form), SHORT (short for long form)
        before = rx(r"([\p{L}\p{N}][\p{L}\p{N}\-]{1,11})\s*$").search(text[max(0, m.start() - 14):m.start()])
        expands = _INNER_EXPANDS.match(inner)
        if expands:
            first_part = rx(r"[,;]").split(inner[expands.end():])[0].strip()
        if before and is_short_form(before.group(1)) and len(inner.split()) > 1:
            short = before.group(1)
            offset = m.start(1) + (inner.index(first_part, expands.end()) if expands else 0)
            long_words = [(offset + w.start(), offset + w.end(), w.group()) for w in _WORDS.finditer(first_part)]
            if long_words and long_words[0][2][:1].lower() == short[:1].lower():
                k = best_long_form(short, long_words)
                if k is not None and k[0] > 0:
                    # the parenthesis is the long form: its first word gives the first letter where
                    # the rest spells the others from the next word on ("DESERT (Drug dEsign by
                    # SkEtching and geneRaTing)", where "dEsign" could give the D as well)
                    rest = best_long_form(short[1:], long_words[1:])
                    k = (0, rest[1] + 1, rest[2] + 1) if rest is not None and rest[0] == 0 else k
                if k is not None and k[0] == 0:
                    s_start = m.start() - (len(text[max(0, m.start() - 14):m.start()]) - before.start(1))
                    found.append(AcronymMatch(short, text[long_words[0][0]:long_words[-1][1]],
                                              s_start, s_start + len(short), long_words[0][0], long_words[-1][1]))
    for m in _COLON.finditer(text):  # "in-context learning: ICL for ..."
        if sum(ch.isupper() for ch in m.group(2)) < 2:
            continue  # "... the transformation: We prove"
        k = _long_form_ending_at(view, m.group(2), m.end(1), sents, strict=True)
        if k is not None:
            found.append(AcronymMatch(m.group(2), text[k[0]:k[1]], m.start(2), m.end(2), *k))
    for m in _NAMED.finditer(text):  # "a novel Mixed-scale Sparse Voxel Transformer, named MsSVT"
        k = _long_form_ending_at(view, m.group(2), m.start(), sents, min_initials=2, strict=bool(m.group(1)))
        if k is None and not m.group(1):
            k = _titled_long_form_before(view, m.group(2), m.start(), sents)
        if k is not None and k[1] - k[0] > len(m.group(2)) and " " in text[k[0]:k[1]]:
            found.append(AcronymMatch(m.group(2), text[k[0]:k[1]], m.start(2), m.end(2), *k))
    for m in _FOR_LONG.finditer(text):  # "TRGL for Transport Regularized Greedy Learning"
        found += _spelled_out_after(m, sents)
    for m in _BETWEEN_COMMAS.finditer(text):  # "Trigonometry-Aware Neural networKs for ..., TANKBind,"
        k = _long_form_ending_at(view, m.group(1), m.start(), sents, min_initials=2, strict=True)
        if k is not None and " " in text[k[0]:k[1]] and (text[k[0]].isupper()  # a title, not a blend
                                                         or _initials_only(view, m.group(1), k)):
            found.append(AcronymMatch(m.group(1), text[k[0]:k[1]], m.start(1), m.end(1), *k))
    found += _appositions(text)
    found += _backronyms(text, found, sents)
    out = []
    for a in sorted(found, key=lambda a: a.short_start):
        if a.short in seen or find_word(a.long, a.short):
            continue  # a long form holding the short form itself defines nothing ("X approach into an")
        seen.add(a.short)
        a.mentions = _mentions(text, a)
        out.append(a)
    return out


#: the most characters between a capitalised name and the naming word after it (`_titled_long_form_before`)
_TITLED_GAP = 100
_CLAUSE_BREAK = rx(r"\b(?:and|or|but|while|whereas)\b|[;()]")


def _titled_long_form_before(text: str, short: str, end: int, sents: Sentences) -> Optional[tuple[int, int]]:
    """(start, end) of a capitalised name earlier in the sentence that spells `short` when the
    words right before the naming word do not: "a Bi-directional Consistent Diffusion framework
    tailored for instantaneous trajectory prediction, named BCDiff". The name is a run of
    capitalised words (`_TITLE_RUN`), the nearest one before `end` in the sentence whose words
    give every letter of the short form, in order, each at a word's start or right after the letter
    before, with no word left out; a short form of two capitals or more. Between the name and the
    naming word only the words that describe it, no clause ("and", "or", a semicolon, a
    parenthesis) and at most `_TITLED_GAP` characters."""
    if sum(ch.isupper() for ch in short) < 2 or not is_short_form(short):
        return None
    s0 = sents.start(end)
    for r in reversed(list(_TITLE_RUN.finditer(text, s0, end))):
        if end - r.end() > _TITLED_GAP or _CLAUSE_BREAK.search(text, r.end(), end):
            break
        words = [(r.start() + w.start(), r.start() + w.end(), w.group()) for w in _WORDS.finditer(r.group())]
        a = align(short, words)
        if a is not None and a.first == 0 and a.last == len(words) - 1 and a.missing == 0 \
                and a.initials + a.joined == a.units and a.initials >= 2:
            return words[0][0], words[-1][1]
    return None


def _spelled_out_after(m, sents: Sentences) -> list[AcronymMatch]:
    """"TRGL for Transport Regularized Greedy Learning": a short form of two capitals or more, then
    "for" and a run of capitalised words (`_FOR_LONG`) from whose first word on every letter of
    the short form starts a word, in order, and no word is left over; in one sentence."""
    short = m.group(1)
    if sum(ch.isupper() for ch in short) < 2 or not is_short_form(short) \
            or sents.start(m.start(1)) != sents.start(m.start(2)):
        return []
    words = [(m.start(2) + w.start(), m.start(2) + w.end(), w.group()) for w in _WORDS.finditer(m.group(2))]
    for n in range(len(words), 1, -1):   # the shortest run the letters fill: "... Learning and study"
        a = align(short, words[:n])
        if a is not None and a.first == 0 and a.last == n - 1 and a.initials == a.units and a.missing == 0:
            return [AcronymMatch(short, m.string[words[0][0]:words[n - 1][1]], m.start(1), m.end(1),
                                 words[0][0], words[n - 1][1])]
    return []


#: a run of capitalised words, function words allowed between them ("Causal Self-Talk",
#: "Calibrated Stackelberg Games", "Learning to Optimize Without Gradients")
_TITLE_RUN = rx(r"(?<![\p{L}\p{N}\-])\p{Lu}[\p{L}\p{N}\-]*(?:\s+(?:(?:of|for|and|with|via|to|in|on|the|a)\s+)?"
                r"\p{Lu}[\p{L}\p{N}\-]*)+")
_HYPHEN = rx(r"[-‐]")
_CAPS = rx(r"(?<![\p{L}\p{N}\-])(\p{Lu}{2,8})(s?)(?![\p{L}\p{N}\-])")


def _backronyms(text: str, definitions: list, sents: Sentences) -> list[AcronymMatch]:
    """Short forms used without a definition whose letters are the initials of a capitalised
    name just before their first use, in the same sentence or the one before ("... agents:
    Causal Self-Talk. CST operates by ...", "_Calibrated Stackelberg Games_. In CSGs, ..."):
    every word of the name (and every part of a hyphenated word) gives exactly one letter, in
    order; not a name inside another definition's long form ("Conditional Masked Language
    Modeling (CMLM) ... MLM training")."""
    uses: dict = {}
    defined = {t.rstrip("s") for d in definitions for t in d.short.split()}
    taken = [(d.long_start, d.long_end) for d in definitions]
    for m in _CAPS.finditer(text):
        if not any(d.startswith(m.group(1)) for d in defined) and m.group(1) not in uses:
            uses[m.group(1)] = m
    if not uses:
        return []
    wanted = {core.lower() for core in uses}
    runs = []
    for r in _TITLE_RUN.finditer(text):
        words = [w for w in _WORDS.finditer(r.group()) if w.group().lower() not in _STOP]
        # each word's letters: its initial, and the initial of every hyphenated part
        initials = [None if w.group().isupper() else "".join(p[0] for p in _HYPHEN.split(w.group()) if p).lower()
                    for w in words]
        for i in range(len(words)):
            letters = ""
            for j in range(i, min(len(words), i + 8)):
                if initials[j] is None:
                    break  # "Deep RL Agents": an acronym inside, not a backronym
                letters += initials[j]
                if j > i and letters in wanted:
                    runs.append((letters, r.start() + words[i].start(), r.start() + words[j].end()))
    found = []
    for core, m in uses.items():
        # the name comes first, in the sentence of the first use or the one before it
        window = sents.start(max(0, sents.start(m.start()) - 1))
        hit = next((r for r in runs if r[0] == core.lower() and window <= r[1] and r[2] <= m.start()
                    and not any(a < r[2] and r[1] < b for a, b in taken)), None)
        if hit:
            short = m.group()
            found.append(AcronymMatch(short, text[hit[1]:hit[2]], m.start(), m.end(), hit[1], hit[2]))
    return found


def _appositions(text: str) -> list[AcronymMatch]:
    """Definitions written "SHORT, long form" ("REAP, Router-weighted Expert Activation Pruning")
    or "SHORT: long form" ("CoLLAT: Contrastive Locked Language and Audio Tuning")."""
    found: list[AcronymMatch] = []
    for m in _APPOSITION.finditer(text):
        short = m.group(1)
        if not is_short_form(short) or sum(c.isupper() for c in short) < 2:
            continue
        tail = text[m.end():m.end() + 160]
        stop = rx(r"[,.;:()]|\s(?:that|which|to|is|are|as)\s").search(tail)
        tail = tail[:stop.start()] if stop else tail
        words = [(m.end() + w.start(), m.end() + w.end(), w.group()) for w in _WORDS.finditer(tail)]
        n = sum(1 for c in short if c.isalnum())
        fits = []
        letters = [ch for ch in words[0][2] if ch.isalpha()] if words else []
        if len(letters) >= 2 and sum(ch.isupper() for ch in letters) * 2 > len(letters):
            continue  # "CIFAR-10, CIFAR-100 and ImageNet": a list of names, not a definition
        if words and rx(r"\p{Ll}+(?:ed|ing)").fullmatch(words[0][2]):
            continue  # "MADG, motivated by a margin ...": a participle clause, not a long form
        if not words or (words[0][2][:1].lower() != short[:1].lower() and short[:1].lower() not in _LETTER_WORDS):
            continue  # the first letter starts the long form
        last = short.replace("^", "")[-1:].lower()
        for j in range(2, min(len(words), n + 4) + 1):
            if last.isalpha() and last not in words[j - 1][2].lower():
                continue  # the last letter lies in the last word
            k = best_long_form(short, words[:j])
            if k is not None and k[0] == 0 and k[1] == j - 1:
                fits.append((k[2], -j, j))
        if fits:
            j = max(fits)[2]
            s0, e0 = words[0][0], words[j - 1][1]
            found.append(AcronymMatch(short, text[s0:e0], m.start(1), m.end(1), s0, e0))
    return found


def _mentions(text: str, a: AcronymMatch) -> list[tuple[int, int]]:
    forms = {a.short} | {t for t in a.short.split()[1:] if sum(c.isupper() for c in t) >= 2}  # "offline MARL": MARL
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


class AcronymReader:
    """Sets ``doc._.acronyms`` from the clean text, its sentences and the letters marked up inside
    words (``doc._.marks``, set by the pipeline from normalisation)."""

    def __call__(self, doc: Doc) -> Doc:
        text = doc_text(doc)
        doc._.acronyms = find_acronyms(text, doc_sentences(doc), marked_letters(text, doc._.marks))
        return doc


@Language.factory("acronyms", assigns=["doc._.acronyms"], requires=["doc._.sentences"])
def make_acronyms(nlp: Language, name: str):
    """Sets ``doc._.acronyms``."""
    return AcronymReader()
