"""launch.frontend: XML and YAML launch files read into launch's actions (upstream's package of
that name). The formats are launch_xml and launch_yaml; the tags are in launch_actions,
launch_substitutions and launch_ros.frontend."""

from . import type_utils
from .entity import Entity
from .errors import FrontendError
from .expose import expose_action, expose_substitution
from .parser import InvalidFrontendLaunchFileError, Parser

__all__ = [
    'Entity',
    'FrontendError',
    'InvalidFrontendLaunchFileError',
    'Parser',
    'expose_action',
    'expose_substitution',
    'type_utils',
]
