"""The report in a real headless Chromium.

Chromium is driven by Selenium through Debian's `chromedriver` (package `chromium-driver`, built
from the same source as `chromium`, so the two always match): the helpers live in
benchmarks/report_screenshot.py, which also writes the committed output/report.png. Skipped when
Chromium, chromedriver or selenium is missing, except under CI (CI=true), where that fails.
"""
import importlib.util
import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT, SEEDS
from extractors.models import ENTITY_FIELDS
from extractors.report import CONFIDENCE_STEPS
from test_report import IMG, XSS, synthetic_records, write_records

_spec = importlib.util.spec_from_file_location("report_screenshot",
                                               ROOT / "benchmarks" / "report_screenshot.py")
rs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rs)

ENTITY_CLASSES = ("hl-method", "hl-model", "hl-dataset", "hl-benchmark", "hl-metric", "hl-task")

# the marks of one abstract's text whose text contains NEEDLE and whose class is one of CLASSES,
# each with whether it is painted (a background colour) and really on screen (after scrolling it
# into view, the point at its centre hits the mark or something inside it)
_FIND_MARKS = """
var prefix = arguments[0], needle = arguments[1], classes = arguments[2];
var art = Array.prototype.find.call(document.querySelectorAll('article.rec'), function (a) {
  return a.querySelector('.text').textContent.indexOf(prefix) === 0; });
if (!art) { return null; }
var out = [];
Array.prototype.forEach.call(art.querySelectorAll('.text mark.hl'), function (m) {
  if (m.textContent.indexOf(needle) < 0) { return; }
  if (!classes.some(function (c) { return m.classList.contains(c); })) { return; }
  m.scrollIntoView({block: 'center'});
  var r = m.getBoundingClientRect();
  var hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  out.push({cls: m.className, text: m.textContent, bg: getComputedStyle(m).backgroundColor,
            visible: r.width > 0 && r.height > 0 && !!hit && m.contains(hit)});
});
return out;
"""
_CLEAR = ("rgba(0, 0, 0, 0)", "transparent")


def highlighted(driver, prefix, needle, classes):
    marks = driver.execute_script(_FIND_MARKS, prefix, needle, list(classes))
    assert marks is not None, f"no abstract starting {prefix!r} in the page"
    return [m for m in marks if m["visible"] and m["bg"] not in _CLEAR]


@pytest.fixture(scope="module")
def browser():
    reason = rs.unavailable()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"CI needs headless Chromium: {reason}")
        pytest.skip(reason)
    with rs.chromium() as driver:
        yield driver


@pytest.fixture(scope="module")
def seeds_report(tmp_path_factory):
    """`extractors run seeds/ -o TMP` then `extractors report TMP -o TMP/report.html`."""
    out = tmp_path_factory.mktemp("report_seeds")
    cli = [sys.executable, "-m", "extractors"]
    subprocess.run(cli + ["run", str(SEEDS), "-o", str(out)], check=True, capture_output=True, cwd=ROOT)
    subprocess.run(cli + ["report", str(out), "-o", str(out / "report.html")], check=True,
                   capture_output=True, cwd=ROOT)
    return out


def test_seeds_report_in_chromium(browser, seeds_report):
    records = [json.loads(line) for line in
               (seeds_report / "records.jsonl").read_text(encoding="utf-8").splitlines()]
    mcp = next(r for r in records if r["text"].startswith("The MCP standardizes"))
    rs.open_report(browser, seeds_report / "report.html")

    # the result 52.56 is highlighted as a result and on screen
    hits = highlighted(browser, "The MCP standardizes", "52.56", ["hl-result"])
    assert hits, "52.56 is not highlighted in the MCPMark abstract"
    # MCPMark: highlighted as an entity whenever the record has a mention of it
    mentions = [m for f in ENTITY_FIELDS for e in mcp[f] for m in e["mentions"] if "MCPMark" in m["text"]]
    if mentions:
        ents = highlighted(browser, "The MCP standardizes", "MCPMark", ENTITY_CLASSES)
        assert len(ents) >= len(mentions), f"MCPMark mentions {mentions} not all highlighted: {ents}"

    # the least-confidence choice hides the leaderboard rows below it (as --min-confidence)
    from selenium.webdriver.support.ui import Select
    confs = [row.get("confidence") for r in records for row in r["leaderboard"]]
    visible = "return Array.prototype.filter.call(document.querySelectorAll('tr[data-lb]'), " \
              "function (tr) { return !tr.hidden; }).length"
    assert browser.execute_script(visible) == len(confs)
    choice = Select(browser.find_element("id", "minconf"))
    hides = False
    for step in CONFIDENCE_STEPS:   # each step shows exactly the rows at or above it
        choice.select_by_value(step)
        want = sum(1 for c in confs if c is not None and c >= float(step))
        assert browser.execute_script(visible) == want, f"least confidence {step}"
        hides = hides or want < len(confs)
    assert hides, f"no step of {CONFIDENCE_STEPS} hides a row of {confs}"
    choice.select_by_value("0")
    assert browser.execute_script(visible) == len(confs)

    # search and field filter work
    assert rs.search(browser, "MCPMark") == f"1 of {len(records)} abstracts shown"
    with_urls = sum(1 for r in records if r["urls"])
    assert rs.search(browser, "", "urls") == f"{with_urls} of {len(records)} abstracts shown"
    assert rs.search(browser, "") == f"{len(records)} of {len(records)} abstracts shown"

    assert rs.console_errors(browser) == []

    png = seeds_report / "report.png"
    rs.screenshot(browser, seeds_report / "report.html", png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 20_000
    assert rs.console_errors(browser) == []


def test_synthetic_report_in_chromium(browser, tmp_path):
    """Every field filled, entities included, and an abstract that tries to run script."""
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By

    records = synthetic_records()
    folder = write_records(tmp_path, records)
    subprocess.run([sys.executable, "-m", "extractors", "report", str(folder)], check=True,
                   capture_output=True, cwd=ROOT)
    rs.open_report(browser, folder / "report.html")

    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert  # noqa: B018 - nothing ran alert()
    assert browser.execute_script("return document.querySelectorAll('main img, main script, main i').length") == 0
    evil = next(a for a in browser.find_elements(By.CSS_SELECTOR, "article.rec")
                if XSS in a.find_element(By.CSS_SELECTOR, ".text").text)
    assert IMG in evil.find_element(By.CSS_SELECTOR, ".text").text
    assert XSS in evil.find_element(By.TAG_NAME, "h2").text  # the title, as text

    prefix = "The MCP standardizes tool use."
    assert len(highlighted(browser, prefix, "MCPMark", ["hl-benchmark"])) == 2
    assert highlighted(browser, prefix, "52.56", ["hl-result"])
    assert highlighted(browser, prefix, "gpt-5-medium", ["hl-model"])
    assert highlighted(browser, prefix, "REAP", ["hl-method"])

    # the leaderboard shows the qualifier with the number
    cells = [td.text for td in browser.find_elements(By.CSS_SELECTOR, "tr[data-lb] td.num")]
    assert "< 30" in cells and ">= 91.5" in cells

    # search by field: models named gpt -> one abstract; switching a type off unpaints it
    assert rs.search(browser, "gpt-5", "models") == "1 of 3 abstracts shown"
    assert rs.search(browser, "gpt-5", "datasets") == "0 of 3 abstracts shown"
    rs.search(browser, "")
    browser.find_element(By.CSS_SELECTOR, '#types input[data-type="result"]').click()
    assert not highlighted(browser, prefix, "52.56", ["hl-result"])
    assert highlighted(browser, prefix, "MCPMark", ["hl-benchmark"])

    assert rs.console_errors(browser) == []


CORPUS_SIZE = 5761  # the abstracts of /work/shared/corpus


def corpus_sized_records(seed_records, n=CORPUS_SIZE):
    """N records made from the seeds' records: copy k of a record has " (Copy k.)" after its text
    (its own id; every span still indexes the text). The MCPMark record's leaderboard rows are
    kept on its first 44 copies, spread over 22 dataset spellings: 264 rows, about the 261 of the
    corpus run."""
    from extractors.models import record_id
    out = []
    for k in range(n):
        rec = json.loads(json.dumps(seed_records[k % len(seed_records)]))
        rec["text"] += f" (Copy {k}.)"
        rec["id"] = record_id(rec["text"])
        copy = k // len(seed_records)
        rec["leaderboard"] = [dict(row, dataset=f"{row['dataset']}-v{copy % 22}")
                              for row in rec["leaderboard"]] if copy < 44 else []
        out.append(rec)
    return sorted(out, key=lambda r: r["id"])


@pytest.fixture(scope="module")
def corpus_report(tmp_path_factory, seed_records):
    from extractors.report import write_report
    folder = write_records(tmp_path_factory.mktemp("report_corpus"), corpus_sized_records(seed_records))
    write_report(folder, folder / "report.html")
    return folder


def test_corpus_sized_report_paints_first_within_two_seconds(browser, corpus_report):
    """5,761 records: the counts and leaderboards are painted, and the first 50 abstracts drawn,
    in under 2 s of a headless Chromium opening the file; search, the field filter and the
    leaderboard links reach all records, not only the page shown."""
    from selenium.webdriver.common.by import By

    page = corpus_report / "report.html"
    records = [json.loads(line) for line in (corpus_report / "records.jsonl").read_text(encoding="utf-8").splitlines()]
    print(f"\ncorpus-sized report: {len(records)} records, {page.stat().st_size / 1e6:.1f} MB")
    rs.open_report(browser, page)
    paint = dict(browser.execute_script(
        "return performance.getEntriesByType('paint').map(function (e) { return [e.name, e.startTime]; })"))
    ready = browser.execute_script("return performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
    print(f"first contentful paint {paint.get('first-contentful-paint')} ms, DOM ready {ready:.0f} ms")
    assert paint["first-contentful-paint"] < 2000

    assert browser.find_element(By.ID, "shown").text == f"{CORPUS_SIZE} of {CORPUS_SIZE} abstracts shown"
    assert len(browser.find_elements(By.CSS_SELECTOR, "article.rec")) == 50
    assert browser.find_element(By.CSS_SELECTOR, ".pager .pg").text == f"page 1 of {-(-CORPUS_SIZE // 50)}"
    assert len(browser.find_elements(By.CSS_SELECTOR, "tr[data-lb]")) == 264

    # search and the field filter see every record, not only the page drawn
    mcp = [r for r in records if r["text"].startswith(rs.MCP_PREFIX)]
    assert rs.search(browser, "gpt-5-medium", "models") == f"{len(mcp)} of {CORPUS_SIZE} abstracts shown"
    assert rs.search(browser, "(Copy 5760.)") == f"1 of {CORPUS_SIZE} abstracts shown"
    with_urls = sum(1 for r in records if r["urls"])
    assert rs.search(browser, "", "urls") == f"{with_urls} of {CORPUS_SIZE} abstracts shown"
    rs.search(browser, "")

    # a leaderboard link to a record far down the list opens its page and shows its result
    last = max(range(len(records)), key=lambda i: (bool(records[i]["leaderboard"]), i))
    link = browser.find_element(By.CSS_SELECTOR, f'a[data-rec="{last}"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    target = link.get_attribute("href").split("#", 1)[1]
    row = browser.find_element(By.ID, target)
    assert browser.execute_script(
        "var r = arguments[0].getBoundingClientRect(); return r.bottom > 0 && r.top < window.innerHeight", row)
    assert browser.find_element(By.CSS_SELECTOR, ".pager .pg").text == f"page {last // 50 + 1} of {-(-CORPUS_SIZE // 50)}"
    assert rs.console_errors(browser) == []
