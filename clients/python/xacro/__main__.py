"""`python3 -m xacro FILE [name:=value …]`: the `xacro` command."""

from . import main

main()
