"""The one canonical JSON writer: same data, same bytes, on any machine."""

from __future__ import annotations

import json

from pydantic import BaseModel


def dumps(value: BaseModel | dict | list) -> bytes:
    """Sorted keys, two-space indent, UTF-8, trailing newline."""
    data = value.model_dump(mode="json", by_alias=True) if isinstance(value, BaseModel) else value
    return (json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
