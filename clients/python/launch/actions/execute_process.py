"""`ExecuteProcess`: a command to run (a `process` record); launch_ros' `Node` builds on it.

What every process record carries is made here (`_process_fields`): the environment the scope
set plus `additional_env`, output, respawn (launch respawns on any exit), respawn_delay,
respawn_max_retries and `on_exit`'s actions. A `prefix` (gdb, valgrind, xterm -e) wraps a real
process, which rclsim does not start: refused with one line.
"""

from typing import Any, Iterable, Optional

from .._input_error import LaunchInputError
from .._plan import Plan, plan_of
from ..action import Action
from ..event_handlers._handler_actions import handler_actions
from ..utilities import normalize_to_list_of_substitutions, perform_substitutions
from ..utilities.type_utils import normalize_typed_substitution, perform_typed_substitution


def _pairs(mapping: Optional[dict[Any, Any]]) -> list[tuple[list[Any], list[Any]]]:
    if mapping is None:
        return []
    return [(normalize_to_list_of_substitutions(name), normalize_to_list_of_substitutions(value)) for name, value in mapping.items()]


class ExecuteProcess(Action):
    def __init__(
        self,
        *,
        cmd: Optional[Iterable[Any]] = None,
        name: Any = None,
        cwd: Any = None,
        env: Optional[dict[Any, Any]] = None,
        additional_env: Optional[dict[Any, Any]] = None,
        shell: bool = False,
        sigterm_timeout: Any = 5,
        sigkill_timeout: Any = 5,
        emulate_tty: Any = False,
        prefix: Any = None,
        output: Any = 'log',
        output_format: str = '[{this.process_description.final_name}] {line}',
        cached_output: bool = False,
        log_cmd: bool = False,
        on_exit: Any = None,
        respawn: Any = False,
        respawn_delay: Optional[float] = None,
        respawn_max_retries: int = -1,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.__cmd = [normalize_to_list_of_substitutions(part) for part in (cmd or [])]
        self.__name = None if name is None else normalize_to_list_of_substitutions(name)
        self.__cwd = None if cwd is None else normalize_to_list_of_substitutions(cwd)
        self.__env = _pairs(env)
        self.__additional_env = _pairs(additional_env)
        self.__shell = shell
        self.__prefix = prefix
        self.__output = normalize_to_list_of_substitutions(output)
        self.__on_exit = on_exit
        self.__respawn = normalize_typed_substitution(respawn, bool)
        self.__respawn_delay = respawn_delay
        self.__respawn_max_retries = respawn_max_retries

    @property
    def cmd(self) -> list[list[Any]]:
        return self.__cmd

    @property
    def name(self) -> Any:
        return self.__name

    @property
    def shell(self) -> bool:
        return self.__shell

    def _refuse_prefix(self, what: str) -> None:
        if self.__prefix is not None:
            raise LaunchInputError(
                f"{what}'s prefix= is not supported: a prefix (gdb, valgrind, xterm -e …) wraps a real process, and rclsim runs the program inside its simulation"
            )

    def _process_fields(self, context: Any, plan: Plan) -> dict[str, Any]:
        env = [(perform_substitutions(context, n), perform_substitutions(context, v)) for n, v in [*self.__env, *self.__additional_env]]
        delay = 0.0 if self.__respawn_delay is None else float(self.__respawn_delay)
        return {
            'env': plan.environment(env),
            'output': perform_substitutions(context, self.__output),
            'respawn': bool(perform_typed_substitution(context, self.__respawn, bool)),
            'respawn_delay': delay,
            'respawn_max_retries': int(self.__respawn_max_retries),
            'on_exit': [],
        }

    def _on_exit_actions(self, context: Any, plan: Plan) -> list[dict[str, Any]]:
        return handler_actions(context, plan, self.__on_exit, 'on_exit')

    def execute(self, context: Any) -> None:
        self._refuse_prefix('ExecuteProcess')
        plan = plan_of(context)
        fields = self._process_fields(context, plan)
        record = plan.add(
            self,
            'process',
            id=plan.id_of(self),
            cmd=[perform_substitutions(context, part) for part in self.__cmd],
            name=None if self.__name is None else perform_substitutions(context, self.__name),
            cwd=None if self.__cwd is None else perform_substitutions(context, self.__cwd),
            shell=bool(self.__shell),
            **fields,
        )
        record['on_exit'] = self._on_exit_actions(context, plan)
