"""The program's tasks, as rclpy's executor keeps them: coroutine callbacks, executor.create_task,
futures' done callbacks. Done says some wait (Done.pending), and the simulation lets one go on per
Run kind CONTINUATION when the program's rclpy executor loops, as rclpy's yields its tasks under
way before each wait: each pass of its generator takes the executor's tasks as it begins.
The modules above the port reach them through ``_port``'s tasks section.
"""

from __future__ import annotations

import threading
from typing import Any, Protocol

from rclsim import _runs

# A task, the entity whose callback it runs and that entity's node (None: create_task's), and the
# executor that runs it (rclpy keeps tasks per executor; None: whichever spins).
TaskEntry = tuple["Task", "int | None", "int | None", Any]


class Task(Protocol):
    """What rclsim needs of rclpy.task.Task (rclsim does not import rclpy)."""

    def __call__(self) -> None: ...
    def done(self) -> bool: ...
    def executing(self) -> bool: ...
    def exception(self) -> BaseException | None: ...


# Tasks not done yet, in the order they were made.
tasks: list[TaskEntry] = []
# The executor each thread spins now (rclpy.executors): a task goes on in its executor's turns.
executors: dict[threading.Thread, Any] = {}
# The pass of the executor's generator under way: the tasks it began with, newest last (yielded
# first); None between passes.
_pass: list[TaskEntry] | None = None
# The run under way let a task go on (Done.more_tasks says whether its pass has more).
stepped = False
# The executor's guard condition was triggered since the last Done (Done.woke).
_woke = False


def _may_go_on(entry: TaskEntry) -> bool:
    """Whether a pass yields the task when its turn comes: neither done nor executing (executors.py 573)."""
    return not entry[0].executing() and not entry[0].done()


def add(task: Task, executor: Any = None) -> None:
    """A task ``executor`` (default: the one the calling thread spins) runs from its next pass
    on (rclpy's create_task triggers the executor's guard condition): of the callback under
    way, if any, and its node."""
    global _woke
    me = threading.current_thread()
    entity = _runs.callback_under_way()
    tasks.append((task, entity or None, _runs.owners.get(entity) if entity else None, executor or executors.get(me)))
    _woke = True


def wake_for(executor: Any) -> None:
    """``executor`` begins to spin: a new generator, whose first pass begins with its tasks under way."""
    global _woke
    if any(entry[3] is executor and not entry[0].done() for entry in tasks):
        _woke = True


def end_of_run() -> tuple[bool, bool, bool]:
    """What the Done of the run under way says of the tasks: whether the pass that let one go on
    has more (more_tasks), whether one not done may go on (pending), and whether the executor was
    woken (woke)."""
    global stepped, _woke
    more = False
    if stepped:
        stepped = False
        more = _pass_has_more()
    pending = False
    if tasks:
        tasks[:] = [entry for entry in tasks if not entry[0].done()]
        pending = _runnable()
    woke = _woke
    _woke = False
    return more, pending, woke


def _runnable() -> bool:
    """Whether a task not done may go on: one of an executor that spins now, or of none."""
    spinning = executors.values()
    return any(entry[3] is None or any(entry[3] is executor for executor in spinning) for entry in tasks if not entry[0].done())


def next_task() -> TaskEntry | None:
    """The next task of the executor's pass (Jazzy's executors.py 567-579): the pass takes
    the executor's tasks as it begins and yields, newest first, each that is neither done nor
    executing when its turn comes; tasks made meanwhile wait for the next pass. The run under
    way lets it go on (``stepped``)."""
    global _pass, stepped
    if _pass is None:
        executor = executors.get(threading.current_thread())
        _pass = [entry for entry in tasks if executor is None or entry[3] is None or entry[3] is executor]
    while _pass:
        entry = _pass.pop()
        if _may_go_on(entry):
            stepped = True
            return entry
    _pass = None
    return None


def _pass_has_more() -> bool:
    """Whether the pass under way yields another task; ends it if not."""
    global _pass
    if _pass is not None and any(_may_go_on(entry) for entry in _pass):
        return True
    _pass = None
    return False


def run(entry: TaskEntry, me: threading.Thread) -> None:
    """One step of a task, as rclpy's executor runs its handler: its error is raised, as its
    spin raises a callback's."""
    step(entry, me)
    error = entry[0].exception()
    if error is not None:
        raise error


def step(entry: TaskEntry, me: threading.Thread | None = None) -> None:
    """One step of a task in the calling thread (entity 0 of its callbacks: tasks). A
    coroutine callback that ends triggers the executor's guard condition, as rclpy's handler does."""
    global _woke
    task, entity = entry[0], entry[1]
    stack = _runs.callbacks_of(me or threading.current_thread())
    stack.append(0)
    try:
        task()
    finally:
        stack.pop()
    if entity is not None and task.done():
        _woke = True
