"""`launch.conditions`."""

from .if_condition import IfCondition, InvalidConditionExpressionError, UnlessCondition, evaluate_condition_expression
from .launch_configuration_equals import LaunchConfigurationEquals, LaunchConfigurationNotEquals

__all__ = [
    'IfCondition',
    'InvalidConditionExpressionError',
    'LaunchConfigurationEquals',
    'LaunchConfigurationNotEquals',
    'UnlessCondition',
    'evaluate_condition_expression',
]
