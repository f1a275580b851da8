"""The protocol's JSON values: what JSON cannot hold exactly travels as {"$bigint": "…"} (a
64-bit integer) or {"$bytes": base64} (a Buffer)."""

from __future__ import annotations

import base64
import json
from typing import Any


def _tagged(item: dict[str, Any]) -> Any:
    if len(item) == 1 and "$bigint" in item:
        return int(item["$bigint"])
    if len(item) == 1 and "$bytes" in item:
        return base64.b64decode(item["$bytes"])
    return item


def loads(text: str) -> Any:
    """A JSON answer of the simulation, its tagged values as Python ints and bytes."""
    return json.loads(text, object_hook=_tagged)
