#!/usr/bin/env python3
"""Prints the files of `Sources/` over 400 lines and the functions over 60 lines, longest first,
with their counts: the sizes the package holds itself to (a file or function over them says at
its top why it must be so).

    python3 scripts/measure-size.py [--files N] [--functions N]

A function is a `func`, `init` or `subscript` whose body's braces are counted in its code, with
comments and string literals read past as scripts/check-layers.py reads them; its length is
from its first line to its closing brace. Exit status 0 always: this measures, it does not judge.

One over a limit that says why is listed apart, as justified, and the counts say how many are
over without a reason. A file says why in the first line of its top comment,
`// Over 400 lines by design: ...`; a function in a comment line that begins `// One function:`
(or `/// One function:`), either in the comment above it or as the first line of its body.
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
FILE_REASON = re.compile(r"^//\s*Over \d+ lines by design:")
FUNCTION_REASON = re.compile(r"^\s*///?\s*One function:")


def file_says_why(path: Path) -> bool:
    """Whether the file's first non-blank line is a comment saying why it is long."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            return bool(FILE_REASON.match(line))
    return False


def function_says_why(text: list[str], start: int, body: int) -> bool:
    """Whether the comment above the function declared at line `start` (0-based), or the first
    line of its body, whose opening brace is on line `body`, says why the function is long."""
    above = start - 1
    while above >= 0 and (text[above].strip().startswith(("//", "@")) or not text[above].strip()):
        if FUNCTION_REASON.match(text[above]):
            return True
        if not text[above].strip():
            break
        above -= 1
    first = body + 1
    while first < len(text) and not text[first].strip():
        first += 1
    return first < len(text) and bool(FUNCTION_REASON.match(text[first]))


def functions(path: Path) -> list[tuple[int, int, str, bool]]:
    """(length, first line, name, whether it says why it is long) of each function in a file."""
    text = path.read_text(encoding="utf-8")
    code = LAYERS.code_only(text).split("\n")
    text = text.split("\n")
    found = []
    for start, line in enumerate(code):
        match = FUNCTION.match(line)
        if not match:
            continue
        depth, opened, body = 0, False, start
        for end in range(start, len(code)):
            for character in code[end]:
                if character == "{":
                    if not opened:
                        body = end
                    depth, opened = depth + 1, True
                elif character == "}":
                    depth -= 1
            if opened and depth <= 0:
                found.append(
                    (end - start + 1, start + 1, match.group(1), function_says_why(text, start, body)))
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
    long_files = [(n, p, file_says_why(p)) for n, p in long_files if n > file_limit]
    long_functions = sorted(
        ((n, p, line, name, why)
         for p in paths for n, line, name, why in functions(p) if n > function_limit),
        key=lambda found: found[:4], reverse=True)
    for justified in (False, True):
        for n, p, why in long_files:
            if why == justified:
                print(f"{n:5} lines  {p.relative_to(ROOT)}{'  (justified)' if why else ''}")
    print(f"{len(long_files)} files over {file_limit} lines in Sources/ ({len(paths)} files),"
          f" {sum(not why for *_, why in long_files)} without a reason\n")
    for justified in (False, True):
        for n, p, line, name, why in long_functions:
            if why == justified:
                print(f"{n:5} lines  {p.relative_to(ROOT)}:{line} {name}"
                      f"{'  (justified)' if why else ''}")
    print(f"{len(long_functions)} functions over {function_limit} lines,"
          f" {sum(not why for *_, why in long_functions)} without a reason")
    return 0


if __name__ == "__main__":
    sys.exit(main())
