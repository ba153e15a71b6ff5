import pytest
from hypothesis import given, settings, strategies as st

from extractors.normalize import normalize

RAW = (r"we propose \texttt{MCPMark}, comprising $127$ tasks, $52.56$\% pass@1, "
       r"\widetilde{O}(s^4) and $\Omega(\sqrt{s})$, \underline{\textbf{R}}andom P\underline{\textbf{o}}licy, "
       r"\url{https://x.y/a_b}, \href{http://a.b}{here}, 1\,024 steps, **FS-DFM**, *i.e.*, "
       r"[code](https://github.com/a/b). ﬁne-tuning, $5\times$ faster, $\sim$100-fold, A&amp;B, "
       "non\u2011breaking, thin\u2009space")


def raw_of(n, clean_sub):
    i = n.clean.index(clean_sub)
    a, b = n.to_raw(i, i + len(clean_sub))
    return n.raw[a:b]


def test_latex_markdown_and_unicode_are_cleaned():
    n = normalize(RAW)
    for piece in ["MCPMark", "127 tasks", "52.56%", "O\u0303(s^4)", "Ω(√s)", "Random Policy", "https://x.y/a_b",
                  "here (http://a.b)", "1024 steps", "FS-DFM", "i.e.", "code (https://github.com/a/b)",
                  "fine-tuning", "5× faster", "~100-fold", "A&B", "non-breaking", "thin space"]:
        assert piece in n.clean, piece
    for marker in ["\\", "$", "**", "{", "}", "&amp;"]:
        assert marker not in n.clean


def test_spans_map_back_to_the_raw_markup():
    n = normalize(RAW)
    assert raw_of(n, "MCPMark") == "MCPMark"
    assert raw_of(n, "52.56%") == "$52.56$\\%"
    assert raw_of(n, "O\u0303(s^4)") == "\\widetilde{O}(s^4)"
    assert raw_of(n, "Ω(√s)") == "\\Omega(\\sqrt{s})"
    assert raw_of(n, "Random Policy") == "\\underline{\\textbf{R}}andom P\\underline{\\textbf{o}}licy"
    assert raw_of(n, "1024") == "1\\,024"
    assert raw_of(n, "fine") == "ﬁne"
    assert raw_of(n, "https://github.com/a/b") == "https://github.com/a/b"


def test_a_macro_argument_without_braces_is_written_once():
    """A macro whose argument follows a space ("\\sqrt n", "\\mathcal O") writes it once (it was
    written twice, "√nn", "OO(n)", and a bound after "OO" was not found); a space after a macro
    without arguments stays ("\\alpha parameter")."""
    for raw, clean, piece, raw_piece in [
            (r"at rate $O(1/\sqrt n)$.", "at rate O(1/√n).", "√n", r"\sqrt n"),
            (r"the SFO complexity is ${\mathcal O}(n \log n)$.", "the SFO complexity is O(n log n).",
             "O(n log n)", r"{\mathcal O}(n \log n)"),
            (r"the \alpha parameter", "the α parameter", "α parameter", r"\alpha parameter")]:
        n = normalize(raw)
        assert n.clean == clean
        assert raw_of(n, piece) == raw_piece


def test_markdown_bold_inside_words_is_stripped_and_marked_as_letters():
    n = normalize("We propose **Fa**st **S**parse **T**ransformer (**FaST**); Mi**x**ture, x**2 stays.")
    assert n.clean == "We propose Fast Sparse Transformer (FaST); Mixture, x**2 stays."
    assert raw_of(n, "Fast Sparse") == "Fa**st **S**parse"  # spans index the raw text, markup inside
    letters = [n.clean[a:b] for a, b, kind in n.marks if kind == "letters"]
    assert letters == ["Fa", "S", "T", "x"]
    assert [n.clean[a:b] for a, b, kind in n.marks if kind == "**"] == ["FaST"]


def test_unknown_macro_keeps_its_word_and_is_marked():
    """A LaTeX command no table knows ("\\OURS", a template's placeholder for the paper's name)
    keeps its word, marked `macro`, and maps back to the raw command's letters."""
    n = normalize(r"termed as \OURS. \OURS is fast; $\alpha$ stays math.")
    assert n.clean.startswith("termed as OURS. OURS is fast;")
    assert [n.clean[a:b] for a, b, kind in n.marks if kind == "macro"] == ["OURS", "OURS"]
    a, b = next((a, b) for a, b, kind in n.marks if kind == "macro")
    assert n.raw[slice(*n.to_raw(a, b))] == "OURS"


@pytest.mark.parametrize("raw, clean", [
    # standard LaTeX the macro table once lacked wrote its own name as a word, which became a name
    # ("lVert" a method, twice on the development annotations); user macros keep theirs (above)
    (r"a step $\rho \frac{g}{\lVert g \rVert}$ here", "a step ρ g/‖ g ‖ here"),
    (r"$\lvert S \rvert \gtrsim n$ and $p \lesssim q$", "| S | ≳ n and p ≲ q"),
    (r"$x \vee y$, $a \wedge b$, $\bullet$ one", "x ∨ y, a ∧ b, • one"),
    (r"$\binom{n}{k}$ subsets", "n choose k subsets"),
    (r"as shown \parencite{smith20} and by \textcite{lee21}.", "as shown  and by ."),
    (r"{\cal X} and {\ttfamily FooNet}", "X and FooNet"),
])
def test_standard_macros_are_symbols_not_words(raw, clean):
    assert normalize(raw).clean == clean


def test_text_accents_and_braced_macros_keep_the_spelling():
    n = normalize(r'G{\"o}del, Erd\H{o}s, Fran\c{c}ois, Polyak-{\L}ojasiewicz (PL), \L{}ukasz, $\tilde{O}(s)$')
    assert n.clean == "Gödel, Erdős, François, Polyak-Łojasiewicz (PL), Łukasz, O\u0303(s)"
    assert raw_of(n, "ö") == '\\"o'   # one character for the whole accent macro
    assert raw_of(n, "Łojasiewicz") == "{\\L}ojasiewicz"  # the group goes with its macro


def test_a_blackboard_letter_is_its_double_struck_character():
    """"\\mathbb{R}^2" is the plane, not the metric R^2: one letter or digit becomes its double-struck
    character and maps back to the whole macro; several letters stay as written."""
    n = normalize(r"points in $\mathbb{R}^2$, $\mathbb E[X]$, $\mathbb{1}_A$ and $\mathbb{RP}^2$; R^2 of 0.9")
    assert n.clean == "points in ℝ^2, 𝔼[X], 𝟙_A and RP^2; R^2 of 0.9"
    assert raw_of(n, "ℝ^2") == r"\mathbb{R}^2"
    assert raw_of(n, "𝔼[X]") == r"\mathbb E[X]"


def test_a_name_split_after_its_hyphen_is_joined():
    n = normalize("datasets Kinetics-         400, CIFAR- 100 and BLIP\u2010 2; first- and second-order, 10- 20")
    assert n.clean == "datasets Kinetics-400, CIFAR-100 and BLIP-2; first- and second-order, 10- 20"
    assert raw_of(n, "Kinetics-400") == "Kinetics-         400"


def test_plain_text_is_left_alone():
    s = "A plain abstract with 10% gains (and parentheses)."
    n = normalize(s)
    assert n.clean == s and n.to_raw(2, 7) == (2, 7)


def test_percent_is_not_a_latex_comment():
    n = normalize(r"reaches $5$ and 10% of \emph{all} data")
    assert n.clean == "reaches 5 and 10% of all data"


def test_latex_tie_is_a_space_but_approximately_and_ranges_stay():
    n = normalize("takes 1~day on Something-Something~v2 with ~5% gains and 3~5 layers")
    assert n.clean == "takes 1 day on Something-Something v2 with ~5% gains and 3~5 layers"
    assert n.to_raw(n.clean.index("day"), n.clean.index("day") + 3) == (8, 11)
    # a tie after an abbreviation's period: no "approximately" before the number
    n = normalize(r"large margins (e.g.~10.7\% absolute rise), as Hsu et al.~(2019) found")
    assert n.clean == "large margins (e.g. 10.7% absolute rise), as Hsu et al. (2019) found"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab1 {}$\\%*_[]()&;#~^\u2009ﬁ\u00ad\ntexbfO")), max_size=80),
       st.data())
def test_every_clean_span_maps_inside_the_raw_text(raw, data):
    n = normalize(raw)
    if not n.clean:
        return
    i = data.draw(st.integers(0, len(n.clean) - 1))
    j = data.draw(st.integers(i + 1, len(n.clean)))
    a, b = n.to_raw(i, j)
    assert 0 <= a <= b <= len(raw)


@pytest.mark.parametrize("raw, math, words", [
    # what a math island writes is marked `math`; words a macro writes in it `mathtext` (or the
    # name markup's own kind): letters outside those are variables, not names
    ("an $O(T^{3/4}+dT^{1/4})$ regret", ["O(T^3/4+dT^1/4)"], []),
    ("the sets $\\text{SST}\\cap \\text{STI}$ are large", ["SST∩ STI"], ["SST", "STI"]),
    ("we propose $\\texttt{TopoSRL}$, a method", ["TopoSRL"], ["TopoSRL"]),
    ("it costs $20 and reaches 41.5% mAP", [], []),          # a currency sign opens no math
])
def test_math_is_marked(raw, math, words):
    n = normalize(raw)
    assert [n.clean[a:b] for a, b, kind in n.marks if kind == "math"] == math
    assert [n.clean[a:b] for a, b, kind in n.marks if kind not in ("math", "macro")] == words
