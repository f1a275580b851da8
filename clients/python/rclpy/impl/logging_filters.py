"""rclpy's logging filters (throttle, skip_first, once): which ones a log call's keywords ask
for, the state each keeps for the call site, and whether a call gets past them."""

from __future__ import annotations

from typing import Any

from rclpy.clock import Clock
from rclpy.impl.logging_severity import LoggingSeverity

Context = dict[str, Any]


class LoggingFilter:
    # Each parameter's default; None makes it required.
    params: dict[str, Any] = {}

    @classmethod
    def initialize_context(cls, context: Context, **kwargs: Any) -> None:
        # Every parameter is kept: a later call from the same site may not change it.
        for param, default in cls.params.items():
            context[param] = kwargs.get(param, default)
            if context[param] is None:
                raise TypeError(f'Required parameter "{param}" was not specified for logging filter "{cls.__name__}"')

    @staticmethod
    def should_log(context: Context) -> bool:
        return True


class Once(LoggingFilter):
    params = {"once": None}

    @classmethod
    def initialize_context(cls, context: Context, **kwargs: Any) -> None:
        super().initialize_context(context, **kwargs)
        context["has_been_logged_once"] = False

    @staticmethod
    def should_log(context: Context) -> bool:
        first = not context["has_been_logged_once"]
        context["has_been_logged_once"] = True
        return first


class Throttle(LoggingFilter):
    # One default clock: a site's later calls that name none keep the same one.
    params = {"throttle_duration_sec": None, "throttle_time_source_type": Clock()}

    @classmethod
    def initialize_context(cls, context: Context, **kwargs: Any) -> None:
        super().initialize_context(context, **kwargs)
        context["throttle_last_logged"] = 0
        if not isinstance(context["throttle_time_source_type"], Clock):
            raise ValueError(f'Received throttle_time_source_type of "{context["throttle_time_source_type"]}" is not a clock instance')

    @staticmethod
    def should_log(context: Context) -> bool:
        now = context["throttle_time_source_type"].now().nanoseconds
        if now < context["throttle_last_logged"] + context["throttle_duration_sec"] * 1e9:
            return False
        context["throttle_last_logged"] = now
        return True


class SkipFirst(LoggingFilter):
    params = {"skip_first": None}

    @classmethod
    def initialize_context(cls, context: Context, **kwargs: Any) -> None:
        super().initialize_context(context, **kwargs)
        context["first_has_been_skipped"] = False

    @staticmethod
    def should_log(context: Context) -> bool:
        skipped = context["first_has_been_skipped"]
        context["first_has_been_skipped"] = True
        return skipped


# The order in which the filters run (a throttled call still counts as skip_first's first).
SUPPORTED_FILTERS: dict[str, type[LoggingFilter]] = {"throttle": Throttle, "skip_first": SkipFirst, "once": Once}


def filters_from_kwargs(kwargs: dict[str, Any]) -> list[str]:
    """The filters a call's keywords turn on (a true value for any of their parameters), in
    SUPPORTED_FILTERS' order; defaults of their optional parameters are added to `kwargs`."""
    detected = [name for name, kind in SUPPORTED_FILTERS.items() if any(kwargs.get(p) for p in kind.params)]
    for name in detected:
        for param, default in SUPPORTED_FILTERS[name].params.items():
            if param in kwargs:
                continue
            if default is None:
                raise TypeError(f'required parameter "{param}" not specified but is required for the the logging filter "{name}"')
            kwargs[param] = default
    known = [p for kind in SUPPORTED_FILTERS.values() for p in kind.params]
    for kwarg in kwargs:
        if kwarg not in known:
            raise TypeError(f'parameter "{kwarg}" is not one of the recognized logging options "{known}"')
    return detected


def call_context(contexts: dict[Any, Context], site: Any, name: str, severity: LoggingSeverity, kwargs: dict[str, Any]) -> Context:
    """The filters' state of one call site: made by its first call; later ones must ask the same."""
    detected = filters_from_kwargs(kwargs)
    context = contexts.get(site)
    if context is None:
        context = {"name": name, "severity": severity, "filters": detected}
        for filter_name in detected:
            SUPPORTED_FILTERS[filter_name].initialize_context(context, **kwargs)
        contexts[site] = context
        return context
    if severity != context["severity"]:
        raise ValueError("Logger severity cannot be changed between calls.")
    if name != context["name"]:
        raise ValueError("Logger name cannot be changed between calls.")
    if detected != context["filters"]:
        raise ValueError("Requested logging filters cannot be changed between calls.")
    for filter_name in detected:
        params = SUPPORTED_FILTERS[filter_name].params
        if any(context[p] != kwargs.get(p, params[p]) for p in params):
            raise ValueError("Logging filter parameters cannot be changed between calls.")
    return context


def should_log(context: Context) -> bool:
    """Whether every filter of the site lets the call through: as rclpy's, the first that says no
    ends the check, the later ones keeping their state."""
    return all(SUPPORTED_FILTERS[name].should_log(context) for name in context["filters"])
