"""A node's parameters as the plan's PARAMS (docs/launch-plan.md): files and `[name, yaml]` values.

The scope's `SetParameter`s and `SetParametersFromFile`s come first, in order (consecutive values
as one entry), then the node's own. The scope keeps them in the launch configuration
'global_params' as launch_ros does, as a tuple so a group's additions end with the group.
"""

import os
import sys
from typing import Any

import yaml

from .parameter_descriptions import Parameter, ParameterFile
from .utilities.normalize_parameters import evaluate_parameter_dict

GLOBAL_PARAMS = 'global_params'
GLOBAL_REMAPS = 'ros_remaps'


def yaml_text(value: Any) -> str:
    """A value as one line of YAML: `1.0` a double, `'1'` a string, `[1, 2]` a list."""
    text = yaml.safe_dump(list(value) if isinstance(value, tuple) else value, default_flow_style=True, width=1 << 30, allow_unicode=True)
    return text[: -len('\n...\n')] if text.endswith('\n...\n') else text.rstrip('\n')


def _values(evaluated: dict[str, Any]) -> dict[str, Any]:
    return {'values': [[name, yaml_text(value)] for name, value in evaluated.items()]}


def scope_entries(context: Any) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    for entry in context.launch_configurations.get(GLOBAL_PARAMS, ()):
        if entry[0] == 'file':
            entries.append({'file': entry[1]})
        elif entries and 'values' in entries[-1]:
            entries[-1]['values'].append([entry[1], yaml_text(entry[2])])
        else:
            entries.append({'values': [[entry[1], yaml_text(entry[2])]]})
    return entries


def plan_parameters(context: Any, parameters: list[Any], origin: tuple[str, int]) -> list[dict[str, Any]]:
    entries = scope_entries(context)
    for item in parameters:
        if isinstance(item, ParameterFile):
            path = str(item.evaluate(context))
            if not os.path.isfile(path):
                # launch_ros' Node warns and leaves the file out.
                print(f'{origin[0]}:{origin[1]}: warning: Parameter file path is not a file: {path}', file=sys.stderr)
                continue
            entries.append({'file': path})
        elif isinstance(item, Parameter):
            name, value = item.evaluate(context)
            entries.append(_values({name: value}))
        else:
            entries.append(_values(evaluate_parameter_dict(context, item)))
    return entries
