"""Whether a publisher's and a subscription's QoS profiles let them talk: rmw_dds_common's rules
(what rmw_qos_profile_check_compatible answers under a DDS middleware), with its reasons."""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rclpy.qos import QoSProfile


class QoSCompatibility(IntEnum):
    OK = 0
    WARNING = 1
    ERROR = 2


def _unknown(policy: IntEnum) -> bool:
    """A policy the middleware picks (or that is unknown): what it will be cannot be told here."""
    return policy.name in ("SYSTEM_DEFAULT", "UNKNOWN")


def _named(policy: IntEnum) -> str:
    """rmw's string of a policy value ("unknown" for UNKNOWN, which rmw has no string for)."""
    return policy.name.lower()


def _errors(pub: QoSProfile, sub: QoSProfile) -> list[str]:
    errors = []
    if pub.reliability.name == "BEST_EFFORT" and sub.reliability.name == "RELIABLE":
        errors.append("ERROR: Best effort publisher and reliable subscription;")
    if pub.durability.name == "VOLATILE" and sub.durability.name == "TRANSIENT_LOCAL":
        errors.append("ERROR: Volatile publisher and transient local subscription;")
    errors += _duration_errors(
        pub.deadline.nanoseconds,
        sub.deadline.nanoseconds,
        "ERROR: Subscription has a deadline, but publisher does not;",
        "ERROR: Subscription deadline is less than publisher deadline;",
    )
    if pub.liveliness.name == "AUTOMATIC" and sub.liveliness.name == "MANUAL_BY_TOPIC":
        errors.append("ERROR: Publisher's liveliness is automatic and subscription's is manual by topic;")
    errors += _duration_errors(
        pub.liveliness_lease_duration.nanoseconds,
        sub.liveliness_lease_duration.nanoseconds,
        "ERROR: Subscription has a liveliness lease duration, but publisher does not;",
        "ERROR: Subscription liveliness lease duration is less than publisher;",
    )
    return errors


def _duration_errors(pub: int, sub: int, only_sub: str, sub_shorter: str) -> list[str]:
    """A duration policy's error: a zero duration is rmw's "default" (no deadline, no lease)."""
    if pub == 0 and sub != 0:
        return [only_sub]
    if pub != 0 and sub != 0 and sub < pub:
        return [sub_shorter]
    return []


def _warning(pub: IntEnum, sub: IntEnum, strict: tuple[str, str], both: str, sub_strict: str, pub_lax: str) -> str | None:
    """One policy's warning, where an unknown side could turn out incompatible: `strict` is the
    (publisher, subscription) pair of values that fails when the other side is unknown."""
    if _unknown(pub) and _unknown(sub):
        return both % (_named(pub), _named(sub))
    if _unknown(pub) and sub.name == strict[1]:
        return sub_strict % _named(pub)
    if pub.name == strict[0] and _unknown(sub):
        return pub_lax % _named(sub)
    return None


def _warnings(pub: QoSProfile, sub: QoSProfile) -> list[str]:
    found = [
        _warning(
            pub.reliability,
            sub.reliability,
            ("BEST_EFFORT", "RELIABLE"),
            "WARNING: Publisher reliability is %s and subscription reliability is %s;",
            "WARNING: Reliable subscription, but publisher is %s;",
            "WARNING: Best effort publisher, but subscription is %s;",
        ),
        _warning(
            pub.durability,
            sub.durability,
            ("VOLATILE", "TRANSIENT_LOCAL"),
            # rmw's spelling.
            "WARNING: Publisher durabilty is %s and subscription durability is %s;",
            "WARNING: Transient local subscription, but publisher is %s;",
            "WARNING: Volatile publisher, but subscription is %s;",
        ),
        _warning(
            pub.liveliness,
            sub.liveliness,
            ("AUTOMATIC", "MANUAL_BY_TOPIC"),
            "WARNING: Publisher liveliness is %s and subscription liveliness is %s;",
            "WARNING: Subscription's liveliness is manual by topic, but publisher's is %s;",
            "WARNING: Publisher's liveliness is automatic, but subscription's is %s;",
        ),
    ]
    return [warning for warning in found if warning is not None]


def qos_check_compatible(publisher_qos: QoSProfile, subscription_qos: QoSProfile) -> tuple[QoSCompatibility, str]:
    """(OK, ''), (ERROR, reasons) or, only when there is no error, (WARNING, reasons) where a
    system-default or unknown policy may turn out incompatible."""
    errors = _errors(publisher_qos, subscription_qos)
    if errors:
        return (QoSCompatibility.ERROR, "".join(errors))
    warnings = _warnings(publisher_qos, subscription_qos)
    if warnings:
        return (QoSCompatibility.WARNING, "".join(warnings))
    return (QoSCompatibility.OK, "")
