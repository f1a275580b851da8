"""`Node`: a ROS node to start (a `node` record), resolved in its scope.

As launch_ros/actions/node.py: a relative namespace goes under the scope's pushed namespace
(an absolute one stays), the scope's parameters and remappings come before the node's own,
`ros_arguments` are those after '--ros-args'. The package is not looked up here: what can run
is rclsim's to decide (docs/launch-plan.md).
"""

from typing import Any, Optional

from launch._input_error import LaunchInputError
from launch._plan import Plan, plan_of
from launch.actions.execute_process import ExecuteProcess
from launch.utilities import normalize_to_list_of_substitutions, perform_substitutions

from .._plan_parameters import GLOBAL_REMAPS, plan_parameters
from ..utilities.namespace_utils import make_namespace_absolute, prefix_namespace
from ..utilities.normalize_parameters import normalize_parameters
from ._names import namespace_problem, node_name_problem


def normalize_remap_rules(remappings: Any) -> list[tuple[list[Any], list[Any]]]:
    rules = []
    for rule in remappings:
        if isinstance(rule, str) or len(rule) != 2:
            raise LaunchInputError(f'a remapping must be a pair (from, to), got {rule!r}')
        rules.append((normalize_to_list_of_substitutions(rule[0]), normalize_to_list_of_substitutions(rule[1])))
    return rules


def perform_remappings(context: Any, rules: list[tuple[list[Any], list[Any]]]) -> list[list[str]]:
    scoped = [list(rule) for rule in context.launch_configurations.get(GLOBAL_REMAPS, ())]
    return scoped + [[perform_substitutions(context, src), perform_substitutions(context, dst)] for src, dst in rules]


def resolve_namespace(context: Any, namespace: Optional[list[Any]]) -> Optional[str]:
    """The node's namespace under the scope's, absolute, or None when neither says one."""
    expanded = None if namespace is None else perform_substitutions(context, namespace)
    combined = make_namespace_absolute(prefix_namespace(context.launch_configurations.get('ros_namespace'), expanded))
    if combined is not None:
        problem = namespace_problem(combined)
        if problem is not None:
            raise LaunchInputError(f"invalid namespace '{combined}': {problem}")
    return combined


class Node(ExecuteProcess):
    UNSPECIFIED_NODE_NAME = '<node_name_unspecified>'
    UNSPECIFIED_NODE_NAMESPACE = '<node_namespace_unspecified>'
    _KIND = 'node'

    def __init__(
        self,
        *,
        executable: Any,
        package: Any = None,
        name: Any = None,
        namespace: Any = None,
        exec_name: Any = None,
        parameters: Any = None,
        remappings: Any = None,
        ros_arguments: Any = None,
        arguments: Any = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(cmd=[], name=exec_name, **kwargs)
        self.__package = None if package is None else normalize_to_list_of_substitutions(package)
        self.__executable = normalize_to_list_of_substitutions(executable)
        self.__node_name = None if name is None else normalize_to_list_of_substitutions(name)
        self.__node_namespace = None if namespace is None else normalize_to_list_of_substitutions(namespace)
        self.__parameters = [] if parameters is None else normalize_parameters(parameters)
        self.__remappings = [] if remappings is None else normalize_remap_rules(remappings)
        self.__ros_arguments = [normalize_to_list_of_substitutions(a) for a in (ros_arguments or [])]
        self.__arguments = [normalize_to_list_of_substitutions(a) for a in (arguments or [])]
        self.__final_node_name: Optional[str] = None
        self.__expanded_node_namespace: Optional[str] = None

    @property
    def node_package(self) -> Any:
        return self.__package

    @property
    def node_executable(self) -> Any:
        return self.__executable

    @property
    def node_name(self) -> str:
        if self.__final_node_name is None:
            raise RuntimeError("cannot access 'node_name' before executing action")
        return self.__final_node_name

    @property
    def expanded_node_namespace(self) -> str:
        return self.__expanded_node_namespace or self.UNSPECIFIED_NODE_NAMESPACE

    def is_node_name_fully_specified(self) -> bool:
        return self.__final_node_name is not None and self.UNSPECIFIED_NODE_NAME not in self.__final_node_name

    def _node_fields(self, context: Any, plan: Plan) -> dict[str, Any]:
        name = None if self.__node_name is None else perform_substitutions(context, self.__node_name).lstrip('/')
        if name is not None and node_name_problem(name) is not None:
            raise LaunchInputError(f"invalid node name '{name}': {node_name_problem(name)}")
        namespace = resolve_namespace(context, self.__node_namespace)
        self.__expanded_node_namespace = namespace
        self.__final_node_name = prefix_namespace(namespace or '/', name or self.UNSPECIFIED_NODE_NAME)
        return {
            'id': plan.id_of(self),
            'package': None if self.__package is None else perform_substitutions(context, self.__package),
            'executable': perform_substitutions(context, self.__executable),
            'name': name,
            'namespace': namespace,
            'parameters': plan_parameters(context, self.__parameters, self._origin),
            'remappings': perform_remappings(context, self.__remappings),
            'arguments': [perform_substitutions(context, a) for a in self.__arguments],
            'ros_arguments': [perform_substitutions(context, a) for a in self.__ros_arguments],
        }

    def _extra_fields(self, context: Any, plan: Plan) -> dict[str, Any]:
        return {'lifecycle': False}

    def execute(self, context: Any) -> None:
        self._refuse_prefix(type(self).__name__)
        plan = plan_of(context)
        fields = self._node_fields(context, plan)
        fields.update(self._process_fields(context, plan))
        fields.update(self._extra_fields(context, plan))
        record = plan.add(self, self._KIND, **fields)
        record['on_exit'] = self._on_exit_actions(context, plan)
