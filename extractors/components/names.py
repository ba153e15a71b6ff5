"""`names` component: names found by their shape, their markup, proposal cues and task phrases.

- shapes (resources/name_patterns.tsv): CamelCase (``UniHand``), ALL-CAPS (``OWLEYE``,
  ``NSPL-CRISE``), letters with digits and hyphens (``Qwen3-Coder-480B``, ``gpt-5-medium``),
  metric shapes (``pass@1``, ``top-1 accuracy``, ``BLEU-4``); a modifier suffix is not part of
  the name (``CapsNets-based``: `MODIFIER_SUFFIX`);
- markup: text the author set in ``\\texttt``, ``\\textsc``, ``**bold**`` (normalisation records it);
- proposals (resources/proposal_cues.tsv): the name after "we propose / introduce / present"
  (also "we proposed", "to introduce a novel", "our newly proposed", "the resulting", "its
  variant", "we ... by / with / via a new ..."), after a naming ("called / named / dubbed (as)",
  "which we refer to as", "we coin the name", "namely (i)"; new only in a sentence that says "we"/"novel"/..., that cites nobody and that does not
  just use what it names), after "our" / "the proposed", and the name before ", a novel ...";
  within the phrase after a cue: a parenthesised or appositive coined name (not one of a
  complement: "a method for ... of average treatment effects (ATEs)"), a short form the sentence
  then says is proposed ("... (CEM) is designed to"), a coined name right
  after its kind ("a variable selection method MCTS-VS"), what a container holds ("the
  framework of X"), a name after a colon ("...: Causal Self-Talk."); two coined variants are
  two names ("DiffuseVAE-A and DiffuseVAE-B"); the named parts of the paper's own system after
  a parts cue ("X is composed of two components: A and B", "consisting of two key modules: (1)
  A (AA) ..., and (2) B (BB)");
- tasks: "the problem(s) of X (and Y)", "X tasks", "X benchmarks" (a MuJoCo-shaped name before
  them is where, not part of the task), and the items of "experiments on A, B and C" when they
  read as activities (their head word is a nominalisation: -ing, -tion, ...; or a head of
  resources/word_lists.tsv task_heads: "causal discovery", "inverse optimal control"); the
  members of a list of tasks ("tasks such as A, B"), the topic a sentence opens with ("Model
  quantization is ...": `_OPENING_TOPIC`), and what a kind of method is for ("algorithms for
  exponential family bandits": `_FOR_TASK`);
- measures and data: the members of a list that a plural kind of measure or data introduces ("3
  metrics: A, B, and C", "measures (e.g., A, B)": `_MEASURE_LIST`; "four real-world datasets
  (A, B, C)", "two complex environments, A and B": `_DATA_LIST`), proposed when the kind is the
  object of a proposal cue ("by introducing 3 metrics: A, B": `_proposed_kind`); the members of
  a list of names a plural kind of data follows ("on the KITTI, Ford multi-AV, and VIGOR
  datasets", "including Deep Sea and Atari 2600 environments": `_data_lists_before`), and of
  one after a preposition with a lexicon name of data among its members ("across KITTI and
  Waymo": `known_data_lists`, run by the component, which sees the lexicon's candidates).

`context_types` (called by the resolver on every component's candidates) adds type evidence: the
noun after a name ("the IEMOCAP dataset"; a data noun also one or two lower-case words on: "the
NTU-XVIEW skeleton joint dataset"), an apposition ("MCPMark, a benchmark"), a list that
shares one head noun ("IEMOCAP, EMO-DB, and the NSPL-CRISE dataset"), and a sentence that defines
the name as a problem or task ("the problem setting of X", "X is the supervised task of":
`defined_as_task`). Head nouns are data (resources/type_heads.tsv).
Appends `Candidate`s to ``doc._.candidates``.
"""

from functools import lru_cache
from typing import Iterator, Optional

import regex
from spacy.language import Language
from spacy.tokens import Doc

from .. import resources
from ..models import DATA_TYPES, SYSTEM_TYPES as _SYSTEM_SET
from ..regexes import longest_first
from .acronyms import best_long_form, words_in
from .sentences import Sentences, doc_sentences
from .textutil import doc_text, is_adverb, rx
from .candidates import SIZED, Candidate, Source, Weight, add_candidates, model_shaped
from .lexicon import glued_name
from .numbers import unit_surfaces

_NAME_MARKUP = {"texttt", "textsc", "mathtt", "textsf", "**"}
#: a marked phrase without a capital around a number standing alone: a result set in bold ("**50
#: times** faster", "in **less than 2 seconds**"), not a name ("**Birder**", "**Llama 2**")
_MARKED_QUANTITY = rx(r"^[^\p{Lu}]*(?<![\p{L}\p{N}\-.])\d[\d.,]*(?![\p{L}\p{N}\-])[^\p{Lu}]*$")
_WEAK_MARKUP = {"textbf", "emph", "textit"}
_WORD = rx(r"[\p{L}\p{N}](?:[\p{L}\p{N}'’@^+.]|\*(?=\p{Lu}))*(?:-[\p{L}\p{N}@^+]+)*")   # "A*Net", "Q*BERT"
_NOMINAL = rx(r"(?:ing|tion|sion|ment|sis|ance|ence|ization|isation|graphy|metry|scopy)$")
_TASK_STOP = resources.word_list("task_stop")
#: a dash that opens an aside ("landmark detection—all unsupervised—with ..."): the name ends before it
_DASH_CUT = rx(r"\s*(?:[—–]|\s--?\s).*$")
#: a task phrase's tail that says where it is measured: "link prediction on benchmark datasets"
_WHERE_TAIL = rx(r"\b(?:datasets?|benchmarks?)$")
#: a word that governs a phrase: a phrase that starts with one was cut in the wrong place, never a
#: task's name ("from AI-aided drug discovery", "via pre-training on ProcTHOR")
_PREPOSITIONS = frozenset({"from", "in", "on", "of", "for", "with", "by", "to", "at", "into", "onto", "over",
                           "via", "through", "using", "under", "against", "between", "among", "across",
                           "within", "without", "beyond", "after", "before", "during", "toward",
                           "towards", "upon", "than", "per", "about", "despite", "unlike"})
#: where a task phrase's name ends: a word that governs a clause or phrase after it, or one that
#: gives examples ("scene layout generation for diverse domains such as images": not "... such"),
#: also where the phrase ends at that word ("testing of constrained samplers over high-dimensional
#: distributions with $(\varepsilon,\eta,\delta)$ guarantees": the bracket ends the phrase's body)
_PREP_CUT = rx(r"\s+(?:with|without|against|between|where|which|that|by|using|via|given|under|through|from|whose|when|while|(?:such\s+)?as|including|to|beyond)(?:\s+.*)?$")


@lru_cache(maxsize=1)
def _tables():
    patterns = []
    for row in resources.rows("name_patterns.tsv"):
        scope = row[2] if len(row) > 2 else ""
        if scope not in ("", *CHUNK_SEEDS):
            raise ValueError(f"name_patterns.tsv: unknown scope {scope!r}")
        patterns.append((row[0], rx(row[1]), scope))
    not_names = resources.words("not_names.txt")
    cues = {}
    for kind, pat in resources.rows("proposal_cues.tsv"):
        cues.setdefault(kind, []).append(rx(pat, regex.IGNORECASE))
    heads = {r[0]: r[1] for r in resources.rows("type_heads.tsv")}
    return patterns, not_names, cues, heads


def type_heads() -> dict:
    """Head noun -> the type it gives a name (resources/type_heads.tsv)."""
    return _tables()[3]


def proposal_cues() -> dict:
    """Kind (verb, called, our, after, used, parts, passive) -> the compiled cues of that kind
    (resources/proposal_cues.tsv, case-insensitive)."""
    return _tables()[2]


#: the kinds of proposal cue scanned over a whole text (`proposal_matches`)
SCANNED_KINDS = ("verb", "called", "our")


@lru_cache(maxsize=64)
def proposal_matches(text: str) -> dict:
    """Kind of `SCANNED_KINDS` -> the matches of its cues in `text`, cue by cue in file order, each
    cue's in text order. Kept for the last texts: the proposals (`_proposals`) and the entity
    typer's role cues (type_features.cue_spans) read the same scan of a Doc's text."""
    cues = _tables()[2]
    return {kind: tuple(m for cue in cues.get(kind, []) for m in cue.finditer(text)) for kind in SCANNED_KINDS}


def head_type(word: str, heads) -> str | None:
    w = word.casefold().strip()
    if w in heads:
        return heads[w]
    if w.endswith("ies") and w[:-3] + "y" in heads:
        return heads[w[:-3] + "y"]
    if w.endswith("s") and w[:-1] in heads:
        return heads[w[:-1]]
    if w.endswith("es") and w[:-2] in heads:
        return heads[w[:-2]]
    return None


def _vote(types: dict, typ: str | None, w: float) -> None:
    """Add `w` to the vote for `typ` (a head noun's type), to METHOD and METRIC for a MEASURE
    (type_heads.tsv): MEASURE is never a candidate's type itself."""
    if not typ:
        return
    for t in (("METHOD", "METRIC") if typ == "MEASURE" else (typ,)):
        types[t] = types.get(t, 0.0) + w


def name_run(text: str, pos: int, limit: int = 80) -> tuple[int, int] | None:
    """A run of name-like words starting at `pos` ("Random Policy Valuation for Diverse
    Reasoning", "CoT Encyclopedia", "Nait"); None if the next word is not name-like."""
    m = rx(r"\s*").match(text[pos:])
    pos += m.end() if m else 0
    end, i = None, pos
    allowed_inner = {"for", "of", "and", "with", "in", "on", "via", "to", "the"}
    while i < min(len(text), pos + limit):
        wm = _WORD.match(text, i)
        if not wm:
            break
        w = wm.group().rstrip(".")
        sentence_end = wm.group().endswith(".")
        name_like = w[:1].isupper() or any(c.isdigit() for c in w) or any(c.isupper() for c in w[1:])
        if name_like:
            end = wm.start() + len(w)
            if sentence_end:
                break
        elif w.lower() in allowed_inner and end is not None:
            if w.lower() != "of" and rx(r"\s+the\b").match(text, wm.end()):
                break  # "the proposed SLAM to the Karush-Kuhn-Tucker points": a new phrase
            if w.lower() != "and" and " " not in text[pos:end] and _coined(text[pos:end]):
                break  # "our TOIST on COCO-Tasks", "R-SAM on CIFAR": one coined word is a whole
                # name, where the words of a longer one are plain ("Contrast to Divide")
        else:
            break
        nxt = _NAME_GAP.match(text[wm.end():wm.end() + 5]) if name_like and not sentence_end else \
            rx(r"[ \t]+").match(text[wm.end():wm.end() + 3])
        if not nxt:
            break
        i = wm.end() + nxt.end()
    if end is None:
        return None
    return pos, end


#: what may stand between two words of a name: an ampersand between capitalised words ("Branch &
#: Learn", "Branch & Bound"), or up to three spaces (as between any two words of a run)
_NAME_GAP = rx(r"[ \t]{1,2}&[ \t]{1,2}(?=\p{Lu})|[ \t]{1,3}")


#: the scopes of a shape pattern (name_patterns.tsv, third column) whose every match lies inside
#: one whitespace-free chunk holding what the scope names: a number (\p{N}), or a lower-case
#: letter right before a capital (camel case: "MoCo", "iNat", "mixUp"); such a pattern
#: is run on those chunks only
NUMBERED = "numbered-chunk"
CAMEL = "camel-chunk"
CHUNK_SEEDS = {NUMBERED: rx(r"\p{N}"), CAMEL: rx(r"\p{Ll}\p{Lu}")}
_SPACE = rx(r"\s")
_SPACE_BEFORE = rx(r"(?r)\s")


def seeded_chunks(text: str, scope: str = NUMBERED) -> list[tuple[int, int]]:
    r"""(start, end) of every maximal run of non-whitespace (the `regex` module's ``\S``) that
    holds a match of the scope's seed (`CHUNK_SEEDS`), in order."""
    seed = CHUNK_SEEDS[scope]
    out = []
    m = seed.search(text)
    while m:
        before = _SPACE_BEFORE.search(text, 0, m.start())
        after = _SPACE.search(text, m.end())
        end = after.start() if after else len(text)
        out.append((before.end() if before else 0, end))
        m = seed.search(text, end)
    return out


def shape_matches(pat, scope: str, text: str, chunks: dict) -> Iterator:
    """``pat.finditer(text)``; for a pattern of a chunk scope, over that scope's chunks only
    (`chunks`: scope -> `seeded_chunks`, filled as scopes are met). The same matches: none can
    cross whitespace or miss its seed, a scan of the text enters each chunk afresh (no match
    reaches into it from before), and at a chunk's edges the pattern's lookarounds meet
    whitespace or the end of the text, which they read alike."""
    if not scope:
        return pat.finditer(text)
    if scope not in chunks:
        chunks[scope] = seeded_chunks(text, scope)
    return (m for start, end in chunks[scope] for m in pat.finditer(text, start, end))


#: a hyphenated suffix that makes a name a modifier of what follows: "CapsNets-based agents",
#: "AdaGrad-inspired optimizer", "a RL-tailored scheme", "MoCo-pretrained representations", "a
#: CLIP-initialized encoder" (the name is the part before it)
MODIFIER_SUFFIX = rx(r"-(?:based|like|style|driven|aware|free|specific|tailored|oriented|guided|inspired|optimized|agnostic"
                     r"|pretrained|pretraining|finetuned|initialized|initialised|powered|enhanced|augmented|equipped)$")


def _mark_bounds(text: str, a: int, b: int) -> tuple[int, int]:
    """The span (a, b) of marked-up text without what only sets it off: spaces, a closing colon,
    semicolon or comma ("**GraphSAGE,** a sampled aggregator"), a sentence's full stop (not one
    of the name's own: "**U.S.**")."""
    while a < b and text[a].isspace():
        a += 1
    while b > a and (text[b - 1].isspace() or text[b - 1] in ":;,"):
        b -= 1
    if b > a and text[b - 1] == "." and "." not in text[a:b - 1]:
        b -= 1
    return a, b


#: marked-up text wholly in parentheses: a list's label ("**(RA1):** intermediate representations
#: are ...", "$\textbf{(O1)}$ the task affinity ..."), not a name
_MARKED_LABEL = rx(r"\([^()]*\)")


def find_names(text: str, marks=(), sents: Optional[Sentences] = None) -> list[Candidate]:
    patterns, not_names, cues, heads = _tables()
    out: list[Candidate] = []
    chunks: dict = {}
    for typ, pat, scope in patterns:
        for m in shape_matches(pat, scope, text, chunks):
            w = m.group()
            if w in not_names or w.rstrip("s") in not_names or _glued(w, text) \
                    or _unit_after_number(text, m.start(), w):
                continue
            if typ in ("NAME", "TITLE"):
                end = sized_end(text, m.end()) if typ == "NAME" and w[-1].isdigit() else m.end()
                modifier = MODIFIER_SUFFIX.search(text, m.start(), end)
                if modifier:   # "CapsNets-based agents": the name is CapsNets
                    end = modifier.start()
                    if end - m.start() < 2 or text[m.start():end] in not_names:
                        continue
                source = Source.SHAPE if typ == "NAME" else Source.TITLE
                out.append(Candidate(m.start(), end, text[m.start():end], source, {}))
            else:
                out.append(Candidate(m.start(), m.end(), w, Source.PATTERN, {typ: Weight.PATTERN}))
    for a, b, kind in marks or ():
        a, b = _mark_bounds(text, a, b)
        seg = text[a:b]
        defined = rx(r"(.+?)\s*\([^()]{1,15}\)").fullmatch(seg)
        if defined:  # "**Retrieval-Augmented Critic (RAC)**": the name; the acronyms component pairs them
            seg = defined.group(1)
        if not seg or len(seg) > 60 or seg in not_names or _MARKED_LABEL.fullmatch(seg):
            continue
        if kind in _NAME_MARKUP or (kind in _WEAK_MARKUP and rx(r"\p{Lu}[\p{L}\p{N}\-]*(?:\s\p{Lu}[\p{L}\p{N}\-]*){0,4}").fullmatch(seg)
                                    and len(seg) > 1):
            if rx(r"\p{L}").search(seg) and not rx(r"[+\-]?[\d.,%]+").fullmatch(seg) \
                    and not _MARKED_QUANTITY.search(seg):
                out.append(Candidate(a, a + len(seg), seg, Source.MARKUP, {}))
    sents = sents if sents is not None else Sentences.of(text)
    out += _proposals(text, cues, sents, {(a, b) for a, b, kind in marks or () if kind == "macro"})
    out += _appositive_names(text, sents)
    out += _tasks(text, heads, sents)
    return [c for c in out if not is_citation(text, c)]


#: a number right before a word, with a space or a range's end: "1-2 dB", "16 GB"
_NUMBER_BEFORE = rx(r"\d\s?$")


def _unit_after_number(text: str, start: int, word: str) -> bool:
    """A unit written after a number is the number's unit, not a name: "a 1-2 dB drop in PSNR"."""
    return word in unit_surfaces() and bool(_NUMBER_BEFORE.search(text, max(0, start - 2), start))


#: a size glued to the number a name ends with: "CelebA-64×64" ("CelebA-64$\\times$64" once normalised)
_GLUED_SIZE = rx(r"(?:×\p{N}+)+(?![\w@\-×])")


def sized_end(text: str, end: int) -> int:
    """End of a name that ends in a number, with the size glued to it: "CelebA-64×64",
    "ImageNet-256×256" are dataset names whole (the size is part of the name, not a setting)."""
    m = _GLUED_SIZE.match(text, end)
    return m.end() if m else end


#: a run of capitals and then lower-case letters only: "GANand", "COnfidence", but also "UNet"
_CAPS_THEN_LOWER = rx(r"(\p{Lu}{2,})(\p{Ll}{2,})")
#: a word with two capitals or more ("ROMUL", "CoPur"), where a backronym's letters come from
_CAPITALISED_WORD = rx(r"\b\p{L}*\p{Lu}\p{L}*\p{Lu}\p{L}*\b")


#: a lower-case word, then capitals: "colorFERET", "betweenSGD"
_LOWER_THEN_CAPS = rx(r"(\p{Ll}{4,8})(\p{Lu}{2,}[\p{L}\p{N}\-]*)")
#: a lower-case word, then only digits: "on2048" (a stop word and a number run together by a lost
#: space); "word2vec" (letters after the digits) does not match
_LOWER_THEN_NUMBER = rx(r"(\p{Ll}+)(\p{N}+)")


def _glued(word: str, text: str) -> bool:
    """Capitals run into lower-case letters where no name is meant (`_CAPS_THEN_LOWER`):
    - an acronym glued to the word after it by a lost space ("compared with GANand VAE", "a
      Localized→SGDtransition layer"): the lower-case letters are a stop word, or a word this
      abstract writes on its own while it also writes the capitals on their own;
    - a backronym's word ("CORES (COnfidence REgularized Sample Sieve)", "ROMUL, for RObust
      MULtistep search"): the whole word, in lower case, is a word of this abstract, or the
      capitals are part of a longer capitalised word of it.
    - a word glued to the acronym after it ("betweenSGD"): the lower-case letters are a stop word;
    - a stop word glued to the number after it ("trained on2048 TPU v3 accelerators");
    - a known name glued to a function word after it ("in MiniGridwith just 120M steps":
      `lexicon.glued_name`; the lexicon finds MiniGrid).
    "MCPMark", "UNet", "XGBoost", "RMSprop" and "colorFERET" stay names."""
    if glued_name(word):
        return True
    low = _LOWER_THEN_CAPS.fullmatch(word) or _LOWER_THEN_NUMBER.fullmatch(word)
    if low:
        return low.group(1) in _stop_words()
    m = _CAPS_THEN_LOWER.fullmatch(word)
    if not m:
        return False
    caps, tail = m.groups()
    words, capitalised = _words_of(text)
    if tail in _stop_words() or word.lower() in words or (tail in words and caps in words):
        return True
    if len(caps) > 3:
        return False
    # a longer capitalised word holds the capitals, other than one that goes on as this word does
    # ("SRNet" for "SRNets"): more words hold them than start with them and the next letter
    folded, stem = caps.casefold(), (caps + tail[0]).casefold()
    holding = capitalised.get(folded, 0) - (folded in capitalised.get("", ()))
    return holding > capitalised.get(stem + "^", 0)


_LETTERS = rx(r"\p{L}+")


@lru_cache(maxsize=8)
def _words_of(text: str) -> tuple[frozenset, dict]:
    """The letter runs of a text, and counts over its distinct words of two capitals or more,
    case-folded: per piece of two or three letters, how many words hold it; per first three or
    four letters + "^", how many words start with them; under "", the words themselves. Found
    once per text, so a text of thousands of such words stays linear."""
    counts: dict = {"": set()}
    for w in {w.casefold() for w in _CAPITALISED_WORD.findall(text)}:
        counts[""].add(w)
        for size in (2, 3):
            for piece in {w[i:i + size] for i in range(len(w) - size + 1)}:
                counts[piece] = counts.get(piece, 0) + 1
            counts[w[:size + 1] + "^"] = counts.get(w[:size + 1] + "^", 0) + (len(w) > size)
    return frozenset(_LETTERS.findall(text)), counts


@lru_cache(maxsize=1)
def _stop_words() -> frozenset:
    """spaCy's English stop words."""
    from spacy.lang.en.stop_words import STOP_WORDS
    return frozenset(STOP_WORDS)


def is_citation(text: str, c: Candidate) -> bool:
    """Author names: "Wang et al.", "(Zhang, 2023)", "Smith and Jones 2020" (a year of this or the
    last century: "Deep Sea and Atari 2600" names two benchmarks); a citation key in square brackets
    ("introduced in [ZRKB21]", "[Nemirovski04, Nesterov07]")."""
    if rx(r"\s+(?:et\s+al|and\s+\p{Lu}\p{Ll}+\s+(?:et\s+al|\(?(?:19|20)\d{2}\b))").match(text[c.end:c.end + 20]):
        return True
    if rx(r",?\s*\(?(?:19|20)\d{2}[a-z]?\b").match(text[c.end:c.end + 10]) and c.source in (Source.SHAPE, Source.PROPOSAL, Source.NER):
        return True
    return bool(c.text[-2:-1].isdigit() and _CITATION_KEY.fullmatch(c.text)   # a key ends in a year's digits
                and _KEY_OPEN.search(text, max(0, c.start - 60), c.start)
                and _KEY_CLOSE.match(text, c.end, c.end + 60))


#: a citation key: an author's initials or name and a year's last two digits ("ZRKB21", "Sherman17",
#: "BakDJKKV22", "ZCP22a", "Nemirovski04")
_CITATION_KEY = rx(r"\p{Lu}[\p{L}+\-]*?\p{L}(?:19|20)?\d{2}[a-z]?")
#: a square bracket before a key, perhaps other keys between ("[BBT17, LFN18]", "[Huang et al. NeurIPS21;")
_KEY_OPEN = rx(r"\[(?:[^\[\]().]{0,50}[,;]\s*|[^\[\]()]{0,30}\bet\s+al\.?\s+)?$")
#: the bracket's end after a key, perhaps other keys between (a brace typed for a bracket: "LFN18}")
_KEY_CLOSE = rx(r"(?:\s*[,;][^\[\]()]{0,50})?[\]\}]")


#: a lower-case word and an opening parenthesis
_WORD_THEN_PAREN = rx(r"(?<![\p{L}\-])(\p{Ll}+)\s+\($")


#: the types whose head nouns name a system or data ("method", "model", "dataset", "benchmark")
_SYSTEM_OR_DATA = _SYSTEM_SET | DATA_TYPES


def _system_kind_before(text: str, start: int, end: int) -> bool:
    """Is the word before the parenthesis ending at `end` a kind of system or data (a head noun
    typing a method, a model, a dataset or a benchmark, resources/type_heads.tsv)? "the proposed
    NAS method (H-Meta-NAS)" names the method, "our benchmark (ZapBench)" the benchmark; "our
    model (trained on X)" names nothing."""
    w = _WORD_THEN_PAREN.search(text, start, end)
    return w is not None and head_type(w.group(1), _tables()[3]) in _SYSTEM_OR_DATA


def _system_kind_after(text: str, end: int) -> bool:
    """Is the word right after the parenthesis a short form ending at `end` closes a kind of
    system or data (resources/type_heads.tsv)? "The proposed consistent instance classification
    (ConIC) approach" names the approach, whatever the long form's last word is."""
    w = _PAREN_THEN_WORD.match(text, end)
    return w is not None and head_type(w.group(1), _tables()[3]) in _SYSTEM_OR_DATA


#: a closing parenthesis and the lower-case word after it
_PAREN_THEN_WORD = rx(r"\)\s+(\p{Ll}+)\b")


#: an opening quote before a name a proposal cue introduces, and what joins a quoted name to the
#: next one ("namely 'Hybrid-Quantization' and 'Non-Uniform Quantization'")
_OPEN_QUOTE = rx(r"\s*['\"‘“`]")
_QUOTED_NEXT = rx(r"['\"’”]\s*(?:,\s*and|,|and)\s+['\"‘“`]")


def _unquoted(text: str, run: Optional[tuple[int, int]]) -> Optional[tuple[int, int]]:
    """A quoted name's run without the closing quote a word may have taken ("Quantization'")."""
    if run is None:
        return None
    start, end = run
    while end > start and text[end - 1] in "'\"’”":
        end -= 1
    return (start, end) if end > start else None


#: up to three adjectives before a proposed name, perhaps joined ("a simple yet effective Sequence
#: Length Warmup method", "a simple, fast and effective ZapNet"), a capital right after them
_ADJECTIVE = r"""(?:novel|new|simple|general|unified|generic|efficient|fast|robust|lightweight|principled
                  |\p{Ll}+-[\p{Ll}\-]+                       # hyphenated: "plug-and-play", "data-driven"
                  |\p{Ll}+(?:ed|al|ive|ble|ic|ful))            # by its ending: effective, scalable
               """
_ADJECTIVES_BEFORE_NAME = rx(rf"""
    {_ADJECTIVE}
    (?:(?:\s*,\s*|\s+(?:(?:yet|and|but|or)\s+)?)           # a comma, a space, or "yet" / "and" / ...
       {_ADJECTIVE}){{0,2}}
    \s+(?=\p{{Lu}})                                          # then the name's capital
    """, regex.VERBOSE)


def _names_its_kind(text: str, run: tuple[int, int], det, head) -> bool:
    """Does a short capitalised word between a proposal cue's "the" and a head noun of a system
    name the thing proposed ("we propose the BOAT algorithm"), rather than modify it as a field's
    acronym does ("an iterative RL algorithm", "the AFA problem", "the CML objective" where the
    text defines AFA and CML)? After "the", before a method or model noun, not defined in the
    text by a parenthesised short form."""
    word = text[run[0]:run[1]]
    return (det is not None and det.group().casefold().startswith("the")
            and head_type(head.group(1), _tables()[3]) in _SYSTEM_SET
            and f"({word})" not in text)


def _proposals(text: str, cues, sents: Sentences, macros: frozenset | set = frozenset()) -> list[Candidate]:
    """The names proposal cues point at (resources/proposal_cues.tsv); `macros`: the spans of user
    macros' words (normalize.Normalized.marks, ``macro``: "\\method", a placeholder for the paper's name)."""
    out = []
    scanned = proposal_matches(text)
    for kind in SCANNED_KINDS:
        for m in scanned[kind]:
            pos = m.end()
            det = rx(r"(?:the|a|an)\s+", regex.IGNORECASE).match(text[pos:pos + 5])
            if det and kind != "our":
                pos += det.end()
                # "the framework of Multi-Objective Online Convex Optimization", "a simpler
                # variant of the algorithm, Full-Q-Learning": what the container holds
                held = rx(r"(?:\p{Ll}+\s+)?(\p{Ll}+)\s+of\s+(?=\p{Lu})").match(text, pos)
                if held and held.group(1) in _CONTAINERS:
                    pos = held.end()
                adj = _ADJECTIVES_BEFORE_NAME.match(text[pos:pos + 80])
                if adj:
                    pos += adj.end()
                # "we propose an algorithm Gradient Embedding Perturbation (GEP)": a head
                # noun of a kind of thing (resources/type_heads.tsv) set before the name
                noun = _KIND_NOUN.match(text, pos)
                if noun and " " not in noun.group(1) and head_type(noun.group(1), _tables()[3]):
                    pos = noun.end()
            run = name_run(text, pos)
            quoted = run is None and _OPEN_QUOTE.match(text, pos)
            if quoted:   # "dubbed “FooBar”", "namely 'Hybrid-Quantization' and 'Non-Uniform Quantization'"
                run = _unquoted(text, name_run(text, quoted.end()))
            lowercase = spelled = False
            if run is None and kind == "called":
                low = _LOWER_NAME.match(text[pos:pos + 80])
                if low:
                    run, lowercase = (pos + low.start(1), pos + low.end(1)), True
            if kind == "called" and (run is None or not _plausible_run(text, *run)):
                # "called coVariance neural network (VNN)", "referred to as a sparse
                # discriminative Gaussian mixture (SDGM)": the words up to the short form
                # (where no name starts at the cue, the short form's first two letters are the
                # first two words' initials: not "we call it here Adversarial Feature ... (AFD)";
                # and only the paper's "we" makes such a name new: `spelled`)
                at = run[0] if run else pos
                upto = rx(r"((?:[\p{L}][\p{L}\-]*\s+){1,5})\(([^()]{1,15})\)").match(text, at)
                if upto and (run or _initials_open(upto.group(1), upto.group(2))):
                    spelled = run is None
                    run = (at, at + len(upto.group(1).rstrip()))
            if run and kind == "called" and " " in text[run[0]:run[1]]:
                # "called Self Undermining knowledge distillation.": the lowercase words that end the name
                tail = rx(r"(?:\s+\p{Ll}[\p{Ll}\-]*){1,3}(?=\s*[,.;:(])").match(text, run[1])
                if tail and not any(w in _RUN_END for w in tail.group().split()):
                    run = (run[0], tail.end())
            before = text[sents.start(m.start()):m.start()]
            new = _NEW_CONTEXT.search(before) or (_NEW_CONTEXT.search(m.group()) and not lowercase) or (
                lowercase and _OWN_NAMING.match(m.group()) and _SHORT_FORM_AFTER.match(text, run[1]))
            # "We call such circuits reservoir-sampler networks (RSNs)": the paper's own naming
            # of a lower-case name that it then shortens is new
            use = max((u.end() for c in cues.get("used", []) for u in c.finditer(before)), default=None)
            if kind == "called" and new and use is not None and not _PROPOSAL_WORD.search(before, use):
                new = None  # "we employ a continuous Markov logic network named PSL" (but "we use
                # the kernel to derive a variant of GCN called S^2GC" is new)
            if spelled and not _OWN.search(text, sents.start(m.start()), m.end()):
                new = None  # "New sampling algorithms based on ... processes called
                # piece-wise deterministic Markov processes (PDMPs)": a name the field gave
            if kind == "called" and run and rx(r"\s*\([^()]*(?:19|20)\d\d[a-z]?\)").match(text, run[1]):
                new = None  # "a novel parameterization, coined μP (Yang and Hu, 2021)": cited
            if kind == "called" and (not new or rx(r"\bet\s+al\b|[\[(](?:19|20)\d\d[a-z]?[\])]").search(before)):
                # "a manifold learning technique called diffusion maps", "Seide et al. [2014]
                # proposed an error feedback mechanism, which we refer to as EF14", "we refer to
                # such systems as mixed systems": a name, but not new (the cue's own "we" makes a
                # capitalised name new: "We refer to the result as Learnt Policy Optimisation")
                t = _named_head_type(text, m.start()) if run and run[1] - run[0] >= 2 else None
                if run and run[1] - run[0] >= 2 and (t or not lowercase):
                    # a lower-case phrase is a name only where a kind of thing is said of it
                    # ("a manifold learning technique called diffusion maps"); not "learners (called
                    # clients)", "collectively called their phenotypes" (on the development
                    # annotations 1 of 15 such phrases without a kind was a system)
                    types: dict = {}
                    _vote(types, t, Weight.PATTERN)
                    out.append(Candidate(run[0], run[1], text[run[0]:run[1]], Source.CALLED, types))
                continue
            found = False
            # "a new fine-tuning method termed as SSF": the head noun before the naming word
            # types the new name as it types an old one; not a task noun, which mostly ends a
            # prepositional phrase ("a novel paradigm for Multiple Object Tracking called
            # Type-to-Track") or names the problem a new method solves ("a novel task, termed
            # as Deep Model Reassembly (DeRy)")
            named_type = _named_head_type(text, m.start()) if kind == "called" else None
            named_type = None if named_type == "TASK" else named_type
            head = rx(r"\s+(\p{Ll}[\p{L}\-]*)").match(text, run[1]) if run else None
            if head and kind != "called" and rx(r"\p{Lu}{2,4}").fullmatch(text[run[0]:run[1]]) \
                    and head_type(head.group(1), _tables()[3]) and not _names_its_kind(text, run, det, head):
                run = None  # "an iterative RL algorithm, REinforced ... (RED)": a field's acronym only modifies
            while run and run[1] - run[0] >= 2 and _plausible_run(text, *run):
                found = True
                new_names = _split_coordination(text, *run)
                for c in new_names:
                    _vote(c.types, named_type, Weight.HEAD_NOUN)  # a "measure" votes method and metric
                out += new_names
                # "We introduce Perceptual Separation (PS) and Perceptual Match (PM)"
                more = rx(r"\s*\([^()]{1,12}\)\s*(?:,\s*and|,|and)\s+").match(text[run[1]:run[1] + 30]) \
                    or (quoted and _QUOTED_NEXT.match(text[run[1]:run[1] + 12]))
                # "we call the resulting tests MMDAggInc, HSICAggInc and KSDAggInc": coined
                # names listed after a naming (not after "namely", which lists what is used:
                # "datasets, namely MedQA-USMLE, StrategyQA, and OpenbookQA")
                bare = None if more or kind != "called" or "namely" in m.group().casefold() \
                    or not _coined(text[run[0]:run[1]]) else rx(r"(?:,\s*and|,|\s+and)\s+").match(text, run[1])
                run = name_run(text, run[1] + more.end()) if more else None
                if bare:
                    nxt = name_run(text, bare.end())
                    run = nxt if nxt and _coined(text[nxt[0]:nxt[1]]) else None
                run = _unquoted(text, run) if quoted else run
            if not found and kind == "verb":
                out += _bare_name(text, m.end(), macros) if not det else []
                out += _named_in_phrase(text, m.end()) or _after_colon(text, m.end())
            elif not found and kind == "our":  # "our proposed model, ProteoGAN, ..."
                spelled = _spelled_short_form(text, m.end()) if _NEW_OR_PROPOSED.search(m.group()) else None
                out += [spelled] if spelled else [
                    c for c in _named_in_phrase(text, m.end(), max_words=3)
                    if text[c.start - 1] != "(" or _system_kind_before(text, m.end(), c.start)
                    or _system_kind_after(text, c.end)]
    out += _parts(text, cues.get("parts", []), sents)
    for cue in cues.get("passive", []):  # "a communication efficient mechanism (CEM) is designed to"
        for m in cue.finditer(text):
            if _coined(m.group("name")):
                out.append(Candidate(m.start("name"), m.end("name"), m.group("name"), Source.PROPOSAL, {},
                                     proposed=True))
    for cue in cues.get("after", []):
        for comma in rx(r",\s+(?:a|an)\s").finditer(text):
            m = rx(r"(?<![\p{L}\p{N}\-])([\p{L}\p{N}][\p{L}\p{N}\-]*)$").search(text, max(0, comma.start() - 60), comma.start())
            # or a short form in parentheses: "yields Langevin autoencoders (LAEs), a novel
            # Langevin-based framework": the short form is the name (its long form joins it as an
            # alias through the acronym)
            short = None if m else _SHORT_BEFORE_COMMA.search(text, max(0, comma.start() - 20), comma.start())
            if short:
                m = short
            if not m:
                continue
            if cue.match(text[m.end():m.end() + 120]):
                # a name right before ", a novel framework ...": after a preposition, the kind
                # noun types it ("on MCPMark, a new benchmark of 127 tasks")
                word = m.group(1)
                if word[:1].isupper() or any(c.isupper() for c in word[1:]):
                    s = m.start()
                    run_start = s
                    # extend left over a Title-case run ("Spectrum Suite, a ...", "Branch & Prune, a ...")
                    while True:
                        lm = rx(r"(\p{Lu}[\p{L}\p{N}\-]*)\s+(?:&\s+)?$").search(text[max(0, run_start - 40):run_start])
                        if not lm:
                            break
                        run_start = run_start - (len(text[max(0, run_start - 40):run_start]) - lm.start(1))
                    sent = text[max(0, run_start - 120, sents.start(run_start)):run_start]
                    if _USED_AFTER.search(text, max(0, run_start - 20), run_start) \
                            and not _NOVEL_APPOSITION.match(text, m.end(), m.end() + 80):
                        continue   # "we evaluate on ScanNet, a large indoor dataset", "inspired by
                        # Video Textures, a classic method": what is used, described (not "on
                        # MCPMark, a new benchmark": new)
                    if short and not (_NOVEL_APPOSITION.match(text, m.end(), m.end() + 80)
                                      or _PROPOSAL_VERB.search(text, sents.start(run_start), run_start)):
                        continue   # a short form's long form is often what is used: "compare ... to the
                        # Temporal Difference VAE (TD-VAE), a state-of-the-art method", "data obtained
                        # from transmission electron microscopy (TEM), an imaging technique"; it is
                        # new where the apposition or a proposal word before it says so ("we derive
                        # Delay-Correcting Actor-Critic (DCAC), an algorithm")
                    if rx(r"\b(?:we|our|this (?:paper|work))\b", regex.IGNORECASE).search(sent):
                        types: dict = {}
                        if _AFTER_PREPOSITION.search(text, max(0, run_start - 16), run_start):
                            # (elsewhere `context_types` reads the phrase for any candidate)
                            _vote(types, appositive_type(text, m.end()), Weight.HEAD_NOUN)
                        if short:
                            out.append(Candidate(m.start(1), m.end(1), word, Source.PROPOSAL, types, proposed=True))
                        else:
                            out.append(Candidate(run_start, m.end(), text[run_start:m.end()], Source.PROPOSAL, types,
                                                 proposed=True))
    return out


#: a parenthesised short form that ends right before a comma ("Langevin autoencoders (LAEs), a ...")
_SHORT_BEFORE_COMMA = rx(r"\(([\p{L}\p{N}][\p{L}\p{N}\-]{1,14})\)\s*$")

#: "a different approach, symmetry teleportation, that ...", "a new method---sparse Hamiltonian
#: flows---that", "Our method, confidence-aware ... imagination, generates": an article or "our",
#: up to three words, a kind noun; then a name of one to six words set off by commas or dashes
_APPOSITIVE = rx(r"""
    \b(?:[Aa]n?|[Oo]ur|[Tt]he\s+proposed)\s+    # "a", "an", "our", "the proposed"
    (?:[\p{L}\-]+\s+){0,3}?                     # up to three words before the kind noun
    (?P<kind>\p{Ll}+)                           # the kind noun: approach, method, paradigm ...
    \s*(?:,|-{2,3}|—|–)\s*                      # a comma or a dash
    (?:\\emph\{|\\textit\{|\*)?                # markup the normaliser keeps
    (?P<name>\p{L}[\p{L}\p{N}]*(?:-[\p{L}\p{N}]+)*           # the name: words, hyphens inside,
        (?:\s+[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*){0,5}?)         # one to six of them
    \}?\*?                                     # the markup's end
    (?:\s*\((?P<short>[^()]{1,20})\))?           # perhaps its short form: "Our method, Adversarial
                                                #   Batch Normalization (AdvBN), improves"
    \s*(?:,|-{2,3}|—|–)                         # the closing comma or dash
    """, regex.VERBOSE)
#: the function words a capitalised long form holds before its short form ("Adaptation with Noisy
#: OracLE (ANOLE)"): a name then, not a clause
_LONG_FORM_GLUE = frozenset({"with", "for", "in", "on", "from", "to", "by", "via", "through", "under", "over",
                             "across", "the", "a", "an", "and", "of"})


#: a first word that says the phrase is not the name: a naming word ("called X": the "called" cue
#: takes X) or a lower-case gerund ("combining GCNs and ...": a clause)
_NAMING_LEAD = rx(r"(?:called|named|dubbed|termed|coined|namely|i\.e\.|e\.g\.|\p{Ll}+ing)$", regex.IGNORECASE)


_WE_STUDY = rx(r"\bwe\s+study\b", regex.IGNORECASE)


def _long_form(words: list[str], short: Optional[str]) -> bool:
    """Are the words a capitalised long form before its short form: a parenthesis follows, every
    word but a few function words (`_LONG_FORM_GLUE`) starts with a capital, and so do the first
    and the last ("Adaptation with Noisy OracLE (ANOLE)")?"""
    return bool(short) and words[0][:1].isupper() and words[-1][:1].isupper() and all(
        w[:1].isupper() or w.casefold() in _LONG_FORM_GLUE for w in words)


def _appositive_names(text: str, sents: Sentences) -> list[Candidate]:
    """A name set off after a kind noun of a system (resources/type_heads.tsv: "approach", "method",
    "paradigm"), in a sentence that proposes (`_PROPOSAL_WORD` or "we study"), is the paper's own,
    lower case or not: "We study a different approach, symmetry teleportation, that ...", "Our
    method, Adversarial Batch Normalization (AdvBN), improves" (after "our", in any sentence). The name
    holds no function or clause word (`_RUN_END`) unless it is a capitalised long form before its short
    form (`_long_form`: "our method, Adaptation with Noisy OracLE (ANOLE),"), does not start with a
    naming word or a gerund (`_NAMING_LEAD`) and is not a bare article phrase. Matches may overlap: a
    phrase the checks refuse ("a proximal operator, and then derive a new algorithm,") does not hide
    the appositive inside it ("a new algorithm, proximal LOLA (POLA),")."""
    heads = _tables()[3]
    out = []
    for m in _APPOSITIVE.finditer(text, overlapped=True):
        if head_type(m.group("kind"), heads) not in ("METHOD", "MODEL"):
            continue
        words = m.group("name").split()
        if words[0].casefold() in ("and", "of") or words[-1].casefold() in ("and", "of") \
                or _NAMING_LEAD.match(words[0]) or any(w.casefold() in _NOT_IN_APPOSITIVE for w in words) \
                and not _long_form(words, m.group("short")):
            continue
        s, e = sents.at(m.start())
        if not (m.group().startswith(("Our", "our", "The proposed", "the proposed")) or _PROPOSAL_WORD.search(text, s, e)
                or _WE_STUDY.search(text, s, e)):
            continue   # "our method, X," is the paper's own; "a method, X," only in a proposal
        ns = m.start("name")
        out.append(Candidate(ns, m.end("name"), m.group("name"), Source.PROPOSAL,
                             {head_type(m.group("kind"), heads): Weight.PATTERN}, proposed=True))
    return out


#: where an item of an enumerated list starts: "(1)", "(ii)", "(a)", a comma or "and"
_ITEM_START = rx(r"""
    (?<![\p{L}\p{N}])\(?\s*(?:[ivx]{1,4}|\d|[a-e])\s*\)\s*     # "(1) ", "(ii) ", "(a) ", "1) "
    | ,\s*(?:and\s+)?                          # ", " or ", and "
    | \s+and\s+                                 # " and "
    """, regex.X)
#: a coined name (an inner capital or a digit) or "we / our / the proposed / novel / new" before a
#: parts cue: the whole is the paper's own ("FrameMaker is composed of ...", "our framework consists of")
_OWN_WHOLE = rx(r"(?i:\b(?:we|our|the\s+proposed|novel|new)\b)|\b\p{Lu}[\p{Ll}\p{N}\-]*[\p{Lu}\p{N}][\p{L}\p{N}\-]*")
#: what may follow an item's name: its short form, punctuation or a function word; a lowercase
#: noun after it makes the name a modifier ("a GNN encoder", "a Parallel WaveGAN based vocoder")
_ITEM_END = rx(r"\s*(?:[(),.;:]|$|(?:and|or|to|which|that|for|with|where|whose|in|on|by|as)\b)")
#: a one-word item is a coined name: an inner capital, a digit or a hyphen, four characters or more
#: ("E-Pool", "Transit-cells"), not a field's short acronym ("CNN", "NLP")
_COINED_ITEM = rx(r"(?=.{4})(?=.*\p{Ll})\p{L}[\p{L}\p{N}]*(?:[\p{Lu}\p{N}]|-\p{L})[\p{L}\p{N}\-]*")
#: an article or an adjective before an item's name ("a novel Frame Condensing", "an efficient ...")
_ITEM_LEAD = rx(r"(?:(?:the|a|an)\s+)?(?:(?:novel|new|simple|efficient|lightweight|learnable|\p{Ll}+-\p{Ll}+)\s+){0,2}")


def _parts(text: str, cues, sents: Sentences) -> list[Candidate]:
    """The named parts of the paper's own system are its proposals too: after a parts cue
    (resources/proposal_cues.tsv, kind `parts`: "consists of", "two key modules:", "composed of")
    in a sentence about the paper's own whole (`_OWN_WHOLE` before the cue), each list item that
    starts with a name ("two key modules: (1) Versatile Value Estimation (VVE) ..., and (2)
    Conditioned Variational Inference (CVI) ..."; "composed of two components: Frame Condensing
    and Instance-Specific Prompt")."""
    out, seen = [], set()
    for cue in cues:
        for m in cue.finditer(text):
            s, e = sents.at(m.start())
            if not _OWN_WHOLE.search(text, s, m.start()):
                continue
            starts = [m.end()] + [i.end() for i in _ITEM_START.finditer(text, m.end(), e)]
            for pos in starts:
                if text.count("(", m.end(), pos) > text.count(")", m.end(), pos):
                    continue  # inside a parenthesis: "50 datasets (Tabular, Image, NLP)"
                pos = _ITEM_LEAD.match(text, pos).end()
                run = name_run(text, pos)
                if run is None or run[1] > e or not _plausible_run(text, *run):
                    continue
                # "Frame Condensing and Instance-Specific Prompt": the first item ends at "and"
                and_ = rx(r"\s+and\s+").search(text, *run)
                end = and_.start() if and_ else run[1]
                name = text[run[0]:end]
                if (run[0], end) in seen or not _ITEM_END.match(text, end) \
                        or " " not in name and not _COINED_ITEM.fullmatch(name):
                    continue
                seen.add((run[0], end))
                out.append(Candidate(run[0], end, text[run[0]:end], Source.PROPOSAL, {}, proposed=True))
    return out


#: the paper naming a thing itself ("we call", "we name", "we term", "we dub")
_OWN_NAMING = rx(r"we\s+(?:call|name|term|dub)\b", regex.IGNORECASE)
#: a parenthesised short form right after a name
_SHORT_FORM_AFTER = rx(r"\s*\([^()\s]{2,15}\)")
#: words that make a naming ("called X") the paper's own
_NEW_CONTEXT = rx(r"\b(?:we|our|novel|new|propose[sd]?|introduce[sd]?|present(?:s|ed)?|this\s+(?:paper|work)|"
                  r"the\s+resulting)\b", regex.IGNORECASE)
_CONTAINERS = resources.word_list("proposal_container")
#: a lowercase noun, then white space and a capital: a kind of thing put before its name
_KIND_NOUN = rx(r"(\p{Ll}[\p{Ll}\-]*)\s+(?=\p{Lu})")
_PROPOSAL_STEMS = r"propos|introduc|present|develop|design|deriv|devis|build|creat|construct|formulat"
_PROPOSAL_WORD = rx(rf"\b(?:novel|new|our|(?:{_PROPOSAL_STEMS})\w*)\b", regex.IGNORECASE)
#: ... of them the verbs alone ("we derive X": not "our", which owns what it may only use)
_PROPOSAL_VERB = rx(rf"\b(?:{_PROPOSAL_STEMS})\w*\b", regex.IGNORECASE)
#: where the noun phrase after a proposal cue ends: sentence punctuation or a clause word
_CLAUSE_WORDS = (r"that|which|who|whose|where|while|to|by|using|via|because|"
                 r"since|so|but|whereas|is|are|can|could|will|would|achieves?|outperforms?|allows?|"
                 r"enables?|consists?|based(?=\s+(?:on|upon)\b)")  # "meta-learning based SSL algorithm" reads on
_PHRASE_END = rx(rf"[.;:!?](?:\s|$)|,\s+we\b|(?:^|\s)(?:{_CLAUSE_WORDS})\b")
#: words that end the head of a noun phrase ("(SLAM) for solving ...")
_PHRASE_WORDS = r"(?:for|of|to|towards?|with|in|on|at|from|that|which|where|and|or|as|by|via|using|is|are)"
#: one name-like token, hyphens allowed ("MTG-Net", "LASNet"); `_coined` says whether it is coined
_NAME_TOKEN = r"(?:[\p{L}\p{N}][\p{L}\p{N}+]*(?:-[\p{L}\p{N}+]+)*)"


#: words that start a clause or a description, not a name ("we propose that", "we propose two")
_NOT_A_BARE_NAME = (r"that|how|what|why|whether|to|two|three|several|multiple|many|some|various|both|"
                    r"each|this|these|those|such|its|their|our|new|novel|yet|another|one|more")
_BARE = rx(rf"(?!(?:{_NOT_A_BARE_NAME})\b)"
           r"((?:\p{Ll}[\p{Ll}\-]*\s+){0,4}\p{Ll}[\p{Ll}\-]*)"  # at most five lowercase words
           r"(?=,\s+(?:a|an|which)\s)")                        # then ", a" / ", which"


def _bare_name(text: str, pos: int, macros: frozenset | set = frozenset()) -> list[Candidate]:
    """A lowercase name right after a proposal verb, without an article, and set off by an
    appositive: "we propose fair mixup, a new data augmentation strategy", "we propose
    procedure cloning, which applies ..."."""
    m = _BARE.match(text, pos)
    if not m:
        return []
    words = m.group(1).lower().split()
    if words[0] in resources.word_list("evaluative") or "and" in words or "or" in words:
        return []  # "we propose adequate training and inference procedures, which ...": a description
    if len(words) == 1 and head_type(words[0], _tables()[3]) and m.span(1) not in macros:
        return []  # "The resulting models, which we name LongLLaMA": a kind of thing, not its name
        # (unless a user macro writes it: "we propose \method, a new ...", the paper's name)
    return [Candidate(m.start(1), m.end(1), m.group(1), Source.PROPOSAL, {}, proposed=True)]


_STOP_PUNCT = rx(r"[.;:!?]")
_AFTER_COLON = rx(r"\s+[_*]*")


def _after_colon(text: str, pos: int) -> list[Candidate]:
    """The name a proposal phrase ends on after a colon: "We develop an instance of this
    solution for agents: Causal Self-Talk.", "we propose a new method: Disentanglement and
    Exploration Autoencoder (DEAE)" (the colon within twelve words of the cue, the name ending
    the sentence or followed by its short form)."""
    stop = _STOP_PUNCT.search(text, pos, pos + 121)
    if not stop or stop.group() != ":" or stop.start() == pos or len(text[pos:stop.start()].split()) > 12:
        return []
    m = _AFTER_COLON.match(text, stop.end())  # markdown emphasis aside: "_Calibrated Stackelberg Games_"
    if not m:
        return []
    run = name_run(text, m.end())
    end = rx(r"[_*]*\s*(?:[.;]|(\([^()]{1,15}\))|$)").match(text, run[1]) if run else None
    if not end or " " not in text[run[0]:run[1]] or " and " in text[run[0]:run[1]] and not end.group(1):
        return []  # one name, not a list ("on two tasks: CIFAR-10 and ImageNet")
    return [Candidate(run[0], run[1], text[run[0]:run[1]], Source.PROPOSAL, {}, proposed=True)]


#: a name in parentheses ("(LASNet)", "(coined as TCD)", "(FocalNets in short)", quoted or not: "a
#: model ('GlassSemNet')") or set off by a comma or dash after a lower-case word ("our proposed
#: model, ProteoGAN,"; not after a name: "improves RoBERTa-large, T5-base, ..." is a list)
_PHRASE_NAME = rx(r"\(\s*(?:(?:coined|denoted|referred\s+to)\s+as\s+|dubbed\s+|termed\s+|called\s+|named\s+)?"
                  r"['‘`\"“]{0,2}(" + _NAME_TOKEN + r")['’\"”]{0,2}(?:\s+(?:in|for)\s+short)?\s*\)"
                  r"|(?<=(?<![\p{L}\p{N}\-])\p{Ll}+(?:-\p{Ll}+)*)(?:,|\s+-{1,2}|\s*—)\s*(" + _NAME_TOKEN
                  + r")(?=\s*(?:[,(;:.—]|-{1,2}|$))")


#: a token shaped like a coined name (a capital after its first character, or a digit)
_TOKEN = rx(r"(?<![\p{L}\p{N}\-])(?=[\p{L}\p{N}+\-]*?(?:[\p{L}\p{N}+\-]\p{Lu}|\p{N}))" + _NAME_TOKEN)


def _coined(name: str) -> bool:
    """A coined name has a capital after its first character or a digit: LASNet, MTG-Net, FLO;
    and a letter ("our model scores 90.1 EM": 90 is a number, not a name)."""
    return len(name) >= 2 and any(ch.isalpha() for ch in name) \
        and (any(ch.isupper() for ch in name[1:]) or any(ch.isdigit() for ch in name))


#: a proposal cue's word that makes what follows the paper's own ("the proposed", "our novel"; not a bare
#: "our": "Our mean opinion scores (MOS) show")
_NEW_OR_PROPOSED = rx(r"(?i)\b(?:proposed|novel|new)\b")
#: one to six lower-case words (hyphens inside), then a name in parentheses
_LOWER_WORDS_THEN_PAREN = rx(r"((?:\p{Ll}[\p{Ll}\-]*\s+){1,6})\((" + _NAME_TOKEN + r")\)")


def _spelled_short_form(text: str, start: int) -> Optional[Candidate]:
    """The coined short form in parentheses right after the lower-case words from `start` (the
    end of a proposal cue that says new: "the proposed", "our novel"), when those words spell its first
    letters: "The proposed label informativeness (LI)", "Our proposed spatio-temporal graph
    scattering transform (ST-GST)". Those words are the long form of what is proposed, whatever
    kind of thing it is; not "the proposed method significantly improves proximal policy
    optimization (PPO)", where the words do not spell it."""
    m = _LOWER_WORDS_THEN_PAREN.match(text, start)
    if m is None or not _coined(m.group(2)) or not _initials_open(m.group(1), m.group(2)):
        return None
    stop = resources.word_list("acronym_stop")   # words a long form may hold without giving a letter
    if sum(w not in stop for w in m.group(1).split()) > sum(ch.isalnum() for ch in m.group(2)):
        return None  # more words than letters: a clause ("The proposed adversarial architecture
        #              augments adversarial autoencoder (AAE)")
    return Candidate(m.start(2), m.end(2), m.group(2), Source.PROPOSAL, {}, proposed=True)


def _named_in_phrase(text: str, pos: int, max_words: int = 12) -> list[Candidate]:
    """The name a proposal phrase gives to what it describes, when the phrase does not start
    with the name: "we propose a latency-aware spatial-wise dynamic network (LASNet)", "we
    develop a neural meta learner, MTG-Net, to ...", "our proposed model, ProteoGAN, ...".
    Only within the noun phrase right after the cue (at most `max_words` words before the name,
    up to a clause word). A parenthesised short form followed by more than one word names a part
    ("a high dynamic range (HDR) neural illumination model"), not what is proposed."""
    window = text[pos:pos + 200]
    stop = _PHRASE_END.search(window)
    phrase = window[:stop.start() if stop else len(window)]
    m = next((c for c in _PHRASE_NAME.finditer(phrase) if _coined(c.group(1) or c.group(2))), None)
    if not m:  # a coined name right after the kind of thing it is: "a variable selection method MCTS-VS"
        for c in _TOKEN.finditer(phrase):
            if _coined(c.group()):
                kind = rx(r"(?<![\p{L}\-])(\p{Ll}+)\s+$").search(phrase, 0, c.start())
                t = head_type(kind.group(1), _tables()[3]) if kind else None
                if t and len(phrase[:c.start()].split()) <= max_words \
                        and not rx(r"[()\[\]]").search(phrase[:c.start()]) and rx(r"\s|[,.;:(]|$").match(phrase, c.end()):
                    # the kind noun types the name as a head noun after it would ("our method SST":
                    # a method, whatever the lexicon knows SST as); not a task noun (see "called")
                    types: dict = {}
                    _vote(types, t if t != "TASK" else None, Weight.HEAD_NOUN)  # "our new measure X": method and metric
                    return [Candidate(pos + c.start(), pos + c.end(), c.group(), Source.PROPOSAL, types, proposed=True)]
    if not m or len(phrase[:m.start()].split()) > max_words or rx(r"[()\[\]]").search(phrase[:m.start()]):
        return []
    before = phrase[:m.start()]
    prep = rx(r"\b(?:for|of|in|on|with|from|towards?)\s+(\S+)").search(before)
    last = rx(r"(\p{L}+)\s*$").search(before)
    if m.group(1) and rx(r"\b(?:including|such\s+as|e\.g\.)").search(before) or m.group(1) and prep and (
            rx(r"\p{Ll}+ing|the|these|those|existing").fullmatch(prep.group(1))
            or rx(r"\p{Lu}[\p{Lu}\p{N}\-]*s").fullmatch(m.group(1) or m.group(2) or "")
            or prep.group().startswith("for") and last and head_type(last.group(1).lower(), _tables()[3]) == "TASK"):
        # the name of a complement: "a framework for achieving differential privacy (DP)", "a
        # predictive layer for structured-output prediction (SOP)" (a task's head before it), "a
        # method for partial identification of average treatment effects (ATEs)" (a plural names
        # a kind of thing), "architectures including transformers and graph neural networks
        # (GNNs)"; the proposed name may follow ("a modification of the Snapshot Ensembles (SSE)
        # for transfer learning, StarSSE, which ...")
        rest = max_words - len(before.split())
        return _named_in_phrase(text, pos + m.end(), rest) if m.group(1) and rest > 0 else []
    if m.group(1):
        modifies = rx(r"\s*(?:\p{L}+,?\s+)?-?(?:based|called|named|termed|dubbed)\b").match(window[m.end():])
        # the head after the short form ends at a phrase word, a participle that starts a
        # reduced clause or an adverb before a verb: "(MOBO) algorithm leveraging ...", "(X)
        # module designed to ...", "(ConIC) approach simultaneously optimizes ..."
        head = rx(r"\s*((?:(?!" + _PHRASE_WORDS + r"\b|\p{Ll}+(?:ing|ed|ly)\b)[\p{L}\-]+\s*)*)").match(phrase, m.end())
        if len(head.group(1).split()) > 1 or modifies:  # "(RL) based ...", "(Seq2Seq) framework called X"
            return []
    name = m.group(1) or m.group(2)
    start = pos + m.start(1 if m.group(1) else 2)
    out = [Candidate(start, start + len(name), name, Source.PROPOSAL, {}, proposed=True)]
    if m.group(1):
        out += _coordinated_short_form(text, pos + head.end())   # after the short form's head noun, if any
    return out


#: function words and verbs that end a name run
_RUN_END_WORDS = (r"that|which|who|to|for|with|as|in|on|by|from|of|and|or|is|are|"
                  r"was|were|can|could|will|would|may|might|has|have|had|achieves?|outperforms?|"
                  r"consists?|uses?|learns?|leverages?|enables?|allows?|provides?|based|via|"
                  r"through|where|while|whose|under|over|across")
_RUN_END = frozenset(_RUN_END_WORDS.split("|"))
#: words an appositive name never holds: clause and function words ("and", "of" only inside), articles,
#: pronouns, and the adverbs and conjunctions of an aside ("the proposed method, though simple, reaches")
_NOT_IN_APPOSITIVE = (_RUN_END - {"and", "of"}) | {"the", "a", "an", "we", "our", "it", "this", "though",
                                                  "although", "albeit", "despite", "however", "thus",
                                                  "therefore", "hence", "when", "if", "once", "unlike"}
#: a lowercase name after "called": up to five words, none a function word, then punctuation or one
_LOWER_NAME = rx(rf"\s*((?:(?!(?:{_RUN_END_WORDS})\b)\p{{Ll}}[\p{{Ll}}\-]*\s+){{0,4}}(?!(?:{_RUN_END_WORDS})\b)\p{{Ll}}[\p{{Ll}}\-]*)"
                 r"(?=\s*(?:[,.;:()]|$|\s(?:which|that|to|for|with|as|and|in|on)\b))")
_FUNCTION_AFTER = rx(rf"\s*(?:[,.;:()\[\]—]|-{{1,2}}\s|$|(?:{_RUN_END_WORDS})\b)")


#: after a proposed name's short form (and its head noun): "and", maybe an article, then a second
#: name of at most six words none of which is a function word, then its own short form: "we
#: propose query-based down-sampling (QD) and query-based up-sampling (QU)", "an information
#: rectification module (IRM) and a distribution guided distillation (DGD) scheme"
_COORDINATED_SHORT = rx(r"""
    \s*and\s+                                        # "and" (", and" may join a clause: "(GFB), and
                                                      # stochastic depth (SD) regularises ...")
    (?:(?:a|an)\s+)?                                  # maybe an article
    ((?:(?!(?:""" + _RUN_END_WORDS + r"""|the|these|its|their|we|it)\b)
        [\p{L}\p{N}][\p{L}\p{N}\-]*\s+){0,5}          # up to five words of the name, none a function word,
     (?!(?:""" + _RUN_END_WORDS + r"""|the|these|its|their|we|it)\b)
        [\p{L}\p{N}][\p{L}\p{N}\-]*)                  # ... and its last word
    \s*\(\s*(""" + _NAME_TOKEN + r""")\s*\)            # then its own short form
    """, regex.VERBOSE)


def _coordinated_short_form(text: str, pos: int) -> list[Candidate]:
    """The short form of a second name coordinated with a proposed one (`_COORDINATED_SHORT`), when
    it is coined and its long form spells it (the acronyms component's alignment): proposed too."""
    m = _COORDINATED_SHORT.match(text, pos)
    if not m or not _coined(m.group(2)):
        return []
    words = words_in(text, m.start(1), m.end(1))
    if best_long_form(m.group(2), words) is None:
        return []   # "(QD) and image classification (ResNet)": no acronym of the words before it
    return [Candidate(m.start(2), m.end(2), m.group(2), Source.PROPOSAL, {}, proposed=True)]


_LETTER = rx(r"\p{L}")


#: the paper's own voice: "we", "our", "this paper"
_OWN = rx(r"\b(?:we|our|this\s+(?:paper|work|study|article))\b", regex.IGNORECASE)


def _initials_open(words: str, short: str) -> bool:
    """Do a short form's first two letters start the first two words ("sparse discriminative
    Gaussian mixture" and "SDGM"), case aside?"""
    initials = [w[0].casefold() for w in words.split()[:2]]
    letters = [c.casefold() for c in short if c.isalpha()][:len(initials)]
    return initials == letters


def _plausible_run(text: str, s: int, e: int) -> bool:
    """A proposed name is a whole name: a single capitalised word followed by more lowercase
    words ("Wasserstein graph diffusion") is the start of a phrase, not the name."""
    run = text[s:e]
    if not _LETTER.search(run):
        return False  # "We create 26,878 questions": a number, not a name
    if MODIFIER_SUFFIX.search(run) \
            or " " not in run and rx(r"\s+based\b").match(text, e):
        return False  # a modifier: "a RL-tailored ... scheme", "a novel Value-at-Risk based algorithm"
    single_plain = " " not in run and sum(ch.isupper() for ch in run) <= 1 and not any(ch.isdigit() for ch in run)
    return not single_plain or bool(_FUNCTION_AFTER.match(text[e:e + 20]))


def _named_head_type(text: str, cue_start: int) -> str | None:
    """The type the head noun right before a naming word gives the name after it ("a fine-tuning
    method termed as SSF", "a large-scale dataset called X"; resources/type_heads.tsv), or None."""
    head = rx(r"([\p{L}\-]+)\s*,?\s*$").search(text, max(0, cue_start - 30), cue_start)
    return head_type(head.group(1), _tables()[3]) if head else None


def _split_coordination(text: str, s: int, e: int) -> list[Candidate]:
    """"Exponential-Wrapped Laplace and Gaussian mechanisms" names two things: "... Laplace
    mechanism" and "... Gaussian mechanism"; so do two coined variants ("DiffuseVAE-A and
    DiffuseVAE-B"), a name and its hyphenated variant ("Polyhistor and Polyhistor-Lite"), two names
    sharing their first or last word ("Build-a-Graph Prompting and Algorithmic Prompting") and two
    names of at least two capitalised words each ("Informative Context Enhancement and Gated Query
    Transformation"). Anything else is one proposed name ("Cluster and Aggregate", "Fast and
    Forgetful Memory")."""
    run = text[s:e]
    m = rx(r"((?:\S+\s+)+?)(\S+)\s+and\s+(\S+)").fullmatch(run)
    noun = rx(r"\s+(\p{Ll}+s)\b").match(text[e:e + 30])
    if m and noun and len(m.group(1).split()) >= 1:
        head = noun.group(1)[:-1]
        prefix = m.group(1)
        a_end = s + m.end(2)
        b_start = s + m.start(3)
        return [Candidate(s, a_end, f"{prefix}{m.group(2)} {head}", Source.PROPOSAL, {}, proposed=True),
                Candidate(b_start, e, f"{prefix}{m.group(3)} {head}", Source.PROPOSAL, {}, proposed=True)]
    pair = rx(r"(.+?)\s+and\s+(.+)").fullmatch(run)
    if pair:  # two variants: "DiffuseVAE-A and DiffuseVAE-B", "Sheaf Hypergraph Neural Networks and Sheaf ..."
        left, right = pair.group(1).split(), pair.group(2).split()
        if len(left) == len(right) == 1 and _coined(left[0]) and _coined(right[0]) \
                or len(left) == 1 and right[0].startswith(left[0] + "-") \
                or len(left) > 1 and len(right) > 1 and (
                    left[0] == right[0] or left[-1] == right[-1]
                    or all(w[:1].isupper() for w in left + right)):
            return [Candidate(s + pair.start(i), s + pair.end(i), pair.group(i), Source.PROPOSAL, {}, proposed=True)
                    for i in (1, 2)]
    return [Candidate(s, e, run, Source.PROPOSAL, {}, proposed=True)]


#: a field too broad to be a task, and what it is applied to: "deep learning for two-way partial
#: AUC maximization" names the task after "for" (docs/ANNOTATION.md: "machine learning" and "deep
#: learning" are not tasks)
_BROAD_FIELD_FOR = rx(r"^(?:(?:deep|machine|statistical)\s+learning|AI|artificial\s+intelligence)\s+(?:for|in|on)\s+",
                      regex.IGNORECASE)


def _task_phrase(phrase: str, member: bool = False) -> str | None:
    """The task name a phrase spells, or None; `member`: the phrase is a member of a list of tasks
    (`_TASK_LIST`), where a lone gerund is a task too ("planning", "reranking")."""
    phrase = _PREP_CUT.sub("", _DASH_CUT.sub("", phrase.strip()))
    phrase = rx(r"^(?:(?:and|or|the|a|an|our|their|its)\s+)+", regex.IGNORECASE).sub("", phrase)
    phrase = _BROAD_FIELD_FOR.sub("", phrase)
    words = phrase.split()
    if not words or len(words) > 8 or words[0].lower() in _TASK_STOP:
        return None
    if any(w.lower() in ("a", "an", "the", "this", "these", "our", "its") for w in words[1:]):
        return None  # a clause, not a name of a task
    if words[0].lower() in _PREPOSITIONS:
        return None  # "from AI-aided drug discovery": the phrase a preposition governs, cut wrong
    core = rx(r"\s+(?:in|of|for|on)\s+").split(phrase)[0].split()
    if len(core) < len(words) and _WHERE_TAIL.search(phrase):
        phrase, words = " ".join(core), core   # "link prediction on benchmark datasets": where, not what
    nominal = bool(core) and _NOMINAL.search(core[-1].lower()) \
        and core[-1].lower() not in resources.word_list("not_task_heads")   # "superior performance"
    if not core or not (nominal or core[-1].lower() in resources.word_list("task_heads")):
        return None
    if len(core) == 1 and len(words) == 1 and not member and (not nominal or core[0].lower().endswith("ing")
                                                              and len(core[0]) < 9):
        return None  # a lone gerund ("showing", "learning") or head ("control", "games") is no task name
    if any(w.lower() in _TASK_STOP for w in core):
        return None
    return phrase


#: a name with a capital inside it, as datasets and benchmarks are written (MuJoCo, ActivityNet)
_INNER_CAPITAL = rx(r"\p{Lu}\p{Ll}+\p{Lu}")
#: a kind of method and what it is for: "Thompson sampling algorithms for exponential family bandits",
#: "the additive MaxMod algorithm for sequential dimension reduction" (lower case, up to a stop)
_FOR_TASK = rx(r"""
    \b(?:algorithms?|methods?|approach(?:es)?|frameworks?|estimators?|techniques?|tools?)
    [ ]for[ ]
    ((?:[\p{Ll}\p{N}][\p{L}\p{N}\-+]*[ ]?){2,6}?)        # two to six words, each lower-case or digit-led
    (?=[.,;:(]|[ ](?:is|are|has|have|that|which|where|with|by|using|to|and[ ]\p{Ll}+s\b))
    """, regex.VERBOSE)
#: a plural kind of task, then what introduces its members: "tasks such as classification, object
#: detection", "4 image restoration tasks, including image deraining, deblurring, dehazing, and
#: desnowing", "three tasks: compression, reconstruction and view synthesis", "tasks (regression
#: and classification)"; applications and scenarios list tasks as often ("three applications: binary
#: density estimation, ...", "downstream scenarios including lip reading, deepfake detection": on
#: the development annotations about as many of their members are tasks as of "problems")
_TASK_LIST = rx(r"""
    \b(?:tasks|problems|applications|scenarios)                         # the kind of the members
    (?:\s*:\s+|\s*\(\s*                                                # a colon or a parenthesis,
       |,?\s+(?:such\s+as|including|like|namely|e\.g\.,?|i\.e\.,?)\s+   # a word that gives examples,
       |,\s*(?:covering|spanning)\s+)                                    # or a verb that lists them
    ([^.;:()]{3,200})                                                   # the list, up to a stop or a parenthesis
    """, regex.VERBOSE)
#: a plural kind of measure, then what introduces its members: "three metrics: transferability,
#: plausibility, and alignment with natural images", "performance measures such as AUC, multi-class
#: AUC, F-measure", "evaluation criteria accordingly, including extensibility, adaptability",
#: "measures (e.g., demographic parity, equality of opportunity)"
#: the plural kinds of measure that introduce a list of them
_MEASURE_KINDS = ("metrics", "measures", "criteria")
_MEASURE_LIST = rx(r"""
    \b(?:""" + "|".join(_MEASURE_KINDS) + r""")                                 # the kind of the members
    (?:\s*[:;]\s+                                                       # a colon or a semicolon,
       |\s*\(\s*(?:e\.g\.,?|i\.e\.,?|such\s+as)?\s*                       # a parenthesis,
       |(?:,?\s+accordingly)?,?\s+(?:such\s+as|including|like|namely|e\.g\.,?|i\.e\.,?)\s+)  # a word that gives examples
    ([^.;:()]{2,200})                                                   # the list, up to a stop or a parenthesis
    """, regex.VERBOSE)
#: a plural kind of data, then what introduces its members: "four real-world datasets (pLogP,
#: Diamond, House, Elevators)", "three ObjectNav datasets (Gibson, HM3D, and MP3D)", "unseen
#: environments (NetHack, ALFWorld, RTFM, Messenger, and Touchdown)", "two complex environments,
#: 2D-Minecraft and Eden"; the kind's head noun types the members (resources/type_heads.tsv).
#: Not games: "games like Quake 3 and Dota 2" are where a field has succeeded, seldom what a paper uses
_DATA_KINDS = ("datasets", "data sets", "corpora", "benchmarks", "environments", "suites", "simulators", "testbeds")
_DATA_LIST = rx(r"""
    \b(?P<kind>""" + "|".join(k.replace(" ", "[ ]") for k in _DATA_KINDS) + r""")   # the kind of the members
    (?:\s*:\s+                                                       # a colon,
       |\s*\(\s*(?:e\.g\.,?|i\.e\.,?|such\s+as|including)?\s*       # a parenthesis,
       |,?\s+(?:such\s+as|including|like|namely|e\.g\.,?|i\.e\.,?)\s+  # a word that gives examples,
       |,\s+(?=\S+(?:\s\S+){0,3}?(?:,|\s+and\s)))                      # or an apposition of several
    (?P<list>[^.;:()]{2,200})                                         # the list, up to a stop or a parenthesis
    """, regex.VERBOSE)
#: a list member written as a name: a capital or digit first, or a capital inside its first word ("pLogP")
_NAME_MEMBER = rx(r"^(?:[\p{Lu}\p{N}]|\p{Ll}+\p{Lu})")
#: a lower-case word of three or more letters: in a list of data, a member that holds one is a phrase
_COMMON_WORD = rx(r"\p{Ll}{3,}")
#: the words after a data list's last member in an apposition: "2D-Minecraft and Eden, show"
_DATA_LIST_END = rx(r"\s+\p{Ll}.*$")
#: two letters in a row: a word, not a symbol
_WORDLIKE = rx(r"\p{L}{2}")
#: a word that makes a list member a clause or the list's end ("..., to name a few", "and others")
_MEMBER_STOP = frozenset({"is", "are", "was", "were", "be", "we", "our", "which", "that", "to", "others", "etc",
                          "more", "so", "on"})
#: what parts the members of a list: a comma (with "and"/"or"), "and"/"or", or an ampersand
#: ("vision datasets (ImageNet & CIFAR-10/100)") before anything but a bare version, which only
#: continues the member before it ("Something-Something-V1 & V2" stays one member)
_LIST_PART = rx(r",\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s+&\s+(?![Vv]\d+(?:\.\d+)?\b)")
#: the topic a sentence opens with, before a verb that says what it is or does: "Model quantization
#: is to discretize ...", "Controllable semantic image editing enables ...", "Long-tail learning has
#: received ...", "Sentence scoring aims at ..." (matched at a sentence's start only)
_OPENING_TOPIC = rx(r"""
    (\p{Lu}[\p{L}\p{N}\-’']*                       # a capitalised first word (no article: _task_phrase
                                                    # would strip it, and "The X is" opens a claim about X)
     (?:[ ][\p{Ll}\p{N}][\p{L}\p{N}\-’']*){1,6}?)  # one to six more words, each lower-case or digit-led
    [ ]+(?:is|are|has|have|aims?|enables?|allows?|remains?|can|produces?
          |necessitates?|refers?|seeks?|involves?|requires?)\b   # the verb that makes it the topic (not
                                                                # "plays a role": "Hand motion plays ...")
    """, regex.VERBOSE)
#: words that join two phrases into one opening: two topics or a topic and its setting
_OPENING_JOINS = rx(r"[ ](?:and|or|of|for|in|on|over|with|to|under|via|by)[ ]")
#: a first word that makes the opening a clause, not a topic: a subordinator ("Since communication
#: is", "When ..."), or a word that opens a report ("Experiments demonstrate", "Numerical validation")
_OPENING_STOP = frozenset({"since", "when", "whilst", "while", "although", "though", "because", "if", "whereas",
                           "experiments", "results", "examining", "numerical"})


def _proposed_kind(text: str, kind_start: int) -> bool:
    """Does a proposal cue (resources/proposal_cues.tsv, `verb`) end at most 60 characters before a
    plural kind of measure or data that is its object (`_KIND_OBJECT`: "we enable quantitative
    evaluation by introducing 3 metrics: A, B", "we present three new evaluation criteria,
    including A, B", "we release two datasets (A and B)"; not "we propose FooNet and evaluate it
    on three datasets (A, B)")? The list's members are then the paper's own."""
    lo = max(0, kind_start - 60)
    for cue in _tables()[2].get("verb", []):
        for m in cue.finditer(text, max(0, kind_start - 200), kind_start):
            if m.end() >= lo and _KIND_OBJECT.fullmatch(text, m.end(), kind_start):
                return True
    return False


#: a plural kind of data right after the last member of a list written before it: "on the KITTI,
#: Ford multi-AV, VIGOR, and Oxford RobotCar datasets", "across the Atari and DMLab benchmarks"
_KIND_AFTER = rx(r"\s(?P<kind>" + "|".join(k.replace(" ", "[ ]") for k in _DATA_KINDS) + r")\b")
#: the prepositions a list of data follows ("on the KITTI and VIGOR datasets", "across KITTI and
#: Waymo", "including Deep Sea and Atari 2600 environments"): `_LIST_OPENER`, `known_data_lists`
_LIST_PREPOSITIONS = r"on|in|across|over|from|using|with|including|like|such[ ]as"
#: the preposition (and article) a list of data before its kind follows ("on the", "across")
_LIST_OPENER = rx(rf"\b(?:{_LIST_PREPOSITIONS})\s+(?:the\s+)?(?=\S)", regex.IGNORECASE)
#: lower-case words that describe the data between a list's last member and its kind ("on
#: UrbanSound8k and ESC-50 environmental sound datasets"): one or two, no function word
_KIND_DESCRIPTION = rx(r"(?:\s+\p{Ll}[\p{Ll}\-]*){1,2}$")
#: what no list member before its kind holds: a sentence stop, a colon, a bracket
_LIST_BREAK = rx(r"[.;:()\[\]]")


def _data_lists_before(text: str) -> list[tuple[int, str, list[tuple[int, str]]]]:
    """Lists of data written before their plural kind, after a preposition: "on the KITTI, Ford
    multi-AV, VIGOR, and Oxford RobotCar datasets" -> (start, "datasets", [(offset, "KITTI"),
    ...]), "including Deep Sea and Atari 2600 environments". Two members or more, coordinated by
    "and" or "or", each written as a name of up to four words (the tests of `_DATA_LIST`'s
    members); a list with any other member is none ("on the ImageNet and our own datasets"). One
    or two lower-case words may describe the data before the kind ("ESC-50 environmental sound
    datasets")."""
    out = []
    for k in _KIND_AFTER.finditer(text):
        lo = max(0, k.start() - 160)
        stop = None
        for stop in _LIST_BREAK.finditer(text, lo, k.start()):
            pass
        if stop is not None:
            lo = stop.end()
        opener = None
        for opener in _LIST_OPENER.finditer(text, lo, k.start()):
            pass
        if opener is None:
            continue
        end = k.start()
        described = _KIND_DESCRIPTION.search(text, opener.end(), end)
        if described and not any(w in _stop_words() for w in described.group().split()):
            end = described.start()
        span = text[opener.end():end]
        items = _LIST_PART.split(span)
        if len(items) < 2 or not regex.search(r"\s(?:and|or)\s", span):
            continue
        members, pos = [], opener.end()
        for item in items:
            item = item.strip()   # "MNIST and CIFAR10      datasets": no spaces in a name
            words = item.split()
            at = text.find(item, pos)
            if at < 0 or not 1 <= len(words) <= 4 or not _NAME_MEMBER.match(item) \
                    or not _WORDLIKE.search(words[0]) \
                    or any(w.lower() in _MEMBER_STOP or w.lower() in _stop_words() for w in words) \
                    or any(_COMMON_WORD.fullmatch(w) for w in words[1:]):
                members = []   # not a name ("the 500k and 1M step benchmarks": numbers)
                break
            members.append((at, item))
            pos = at + len(item)
        if members:
            out.append((opener.end(), k.group("kind"), members))
    return out


#: what may stand between a proposal cue and the plural kind it introduces, so that the kind is
#: the cue's object: up to four words, none a function word but a determiner or a number ("3",
#: "three new evaluation", "a suite of"); not "a method and evaluate it on three" (`regex.VERBOSE`)
_KIND_OBJECT = rx(r"""
    (?:(?:a|an|the|our|two|three|four|five|six|seven|eight|nine|ten|several|multiple|\d+)\s+)?  # a determiner or number
    (?:(?!(?:and|or|on|in|for|with|to|of|it|them|that|which|we|is|are|from|by|at|as|over|across|using)\b)
       [\p{L}\p{N}][\p{L}\p{N}\-]*\s+){0,3}                         # up to three content words
    """, regex.VERBOSE | regex.IGNORECASE)


def _tasks(text: str, heads, sents: Optional[Sentences] = None) -> list[Candidate]:
    out = []

    def add(start: int, phrase: str, raw: str, member: bool = False) -> bool:
        p = _task_phrase(phrase, member)
        if p:
            k, end = raw.find(p), -1
            if k < 0:   # other white space between its words in the text ("relational       learning")
                found = regex.search(r"\s+".join(regex.escape(w) for w in p.split()), raw)
                if found is None:
                    return False
                k, end = found.span()
            end = end if end >= 0 else k + len(p)
            out.append(Candidate(start + k, start + end, p, Source.TASK, {"TASK": Weight.TASK_PHRASE}))
        return bool(p)

    for start in (sents.starts if sents is not None else ()):
        m = _OPENING_TOPIC.match(text, start)
        if m is None or _OPENING_JOINS.search(m.group(1)):
            continue   # "Transfer learning and ensembling are ...", "Exploration in RL is": a clause
        # an adverb opening it ("Efficiently sampling ... is hard") opens a claim, no topic
        words = m.group(1).lower().split()
        if words[0] not in _OPENING_STOP and words[0] not in _narrowing_stop() and not is_adverb(words[0]) \
                and words[-1] not in resources.word_list("procedure_heads"):   # "Efficient exploration is",
            add(m.start(1), m.group(1), m.group(1))                           # "Adversarial training is"

    for m in _MEASURE_LIST.finditer(text):
        # every member up to the first that is no measure's name (a clause, a stop word first)
        pos = m.start(1)
        new = _proposed_kind(text, m.start())
        for item in _LIST_PART.split(m.group(1)):
            k = text.find(item, pos)
            words = item.split()
            if k < 0 or not 1 <= len(words) <= 5 or not item[:1].isalnum() or words[0].lower() in _stop_words() \
                    or any(w.lower() in _MEMBER_STOP for w in words) or not _WORDLIKE.search(item) \
                    or words[-1].lower() in _MEASURE_KINDS:
                break   # a clause, a symbol ("measures μ and ν"), or a kind of measures itself
            out.append(Candidate(k, k + len(item), item, Source.MEASURE_LIST, {"METRIC": Weight.LIST_HEAD},
                                 proposed=new))
            pos = k + len(item)

    data_kinds = any(k in text for k in _DATA_KINDS)   # no kind of data named: no list of data
    for start, kind, members in _data_lists_before(text) if data_kinds else ():
        # "on the KITTI, Ford multi-AV, VIGOR, and Oxford RobotCar datasets": every member or none
        typ = head_type(kind.split()[-1], heads)
        votes = {"DATASET": Weight.LIST_HEAD, "BENCHMARK": Weight.LIST_HEAD} \
            if kind.lower() == "benchmarks" else {typ: Weight.LIST_HEAD}
        if typ:
            out += [Candidate(k, k + len(item), item, Source.DATA_LIST, dict(votes)) for k, item in members]

    for m in _DATA_LIST.finditer(text) if data_kinds else ():
        # every member up to the first that is not written as a name ("..., and our method")
        typ = head_type(m.group("kind").split()[-1], heads)
        new = _proposed_kind(text, m.start())
        # "benchmarks like CIFAR-10, CIFAR-100": the word is used of datasets too; an even vote lets
        # the lexicon decide, and an unknown member is a dataset (the earlier type)
        votes = {"DATASET": Weight.LIST_HEAD, "BENCHMARK": Weight.LIST_HEAD} \
            if m.group("kind").lower() == "benchmarks" else {typ: Weight.LIST_HEAD}
        pos = m.start("list")
        items = _LIST_PART.split(m.group("list"))
        for i, item in enumerate(items):
            item = item.strip()
            if i == len(items) - 1:
                item = _DATA_LIST_END.sub("", item)   # "Messenger, and Touchdown) show": the list ends
            k = text.find(item, pos)
            words = item.split()
            if not typ or k < 0 or not 1 <= len(words) <= 4 or not _NAME_MEMBER.match(item) \
                    or any(w.lower() in _MEMBER_STOP or w.lower() in _stop_words() for w in words) \
                    or any(_COMMON_WORD.fullmatch(w) for w in words[1:]):
                break   # a clause, or a phrase of common words ("3 model architectures")
            out.append(Candidate(k, k + len(item), item, Source.DATA_LIST, dict(votes), proposed=new))
            pos = k + len(item)

    for m in _TASK_LIST.finditer(text):
        # every member up to the first that is no task phrase ("..., and retrieval, demonstrating")
        pos = m.start(1)
        for item in _LIST_PART.split(m.group(1)):
            k = text.find(item, pos)
            if k < 0 or not item[:1].islower() or not add(k, item, item, member=True):
                break
            pos = k + len(item)

    for m in _FOR_TASK.finditer(text):
        phrase = m.group(1).split(" in ")[0]   # "conditional variable selection in high dimension"
        words = phrase.split()
        if len(words) < 2 or words[0].endswith("ing") or words[0] in _narrowing_stop() \
                or words[-1] in resources.word_list("procedure_heads"):
            continue   # one word, a verb and its object ("assisting domain adaptation"), an
            #            evaluative first word ("better word representation"), a procedure
        left, sep, right = phrase.partition(" and ")
        for part, at in ((left, 0), (right, len(left) + len(sep))) if sep else ((phrase, 0),):
            add(m.start(1) + at, part, part)
    for m in rx(r"\b(?:problems?|tasks?)\s+of\s+([^.;:()]{4,160})", regex.IGNORECASE).finditer(text):
        body = m.group(1)
        for part in rx(r"[^,]+?(?=,|\s+and\s+(?=[a-z]+\s+\w+ing\b|online|offline|[a-z]+ing\b)|$)").finditer(body):
            left, sep, right = part.group().partition(" and ")
            if sep and _task_phrase(left) == left.strip() and _task_phrase(right):
                # "the problems of private covariance matrix approximation and subspace recovery": two;
                # not where the left part's name ends before the "and" ("online learning in
                # Stackelberg games with side information between a leader and a sequence of
                # followers": the "and" joins words inside the tail cut off the first name)
                add(m.start(1) + part.start(), left, left)
                add(m.start(1) + part.start() + len(left) + len(sep), right, right)
            else:
                add(m.start(1) + part.start(), part.group(), body[part.start():part.end()])
    for h in rx(r"\s(?:tasks|task|benchmarks|problems|problem)\b").finditer(text):
        window_start = max(0, h.start() - 80)
        # (not from inside a word: "OpenAI's MuJoCo reinforcement learning tasks" holds no "s MuJoCo ...")
        m = rx(r"(?<![\p{L}\p{N}\-'’])((?:(?:\p{N}+)?[\p{L}][\p{L}\-]*[ \t]+){0,3}(?:\p{N}+)?[\p{L}][\p{L}\-]*)$").search(text, window_start, h.start())
        if not m:
            continue
        phrase = m.group(1)
        if phrase[:1].isupper() and not phrase.split()[0].isupper() and m.start() > 0 \
                and text[max(0, m.start() - 2):m.start()].strip() not in ("", ".", ":"):
            continue
        # keep only the words after the last function word
        words = phrase.split()
        cut = max((i for i, w in enumerate(words) if w.lower() in ("on", "in", "for", "of", "and", "the", "with", "to", "across", "at")), default=-1)
        if cut >= 0 and len(words) - cut > 2 and _INNER_CAPITAL.match(words[cut + 1]) \
                and words[cut + 2][:1].islower():
            cut += 1   # "a suite of MuJoCo continuous control tasks": the name is where, the rest what
        phrase2 = " ".join(words[cut + 1:])
        if phrase2:
            # from where its first word is written ("the relational       learning problem": other
            # white space between the words than the one space `phrase2` puts)
            at = [w.start() for w in rx(r"\S+").finditer(phrase)][cut + 1]
            add(m.start(1) + at, phrase2, phrase[at:])
    for m in rx(r"\b(?:experiments|evaluations?|results|applications?)\s+(?:\w+\s+){0,4}?(?:on|in)\s+([^.;:()]{4,200})").finditer(text):
        body = m.group(1)
        items = rx(r",\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+").split(body)
        if len(items) < 2:
            continue
        pos = m.start(1)
        for it in items:
            k = text.find(it, pos)
            if k < 0:
                continue
            pos = k + len(it)
            if it[:1].islower():
                add(k, it, it)
    return out


#: a word that may narrow a task name from the left: lower case or digit-led ("3D", "6-DoF"),
#: hyphens inside ("class-incremental", "audio-guided"); not a gerund or an adverb, which are
#: verbs and manners ("including image deraining", "efficiently"), nor a plural or a verb in -s
_NARROWING_WORD = rx(r"""
    (?: \p{Ll}[\p{Ll}\p{N}]*            # a lower-case word ...
      | \p{N}+[\p{L}][\p{L}\p{N}]* )    # ... or a digit-led one: 3D, 6DoF
    (?: -[\p{L}\p{N}]+ )*                # hyphenated parts: class-incremental, 6-DoF, day-ahead
    """, regex.VERBOSE)
#: gerunds, adverbs, plurals and verbs in -s ("loss" and "bus" stay), and words for how a method
#: works rather than what it does ("gradient-based causal discovery", "layer-wise ...")
_NOT_NARROWING = rx(r"(?:ing|ly|[^su]s|-based|-wise)$")
#: a word after these is a verb ("we study image generation", "to solve ..."), not a narrowing
_VERB_BEFORE = rx(r"\b(?:we|to|they|it|can|could|may|might|will|would|should|must|also|then|which|that|who|not)[ ]$",
                  regex.IGNORECASE)


_WORD_AFTER = rx(r"[ ]([\p{L}\-]+)")   # the word after a space
_WORD_BEFORE = rx(r"(\S+)[ ]$")         # the word before a space


@lru_cache(maxsize=1)
def _narrowing_stop() -> frozenset:
    """The words that never narrow a task name (`narrowed_tasks`)."""
    from .tail import modifier_stop   # tail imports entities, which imports this module
    return modifier_stop() | _TASK_STOP | _stop_words() | resources.word_list("narrowing_stop")


def narrowed_tasks(text: str, cands: list[Candidate]) -> list[Candidate]:
    """A task name narrowed by up to two words right before it is the task the paper names:
    "unconditional image generation", "hypergraph node classification", "3D object recognition",
    "day-ahead time-series forecasting". A narrowing word is lower case or digit-led, and is not a
    function, evaluative or generic word (spaCy's English stop words, ``modifier_stop`` of
    resources/tail_phrases.tsv, word lists ``task_stop`` and ``narrowing_stop``), a gerund, an
    adverb or a plural (`_NOT_NARROWING`), nor a verb after "we" or "to" (`_VERB_BEFORE`). A task
    name followed by a system's head noun (resources/type_heads.tsv: "approach", "model") is not
    narrowed: the words before it narrow that system ("a self-supervised depth estimation approach"). One candidate per task
    candidate that has such words, with its widest narrowing; the resolver keeps the longest span."""
    stop = _narrowing_stop()
    heads = type_heads()
    out, seen = [], set()
    for c in cands:
        if "TASK" not in c.types or (c.start, c.end) in seen:
            continue
        seen.add((c.start, c.end))
        after = _WORD_AFTER.match(text, c.end)
        if after and head_type(after.group(1), heads) in ("METHOD", "MODEL"):
            continue   # "a self-supervised depth estimation approach": the words narrow the approach
        start = c.start
        for _ in range(2):
            m = _WORD_BEFORE.search(text, max(0, start - 40), start)
            if not m or not _NARROWING_WORD.fullmatch(m.group(1)) or m.group(1).casefold() in stop \
                    or _NOT_NARROWING.search(m.group(1).casefold()) \
                    or _VERB_BEFORE.search(text, max(0, m.start(1) - 10), m.start(1)):
                break
            start = m.start(1)
        if start < c.start:
            out.append(Candidate(start, c.end, text[start:c.end], Source.TASK, {"TASK": Weight.TASK_PHRASE}))
    return out


#: a noun phrase set off after a name by a comma or a colon: "X, a benchmark for ...", "X (Y), the
#: first ...", "X: a 68-example \"major error\" slice"
_APPOSED_PHRASE = rx(r"\s*(?:\([^()]{1,20}\)\s*)?(?:\)\s*)?[,:]\s+(?:a|an|the)\s+"
                     r"((?:[\p{L}\p{N}\-\"“”]+[ \t]+){0,5}[\p{L}\-]+)")


def appositive_type(text: str, end: int) -> str | None:
    """The type the head of a noun phrase set off right after a name ending at `end` gives it
    ("MCPMark, a new benchmark of 127 tasks" -> BENCHMARK; `_phrase_head_type`)."""
    m = _APPOSED_PHRASE.match(text[end:end + 60])
    return _phrase_head_type(m.group(1).split(), _tables()[3]) if m else None


def _phrase_head_type(words: list[str], heads) -> str | None:
    """The type named by the head of a noun phrase: its last typed word before a clause word
    ("a KV-cache compression scheme that ...", "a benchmark containing ..." -> the noun before),
    or after "of" when the word before is a container ("a family of efficient vision
    transformers" -> transformers)."""
    stops = resources.word_list("np_stop")
    cut = next((i for i, w in enumerate(words) if w.lower() in stops
                # a participle after a typed noun starts a clause ("a benchmark containing ...")
                or i and _PARTICIPLE.fullmatch(w) and head_type(words[i - 1], heads)), len(words))
    words = words[:cut]
    order = [words]
    if "of" in words:
        i = words.index("of")
        before, after = words[:i], words[i + 1:]
        order = [after, before] if before and before[-1].lower() in resources.word_list("np_container") \
            else [before, after]
    for part in order:  # the head's side first, the other when it names no type
        for w in reversed(part):
            t = head_type(w, heads)
            if t:
                return t
            if _AGENT_NOUN.fullmatch(w):
                break  # "a neural corpus indexer": an agent noun is the head; "corpus" only modifies it
    return None


#: a noun phrase set off right before a name that a comma closes: "Our method, PANDA, outperforms",
#: "a new benchmark, MCPMark, with ...", "the proposed model, FooNet, reaches" (`regex.VERBOSE`)
_APPOSED_BEFORE = rx(r"""
    (?:^|(?<=[\s(]))(?:our|the|a|an|this|its)\s+   # a determiner opens the phrase
    ((?:[\p{L}\p{N}\-]+\s+){0,3}?[\p{L}\-]+)      # up to four words, the head last
    \s*,\s*$                                         # the comma right before the name
    """, regex.IGNORECASE | regex.VERBOSE)
#: the comma (or closing parenthesis) that closes such an apposition right after the name
_APPOSITION_CLOSES = rx(r"\s*[,)]")


@lru_cache(maxsize=1)
def _apposition_stops() -> frozenset:
    """Words no noun phrase set off before a name holds: word list `np_stop` and `_stop_words`."""
    return frozenset(resources.word_list("np_stop") | _stop_words())


def apposed_before_type(text: str, start: int, end: int) -> str | None:
    """The type the head of a noun phrase set off right before a name at [start, end) gives it,
    the name closed by a comma ("Our method, PANDA, outperforms ..." -> METHOD; "a new benchmark,
    MCPMark, with ..." -> BENCHMARK): the mirror of `appositive_type`. The phrase holds no stop
    word (a preposition or a clause word: "our technique on three datasets-MNIST, ImageNet" is
    none) and its last word is its head."""
    if not _APPOSITION_CLOSES.match(text, end):
        return None
    m = _APPOSED_BEFORE.search(text, max(0, start - 48), start)
    if m is None:
        return None
    words = m.group(1).split()
    if any(w.casefold() in _apposition_stops() for w in words):
        return None   # "our technique on three datasets-MNIST, ImageNet": no noun phrase of its own
    return head_type(words[-1], _tables()[3])   # the phrase's last word is its head


#: a lower-case participle in "-ing" ("containing", "using")
_PARTICIPLE = rx(r"\p{Ll}{2,}ing")
#: a lower-case agent noun ("indexer", "simulator", "learners"), which heads its noun phrase
_AGENT_NOUN = rx(r"\p{Ll}[\p{Ll}\-]{3,}(?:er|or)s?")


#: a preposition right before a name: what the paper uses or evaluates on ("on ScanNet, a large
#: indoor dataset"); not "with" ("we train a transformer with LengthDrop, a structural variant of
#: dropout" names the paper's own) nor "for" (the thing a new method is for, or the new thing);
#: `_AFTER_PREPOSITION` below is the wider list that opens an adverbial phrase
_USED_AFTER = rx(r"\b(?:on|in|across|over|from|at|to|under|using|of|by)\s+(?:the\s+)?$", regex.I)
#: an apposition that says the thing is new: ", a new benchmark", ", a novel ...", ", the first ..."
_NOVEL_APPOSITION = rx(r",?\s+(?:an?|the)\s+(?:[\w\-]+\s+){0,3}?(?:novel|new|first)\b", regex.I)


#: a preposition right before a name: the name opens an adverbial phrase ("On ImageNet, ...")
_AFTER_PREPOSITION = rx(r"\b(?:on|in|across|over|for|from|with|at|to|under|using|of)\s+(?:the\s+)?$",
                        regex.I)


#: words before a name that make it the measure of a result ("in terms of AP", "measured by FID");
#: the linker's `_FRAME` reads a sentence's metric after them
MEASURED_BY_WORDS = r"in\s+terms?\s+of|measured\s+(?:by|in|with)|evaluated\s+(?:by|with|in)"
#: words before a name that say what a result is taken relative to: a measure ("w.r.t. BLEU") or a
#: reference ("sub-linear regret with respect to the RF approximation"). Not type evidence (of the
#: names the development annotations give after them, 1 in 8 is a metric, 6 are methods; the
#: typer's `type_features.MEASURE_FRAME` leaves them out too); the linker's `_FRAME` reads a
#: metric entity after them as the sentence's metric.
RELATIVE_TO_WORDS = r"w\.r\.t\.?|with\s+respect\s+to"
_MEASURED_BY = rx(rf"\b(?:{MEASURED_BY_WORDS})\s+(?:the\s+)?$", regex.I)
#: what a system is evaluated on is data: "Benchmarked on MSTAR", "experiments on Path-256",
#: "we evaluate on OTT-QA" (a vote, not a verdict: "experiments on LLaMA-2" name a model)
_EVALUATED_ON = rx(r"\b(?:evaluat|benchmark|experiment|test)\p{L}*\s+on\s+(?:the\s+)?$", regex.I)

@lru_cache(maxsize=1)
def _change_in():
    """A noun of change (word list `change_nouns`) and "in": what follows is the measure that
    changed ("a 1-2 dB drop in masked PSNR", "gains in CIDEr"; one lower-case modifier may stand
    between; `regex.VERBOSE`). Not "loss", which also names an objective ("optimize faster on the
    population loss in the Ideal World")."""
    nouns = "|".join(sorted(resources.word_list("change_nouns") - {"loss"}, key=longest_first))
    return rx(rf"""
    \b(?:{nouns})s?
    \s+in\s+(?:the\s+)?              # "in", "in the"
    (?:\p{{Ll}}[\p{{Ll}}\-]*\s+)?$        # "masked", "top-1"
    """, regex.VERBOSE | regex.IGNORECASE)


#: what ends the measure's name: a punctuation mark or a function word, not another noun ("a gain
#: in ImageNet accuracy" changes accuracy, not ImageNet)
_CLAUSE_GOES_ON = rx(r"\s*(?:[,.;:)]|$|\s(?:in|on|of|and|or|while|when|for|with|over|compared|than|at|across|under)\b)")


#: a score: a decimal (with a per cent sign or not) or a whole percentage (group `pct`), as a
#: whole number, not the tail of a name (`regex.VERBOSE`)
_SCORE = r"""
    (?<![\p{L}\p{N}.])                       # a whole number, not the tail of a name
    (?:\d+\.\d+\s*(?:\\?%)?                   # a decimal ("85.2", "93.4%", "93.4\\%")
      |(?P<pct>\d+\s*\\?%))                    # or a whole percentage ("3%", "3\\%")
    """
#: a score written right before "on" or "in" says what the name after it is: "on" names where it
#: was measured, a dataset ("1.93 on AFHQv2", "93.4% on the MNLI"); "in" names what it measures, a
#: metric ("by 14.5% in SUC"). Neither holds for a name whose shape names a model ("68.2% on
#: MobileNet-v3-Large" is a backbone) nor for a name with type evidence of its own: a lexicon
#: entry, a pattern ("+16.8 on pass@256", "by 3.1% in CIFAR-10")
_SCORE_BEFORE = rx(_SCORE + r"""
    \$?\s+(?P<prep>on|in)\s+(?:the\s+)?$       # the preposition (after a closing $ of TeX)
    """, regex.I | regex.X)
#: preposition -> the type it votes
_SCORE_PREPOSITION = {"on": "DATASET", "in": "METRIC"}


#: a verb of achieving or surpassing right after a name makes the name the system that did it
#: ("TREC removes over 96% computations", "Django outperforms 6 baselines", "GAIA reduces the
#: average FPR95 by 23.10%"): a dataset or benchmark is never the doer
_AGENT_VERB = rx(r"""
    \s*(?:\([^()]{1,30}\)\s*)?                               # an acronym or citation between
    (?:(?:also|alone|consistently|significantly|further|still|even|thus|then|clearly)\s+)?
    (?:outperform(?:s|ed)?|surpass(?:es|ed)?|achiev(?:es|ed)|attain(?:s|ed)|beats?|
       exceed(?:s|ed)?|obtain(?:s|ed)|reduc(?:es|ed)|remov(?:es|ed)|accelerat(?:es|ed)|
       speeds?\s+up|sets?\s+(?:a\s+)?new|establish(?:es|ed))\b  # the verb (third person or past)
    """, regex.I | regex.X)
SYSTEM_TYPES = tuple(sorted(_SYSTEM_SET))   # in a fixed order: votes are cast in it


#: words before a name that define it as a task: "the problem of X", "the problem setting of X",
#: "a task called X", "a novel yet important problem, X", "a new learning problem, namely X";
#: not "this problem, dubbed X" nor "To address the ... problem, X is devised", where the name is
#: what solves the problem (`regex.VERBOSE`)
_DEFINED_AS_TASK_BEFORE = rx(r"""
    (?:\b(?P<kind>problems?|tasks?)(?:\s+settings?)?             # the kind of thing
       \s+(?:of|called|named|termed|known\s+as|dubbed)           # then a word that names it
      |(?<!\b(?:this|that|the)\s+)                               # or a problem set off by a comma
       problem\s*,\s*(?:namely|i\.e\.,?|called|termed)            #   (not "frameworks for this
                                                                #   problem, i.e., X": a solution)
      |\b(?:a|an)\s+(?:[\p{L}\-]+\s+){0,4}problem\s*,             #   or new here ("a novel
                                                                #   problem, X"; not a task: "a
                                                                #   classification task, CIFAR-100")
    )\s+(?:the\s+)?$
    """, regex.I | regex.X)
#: what a kind of method is for, before a name: "algorithms for Online Convex Optimization (OCO)",
#: "a gradient-based method for Neural Architecture Search (NAS)"
_METHOD_FOR_BEFORE = rx(r"\b(?:algorithms?|methods?|approach(?:es)?|solvers?|techniques?)\s+(?:designed\s+)?for"
                        r"\s+(?:the\s+)?$", regex.I)
#: ... and after it, the end of the noun phrase: a stop or a complement, not a verb ("techniques
#: for convolutional neural networks (CNN) have been developed": what the methods are applied to)
_FOR_END = rx(r"""
    \s*(?:\([^()]{1,25}\)\s*)?                                  # an acronym
    (?:[,.;:)]|$|\s+(?:of|over|with|in|under|where|and|problems?|tasks?|settings?)\b)  # a stop, a complement
    """, regex.I | regex.X)
#: words after a name that continue its noun phrase, so that the name only modifies what the
#: problem or the method is about: "the problem of Symmetric Positive Definite (SPD) manifold
#: networks", "the problem of PAC learning", "methods for WSI analysis", "a technique for CNN-based
#: classification" (a lower-case word that is no function word or verb, or a hyphen; `regex.VERBOSE`)
_NAME_CONTINUES = rx(r"""
    (?:\s*\([^()]{1,25}\))?                                      # an acronym
    (?:-\p{L}                                                   # a hyphenated modifier ("-based")
      |\s+(?!(?:of|over|with|in|on|for|under|where|when|and|or|is|are|was|were|that|which|to|via
              |using|from|by|as|has|have|remains?|aims?|but|problems?|tasks?|settings?)\b)
       \p{Ll})                                                   # or a lower-case word of the phrase
    """, regex.X)
#: words after a name that define it as a task: "Label Ranking (LR) is the supervised task of
#: ...", "X is a fundamental problem in ...", "VidSitu is framed as a task", "Contextual batched
#: bandit (CBB) is a setting where ..." (`regex.VERBOSE`)
_DEFINED_AS_TASK_AFTER = rx(r"""
    \s*(?:\([^()]{1,25}\)\s*)?,?                                 # an acronym between
    \s+(?:is|are|refers\s+to|(?:is|are)\s+framed\s+as)            # a copula
    \s+(?:a|an|the)\s+(?:[\p{L}\-]+\s+){0,3}?                     # an article, up to three words
    (?:problems?|tasks?|settings?)\b                             # the kind of thing
    """, regex.I | regex.X)


def defined_as_task(text: str, start: int, end: int, long_form: bool = False) -> bool:
    """Whether the sentence defines the name at text[start:end] as a problem or task: then it is a
    task, whatever its head noun says. A copula after it may say what it is
    (`_DEFINED_AS_TASK_AFTER`: "Label Ranking (LR) is the supervised task of ..."), unless the name
    follows a preposition and so is not the copula's subject ("Credit assignment in reinforcement
    learning is the problem of ..."). Or the words before name it a problem or task
    (`_DEFINED_AS_TASK_BEFORE`: "the problem setting of Interaction-Grounded Learning (IGL)"), or,
    for an acronym's `long_form` being defined, say what a kind of method is for
    (`_METHOD_FOR_BEFORE`, `_FOR_END`: "algorithms for Online Convex Optimization (OCO) over ...";
    a name used again is what a method is applied to: "a learning algorithm for DABP with ...");
    either only when the name ends its noun phrase (`_NAME_CONTINUES`: not "the problem of PAC
    learning"). Capitalised names after "tasks of" are where the tasks come from, not tasks
    ("continuous control tasks of D4RL")."""
    if _DEFINED_AS_TASK_AFTER.match(text, end, min(len(text), end + 90)):
        return not _AFTER_PREPOSITION.search(text, max(0, start - 16), start)
    if _NAME_CONTINUES.match(text, end, min(len(text), end + 40)):
        return False
    m = _DEFINED_AS_TASK_BEFORE.search(text, max(0, start - 60), start)
    if m:   # "tasks of" and a name is where the tasks come from: "control tasks of D4RL"
        return (m.group("kind") or "").lower() != "tasks" or not text[start].isupper()
    return bool(long_form and _METHOD_FOR_BEFORE.search(text, max(0, start - 40), start)
                and _FOR_END.match(text, end, min(len(text), end + 40)))


def agent_types(text: str, c: Candidate) -> None:
    """A candidate followed by a verb of achieving (`_AGENT_VERB`), and not the object of a
    preposition, is a system: an equal vote for each system type (`SYSTEM_TYPES`), so that the
    other evidence still tells a model from a method."""
    if _AGENT_VERB.match(text, c.end) and not _AFTER_PREPOSITION.search(text, max(0, c.start - 16), c.start):
        for typ in SYSTEM_TYPES:
            _vote(c.context, typ, Weight.AGENT)


def score_type(text: str, c: Candidate) -> None:
    """A candidate right after a score and "on" or "in" (`_SCORE_BEFORE`) is a dataset or a metric
    (`_SCORE_PREPOSITION`), unless its shape names a model or it has type evidence of its own."""
    if c.types:
        return
    m = _SCORE_BEFORE.search(text, max(0, c.start - 24), c.start)   # seldom: the shape tests after it
    if m is not None and not (SIZED.match(c.text) or model_shaped(c.text)):
        _vote(c.context, _SCORE_PREPOSITION[m.group("prep").lower()], Weight.SCORE_PLACE)


#: a score right before a short name ("(85.2 F1)", "3% CTR gain")
_SCORE_AS_UNIT = rx(_SCORE + r"\s+$", regex.X)
#: what follows the name: the end of the score ("(85.2 F1)", "90.1 EM on SQuAD") ...
_UNIT_END = rx(r"\s*(?:[),;]|and\b|on\b|in\b|$)")


@lru_cache(maxsize=1)
def _unit_change():
    """... or a noun of change (word list `change_nouns`), which a whole percentage needs ("3% CTR
    gain", "1.2% HOTA improvement")."""
    return rx(r"\s+(?:" + "|".join(sorted(resources.word_list("change_nouns"))) + r")s?\b")


def score_unit_type(text: str, c: Candidate) -> None:
    """A short one-word name written as a score's unit is a metric: "(85.2 F1)", "90.1 EM on
    SQuAD" (a decimal, the score's end after the name), "achieved 3% CTR gain" (a percentage or
    decimal, a noun of change after the name: `_unit_change`)."""
    if " " in c.text or len(c.text) > 8:
        return
    m = _SCORE_AS_UNIT.search(text, max(0, c.start - 12), c.start)
    if m is None:
        return
    if (m.group("pct") is None and _UNIT_END.match(text, c.end)) or _unit_change().match(text, c.end):
        _vote(c.context, "METRIC", Weight.SCORE_UNIT)


#: one or two lower-case words, then a head noun: " skeleton joint dataset"
def _suite_shaped(name: str) -> bool:
    """Is a name shaped as a suite's: four characters or a digit, and a capital or a digit after its
    first character ("MinAtar", "D4RL", "COCO-20i", "Atari 2600"; not "RL", "AER", "Standard",
    "image classification")?"""
    return (len(name) >= 4 or any(ch.isdigit() for ch in name)) \
        and any(ch.isupper() or ch.isdigit() for ch in name[1:])


_DATA_HEAD_AFTER = rx(r"\s+((?:\p{Ll}[\p{Ll}\-]*\s+){1,2})(\p{Ll}+)\b")


def _quantity_of(typ: str, word: str) -> bool:
    """Does a measure's noun after a name make a quantity of the name rather than say what the
    name is (word list ``quantity_heads``: "the TD error", "the SW distance", "KL divergence")?
    The quantity is the measure; the name is what it is taken of (in the development annotations
    no name before "distance", "divergence" or "error" is a metric by itself, 11 are methods or
    unannotated); "the FID score", "the ECE metric" still name the metric."""
    return typ == "METRIC" and word.casefold() in resources.word_list("quantity_heads")


def _measured_on(typ: str, name: str, heads) -> bool:
    """Does a measure's noun follow a name whose head word names a task ("node classification
    accuracy", "dynamics prediction errors")? The task is what the measure is taken on, not the
    measure's name: in the development annotations (2,350 records) each of the 15 such mentions is
    a task's, none a metric's."""
    words = name.split()
    return typ == "METRIC" and bool(words) and head_type(words[-1], heads) == "TASK"


def context_types(text: str, cands: list[Candidate]) -> None:
    """Type evidence from the words around each candidate (any component's)."""
    heads = _tables()[3]
    for c in cands:
        if c.source == Source.TASK:
            continue
        agent_types(text, c)
        if defined_as_task(text, c.start, c.end):
            _vote(c.context, "TASK", Weight.DEFINITION)
        score_unit_type(text, c)
        if _MEASURED_BY.search(text, max(0, c.start - 24), c.start):
            _vote(c.context, "METRIC", Weight.HEAD_NOUN)
        if _change_in().search(text, max(0, c.start - 48), c.start) and _CLAUSE_GOES_ON.match(text, c.end):
            _vote(c.context, "METRIC", Weight.HEAD_NOUN)
        if _EVALUATED_ON.search(text, max(0, c.start - 32), c.start):
            _vote(c.context, "DATASET", Weight.SCORE_PLACE)
        score_type(text, c)
        after = text[c.end:c.end + 60]
        m = rx(r"\s*\)?\s+([\p{L}\-]+)").match(after)
        if m:
            # "the IEMOCAP dataset", "(LAHT) module"; a plural ("MCP servers", "Markov games")
            # makes the name a modifier of many things, not one of them, except a plural kind of
            # data (`_DATA_KINDS`: not games) after a name shaped as a suite's ("MinAtar
            # benchmarks", "D4RL benchmarks": a suite is named so; not a field's short acronym,
            # "RL benchmarks", "NLP datasets", nor a plain capitalised word, "On Standard benchmarks")
            word = m.group(1)
            t = head_type(word, heads)
            plural = word.endswith("s") and head_type(word[:-1], heads) or word.endswith("ies")
            if t and (not plural or word.casefold() in _DATA_KINDS and _suite_shaped(c.text)) \
                    and (t != "TASK" or c.source == Source.ACRONYM) and not _quantity_of(t, word) \
                    and not _measured_on(t, c.text, heads):
                _vote(c.context, t, Weight.HEAD_NOUN)
            elif t is None:
                # "the NTU-XVIEW skeleton joint dataset": a data head noun after words that describe
                # the data (lower case, no function words; not a plural: "the AlphaGo Zero self-play
                # games" are many things the name modifies)
                d = _DATA_HEAD_AFTER.match(after)
                if d and head_type(d.group(2), heads) in ("DATASET", "BENCHMARK") \
                        and not (d.group(2).endswith("s") and head_type(d.group(2)[:-1], heads)) \
                        and not any(w in _stop_words() for w in d.group(1).split()):
                    _vote(c.context, head_type(d.group(2), heads), Weight.HEAD_NOUN)
        # "X, a benchmark for ..." describes X; "on X, the best model ..." ends an opening
        # prepositional phrase, and what follows the comma is the sentence's subject
        if not _AFTER_PREPOSITION.search(text, max(0, c.start - 16), c.start):
            _vote(c.context, appositive_type(text, c.end), Weight.HEAD_NOUN)
        # "Our method, PANDA,", "our fastest model, EfficientFormer-L1,": the head says a system, not
        # which kind (the nouns for both are typed METHOD), so both kinds gain alike
        before = apposed_before_type(text, c.start, c.end)
        for t in (("METHOD", "MODEL") if before in ("METHOD", "MODEL") else (before,)):
            _vote(c.context, t, Weight.HEAD_NOUN)
    _list_types(text, cands, heads)


#: the plural kind right before a list of names, maybe with a word that gives examples: "datasets
#: such as", "metrics:", "variance reduction techniques such as SPIDER, SARAH and STORM", "optimizers
#: like Adam and SGD" (resources/type_heads.tsv types the kind; a known name of another type in the
#: list is outvoted only where its own evidence is weak)
_KIND_BEFORE_LIST = rx(r"""
    (?i)(datasets?|benchmarks?|corpora|metrics?                          # kinds of data and measures
     |methods|techniques|algorithms|approaches|optimizers|estimators  # kinds of systems
     |solvers|samplers|architectures|frameworks)
    \s+(?:such[ ]as|including|like|e\.g\.,?|i\.e\.,?|namely)?\s*[:\-–—]?\s*$""", regex.VERBOSE)


def _list_types(text: str, cands: list[Candidate], heads) -> None:
    """Type evidence shared along a list of names: a head noun after or before the list, else the
    types of its known members."""
    # a list sharing one head noun: "IEMOCAP, EMO-DB, and the private NSPL-CRISE dataset"
    named = sorted((c for c in cands if c.source != Source.TASK), key=lambda c: c.start)
    groups: list[list[Candidate]] = []
    for c in named:
        if groups and _LIST_GAP.fullmatch(text[groups[-1][-1].end:c.start]):
            groups[-1].append(c)
        elif groups and c.start < groups[-1][-1].end:
            groups[-1].append(c)
        else:
            groups.append([c])
    for g in groups:
        if len(g) < 2:
            continue
        votes: dict = {}
        last = g[-1]
        m = rx(r"\s+([\p{L}\-]+)").match(text[last.end:last.end + 30])
        if m and head_type(m.group(1), heads) in ("DATASET", "BENCHMARK"):
            _vote(votes, head_type(m.group(1), heads), Weight.HEAD_NOUN)
        before = text[max(0, g[0].start - 40):g[0].start]
        bm = _KIND_BEFORE_LIST.search(before)
        if bm:
            _vote(votes, head_type(bm.group(1).rstrip("a") + ("us" if bm.group(1) == "corpora" else ""), heads), Weight.HEAD_NOUN)
        if not votes:
            # members known by name (lexicon, NER) lend their type to bare shapes beside them:
            # "with Qwen3-Coder-480B and Kimi-K2"
            for c in g:
                if c.source in (Source.LEXICON, Source.NER):
                    for t, w in c.types.items():
                        if t != "TASK":  # "On ADE20K semantic segmentation, LiteViT-B obtains ..."
                            votes[t] = votes.get(t, 0) + w
            if votes:
                best = max(votes, key=votes.get)
                for c in g:
                    if c.source == Source.SHAPE:
                        _vote(c.context, best, Weight.LIST_MEMBER)
            continue
        best = max(votes, key=votes.get)
        for c in g:
            _vote(c.context, best, Weight.LIST_HEAD)


#: between two members of a list of names: a comma or "and" / "or", perhaps after a short
#: parenthesis ("ImageNet-C (+8.1%), Stylized-ImageNet (+6.7%), and ImageNet-Instagram"), and an
#: article or one lower-case word before the next ("and the private NSPL-CRISE")
_LIST_GAP = rx(r"\s*(?:\([^()]{1,30}\)\s*)?(?:,|,?\s+and|,?\s+or)\s+(?:the\s+)?(?:[\p{Ll}\-]+\s+)?")


@Language.factory("names", assigns=["doc._.candidates"], requires=["doc._.sentences"])
def make_names(nlp: Language, name: str):
    return NamesComponent()


class NamesComponent:
    """Adds shape, markup, proposal and task candidates to ``doc._.candidates``."""

    def __init__(self) -> None:
        _tables()

    def __call__(self, doc: Doc) -> Doc:
        text = doc_text(doc)
        found = find_names(text, doc._.marks or (), doc_sentences(doc))
        found += known_data_lists(text, list(doc._.candidates or []))
        add_candidates(doc, found + narrowed_tasks(text, list(doc._.candidates or []) + found))
        return doc


#: a list of capitalised names after a preposition, two members or more, coordinated by "and" or
#: "or": "across KITTI and Waymo", "on Split CIFAR-10, Split CIFAR-100 and Split Mini-ImageNet"
_NAME_WORD = r"(?:[\p{Lu}\p{N}]|\p{Ll}+-?\p{Lu})[\p{L}\p{N}\-'’.]*(?<!\.)"   # or a capital inside: "xArm", "mini-ImageNet"
_LIST_NAME = rf"{_NAME_WORD}(?:[ ]{_NAME_WORD}){{0,3}}"
_NAMES_AFTER_PREPOSITION = rx(rf"""
    \b(?i:{_LIST_PREPOSITIONS})\s+(?:the\s+)?  # a preposition (perhaps opening a sentence: "On"), maybe "the"
    (?P<list>{_LIST_NAME}(?:,[ ]{_LIST_NAME})*,?[ ](?:and|or)[ ]{_LIST_NAME})  # the members
    (?![\p{{L}}\p{{N}}\-])                                                 # to a word's end
    """, regex.VERBOSE)


@lru_cache(maxsize=1)
def _data_head_name():
    """A name that ends with a capitalised noun of data of resources/type_heads.tsv ("DMControl
    Generalization Benchmark"), read behind the noun, so that the scan tries only the places where
    such a noun stands."""
    nouns = sorted((h for h, t in type_heads().items() if t in DATA_TYPES), key=lambda h: (-len(h), h))
    alts = "|".join(r"\s+".join(w.capitalize() for w in h.split()) for h in nouns)
    return rx(rf"(?<=\p{{L}}\s+)(?:{alts})(?:s|es)?\b")


def known_data_lists(text: str, known: list[Candidate]) -> list[Candidate]:
    """The members of a list of names after a preposition ("across KITTI and Waymo") are data
    when a member is a lexicon name of data or a name ending in a capitalised noun of data (type_heads:
    "... Benchmark"), none a lexicon name of nothing but other things, and every
    member's first word holds two letters in a row (not "95.1", "62.9 ROUGE-1") and no kind of
    another type opens it ("techniques such as SPIDER and SARAH": `_KIND_BEFORE_LIST`): data
    candidates (`Source.DATA_LIST`) for the members no candidate spells exactly, with the known
    members' type ("Waymo" a dataset beside KITTI). A list with a known system ("with Adam and
    SGD") or none known gives nothing."""
    lexical: dict = {}
    for c in known:
        if c.source == Source.LEXICON:
            lexical.setdefault((c.start, c.end), set()).update(c.types)
    if not any(types & DATA_TYPES for types in lexical.values()) and not _data_head_name().search(text):
        return []   # no known data: no list can be one (the common case, found without a search)
    spelt = {(c.start, c.end) for c in known}
    heads = type_heads()
    out = []
    for m in _NAMES_AFTER_PREPOSITION.finditer(text):
        members, pos = [], m.start("list")
        for item in _LIST_PART.split(m.group("list")):
            at = text.find(item, pos)
            members.append((at, at + len(item)))
            pos = at + len(item)
            # a member named with a capitalised data noun is known data too ("DMControl
            # Generalization Benchmark, DMControl Manipulation Tasks, Drawer World, and CARLA")
            last = item.split()[-1] if " " in item else ""
            typ = head_type(last, heads) if last[:1].isupper() else None
            if typ in DATA_TYPES:
                lexical.setdefault((at, at + len(item)), set()).add(typ)
        if not all(_WORDLIKE.search(text[a:b].split()[0]) for a, b in members):
            continue   # a number among them ("on XSum and 62.9 ROUGE-1 on BigPatent"): no list of names
        kind = _KIND_BEFORE_LIST.search(text, max(0, m.start() - 40), m.start("list"))
        if kind and head_type(kind.group(1), heads) not in DATA_TYPES:
            continue   # "techniques such as SPIDER, SARAH and STORM": the kind says what they are
        known_types = [lexical[sp] for sp in members if sp in lexical]
        if not known_types or any(not t & DATA_TYPES for t in known_types):
            continue   # no member known, or one known only as something else ("with Adam and SGD")
        types = set().union(*known_types) & DATA_TYPES   # "CARLA": a benchmark and a method's name
        typ = "DATASET" if "DATASET" in types else "BENCHMARK"
        out += [Candidate(a, b, text[a:b], Source.DATA_LIST, {typ: Weight.LIST_HEAD})
                for a, b in members if (a, b) not in spelt]
    return out


#: a capitalised word of a title, hyphen or dash parts included ("Lookahead-Minmax", "MinVIS")
_TITLE_WORD = r"\p{Lu}[\p{L}\p{N}]*(?:[-‐–][\p{L}\p{N}]+)*"
#: where a paper's title names what the paper brings: the words before its colon ("MinVIS: A
#: Minimal Video Instance Segmentation Framework", "Slot Machines: Discovering ..."), or a run of
#: capitalised words after "with", "via", "by", "using" or "through" ("Taming GANs with
#: Lookahead-Minmax", "Learning Energy-Based Models by Diffusion Recovery Likelihood")
_TITLE_NAME = rx(rf"""
    ^\s*(?!(?i:the|a|an|on|towards?|why|how|when|what|is|are|do|does|can|beyond|rethinking|revisiting)\b)
    (?P<head>[^:]{{1,60}}?)\s*:\s                     # the words before the title's colon, not a
                                                       #   phrase or a question ("The Curse of X:")
  | \b(?:with|via|by|using|through)\s+                 # a lower-case preposition of means
    (?P<means>{_TITLE_WORD}(?:\s+{_TITLE_WORD}){{0,4}}) # one to five capitalised words
    (?=\s*$|\s*:|\s+\p{{Ll}})                           # to the end, a colon or a lower-case word
    """, regex.VERBOSE)

#: longest title the mechanism reads (a title is metadata; a hostile one costs nothing)
TITLE_LIMIT = 300


def title_names(title: Optional[str]) -> list[tuple[str, bool]]:
    """Names a paper's title gives what the paper brings, in title order, each with whether the
    title alone vouches for it: the words before its colon (one to five words; it does) and
    capitalised runs after a preposition of means (`_TITLE_NAME`; it does not: "with Point
    Clouds", "via Large Language Models" name what is used as often as what is new). The entities
    component makes one the paper's proposed system when the abstract writes it and names no
    proposed system of its own (entities `_title_names_are_proposed`), and the vouched one beside
    a proposed system the abstract names (`_title_head_is_proposed`)."""
    if not title:
        return []
    out: list[tuple[str, bool]] = []
    for m in _TITLE_NAME.finditer(" ".join(title[:TITLE_LIMIT].split())):
        name = (m.group("head") or m.group("means") or "").strip()
        if name and len(name.split()) <= 5 and rx(r"\p{L}").search(name) and name not in [n for n, _ in out]:
            out.append((name, bool(m.group("head"))))
    return out


#: what may stand between a proposal cue and the name it proposes: articles, "new", "novel"
_CUE_GAP = rx(r"(?:(?:a|an|the|new|novel)\s+)*$", regex.IGNORECASE)


def written_as_own(text: str, start: int) -> bool:
    """Does the abstract write the name at `start` as the paper's own: right after a proposal cue
    of resources/proposal_cues.tsv (kinds verb, called, our: "our Lookahead-minmax", "the
    proposed Bayesian early pruning", "we present a diffusion recovery likelihood method", "the
    so-called Orthogonal Multi-Path"), articles and "new"/"novel" aside? A capital is no
    evidence ("with SGD", "via Reinforcement Learning" name what is used)."""
    cues = _tables()[2]
    lo = max(0, start - 80)
    end = _CUE_GAP.search(text, lo, start).start()
    return any(m.end() == end for kind in SCANNED_KINDS for cue in cues.get(kind, [])
               for m in cue.finditer(text, lo, end))
