"""Shapes of the JSON objects that scholarly dumps and APIs ship, recognised by their fields.

`shape_of(obj)` names the shape; `fields_of(shape, obj)` gives the abstract's text and its
metadata (title, venue, year, key: the input's own identifier) or raises `NoAbstract` naming
what is missing. The plain shape (``id``, ``title``, ``abstract``/``text``, ``venue``, ``year``;
OpenReview notes) stays in readers.py, which also checks every value.

- arXiv OAI snapshot (Kaggle's ``arxiv-metadata-oai-snapshot.json``): ``id``, ``title``,
  ``abstract`` (hard line breaks kept; the indentation and final newline the dump puts around it
  are not part of the text), ``categories``, ``versions`` (year of the first version) or
  ``update_date``; venue ``arXiv``; key the arXiv id.
- Semantic Scholar datasets and Graph API: ``corpusid`` (or ``corpusId``), ``abstract``,
  ``title``, ``year``, ``venue``; key the corpus id. A ``papers`` record carries no abstract.
- OpenAlex works: ``abstract_inverted_index`` (word -> positions) rebuilt into the text in word
  order (words joined by one space), ``publication_year``, ``primary_location.source.display_name``;
  key the OpenAlex id.
- Crossref works: ``DOI``, ``title`` (a list), ``container-title``, ``published``/``issued``
  date parts, ``abstract`` in JATS XML, turned into plain text (`jats_text`); key the DOI.
"""
from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from typing import Optional

ARXIV, S2, OPENALEX, CROSSREF, PLAIN = "arXiv", "Semantic Scholar", "OpenAlex", "Crossref", "plain"


class NoAbstract(ValueError):
    """The object has no usable abstract (the message says why)."""


def shape_of(obj: dict) -> str:
    """Which shape a JSON object has, judged by the fields only its shape has."""
    if "abstract_inverted_index" in obj:
        return OPENALEX
    if isinstance(obj.get("DOI"), str) and ("container-title" in obj or "issued" in obj
                                            or "published" in obj or "type" in obj):
        return CROSSREF
    if "corpusid" in obj or "corpusId" in obj:
        return S2
    if "categories" in obj and ("versions" in obj or "update_date" in obj) and "id" in obj:
        return ARXIV
    return PLAIN


def fields_of(shape: str, obj: dict) -> dict:
    """text, title, venue, year (raw: the reader checks it) and key of one object of `shape`."""
    return _READERS[shape](obj)


def _str(x) -> Optional[str]:
    return x if isinstance(x, str) and x.strip() else None


_WS = re.compile(r"\s+")


def _arxiv(obj: dict) -> dict:
    text = obj.get("abstract")
    if not _str(text):
        raise NoAbstract(f"arXiv record {obj.get('id')!s} has no abstract")
    year = None
    versions = obj.get("versions")
    if isinstance(versions, list) and versions and isinstance(versions[0], dict):
        year = versions[0].get("created")        # 'Mon, 2 Apr 2007 19:18:42 GMT'
    if year is None:
        year = obj.get("update_date")            # '2008-11-13'
    title = _str(obj.get("title"))
    return dict(text=text.strip(), title=_WS.sub(" ", title).strip() if title else None,
                venue="arXiv", year=year, key=_key(obj.get("id")))


def _s2(obj: dict) -> dict:
    corpus = obj.get("corpusid", obj.get("corpusId"))
    text = obj.get("abstract")
    if not _str(text):
        raise NoAbstract(f"no 'abstract' in Semantic Scholar record (corpusid {corpus}): the S2 "
                         "'papers' dataset carries none; abstracts ship in the 'abstracts' dataset "
                         "(same corpusid)")
    return dict(text=text, title=_str(obj.get("title")), venue=_str(obj.get("venue")),
                year=obj.get("year"), key=_key(corpus))


def _openalex(obj: dict) -> dict:
    work = obj.get("id")
    index = obj.get("abstract_inverted_index")
    if not index:
        raise NoAbstract(f"OpenAlex work {work} has no abstract (abstract_inverted_index is "
                         f"{'empty' if index == {} else 'missing or null'})")
    text = inverted_to_text(index)
    source = ((obj.get("primary_location") or {}).get("source") or {}) \
        if isinstance(obj.get("primary_location"), dict) else {}
    venue = source.get("display_name") if isinstance(source, dict) else None
    return dict(text=text, title=_str(obj.get("title")) or _str(obj.get("display_name")),
                venue=_str(venue), year=obj.get("publication_year"), key=_key(work))


def inverted_to_text(index) -> str:
    """An OpenAlex ``abstract_inverted_index`` ({word: [positions]}) as text: the words in
    position order, one space between them. `NoAbstract` when it is not such a mapping."""
    if not isinstance(index, dict):
        raise NoAbstract(f"abstract_inverted_index is a {type(index).__name__}, not an object")
    placed: list[tuple[int, str]] = []
    for word, positions in index.items():
        if not isinstance(positions, list) or not all(
                isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in positions):
            raise NoAbstract(f"abstract_inverted_index: positions of {word[:40]!r} are not a list "
                             "of non-negative integers")
        placed.extend((p, word) for p in positions)
    placed.sort()
    return " ".join(word for _, word in placed)


_DATE_FIELDS = ("published", "published-print", "published-online", "issued", "created")


def _crossref(obj: dict) -> dict:
    doi = obj.get("DOI")
    raw = obj.get("abstract")
    if not _str(raw):
        raise NoAbstract(f"Crossref work {doi} has no abstract")
    text = jats_text(raw)
    if not text:
        raise NoAbstract(f"Crossref work {doi}: the abstract holds only markup")
    year = None
    for name in _DATE_FIELDS:
        parts = (obj.get(name) or {}).get("date-parts") if isinstance(obj.get(name), dict) else None
        if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
            year = parts[0][0]
            break
    return dict(text=text, title=_first(obj.get("title")),
                venue=_first(obj.get("container-title")) or _first(obj.get("short-container-title")),
                year=year, key=_key(doi))


def _first(x) -> Optional[str]:
    """The first string of a Crossref list field ('title': ['...'])."""
    if isinstance(x, list):
        x = next((v for v in x if _str(v)), None)
    return _str(x)


def _key(x) -> Optional[str]:
    if x is None or isinstance(x, (bool, dict, list)):
        return None
    return str(x)


# ---------------------------------------------------------------- JATS XML -> text

_BLOCKS = {"p", "title", "sec", "list-item", "abstract", "trans-abstract", "disp-quote"}


class _Jats(HTMLParser):
    """Text of a JATS fragment: paragraphs on their own lines, whitespace inside a paragraph
    collapsed, a title that only says 'Abstract' dropped, every other tag removed."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.paras: list[list[str]] = [[]]
        self.in_title = 0
        self.title: list[str] = []

    @staticmethod
    def _local(tag: str) -> str:
        return tag.rsplit(":", 1)[-1].lower()       # 'jats:p' -> 'p'

    def _break(self) -> None:
        if self.paras[-1]:
            self.paras.append([])

    def handle_starttag(self, tag, attrs):
        local = self._local(tag)
        if local in _BLOCKS:
            self._break()
        if local == "title":
            self.in_title += 1
            self.title = []

    def handle_endtag(self, tag):
        local = self._local(tag)
        if local == "title" and self.in_title:
            self.in_title -= 1
            heading = " ".join("".join(self.title).split())
            if heading and heading.rstrip(":.").casefold() != "abstract":
                self.paras[-1].append(heading)
            self._break()
        elif local in _BLOCKS:
            self._break()

    def handle_data(self, data):
        (self.title if self.in_title else self.paras[-1]).append(data)

    def text(self) -> str:
        lines = (" ".join("".join(p).split()) for p in self.paras)
        return "\n".join(line for line in lines if line)


def jats_text(raw: str) -> str:
    """Plain text of a Crossref abstract: JATS XML (``<jats:p>``, ``<jats:title>Abstract
    </jats:title>``, ``<jats:italic>``, entities) without markup; plain text stays as it is
    (whitespace runs collapsed)."""
    if "<" not in raw:
        return " ".join(html.unescape(raw).split())
    parser = _Jats()
    parser.feed(raw)
    parser.close()
    return parser.text()


_READERS = {ARXIV: _arxiv, S2: _s2, OPENALEX: _openalex, CROSSREF: _crossref}
