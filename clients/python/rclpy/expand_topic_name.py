"""rclpy.expand_topic_name: rcl_expand_topic_name, a name made absolute with a node's name and
namespace ('~' and the {node}, {ns}, {namespace} substitutions), without remapping."""

from __future__ import annotations

from rclpy._name_rules import namespace_problem, node_name_problem, topic_name_problem

# rcl's substitutions; there are no others by default (rcl_get_default_topic_name_substitutions).
_SUBSTITUTIONS = ("{node}", "{ns}", "{namespace}")


def expand_topic_name(topic_name: str, node_name: str, node_namespace: str) -> str:
    """The expanded name, which may still be an invalid full name (check it with
    validate_full_topic_name). ValueError, with rcl's message, for an invalid input."""
    for what, name, problem in (
        ("topic name", topic_name, topic_name_problem(topic_name)),
        ("node name", node_name, node_name_problem(node_name)),
        ("node namespace", node_namespace, namespace_problem(node_namespace)),
    ):
        if problem is not None:
            raise ValueError(f"{what} '{name}' is invalid: {problem[0]}")
    # Joining to the root namespace adds no separator of its own.
    prefix = "" if node_namespace == "/" else node_namespace
    expanded = topic_name
    if expanded.startswith("~"):
        expanded = f"{prefix}/{node_name}{expanded[1:]}"
    while "{" in expanded:
        substitution = expanded[expanded.index("{") : expanded.index("}") + 1]
        if substitution not in _SUBSTITUTIONS:
            raise ValueError(f"topic name '{topic_name}' is invalid: unknown substitution: {substitution}")
        expanded = expanded.replace(substitution, node_name if substitution == "{node}" else node_namespace)
    if not expanded.startswith("/"):
        expanded = f"{prefix}/{expanded}"
    return expanded
