"""rcl_lifecycle's default state machine (REP 2007) as rclpy's LifecycleStateMachine wraps it:
its states and transitions in rcl's registration order (what the get_available_* services and
rcl_print_state_machine list), triggers by id or label, and the ~/transition_event notification."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, NamedTuple

from rclpy._rclpy_pybind11 import RCLError
from rclpy.impl.rcutils_logger import RcutilsLogger

# lifecycle_msgs/msg/State ids and rcl's labels, in the order rcl registers them (primary first).
STATES: list[tuple[int, str]] = [
    (0, "unknown"),
    (1, "unconfigured"),
    (2, "inactive"),
    (3, "active"),
    (4, "finalized"),
    (10, "configuring"),
    (11, "cleaningup"),
    (12, "shuttingdown"),
    (13, "activating"),
    (14, "deactivating"),
    (15, "errorprocessing"),
]
LABELS = dict(STATES)

SUCCESS_LABEL = "transition_success"
FAILURE_LABEL = "transition_failure"
ERROR_LABEL = "transition_error"


class Transition(NamedTuple):
    id: int
    label: str
    start: int
    goal: int


def _requested(id_: int, label: str, start: int, via: int, success: int, failure: int, results: int) -> list[Transition]:
    """A transition a client asks for, then the three a callback's return code takes out of `via`."""
    return [
        Transition(id_, label, start, via),
        Transition(results, SUCCESS_LABEL, via, success),
        Transition(results + 1, FAILURE_LABEL, via, failure),
        Transition(results + 2, ERROR_LABEL, via, 15),
    ]


# rcl registers the three shutdowns before the shuttingdown results, and those only once.
TRANSITIONS: list[Transition] = [
    *_requested(1, "configure", 1, 10, 2, 1, 10),
    *_requested(2, "cleanup", 2, 11, 1, 2, 20),
    *_requested(3, "activate", 2, 13, 3, 2, 30),
    *_requested(4, "deactivate", 3, 14, 2, 3, 40),
    Transition(5, "shutdown", 1, 12),
    Transition(6, "shutdown", 2, 12),
    Transition(7, "shutdown", 3, 12),
    Transition(50, SUCCESS_LABEL, 12, 4),
    Transition(51, FAILURE_LABEL, 12, 4),
    Transition(52, ERROR_LABEL, 12, 15),
    Transition(60, SUCCESS_LABEL, 15, 1),
    Transition(61, FAILURE_LABEL, 15, 4),
    Transition(62, ERROR_LABEL, 15, 4),
]


class TransitionCallbackReturnType(Enum):
    """A transition callback's return code (lifecycle_msgs/msg/Transition TRANSITION_CALLBACK_*).

    rclpy's is a pybind11 enum: not an int (it equals only itself), but int() gives its value."""

    SUCCESS = 97
    FAILURE = 98
    ERROR = 99

    def __int__(self) -> int:
        return int(self.value)

    __index__ = __int__

    def __str__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    def to_label(self) -> str:
        """The label of the transition this code takes out of a transition state."""
        return {97: SUCCESS_LABEL, 98: FAILURE_LABEL, 99: ERROR_LABEL}[self.value]


# rcl_lifecycle logs under its package's name.
_rcl_logger = RcutilsLogger("rcl_lifecycle")

_FAILED = "Failed to trigger lifecycle state machine transition"

Description = tuple[int, str, int, str, int, str]


class StateMachine:
    """The machine of one node; `notify(start, goal)` publishes its ~/transition_event (or is None)."""

    def __init__(self, notify: Callable[[tuple[int, str], tuple[int, str]], Any] | None) -> None:
        self._state = 1
        self._notify = notify

    @property
    def initialized(self) -> bool:
        return True

    @property
    def current_state(self) -> tuple[int, str]:
        return self._state, LABELS[self._state]

    @property
    def available_states(self) -> list[tuple[int, str]]:
        return list(STATES)

    @property
    def available_transitions(self) -> list[Description]:
        return [_describe(t) for t in TRANSITIONS if t.start == self._state]

    @property
    def transition_graph(self) -> list[Description]:
        return [_describe(t) for t in TRANSITIONS]

    def get_transition_by_label(self, label: str) -> int:
        return self._find(lambda t: t.label == label, label, "Failed to get transition from label").id

    def trigger_transition_by_id(self, transition_id: int, publish_update: bool) -> None:
        self._trigger(self._find(lambda t: t.id == transition_id, transition_id, _FAILED), publish_update)

    def trigger_transition_by_label(self, label: str, publish_update: bool) -> None:
        self._trigger(self._find(lambda t: t.label == label, label, _FAILED), publish_update)

    def _find(self, matches: Callable[[Transition], bool], key: object, failed: str) -> Transition:
        for transition in TRANSITIONS:
            if transition.start == self._state and matches(transition):
                return transition
        _rcl_logger.warning(f"No transition matching {key} found for current state {LABELS[self._state]}")
        raise RCLError(failed)

    def _trigger(self, transition: Transition, publish_update: bool) -> None:
        self._state = transition.goal
        if publish_update and self._notify is not None:
            self._notify((transition.start, LABELS[transition.start]), self.current_state)


def _describe(t: Transition) -> Description:
    return t.id, t.label, t.start, LABELS[t.start], t.goal, LABELS[t.goal]
