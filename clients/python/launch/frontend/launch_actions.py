"""The tags of launch's own actions, each parsed into its action's constructor arguments.

Upstream puts each of these in its action's `parse` classmethod (ros2/launch, launch/actions/*.py,
`@expose_action`); rclsim keeps them here, apart from the actions, with upstream's attribute
names, types and checks. Every tag takes `if` or `unless` (launch/action.py `Action.parse`). A
typed attribute that upstream reads without substitutions (`respawn_delay`, `shell`, `scoped`…)
must be of its type (upstream lets the text through, to fail later, unnamed).
"""

from __future__ import annotations

from typing import Any, List

from .. import actions
from ..conditions import IfCondition, UnlessCondition
from .cmdline import parse_cmdline
from .entity import Entity
from .expose import expose_action

Kwargs = dict[str, Any]


def condition_kwargs(entity: Entity, parser: Any) -> Kwargs:
    """`condition` from the `if` or `unless` attribute, when there is one."""
    if_text = entity.get_attr('if', optional=True)
    unless_text = entity.get_attr('unless', optional=True)
    if if_text is not None and unless_text is not None:
        raise ValueError("if and unless conditions can't be used simultaneously")
    if if_text is not None:
        return {'condition': IfCondition(predicate_expression=parser.parse_substitution(if_text))}
    if unless_text is not None:
        return {'condition': UnlessCondition(predicate_expression=parser.parse_substitution(unless_text))}
    return {}


def name_value_list(entities: list[Entity], parser: Any) -> list[tuple[list[Any], list[Any]]]:
    """`<arg name value/>` children of an include, in order: (name, value), both substitutions."""
    pairs = [(parser.parse_substitution(e.get_attr('name')), parser.parse_substitution(e.get_attr('value'))) for e in entities]
    for e in entities:
        e.assert_entity_completely_parsed()
    return pairs


def name_value_pairs(entities: list[Entity], parser: Any) -> dict[tuple[Any, ...], list[Any]]:
    """`<env name value/>`, `<keep name value/>` children as {name: value}, both substitutions."""
    return {tuple(name): value for name, value in name_value_list(entities, parser)}


def _non_negative(entity: Entity, name: str) -> Any:
    value = entity.get_attr(name, data_type=float, optional=True, can_be_str=False)
    if value is not None and value < 0.0:
        raise ValueError(f"'{name}' must not be negative, got {value}")
    return value


def execute_process_kwargs(entity: Entity, parser: Any, ignore: tuple[str, ...] = ()) -> Kwargs:
    """ExecuteProcess's arguments (upstream: ExecuteProcess.parse); `<node>` reads all but `cmd`."""
    kwargs = condition_kwargs(entity, parser)
    if 'cmd' not in ignore:
        kwargs['cmd'] = parse_cmdline(entity.get_attr('cmd'), parser)
    for attribute, keyword in (('cwd', 'cwd'), ('name', 'name'), ('launch-prefix', 'prefix'), ('output', 'output'), ('respawn', 'respawn')):
        text = entity.get_attr(attribute, optional=True)
        if text is not None:
            kwargs[keyword] = parser.parse_substitution(text)
    on_exit = entity.get_attr('on_exit', optional=True)
    if on_exit is not None:
        if on_exit != 'shutdown':
            raise ValueError(f"'on_exit' can only be 'shutdown', got '{on_exit}'")
        kwargs['on_exit'] = [actions.Shutdown()]
    retries = entity.get_attr('respawn_max_retries', data_type=int, optional=True, can_be_str=False)
    if retries is not None:
        kwargs['respawn_max_retries'] = retries
    delay = _non_negative(entity, 'respawn_delay')
    if delay is not None:
        kwargs['respawn_delay'] = delay
    for timeout in ('sigkill_timeout', 'sigterm_timeout'):
        value = _non_negative(entity, timeout)
        if value is not None:
            kwargs[timeout] = str(value)
    for flag in ('shell', 'emulate_tty'):
        value = entity.get_attr(flag, data_type=bool, optional=True, can_be_str=False)
        if value is not None:
            kwargs[flag] = value
    env = entity.get_attr('env', data_type=List[Entity], optional=True)
    if env is not None:
        kwargs['additional_env'] = name_value_pairs(env, parser)
    return kwargs


@expose_action('executable')
def parse_executable(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    return actions.ExecuteProcess, execute_process_kwargs(entity, parser)


@expose_action('arg')
def parse_arg(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    kwargs['name'] = parser.escape_characters(entity.get_attr('name'))
    default = entity.get_attr('default', optional=True)
    if default is not None:
        kwargs['default_value'] = parser.parse_substitution(default)
    description = entity.get_attr('description', optional=True)
    if description is not None:
        kwargs['description'] = parser.escape_characters(description)
    choices = entity.get_attr('choice', data_type=List[Entity], optional=True)
    if choices is not None:
        kwargs['choices'] = [parser.escape_characters(choice.get_attr('value')) for choice in choices]
        for choice in choices:
            choice.assert_entity_completely_parsed()
    return actions.DeclareLaunchArgument, kwargs


@expose_action('let')
def parse_let(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    kwargs['name'] = parser.parse_substitution(entity.get_attr('name'))
    kwargs['value'] = parser.parse_substitution(entity.get_attr('value'))
    return actions.SetLaunchConfiguration, kwargs


@expose_action('include')
def parse_include(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    kwargs['launch_description_source'] = parser.parse_substitution(entity.get_attr('file'))
    args = entity.get_attr('arg', data_type=List[Entity], optional=True)
    if args is not None:
        kwargs['launch_arguments'] = name_value_list(args, parser)
    return actions.IncludeLaunchDescription, kwargs


@expose_action('group')
def parse_group(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    for flag in ('scoped', 'forwarding'):
        value = entity.get_attr(flag, data_type=bool, optional=True, can_be_str=False)
        if value is not None:
            kwargs[flag] = value
    keeps = entity.get_attr('keep', data_type=List[Entity], optional=True)
    if keeps is not None:
        kwargs['launch_configurations'] = name_value_pairs(keeps, parser)
    kwargs['actions'] = [parser.parse_action(child) for child in entity.children if child.type_name != 'keep']
    return actions.GroupAction, kwargs


@expose_action('set_env')
def parse_set_env(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    kwargs['name'] = parser.parse_substitution(entity.get_attr('name'))
    kwargs['value'] = parser.parse_substitution(entity.get_attr('value'))
    return actions.SetEnvironmentVariable, kwargs


@expose_action('unset_env')
def parse_unset_env(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    kwargs['name'] = parser.parse_substitution(entity.get_attr('name'))
    return actions.UnsetEnvironmentVariable, kwargs


@expose_action('append_env')
def parse_append_env(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    kwargs['name'] = parser.parse_substitution(entity.get_attr('name'))
    kwargs['value'] = parser.parse_substitution(entity.get_attr('value'))
    prepend = entity.get_attr('prepend', data_type=bool, optional=True, can_be_str=True)
    if prepend is not None:
        kwargs['prepend'] = parser.parse_if_substitutions(prepend)
    separator = entity.get_attr('separator', optional=True)
    if separator is not None:
        kwargs['separator'] = parser.parse_substitution(separator)
    return actions.AppendEnvironmentVariable, kwargs


@expose_action('log')
def parse_log(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    kwargs['msg'] = parser.parse_substitution(entity.get_attr('message'))
    return actions.LogInfo, kwargs


@expose_action('timer')
def parse_timer(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    kwargs['period'] = parser.parse_if_substitutions(entity.get_attr('period', data_type=float, can_be_str=True))
    kwargs['actions'] = [parser.parse_action(child) for child in entity.children]
    cancel = entity.get_attr('cancel_on_shutdown', data_type=bool, optional=True, can_be_str=True)
    if cancel is not None:
        kwargs['cancel_on_shutdown'] = parser.parse_if_substitutions(cancel)
    return actions.TimerAction, kwargs


@expose_action('shutdown')
def parse_shutdown(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    reason = entity.get_attr('reason', optional=True)
    if reason:
        kwargs['reason'] = parser.parse_substitution(reason)
    return actions.Shutdown, kwargs


@expose_action('reset')
def parse_reset(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    keeps = entity.get_attr('keep', data_type=List[Entity], optional=True)
    if keeps is not None:
        kwargs['launch_configurations'] = name_value_pairs(keeps, parser)
    return actions.ResetLaunchConfigurations, kwargs


@expose_action('reset_env')
def parse_reset_env(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    return actions.ResetEnvironment, condition_kwargs(entity, parser)
