"""`tail_candidates` component: long-tail measure and task phrases and the names the field shares,
proposed for the entity typer.

The rules keep names; lower-case phrases for a measured quantity ("sample efficiency",
"convergence rate") or for an activity ("trajectory forecasting", "representation learning")
mostly escape them. This component proposes such phrases as candidates, and nothing more: the
entity typer (components/entity_typer.py) decides for each one whether it is a metric, a task,
something else, or nothing.

A candidate is a head word of resources/tail_phrases.tsv (``measure_heads``, ``task_heads``;
case aside) alone or with up to `MAX_MODIFIERS` words before it that may narrow it (lower-case
words, no function or evaluative words of ``modifier_stop``, or a number of dimensions: "3D shape
reconstruction"; nothing but a space or hyphen between them). Every length is proposed
("efficiency", "sample efficiency") and the typer picks.
A third kind, ``field``: a name the field shares (resources/field_terms.tsv, counted over the
unannotated corpus abstracts: "gradient descent", "policy gradient", "optimal transport") written
in the text, defined there or not; the longest such name at each place, found as the table's
builder counts them (field_terms.written_terms). The resolver keeps few of them (lower case, no
lexicon entry), and whether one is an entity of the paper (a method it uses, a task it sets out to
do) or background ("state of the art", "neural network") is the typer's call, learned from the
annotations as for the other kinds (only these become methods: entity_typer.choose).
A phrase inside a mention of an entity the resolver kept, or spelt like one, is not proposed.
Candidates of the same spelling (case aside) are one group with several mentions; a field term
spelt like a measure or task phrase is that phrase's group.

Reads ``doc._.entities`` and the clean text; writes ``doc._.tail_candidates`` (list of
`TailGroup`: measure and task phrases in order of first mention, then the field terms).
"""

from dataclasses import dataclass, field
from functools import lru_cache

from spacy.language import Language
from spacy.tokens import Doc

from .. import resources
from .entities import key
from .field_terms import written_terms
from .textutil import SpanIndex, doc_text, rx

if not Doc.has_extension("tail_candidates"):
    Doc.set_extension("tail_candidates", default=None)

MAX_MODIFIERS = 3
MEASURE = "measure"
TASK = "task"
FIELD = "field"

#: a word: letters, digits, inner hyphens and apostrophes
_WORD = rx(r"[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*")
_MODIFIER_SHAPE = rx(r"\p{Ll}[\p{Ll}\p{N}\-]*")  # a lower-case word, digits or hyphens inside
_DIMENSION = rx(r"[1-9]D")  # a number of dimensions ("3D shape reconstruction", "6D pose estimation")


@dataclass
class TailGroup:
    """One spelling of a long-tail phrase (case aside) and where it occurs."""

    name: str                       # the first occurrence's spelling
    kind: str                       # MEASURE or TASK (the list its head word is in), or FIELD
    modifiers: int                  # words before the head
    mentions: list = field(default_factory=list)   # (start, end) clean offsets


@lru_cache(maxsize=1)
def _lists() -> tuple[frozenset, frozenset, frozenset]:
    rows = {r[0]: frozenset(r[1].split()) for r in resources.rows("tail_phrases.tsv")}
    return rows["measure_heads"], rows["task_heads"], rows["modifier_stop"]


def modifier_stop() -> frozenset:
    """Words that never narrow a long-tail phrase (``modifier_stop`` of resources/tail_phrases.tsv)."""
    return _lists()[2]


def _modifier(word: str, stop: frozenset) -> bool:
    """May this word narrow a long-tail phrase? Lower case, letters (a hyphen, digits inside), or
    a number of dimensions ("3D", "6D")."""
    if _DIMENSION.fullmatch(word):
        return True
    return (word[:1].islower() and word.casefold() not in stop and not word[-2:] in ("ly",)
            and _MODIFIER_SHAPE.fullmatch(word) is not None)


def tail_groups(text: str, entities: list) -> list[TailGroup]:
    """The long-tail candidates of a clean text, outside the kept entities (see the module docstring)."""
    measure, task, stop = _lists()
    taken = SpanIndex(m for e in entities for m in e.mentions)
    taken_keys = {key(f) for e in entities for f in [e.name, *e.aliases]}
    words = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(text)]
    groups: dict[str, TailGroup] = {}
    for i, (s, t, w) in enumerate(words):
        low = w.casefold()
        kind = MEASURE if low in measure else TASK if low in task else None
        if kind is None:
            continue
        start = s
        for n in range(MAX_MODIFIERS + 1):
            if n:
                j = i - n
                if j < 0:
                    break
                ps, pt, pw = words[j]
                if text[pt:start] not in (" ", "-") or not _modifier(pw, stop):
                    break
                start = ps
            span = (start, t)
            if taken.overlaps(*span):
                continue
            surface = text[start:t]
            k = key(surface)
            if not k or k in taken_keys:
                continue
            g = groups.get(surface.casefold())
            if g is None:
                g = groups[surface.casefold()] = TailGroup(surface, kind, n)
            g.mentions.append(span)
    for span in written_terms(text):
        if taken.overlaps(*span):
            continue
        surface = text[span[0]:span[1]]
        k = key(surface)
        if not k or k in taken_keys:
            continue
        g = groups.get(surface.casefold())
        if g is None:
            g = groups[surface.casefold()] = TailGroup(surface, FIELD, 0)
        if span not in g.mentions:
            g.mentions.append(span)
            g.mentions.sort()
    return list(groups.values())


class TailCandidates:
    """Sets ``doc._.tail_candidates``."""

    def __call__(self, doc: Doc) -> Doc:
        doc._.tail_candidates = tail_groups(doc_text(doc), doc._.entities or [])
        return doc


@Language.factory("tail_candidates", assigns=["doc._.tail_candidates"], requires=["doc._.entities"])
def make_tail_candidates(nlp: Language, name: str) -> TailCandidates:
    return TailCandidates()
