#!/usr/bin/env python3
"""Reads an HTML report of `deeplinks audit --html` back with html5lib, a standards-compliant
HTML5 parser, and checks that a browser reads what the report meant to write.

    check-audit-report.py FILE [--urls N]

Checks: the page parses without a single parse error; it loads nothing from outside (no
element that fetches: img, link, iframe, object, embed, audio, video, source; no src
attribute; every href is a fragment of the page itself; one inline script, no external one;
a Content Security Policy that allows nothing but inline style and script); the chart has a
bar per verdict; the table has a row per URL (N with --urls), seven cells a row, a sort button
per column; each problem code a row names has an article with its explanation and fix.

Exit status: 0 when every check passes, 1 when one fails, 2 on a usage error.
"""
import argparse
import sys

try:
    import html5lib
except ImportError:
    print("html5lib is not installed: pip install html5lib", file=sys.stderr)
    sys.exit(1)

NS = "{http://www.w3.org/1999/xhtml}"
SVG = "{http://www.w3.org/2000/svg}"
VERDICTS = ["blankScreen", "unguardedRoute", "missedRoute", "refused", "browser", "route"]
FETCHING = {"img", "link", "iframe", "object", "embed", "audio", "video", "source", "frame", "base"}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file")
    parser.add_argument("--urls", type=int, help="the number of URL rows expected")
    arguments = parser.parse_args()
    data = open(arguments.file, "rb").read()
    html = html5lib.HTMLParser(strict=False, namespaceHTMLElements=True)
    document = html.parse(data)
    failures = []

    def check(condition, message):
        if not condition:
            failures.append(message)

    check(not html.errors, f"parse errors: {html.errors[:5]}")
    elements = list(document.iter())
    for element in elements:
        tag = element.tag.split("}")[-1] if isinstance(element.tag, str) else ""
        check(tag not in FETCHING, f"<{tag}> loads a resource")
        check("src" not in element.attrib, f"<{tag} src=...> loads a resource")
        href = element.attrib.get("href")
        check(href is None or href.startswith("#"), f"<{tag} href={href!r}> leaves the page")
    scripts = [e for e in elements if e.tag == NS + "script"]
    check(len(scripts) == 1 and "src" not in scripts[0].attrib, "exactly one inline script")
    policies = [e.attrib.get("content", "") for e in elements
                if e.tag == NS + "meta" and e.attrib.get("http-equiv", "").lower() == "content-security-policy"]
    check(policies == ["default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"],
          f"Content Security Policy: {policies}")
    bars = [e for e in elements if e.tag == SVG + "g" and "bar" in e.attrib.get("class", "").split()]
    check([b.attrib["class"].split()[1] for b in bars] == VERDICTS, "a chart bar per verdict, worst first")
    table = next((e for e in elements if e.tag == NS + "table" and e.attrib.get("id") == "results"), None)
    check(table is not None, "the results table")
    codes = set()
    if table is not None:
        body = table.find(NS + "tbody")
        rows = body.findall(NS + "tr") if body is not None else []
        if arguments.urls is not None:
            check(len(rows) == arguments.urls, f"{len(rows)} rows, expected {arguments.urls}")
        for row in rows:
            check(len(row.findall(NS + "td")) == 7, "seven cells a row")
            check(row.attrib.get("data-verdict") in VERDICTS, f"verdict {row.attrib.get('data-verdict')}")
            for link in row.iter(NS + "a"):
                codes.add(link.attrib["href"][1:])
        headers = table.find(NS + "thead").iter(NS + "th")
        check(all(h.find(NS + "button") is not None for h in headers), "a sort button per column")
    articles = {e.attrib.get("id"): "".join(e.itertext()) for e in elements if e.tag == NS + "article"}
    for code in sorted(codes):
        check(code in articles and "Fix:" in articles[code], f"an article with the fix for {code}")
    for failure in failures:
        print("FAIL", failure)
    print(f"{arguments.file}: {len(elements)} elements, {len(codes)} problem codes explained; "
          f"{'passed' if not failures else f'{len(failures)} checks failed'}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
