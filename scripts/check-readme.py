#!/usr/bin/env python3
"""Compiles and runs every Swift snippet of README.md, so the README cannot drift.

    scripts/check-readme.py [--keep]

Fenced blocks are read in order and make one continuous program, as an app would have it. The
info string says where a block goes in a scratch package that depends on this one:

  ```swift           declarations (types, functions, constants): the app's shared module.
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
print: each of its lines must appear in the program's output, in order.

Import lines are moved to the top of their file. The scratch package lives in .build-readme/
(ignored by git); --keep leaves it there after a successful run.
"""
import os
import re
import shutil
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
blocks = re.findall(r"^```swift([^\n]*)\n(.*?)^```", readme, flags=re.S | re.M)
if not blocks:
    sys.exit("README.md has no Swift snippets")

declarations, main, tests, apple, manifests = [], [], [], [], []
peers = []
kinds = {"": declarations, "run": main, "test": tests, "apple": apple, "manifest": manifests, "peer": peers}
for info, body in blocks:
    kind = info.strip()
    if kind not in kinds:
        sys.exit(f"unknown snippet kind '```swift {kind}' in README.md")
    kinds[kind].append(body)


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
products = set(re.findall(r'\.library\(name:\s*"([^"]+)"', package_swift))
for manifest in manifests:
    for product, package in re.findall(r'\.product\(name:\s*"([^"]+)",\s*package:\s*"([^"]+)"\)', manifest):
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

print(f"README.md: {len(declarations)} declaration and {len(main)} program snippets, {len(tests)} test "
      f"snippets, {len(apple)} Apple-only, "
      f"{len(manifests)} manifests checked")
expected = [line for block in re.findall(r"^prints\n\n```\n(.*?)^```", readme, flags=re.S | re.M)
            for line in block.splitlines() if line.strip()]
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
                sys.exit(f"README says the program prints {line!r}, but it does not (in that order)")
        print(f"README output: {len(expected)} printed lines match")
if "--keep" not in sys.argv:
    shutil.rmtree(scratch, ignore_errors=True)
print("README snippets: compiled and ran")
