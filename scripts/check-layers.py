#!/usr/bin/env python3
"""Fails when a folder of a library module, or of the command-line tool, names a declaration of a
folder in a layer above it.

Each module's folders form layers, listed below from the bottom up (`LAYERS`); a file may use
what the folders of its own layer and of the layers below it declare, never what a layer above
declares. A folder is matched by its longest listed prefix, so `Platform/Apple` can sit above
`Platform`; a file in a folder no layer lists is reported, so a new folder must be placed.
In `DeepLinks` the layers read as the pipeline: text and bytes, coding, the link, the gate,
the route table as declared, the table checked and compiled, a link matched, a link written,
the sources links come from, the outcome, typed routes, the receiver (with its handlers), the
platform protocols, navigation, and the Apple adapters on top. The README's layout and the DocC
articles say the same for a reader.

A file breaks the layering when its code (comments and string literals are not read; the code
inside a string interpolation is) names a top-level type, function or constant declared in a
folder of a higher layer. Members that one folder adds to another folder's type are not
followed: the compiler does not tell this script which declaration a member name means.

Usage:
    python3 scripts/check-layers.py              # every module listed in LAYERS
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
SOURCES = ROOT / "Sources"
# Each module's folders from the bottom layer up; folders in one tuple share a layer. "." is the
# module's own folder (files directly in it).
LAYERS: dict[str, tuple[tuple[str, ...], ...]] = {
    "DeepLinks": (
        ("Text",),
        ("Coding",),
        ("Link",),
        ("Gate",),
        ("Routing/Declaration", "Routing/Pattern", "Routing/Parameters", "Routing/Table"),
        ("Routing/Compilation",),
        ("Routing/Matching",),
        ("Routing/Reverse",),
        ("LinkSources",),
        ("Outcome",),
        ("TypedRoutes",),
        ("Receiver",),
        ("Platform",),
        ("Navigation",),
        ("Platform/Apple",),
    ),
    "DeepLinksJSON": (("Document",), ("Files",), ("LineProtocol",)),
    "AssociatedDomains": (
        ("File", "AssetLinks/File"),
        ("Matching", "AssetLinks/Matching"),
        ("Validation", "AssetLinks/Validation", "Entitlements"),
        ("Decision",),
        ("Generation", "AssetLinks/Generation"),
        ("Diagnostics",),
    ),
    "LinkPreviews": (
        ("Text", "Preview"),
        ("Site",),
        ("Metadata",),
        ("Service",),
        ("Rendering",),
        ("Association",),
        ("Responder",),
    ),
    "LinkAudit": (("Sitemap",), ("Audit",)),
    "DeepLinksTesting": ((".",),),
    "CSQLite": ((".",),),
    "ShortLinks": ((".",),),
    "ShortLinkServer": ((".",),),
    "DeepLinksCLI": (("Output",), ("Arguments",), ("Running", "Input"), ("Commands",), (".",)),
    "RouteValueReadersGenerator": ((".",),),
    "RouteValueReadersTool": ((".",),),
}

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


def folder_of(relative: Path, layer_of: dict[str, int]) -> str | None:
    """The longest listed folder that holds a file at `relative` (a path inside its module)."""
    parts = relative.parts[:-1]
    for length in range(len(parts), -1, -1):
        folder = "/".join(parts[:length]) or "."
        if folder in layer_of:
            return folder
    return None


def check(module: Path, layers: tuple[tuple[str, ...], ...]) -> list[str]:
    """Every breach of the layering under `module`, as `file:line: sentence`."""
    layer_of = {folder: rank for rank, folders in enumerate(layers) for folder in folders}
    problems: list[str] = []
    files: dict[Path, tuple[int, str, str]] = {}
    for path in sorted(module.rglob("*.swift")):
        folder = folder_of(path.relative_to(module), layer_of)
        if folder is None:
            problems.append(
                f"{path.relative_to(ROOT)}: the folder '{path.relative_to(module).parent}' is in no"
                " layer (add it to LAYERS here and to the README's layout)")
            continue
        files[path] = (layer_of[folder], folder, code_only(path.read_text(encoding="utf-8")))
    declared: dict[str, tuple[int, str]] = {}
    for path, (rank, folder, code) in files.items():
        for match in DECLARATION.finditer(code):
            name = match.group(1)
            if name not in declared or rank < declared[name][0]:
                declared[name] = (rank, folder)  # a name declared twice belongs to the lower
    for path, (rank, folder, code) in files.items():
        for number, line in enumerate(code.split("\n"), start=1):
            for word in WORD.findall(line):
                owner = declared.get(word)
                if owner and owner[0] > rank:
                    problems.append(
                        f"{path.relative_to(ROOT)}:{number}: names '{word}', declared in"
                        f" {owner[1]}/ (a layer above {folder}/)")
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
        "Reverse/Apple/Adapter.swift": "struct Adapter {}\nlet w = Writer(); let r = Router()\n",  # allowed: a layer above
        "Reverse/Plain.swift": "struct Writer {}\nlet a = Adapter()\n",  # 2: breach (Reverse/Apple is above)
        "Stray/Loose.swift": "let l = 1\n",  # in no layer
    }
    expected = {
        "Compilation/Compiled.swift:7: names 'walk'",
        "Compilation/Compiled.swift:8: names 'Router'",
        "Table/Table.swift:1: names 'Compiled'",
        "Reverse/Plain.swift:2: names 'Adapter'",
        "Stray/Loose.swift: the folder 'Stray' is in no layer",
    }
    layers = (("Table",), ("Compilation",), ("Matching",), ("Reverse",), ("Reverse/Apple",))
    global ROOT
    with tempfile.TemporaryDirectory() as directory:
        saved, ROOT = ROOT, Path(directory)
        routing = ROOT / "Routing"
        for name, text in files.items():
            (routing / name).parent.mkdir(parents=True, exist_ok=True)
            (routing / name).write_text(text, encoding="utf-8")
        try:
            found = {
                p.split(", declared")[0].split(" (add it")[0].removeprefix("Routing/")
                for p in check(routing, layers)
            }
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
    problems: list[str] = []
    for module in sorted(path.name for path in SOURCES.iterdir() if path.is_dir()):
        if module not in LAYERS:
            problems.append(f"Sources/{module}: a module with no layers (add it to LAYERS here)")
            continue
        problems += check(SOURCES / module, LAYERS[module])
    for problem in problems:
        print(problem)
    if problems:
        print(f"FAILED: {len(problems)} problems (README, 'How the package is laid out')")
        return 1
    print(f"layers: in each of the {len(LAYERS)} modules, every folder uses only its own layer and those below it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
