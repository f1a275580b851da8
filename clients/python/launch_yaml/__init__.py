"""launch_yaml: the YAML front end of launch (upstream's package of that name)."""

from . import launch_description_sources
from .entity import Entity
from .parser import Parser

__all__ = ['Entity', 'Parser', 'launch_description_sources']
