"""The tags of launch_ros's actions (upstream: the `parse` classmethods of
launch_ros/actions/*.py and descriptions/composable_node.py, `@expose_action`), with upstream's
attribute names (and `ns` for `namespace`). `<lifecycle_node>` is rclsim's: upstream exposes no tag for LifecycleNode; it
takes `<node>`'s attributes (a lifecycle node needs `name` and `namespace`).
"""

from __future__ import annotations

from typing import Any, List

from launch._origin import made_at
from launch.frontend.cmdline import parse_cmdline
from launch.frontend.entity import Entity
from launch.frontend.expose import expose_action
from launch.frontend.launch_actions import condition_kwargs, execute_process_kwargs
from launch.frontend.lookup import class_named

from .parameters import parse_parameters

Kwargs = dict[str, Any]


def _action(name: str, entity: Entity) -> Any:
    return class_named('launch_ros.actions', name, entity.label())


def _remappings(entity: Entity, parser: Any) -> Any:
    remaps = entity.get_attr('remap', data_type=List[Entity], optional=True)
    if remaps is None:
        return None
    pairs = [(parser.parse_substitution(r.get_attr('from')), parser.parse_substitution(r.get_attr('to'))) for r in remaps]
    for r in remaps:
        r.assert_entity_completely_parsed()
    return pairs


def _namespace(entity: Entity) -> Any:
    """`namespace`, or `ns` as the Jazzy docs' launch-file migration guide writes it (upstream's
    Node.parse reads `namespace` only)."""
    namespace = entity.get_attr('namespace', optional=True)
    ns = entity.get_attr('ns', optional=True)
    if namespace is not None and ns is not None:
        raise ValueError("'namespace' and 'ns' are the same attribute: give one")
    return namespace if namespace is not None else ns


def node_kwargs(entity: Entity, parser: Any) -> Kwargs:
    """Node's arguments from `<node>` (upstream: Node.parse)."""
    kwargs = execute_process_kwargs(entity, parser, ignore=('cmd',))
    for attribute, keyword in (('args', 'arguments'), ('ros_args', 'ros_arguments')):
        text = entity.get_attr(attribute, optional=True)
        if text is not None:
            kwargs[keyword] = parse_cmdline(text, parser)
    for attribute, keyword in (('exec_name', 'exec_name'), ('pkg', 'package')):
        text = entity.get_attr(attribute, optional=True)
        if text is not None:
            kwargs[keyword] = parser.parse_substitution(text)
    namespace = _namespace(entity)
    if namespace is not None:
        kwargs['namespace'] = parser.parse_substitution(namespace)
    kwargs['executable'] = parser.parse_substitution(entity.get_attr('exec'))
    remappings = _remappings(entity, parser)
    if remappings is not None:
        kwargs['remappings'] = remappings
    params = entity.get_attr('param', data_type=List[Entity], optional=True)
    if params is not None:
        kwargs['parameters'] = parse_parameters(params, parser)
    return kwargs


@expose_action('node')
def parse_node(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    return _action('Node', entity), node_kwargs(entity, parser)


@expose_action('lifecycle_node')
def parse_lifecycle_node(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    return _action('LifecycleNode', entity), node_kwargs(entity, parser)


def composable_node(entity: Entity, parser: Any) -> Any:
    """A ComposableNode from `<composable_node>` (upstream: ComposableNode.parse), made at its line."""
    from launch_ros.descriptions import ComposableNode

    kwargs = condition_kwargs(entity, parser)
    kwargs['package'] = parser.parse_substitution(entity.get_attr('pkg'))
    kwargs['plugin'] = parser.parse_substitution(entity.get_attr('plugin'))
    kwargs['name'] = parser.parse_substitution(entity.get_attr('name'))
    namespace = entity.get_attr('namespace', optional=True)
    if namespace is not None:
        kwargs['namespace'] = parser.parse_substitution(namespace)
    params = entity.get_attr('param', data_type=List[Entity], optional=True)
    if params is not None:
        kwargs['parameters'] = parse_parameters(params, parser)
    remappings = _remappings(entity, parser)
    if remappings is not None:
        kwargs['remappings'] = remappings
    extra = entity.get_attr('extra_arg', data_type=List[Entity], optional=True)
    if extra is not None:
        kwargs['extra_arguments'] = [{tuple(parser.parse_substitution(e.get_attr('name'))): parser.parse_substitution(e.get_attr('value'))} for e in extra]
        for e in extra:
            e.assert_entity_completely_parsed()
    entity.assert_entity_completely_parsed()
    with made_at(entity.file, entity.line):
        return ComposableNode(**kwargs)


def _composable_nodes(entity: Entity, parser: Any, optional: bool) -> Any:
    entities = entity.get_attr('composable_node', data_type=List[Entity], optional=optional)
    return None if entities is None else [composable_node(e, parser) for e in entities]


@expose_action('node_container')
def parse_node_container(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = node_kwargs(entity, parser)
    nodes = _composable_nodes(entity, parser, optional=True)
    if nodes is not None:
        kwargs['composable_node_descriptions'] = nodes
    return _action('ComposableNodeContainer', entity), kwargs


@expose_action('load_composable_node')
def parse_load_composable_node(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    kwargs['target_container'] = parser.parse_substitution(entity.get_attr('target'))
    kwargs['composable_node_descriptions'] = _composable_nodes(entity, parser, optional=False)
    return _action('LoadComposableNodes', entity), kwargs


def _parse_push_ros_namespace(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    kwargs['namespace'] = parser.parse_substitution(entity.get_attr('namespace'))
    return _action('PushRosNamespace', entity), kwargs


expose_action('push_ros_namespace')(_parse_push_ros_namespace)
expose_action('push-ros-namespace')(_parse_push_ros_namespace)


@expose_action('set_parameter')
def parse_set_parameter(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    kwargs['name'] = parser.parse_substitution(entity.get_attr('name'))
    kwargs['value'] = parser.parse_substitution(entity.get_attr('value'))
    return _action('SetParameter', entity), kwargs


@expose_action('set_parameters_from_file')
def parse_set_parameters_from_file(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    kwargs['filename'] = parser.parse_substitution(entity.get_attr('filename'))
    return _action('SetParametersFromFile', entity), kwargs


@expose_action('set_remap')
def parse_set_remap(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    kwargs['src'] = parser.parse_substitution(entity.get_attr('from'))
    kwargs['dst'] = parser.parse_substitution(entity.get_attr('to'))
    return _action('SetRemap', entity), kwargs


@expose_action('set_use_sim_time')
def parse_set_use_sim_time(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    kwargs['value'] = parser.parse_substitution(entity.get_attr('value'))
    return _action('SetUseSimTime', entity), kwargs


@expose_action('ros_timer')
def parse_ros_timer(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    kwargs['period'] = parser.parse_if_substitutions(entity.get_attr('period', data_type=float, can_be_str=True))
    kwargs['actions'] = [parser.parse_action(child) for child in entity.children]
    return _action('RosTimer', entity), kwargs


@expose_action('set_ros_log_dir')
def parse_set_ros_log_dir(entity: Entity, parser: Any) -> tuple[Any, Kwargs]:
    kwargs = condition_kwargs(entity, parser)
    kwargs['new_log_dir'] = parser.parse_substitution(entity.get_attr('new_log_dir'))
    return _action('SetROSLogDir', entity), kwargs
