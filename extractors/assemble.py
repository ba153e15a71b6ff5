"""Record assembly: a processed Doc and its offset map -> a `Record` whose spans index the raw text.

This is the one place where clean-text offsets become raw-text offsets.
"""
from __future__ import annotations

from typing import Optional, Sequence

from spacy.tokens import Doc

from .canonical import canonical, row_canonicals
from .models import (FIELD_OF_TYPE, LEADERBOARD_KINDS, Acronym, Bound, Entity, LeaderboardRow, LinkConfidence, Record,
                     Result, Source, Span, Url, record_id)
from .normalize import Normalized
from .items import Abstract


def raw_span(norm: Normalized, start: int, end: int) -> Span:
    rs, re_ = norm.to_raw(start, end)
    return Span(start=rs, end=re_, text=norm.raw[rs:re_])


def assemble(a: Abstract, norm: Normalized, doc: Doc) -> Record:
    rec = Record(
        id=record_id(a.text),
        sources=[Source(path=a.path, index=a.index, line=a.line, key=a.ext_id)],
        venue=a.venue, year=a.year, title=a.title, text=a.text,
    )
    for u in doc._.urls or []:
        rec.urls.append(Url(url=u.url, kind=u.kind, span=raw_span(norm, u.start, u.end)))
    for b in doc._.bounds or []:
        arg = raw_span(norm, b.arg_start, b.arg_end)
        rec.bounds.append(Bound(span=raw_span(norm, b.start, b.end), notation=b.notation, soft=b.soft,
                                expression=arg.text.strip(), quantity=b.quantity))
    fields = {t: getattr(rec, f) for t, f in FIELD_OF_TYPE.items()}
    for e in doc._.entities or []:
        mentions = [raw_span(norm, s, t) for s, t in e.mentions]
        for typ in e.types:
            fields[typ].append(Entity(name=e.name, role=e.role, aliases=list(e.aliases), mentions=mentions,
                                      canonical=canonical(e.name, typ), confidence=e.confidence.get(typ)))
    for a in doc._.acronyms or []:
        rec.acronyms.append(Acronym(short=a.short, long=a.long, span=raw_span(norm, a.start, a.end)))
    for num in doc._.numbers or []:
        rec.results.append(Result(span=raw_span(norm, num.start, num.end), value=num.value, unit=num.unit,
                                  kind=num.kind, qualifier=num.qualifier, metric=num.metric,
                                  subject=num.subject, dataset=num.dataset, subjects=list(num.subjects),
                                  uncertainty=num.uncertainty, magnitude=num.magnitude,
                                  range_with=num.range_with, relative=num.relative, split=num.split,
                                  setting=num.setting,
                                  confidence=LinkConfidence(**num.confidence) if num.confidence else None))
    data_types = {e.name: "DATASET" for e in rec.datasets}
    data_types.update({e.name: "BENCHMARK" for e in rec.benchmarks if e.name not in data_types})
    rec.leaderboard = leaderboard_rows(rec.results, doc._.baselines, data_types)
    return rec


def leaderboard_rows(results: list[Result], baselines: Optional[Sequence[Optional[str]]] = None,
                     data_types: Optional[dict] = None) -> list[LeaderboardRow]:
    """One row per (subject, result) whose subject, dataset and metric are all known and whose
    kind is a score, delta or ratio (counts and settings are no one's standing); a delta or ratio
    carries its baseline (`baselines[i]`, aligned with `results`) when the text names one; every
    row carries the canonical names of its dataset and metric (`data_types`: dataset name ->
    DATASET/BENCHMARK) and the dataset's split and evaluation setting when the text names them; a
    named split and a setting, which leaderboards keep apart ("test-dev", "250 labels"), are part
    of the canonical dataset name, and a plain metric
    name whose meaning the dataset fixes takes that meaning ("accuracy" on ImageNet is top-1
    accuracy: canonical.leaderboard_metric), and how sure the link scorer is of it
    (`LinkConfidence.row`)."""
    data_types = data_types or {}
    rows = []
    for i, r in enumerate(results):
        if not (r.metric and r.dataset) or r.kind not in LEADERBOARD_KINDS:
            continue
        baseline = baselines[i] if baselines and i < len(baselines) and r.kind != "score" else None
        dataset_canonical, metric_canonical = row_canonicals(r.dataset, r.metric, data_types.get(r.dataset, "DATASET"),
                                                             r.split, setting=r.setting)
        confidence = r.confidence.row() if r.confidence else None
        for subject in (r.subjects or ([r.subject] if r.subject else [])):
            rows.append(LeaderboardRow(subject=subject, dataset=r.dataset, metric=r.metric, value=r.value,
                                       dataset_canonical=dataset_canonical, split=r.split, setting=r.setting,
                                       metric_canonical=metric_canonical,
                                       unit=r.unit, qualifier=r.qualifier, result_index=i, kind=r.kind,
                                       baseline=baseline, uncertainty=r.uncertainty, confidence=confidence))
    return rows

