"""The `$(...)` names of launch_ros's substitutions (upstream: launch_ros/substitutions/*.py
`@expose_substitution`), with upstream's arguments."""

from launch.frontend.positional import expose_positional

_S = 'launch_ros.substitutions'

expose_positional('find-pkg-share', _S, 'FindPackageShare', ('package',), 1)
expose_positional('find-pkg-prefix', _S, 'FindPackagePrefix', ('package',), 1)
expose_positional('exec-in-pkg', _S, 'ExecutableInPackage', ('executable', 'package'), 2)
expose_positional('param', _S, 'Parameter', ('name', 'default'), 1)
