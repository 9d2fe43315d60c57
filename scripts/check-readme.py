#!/usr/bin/env python3
"""Compiles and runs every Swift snippet of README.md and of the documentation articles that
continue its example, so neither can drift.

    scripts/check-readme.py [--keep]

The README is read first, then the articles named in ARTICLES below, in that order: their
fenced blocks make one continuous program, as an app would have it (an article's snippets use
the README's shop, `receiver` and `Shop.table`). The info string says where a block goes in a
scratch package that depends on this one:

  ```swift           README only: declarations (types, functions, constants): the app's
                     shared module. In an article a plain block is an illustration, not built.
  ```swift shared    declarations, in an article (DocC shows it as Swift like any other).
  ```swift run       statements: joined in order into main.swift, which is built and run.
  ```swift test      tests: joined into the test target (which sees the declarations) and run.
  ```swift apple     code for Apple platforms (UIKit, SwiftUI): joined into the declarations
                     inside `#if canImport(SwiftUI) && canImport(UIKit)`, so it is compiled
                     where those frameworks exist.
  ```swift manifest  a dependent's Package.swift: checked against this package's manifest (the
                     package name and every product it names must exist), not built, because it
                     names the address you fetch the package from.
  ```swift peer      another library's code, shown beside this package's for comparison: not
                     built, since this package does not depend on that library.

A plain fenced block right after a line that reads "prints" is the output the program must
print: each of its lines must appear in the program's output, in order. An article that is not
in ARTICLES may not hold a block of these kinds (other than a plain one), so a snippet cannot
be left out of the program by accident.

Import lines are moved to the top of their file. The scratch package lives in .build-readme/
(ignored by git); --keep leaves it there after a successful run.
"""
import glob
import os
import re
import shutil
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The articles that continue the README's example, in the order their statements run.
ARTICLES = [
    "Sources/DeepLinks/Documentation.docc/TypedValuesAndWrittenLinks.md",
    "Sources/DeepLinks/Documentation.docc/ComparedWithURLRouting.md",
    "Sources/DeepLinks/Documentation.docc/SecurityModel.md",
    "Sources/DeepLinks/Documentation.docc/DeclaringRoutes.md",
    "Sources/DeepLinks/Documentation.docc/EveryWayIn.md",
    "Sources/DeepLinks/Documentation.docc/FromDecisionToScreen.md",
    "Sources/AssociatedDomains/Documentation.docc/YourAssociationFiles.md",
    "Sources/LinkPreviews/Documentation.docc/ServingASite.md",
]
BLOCK = re.compile(r"^```swift([^\n]*)\n(.*?)^```", flags=re.S | re.M)
PRINTS = re.compile(r"^prints\n\n```\n(.*?)^```", flags=re.S | re.M)


def read(relative):
    return open(os.path.join(root, relative), encoding="utf-8").read()


readme = read("README.md")
documents = [("README.md", readme, True)] + [(article, read(article), False) for article in ARTICLES]
for article in sorted(glob.glob(os.path.join(root, "Sources", "*", "Documentation.docc", "*.md"))):
    relative = os.path.relpath(article, root)
    if relative not in ARTICLES:
        for info, _ in BLOCK.findall(read(relative)):
            if info.strip():
                sys.exit(f"{relative} holds a '```swift {info.strip()}' block but is not in "
                         f"scripts/check-readme.py's ARTICLES, so it would not be built")

declarations, main, tests, apple, manifests = [], [], [], [], []
peers = []
kinds = {"shared": declarations, "run": main, "test": tests, "apple": apple, "manifest": manifests,
         "peer": peers}
expected = []
for name, text, is_readme in documents:
    blocks = BLOCK.findall(text)
    if is_readme and not blocks:
        sys.exit("README.md has no Swift snippets")
    for info, body in blocks:
        kind = info.strip()
        if kind == "" and not is_readme:
            continue  # an illustration in an article
        if kind == "":
            kind = "shared"
        if kind not in kinds:
            sys.exit(f"unknown snippet kind '```swift {kind}' in {name}")
        kinds[kind].append(body)
    expected += [line for block in PRINTS.findall(text) for line in block.splitlines() if line.strip()]


def split_imports(bodies):
    imports, code = [], []
    for body in bodies:
        for line in body.splitlines():
            (imports if re.match(r"^\s*(@testable\s+)?import\s+\w+", line) else code).append(line)
        code.append("")
    return sorted(set(i.strip() for i in imports)), "\n".join(code)


# The manifest snippets: the package and products they name must be this package's.
package_swift = open(os.path.join(root, "Package.swift"), encoding="utf-8").read()
package_name = re.search(r'name:\s*"([^"]+)"', package_swift).group(1)
products = set(re.findall(r'\.(?:library|plugin)\(name:\s*"([^"]+)",\s*targets:', package_swift))
for manifest in manifests:
    for product, package in re.findall(
            r'\.(?:product|plugin)\(name:\s*"([^"]+)",\s*package:\s*"([^"]+)"\)', manifest):
        if package != package_name or product not in products:
            sys.exit(f"README manifest names product {product} of package {package}; "
                     f"this package is {package_name} with products {sorted(products)}")

scratch = os.path.join(root, ".build-readme")
shutil.rmtree(scratch, ignore_errors=True)
os.makedirs(os.path.join(scratch, "Sources", "ReadmeSnippets"))
os.makedirs(os.path.join(scratch, "Tests", "ReadmeSnippetTests"))
deps = ", ".join(f'.product(name: "{p}", package: "{package_name}")' for p in sorted(products))
open(os.path.join(scratch, "Package.swift"), "w").write(f'''// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ReadmeSnippets",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "{package_name}", path: "{root}")],
    targets: [
        .executableTarget(name: "ReadmeSnippets", dependencies: [{deps}]),
        .testTarget(name: "ReadmeSnippetTests", dependencies: ["ReadmeSnippets", {deps}]),
    ],
    swiftLanguageModes: [.v6]
)
''')
imports, code = split_imports(declarations)
apple_imports, apple_code = split_imports(apple)
source = "\n".join(imports) + "\n\n" + code
if apple:
    source += "\n#if canImport(SwiftUI) && canImport(UIKit)\n" + "\n".join(apple_imports) + "\n" + apple_code + "\n#endif\n"
open(os.path.join(scratch, "Sources", "ReadmeSnippets", "App.swift"), "w").write(source)
main_imports, main_code = split_imports(main)
open(os.path.join(scratch, "Sources", "ReadmeSnippets", "main.swift"), "w").write(
    "\n".join(main_imports) + "\n\n" + main_code)
test_imports, test_code = split_imports(tests)
open(os.path.join(scratch, "Tests", "ReadmeSnippetTests", "ReadmeSnippetTests.swift"), "w").write(
    "\n".join(test_imports + ["@testable import ReadmeSnippets"]) + "\n\n" + test_code)

print(f"README.md and {len(ARTICLES)} articles: {len(declarations)} declaration and {len(main)} program snippets, {len(tests)} test "
      f"snippets, {len(apple)} Apple-only, "
      f"{len(manifests)} manifests checked")
env = dict(os.environ)
for command in (["swift", "run", "--package-path", scratch, "ReadmeSnippets"],
                ["swift", "test", "--package-path", scratch]):
    print("$", " ".join(command[:2] + command[4:]), flush=True)
    result = subprocess.run(command, env=env, stdout=subprocess.PIPE, text=True)
    print(result.stdout, end="")
    if result.returncode != 0:
        sys.exit(f"README snippets failed: {' '.join(command)} exited {result.returncode} "
                 f"(the generated package is in {scratch})")
    if command[1] == "run":
        output = result.stdout.splitlines()
        position = 0
        for line in expected:
            try:
                position = output.index(line, position) + 1
            except ValueError:
                sys.exit(f"README or an article says the program prints {line!r}, but it does not (in that order)")
        print(f"README output: {len(expected)} printed lines match")
if "--keep" not in sys.argv:
    shutil.rmtree(scratch, ignore_errors=True)
print("README snippets: compiled and ran")
