"""`Command` and `FindExecutable`: a command's standard output (xacro's), an executable on the PATH."""

import shlex
import shutil
from typing import Any

from ..substitution import Substitution
from ..utilities import normalize_to_list_of_substitutions, perform_substitutions
from .substitution_failure import SubstitutionFailure


class Command(Substitution):
    def __init__(self, command: Any, *, on_stderr: Any = 'fail') -> None:
        self.__command = normalize_to_list_of_substitutions(command)
        self.__on_stderr = normalize_to_list_of_substitutions(on_stderr)

    @property
    def command(self) -> list[Substitution]:
        return self.__command

    def describe(self) -> str:
        return f"Command({' + '.join(s.describe() for s in self.__command)})"

    def perform(self, context: Any) -> str:
        command_str = perform_substitutions(context, self.__command)
        command = shlex.split(command_str)
        on_stderr = perform_substitutions(context, self.__on_stderr)
        if on_stderr not in ('fail', 'ignore', 'warn', 'capture'):
            raise SubstitutionFailure("expected 'on_stderr' to be one of: 'fail', 'ignore', 'warn' or 'capture'")
        if not command:
            raise SubstitutionFailure('Command substitution of an empty command')
        import subprocess  # only here: its import costs the evaluation of every other launch file

        try:
            result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT if on_stderr == 'capture' else subprocess.PIPE, text=True)
        except FileNotFoundError:
            raise SubstitutionFailure(f"command '{command[0]}' not found (is it installed?); Command: {command_str}") from None
        if result.returncode != 0:
            stderr = f'; its stderr: {_one_line(result.stderr)}' if result.stderr else ''
            raise SubstitutionFailure(f'executed command failed (exit {result.returncode}). Command: {command_str}{stderr}')
        if result.stderr and on_stderr == 'fail':
            raise SubstitutionFailure(f'executed command showed stderr output. Command: {command_str}; its stderr: {_one_line(result.stderr)}')
        return result.stdout


def _one_line(text: str) -> str:
    return ' / '.join(line.strip() for line in text.strip().splitlines() if line.strip())


PROVIDED_BY_RCLSIM = ('ros2',)


class FindExecutable(Substitution):
    def __init__(self, *, name: Any) -> None:
        self.__name = normalize_to_list_of_substitutions(name)

    @property
    def name(self) -> list[Substitution]:
        return self.__name

    def describe(self) -> str:
        return f"FindExec({' + '.join(s.describe() for s in self.__name)})"

    def perform(self, context: Any) -> str:
        name = perform_substitutions(context, self.__name)
        found = shutil.which(name)
        if found is None:
            # `ros2 run`, `ros2 topic pub`, … are done by rclsim's own equivalents, ros2 installed or not.
            if name in PROVIDED_BY_RCLSIM:
                return name
            raise SubstitutionFailure(f"executable '{name}' not found on the PATH")
        return found
