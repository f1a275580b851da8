"""Node names and namespaces as rmw checks them (rmw/validate_node_name.c, validate_namespace.c)."""

import re
from typing import Optional

_NAME = re.compile(r'[A-Za-z_][A-Za-z0-9_]*\Z')


def node_name_problem(name: str) -> Optional[str]:
    if name == '':
        return 'node name must not be empty'
    if not re.fullmatch(r'[A-Za-z0-9_]*', name):
        return "node name must not contain characters other than alphanumerics or '_'"
    if name[0].isdigit():
        return 'node name must not start with a number'
    return None


def namespace_problem(namespace: str) -> Optional[str]:
    if namespace == '/':
        return None
    if not namespace.startswith('/'):
        return "namespace must be absolute (start with '/')"
    if namespace.endswith('/'):
        return "namespace must not end with '/'"
    for token in namespace[1:].split('/'):
        if token == '':
            return "namespace must not contain repeated '/'"
        if not _NAME.match(token):
            return f"namespace token '{token}' must be alphanumerics or '_' and not start with a number"
    return None
