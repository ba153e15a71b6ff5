"""Write output/report.html and output/report.png from the committed output/records.jsonl.

    python benchmarks/report_screenshot.py            # output/report.html + output/report.png
    python benchmarks/report_screenshot.py --out DIR  # DIR/records.jsonl -> DIR/report.{html,png}

The PNG is a screenshot of the report in headless Chromium, searched for "MCPMark" so that the
counts, the leaderboards and the MCPMark abstract with its highlights are on one picture.

Needs Debian's `chromium` and `chromium-driver` (`apt-get install -y chromium chromium-driver`)
and selenium (`pip install '.[test]'`). tests/test_report_browser.py drives Chromium through the
helpers here, so the test and the committed screenshot see the same browser setup.

Why Selenium + chromedriver: Debian builds `chromium-driver` from the same source as `chromium`,
so the two always match version for version (Playwright pins its own browser builds and its
protocol to them, and cannot download one here); chromedriver gives the console log
(`goog:loggingPrefs`), alerts, element screenshots and real DOM queries through a stable W3C API.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars", "--force-device-scale-factor=1"]
MCP_PREFIX = "The MCP standardizes"


def unavailable() -> str | None:
    """Why Chromium cannot be driven here, or None when it can."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            return f"{path} not found (apt-get install -y chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium not installed (pip install '.[test]')"
    return None


@contextmanager
def chromium(width: int = 1280, height: int = 1600):
    """A headless Chromium driven by Debian's chromedriver, with a fresh profile, quit after."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="report-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in FLAGS:
        opts.add_argument(flag)
    opts.add_argument(f"--window-size={width},{height}")
    opts.add_argument(f"--user-data-dir={profile}")
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def console_errors(driver) -> list[dict]:
    """Console entries at error level (uncaught exceptions, console.error, CSP violations,
    failed loads) logged since the last call."""
    return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def open_report(driver, html_path: Path) -> None:
    driver.get(Path(html_path).resolve().as_uri())
    driver.execute_script("return document.readyState")  # waits for the load to finish


def search(driver, query: str, field: str = "") -> str:
    """Type QUERY into the page's search box (and pick FIELD); returns the 'N of M' line."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select
    box = driver.find_element(By.ID, "q")
    if box.get_attribute("value"):
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(Keys.BACKSPACE)  # typed, so the page sees input events
    if query:
        box.send_keys(query)
    Select(driver.find_element(By.ID, "field")).select_by_value(field)
    return driver.find_element(By.ID, "shown").text


def screenshot(driver, html_path: Path, png_path: Path, query: str = "MCPMark") -> None:
    """The report searched for QUERY, the whole page height (at most 4000 px) as a PNG."""
    open_report(driver, html_path)
    search(driver, query)
    height = int(driver.execute_script("return document.documentElement.scrollHeight"))
    # the viewport itself (not the window, whose frame size varies) set to the page height
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 1280, "height": min(max(height, 800), 4000), "deviceScaleFactor": 1, "mobile": False})
    driver.execute_script("window.scrollTo(0, 0)")
    Path(png_path).parent.mkdir(parents=True, exist_ok=True)
    if not driver.save_screenshot(str(png_path)):
        raise RuntimeError(f"could not write {png_path}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "output",
                    help="folder holding records.jsonl; report.html and report.png go there too")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from extractors.report import write_report
    html_path, png_path = args.out / "report.html", args.out / "report.png"
    n = write_report(args.out, html_path)
    print(f"{n} records -> {html_path}", file=sys.stderr)
    reason = unavailable()
    if reason:
        print(f"no screenshot: {reason}", file=sys.stderr)
        return 1
    with chromium() as driver:
        screenshot(driver, html_path, png_path)
        errors = console_errors(driver)
    if errors:
        print(f"console errors: {errors}", file=sys.stderr)
        return 1
    print(f"screenshot -> {png_path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
