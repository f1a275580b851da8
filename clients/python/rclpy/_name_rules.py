"""ROS 2's name rules, as rmw and rcl check them: rmw's full topic name, namespace and node name
rules and rcl's rule for a topic name as written. Each check answers None (valid) or rcl's or
rmw's message with the index of the offending character, in the order those checks run."""

from __future__ import annotations

from typing import Literal

from rclpy.exceptions import InvalidServiceNameException, InvalidTopicNameException

Problem = tuple[str, int] | None

# rmw's limits: 255 less the DDS prefixes a topic may get; a namespace leaves room for a name.
TOPIC_MAX_LENGTH = 255 - 8
NAMESPACE_MAX_LENGTH = TOPIC_MAX_LENGTH - 2
NODE_NAME_MAX_LENGTH = 255


def _word(c: str) -> bool:
    """rcutils' alphanumerics (ASCII only, whatever the locale) and '_'."""
    return c == "_" or (c.isascii() and c.isalnum())


def _digit(c: str) -> bool:
    return "0" <= c <= "9"


def full_topic_name_problem(name: str) -> Problem:
    """rmw_validate_full_topic_name: an absolute, expanded topic or service name."""
    if not name:
        return ("topic name must not be empty", 0)
    if name[0] != "/":
        return ("topic name must be absolute, it must lead with a '/'", 0)
    if name[-1] == "/":
        return ("topic name must not end with a '/'", len(name) - 1)
    for i, c in enumerate(name):
        if c != "/" and not _word(c):
            return ("topic name must not contain characters other than alphanumerics, '_', or '/'", i)
    for i in range(len(name) - 1):
        if name[i] == "/" and name[i + 1] == "/":
            return ("topic name must not contain repeated '/'", i + 1)
        if name[i] == "/" and _digit(name[i + 1]):
            return ("topic name must not have a token that starts with a number", i + 1)
    if len(name) > TOPIC_MAX_LENGTH:
        # rmw stringifies its length macro unexpanded to arithmetic: rclpy shows exactly this.
        return ("topic length should not exceed '255U - 8U'", TOPIC_MAX_LENGTH - 1)
    return None


def namespace_problem(namespace: str) -> Problem:
    """rmw_validate_namespace: a full topic name's rules, '/' allowed, a shorter limit."""
    if namespace == "/":
        return None
    problem = full_topic_name_problem(namespace)
    if problem is not None and not problem[0].startswith("topic length"):
        message = problem[0].replace("topic name", "namespace", 1)
        if message == "namespace must not end with a '/'":
            message = "namespace must not end with a '/', unless only a '/'"
        return (message, problem[1])
    if len(namespace) > NAMESPACE_MAX_LENGTH:
        # rmw's message names a macro that does not exist, so it shows the macro's name.
        return ("namespace should not exceed 'RMW_NAMESPACE_MAX_NAME_LENGTH'", NAMESPACE_MAX_LENGTH - 1)
    return None


def node_name_problem(name: str) -> Problem:
    """rmw_validate_node_name."""
    if not name:
        return ("node name must not be empty", 0)
    for i, c in enumerate(name):
        if not _word(c):
            return ("node name must not contain characters other than alphanumerics or '_'", i)
    if _digit(name[0]):
        return ("node name must not start with a number", 0)
    if len(name) > NODE_NAME_MAX_LENGTH:
        return (f"node name length should not exceed '{NODE_NAME_MAX_LENGTH}'", NODE_NAME_MAX_LENGTH - 1)
    return None


def topic_name_problem(name: str) -> Problem:
    """rcl_validate_topic_name: a name as a program writes it (relative, '~', '{substitutions}')."""
    if not name:
        return ("topic name must not be empty string", 0)
    if _digit(name[0]):
        return ("topic name token must not start with a number", 0)
    if name[-1] == "/":
        return ("topic name must not end with a forward slash", len(name) - 1)
    unallowed_in_substitution = "substitution name must not contain characters other than alphanumerics or '_'"
    unmatched = "topic name must not have unmatched (unbalanced) curly braces '{}'"
    opened = -1  # the index of the '{' of the substitution under way, -1 outside one
    for i, c in enumerate(name):
        if _word(c):
            if opened >= 0 and i == opened + 1 and _digit(c):
                return ("substitution name must not start with a number", i)
        elif c == "/":
            if opened >= 0:
                return (unallowed_in_substitution, i)
        elif c == "~":
            if i != 0:
                return ("topic name must not have tilde '~' unless it is the first character", i)
        elif c == "{":
            if opened >= 0:
                return (unallowed_in_substitution, i)
            opened = i
        elif c == "}":
            if opened < 0:
                return (unmatched, i)
            opened = -1
        elif opened >= 0:
            return (unallowed_in_substitution, i)
        else:
            return ("topic name must not contain characters other than alphanumerics, '_', '~', '{', or '}'", i)
    if opened >= 0:
        return (unmatched, opened)
    for i in range(len(name) - 1):
        if name[i] == "/" and _digit(name[i + 1]):
            return ("topic name token must not start with a number", i + 1)
        if i == 1 and name[0] == "~" and name[1] != "/":
            return ("topic name must not have a tilde '~' that is not followed by a forward slash '/'", 1)
    return None


def topic_or_service_checked(name: str, problem: Problem, is_service: bool) -> Literal[True]:
    """True, or the topic's (the service's) exception with the problem's message and index."""
    if problem is None:
        return True
    if is_service:
        raise InvalidServiceNameException(name, *problem)
    raise InvalidTopicNameException(name, *problem)
