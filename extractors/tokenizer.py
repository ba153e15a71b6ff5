"""The project's tokenizer: spaCy's English rules, adjusted for names in ML text.

Hyphens between letters do not split a token, so names such as ``Kimi-K2``, ``EMO-DB``,
``FS-DFM`` and ``Exponential-Wrapped`` stay one token (spaCy already keeps ``gpt-5-medium`` and
``Qwen3-Coder-480B`` whole); ``@`` and ``^`` stay inside tokens (``pass@1``, ``pass^4``).
Registered as ``extractors.ml_tokenizer.v1`` so that a trained pipeline's config names it.
"""
from __future__ import annotations

import spacy
from spacy.lang.en import English
from spacy.tokenizer import Tokenizer
from spacy.util import compile_infix_regex, compile_prefix_regex, compile_suffix_regex


def _infixes():
    out = []
    for pat in English.Defaults.infixes:
        if "-|–|—|--|---|——|~" in pat:  # the hyphen-between-letters rule
            pat = pat.replace("-|–|—|--|---|——|~", "–|—|--|---|——|~")
        out.append(pat)
    return out


def make_tokenizer(nlp) -> Tokenizer:
    prefixes = [p for p in nlp.Defaults.prefixes]
    suffixes = [s for s in nlp.Defaults.suffixes]
    return Tokenizer(
        nlp.vocab,
        rules=nlp.Defaults.tokenizer_exceptions,
        prefix_search=compile_prefix_regex(prefixes).search,
        suffix_search=compile_suffix_regex(suffixes).search,
        infix_finditer=compile_infix_regex(_infixes()).finditer,
        token_match=nlp.Defaults.token_match,
        url_match=nlp.Defaults.url_match,
    )


@spacy.registry.tokenizers("extractors.ml_tokenizer.v1")
def create_ml_tokenizer():
    return make_tokenizer
