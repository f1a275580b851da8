"""``python3 -m rclsim._launch_plan``: evaluate a launch file once into the launch plan (docs/launch-plan.md).

    python3 -m rclsim._launch_plan --out PLAN.json [--show-args] [PKG] FILE [name:=value …]

The file is included as `ros2 launch` includes it (ros2launch/api/api.py): the command line's
arguments are its launch arguments, a required one missing is one line listing them. Exit 2
is bad input, its last stderr line `FILE:LINE: message`; a launch file that raises shows its
traceback's last frame first.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, NoReturn

USAGE = 'usage: python3 -m rclsim._launch_plan --out PLAN.json [--show-args] [PKG] FILE [name:=value ...]'


class _BadCommandLine(Exception):
    pass


def _parse(argv: list[str]) -> tuple[str, bool, list[str], list[tuple[str, str]]]:
    out, show_args, positional, arguments = None, False, [], []
    items = iter(argv)
    for item in items:
        if item == '--out':
            out = next(items, None)
        elif item == '--show-args':
            show_args = True
        elif ':=' in item:
            name, value = item.split(':=', 1)
            arguments.append((name, value))
        elif item.startswith('--'):
            raise _BadCommandLine(f'unknown option {item}')
        else:
            positional.append(item)
    if out is None or len(positional) not in (1, 2):
        raise _BadCommandLine(USAGE)
    return out, show_args, positional, arguments


def _find_in_package(package: str, file_name: str) -> str:
    """The first `file_name` below the package's share folder, folders in sorted order (ros2launch)."""
    from ament_index_python.packages import get_package_share_directory

    share = get_package_share_directory(package)
    for folder, folders, files in os.walk(share):
        folders.sort()
        if file_name in files:
            return os.path.join(folder, file_name)
    raise _BadInput(f"file '{file_name}' was not found in the share directory of package '{package}' which is at '{share}'")


class _BadInput(Exception):
    pass


def _known_errors() -> tuple[type[BaseException], ...]:
    from launch._input_error import LaunchInputError
    from launch.conditions import InvalidConditionExpressionError
    from launch.invalid_launch_file_error import InvalidLaunchFileError
    from launch.substitutions import SubstitutionFailure

    known: list[type[BaseException]] = [LaunchInputError, InvalidConditionExpressionError, InvalidLaunchFileError, SubstitutionFailure, _BadInput]
    try:
        from ament_index_python.packages import PackageNotFoundError

        known.append(PackageNotFoundError)
    except ImportError:
        pass
    return tuple(known)


def _message(error: BaseException) -> str:
    if isinstance(error, SystemExit):
        return f'sys.exit({error.code!r}) ended the evaluation before the launch file gave its launch description'
    if type(error).__name__ == 'PackageNotFoundError' and error.args:
        # ament_index_python's text goes on with the paths it searched.
        return str(error.args[0]).split(', searching')[0]
    return ' '.join(str(error).split('\n')[0:1]) or type(error).__name__


def _fail(error: BaseException, root: str) -> NoReturn:
    import traceback

    from launch._origin import is_client_file

    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if not is_client_file(frame.filename)]
    origin = getattr(error, '_rclsim_origin', None)
    if isinstance(error, _known_errors()):
        where = origin if origin is not None else (frames[-1].filename, frames[-1].lineno) if frames else (root, 1)
        print(f'{where[0]}:{where[1]}: {_message(error)}', file=sys.stderr)
        sys.exit(2)
    if isinstance(error, SyntaxError) and error.filename and not is_client_file(error.filename):
        print(f'  File "{error.filename}", line {error.lineno}\n    {(error.text or "").strip()}', file=sys.stderr)
        print(f'{os.path.abspath(error.filename)}:{error.lineno}: SyntaxError: {error.msg}', file=sys.stderr)
        sys.exit(2)
    if frames:
        last = frames[-1]
        print(f'  File "{last.filename}", line {last.lineno}, in {last.name}\n    {last.line or ""}', file=sys.stderr)
        where = (os.path.abspath(last.filename), last.lineno)
    else:
        where = origin if origin is not None else (root, 1)
    print(f'{where[0]}:{where[1]}: {type(error).__name__}: {_message(error)}', file=sys.stderr)
    sys.exit(2)


def _arguments_alone(path: str) -> list[dict[str, Any]]:
    """`--show-args`: what can be found without running anything (launch_description.get_launch_arguments)."""
    from launch.launch_description_sources import get_launch_description_from_any_launch_file

    description = get_launch_description_from_any_launch_file(path)
    return [argument.plan_record(None) for argument in description.get_launch_arguments()]


def _evaluate(path: str, arguments: list[tuple[str, str]], files_dir: str) -> dict[str, Any]:
    from launch._plan import Plan
    from launch._visit import visit_entities
    from launch.actions import IncludeLaunchDescription
    from launch.launch_context import LaunchContext
    from launch.launch_description_sources import AnyLaunchDescriptionSource

    context = LaunchContext(argv=[f'{name}:={value}' for name, value in arguments])
    plan = Plan(files_dir)
    context._plan = plan
    visit_entities(context, [IncludeLaunchDescription(AnyLaunchDescriptionSource(path), launch_arguments=arguments)])
    return {'arguments': plan.arguments, 'actions': plan.actions}


def main(argv: list[str]) -> int:
    try:
        out, show_args, positional, arguments = _parse(argv)
    except _BadCommandLine as error:
        print(f'rclsim._launch_plan: {error}', file=sys.stderr)
        return 2
    root = os.path.abspath(positional[-1])
    from rclsim import _launch_interfaces

    _launch_interfaces.install()
    try:
        if len(positional) == 2:
            root = _find_in_package(positional[0], positional[1])
        if not os.path.isfile(root):
            raise _BadInput(f"launch file '{root}' does not exist")
        if show_args:
            evaluated = {'arguments': _arguments_alone(root), 'actions': []}
        else:
            evaluated = _evaluate(root, arguments, os.path.splitext(out)[0] + '.files')
    # A launch file's sys.exit ends no launch here: it is the launch file's error, named where it was called.
    except (Exception, SystemExit) as error:
        _fail(error, root)
    plan = {'version': 1, 'file': root, **evaluated}
    with open(out, 'w', encoding='utf-8') as file:
        json.dump(plan, file, indent=1)
        file.write('\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
