"""`extractors report`: one self-contained static HTML page over a folder's records.jsonl.

The page holds, at the top, counts per field over the whole set and the leaderboard tables,
drawn by leaderboard.py exactly as `extractors leaderboard` draws them (scores ranked per
(dataset, metric), deltas and ratios as reported improvements with their baseline); then, per
abstract, the raw text with every extracted span highlighted by type, a panel with the record's
fields and the results as a table.

Fast on a corpus: the counts and leaderboards are plain HTML at the top, and the abstracts are
data, not markup: one `<script type="application/json">` block holds, per record, its rendered
(escaped) HTML and the text of each of its fields; a few lines of plain JavaScript show one page
of 50 records at a time and search and filter by field over all of them (a leaderboard link opens
the page that holds its record); a choice above the leaderboards hides the rows the link scorer is
less sure of than a least confidence, as `extractors leaderboard --min-confidence` leaves them
out. The browser so lays out 50 articles, not thousands, before it first paints.

Records are read as plain JSON (the pipeline is never imported), so the report works on any
file that follows docs/SPEC.md and tolerates missing fields.

Safety and determinism:
- every piece of text that comes from a record is HTML-escaped, attributes included; the data
  block is JSON with `</` written `<\\/`, `<!` written `\\u003c!` and U+2028/U+2029 escaped, so
  nothing in a record can end the block or open a comment in it;
- a Content-Security-Policy allows only the page's own inline style and script (by their
  sha256), so nothing is fetched at view time and an injected script or handler could not run
  even if escaping were ever missed;
- nothing depends on the clock, the paths or hash order: the same records give byte-identical
  HTML.

Overlapping spans: spans are nested by (start, longest first, type order, record order); a span
that crosses the end of one already open is cut there and continues after it (the continuation
carries the class `cont`), so every piece is a properly nested `<mark>`.
"""
from __future__ import annotations

import base64
import hashlib
import heapq
import html
import json
import math
import os
import re
from pathlib import Path
from typing import Any, Iterable, NamedTuple

from . import leaderboard as lb
from .models import ENTITY_FIELDS, TYPE_OF_FIELD
from .recordfiles import RECORD_SHAPE_ERRORS, BadLine, read_objects


class ReportError(Exception):
    """A records file that cannot be read (missing, not JSON)."""


# highlight types: entity types (one per entity field), then the other spans. The order is the
# nesting order for spans with equal offsets (earlier = outer) and the legend order.
ENTITY_TYPE = {f: TYPE_OF_FIELD[f].lower() for f in ENTITY_FIELDS}
HL_TYPES = tuple(ENTITY_TYPE[f] for f in ENTITY_FIELDS) + ("acronym", "result", "bound", "url")
_PRIO = {t: i for i, t in enumerate(HL_TYPES)}
COUNT_FIELDS = ENTITY_FIELDS + ("acronyms", "results", "bounds", "urls", "leaderboard")
FIELD_TYPE = {**ENTITY_TYPE, "acronyms": "acronym", "results": "result", "bounds": "bound",
              "urls": "url"}
RESULT_KINDS = ("score", "delta", "ratio", "count", "setting")

_CSS = """
:root{--fg:#1d1d1f;--mut:#5f6368;--line:#d9dce1;--bg:#f6f7f9}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:var(--fg);background:var(--bg)}
header,main{max-width:1400px;margin:0 auto;padding:12px 20px}
h1{font-size:22px;margin:8px 0}
h2{font-size:16px;margin:0 0 6px}
h3{font-size:13px;margin:10px 0 4px;text-transform:uppercase;letter-spacing:.03em;color:var(--mut)}
code,.mono{font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:12px}
table{border-collapse:collapse;margin:4px 0 10px;background:#fff}
th,td{border:1px solid var(--line);padding:2px 6px;text-align:left;vertical-align:top}
th{background:#eef0f3;font-weight:600}
td.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.q{font-weight:700;color:#b3261e}
.mut{color:var(--mut)}
.box{background:#fff;border:1px solid var(--line);border-radius:6px;padding:10px 14px;margin:10px 0}
#controls{position:sticky;top:0;z-index:2;background:var(--bg);border-bottom:1px solid var(--line);padding:8px 0;display:flex;flex-wrap:wrap;gap:8px 14px;align-items:center}
#controls input[type=search]{width:320px;padding:4px 6px}
#types label{margin-right:6px;white-space:nowrap;cursor:pointer}
.summary{display:flex;flex-wrap:wrap;gap:0 28px;align-items:flex-start}
.lbs{display:flex;flex-wrap:wrap;gap:0 24px;align-items:flex-start}
.lb h4{margin:6px 0 2px;font-size:13px}
.pager{display:flex;gap:10px;align-items:center;margin:8px 0}
button.fld{border:0;background:none;color:#0b57d0;cursor:pointer;padding:0;font:inherit;text-decoration:underline}
article.rec{background:#fff;border:1px solid var(--line);border-radius:6px;padding:10px 14px;margin:12px 0}
.src{margin:0 0 8px;color:var(--mut);font-size:12px}
.cols{display:grid;grid-template-columns:minmax(0,3fr) minmax(260px,2fr);gap:16px}
@media (max-width:900px){.cols{grid-template-columns:1fr}}
.text{white-space:pre-wrap;overflow-wrap:anywhere;line-height:1.9;font-size:15px}
.fields ul{margin:0;padding-left:18px}
.fields li{margin:1px 0}
.role{font-size:11px;border-radius:3px;padding:0 4px;background:#eee;color:#333}
.role-proposed{background:#1e8e3e;color:#fff}
.sw{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:4px;vertical-align:middle}
mark.hl{color:inherit;padding:1px 1px;border-radius:3px;border-bottom:2px solid transparent}
mark.hl.cont{border-top-left-radius:0;border-bottom-left-radius:0}
.hl-method,.sw-method{background:#cfe3ff;border-color:#4a86e8}
.hl-model,.sw-model{background:#ded4ff;border-color:#7e57c2}
.hl-dataset,.sw-dataset{background:#c8f0d0;border-color:#2e9d4a}
.hl-benchmark,.sw-benchmark{background:#ffdcaa;border-color:#e8710a}
.hl-metric,.sw-metric{background:#ffd0dc;border-color:#d81b60}
.hl-task,.sw-task{background:#e4f3a6;border-color:#7cb342}
.hl-acronym,.sw-acronym{background:#e3e3e3;border-color:#757575}
.hl-result,.sw-result{background:#fff06a;border-color:#c9a400;font-weight:600}
.hl-bound,.sw-bound{background:#b9ecf3;border-color:#00838f}
.hl-url,.sw-url{background:#e2d6cf;border-color:#6d4c41}
""" + "".join(f".off-{t} mark.hl-{t}{{background:none;border-color:transparent;font-weight:inherit}}\n"
              for t in HL_TYPES)

_JS = """
(function () {
  var PER = 50;
  var data = JSON.parse(document.getElementById('records').textContent);
  var q = document.getElementById('q'), fld = document.getElementById('field');
  var shown = document.getElementById('shown'), box = document.getElementById('recs');
  var pagers = Array.prototype.slice.call(document.querySelectorAll('.pager'));
  var rows = Array.prototype.slice.call(document.querySelectorAll('tr[data-lb]'));
  var mc = document.getElementById('minconf');
  var ENT = {amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'"};
  var matches = [], page = 0, plain = null;
  function has(el, s) { return el.textContent.toLowerCase().indexOf(s) >= 0; }
  function text(s) {  // escaped HTML -> its text, lowercased
    return s.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#x27);/g, function (m, e) {
      return ENT[e]; }).toLowerCase();
  }
  function texts() {  // each record's whole text, made on the first search
    if (!plain) { plain = data.map(function (r) { return text(r.h); }); }
    return plain;
  }
  function draw() {
    var n = Math.max(1, Math.ceil(matches.length / PER));
    page = Math.min(page, n - 1);
    box.innerHTML = matches.slice(page * PER, (page + 1) * PER).map(function (i) { return data[i].h; }).join('');
    pagers.forEach(function (p) {
      p.querySelector('.pg').textContent = 'page ' + (page + 1) + ' of ' + n;
      p.querySelector('.prev').disabled = page === 0;
      p.querySelector('.next').disabled = page >= n - 1;
    });
  }
  function apply() {
    var s = q.value.trim().toLowerCase(), f = fld.value, all = s && !f ? texts() : null;
    matches = [];
    data.forEach(function (r, i) {
      var ok = !f || Object.prototype.hasOwnProperty.call(r.f, f);
      if (ok && s) { ok = (f ? text(r.f[f]) : all[i]).indexOf(s) >= 0; }
      if (ok) { matches.push(i); }
    });
    var min = mc ? +mc.value : 0;
    rows.forEach(function (tr) {
      var c = tr.getAttribute('data-conf');
      var unsure = min > 0 && (c === '' || +c < min);
      tr.hidden = unsure || (!!s && !has(tr, s) && !has(tr.closest('.lb').querySelector('h4'), s));
    });
    shown.textContent = matches.length + ' of ' + data.length + ' abstracts shown';
    page = 0;
    draw();
  }
  function show(i, id) {  // the page holding record i, scrolled to the element `id`
    if (matches.indexOf(i) < 0) { q.value = ''; fld.value = ''; apply(); }
    page = Math.floor(matches.indexOf(i) / PER);
    draw();
    var el = document.getElementById(id);
    if (el) { el.scrollIntoView(); }
  }
  q.addEventListener('input', apply);
  fld.addEventListener('change', apply);
  if (mc) { mc.addEventListener('change', apply); }
  pagers.forEach(function (p) {
    p.querySelector('.prev').addEventListener('click', function () { page -= 1; draw(); box.scrollIntoView(); });
    p.querySelector('.next').addEventListener('click', function () { page += 1; draw(); box.scrollIntoView(); });
  });
  document.addEventListener('click', function (ev) {
    var a = ev.target.closest ? ev.target.closest('a[data-rec]') : null;
    if (!a) { return; }
    ev.preventDefault();
    history.replaceState(null, '', a.getAttribute('href'));
    show(+a.getAttribute('data-rec'), a.getAttribute('href').slice(1));
  });
  Array.prototype.forEach.call(document.querySelectorAll('button.fld'), function (b) {
    b.addEventListener('click', function () { fld.value = b.getAttribute('data-f'); apply(); });
  });
  Array.prototype.forEach.call(document.querySelectorAll('#types input'), function (c) {
    c.addEventListener('change', function () {
      document.body.classList.toggle('off-' + c.getAttribute('data-type'), !c.checked);
    });
  });
  apply();
  var hash = decodeURIComponent(location.hash.slice(1));
  if (hash.indexOf('r-') === 0) {
    data.some(function (r, i) {
      if (hash === 'r-' + r.i || hash.indexOf('r-' + r.i + '-') === 0) { show(i, hash); return true; }
      return false;
    });
  }
})();
"""


def _sha256(s: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(s.encode("utf-8")).digest()).decode("ascii")


_CSP = (f"default-src 'none'; style-src '{_sha256(_CSS)}'; script-src '{_sha256(_JS)}'; "
        "img-src data:; base-uri 'none'; form-action 'none'")


# ---------------------------------------------------------------------------------------------
# reading

def records_path(src: Path) -> Path:
    """DIR/records.jsonl for a folder; the file itself otherwise."""
    src = Path(src)
    return src / "records.jsonl" if src.is_dir() else src


def load_records(src: Path) -> list[dict]:
    """The records of DIR/records.jsonl (or of a .jsonl / .json file), in file order."""
    path = records_path(src)
    items = []
    try:
        for n, obj in read_objects(path):
            if isinstance(obj, BadLine):
                raise ReportError(f"{path}:{n}: {obj}")
            items.append(obj)
    except FileNotFoundError:
        raise ReportError(f"{path}: no such file") from None
    except OSError as e:
        raise ReportError(f"{path}: cannot read: {e.strerror or e}") from None
    for n, rec in enumerate(items, 1):
        if not isinstance(rec, dict) or not isinstance(rec.get("text"), str):
            raise ReportError(f"{path}: record {n} is not an object with a `text` string")
    return items


# ---------------------------------------------------------------------------------------------
# small helpers

def esc(value: Any) -> str:
    """HTML-escaped text, safe in element content and in double-quoted attributes."""
    return html.escape("" if value is None else str(value), quote=True)


def _list(rec: dict, field: str) -> list:
    v = rec.get(field)
    return [x for x in v if isinstance(x, dict)] if isinstance(v, list) else []


def fmt_num(v: Any) -> str:
    """A number as written: integers without `.0`, others as the shortest round-trip repr."""
    if isinstance(v, bool) or v is None:
        return "" if v is None else str(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isfinite(v) and v.is_integer() and abs(v) < 1e16:
            return str(int(v))
        return repr(v)
    return str(v)


def fmt_value(v: Any, qualifier: Any = None, uncertainty: Any = None) -> str:
    """The value with its qualifier in front (`< 30`, `up to 40`) and its spread after it
    (`85.3 ± 0.4`, as `extractors leaderboard` shows it), HTML-escaped."""
    spread = isinstance(uncertainty, (int, float)) and not isinstance(uncertainty, bool) \
        and isinstance(v, (int, float)) and not isinstance(v, bool)
    num = esc(lb.spread_text(v, uncertainty) if spread else fmt_num(v))
    return f'<span class="q">{esc(qualifier)}</span> {num}' if qualifier else num


def _span(obj: dict) -> tuple[int, int] | None:
    sp = obj.get("span") if "span" in obj else obj
    if not isinstance(sp, dict):
        return None
    s, e = sp.get("start"), sp.get("end")
    if isinstance(s, int) and isinstance(e, int) and not isinstance(s, bool) and not isinstance(e, bool):
        return s, e
    return None


def _joined(xs: Iterable[Any]) -> str:
    return ", ".join(str(x) for x in xs if x not in (None, ""))


def _subjects(res: dict) -> str:
    subs = [s for s in (res.get("subjects") or []) if isinstance(s, str)]
    subj = res.get("subject")
    if isinstance(subj, str) and subj not in subs:
        subs = [subj] + subs
    return _joined(subs)


# ---------------------------------------------------------------------------------------------
# highlighting

class Hl(NamedTuple):
    start: int
    end: int
    type: str
    seq: int        # position in the record's collection order: the last tie-breaker
    label: str      # the tooltip
    ref: str        # "field-index" of the item it belongs to


def collect_spans(rec: dict) -> tuple[list[Hl], int]:
    """Every extracted span of the record as highlights, and how many were out of range."""
    text = rec["text"]
    out: list[Hl] = []
    bad = 0

    def add(obj, typ, label, ref):
        nonlocal bad
        se = _span(obj)
        if se is None or not (0 <= se[0] < se[1] <= len(text)):
            bad += 1
            return
        out.append(Hl(se[0], se[1], typ, len(out), label, ref))

    for field in ENTITY_FIELDS:
        typ = ENTITY_TYPE[field]
        for i, ent in enumerate(_list(rec, field)):
            label = f"{typ}: {ent.get('name')} ({ent.get('role') or 'used'})"
            aliases = _joined(ent.get("aliases") or [])
            if aliases:
                label += f" aka {aliases}"
            for m in ent.get("mentions") or []:
                add(m if isinstance(m, dict) else {}, typ, label, f"{field}-{i}")
    for i, a in enumerate(_list(rec, "acronyms")):
        add(a, "acronym", f"acronym: {a.get('short')} = {a.get('long')}", f"acronyms-{i}")
    for i, r in enumerate(_list(rec, "results")):
        parts = [f"result ({r.get('kind')})", " ".join(str(x) for x in (
            r.get("qualifier"), fmt_num(r.get("value")),
            f"± {fmt_num(r.get('uncertainty'))}" if r.get("uncertainty") is not None else None,
            r.get("unit")) if x not in (None, ""))]
        for key, name in (("metric", "metric"), ("subject", "subject"), ("dataset", "dataset")):
            val = _subjects(r) if key == "subject" else r.get(key)
            if val:
                parts.append(f"{name}: {val}")
        add(r, "result", " · ".join(parts), f"results-{i}")
    for i, b in enumerate(_list(rec, "bounds")):
        label = f"bound: {'soft ' if b.get('soft') else ''}{b.get('notation')}({b.get('expression')})"
        if b.get("quantity"):
            label += f" · {b.get('quantity')}"
        add(b, "bound", label, f"bounds-{i}")
    for i, u in enumerate(_list(rec, "urls")):
        add(u, "url", f"url ({u.get('kind')}): {u.get('url')}", f"urls-{i}")
    return out, bad


def nest(spans: list[Hl]) -> list[tuple[Hl, int, int, bool]]:
    """Properly nested pieces (span, start, end, is_continuation) in document order.

    Spans are taken by (start, longest first, type order, collection order); one that crosses
    the end of the innermost open piece is cut there and its rest queued again, so the result
    is a tree whatever the overlaps, and the same spans always give the same pieces."""
    heap = [(h.start, -h.end, _PRIO[h.type], h.seq, False) for h in spans]
    heapq.heapify(heap)
    by_seq = {h.seq: h for h in spans}
    open_ends: list[int] = []
    pieces = []
    while heap:
        s, neg_e, prio, seq, cont = heapq.heappop(heap)
        e = -neg_e
        while open_ends and open_ends[-1] <= s:
            open_ends.pop()
        if open_ends and e > open_ends[-1]:
            cut = open_ends[-1]
            heapq.heappush(heap, (cut, -e, prio, seq, True))
            e = cut
        pieces.append((by_seq[seq], s, e, cont))
        open_ends.append(e)
    return pieces


def highlight(text: str, spans: list[Hl]) -> str:
    """The text, HTML-escaped, with every span wrapped in `<mark class="hl hl-TYPE">`."""
    out: list[str] = []
    pos = 0
    stack: list[int] = []
    for h, s, e, cont in nest(spans):
        while stack and stack[-1] <= s:
            end = stack.pop()
            out.append(esc(text[pos:end]))
            out.append("</mark>")
            pos = end
        out.append(esc(text[pos:s]))
        pos = s
        cls = f"hl hl-{h.type}" + (" cont" if cont else "")
        out.append(f'<mark class="{cls}" data-ref="{esc(h.ref)}" title="{esc(h.label)}">')
        stack.append(e)
    while stack:
        end = stack.pop()
        out.append(esc(text[pos:end]))
        out.append("</mark>")
        pos = end
    out.append(esc(text[pos:]))
    return "".join(out)


# ---------------------------------------------------------------------------------------------
# page parts

def _rid(rec: dict, n: int) -> str:
    rid = rec.get("id")
    return str(rid) if rid else f"record-{n}"


def _counts(records: list[dict]) -> str:
    rows = [f"<tr><td>records</td><td class=\"num\">{len(records)}</td><td class=\"num\">"
            f"{len(records)}</td><td></td></tr>"]
    for field in COUNT_FIELDS:
        items = sum(len(_list(r, field)) for r in records)
        having = sum(1 for r in records if _list(r, field))
        extra = ""
        if field in ENTITY_FIELDS:
            mentions = sum(len(e.get("mentions") or []) for r in records for e in _list(r, field))
            proposed = sum(1 for r in records for e in _list(r, field) if e.get("role") == "proposed")
            extra = f"{mentions} mentions, {proposed} proposed"
        elif field == "results":
            kinds = {k: 0 for k in RESULT_KINDS}
            for r in records:
                for res in _list(r, field):
                    k = str(res.get("kind"))
                    kinds[k] = kinds.get(k, 0) + 1
            extra = ", ".join(f"{v} {k}" for k, v in kinds.items() if v)
        sw = f'<span class="sw sw-{FIELD_TYPE[field]}"></span>' if field in FIELD_TYPE else ""
        name = (f'<button class="fld" type="button" data-f="{field}">{field}</button>'
                if field != "leaderboard" else field)
        rows.append(f"<tr><td>{sw}{name}</td><td class=\"num\">{items}</td>"
                    f"<td class=\"num\">{having}</td><td class=\"mut\">{esc(extra)}</td></tr>")
    return ("<div><h3>Counts per field</h3><table><thead><tr><th>field</th><th>items</th>"
            "<th>records with any</th><th>detail</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table></div>")


class Boards(NamedTuple):
    """The leaderboards of a set of records, as `extractors leaderboard` builds them."""

    tables: list            # leaderboard.Table: scores, ranked
    improvements: list      # leaderboard.Improvements: deltas and ratios with their baselines
    record_at: dict         # record id -> position of the record in the report
    problems: tuple = ()    # rows and records left out, as `extractors leaderboard` reports them


def leaderboards(records: list[dict]) -> Boards:
    """The score tables and reported improvements of the records, grouped and sorted by
    leaderboard.py (one grouping for the report and `extractors leaderboard`)."""
    col = lb.collect_records(records)
    record_at: dict[str, int] = {}
    for n, rec in enumerate(records):
        record_at.setdefault(_rid(rec, n), n)
    return Boards(lb.build_tables(col.entries), lb.build_improvements(col.entries), record_at, tuple(col.problems))


def _record_link(e, record_at: dict) -> str:
    """A link to the result behind a row; the page's script opens the page that holds it."""
    n = record_at.get(e.record_id, 0)
    anchor = f"r-{e.record_id}-results-{e.result_index}"
    return f'<a class="mono" href="#{esc(anchor)}" data-rec="{n}">{esc(e.record_id)}</a>'


def _left_out(problems: tuple) -> str:
    """A line saying which leaderboard rows the records' breaks left out (none: nothing)."""
    if not problems:
        return ""
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return f'<p class="mut">Left out, as <code>extractors leaderboard</code> reports: {esc(problems[0])}{more}</p>'


def _leaderboards(records: list[dict]) -> str:
    boards = leaderboards(records)
    if not boards.tables and not boards.improvements:
        return ('<div class="box"><h3>Leaderboards</h3><p class="mut">No leaderboard rows in '
                'these records (a row needs a result with subject, dataset and metric).</p>'
                f'{_left_out(boards.problems)}</div>')
    n_rows = sum(len(t.entries) for t in boards.tables)
    parts = [f'<div class="box"><h3>Leaderboards ({len(boards.tables)} tables, {n_rows} rows: '
             'scores only)</h3>' + _left_out(boards.problems) + _confidence_control() + '<div class="lbs">']
    for t in boards.tables:
        order = "lower is better" if t.lower_is_better else "higher is better"
        parts.append(f'<div class="lb"><h4>{esc(t.dataset)} · {esc(t.metric)} '
                     f'<span class="mut">({order})</span></h4><table><thead><tr><th>#</th>'
                     "<th>subject</th><th>value</th><th>unit</th><th>qualifier</th><th>split</th>"
                     "<th>confidence</th><th>record</th></tr></thead><tbody>")
        for rank, e in zip(t.ranks(), t.entries):
            parts.append(f'<tr data-lb="1" data-conf="{_conf_attr(e.confidence)}"><td class="num">{rank}</td><td>{esc(e.subject)}</td>'
                         f'<td class="num">{fmt_value(e.value, e.qualifier, e.uncertainty)}</td>'
                         f'<td>{esc(e.unit or "")}</td><td>{esc(e.qualifier or "")}</td><td>{esc(e.split or "")}</td>'
                         f'<td class="num">{lb.confidence_text(e.confidence)}</td>'
                         f'<td>{_record_link(e, boards.record_at)}</td></tr>')
        parts.append("</tbody></table></div>")
    parts.append("</div></div>")
    if boards.improvements:
        n_rows = sum(len(t.entries) for t in boards.improvements)
        parts.append(f'<div class="box"><h3>Reported improvements ({len(boards.improvements)} tables, '
                     f'{n_rows} rows: deltas and ratios against a baseline, not ranked)</h3><div class="lbs">')
        for t in boards.improvements:
            parts.append(f'<div class="lb"><h4>{esc(t.dataset)} · {esc(t.metric)}</h4><table><thead><tr>'
                         "<th>subject</th><th>baseline</th><th>change</th><th>kind</th><th>unit</th>"
                         "<th>qualifier</th><th>confidence</th><th>record</th></tr></thead><tbody>")
            for e in t.entries:
                parts.append(f'<tr data-lb="1" data-conf="{_conf_attr(e.confidence)}"><td>{esc(e.subject)}</td>'
                             f'<td>{esc(e.baseline or "")}</td>'
                             f'<td class="num">{fmt_value(e.value, e.qualifier, e.uncertainty)}</td><td>{esc(e.kind)}</td>'
                             f'<td>{esc(e.unit or "")}</td><td>{esc(e.qualifier or "")}</td>'
                             f'<td class="num">{lb.confidence_text(e.confidence)}</td>'
                             f'<td>{_record_link(e, boards.record_at)}</td></tr>')
            parts.append("</tbody></table></div>")
        parts.append("</div></div>")
    return "".join(parts)


#: the least row confidences the report offers (`Filters.min_confidence` of `extractors leaderboard`)
CONFIDENCE_STEPS = ("0.3", "0.5", "0.7", "0.9")


def _confidence_control() -> str:
    """A choice of the least confidence of the leaderboard rows shown (the page's script hides the
    others, and rows of unknown confidence, as `extractors leaderboard --min-confidence` leaves
    them out)."""
    opts = "".join(f'<option value="{c}">{c}</option>' for c in CONFIDENCE_STEPS)
    return ('<p class="mut"><label>rows the link scorer is at least <select id="minconf" '
            f'aria-label="least confidence"><option value="0">any</option>{opts}</select> sure of</label></p>')


def _conf_attr(c) -> str:
    """A row's confidence as the page's script compares it: as the record writes it, '' when unknown."""
    return "" if c is None else repr(float(c))


def _controls() -> str:
    opts = "".join(f'<option value="{f}">{f}</option>' for f in COUNT_FIELDS if f != "leaderboard")
    types = "".join(f'<label><input type="checkbox" checked data-type="{t}"> '
                    f'<mark class="hl hl-{t}">{t}</mark></label>' for t in HL_TYPES)
    return ('<div id="controls"><input id="q" type="search" placeholder="search text or names" '
            'aria-label="search"><label>in <select id="field" aria-label="field">'
            f'<option value="">any field</option>{opts}</select></label>'
            f'<span id="shown" class="mut"></span><span id="types">{types}</span></div>')


def _pager() -> str:
    return ('<div class="pager"><button type="button" class="prev">‹ previous</button>'
            '<span class="pg mut"></span><button type="button" class="next">next ›</button></div>')


def _entity_panel(rec: dict, rid: str) -> str:
    parts = []
    for field in ENTITY_FIELDS:
        ents = _list(rec, field)
        if not ents:
            continue
        typ = ENTITY_TYPE[field]
        items = []
        for i, e in enumerate(ents):
            role = e.get("role") or "used"
            aliases = _joined(e.get("aliases") or [])
            n = len(e.get("mentions") or [])
            items.append(f'<li id="r-{esc(rid)}-{field}-{i}" data-field="{field}">'
                         f'<span class="sw sw-{typ}"></span><b>{esc(e.get("name"))}</b> '
                         f'<span class="role role-{esc(role)}">{esc(role)}</span>'
                         + (f' <span class="mut">aka {esc(aliases)}</span>' if aliases else "")
                         + f' <span class="mut">· {n} mention{"" if n == 1 else "s"}</span></li>')
        parts.append(f"<h3>{field} ({len(ents)})</h3><ul>{''.join(items)}</ul>")
    acr = _list(rec, "acronyms")
    if acr:
        items = "".join(f'<li data-field="acronyms"><span class="sw sw-acronym"></span><b>{esc(a.get("short"))}</b>'
                        f' = {esc(a.get("long"))}</li>' for a in acr)
        parts.append(f"<h3>acronyms ({len(acr)})</h3><ul>{items}</ul>")
    bounds = _list(rec, "bounds")
    if bounds:
        items = "".join(
            f'<li data-field="bounds"><span class="sw sw-bound"></span><code>{esc(b.get("notation"))}'
            f'{"~" if b.get("soft") else ""}({esc(b.get("expression"))})</code>'
            + (f' · {esc(b.get("quantity"))}' if b.get("quantity") else "")
            + f' <span class="mut">{"soft" if b.get("soft") else ""}</span></li>' for b in bounds)
        parts.append(f"<h3>bounds ({len(bounds)})</h3><ul>{items}</ul>")
    urls = _list(rec, "urls")
    if urls:
        items = []
        for u in urls:
            url = str(u.get("url") or "")
            shown = (f'<a href="{esc(url)}" rel="noopener noreferrer">{esc(url)}</a>'
                     if re.match(r"https?://", url, re.IGNORECASE) else esc(url))
            items.append(f'<li data-field="urls"><span class="sw sw-url"></span>{shown} '
                         f'<span class="role">{esc(u.get("kind"))}</span></li>')
        parts.append(f"<h3>urls ({len(urls)})</h3><ul>{''.join(items)}</ul>")
    lb = _list(rec, "leaderboard")
    if lb:
        items = "".join(f'<li data-field="leaderboard">{esc(r.get("subject"))} · {esc(r.get("dataset"))} · '
                        f'{esc(r.get("metric"))}: {fmt_value(r.get("value"), r.get("qualifier"), r.get("uncertainty"))} '
                        f'{esc(r.get("unit") or "")}</li>' for r in lb)
        parts.append(f"<h3>leaderboard rows ({len(lb)})</h3><ul>{items}</ul>")
    if not parts:
        parts.append('<p class="mut">No entities, acronyms, bounds or urls.</p>')
    return "".join(parts)


def _results_table(rec: dict, rid: str) -> str:
    results = _list(rec, "results")
    if not results:
        return '<h3>results (0)</h3><p class="mut">No results.</p>'
    rows = []
    for i, r in enumerate(results):
        sp = r.get("span") if isinstance(r.get("span"), dict) else {}
        rows.append(f'<tr id="r-{esc(rid)}-results-{i}" data-field="results"><td class="num">{i}</td>'
                    f'<td><code>{esc(sp.get("text"))}</code></td>'
                    f'<td class="num">{fmt_value(r.get("value"), r.get("qualifier"), r.get("uncertainty"))}</td>'
                    f'<td>{esc(r.get("unit") or "")}</td><td>{esc(r.get("qualifier") or "")}</td>'
                    f'<td>{esc(r.get("kind"))}</td><td>{esc(r.get("metric") or "")}</td>'
                    f'<td>{esc(_subjects(r))}</td><td>{esc(r.get("dataset") or "")}</td></tr>')
    return (f"<h3>results ({len(results)})</h3><table><thead><tr><th>#</th><th>text</th>"
            "<th>value</th><th>unit</th><th>qualifier</th><th>kind</th><th>metric</th>"
            "<th>subject(s)</th><th>dataset</th></tr></thead><tbody>" + "".join(rows)
            + "</tbody></table>")


def _record(rec: dict, n: int) -> str:
    rid = _rid(rec, n)
    spans, bad = collect_spans(rec)
    has = " ".join(f for f in COUNT_FIELDS if _list(rec, f))
    head = esc(rec.get("title")) if rec.get("title") else f"Abstract {n + 1}"
    meta = " ".join(esc(x) for x in (rec.get("venue"), rec.get("year")) if x not in (None, ""))
    sources = "; ".join(
        esc(s.get("path")) + (f":{esc(s.get('line'))}" if s.get("line") is not None else "")
        for s in _list(rec, "sources"))
    note = (f' <span class="q">{bad} span{"" if bad == 1 else "s"} outside the text not shown</span>'
            if bad else "")
    return (f'<article class="rec" id="r-{esc(rid)}" data-has="{has}">'
            f'<h2>{head} <a class="mono mut" href="#r-{esc(rid)}">{esc(rid)}</a>'
            + (f' <span class="mut">{meta}</span>' if meta else "") + "</h2>"
            f'<p class="src">{sources}{note}</p>'
            f'<div class="cols"><div class="text">{highlight(rec["text"], spans)}</div>'
            f'<div class="fields">{_entity_panel(rec, rid)}</div></div>'
            f"{_results_table(rec, rid)}</article>")


_FIELD_ITEM = re.compile(r'<(li|tr)\b[^>]*\bdata-field="([a-z]+)"[^>]*>(.*?)</\1>', re.DOTALL)
_TAG = re.compile(r"<[^>]*>")


def _field_texts(article: str) -> dict[str, str]:
    """Per field, the text of its items in the article (what a search in that field reads),
    one item per line, still HTML-escaped; fields without items are absent."""
    out: dict[str, list[str]] = {}
    for m in _FIELD_ITEM.finditer(article):
        if m.group(2) != "leaderboard":
            out.setdefault(m.group(2), []).append(_TAG.sub("", m.group(3)))
    return {f: "\n".join(items) for f, items in out.items()}


def record_data(records: list[dict]) -> list[dict]:
    """Per record what the page's script needs: `i` its id, `h` its article's HTML (escaped
    here), `f` the text of each field it has (for search and the field filter), HTML-escaped too:
    nothing from a record reaches the page unescaped."""
    out = []
    for n, rec in enumerate(records):
        article = _record(rec, n)
        out.append({"i": _rid(rec, n), "h": article, "f": _field_texts(article)})
    return out


def script_json(value: Any) -> str:
    """JSON safe inside a `<script>` element: nothing in it can close the element (`</`), open
    an HTML comment (`<!`), or break a line for an old JavaScript parser (U+2028, U+2029)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return (text.replace("</", "<\\/").replace("<!", "\\u003c!")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


_DATA_BLOCK = re.compile(r'<script type="application/json" id="records">(.*?)</script>', re.DOTALL)


def page_records(page: str) -> list[dict]:
    """The record data a rendered page holds (for tests and tools): the inverse of the data block."""
    m = _DATA_BLOCK.search(page)
    return json.loads(m.group(1)) if m else []


def render(records: list[dict], title: str = "extractors report") -> str:
    """The whole page as one string: same records, same bytes. Raises `ReportError` naming each
    record that breaks the record schema, when one does and the page cannot be built."""
    try:
        return _page(records, title)
    except RECORD_SHAPE_ERRORS as e:
        from .validate import malformed_records   # jsonschema only when a record is broken
        raise ReportError("records that break the schema: "
                          + malformed_records(records, lambda n: f"record {n}", e, shown=5)) from None


def _page(records: list[dict], title: str) -> str:
    data = script_json(record_data(records))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f'<meta http-equiv="Content-Security-Policy" content="{esc(_CSP)}">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<link rel="icon" href="data:,">'
            f"<title>{esc(title)}</title><style>{_CSS}</style></head>\n<body>"
            f'<header><h1>{esc(title)}</h1><p class="mut">{len(records)} records. '
            "Hover a highlight for what was extracted; click a field name to filter.</p>"
            f'<div class="summary">{_counts(records)}</div>{_leaderboards(records)}</header>\n'
            f'<main>{_controls()}\n{_pager()}<div id="recs"></div>{_pager()}</main>\n'
            f'<script type="application/json" id="records">{data}</script>\n'
            f"<script>{_JS}</script></body></html>\n")


def write_report(src: Path, out: Path, title: str = "extractors report") -> int:
    """Render SRC (a folder holding records.jsonl, or a records file) to OUT atomically;
    returns the number of records."""
    records = load_records(src)
    try:
        page = render(records, title)
    except ReportError as e:
        raise ReportError(f"{records_path(src)}: {e}") from None
    out = Path(out)
    if out.parent != Path(""):
        out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f"{out.name}.tmp-{os.getpid()}")
    with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(page)
    os.replace(tmp, out)
    return len(records)
