"""`launch_ros.utilities`: what launch files import of it."""

from .namespace_utils import make_namespace_absolute, prefix_namespace
from .normalize_parameters import evaluate_parameter_dict, normalize_parameter_dict, normalize_parameters

__all__ = ['evaluate_parameter_dict', 'make_namespace_absolute', 'normalize_parameter_dict', 'normalize_parameters', 'prefix_namespace']
