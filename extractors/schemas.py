"""The JSON Schema files, generated from the pydantic models (the single source of truth)."""
from __future__ import annotations

import json

from .leaderboard import leaderboard_schema
from .models import record_schema


def _dump(schema: dict) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def schema_files() -> dict[str, str]:
    """File name -> content of every schema under schemas/."""
    return {"record.schema.json": _dump(record_schema()),
            "leaderboard.schema.json": _dump(leaderboard_schema())}
