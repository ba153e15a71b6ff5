"""urls and bounds on real sentences (seeds and corpus shapes)."""
import pytest

from extractors.components.bounds import find_bounds
from extractors.components.urls import find_urls, url_kind
from extractors.normalize import normalize


@pytest.mark.parametrize("url,kind", [
    ("https://github.com/nju-websoft/FlowGen", "code"),
    ("https://anonymous.4open.science/r/e2e-model-444D/README.md", "code"),
    ("https://huggingface.co/datasets/openai/gsm8k", "data"),
    ("https://huggingface.co/spaces/org/demo", "code"),
    ("https://huggingface.co/meta-llama/Llama-2-7b", "model"),
    ("https://huggingface.co/papers", "project"),
    ("https://zenodo.org/record/123", "data"),
    ("https://www.kaggle.com/c/x", "data"),
    ("https://sites.google.com/view/x", "project"),
])
def test_url_kind(url, kind):
    assert url_kind(url) == kind


@pytest.mark.parametrize("raw,url", [
    ("Code is available at https://github.com/nju-websoft/FlowGen.", "https://github.com/nju-websoft/FlowGen"),
    ("see [here](https://github.com/a/b-c).", "https://github.com/a/b-c"),
    (r"at \url{https://x.org/a_b}.", "https://x.org/a_b"),
    (r"\href{https://x.org/p}{project page}", "https://x.org/p"),
    ("(code: https://github.com/a/b)", "https://github.com/a/b"),
    ("<https://example.com/x>", "https://example.com/x"),
    ("see www.example.org/page; and more", "www.example.org/page"),
    ("https://en.wikipedia.org/wiki/Foo_(bar) rocks", "https://en.wikipedia.org/wiki/Foo_(bar)"),
])
def test_urls_in_context(raw, url):
    n = normalize(raw)
    (m,) = find_urls(n.clean)
    assert m.url == url
    a, b = n.to_raw(m.start, m.end)
    assert url in n.raw[a:b] or n.raw[a:b] == url


@pytest.mark.parametrize("raw,notation,soft,expr,quantity", [
    (r"a new tester with query complexity $\widetilde{O}(s^4)$, independent", "O", True, "s^4", "query complexity"),
    (r"any tester requires at least $\Omega(s)$ queries.", "Omega", False, "s", "query complexity"),
    ("algorithms which achieve O(T^{1/2}) regret under bandit feedback", "O", False, "T^{1/2}", "regret"),
    ("we obtain Õ(√T) regret", "O", True, "√T", "regret"),
    (r"a sample complexity of $\Theta(d/\epsilon^2)$", "Theta", False, "d/\\epsilon^2", "sample complexity"),
    (r"runs in $o(n)$ time", "o", False, "n", "time complexity"),
    (r"with $\mathcal{O}(n \log n)$ memory", "O", False, "n \\log n", "space complexity"),
])
def test_bounds(raw, notation, soft, expr, quantity):
    n = normalize(raw)
    (b,) = find_bounds(n.clean)
    a, e = n.to_raw(b.arg_start, b.arg_end)
    assert (b.notation, b.soft, n.raw[a:e], b.quantity) == (notation, soft, expr, quantity)


def test_bound_quantity_carries_over_within_a_sentence():
    text = "achieve O(T^{1/2}) regret, an improvement from the previously best-known rates of O(T^{2/3})."
    first, second = find_bounds(normalize(text).clean)
    assert first.quantity == second.quantity == "regret"


@pytest.mark.parametrize("text", ["two (2) models", "Model O (see)", "the O-ring", "GPT-4o (new)", "ratio (x)"])
def test_not_bounds(text):
    assert find_bounds(normalize(text).clean) == []
