"""`urls` component: every URL in the text, with its kind (code, data, model, project).

Finds bare URLs (``https://...``, ``www....``) and scheme-less links to well-known code hosts;
markdown links, ``\\url{}``, ``\\href{}`` and ``<...>`` arrive here as bare URLs after
normalisation. Trailing sentence punctuation and unbalanced closing brackets are not part of a
URL. Writes ``doc._.urls``: a list of `UrlMatch` in clean-text character offsets.
"""

from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urlsplit

import regex
from spacy.language import Language
from spacy.tokens import Doc

from .. import resources
from .textutil import doc_text, rx

if not Doc.has_extension("urls"):
    Doc.set_extension("urls", default=None)

#: code and model hosts whose addresses are URLs even without a scheme
_HOSTS = r"github\.com|gitlab\.com|huggingface\.co|anonymous\.4open\.science|bitbucket\.org"
_URL = rx(
    rf"(?<![\w@/.])(?:(?:https?|ftp)://|www\.|(?:{_HOSTS})/)"  # a scheme, "www." or a known host
    r"[^\s<>\"'`{}\\\[\]|^]+",                                   # then anything but space and brackets
    regex.IGNORECASE)
_TRAILING = ".,;:!?'\"*"


@dataclass(frozen=True)
class UrlMatch:
    start: int
    end: int
    url: str
    kind: str


def trim(url: str) -> str:
    """Drop trailing sentence punctuation and closing brackets that do not close anything."""
    while url:
        last = url[-1]
        if last in _TRAILING:
            url = url[:-1]
        elif last in ")>" and url.count("(" if last == ")" else "<") < url.count(last):
            url = url[:-1]
        else:
            break
    return url


@lru_cache(maxsize=1)
def _kind_rules():
    return [(r[0].casefold(), r[1], r[2]) for r in resources.rows("url_kinds.tsv")]


def url_kind(url: str) -> str:
    full = url if "://" in url else "https://" + url
    parts = urlsplit(full)
    host = (parts.hostname or "").casefold()
    segs = [s for s in parts.path.split("/") if s]
    for rule_host, prefix, kind in _kind_rules():
        if host != rule_host and not host.endswith("." + rule_host):
            continue
        if prefix == "<org>/<name>":
            if len(segs) >= 2:
                return kind
            continue
        if not prefix or parts.path.lstrip("/").startswith(prefix):
            return kind
    return "project"


def find_urls(text: str) -> list[UrlMatch]:
    out = []
    for m in _URL.finditer(text):
        url = trim(m.group())
        if len(url) < 8 or "." not in url:
            continue
        out.append(UrlMatch(m.start(), m.start() + len(url), url, url_kind(url)))
    return out


@Language.factory("urls", assigns=["doc._.urls"])
def make_urls(nlp: Language, name: str):
    return UrlsComponent()


class UrlsComponent:
    """Sets ``doc._.urls``."""

    def __call__(self, doc: Doc) -> Doc:
        doc._.urls = find_urls(doc_text(doc))
        return doc
