"""`matches_action`: a matcher that names one action (the plan gives its id as the target)."""

from typing import Any


class ActionMatcher:
    def __init__(self, target_action: Any) -> None:
        self.target_action = target_action

    def __call__(self, action: Any) -> bool:
        return action is self.target_action


def matches_action(target_action: Any) -> ActionMatcher:
    return ActionMatcher(target_action)
