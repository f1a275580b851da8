"""What an ament_python package's ``setup.py``/``setup.cfg`` installs, read without running them
(docs/workspaces.md): ``python3 -m rclsim._setup_reader FOLDER…`` prints one JSON list, one
object per package folder, for rclsim's workspace layout (src/build/pythonPackages.ts).

``setup.py`` is parsed with ``ast`` and the arguments of its ``setup()`` call that say what is
installed (``packages``, ``package_dir``, ``py_modules``, ``data_files``, ``entry_points``,
``scripts``) are evaluated by a small evaluator that knows the forms real packages use: strings,
lists, tuples, dicts, ``+``, ``%`` and f-strings, variables, ``os.path.join``, ``glob``,
``find_packages``, list comprehensions, ``.format``, ``.append``/``.extend`` and ``for`` loops.
Anything else, where one of those arguments needs it, is one line ``setup.py:LINE: …`` on stderr
and exit 2. ``setup.cfg``'s ``[options]`` fill what ``setup()`` does not give, as setuptools does.
"""

from __future__ import annotations

import ast
import fnmatch
import glob as globbing
import json
import os
import sys
from typing import Any

# What an install needs of setup(); the rest (version, install_requires, …) is never evaluated.
WANTED = ("packages", "package_dir", "py_modules", "data_files", "entry_points", "scripts")
# The methods of a string setup.py may call: pure functions of their arguments.
STR_METHODS = ("format", "join", "replace", "strip", "lstrip", "rstrip", "split", "lower", "upper", "startswith", "endswith")


class Unreadable(Exception):
    """setup.py (or setup.cfg) says something this reader cannot evaluate statically."""

    def __init__(self, file: str, line: int, message: str) -> None:
        super().__init__(f"{file}:{line}: {message}")


class _Later:
    """A variable whose value could not be evaluated: an error only where something needs it."""

    def __init__(self, error: Unreadable) -> None:
        self.error = error


class _Function:
    """A function setup.py may call, by its dotted name."""

    def __init__(self, name: str) -> None:
        self.name = name


class _Module:
    def __init__(self, name: str) -> None:
        self.name = name


class _Evaluator:
    def __init__(self, file: str) -> None:
        self.file = file
        self.folder = os.path.dirname(file)
        self.names: dict[str, Any] = {"__file__": file, "__name__": "__main__"}

    def fail(self, node: ast.AST, message: str) -> Unreadable:
        return Unreadable(self.file, getattr(node, "lineno", 0), message)

    # -- statements --------------------------------------------------------------------------

    def run(self, body: list[ast.stmt]) -> ast.Call | None:
        """Runs the module's statements; the setup() call met, or None."""
        found: ast.Call | None = None
        for statement in body:
            call = self.statement(statement)
            if call is not None:
                found = call
        return found

    def statement(self, node: ast.stmt) -> ast.Call | None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                self.names[alias.asname or alias.name.split(".")[0]] = _Module(alias.name if alias.asname else alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                self.names[alias.asname or alias.name] = _Module(f"{node.module}.{alias.name}")
        elif isinstance(node, ast.Assign):
            value = self.lazily(node.value)
            for target in node.targets:
                self.assign(target, value, node)
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            self.assign(node.target, self.lazily(node.value), node)
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and isinstance(node.op, ast.Add):
            self.names[node.target.id] = self.lazily(ast.BinOp(left=ast.Name(id=node.target.id, ctx=ast.Load()), op=ast.Add(), right=node.value, lineno=node.lineno))
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            if self.is_setup(node.value.func):
                return node.value
            self.mutation(node.value)
        elif isinstance(node, ast.For):
            self.loop(node)
        elif isinstance(node, ast.If) and self.is_main_guard(node.test):
            return self.run(node.body)
        elif isinstance(node, ast.If):
            try:
                taken = self.value(node.test)
            except Unreadable as error:
                self.poison(node, error)
                return None
            return self.run(node.body if taken else node.orelse)
        elif isinstance(node, (ast.With, ast.Try, ast.While)):
            self.poison(node, self.fail(node, f"cannot read setup.py statically: a {type(node).__name__.lower()} statement sets it"))
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            # Its own functions are never run: a call of one, where setup()'s arguments need it, is refused there.
            self.names[node.name] = _Function(node.name)
        return None

    def is_setup(self, func: ast.expr) -> bool:
        value = self.names.get(func.id) if isinstance(func, ast.Name) else None
        if isinstance(value, _Module) and value.name.endswith(".setup"):
            return True
        return isinstance(func, ast.Attribute) and func.attr == "setup"

    def is_main_guard(self, test: ast.expr) -> bool:
        return isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == "__name__"

    def lazily(self, node: ast.expr) -> Any:
        try:
            return self.value(node)
        except Unreadable as error:
            return _Later(error)

    def assign(self, target: ast.expr, value: Any, node: ast.stmt) -> None:
        if isinstance(target, ast.Name):
            self.names[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, (list, tuple)) and len(value) == len(target.elts):
            for part, item in zip(target.elts, value):
                self.assign(part, item, node)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for part in target.elts:
                self.assign(part, _Later(self.fail(node, "cannot read setup.py statically: an assignment it unpacks")), node)

    def mutation(self, call: ast.Call) -> None:
        """``files.append(x)``, ``files.extend(xs)``, ``files += …`` on a list variable; other calls are left alone."""
        func = call.func
        if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.attr in ("append", "extend")):
            return
        target = self.names.get(func.value.id)
        if not isinstance(target, list):
            return
        try:
            items = [self.value(arg) for arg in call.args]
        except Unreadable as error:
            self.names[func.value.id] = _Later(error)
            return
        if func.attr == "append":
            target.extend(items)
        else:
            for item in items:
                target.extend(item)

    def poison(self, node: ast.stmt, error: Unreadable) -> None:
        """What a statement this reader cannot follow assigns or appends to: an error where it is used, never a value missing a part."""
        for inner in ast.walk(node):
            targets: list[ast.expr] = []
            if isinstance(inner, ast.Assign):
                targets = inner.targets
            elif isinstance(inner, (ast.AugAssign, ast.AnnAssign, ast.For)):
                targets = [inner.target]
            elif isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute):
                targets = [inner.func.value]
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        self.names[name.id] = _Later(error)

    def loop(self, node: ast.For) -> None:
        try:
            items = self.value(node.iter)
        except Unreadable as error:
            self.poison(node, error)
            return
        for item in items:
            self.assign(node.target, item, node)
            for statement in node.body:
                self.statement(statement)

    # -- expressions -------------------------------------------------------------------------

    def value(self, node: ast.expr) -> Any:
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            if node.id not in self.names:
                raise self.fail(node, f"cannot read setup.py statically: '{node.id}' is not defined there")
            found = self.names[node.id]
            if isinstance(found, _Later):
                raise found.error
            return found
        if isinstance(node, (ast.List, ast.Tuple)):
            items: list[Any] = []
            for element in node.elts:
                if isinstance(element, ast.Starred):
                    items.extend(self.value(element.value))
                else:
                    items.append(self.value(element))
            return items if isinstance(node, ast.List) else tuple(items)
        if isinstance(node, ast.Dict):
            return {self.value(key): self.value(item) for key, item in zip(node.keys, node.values) if key is not None}
        if isinstance(node, ast.JoinedStr):
            return "".join(self.formatted(part) for part in node.values)
        if isinstance(node, ast.BinOp):
            return self.binary(node)
        if isinstance(node, ast.Attribute):
            base = self.value(node.value)
            if isinstance(base, _Module):
                return _Function(f"{base.name}.{node.attr}")
            if isinstance(base, _Function):
                return _Function(f"{base.name}.{node.attr}")
            if isinstance(base, str) and node.attr in STR_METHODS:
                return (base, node.attr)
            raise self.fail(node, f"cannot read setup.py statically: attribute .{node.attr}")
        if isinstance(node, ast.Call):
            return self.call(node)
        if isinstance(node, (ast.ListComp, ast.GeneratorExp)):
            return self.comprehension(node)
        if isinstance(node, ast.Compare):
            return self.compare(node)
        if isinstance(node, ast.BoolOp):
            values = [self.value(item) for item in node.values]
            return all(values) if isinstance(node.op, ast.And) else any(values)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return not self.value(node.operand)
        if isinstance(node, ast.Subscript):
            base = self.value(node.value)
            return base[self.value(node.slice)]
        raise self.fail(node, f"cannot read setup.py statically: {type(node).__name__.lower()} expression")

    def formatted(self, part: ast.expr) -> str:
        if isinstance(part, ast.Constant):
            return str(part.value)
        if isinstance(part, ast.FormattedValue) and part.format_spec is None and part.conversion in (-1, ord("s")):
            return str(self.value(part.value))
        raise self.fail(part, "cannot read setup.py statically: an f-string's conversion or format")

    def binary(self, node: ast.BinOp) -> Any:
        left, right = self.value(node.left), self.value(node.right)
        if isinstance(node.op, ast.Add) and type(left) is type(right) and isinstance(left, (str, list, tuple)):
            return left + right
        if isinstance(node.op, ast.Mod) and isinstance(left, str):
            return left % (tuple(right) if isinstance(right, list) else right)
        raise self.fail(node, f"cannot read setup.py statically: {type(node.op).__name__} of {type(left).__name__} and {type(right).__name__}")

    def compare(self, node: ast.Compare) -> bool:
        left = self.value(node.left)
        for op, comparator in zip(node.ops, node.comparators):
            right = self.value(comparator)
            checks = {ast.Eq: lambda: left == right, ast.NotEq: lambda: left != right, ast.In: lambda: left in right, ast.NotIn: lambda: left not in right}
            check = checks.get(type(op))
            if check is None:
                raise self.fail(node, f"cannot read setup.py statically: comparison {type(op).__name__}")
            if not check():
                return False
            left = right
        return True

    def comprehension(self, node: ast.ListComp | ast.GeneratorExp) -> list[Any]:
        results: list[Any] = []
        saved = dict(self.names)

        def level(index: int) -> None:
            if index == len(node.generators):
                results.append(self.value(node.elt))
                return
            generator = node.generators[index]
            for item in self.value(generator.iter):
                self.assign(generator.target, item, node)  # type: ignore[arg-type]
                if all(self.value(condition) for condition in generator.ifs):
                    level(index + 1)

        try:
            level(0)
        finally:
            self.names = saved
        return results

    def path(self, value: Any, node: ast.AST) -> str:
        if not isinstance(value, str):
            raise self.fail(node, f"cannot read setup.py statically: a path that is a {type(value).__name__}")
        return value if os.path.isabs(value) else os.path.join(self.folder, value)

    def call(self, node: ast.Call) -> Any:
        func = self.value(node.func)
        args = [self.value(arg) for arg in node.args]
        kwargs = {keyword.arg: self.value(keyword.value) for keyword in node.keywords if keyword.arg is not None}
        if isinstance(func, tuple):
            base, method = func
            return getattr(base, method)(*args, **kwargs)
        name = func.name if isinstance(func, (_Function, _Module)) else None
        if name == "os.path.join":
            return os.path.join(*args)
        if name in ("glob.glob", "glob"):
            pattern = args[0] if args else kwargs["pathname"]
            # setup.py runs in its folder: globs are relative to it; sorted, for the same order on every machine.
            matches = sorted(globbing.glob(self.path(pattern, node), recursive=bool(kwargs.get("recursive", False))))
            return [os.path.relpath(match, self.folder) if not os.path.isabs(pattern) else match for match in matches]
        if name in ("os.path.dirname", "os.path.basename", "os.path.abspath", "os.path.normpath", "os.path.realpath", "os.path.splitext"):
            return getattr(os.path, name.split(".")[-1])(*args)
        if name in ("os.path.isfile", "os.path.isdir", "os.path.exists"):
            return getattr(os.path, name.split(".")[-1])(self.path(args[0], node))
        if name == "os.listdir":
            return sorted(os.listdir(self.path(args[0] if args else ".", node)))
        if name is not None and name.split(".")[-1] in ("find_packages", "find_namespace_packages") and name.startswith("setuptools"):
            return find_packages(self.path(kwargs.get("where", args[0] if args else "."), node), kwargs.get("exclude", ()), kwargs.get("include", ("*",)))
        if name in ("sorted", "list", "tuple", "set", "str", "len"):
            return {"sorted": sorted, "list": list, "tuple": tuple, "set": lambda *a: sorted(set(*a)), "str": str, "len": len}[name](*args)
        shown = name or ast.unparse(node.func)
        raise self.fail(node, f"cannot read setup.py statically: it calls {shown}() (rclsim reads setup.py, never runs it)")

    def setup_arguments(self, call: ast.Call) -> dict[str, Any]:
        wanted: dict[str, Any] = {}
        for keyword in call.keywords:
            if keyword.arg is None:
                raise self.fail(keyword.value, "cannot read setup.py statically: setup(**…)")
            if keyword.arg in WANTED:
                wanted[keyword.arg] = (self.value(keyword.value), keyword.value.lineno)
        return wanted


def find_packages(where: str, exclude: Any = (), include: Any = ("*",)) -> list[str]:
    """setuptools.find_packages: folders with an ``__init__.py`` below ``where``, dotted, in sorted order."""
    found: list[str] = []

    def walk(folder: str, prefix: str) -> None:
        for entry in sorted(os.listdir(folder)):
            path = os.path.join(folder, entry)
            if not os.path.isdir(path) or "." in entry or not os.path.isfile(os.path.join(path, "__init__.py")):
                continue
            name = prefix + entry
            if any(fnmatch.fnmatchcase(name, pattern) for pattern in include) and not any(fnmatch.fnmatchcase(name, pattern) for pattern in exclude):
                found.append(name)
            walk(path, name + ".")

    walk(where, "")
    return found


def _builtins(evaluator: _Evaluator) -> None:
    for name in ("sorted", "list", "tuple", "set", "str", "len"):
        evaluator.names[name] = _Function(name)


def read_setup_cfg(folder: str) -> tuple[dict[str, Any], str]:
    """setup.cfg's ``[options]`` as setup() arguments (setuptools' declarative config)."""
    file = os.path.join(folder, "setup.cfg")
    if not os.path.isfile(file):
        return {}, file
    import configparser  # only for a package that has one: it takes a while to import

    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(file, encoding="utf-8")

    def items(text: str) -> list[str]:
        return [item.strip() for line in text.splitlines() for item in line.split(",") if item.strip() != ""]

    found: dict[str, Any] = {}
    if parser.has_section("options"):
        options = parser["options"]
        if "package_dir" in options:
            found["package_dir"] = dict((key.strip(), value.strip()) for key, _, value in (item.partition("=") for item in items(options["package_dir"])))
        if "packages" in options:
            text = options["packages"].strip()
            if text in ("find:", "find_namespace:"):
                find = parser["options.packages.find"] if parser.has_section("options.packages.find") else {}
                where = os.path.join(folder, find.get("where", found.get("package_dir", {}).get("", ".")))
                found["packages"] = find_packages(where, items(find.get("exclude", "")), items(find.get("include", "")) or ("*",))
            else:
                found["packages"] = items(text)
        if "py_modules" in options:
            found["py_modules"] = items(options["py_modules"])
        if "scripts" in options:
            found["scripts"] = items(options["scripts"])
    if parser.has_section("options.entry_points"):
        found["entry_points"] = {group: [line.strip() for line in text.splitlines() if line.strip()] for group, text in parser["options.entry_points"].items()}
    if parser.has_section("options.data_files"):
        data: list[tuple[str, list[str]]] = []
        for destination, text in parser["options.data_files"].items():
            sources: list[str] = []
            for item in items(text):
                matches = sorted(globbing.glob(os.path.join(folder, item)))
                sources.extend(os.path.relpath(match, folder) for match in matches) if globbing.has_magic(item) else sources.append(item)
            data.append((destination, sources))
        found["data_files"] = data
    # Where the console scripts go (colcon's symlink install runs setup.py develop, which takes
    # [develop] script_dir; an install takes [install] install_scripts): ROS packages name
    # $base/lib/<pkg>, and without either setuptools puts them in the prefix's bin/.
    for section, key in (("develop", "script_dir"), ("install", "install_scripts")):
        if parser.has_option(section, key):
            found["script_dir"] = parser[section][key].strip().removeprefix("$base").strip("/")
            break
    return found, file


def read_package(folder: str) -> dict[str, Any]:
    """What the package in ``folder`` installs, as JSON-ready values (paths absolute)."""
    folder = os.path.abspath(folder)
    arguments, cfg = read_setup_cfg(folder)
    lines: dict[str, tuple[str, int]] = {key: (cfg, 0) for key in arguments}
    setup_py = os.path.join(folder, "setup.py")
    if os.path.isfile(setup_py):
        with open(setup_py, encoding="utf-8") as source:
            text = source.read()
        try:
            tree = ast.parse(text, setup_py)
        except SyntaxError as error:
            raise Unreadable(setup_py, error.lineno or 0, f"not Python: {error.msg}") from None
        evaluator = _Evaluator(setup_py)
        _builtins(evaluator)
        call = evaluator.run(tree.body)
        if call is None and not arguments:
            raise Unreadable(setup_py, 1, "no setup() call")
        for key, (value, line) in (evaluator.setup_arguments(call) if call is not None else {}).items():
            arguments[key] = value
            lines[key] = (setup_py, line)
    return _installs(folder, arguments, lines)


def _installs(folder: str, arguments: dict[str, Any], lines: dict[str, tuple[str, int]]) -> dict[str, Any]:
    def refuse(key: str, message: str) -> Unreadable:
        file, line = lines.get(key, (os.path.join(folder, "setup.py"), 0))
        return Unreadable(file, line, f"{key}: {message}")

    package_dir: dict[str, str] = arguments.get("package_dir") or {}
    modules: list[dict[str, str]] = []
    for package in arguments.get("packages") or []:
        if not isinstance(package, str):
            raise refuse("packages", f"{package!r} is not a package name")
        if "." in package:
            continue  # a subpackage comes with its top-level package's folder
        source = package_dir.get(package, os.path.join(package_dir.get("", ""), package))
        modules.append({"name": package, "path": os.path.normpath(os.path.join(folder, source))})
    for module in arguments.get("py_modules") or []:
        if "." not in module:
            modules.append({"name": f"{module}.py", "path": os.path.normpath(os.path.join(folder, package_dir.get("", ""), f"{module}.py"))})
    console: list[dict[str, Any]] = []
    entry_points = arguments.get("entry_points") or {}
    if not isinstance(entry_points, dict):
        raise refuse("entry_points", "not a dict of groups")
    for spec in entry_points.get("console_scripts") or []:
        name, equals, target = str(spec).partition("=")
        module, colon, function = target.strip().partition(":")
        function = function.split("[")[0].strip()
        if equals == "" or colon == "" or function == "" or module.strip() == "":
            raise refuse("entry_points", f"console_scripts entry '{spec}' is not 'name = module:function'")
        console.append({"name": name.strip(), "module": module.strip(), "function": function})
    data: list[dict[str, str]] = []
    for entry in arguments.get("data_files") or []:
        if isinstance(entry, str):
            entry = ("", [entry])
        if not (isinstance(entry, (tuple, list)) and len(entry) == 2 and isinstance(entry[0], str) and isinstance(entry[1], (list, tuple))):
            raise refuse("data_files", f"{entry!r} is not (destination, [files])")
        destination, sources = entry
        if os.path.isabs(destination):
            raise refuse("data_files", f"destination {destination} is absolute (colcon wants it relative to the install prefix)")
        for source in sources:
            # As colcon's get_data_files_mapping: each file lands in the destination folder under its own name.
            path = os.path.normpath(os.path.join(folder, source))
            if not os.path.exists(path):
                raise refuse("data_files", f"{source} does not exist (in {folder})")
            data.append({"destination": os.path.normpath(os.path.join(destination, os.path.basename(path))), "source": path})
    scripts = [os.path.normpath(os.path.join(folder, script)) for script in arguments.get("scripts") or []]
    script_dir = arguments.get("script_dir", "bin")
    return {"folder": folder, "modules": modules, "console_scripts": console, "data_files": data, "scripts": scripts, "script_dir": script_dir}


def main(folders: list[str]) -> int:
    packages: list[dict[str, Any]] = []
    for folder in folders:
        try:
            packages.append(read_package(folder))
        except Unreadable as error:
            sys.stderr.write(f"{error}\n")
            return 2
        except (OSError, TypeError, ValueError, KeyError, IndexError, AttributeError) as error:
            # What an evaluated call itself raised (a bad argument to os.path.join, a str method's).
            sys.stderr.write(f"{os.path.join(os.path.abspath(folder), 'setup.py')}: cannot read setup.py statically: {type(error).__name__}: {error}\n")
            return 2
    sys.stdout.write(json.dumps(packages))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
