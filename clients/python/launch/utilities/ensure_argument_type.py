"""`ensure_argument_type`: a TypeError naming the argument and what it should have been."""

from typing import Any, Optional


def ensure_argument_type(argument: Any, types: Any, argument_name: str, caller: Optional[str] = None) -> None:
    allowed = types if isinstance(types, (list, tuple)) else (types,)
    if isinstance(argument, tuple(allowed)):
        return
    names = ', '.join(f"'{t.__name__}'" for t in allowed)
    where = f" in '{caller}'" if caller else ''
    raise TypeError(f"Expected '{argument_name}' to be one of [{names}], but got '{argument}' of type '{type(argument).__name__}'{where}")
