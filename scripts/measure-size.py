#!/usr/bin/env python3
"""Prints the files of `Sources/` over 400 lines and the functions over 60 lines, longest first,
with their counts: the sizes the package holds itself to (a file or function over them says at
its top why it must be so).

    python3 scripts/measure-size.py [--files N] [--functions N]

A function is a `func`, `init` or `subscript` whose body's braces are counted in its code, with
comments and string literals read past as scripts/check-layers.py reads them; its length is
from its first line to its closing brace. Exit status 0 always: this measures, it does not judge.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("check_layers", ROOT / "scripts" / "check-layers.py")
LAYERS = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(LAYERS)

FUNCTION = re.compile(
    r"^\s*(?:@[\w().,: ]+\s+)*"
    r"(?:(?:public|private|fileprivate|internal|package|static|final|override|mutating|nonmutating"
    r"|nonisolated|consuming|borrowing|class|convenience|required|@inlinable|@usableFromInline)\s+)*"
    r"(func\s+[^\s(<]+|init[?!]?|subscript)\b")


def functions(path: Path) -> list[tuple[int, int, str]]:
    """(length, first line, name) of each function in a file."""
    code = LAYERS.code_only(path.read_text(encoding="utf-8")).split("\n")
    found = []
    for start, line in enumerate(code):
        match = FUNCTION.match(line)
        if not match:
            continue
        depth, opened = 0, False
        for end in range(start, len(code)):
            for character in code[end]:
                if character == "{":
                    depth, opened = depth + 1, True
                elif character == "}":
                    depth -= 1
            if opened and depth <= 0:
                found.append((end - start + 1, start + 1, match.group(1)))
                break
            if not opened and end > start + 15:  # a requirement without a body
                break
    return found


def main() -> int:
    file_limit, function_limit = 400, 60
    arguments = sys.argv[1:]
    while arguments:
        option = arguments.pop(0)
        if option in ("--files", "--functions") and arguments and arguments[0].isdigit():
            value = int(arguments.pop(0))
            if option == "--files":
                file_limit = value
            else:
                function_limit = value
        else:
            print("usage: measure-size.py [--files N] [--functions N]", file=sys.stderr)
            return 2
    paths = sorted((ROOT / "Sources").rglob("*.swift"))
    long_files = sorted(
        ((len(p.read_text(encoding="utf-8").splitlines()), p) for p in paths), reverse=True)
    long_files = [(n, p) for n, p in long_files if n > file_limit]
    long_functions = sorted(
        ((n, p, line, name) for p in paths for n, line, name in functions(p) if n > function_limit),
        reverse=True)
    for n, p in long_files:
        print(f"{n:5} lines  {p.relative_to(ROOT)}")
    print(f"{len(long_files)} files over {file_limit} lines in Sources/ ({len(paths)} files)\n")
    for n, p, line, name in long_functions:
        print(f"{n:5} lines  {p.relative_to(ROOT)}:{line} {name}")
    print(f"{len(long_functions)} functions over {function_limit} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
