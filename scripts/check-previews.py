#!/usr/bin/env python3
"""Reads preview pages back with html5lib, a standards-compliant HTML5 parser, and checks that
what a browser reads equals what the renderer was given.

    check-previews.py fixtures --tool PATH/TO/PreviewFixtures [--keep DIR]
    check-previews.py page FILE --canonical URL [--title TEXT] [--app-argument URL|none] [--open URL|none]

`fixtures` writes ordinary and hostile inputs (quotes, </script>, "><img onerror=...>,
unpaired surrogates, controls, noncharacters, very long text) as UTF-16 code units, has the
PreviewFixtures tool of Examples/PreviewServer render them, parses every page, and compares
each meta tag, the title, the heading and the summary with values this script computes from
the inputs by the documented text rules (PreviewText in Sources/LinkPreviews/Text/):

  1. unpaired surrogates -> U+FFFD, one per code unit;
  2. noncharacters (U+FDD0..U+FDEF, U+xFFFE, U+xFFFF) -> U+FFFD;
  3. C0 controls other than whitespace, DEL and C1 controls are removed, and so is every
     format character (category Cf: bidi overrides and isolates, zero-width spaces, the
     byte-order mark, tag characters) except a zero-width joiner between two emoji;
  4. tab, LF, VT, FF, CR, U+0085, U+2028, U+2029 and spaces: runs become one space, ends trimmed;
  5. more scalars than the limit: cut to limit - 1 scalars at a character boundary, trailing
     spaces dropped, U+2026 appended (the long inputs here have one scalar per character).

`page` checks one page saved from the live server: no parse errors, nothing outside the
allowed elements and attributes, og:url and canonical link equal to URL, and the links
offered to the app (banner app-argument, open button, al:ios:url) exactly as given: a page
offers only links the app accepts, and none when --app-argument and --open are 'none'.

Exit status: 0 when every check passes, 1 when one fails, 2 on a usage error. The last line
is "N passed, N failed".
"""
import argparse
import json
import re
import unicodedata
import os
import subprocess
import sys
import tempfile

try:
    import html5lib
except ImportError:
    print("html5lib is not installed: pip install html5lib", file=sys.stderr)
    sys.exit(2)

LIMITS = {"title": 200, "description": 500, "imageAlt": 420}
SITE = {
    "name": "Photo Album",
    "home": "https://photos.example.com/",
    "app_name": "Photo Album",
    "app_store_id": "1234567890",
    "package": "com.example.photos",
    "scheme": "photoalbum",
    "twitter": "@photoalbum",
    "locale": "en_US",
}
ALLOWED_ELEMENTS = {
    "html", "head", "meta", "title", "link", "style", "body", "main", "figure", "img", "div", "p",
    "h1", "a", "small", "footer",
}
ALLOWED_ATTRIBUTES = {
    "lang", "charset", "name", "content", "property", "http-equiv", "rel", "href", "class", "src",
    "alt", "width", "height", "aria-hidden",
}
NS = "{http://www.w3.org/1999/xhtml}"


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def expect(self, condition, message):
        if condition:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL " + message)

    def equal(self, actual, expected, message):
        self.expect(actual == expected, "%s: expected %r, read back %r" % (message, expected, actual))


# The text rules, written independently of the Swift code.

def decode_utf16(units):
    out = []
    i = 0
    while i < len(units):
        unit = units[i]
        if 0xD800 <= unit <= 0xDBFF and i + 1 < len(units) and 0xDC00 <= units[i + 1] <= 0xDFFF:
            out.append(chr(0x10000 + ((unit - 0xD800) << 10) + (units[i + 1] - 0xDC00)))
            i += 2
            continue
        out.append("\ufffd" if 0xD800 <= unit <= 0xDFFF else chr(unit))
        i += 1
    return "".join(out)


def is_folded(ch):
    return ch in "\t\n\x0b\x0c\r \x85\u2028\u2029"


def is_control(ch):
    value = ord(ch)
    return value <= 0x1F or 0x7F <= value <= 0x9F


def is_noncharacter(ch):
    value = ord(ch)
    return 0xFDD0 <= value <= 0xFDEF or (value & 0xFFFE) == 0xFFFE


def is_pictograph(ch):
    value = ord(ch)
    return value >= 0x1F000 or 0x2600 <= value <= 0x27BF or value in (0xA9, 0xAE)


def is_removed_format(text, position, out):
    ch = text[position]
    if ord(ch) <= 0x7E or unicodedata.category(ch) != "Cf":
        return False
    joins = (ord(ch) == 0x200D and position + 1 < len(text) and is_pictograph(text[position + 1])
             and out and (is_pictograph(out[-1]) or out[-1] == "\ufe0f"))
    return not joins


def clean(text, limit):
    out = []
    pending = False
    for position, ch in enumerate(text):
        if is_removed_format(text, position, out):
            continue
        if is_folded(ch):
            pending = True
            continue
        if is_control(ch):
            continue
        if is_noncharacter(ch):
            ch = "\ufffd"
        if pending and out:
            out.append(" ")
        pending = False
        out.append(ch)
    result = "".join(out)
    if len(result) > limit:
        result = result[: limit - 1].rstrip(" ") + "\u2026"
    return result


def units(text):
    """UTF-16 code units of a Python string, lone surrogates included."""
    data = text.encode("utf-16-le", "surrogatepass")
    return [int.from_bytes(data[i:i + 2], "little") for i in range(0, len(data), 2)]


# Inputs.

LONG = "A" * 10000
WORDS = "word " * 5000
CASES = [
    {"name": "ordinary", "title": "Summer 2024", "description": "48 photos from the coast.", "imageAlt": "A beach at sunset"},
    {"name": "non-ascii", "title": "Été à Zürich – 90 ans 🎂", "description": "日本語の説明と emoji 👨‍👩‍👧", "imageAlt": "Ünïcödé"},
    {"name": "quotes", "title": "Tom's \"best\" album", "description": "It's \"quoted\" and 'single'", "imageAlt": "\"'\"'"},
    {"name": "script-close", "title": "</script><script>alert(1)</script>", "description": "</title></head><body onload=alert(1)>", "imageAlt": "</style><script>x</script>"},
    {"name": "attribute-injection", "title": "\"><img src=x onerror=alert(1)>", "description": "' onmouseover='alert(1)' x='", "imageAlt": "\" onload=\"alert(1)"},
    {"name": "markup-lookalikes", "title": "<!-- comment --><![CDATA[x]]>", "description": "&amp; &lt; &#0; &#x0; &quot", "imageAlt": "<svg/onload=alert(1)>"},
    {"name": "unpaired-surrogates", "title": "A\ud800B\udfffC\U0001F600", "description": "\udc00 lone low first", "imageAlt": "end \ud83d"},
    {"name": "controls", "title": "Ti\x00tle\x07 with \x1b[31mescape", "description": "line\r\nbreaks\tand\x85more\u2028lines", "imageAlt": "\x7f\x9bdel"},
    {"name": "noncharacters", "title": "a\ufffeb\uffffc\ufdd0d", "description": "plane end \U0010FFFF", "imageAlt": None},
    {"name": "bidi", "title": "\u202egnp.exe", "description": "right-to-left override removed", "imageAlt": None},
    {"name": "very-long", "title": LONG, "description": WORDS, "imageAlt": "x" * 1000},
    {"name": "no-image", "title": "Just text", "description": None, "imageAlt": None, "image": False},
    {"name": "query-canonical", "title": "Search", "description": "d", "imageAlt": None,
     "canonical": "https://photos.example.com/search?q=a,b&sort=name"},
    {"name": "empty-title", "title": " \t\x00 ", "description": "d", "imageAlt": None,
     "error": "the title is empty"},
]


def tool_input(case):
    entry = {
        "name": case["name"],
        "canonical": case.get("canonical", "https://photos.example.com/albums/" + case["name"]),
        "title": units(case["title"]),
        "description": units(case["description"]) if case["description"] is not None else None,
        "imageAlt": units(case["imageAlt"]) if case["imageAlt"] is not None else None,
        "image": case.get("image", True),
    }
    return entry


# Reading pages back.

def parse(path, checks, label, fragment=False):
    """Parses a page; a head fragment is placed in a minimal document's <head>, as a backend
    embeds it."""
    parser = html5lib.HTMLParser(tree=html5lib.getTreeBuilder("etree"), strict=False)
    with open(path, "rb") as handle:
        data = handle.read()
    if fragment:
        data = b'<!DOCTYPE html><html><head><meta charset="utf-8">' + data + b"</head><body></body></html>"
    document = parser.parse(data, transport_encoding="utf-8")
    checks.equal([str(e) for e in parser.errors], [], label + ": HTML5 parse errors")
    return document


def local(tag):
    return tag[len(NS):] if tag.startswith(NS) else tag


def text_of(element):
    return "".join(element.itertext())


def structure(document, checks, label):
    for element in document.iter():
        if not isinstance(element.tag, str):
            continue
        name = local(element.tag)
        checks.expect(name in ALLOWED_ELEMENTS, "%s: unexpected element <%s>" % (label, name))
        for attribute in element.attrib:
            checks.expect(attribute in ALLOWED_ATTRIBUTES, "%s: unexpected attribute %s on <%s>" % (label, attribute, name))
            checks.expect(not attribute.lower().startswith("on"), "%s: event handler %s" % (label, attribute))
        for attribute in ("href", "src"):
            value = element.attrib.get(attribute)
            if value is not None:
                checks.expect(value.split(":", 1)[0].lower() in ("https", SITE["scheme"]),
                              "%s: %s=%r is not https or the app's scheme" % (label, attribute, value))


def meta_tags(document):
    tags = []
    for element in document.iter(NS + "meta"):
        key = element.attrib.get("property") or element.attrib.get("name")
        if key is not None:
            tags.append((key, element.attrib.get("content")))
    return tags


def find(document, tag, cls=None):
    for element in document.iter(NS + tag):
        if cls is None or cls in element.attrib.get("class", "").split():
            return element
    return None


def routes_to_album(canonical):
    """Whether the photo-album app routes a canonical link (to its album route): only such
    links are offered to the app."""
    return re.fullmatch(r"https://photos\.example\.com/albums/[a-z0-9-]{1,64}", canonical) is not None


def app_link(canonical):
    """The custom-scheme link the app is offered for a web link it routes (its scheme's host is
    the domain: photoalbum://photos.example.com/path?query), or None when it routes none."""
    if not routes_to_album(canonical):
        return None
    rest = canonical.split("://", 1)[1].split("#", 1)[0]
    starts = [i for i in (rest.find("/"), rest.find("?")) if i >= 0]
    cut = min(starts) if starts else len(rest)
    host, path_and_query = rest[:cut], rest[cut:]
    return SITE["scheme"] + "://" + host + (path_and_query or "/")


def expected_tags(canonical, title, description, alt, image_url):
    app_url = app_link(canonical)
    tags = []
    if description:
        tags.append(("description", description))
    tags += [("og:title", title)]
    if description:
        tags.append(("og:description", description))
    tags += [("og:type", "website"), ("og:url", canonical), ("og:site_name", SITE["name"]), ("og:locale", SITE["locale"])]
    if image_url:
        tags += [("og:image", image_url), ("og:image:width", "1200"), ("og:image:height", "630")]
        if alt:
            tags.append(("og:image:alt", alt))
    tags += [("twitter:card", "summary_large_image" if image_url else "summary"), ("twitter:site", SITE["twitter"])]
    url = [("url", app_url)] if app_url else []
    for device in ("iphone", "ipad"):
        tags += [("twitter:app:name:" + device, SITE["app_name"]), ("twitter:app:id:" + device, SITE["app_store_id"])]
        tags += [("twitter:app:%s:%s" % (key, device), value) for key, value in url]
    tags += [("twitter:app:name:googleplay", SITE["app_name"]), ("twitter:app:id:googleplay", SITE["package"])]
    tags += [("twitter:app:%s:googleplay" % key, value) for key, value in url]
    tags += [("al:ios:" + key, value) for key, value in url]
    tags += [("al:ios:app_store_id", SITE["app_store_id"]), ("al:ios:app_name", SITE["app_name"])]
    tags += [("al:android:" + key, value) for key, value in url]
    tags += [("al:android:package", SITE["package"]), ("al:android:app_name", SITE["app_name"]),
             ("al:web:url", canonical)]
    tags.append(("apple-itunes-app", banner(canonical if app_url else None)))
    return tags


def banner(argument):
    """The Smart App Banner content: the app-argument only when a link is offered."""
    if argument is None:
        return "app-id=%s" % SITE["app_store_id"]
    return "app-id=%s, app-argument=%s" % (SITE["app_store_id"], argument.replace(",", "%2C"))


def check_fixtures(tool, keep):
    checks = Checks()
    work = keep or tempfile.mkdtemp(prefix="previews-")
    os.makedirs(work, exist_ok=True)
    cases_path = os.path.join(work, "cases.json")
    with open(cases_path, "w", encoding="utf-8") as handle:
        json.dump([tool_input(case) for case in CASES], handle)
    pages = os.path.join(work, "pages")
    result = subprocess.run([tool, cases_path, pages], capture_output=True, text=True, timeout=120)
    checks.equal(result.returncode, 0, "PreviewFixtures exit status (stderr: %s)" % result.stderr.strip())
    if result.returncode != 0:
        return checks

    for case in CASES:
        name = case["name"]
        if "error" in case:
            path = os.path.join(pages, name + ".error.txt")
            checks.expect(os.path.exists(path), name + ": expected a refusal")
            if os.path.exists(path):
                with open(path, encoding="utf-8") as handle:
                    checks.equal(handle.read(), case["error"], name + ": refusal")
            continue
        canonical = tool_input(case)["canonical"]
        title = clean(decode_utf16(units(case["title"])), LIMITS["title"])
        description = clean(decode_utf16(units(case["description"])), LIMITS["description"]) if case["description"] is not None else None
        alt = clean(decode_utf16(units(case["imageAlt"])), LIMITS["imageAlt"]) if case["imageAlt"] is not None else None
        description = description or None
        alt = alt or None
        image_url = "https://photos.example.com/covers/%s.jpg" % name if case.get("image", True) else None

        for suffix in (".html", ".head.html"):
            label = name + suffix
            document = parse(os.path.join(pages, name + suffix), checks, label, fragment=suffix == ".head.html")
            structure(document, checks, label)
            tags = meta_tags(document)
            expected = expected_tags(canonical, title, description, alt, image_url)
            if suffix == ".html":
                expected = [("viewport", "width=device-width, initial-scale=1")] + expected
                tags = [t for t in tags if t[0] != "Content-Security-Policy"]
            checks.equal(tags, expected, label + ": meta tags")
            canonical_links = [e.attrib.get("href") for e in document.iter(NS + "link") if e.attrib.get("rel") == "canonical"]
            checks.equal(canonical_links, [canonical], label + ": canonical link")
            checks.equal(len(list(document.iter(NS + "script"))), 0, label + ": script elements")

        document = parse(os.path.join(pages, name + ".html"), checks, name + " (page)")
        checks.equal(text_of(find(document, "title")), title + " – " + SITE["name"], name + ": <title>")
        checks.equal(text_of(find(document, "h1")), title, name + ": <h1>")
        summary = find(document, "p", "summary")
        checks.equal(text_of(summary) if summary is not None else None, description, name + ": summary")
        image = find(document, "img")
        if image_url:
            checks.equal(image.attrib.get("src") if image is not None else None, image_url, name + ": img src")
            checks.equal(image.attrib.get("alt") if image is not None else None, alt or "", name + ": img alt")
        else:
            checks.equal(image, None, name + ": no img")
        open_button = find(document, "a", "primary")
        checks.equal(open_button.attrib.get("href") if open_button is not None else None, app_link(canonical),
                     name + ": open button")

        with open(os.path.join(pages, name + ".json"), encoding="utf-8") as handle:
            metadata = json.load(handle)
        checks.equal(metadata["preview"]["title"], title, name + ": JSON title")
        checks.equal(metadata["preview"].get("description"), description, name + ": JSON description")
        checks.equal([(t["key"], t["content"]) for t in metadata["tags"]], expected_tags(canonical, title, description, alt, image_url),
                     name + ": JSON tags")
    return checks


def check_page(path, canonical, title, app_argument, open_link):
    checks = Checks()
    document = parse(path, checks, path)
    structure(document, checks, path)
    tags = dict(meta_tags(document))
    checks.equal(tags.get("og:url"), canonical, path + ": og:url")
    checks.equal(tags.get("apple-itunes-app"), banner(app_argument), path + ": app-argument")
    button = find(document, "a", "primary")
    checks.equal(button.attrib.get("href") if button is not None else None, open_link, path + ": open button")
    checks.equal(tags.get("al:ios:url"), open_link or app_argument, path + ": al:ios:url")
    links = [e.attrib.get("href") for e in document.iter(NS + "link") if e.attrib.get("rel") == "canonical"]
    checks.equal(links, [canonical], path + ": canonical link")
    if title is not None:
        checks.equal(tags.get("og:title"), title, path + ": og:title")
        checks.equal(text_of(find(document, "h1")), title, path + ": <h1>")
    checks.equal(len(list(document.iter(NS + "script"))), 0, path + ": script elements")
    return checks


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    fixtures = commands.add_parser("fixtures")
    fixtures.add_argument("--tool", required=True)
    fixtures.add_argument("--keep")
    page = commands.add_parser("page")
    page.add_argument("file")
    page.add_argument("--canonical", required=True)
    page.add_argument("--title")
    page.add_argument("--app-argument", help="the banner's app-argument; 'none' when none is offered")
    page.add_argument("--open", help="the open button's link; 'none' when there is no button")
    arguments = parser.parse_args()
    if arguments.command == "fixtures":
        checks = check_fixtures(arguments.tool, arguments.keep)
    else:
        none = lambda value: None if value in (None, "none") else value
        checks = check_page(arguments.file, arguments.canonical, arguments.title,
                            none(arguments.app_argument), none(arguments.open))
    print("previews: %d passed, %d failed" % (checks.passed, checks.failed))
    sys.exit(0 if checks.failed == 0 else 1)


if __name__ == "__main__":
    main()
