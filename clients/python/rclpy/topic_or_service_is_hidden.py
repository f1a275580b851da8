"""rclpy.topic_or_service_is_hidden."""

HIDDEN_TOPIC_PREFIX = "_"


def topic_or_service_is_hidden(name: str) -> bool:
    """Whether a name is hidden: one of its tokens starts with an underscore (rcl's rule)."""
    return any(token.startswith(HIDDEN_TOPIC_PREFIX) for token in name.split("/"))
