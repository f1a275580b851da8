"""`LaunchDescriptionEntity`: anything a launch description holds; visiting it yields more entities."""

from typing import Any, Optional


class LaunchDescriptionEntity:
    def visit(self, context: Any) -> Optional[list['LaunchDescriptionEntity']]:
        return None

    def describe(self) -> str:
        return repr(self)

    def describe_sub_entities(self) -> list['LaunchDescriptionEntity']:
        return []

    def describe_conditional_sub_entities(self) -> list[tuple[str, list['LaunchDescriptionEntity']]]:
        return []

    def get_asyncio_future(self) -> None:
        return None
