"""`OpaqueFunction`: a user's function, called at evaluation with the context; its actions then run."""

from typing import Any, Callable, Iterable, Optional

from ..action import Action


class OpaqueFunction(Action):
    def __init__(self, *, function: Callable[..., Any], args: Optional[Iterable[Any]] = None, kwargs: Optional[dict[str, Any]] = None, **left_over_kwargs: Any) -> None:
        super().__init__(**left_over_kwargs)
        if not callable(function):
            raise TypeError(f"OpaqueFunction expects 'function' to be callable, got '{type(function).__name__}'")
        self.__function = function
        self.__args = list(args) if args is not None else []
        self.__kwargs = dict(kwargs) if kwargs is not None else {}

    def execute(self, context: Any) -> Optional[list[Any]]:
        return self.__function(context, *self.__args, **self.__kwargs)
