"""rclpy.waitable: Waitable, rclpy's base of an entity made of others (an action client or
server), and NumberOfEntities, what such an entity adds to a wait set.

The simulation has no wait sets: it runs the entities a waitable is made of itself. A program's
own Waitable subclass can be made and added to a node, but is_ready, take_data, execute and
add_to_wait_set are never called."""

from __future__ import annotations

from typing import Any


class NumberOfEntities:
    __slots__ = ["num_subscriptions", "num_guard_conditions", "num_timers", "num_clients", "num_services", "num_events"]

    def __init__(self, num_subs: int = 0, num_gcs: int = 0, num_timers: int = 0, num_clients: int = 0, num_services: int = 0, num_events: int = 0) -> None:
        self.num_subscriptions = num_subs
        self.num_guard_conditions = num_gcs
        self.num_timers = num_timers
        self.num_clients = num_clients
        self.num_services = num_services
        self.num_events = num_events

    def __add__(self, other: NumberOfEntities) -> NumberOfEntities:
        result = NumberOfEntities()
        for slot in self.__slots__:
            setattr(result, slot, getattr(self, slot) + getattr(other, slot))
        return result

    def __repr__(self) -> str:
        counts = ", ".join(str(getattr(self, slot)) for slot in self.__slots__)
        return f"<{type(self).__name__}({counts})>"


class Waitable:
    def __init__(self, callback_group: Any) -> None:
        self.callback_group = callback_group
        self.callback_group.add_entity(self)
        self._executor_event = False
        self._futures: list[Any] = []

    def __enter__(self) -> None:
        pass

    def __exit__(self, *exc: Any) -> None:
        pass

    def add_future(self, future: Any) -> None:
        self._futures.append(future)

    def remove_future(self, future: Any) -> None:
        self._futures.remove(future)

    def is_ready(self, wait_set: Any) -> bool:
        raise NotImplementedError("Must be implemented by subclass")

    def take_data(self) -> Any:
        raise NotImplementedError("Must be implemented by subclass")

    async def execute(self, taken_data: Any) -> None:
        raise NotImplementedError("Must be implemented by subclass")

    def get_num_entities(self) -> NumberOfEntities:
        raise NotImplementedError("Must be implemented by subclass")

    def add_to_wait_set(self, wait_set: Any) -> None:
        raise NotImplementedError("Must be implemented by subclass")
