"""Scoring records against a gold file (docs/SPEC.md section 6).

The matching rules are those of the project's reference scorer (shared/score.py), so users can
measure the tool on their own gold with `extractors eval` and get the same figures:
- entities match by loose name identity (NFKC, markup and case dropped, letters/digits/@/^ kept)
  of name or any alias; fields are scored in groups (systems = methods+models, data =
  datasets+benchmarks); predictions matching an `optional` gold entry are ignored;
- `proposed` compares the entities with role proposed over all fields (one entry per thing);
- results match by overlapping span and value (written or scaled by 10^±3k, 10^±2); their
  attributes are then compared (subject lists as sets of names, names through gold aliases);
- bounds by overlapping span and notation; urls by string; acronyms by (short, long) keys;
- leaderboard rows by (subject, dataset, metric) names and value.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from .canonical import group_key
from .recordfiles import RECORD_SHAPE_ERRORS, BadLine, NoRecords, read_objects, record_files
from typing import Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .models import ENTITY_FIELDS, record_id

HEADLINE = ["systems", "proposed", "data", "metrics", "results", "leaderboard", "urls", "acronyms", "bounds"]
SECONDARY = ["methods", "models", "datasets", "benchmarks", "tasks"]
GROUPS = {"systems": ["methods", "models"], "data": ["datasets", "benchmarks"], "metrics": ["metrics"],
          "tasks": ["tasks"], "methods": ["methods"], "models": ["models"], "datasets": ["datasets"],
          "benchmarks": ["benchmarks"]}
RESULT_ATTRS = ["unit", "kind", "qualifier", "metric", "subject", "dataset"]
UNIT_SYNONYMS = {"×": "x", "times": "x", "fold": "x", "percent": "%", "percentage": "%", "pp": "points",
                 "point": "points", "percentage points": "points", "percentage point": "points"}
SCALES = (1, 1e3, 1e6, 1e9, 1e12, 1e-3, 1e-6, 1e-9, 1e-12, 1e-2, 1e2)



#: names match when their keys match (as in the reference scorer): case, markup, spaces and
#: punctuation aside -- the same key leaderboards group by
name_key = group_key


def unit_key(u) -> str:
    if u is None:
        return ""
    u = unicodedata.normalize("NFKC", str(u)).casefold().strip()
    u = UNIT_SYNONYMS.get(u, u)
    u = re.sub(r"[^a-z0-9%]+", " ", u).strip()
    words = [w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in u.split()]
    return " ".join(words) or u


def _close(a, b) -> bool:
    try:
        a, b = float(a), float(b)
    except (TypeError, ValueError):
        return False
    return abs(a - b) <= 1e-6 * max(1.0, abs(a), abs(b))


def value_matches(pred, gold) -> bool:
    if pred is None or gold is None:
        return False
    try:
        return any(_close(pred, float(gold) * s) for s in SCALES)
    except (TypeError, ValueError):
        return False


@dataclass
class Tally:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    misses: list = field(default_factory=list)

    def add(self, tp=0, fp=0, fn=0):
        self.tp += tp
        self.fp += fp
        self.fn += fn

    def prf(self):
        p = self.tp / (self.tp + self.fp) if self.tp + self.fp else None
        r = self.tp / (self.tp + self.fn) if self.tp + self.fn else None
        f = 2 * p * r / (p + r) if p and r else (0.0 if (p is not None and r is not None) else None)
        return p, r, f


class EvalError(Exception):
    """A gold or prediction file cannot be read (names file and line)."""


def load(path: Path) -> list[dict]:
    """The records of a gold or prediction file, or of the records.jsonl files below a folder
    (`recordfiles`: lines split at \\n only, so U+2028 inside a text is no line end). A line
    that is not JSON, or not an object with a `text` string, is an `EvalError` naming it: a score
    over what is left would look like a true one."""
    out = []
    try:
        for f in record_files([path]):
            for n, obj in read_objects(f):
                where = f"{f}:{n}" if n else f"{f}"
                if isinstance(obj, BadLine):
                    raise EvalError(f"{where}: {obj}")
                if not isinstance(obj, dict) or not isinstance(obj.get("text"), str):
                    raise EvalError(f"{where}: not a record (an object with a `text` string)")
                out.append(obj)
    except NoRecords as e:
        raise EvalError(str(e)) from None
    except OSError as e:
        raise EvalError(f"{path}: cannot read: {e.strerror or e}") from None
    return out


class _Gold(BaseModel):
    """The gold format (docs/SPEC.md section 6) as far as scoring reads it; other keys (`notes`,
    `guideline`, ...) are allowed. Strict: `"2021"` is no year."""
    model_config = ConfigDict(extra="allow", strict=True)


class GoldEntity(_Gold):
    name: str
    aliases: list[str] = []
    role: Optional[str] = None
    optional: bool = False


class GoldAcronym(_Gold):
    short: str
    long: str


class _GoldNumber(_Gold):
    """A gold result or bound: the raw text of the number, which occurrence of it, and where it
    stands when the gold says so (`start`, `end`: scoring uses them before the occurrence)."""
    text: str
    occurrence: int = Field(0, ge=0)
    start: Optional[int] = None
    end: Optional[int] = None


class GoldResult(_GoldNumber):
    value: Optional[float] = None
    unit: Optional[str] = None
    kind: Optional[str] = None
    qualifier: Optional[str] = None
    metric: Optional[str] = None
    subject: Optional[str] = None
    subjects: Optional[list[str]] = None
    dataset: Optional[str] = None
    optional: bool = False


class GoldBound(_GoldNumber):
    notation: Optional[str] = None
    soft: Optional[bool] = None
    expression: Optional[str] = None
    quantity: Optional[str] = None


class GoldUrl(_Gold):
    url: str
    kind: Optional[str] = None


class GoldRecord(_Gold):
    text: str
    id: Optional[str] = None
    venue: Optional[str] = None
    year: Optional[int] = None
    title: Optional[str] = None
    methods: list[GoldEntity] = []
    models: list[GoldEntity] = []
    datasets: list[GoldEntity] = []
    benchmarks: list[GoldEntity] = []
    metrics: list[GoldEntity] = []
    tasks: list[GoldEntity] = []
    acronyms: list[GoldAcronym] = []
    results: list[GoldResult] = []
    bounds: list[GoldBound] = []
    urls: list[GoldUrl] = []


def _locate(text, sub, occurrence):
    pos = -1
    for _ in range(occurrence + 1):
        pos = text.find(sub, pos + 1)
        if pos < 0:
            return None
    return pos, pos + len(sub)


def gold_span(text, item):
    if "start" in item and "end" in item:
        return item["start"], item["end"]
    return _locate(text, item["text"], item.get("occurrence", 0))


def _pred_span(item):
    sp = item.get("span") or item
    try:
        return int(sp["start"]), int(sp["end"])
    except (KeyError, TypeError, ValueError):
        return None


def _overlap(a, b):
    return bool(a and b and a[0] < b[1] and b[0] < a[1])


def _keys(e) -> set[str]:
    if isinstance(e, str):
        return {name_key(e)} - {""}
    names = [e.get("name")] + list(e.get("aliases") or [])
    if e.get("expansion"):
        names.append(e["expansion"])
    return {name_key(n) for n in names if n} - {""}


def _match_entities(golds, preds, t: Tally, rid, label):
    gkeys = [_keys(g) for g in golds]
    matched = [False] * len(golds)
    for p in preds:
        pk = _keys(p)
        if not pk:
            continue
        hits = [i for i, gk in enumerate(gkeys) if gk & pk]
        free = [i for i in hits if not matched[i] and not golds[i].get("optional")]
        if free:
            matched[free[0]] = True
            t.add(tp=1)
        elif any(golds[i].get("optional") for i in hits) and not any(matched[i] for i in hits):
            continue
        else:
            t.add(fp=1)
            name = p.get("name") if isinstance(p, dict) else p
            t.misses.append(f"{rid} {label} FP{' (duplicate)' if hits else ''}: {name}")
    for i, g in enumerate(golds):
        if not matched[i] and not g.get("optional"):
            t.add(fn=1)
            t.misses.append(f"{rid} {label} FN: {g.get('name')}")


def _one_per_thing(entities):
    out: list[dict] = []
    for e in sorted(entities, key=lambda e: bool(e.get("optional"))):
        if not any(_keys(e) & _keys(o) for o in out):
            out.append(e)
    return out


def alias_map(gold) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for f in ENTITY_FIELDS:
        for e in gold.get(f) or []:
            ks = _keys(e)
            for k in ks:
                out.setdefault(k, set()).update(ks)
    return out


def _same(pred_name, gold_name, amap) -> bool:
    if not pred_name or not gold_name:
        return False
    gk = name_key(gold_name)
    return name_key(pred_name) in amap.get(gk, {gk})


def subjects_of(r) -> list[str]:
    subs = list(r.get("subjects") or [])
    if r.get("subject") and r["subject"] not in subs:
        subs.insert(0, r["subject"])
    return subs


def _pair(preds: list, golds: list, same) -> tuple[list[Optional[int]], list[bool]]:
    """Greedy one-to-one matching in prediction order, as score.py does: each prediction takes
    the first gold that `same(pred, gold)` accepts and no earlier prediction took. Returns the
    gold index per prediction (None when unmatched) and, per gold, whether it was taken."""
    used = [False] * len(golds)
    hits: list[Optional[int]] = []
    for pred in preds:
        hit = next((i for i, gold in enumerate(golds) if not used[i] and same(pred, gold)), None)
        if hit is not None:
            used[hit] = True
        hits.append(hit)
    return hits, used


def _results(g, p, text, t: Tally, attrs: dict, amap, rid):
    golds = [(r, gold_span(g["text"], r)) for r in g.get("results") or []]
    preds = [(r, _pred_span(r)) for r in p.get("results") or [] if isinstance(r, dict)]
    hits, used = _pair(preds, golds, lambda pred, gold: _overlap(pred[1], gold[1])
                       and value_matches(pred[0].get("value"), gold[0].get("value")))
    for (pr, ps), hit in zip(preds, hits):
        if hit is None:
            t.add(fp=1)
            t.misses.append(f"{rid} results FP: {text[ps[0]:ps[1]] if ps else pr.get('value')!r}")
            continue
        gr = golds[hit][0]
        if gr.get("optional"):
            continue
        t.add(tp=1)
        for a in RESULT_ATTRS:
            if a == "subject":
                gv, pv = subjects_of(gr), subjects_of(pr)
                ok = bool(gv) and len(gv) == len(pv) and all(any(_same(x, y, amap) for y in gv) for x in pv)
                gv, pv = gv or None, pv or None
            elif a in ("metric", "dataset"):
                gv, pv = gr.get(a), pr.get(a)
                ok = _same(pv, gv, amap)
            elif a == "unit":
                gv, pv = gr.get(a), pr.get(a)
                ok = gv is not None and unit_key(gv) == unit_key(pv)
            else:
                gv, pv = gr.get(a), pr.get(a)
                ok = gv is not None and str(gv).strip().lower() == str(pv).strip().lower()
            if gv is None and pv is None:
                continue
            if ok:
                attrs[a].add(tp=1)
            else:
                attrs[a].add(fp=1 if pv is not None else 0, fn=1 if gv is not None else 0)
                attrs[a].misses.append(f"{rid} {a} at {gr['text']!r}: gold {gv!r} pred {pv!r}")
    for i, (gr, _) in enumerate(golds):
        if not used[i] and not gr.get("optional"):
            t.add(fn=1)
            t.misses.append(f"{rid} results FN: {gr['text']!r} ({gr.get('value')})")


def _bounds(g, p, text, t: Tally, rid):
    golds = [(b, gold_span(g["text"], b)) for b in g.get("bounds") or []]
    preds = [(b, _pred_span(b)) for b in p.get("bounds") or [] if isinstance(b, dict)]
    hits, used = _pair(preds, golds, lambda pred, gold: _overlap(pred[1], gold[1])
                       and name_key(pred[0].get("notation")) == name_key(gold[0].get("notation")))
    for (pb, ps), hit in zip(preds, hits):
        if hit is None:
            t.add(fp=1)
            t.misses.append(f"{rid} bounds FP: {text[ps[0]:ps[1]] if ps else pb}")
        else:
            t.add(tp=1)
    for i, (gb, _) in enumerate(golds):
        if not used[i]:
            t.add(fn=1)
            t.misses.append(f"{rid} bounds FN: {gb['text']!r}")


def _url_key(u):
    return (u or "").strip().rstrip("/").rstrip(".,;:)")


def _sets(gold: set, pred: set, t: Tally, rid, label):
    t.add(tp=len(gold & pred), fp=len(pred - gold), fn=len(gold - pred))
    t.misses += [f"{rid} {label} FP: {x}" for x in sorted(pred - gold, key=str)]
    t.misses += [f"{rid} {label} FN: {x}" for x in sorted(gold - pred, key=str)]


def _tuples_of(r_list):
    out = []
    for r in r_list or []:
        if isinstance(r, dict) and r.get("dataset") and r.get("metric"):
            for s in subjects_of(r):
                out.append((s, r["dataset"], r["metric"], r.get("value")))
    return out


def _leaderboard(g, p, t: Tally, amap, rid):
    golds = _tuples_of(g.get("results"))
    preds = ([(r.get("subject"), r.get("dataset"), r.get("metric"), r.get("value"))
              for r in p["leaderboard"] if isinstance(r, dict)]
             if p.get("leaderboard") is not None else _tuples_of(p.get("results")))
    hits, used = _pair(preds, golds, lambda pt, gt: all(_same(pt[k], gt[k], amap) for k in range(3))
                       and value_matches(pt[3], gt[3]))
    for pt, hit in zip(preds, hits):
        if hit is None:
            t.add(fp=1)
            t.misses.append(f"{rid} leaderboard FP: {pt}")
        else:
            t.add(tp=1)
    for i, gt in enumerate(golds):
        if not used[i]:
            t.add(fn=1)
            t.misses.append(f"{rid} leaderboard FN: {gt}")


@dataclass
class Scores:
    fields: dict
    attributes: dict
    info: dict

    def to_json(self) -> dict:
        def row(t: Tally):
            p, r, f = t.prf()
            return {"p": p, "r": r, "f1": f, "tp": t.tp, "fp": t.fp, "fn": t.fn}
        headline = [self.fields[n].prf()[2] for n in HEADLINE]
        headline = [f for f in headline if f is not None]
        return {"fields": {n: row(t) for n, t in self.fields.items()},
                "attributes": {a: row(t) for a, t in self.attributes.items()},
                "info": self.info, "macro_f1": sum(headline) / len(headline) if headline else 0.0}


def score(gold_recs: list[dict], pred_recs: list[dict]) -> Scores:
    t = {n: Tally() for n in HEADLINE + SECONDARY}
    attrs = {a: Tally() for a in RESULT_ATTRS}
    info = {"gold_records": len(gold_recs), "pred_records": len(pred_recs), "missing": 0, "extra": 0,
            "id_mismatch": 0, "span_errors": 0, "spans_checked": 0, "venue_year_correct": 0}
    by_hash: dict[str, dict] = {}
    for p in pred_recs:
        h = record_id(p["text"])
        if p.get("id") != h:
            info["id_mismatch"] += 1
        by_hash.setdefault(h, p)
    gold_hashes = {record_id(g["text"]) for g in gold_recs}
    info["extra"] = sum(1 for h in by_hash if h not in gold_hashes)
    for g in gold_recs:
        rid = g.get("id") or record_id(g["text"])
        p = by_hash.get(record_id(g["text"]))
        if p is None:
            info["missing"] += 1
            p = {"text": g["text"]}
        text = p["text"]
        _check_spans(p, text, info)
        if (p.get("venue"), p.get("year")) == (g.get("venue"), g.get("year")):
            info["venue_year_correct"] += 1
        amap = alias_map(g)
        for name, fields in GROUPS.items():
            _match_entities([e for f in fields for e in g.get(f) or []],
                            [e for f in fields for e in p.get(f) or []], t[name], rid, name)
        _match_entities(
            _one_per_thing([e for f in ENTITY_FIELDS for e in g.get(f) or [] if e.get("role") == "proposed"]),
            _one_per_thing([e for f in ENTITY_FIELDS for e in p.get(f) or []
                            if isinstance(e, dict) and e.get("role") == "proposed"]),
            t["proposed"], rid, "proposed")
        _sets({(name_key(a["short"]), name_key(a["long"])) for a in g.get("acronyms") or []},
              {(name_key(a.get("short")), name_key(a.get("long"))) for a in p.get("acronyms") or []
               if isinstance(a, dict)}, t["acronyms"], rid, "acronyms")
        _sets({_url_key(u["url"]) for u in g.get("urls") or []},
              {_url_key(u.get("url") if isinstance(u, dict) else u) for u in p.get("urls") or []},
              t["urls"], rid, "urls")
        _results(g, p, text, t["results"], attrs, amap, rid)
        _bounds(g, p, text, t["bounds"], rid)
        _leaderboard(g, p, t["leaderboard"], amap, rid)
    return Scores(t, attrs, info)


def _check_spans(p, text, info):
    def walk(x):
        if isinstance(x, dict):
            if {"start", "end", "text"} <= x.keys() and isinstance(x.get("start"), int):
                info["spans_checked"] += 1
                if text[x["start"]:x["end"]] != x["text"]:
                    info["span_errors"] += 1
            for k, v in x.items():
                if k != "text":
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk({k: v for k, v in p.items() if k != "text"})


def _fmt(x) -> str:
    return "  -  " if x is None else f"{x:.3f}"


def report(s: Scores, verbose: bool = False) -> str:
    lines = [f"{'field':<13}{'P':>7}{'R':>7}{'F1':>7}{'TP':>6}{'FP':>6}{'FN':>6}"]
    for name in HEADLINE + SECONDARY:
        t = s.fields[name]
        p, r, f = t.prf()
        star = "*" if name in HEADLINE else " "
        lines.append(f"{star}{name:<12}{_fmt(p):>7}{_fmt(r):>7}{_fmt(f):>7}{t.tp:>6}{t.fp:>6}{t.fn:>6}")
    lines.append("result attributes (over matched numbers):")
    for a in RESULT_ATTRS:
        t = s.attributes[a]
        p, r, f = t.prf()
        lines.append(f"  {a:<11}{_fmt(p):>7}{_fmt(r):>7}{_fmt(f):>7}{t.tp:>6}{t.fp:>6}{t.fn:>6}")
    lines.append("records: gold {gold_records} pred {pred_records} missing {missing} extra {extra} "
                 "id_mismatch {id_mismatch}; venue/year right {venue_year_correct}; "
                 "spans checked {spans_checked}, wrong {span_errors}".format(**s.info))
    if verbose:
        for name in HEADLINE + SECONDARY:
            lines += ["   " + m for m in s.fields[name].misses]
        for a in RESULT_ATTRS:
            lines += ["   " + m for m in s.attributes[a].misses]
    lines.append(f"macro F1 (starred fields): {s.to_json()['macro_f1']:.3f}")
    return "\n".join(lines)


def evaluate(gold: Path, pred: Path) -> Scores:
    return _scored(gold, pred, _gold_checked(gold, load(gold)), load(pred))


def _gold_checked(path: Path, records: list[dict]) -> list[dict]:
    """Gold records in the gold format (docs/SPEC.md section 6, `GoldRecord`): each result and
    bound names its number by `text` (and `occurrence`); `EvalError` names the first record that
    does not, and the first place in it that breaks the format."""
    for n, rec in enumerate(records, 1):
        for fld in ("results", "bounds"):
            items = rec.get(fld) or []
            if not isinstance(items, list):
                raise EvalError(f"{path}: record {n}: `{fld}` is not a list")
            for i, item in enumerate(items):
                if not isinstance(item, dict) or not isinstance(item.get("text"), str):
                    raise EvalError(f"{path}: record {n}: {fld}[{i}] has no `text` string: not a gold "
                                    "file (docs/SPEC.md section 6); a records.jsonl is a prediction")
        try:
            GoldRecord.model_validate({k: v for k, v in rec.items() if v is not None or k in _NULLABLE})
        except ValidationError as e:
            err = e.errors()[0]
            pointer = "/" + "/".join(str(x) for x in err["loc"])
            msg = err["msg"].split(" or instance of ")[0]   # "a valid dictionary", not the class behind it
            raise EvalError(f"{path}: record {n}: {pointer}: {msg} (docs/SPEC.md section 6)") from None
    return records


#: top-level gold keys whose null means "none" (`"venue": null`); a null list means an empty one
_NULLABLE = {"id", "venue", "year", "title"}


def _scored(gold: Path, pred: Path, gold_recs: list[dict], pred_recs: list[dict]) -> Scores:
    """`score`, with a prediction that breaks the record schema where scoring reads it named
    (file, record, JSON pointer) in an `EvalError` instead of a TypeError from inside."""
    try:
        return score(gold_recs, pred_recs)
    except RECORD_SHAPE_ERRORS as e:
        from .validate import malformed_records   # jsonschema only when a record is broken
        raise EvalError(malformed_records(pred_recs, lambda n: f"{pred}: record {n}", e, shown=3)) from None


def field_f1(s: Scores) -> dict[str, Optional[float]]:
    """F1 per field and per result attribute (attributes prefixed `results.`); 0.0 where the gold
    has items and nothing was predicted, None where neither has any."""
    def f1(t: Tally):
        p, r, f = t.prf()
        return f if f is not None else (0.0 if r is not None else None)
    out = {n: f1(t) for n, t in s.fields.items()}
    out.update({f"results.{a}": f1(t) for a, t in s.attributes.items()})
    return out
