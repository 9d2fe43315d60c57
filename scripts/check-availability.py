#!/usr/bin/env python3
"""Fails when a target under Sources/ uses a toolchain API newer than the package's deployment
targets outside a branch that checks for it.

Linux checks no availability, so a call such as `String(validating:as:)` (macOS 15, iOS 18)
builds and passes every test on Linux while the package no longer builds for iOS 16. This check
finds such calls without an Apple SDK:

1. The deployment targets are read from Package.swift (`platforms:`).
2. The availability of every public declaration of the toolchain modules the sources import
   (the standard library and its overlays, Foundation, Synchronization, Dispatch, ...) is read
   from the toolchain itself with `swift-symbolgraph-extract`: the modules carry Apple's
   `@available` attributes even on Linux (the standard library's `.swiftinterface` shows them).
   Nothing is listed by hand.
3. Each target is type-checked with `swiftc -dump-ast`, which names the declaration behind every
   reference, with its place in the source.
4. A reference to a declaration introduced after a deployment target is an error unless it sits
   inside `if #available(...)` / `while #available(...)`, after `guard #available(...) else`,
   or in a declaration marked `@available(...)`, naming that platform at that version or later.

Usage:
    python3 scripts/check-availability.py             # every target under Sources/
    python3 scripts/check-availability.py --self-test # proves it catches the known cases

Overloads: when some overloads of a name are available and some are not (`Array.subscript(_:)`
beside the `RangeSet` form, `encode(_:forKey:)` beside the `Int128` form), the dump does not say
which one a call chose; such references are counted, listed with --verbose, and not judged. The
newer overloads take newer types, whose own names are checked where the source writes them.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLATFORMS = ("macOS", "iOS", "tvOS", "watchOS", "visionOS")
# Toolchain modules whose declarations are checked when a source file imports them; the
# standard library's own modules are always checked.
ALWAYS = ("Swift", "_Concurrency", "_StringProcessing")
TOOLCHAIN_MODULES = (
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "FoundationXML", "Dispatch", "Synchronization", "Observation", "RegexBuilder", "Distributed",
)

Version = tuple


def version(text: str) -> Version:
    """`15`, `15.0` and `15.0.0` alike: three numbers, so versions compare as tuples."""
    parts = tuple(int(part) for part in text.split("."))
    return (parts + (0, 0, 0))[:3]


def show(v: Version) -> str:
    parts = list(v)
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return ".".join(str(p) for p in parts)


# ---------------------------------------------------------------------------------------------
# Deployment targets


def deployment_targets(package: Path) -> dict[str, Version]:
    text = package.read_text()
    block = re.search(r"platforms:\s*\[(.*?)\]", text, re.S)
    if not block:
        sys.exit(f"{package}: no `platforms:` list; nothing to check against")
    targets = {}
    for name, v in re.findall(r"\.(macOS|iOS|tvOS|watchOS|visionOS)\(\s*\.v([0-9_]+)\s*\)", block.group(1)):
        targets[name] = version(v.replace("_", "."))
    for name, v in re.findall(r'\.(macOS|iOS|tvOS|watchOS|visionOS)\(\s*"([0-9.]+)"\s*\)', block.group(1)):
        targets[name] = version(v)
    return targets


# ---------------------------------------------------------------------------------------------
# Availability of the toolchain's declarations, from its own modules


class Availability:
    """Path of a declaration (`String/init(validating:as:)`) -> introduced versions per platform,
    one entry per overload."""

    def __init__(self) -> None:
        self.by_path: dict[tuple, list[dict[str, Version]]] = {}
        self.by_base: dict[tuple, list[dict[str, Version]]] = {}

    def add_graph(self, path: Path) -> None:
        graph = json.loads(path.read_text())
        for symbol in graph.get("symbols", []):
            introduced: dict[str, Version] = {}
            unavailable = False
            for entry in symbol.get("availability") or []:
                domain = entry.get("domain")
                if entry.get("isUnconditionallyUnavailable"):
                    unavailable = True
                if domain in PLATFORMS and "introduced" in entry:
                    i = entry["introduced"]
                    introduced[domain] = (i.get("major", 0), i.get("minor", 0), i.get("patch", 0))
            if unavailable:
                continue
            components = tuple(symbol["pathComponents"])
            self.by_path.setdefault(components, []).append(introduced)
            base = components[:-1] + (base_name(components[-1]),)
            self.by_base.setdefault(base, []).append(introduced)

    def lookup(self, path: tuple) -> list[dict[str, Version]]:
        return self.by_path.get(path) or self.by_base.get(path[:-1] + (base_name(path[-1]),)) or []


def base_name(name: str) -> str:
    if name.endswith(")") and "(" in name:
        return name[: name.index("(")]
    return name


def extract_graphs(modules: list[str], out: Path, availability: Availability) -> None:
    target = subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True, check=True)
    triple = json.loads(target.stdout)["target"]["triple"]
    for module in modules:
        result = subprocess.run(
            ["swift-symbolgraph-extract", "-module-name", module, "-target", triple,
             "-output-dir", str(out), "-minimum-access-level", "public"],
            capture_output=True, text=True)
        if result.returncode != 0 and module in ALWAYS:
            sys.exit(f"swift-symbolgraph-extract failed for {module}:\n{result.stderr}")
    for graph in sorted(out.glob("*.symbols.json")):
        availability.add_graph(graph)


# ---------------------------------------------------------------------------------------------
# Where the sources check availability themselves


def mask(source: str) -> str:
    """The source with comments and string literals blanked (newlines kept), so braces and
    `#available` are found only in code."""
    out = list(source)
    i, n = 0, len(source)
    # Each entry: ("code", paren depth) for code inside an interpolation, or a string state.
    stack: list = []

    def blank(a: int, b: int) -> None:
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        top = stack[-1] if stack else None
        if top is None or top[0] == "code":
            c = source[i]
            if source.startswith("//", i):
                j = source.find("\n", i)
                j = n if j < 0 else j
                blank(i, j)
                i = j
                continue
            if source.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if source.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif source.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                blank(i, j)
                i = j
                continue
            m = re.compile(r'(#*)("""|")').match(source, i)
            if m and (c == '"' or (c == "#" and m)):
                hashes, quote = len(m.group(1)), m.group(2)
                stack.append(("string", quote, hashes, i))
                blank(i, m.end())
                i = m.end()
                continue
            if top is not None:
                if c == "(":
                    stack[-1] = ("code", top[1] + 1)
                elif c == ")":
                    if top[1] == 0:
                        stack.pop()
                        blank(i, i + 1)
                        i += 1
                        continue
                    stack[-1] = ("code", top[1] - 1)
            i += 1
        else:
            _, quote, hashes, _start = top
            closing = quote + "#" * hashes
            if source.startswith(closing, i):
                stack.pop()
                blank(i, i + len(closing))
                i += len(closing)
                continue
            escape = "\\" + "#" * hashes
            if source.startswith(escape, i):
                after = i + len(escape)
                if after < n and source[after] == "(":
                    blank(i, after + 1)
                    stack.append(("code", 0))
                    i = after + 1
                    continue
                blank(i, min(n, after + 1))
                i = after + 1
                continue
            blank(i, i + 1)
            i += 1
    return "".join(out)


def matching(text: str, open_at: int) -> int:
    """The offset of the brace closing the one at `open_at` (or the end of the text)."""
    depth = 0
    for k in range(open_at, len(text)):
        if text[k] == "{":
            depth += 1
        elif text[k] == "}":
            depth -= 1
            if depth == 0:
                return k
    return len(text)


def enclosing_close(text: str, at: int) -> int:
    """The offset of the `}` closing the innermost block that contains `at`."""
    depth = 0
    for k in range(at, len(text)):
        if text[k] == "{":
            depth += 1
        elif text[k] == "}":
            if depth == 0:
                return k
            depth -= 1
    return len(text)


def platform_versions(spec: str) -> dict[str, Version]:
    versions = {}
    for name, v in re.findall(r"\b(macOS|iOS|tvOS|watchOS|visionOS)\s+([0-9]+(?:\.[0-9]+)*)", spec):
        versions[name] = version(v)
    for name, v in re.findall(r"\b(macOS|iOS|tvOS|watchOS|visionOS)\s*,\s*introduced:\s*([0-9.]+)", spec):
        versions[name] = version(v)
    return versions


def first_brace_at_depth_zero(text: str, start: int) -> int | None:
    depth = 0
    for k in range(start, len(text)):
        c = text[k]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "{" and depth <= 0:
            return k
        elif c == "}" and depth <= 0:
            return None
    return None


def guarded_regions(source: str) -> list[tuple[int, int, dict[str, Version]]]:
    """(start, end, versions) for every stretch of the file that runs only on the versions
    named: `if`/`while #available` bodies, what follows `guard #available ... else { }`, and
    declarations marked `@available`."""
    text = mask(source)
    regions = []
    for m in re.finditer(r"([#@])available\s*\(", text):
        close = text.find(")", m.end())
        if close < 0:
            continue
        versions = platform_versions(text[m.end():close])
        if not versions:
            continue  # `@available(*, deprecated)`, `@available(swift ...)`: no platform version
        if m.group(1) == "@":
            brace = first_brace_at_depth_zero(text, close + 1)
            end = matching(text, brace) if brace is not None else close
            regions.append((m.start(), end, versions))
            continue
        statement = re.search(r"\b(if|guard|while)\b[^{};]*$", text[max(0, m.start() - 400):m.start()])
        if not statement:
            continue
        brace = first_brace_at_depth_zero(text, close + 1)
        if brace is None:
            continue
        if statement.group(1) == "guard":
            else_end = matching(text, brace)
            regions.append((else_end, enclosing_close(text, else_end + 1), versions))
        else:
            regions.append((brace, matching(text, brace), versions))
    return regions


# ---------------------------------------------------------------------------------------------
# References, from the type-checked syntax tree

DECL = re.compile(r'\b(?:decl|bind)="([A-Za-z_][A-Za-z0-9_]*)\.\(file\)\.([^"@\[]+?)(?: \[with[^"]*)?"')
PLACE = re.compile(r'(?:location=|range=\[)(/[^:\s]+\.swift):(\d+):(\d+)')


def ast_path(rest: str) -> tuple:
    """`String extension.init(validating:as:)` -> ("String", "init(validating:as:)")."""
    rest = rest.strip()
    parts = []
    while True:
        m = re.match(r"([A-Za-z_][A-Za-z0-9_]*)(?: extension)?\.(?=.)", rest)
        if not m:
            break
        parts.append(m.group(1))
        rest = rest[m.end():]
    parts.append(rest)
    return tuple(parts)


def references(ast_lines, toolchain: set[str]):
    """(file, line, column, path) for each reference to a declaration of a toolchain module."""
    place = None
    for line in ast_lines:
        p = PLACE.search(line)
        if p:
            place = (p.group(1), int(p.group(2)), int(p.group(3)))
        for m in DECL.finditer(line):
            if m.group(1) in toolchain and place is not None:
                yield place + (ast_path(m.group(2)),)


def dump_ast_command(module: str, files: list[Path], modules_dir: Path, package_name: str,
                     library: bool) -> list[str]:
    command = [
        "swiftc", "-dump-ast", "-wmo", "-module-name", module, "-package-name", package_name,
        "-swift-version", "6", "-DSWIFT_PACKAGE", "-I", str(modules_dir),
        # The system-library targets' module maps (CSQLite), as SwiftPM passes them.
        *[arg for map in sorted((ROOT / "Sources").glob("*/module.modulemap")) for arg in ("-I", str(map.parent))],
        # The library modules' lifetime dependencies (Package.swift's `libraryCheck`).
        "-enable-experimental-feature", "Lifetimes",
    ]
    if library:
        command.append("-parse-as-library")
    return command + [str(f) for f in files]


def dump_asts(targets: list[tuple[str, list[Path], bool]], modules_dir: Path, package_name: str,
              folder: Path):
    """Each target's AST, in order, as an open file of its lines to read before asking for the
    next. Two compilers run at a time (each uses one core), each writing its tree to a file in
    `folder`, while the trees already written are read."""
    processes = []
    for index, (module, files, library) in enumerate(targets):
        output = folder / f"{index}.ast"
        command = dump_ast_command(module, files, modules_dir, package_name, library)
        processes.append((module, command, output))
    running: dict[int, subprocess.Popen] = {}

    def start(index: int) -> None:
        if index < len(processes):
            _, command, output = processes[index]
            # The tree is printed on standard output or standard error depending on the number
            # of files; both are kept.
            with output.open("w") as sink:
                running[index] = subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT, text=True)

    start(0)
    start(1)
    for index, (module, _, output) in enumerate(processes):
        status = running.pop(index).wait()
        start(index + 2)
        with output.open() as lines:
            if status != 0:
                errors = [line.rstrip() for line in lines if ": error: " in line][:20]
                for other in running.values():
                    other.kill()
                    other.wait()
                sys.exit(f"swiftc -dump-ast failed for {module}:\n" + "\n".join(errors))
            yield lines
        output.unlink()


# ---------------------------------------------------------------------------------------------


def check(targets: list[tuple[str, list[Path], bool]], modules_dir: Path, package_name: str,
          deployment: dict[str, Version]) -> tuple[list[str], list[str]]:
    imported = set(ALWAYS)
    for _, files, _ in targets:
        for f in files:
            imported.update(re.findall(r"^[ \t]*(?:@\w+[ \t]+)*import[ \t]+(?:(?:struct|class|enum|protocol|typealias|func|var|let)[ \t]+)?(\w+)", f.read_text(), re.M))
    modules = list(ALWAYS) + sorted(m for m in imported if m in TOOLCHAIN_MODULES)
    availability = Availability()
    with tempfile.TemporaryDirectory() as graphs:
        extract_graphs(modules, Path(graphs), availability)
    toolchain = set(modules) | {"FoundationEssentials", "FoundationInternationalization", "_Concurrency"}

    errors, notes = [], []
    regions_of: dict[str, list] = {}
    offsets_of: dict[str, list[int]] = {}
    seen = set()
    found = []
    with tempfile.TemporaryDirectory() as trees:
        for lines in dump_asts(targets, modules_dir, package_name, Path(trees)):
            found.extend(references(lines, toolchain))
    for file, line, column, path in found:
        key = (file, line, column, path)
        if key in seen:
            continue
        seen.add(key)
        overloads = availability.lookup(path)
        if not overloads:
            continue
        needed: dict[str, Version] = {}
        partly = False
        for platform, target in deployment.items():
            newer = [o.get(platform) for o in overloads if o.get(platform) and o[platform] > target]
            if newer and len(newer) == len(overloads):
                needed[platform] = min(newer)
            elif newer:
                partly = True
        if not needed and not partly:
            continue
        if file not in regions_of:
            source = Path(file).read_text()
            regions_of[file] = guarded_regions(source)
            starts, total = [], 0
            for text_line in source.splitlines(keepends=True):
                starts.append(total)
                total += len(text_line)
            offsets_of[file] = starts
        offset = offsets_of[file][line - 1] + column - 1
        covered: dict[str, Version] = {}
        for start, end, versions in regions_of[file]:
            if start <= offset <= end:
                for platform, v in versions.items():
                    covered[platform] = max(covered.get(platform, ()), v)
        missing = {p: v for p, v in needed.items() if covered.get(p, (0, 0, 0)) < v}
        name = ".".join(path)
        where = f"{os.path.relpath(file, ROOT)}:{line}:{column}"
        if missing:
            needs = ", ".join(f"{p} {show(v)}" for p, v in sorted(missing.items()))
            supports = ", ".join(f"{p} {show(deployment[p])}" for p in sorted(missing))
            errors.append(
                f"{where}: error: {name} needs {needs}; the package supports {supports}. "
                f"Use it only inside `if #available(...)` with a fallback for older systems.")
        elif partly:
            notes.append(f"{where}: note: {name}: some overloads are newer than the deployment targets")
    return errors, notes


def package_targets(sources: Path) -> list[tuple[str, list[Path], bool]]:
    package = (ROOT / "Package.swift").read_text()
    executables = set(re.findall(r'\.executableTarget\(\s*name:\s*"([^"]+)"', package))
    order = re.findall(r'\.target\(\s*name:\s*"([^"]+)"', package) + sorted(executables)
    targets = []
    for name in order:
        folder = sources / name
        if folder.is_dir():
            targets.append((name, sorted(folder.rglob("*.swift")), name not in executables))
    return targets


def build_paths() -> tuple[Path, str]:
    subprocess.run(["swift", "build", "--package-path", str(ROOT)], check=True, stdout=subprocess.DEVNULL)
    bin_path = Path(subprocess.run(
        ["swift", "build", "--package-path", str(ROOT), "--show-bin-path"],
        capture_output=True, text=True, check=True).stdout.strip())
    modules = bin_path / "Modules" if (bin_path / "Modules").is_dir() else bin_path
    # The package name the build used (SwiftPM derives it from the folder's name); modules
    # that share `package` declarations must be type-checked with the same one.
    for description in (ROOT / ".build" / "debug.yaml", bin_path.parent / "debug.yaml"):
        if description.exists():
            match = re.search(r'"-package-name","([^"]+)"', description.read_text())
            if match:
                return modules, match.group(1)
    sys.exit("cannot find the package name in .build/debug.yaml; build the package first")


SELF_TEST_DIR = ROOT / "scripts" / "availability-fixtures"


def self_test(deployment: dict[str, Version]) -> int:
    """Checks the fixture module: every line marked `// expect: NAME` must be reported as NAME,
    and nothing else may be."""
    files = sorted(SELF_TEST_DIR.glob("*.swift"))
    with tempfile.TemporaryDirectory() as empty:
        errors, _ = check([("AvailabilityFixtures", files, True)], Path(empty), "fixtures", deployment)
    expected = set()
    for f in files:
        for number, text in enumerate(f.read_text().splitlines(), 1):
            m = re.search(r"// expect: (\S+)", text)
            if m:
                expected.add((os.path.relpath(f, ROOT), number, m.group(1)))
    found = set()
    for e in errors:
        m = re.match(r"([^:]+):(\d+):\d+: error: (\S+) needs", e)
        found.add((m.group(1), int(m.group(2)), m.group(3)))
    for e in errors:
        print(e)
    missed, extra = expected - found, found - expected
    for f, n, name in sorted(missed):
        print(f"{f}:{n}: self-test: {name} was not reported")
    for f, n, name in sorted(extra):
        print(f"{f}:{n}: self-test: {name} was reported but not expected")
    if missed or extra:
        return 1
    print(f"availability self-test: the {len(expected)} expected uses reported, the guarded ones not")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--self-test", action="store_true", help="check the fixtures instead of Sources/")
    parser.add_argument("--verbose", action="store_true", help="list the references left unjudged")
    arguments = parser.parse_args()
    deployment = deployment_targets(ROOT / "Package.swift")
    if arguments.self_test:
        return self_test(deployment)
    modules, package_name = build_paths()
    errors, notes = check(package_targets(ROOT / "Sources"), modules, package_name, deployment)
    if arguments.verbose:
        for note in notes:
            print(note)
    elif notes:
        print(f"availability: {len(notes)} references to names whose overloads differ in availability "
              "(Array.subscript(_:), KeyedEncodingContainer.encode(_:forKey:) beside their Int128 forms, ...) "
              "are not judged; --verbose lists them")
    for error in errors:
        print(error)
    targets = ", ".join(f"{p} {show(v)}" for p, v in sorted(deployment.items()))
    if errors:
        print(f"availability: {len(errors)} uses of APIs newer than the deployment targets ({targets})")
        return 1
    print(f"availability: no API newer than the deployment targets ({targets}) outside an availability check")
    return 0


if __name__ == "__main__":
    sys.exit(main())
