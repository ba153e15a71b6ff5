"""Check an annotation file against SPEC.md section 6 and fill in result/bound offsets.

    python data/check_annotations.py data/annotations/part_0.jsonl [--fix] [--batch BATCH.jsonl]

Checks: every line parses; with --batch, the ids and texts are exactly the batch's, in its order;
every entity has name/role/aliases/
optional; the name or an alias of every entity occurs in the text (ignoring case and LaTeX/markdown markup);
every acronym's short and long form occur in the text; every result/bound `text` occurs at least
`occurrence`+1 times; a result's metric, subject(s) and dataset each name an entity of the record
(its name or an alias), so the scorer can match aliases; no two results share one span. With --fix, writes `start`/`end` for results and bounds in place.
"""
import json
import re
import sys
from pathlib import Path

FIELDS = ["methods", "models", "datasets", "benchmarks", "metrics", "tasks"]
QUALIFIERS = {None, "<", "<=", ">", ">=", "~", "up to", "at least"}
KINDS = {"score", "delta", "ratio", "count", "setting"}


def loose(s: str) -> str:
    s = re.sub(r"\\[a-zA-Z]+\*?\s*", "", s)
    s = re.sub(r"[{}$*_`\s\-‐‑–—]", "", s)
    return s.casefold()


def locate(text, sub, occ):
    pos = -1
    for _ in range(occ + 1):
        pos = text.find(sub, pos + 1)
        if pos < 0:
            return None
    return pos, pos + len(sub)


def check(path: Path, fix: bool, batch: Path | None = None) -> int:
    problems = 0
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        def bad(msg):
            nonlocal problems
            problems += 1
            print(f"{path}:{n}: {msg}")
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as e:
            bad(f"not JSON: {e}")
            continue
        text = rec.get("text", "")
        lt = loose(text)
        for f in FIELDS:
            for e in rec.get(f, []):
                if set(e) < {"name", "aliases", "role", "optional"}:
                    bad(f"{f} entity lacks keys: {e}")
                if e.get("role") not in ("proposed", "used"):
                    bad(f"{f} {e.get('name')}: role must be proposed or used")
                names = [e.get("name", "")] + e.get("aliases", [])
                if not any(loose(nm) in lt for nm in names):
                    bad(f"{f} {e.get('name')}: neither the name nor an alias occurs in the text")
        for a in rec.get("acronyms", []):
            for k in ("short", "long"):
                if loose(a.get(k, "")) not in lt:
                    bad(f"acronym {a}: {k} not found in text")
        spans_seen = set()
        for fld in ("results", "bounds"):
            for r in rec.get(fld, []):
                sp = locate(text, r.get("text", "\0"), r.get("occurrence", 0))
                if sp is None:
                    bad(f"{fld} text {r.get('text')!r} occurrence {r.get('occurrence', 0)} not in text")
                    continue
                if fld == "results":
                    if r.get("kind") not in KINDS:
                        bad(f"result {r['text']!r}: kind {r.get('kind')!r}")
                    if r.get("qualifier") not in QUALIFIERS:
                        bad(f"result {r['text']!r}: qualifier {r.get('qualifier')!r}")
                    if not isinstance(r.get("value"), (int, float)):
                        bad(f"result {r['text']!r}: value must be a number")
                    names = {loose(nm) for f in FIELDS for e in rec.get(f, [])
                             for nm in [e.get("name", "")] + e.get("aliases", [])}
                    for att in ("metric", "dataset", "subject"):
                        v = r.get(att)
                        if v is not None and loose(v) not in names:
                            bad(f"result {r['text']!r}: {att} {v!r} is not an entity name or alias")
                    for v in r.get("subjects") or []:
                        if loose(v) not in names:
                            bad(f"result {r['text']!r}: subject {v!r} is not an entity name or alias")
                    if sp in spans_seen:
                        bad(f"result {r['text']!r} occurrence {r.get('occurrence', 0)}: annotated twice")
                    spans_seen.add(sp)
                if fix:
                    r["start"], r["end"] = sp
        out.append(rec)
    if batch is not None:
        want = [json.loads(l) for l in batch.read_text(encoding="utf-8").splitlines() if l.strip()]
        got = [(r.get("id"), r.get("text")) for r in out]
        if got != [(w["id"], w["text"]) for w in want]:
            problems += 1
            print(f"{path}: ids/texts differ from {batch} (every batch abstract, once, in order, text unchanged)")
    if fix:
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out), encoding="utf-8")
    print(f"{path}: {len(out)} records, {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    batch = Path(args[args.index("--batch") + 1]) if "--batch" in args else None
    sys.exit(check(Path(args[0]), "--fix" in args, batch))
