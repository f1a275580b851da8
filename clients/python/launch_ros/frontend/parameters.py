"""`<param>` children of `<node>` and `<composable_node>` as Node's `parameters` (upstream:
launch_ros/actions/node.py `Node.parse_nested_parameters`).

`<param from="file.yaml"/>` is a ParameterFile (`allow_substs` too); `<param name value/>` a
{name: ParameterValue}, its value typed by `type` or read as YAML; `<param name>` holding
`<param>`s a nested dictionary (names joined with dots when launch_ros flattens it). Names are
tuples of substitutions, as upstream's.
"""

from __future__ import annotations

from typing import Any, List

from launch.frontend.entity import Entity
from launch.frontend.errors import EntityValueError
from launch.frontend.type_utils import get_data_type_from_identifier


def _error(param: Entity, what: str) -> EntityValueError:
    return EntityValueError(param.file, param.line, f'{param.label()} {what}')


def _nested(params: list[Entity], parser: Any) -> dict[tuple[Any, ...], Any]:
    from launch_ros.descriptions import ParameterValue

    out: dict[tuple[Any, ...], Any] = {}
    for param in params:
        name = tuple(parser.parse_substitution(param.get_attr('name')))
        type_identifier = param.get_attr('type', data_type=None, optional=True)
        data_type = None if type_identifier is None else get_data_type_from_identifier(type_identifier)
        value = param.get_attr('value', data_type=data_type, optional=True)
        children = param.get_attr('param', data_type=List[Entity], optional=True)
        param.assert_entity_completely_parsed()
        if value is not None and children:
            raise _error(param, 'holds parameters and a value: give one')
        if data_type is not None and children:
            raise _error(param, 'holds parameters and a type: a type is for a value')
        if value is not None:
            value = parser.parse_if_substitutions(value)
            # A value that is text once read (XML "'1'", YAML "1") is a string parameter, as
            # upstream's ParameterValue keeps a str; substitutions are typed when performed.
            out[name] = ParameterValue(value, value_type=str if data_type is None and isinstance(value, str) else data_type)
        elif children:
            out[name] = _nested(children, parser)
        else:
            raise _error(param, 'needs a value, or parameters inside')
    return out


def parse_parameters(params: list[Entity], parser: Any) -> list[Any]:
    """The `parameters` argument of Node (or ComposableNode) from its `<param>` children."""
    from launch_ros.descriptions import ParameterFile

    normalized: list[Any] = []
    for param in params:
        from_file = param.get_attr('from', optional=True)
        allow_substs = param.get_attr('allow_substs', data_type=bool, optional=True, can_be_str=True)
        name = param.get_attr('name', optional=True)
        if from_file is not None and name is not None:
            raise _error(param, "has a name and a from: 'from' loads a whole file")
        if from_file is not None:
            param.assert_entity_completely_parsed()
            substs = parser.parse_substitution(allow_substs) if isinstance(allow_substs, str) else bool(allow_substs)
            normalized.append(ParameterFile(parser.parse_substitution(from_file), allow_substs=substs))
        elif name is not None:
            if allow_substs is not None:
                raise _error(param, "has allow_substs without from: only a file's substitutions can be allowed")
            normalized.append(_nested([param], parser))
        else:
            raise _error(param, 'needs a name or a from')
    return normalized
