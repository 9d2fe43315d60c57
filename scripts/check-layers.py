#!/usr/bin/env python3
"""Fails when a folder of the router names a declaration of a folder above it.

The folders of `Sources/DeepLinks/Routing` form layers, and a file may use what the folders of
its own layer and of the layers below it declare, never what a layer above declares:

    1. Declaration, Pattern, Parameters, Table   the route table as it is declared
    2. Compilation                               the table checked and compiled: compiled
                                                 routes, the trie and its builder, the name index
    3. Matching                                  a link matched against the compiled table: the
                                                 router's input, the search walk, the router
    4. Reverse                                   a link written from a route and its values

So the table check and the compiled table know nothing of a link being matched, and the router
is built on them. The README says the same for a reader ("How the package is laid out").

A file breaks the layering when its code (comments and string literals are not read; the code
inside a string interpolation is) names a top-level type, function or constant declared in a
folder of a higher layer. Members that one folder adds to another folder's type are not
followed: the compiler does not tell this script which declaration a member name means.

Usage:
    python3 scripts/check-layers.py              # the router's folders
    python3 scripts/check-layers.py --self-test  # proves it reports a breach and ignores comments

Cost: each file is read once, and each word of it looked up once.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROUTING = ROOT / "Sources" / "DeepLinks" / "Routing"
LAYERS = (
    ("Declaration", "Pattern", "Parameters", "Table"),
    ("Compilation",),
    ("Matching",),
    ("Reverse",),
)

# A top-level declaration starts a line, after its attributes and modifiers.
DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+|(?:public|package|internal|fileprivate|private|final|indirect"
    r"|nonisolated|consuming|borrowing)\s+)*"
    r"(?:struct|enum|class|protocol|actor|typealias|func|let|var)\s+`?([A-Za-z_]\w*)",
    re.M,
)
WORD = re.compile(r"[A-Za-z_]\w*")

# Comments and strings are read past as the availability check reads past them.
_spec = importlib.util.spec_from_file_location(
    "check_availability", ROOT / "scripts" / "check-availability.py")
AVAILABILITY = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(AVAILABILITY)


def code_only(text: str) -> str:
    """The text with comments and the literal parts of strings blanked (newlines kept, so line
    numbers hold), the code of string interpolations kept: the availability check's reading."""
    return AVAILABILITY.mask(text)


def check(routing: Path) -> list[str]:
    """Every breach of the layering under `routing`, as `file:line: sentence`."""
    layer_of = {folder: rank for rank, folders in enumerate(LAYERS) for folder in folders}
    problems: list[str] = []
    files: dict[Path, tuple[int, str]] = {}
    for path in sorted(routing.rglob("*.swift")):
        folder = path.relative_to(routing).parts[0]
        if folder not in layer_of:
            problems.append(
                f"{path.relative_to(ROOT)}: the folder '{folder}' is in no layer"
                " (add it to LAYERS here and to the README's layout)")
            continue
        files[path] = (layer_of[folder], code_only(path.read_text(encoding="utf-8")))
    declared: dict[str, tuple[int, Path]] = {}
    for path, (rank, code) in files.items():
        for match in DECLARATION.finditer(code):
            name = match.group(1)
            if name not in declared or rank < declared[name][0]:
                declared[name] = (rank, path)  # a name declared twice belongs to the lower
    for path, (rank, code) in files.items():
        for number, line in enumerate(code.split("\n"), start=1):
            for word in WORD.findall(line):
                owner = declared.get(word)
                if owner and owner[0] > rank:
                    problems.append(
                        f"{path.relative_to(ROOT)}:{number}: names '{word}', declared in"
                        f" {owner[1].relative_to(routing).parts[0]}/ (a layer above"
                        f" {path.relative_to(routing).parts[0]}/)")
    return problems


def self_test() -> int:
    """A breach in code and in an interpolation is reported; names in comments and strings,
    and uses of lower layers, are not."""
    files = {
        "Matching/Router.swift": "struct Router {}\n@usableFromInline func walk() {}\n",
        "Compilation/Compiled.swift": (
            "/// Built for the ``Router``.\n"  # 1: comment
            "struct Compiled { let name = \"Router\" }\n"  # 2: string
            "/* nested /* Router */ walk() */ let x = 1\n"  # 3: block comment
            "let y = #\"\\(Router) \"# + \"\"\"\n Router \\(\"a\") \n\"\"\"\n"  # 4-6: raw, multi-line
            "let z = \"\\(walk())\"\n"  # 7: interpolation: breach
            "typealias R = Router\n"  # 8: breach
        ),
        "Table/Table.swift": "let c = Compiled()\n",  # 1: breach
        "Reverse/Writer.swift": "let r = Router(); let c = Compiled()\n",  # allowed
    }
    expected = {
        "Compilation/Compiled.swift:7: names 'walk'",
        "Compilation/Compiled.swift:8: names 'Router'",
        "Table/Table.swift:1: names 'Compiled'",
    }
    global ROOT
    with tempfile.TemporaryDirectory() as directory:
        saved, ROOT = ROOT, Path(directory)
        routing = ROOT / "Routing"
        for name, text in files.items():
            (routing / name).parent.mkdir(parents=True, exist_ok=True)
            (routing / name).write_text(text, encoding="utf-8")
        try:
            found = {p.split(", declared")[0].removeprefix("Routing/") for p in check(routing)}
        finally:
            ROOT = saved
    if found != expected:
        for missed in sorted(expected - found):
            print(f"self-test: not reported: {missed}")
        for extra in sorted(found - expected):
            print(f"self-test: reported but not expected: {extra}")
        return 1
    print(f"layers self-test: the {len(expected)} breaches reported, names in comments and strings not")
    return 0


def main() -> int:
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if sys.argv[1:]:
        print("usage: check-layers.py [--self-test]", file=sys.stderr)
        return 2
    problems = check(ROUTING)
    for problem in problems:
        print(problem)
    if problems:
        print(f"FAILED: {len(problems)} uses of a higher layer (README, 'How the package is laid out')")
        return 1
    print("router layers: every folder uses only its own layer and those below it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
