#!/usr/bin/env python3
"""Writes the generated part of a harness's seed corpus into a folder.

    generate.py HARNESS OUT_DIR CORPORA_DIR REPO_ROOT

Seeds come from the shared corpora (when the folder is there) and from the package's own test
fixtures, shaped the way each harness reads its input. The output is deterministic; nothing is
written into the repository.
"""
import glob
import json
import os
import sys

harness, out, corpora, repo = sys.argv[1:5]
have_corpora = os.path.isdir(corpora)
count = 0


def write(data):
    global count
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    with open(os.path.join(out, f"g{count:05d}"), "wb") as f:
        f.write(data)
    count += 1


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def whatwg_inputs():
    if not have_corpora:
        return []
    return [c["input"] for c in json.load(open(os.path.join(corpora, "whatwg/urltestdata.json")))
            if isinstance(c, dict)]


def payload_links():
    links = []
    if not have_corpora:
        return links
    for path in sorted(glob.glob(os.path.join(corpora, "payloads/*.txt"))):
        for line in open(path, encoding="utf-8", errors="replace"):
            line = line.rstrip("\n")
            links.append("https://www.whitelisteddomain.tld" + line if line.startswith("/") else line)
    return links


def matching_cases():
    if not have_corpora:
        return []
    return json.load(open(os.path.join(corpora, "aasa/swcutil-conformance-cases.json")))["matching"]


def fixture(path):
    return open(os.path.join(repo, "Tests/Fixtures", path), encoding="utf-8").read()


def hostile_association_files(size):
    """The hostile association-file shapes, scaled to fit `size` bytes: a long literal path (also as
    an exclusion, a legacy path and before a `*`), a variable of many values referenced many
    times, and a variable of wildcard values referenced many times. Each as (file, url)."""
    app = "ABCDE12345.com.example.app"

    def applinks(components, variables=None, legacy=None):
        detail = {"appIDs": [app]}
        if legacy is not None:
            detail = {"appID": app, "paths": legacy}
        else:
            detail["components"] = components
        links = {"details": [detail]}
        if variables:
            links["substitutionVariables"] = variables
        return {"applinks": links}

    long = "a" * (size - 200)
    half = "a" * (size // 2 - 150)
    shapes = [
        (applinks([{"/": "/" + long}]), "https://example.com/" + long[:1000]),
        (applinks([{"/": "/" + half, "exclude": True}, {"/": "/" + half + "b"}]), "https://example.com/a"),
        (applinks(None, legacy=["/" + half + "*", "NOT /" + half + "b"]), "https://example.com/" + "a" * 900),
        (applinks([{"/": "/" + long + "*"}]), "https://example.com/" + "a" * 1000),
    ]
    values = ["v%04d" % i for i in range(size // 20)]
    refs = size // 28
    shapes.append((applinks([{"/": "/$(v)"}] * refs, {"v": values}), "https://example.com/v%04d" % (len(values) - 1)))
    url = "https://example.com/" + "a" * min(1000, size // 8)
    top = 1
    while sum(k + 5 for k in range(1, top + 1)) < size // 3:
        top += 1
    wild = ["*" + "?" * k + "*" for k in range(1, top)]
    shapes.append((applinks([{"/": "/$(w)b$(w)"}] * (size // 3 // 21), {"w": wild}), url))
    distinct = int((size / 3 * 2) ** 0.5 * 0.7)
    shapes.append((applinks([{"/": "/" + "?" * k + "$(w)"} for k in range(distinct)], {"w": wild}), url))
    return [(compact(f), u) for f, u in shapes]


def budget_exhausting_files():
    """Small files whose rule comparison runs to the end of the validator's budget: the fixed
    part of a harness's work budget."""
    def detail(components, variables=None):
        links = {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": components}]}
        if variables:
            links["substitutionVariables"] = variables
        return compact({"applinks": links})
    return [
        detail([{"/": "*?" * 100 + "a"}, {"/": "?*" * 100 + "a"}]),
        detail([{"/": "/" + "$(w)" * 30}, {"/": "/" + "$(w)" * 31}], {"w": ["a", "b", "?", "*a"]}),
    ]


def distinct_entries_at(size):
    """A variable entered at a distinct position by each rule (`?…?$(w)`), and a URL filling
    `size`: matching's costliest shape (README, "Cost bounds")."""
    values = ["*" + a + b + "?" for a in "bcdefghijklmnop" for b in "bcdefghijklmnopqrstu"][:size // 25]
    components = [{"/": "/" + "?" * k + "$(w)"} for k in range(int((size / 4) ** 0.5))]
    text = compact({"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": components}],
                                 "substitutionVariables": {"w": values}}})
    return text + "\nhttps://example.com/" + "a" * max(0, size - len(text) - 60)


def gzip_bomb(references):
    """A small gzip member: fixed Huffman codes, one literal 'a', then `references`
    back-references of 258 bytes each (DEFLATE's largest expansion)."""
    bits = []
    def put(value, count):
        for i in range(count):
            bits.append((value >> i) & 1)
    def code(value, length):
        for i in range(length - 1, -1, -1):
            bits.append((value >> i) & 1)
    put(1, 1); put(1, 2); code(0x30 + 0x61, 8)
    for _ in range(references):
        code(0xC5, 8); code(0, 5)
    code(0, 7)
    data = bytearray()
    for i in range(0, len(bits), 8):
        data.append(sum(b << j for j, b in enumerate(bits[i:i + 8])))
    return bytes([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]) + bytes(data) + bytes(8)


if harness == "FuzzLinkGate":
    for text in whatwg_inputs() + payload_links():
        write(text)

elif harness == "FuzzSmartAppBanner":
    for text in (whatwg_inputs() + payload_links())[::7]:
        write("app-id=425349261, app-argument=" + text)
    write("app-id=1" + ", affiliate-data=x" * 480)

elif harness == "FuzzLinkReceiver":
    for text in payload_links()[::5]:
        write(compact({"url": text}))
        write(compact({"activity": {"activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": text}}))
    for text in ["myapp://settings/profile", "newsapp://doc/ABC123", "myapp:///settings/privacy"]:
        write(compact({"url": text}))

elif harness == "FuzzLinkHolder":
    # A first byte (bit 0: interface not ready; bits 1-2: the confirmation expiry), then events:
    # 0 arrival (link), 1 conditions (mask: signedIn 1, onboarded 2, premium 4), 2 interface
    # ready, 3 confirmed, 4 declined, 5 cancel, 6 wait (seconds / 5), 7 expire.
    signed_in, both, none = [1, 1], [1, 3], [1, 0]
    for link in range(11):
        write(bytes([0, 0, link, 3]))
        write(bytes([1, 0, link, 2] + signed_in + [3]))
        write(bytes([4, 0, link] + signed_in + [3] + none + [3]))
        write(bytes([4] + both + [0, link, 6, 70, 3, 7]))
    # Signed in, asked, signed out, confirmed, signed in again, asked again, confirmed.
    write(bytes([4, 0, 3] + signed_in + none + [3] + signed_in + [3]))
    # A long life: arrivals, sign-in and sign-out, answers and time passing, repeated.
    write(bytes([2] + [0, 6, 1, 1, 3, 6, 61, 7, 1, 3, 3, 4, 0, 4, 5] * 200))
    # The most work an event costs: every arrival replaces the link held before it.
    write(bytes([0] + [0, 6] * 2299))

elif harness == "FuzzRouteTable":
    links = payload_links()[::11]
    for name in ["routes.json", "duplicate-routes.json", "unknown-key.json"]:
        table = json.loads(fixture("deeplinks-cli/" + name))
        write(compact(table) + "\n" + "\n".join(links[:8]))
    for i in range(0, len(links), 8):
        write(compact(json.loads(fixture("deeplinks-cli/routes.json"))) + "\n" + "\n".join(links[i:i + 8]))

    # Hostile table shapes: as many routes of one shape as fit in the harness's 8,192
    # bytes, the shapes that once made the check compare or list every pair of routes.
    def fill(route, probe_links=()):
        routes = []
        tail = "\n" + "\n".join(probe_links) if probe_links else ""
        while True:
            candidate = routes + [route(len(routes))]
            if len(compact({"routes": candidate}).encode()) + len(tail.encode()) > 8000:
                return compact({"routes": routes}) + tail
            routes = candidate

    def digits(i, base, count):
        out = []
        for _ in range(count):
            out.append(i % base)
            i //= base
        return out

    write(fill(lambda i: {"name": f"r{i}", "path": "/a", "query": [f"q{i}"]}))
    write(fill(lambda i: {"name": f"r{i}", "path": "/a", "query": [f"q{i}"], "priority": i}))
    write(fill(lambda i: {"name": f"r{i}", "path": "/a/:id(int)", "priority": i}))
    write(fill(lambda i: {"name": f"r{i}", "path": "/" + "/".join(
        ["a", "b", f":p{k}"][d] for k, d in enumerate(digits(i, 3, 14)))}))
    write(fill(lambda i: {"name": f"r{i}", "path": "/" + "/".join(
        [f":p{k}" for k in range(i % 30)] + [f"l{i // 30}", "*rest"])}))
    write(fill(lambda i: {"name": f"r{i}", "path": "/a/:id(int)",
                          "scope": {"schemes": ["https"], "hosts": [f"h{i}.example.com"]}},
               ["https://h3.example.com/a/7", "https://h9.example.com/a/x"]))
    # Optional last segments beside guarded routes: the two tables of the report, then many.
    write(compact({"scope": {"schemes": ["https"], "hosts": ["photos.example.com"]}, "routes": [
        {"name": "deleteAlbum", "path": "/albums/:album(slug)/delete", "safety": "destructive"},
        {"name": "albumAction", "path": "/albums/:album/:action/:page(int 1...)?"}]})
        + "\nhttps://photos.example.com/albums/Summer/delete\nhttps://photos.example.com/albums/summer/delete"
        + "\nhttps://photos.example.com/albums/Summer/delete/2")
    write(compact({"routes": [
        {"name": "purge", "path": "/admin/:id(int 1...9)/:mode(enum soft|hard)?", "safety": "destructive"},
        {"name": "adminPage", "path": "/admin/:x"}]})
        + "\nhttps://example.com/admin/99\nhttps://example.com/admin/5\nhttps://example.com/admin/5/hard")
    safeties = ["navigate", "sensitive", "destructive"]
    write(fill(lambda i: {"name": f"r{i}", "path": f"/s{i % 7}/:a{'(int 1...9)' if i % 2 else ''}/"
                          + (f":b(enum x|y)?" if i % 3 else "delete"),
                          "safety": safeties[i % 3], "scope": {"hosts": [f"h{i}.example.com"]}},
               ["https://h1.example.com/s1/99", "https://h2.example.com/s2/5/delete"]))
    write(fill(lambda i: {"name": f"r{i}", "path": f"/g/:a{i}" + ("/*rest(slug)" if i % 2 else "/:b?"),
                          "safety": safeties[i % 3], "query": [f"q{i}?"]},
               ["https://example.com/g/1/2/3", "https://example.com/g/x"]))

elif harness == "FuzzAssociationFile":
    for path in sorted(glob.glob(os.path.join(repo, "Tests/Fixtures/*/*.json"))):
        write(open(path, "rb").read())
    seen = set()
    for case in matching_cases():
        text = compact(case["aasa"])
        if text not in seen:
            seen.add(text)
            write(json.dumps(case["aasa"], indent=2))
    if have_corpora:
        for case in json.load(open(os.path.join(corpora, "aasa/swcutil-conformance-cases.json")))["validation"]:
            write(compact(case["aasa"]))
    # At 8 KB, so that mutating them does not slow the harness down; the plain long literal
    # also near max_len (the stack-overflow shape; the unit tests take it to 36,000 bytes).
    for text, _ in hostile_association_files(8000):
        write(text)
    write(hostile_association_files(19000)[0][0])
    for text in budget_exhausting_files():
        write(text)

elif harness == "FuzzAssociationMatch":
    by_file = {}
    for case in matching_cases():
        by_file.setdefault(compact(case["aasa"]), []).append(case["url"])
    for text, urls in by_file.items():
        write(text + "\n" + "\n".join(urls[:8]))
    for text, url in hostile_association_files(6000):
        write(text + "\n" + url)
    write(distinct_entries_at(8100))

elif harness == "FuzzAssetLinks":
    for path in sorted(glob.glob(os.path.join(repo, "Tests/Fixtures/*/assetlinks*.json"))):
        write(open(path, "rb").read())
    fingerprint = ":".join(["14", "6D", "E9", "83", "C5", "73", "06", "50", "D8", "EE", "B9", "95", "2F", "34", "FC",
                            "64", "16", "A0", "83", "42", "E6", "1D", "BE", "A8", "8A", "04", "96", "B2", "3F", "CF",
                            "44", "E5"])

    def statement(rules=None, package="com.example.app"):
        value = {"relation": ["delegate_permission/common.handle_all_urls"],
                 "target": {"namespace": "android_app", "package_name": package,
                            "sha256_cert_fingerprints": [fingerprint]}}
        if rules is not None:
            value["relation_extensions"] = {
                "delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": rules}}
        return value
    if have_corpora:
        for case in json.load(open(os.path.join(corpora, "assetlinks/dynamic-rules-cases.json")))["cases"]:
            write(compact([statement(case["rules"])]))
    write(compact([statement(), {"relation": ["delegate_permission/common.get_login_creds"],
                                 "target": {"namespace": "web", "site": "https://example.com"}},
                   {"include": "https://example.com/more.json"}]))
    # Hostile shapes at 8 KB: a long pattern of stars, many rules, many apps, many findings.
    write(compact([statement([{"/": "/" + "*a" * 3900 + "b"}])]))
    write(compact([statement([{"/": "/a%d/*" % i, "?": {"k": "?*"}, "#": ""} for i in range(250)])]))
    write(compact([statement([{"/": "/x"}], "com.example.app%d" % i) for i in range(30)]))
    write(compact([statement([{"/": "x", "comment": 1}] * 300)]))

elif harness == "FuzzEntitlement":
    entries = ["applinks:example.com", "applinks:*.example.com?mode=developer", "webcredentials:example.com",
               "appclips:shop.example.com?mode=managed", "activitycontinuation:example.com",
               "applinks:example.com:8080", "applinks:https://example.com/", "applinks:xn--fsqu00a.com"]
    for i in range(len(entries)):
        write("\n".join(entries[i:] + ["shop.example.com", "example.com"]))

elif harness == "FuzzLinkPreview":
    for i, text in enumerate(payload_links()[::9]):
        fields = ["https://photos.example.com/albums/summer-2024", text, text, "https://photos.example.com/c.jpg",
                  text, "1200x630", text, text, "website", "en_US"]
        fields[i % 10] = text
        write("\n".join(fields))

elif harness == "FuzzLineProtocols":
    links = payload_links()[::7]
    for i in range(0, len(links), 6):
        lines = []
        for j, text in enumerate(links[i:i + 6]):
            kind = (i + j) % 3
            if kind == 0:
                lines.append(compact({"id": i + j, "url": text}))
            elif kind == 1:
                lines.append(compact({"id": str(i + j), "activity": {
                    "activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": text}}))
            else:
                lines.append(compact({"id": None, "banner": "app-id=1, app-argument=" + text}))
        write("\n".join(lines))
    by_file = {}
    for case in matching_cases():
        by_file.setdefault(compact(case["aasa"]), []).append(case)
    for cases in by_file.values():
        write("\n".join(compact({k: c[k] for k in ("id", "aasa", "domain", "appId", "url") if k in c})
                        for c in cases[:4]))
    # Shapes the line protocols refuse: repeated keys, unknown keys, deep nesting, long lines.
    write('{"id":1,"url":"https://example.com/albums/a","url":"https://evil.example/"}')
    write('{"id":1,"url":"https://example.com/albums/a","URL":"x"}\n{"aasa":{},"domain":"d","appID":"A","url":"u"}')
    write("[" * 300 + "]" * 300)
    write(compact({"id": 1, "url": "https://example.com/albums/" + "a" * 8000}))
    write(compact({"id": 2, "activity": {"activityType": "com.example.viewing-album",
                                         "userInfo": {"k" * 20: {"array": [{"string": "x" * 50}] * 60}}}}))

elif harness == "FuzzSitemap":
    import gzip
    urls = ["https://shop.example.com/p/%d" % i for i in range(1, 6)]
    urlset = ('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
              + "".join("<url><loc>%s</loc><lastmod>2026-11-20</lastmod></url>\n" % u for u in urls)
              + '<url><loc><![CDATA[https://shop.example.com/search?q=a&b]]></loc></url>\n'
              + '<url><loc>https://shop.example.com/s?q=a&amp;x=&#49;&#x32;</loc></url>\n</urlset>\n')
    index = ('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><!-- two -->'
             + "<sitemap><loc>https://shop.example.com/a.xml</loc></sitemap>"
             + "<sitemap><loc>https://shop.example.com/b.xml.gz</loc></sitemap></sitemapindex>")
    listed = "# pages\n" + "\n".join(urls) + "\r\n\n  https://shop.example.com/about\t\n"
    for text in (urlset, index, listed):
        write(text)
        write(gzip.compress(text.encode(), compresslevel=9, mtime=0))
        write(gzip.compress(text.encode(), compresslevel=0, mtime=0))
    write('<!DOCTYPE x [<!ENTITY a "b">]><urlset><url><loc>&a;</loc></url></urlset>')
    write("<urlset>" + "<a>" * 40 + "</urlset>")
    write("<urlset><url><loc>https://a.example/" + "a" * 2100 + "</loc></url></urlset>")
    # A small bomb: fixed codes, one literal, then back-references of 258 bytes.
    write(gzip_bomb(3000))

elif harness == "FuzzSitemapIndex":
    # The files of a run, cut at "\n@@\n": the index first, then the sitemaps it names by
    # number (https://shop.example.com/2 is the third file).
    import gzip
    def index(*numbers):
        return "<sitemapindex>" + "".join(
            "<sitemap><loc>https://shop.example.com/%s</loc></sitemap>" % n for n in numbers) + "</sitemapindex>"
    def urlset(prefix, count):
        return "<urlset>" + "".join(
            "<url><loc>https://shop.example.com/%s/%d</loc></url>" % (prefix, i) for i in range(count)) + "</urlset>"
    sep = b"\n@@\n"
    write(index(1, 2).encode() + sep + urlset("a", 3).encode() + sep + b"https://shop.example.com/b\n")
    write(index(1, 1, 1, 1).encode() + sep + gzip.compress(urlset("p", 40).encode(), compresslevel=9, mtime=0))
    write(index(1, 2, 1).encode() + sep + index(2).encode() + sep + urlset("c", 2).encode())
    write(index(1, 9).encode() + sep + urlset("d", 1).encode())
    write(urlset("e", 4).encode())
    write(("https://shop.example.com/x\n" * 30).encode())
    # One small bomb named many times: read once.
    bomb = gzip_bomb(1000)
    write(index(*([1] * 40)).encode() + sep + bomb)

elif harness == "FuzzShortLinks":
    for text in ["spring-sale", "abc", "a" * 40, "a" * 41, "Spring", "a--b", "-ab", "k3v9q2m8x1c7z"]:
        write(text)
    write(compact({"code": "spring-sale", "link": "https://shop.example.com/p/42", "route": "product",
                   "fallbacks": {"appStore": "https://apps.apple.com/app/id1"}, "expiresAt": 1800000000}))
    write(compact({"link": "https://shop.example.com/p/42", "code": "spring-sale", "requestKey": "k-1",
                   "fallbacks": {"playStore": "https://play.google.com/store/apps/details?id=x"},
                   "minimumAppVersion": "2.4.1"}))
    write(compact({"link": "https://shop.example.com/p/42", "cdoe": "x"}))
    write(compact({"link": "https://shop.example.com/p/42", "preview": {"title": "Spring sale",
                   "image": {"url": "https://shop.example.com/a.jpg", "width": 1200, "alt": "Tulips"}}}))
    write(compact({"title": "Sale\u0007 now", "description": "  two  spaces ", "image": {"url": "http://x"}}))
    write(compact({"titel": "x"}))
    for agent in ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)", "Mozilla/5.0 (Linux; Android 14)",
                  "Slackbot-LinkExpanding 1.0", "Shop/2.5 CFNetwork/1494 Darwin/23.0", "x" * 600 + "Android"]:
        write(agent)
    for text in ["https://shop.example.com/s/spring-sale", "  https://shop.example.com/s/spring-sale\n",
                 "https://evil.example.net/s/spring-sale", "https://shop.example.com/p/42",
                 "utm_source=google-play&deeplinks_code=spring-sale", "deeplinks_code=Bad",
                 "deeplinks_code=spring-sale" + "&x=y" * 300]:
        write(text)
    for length in [17, 271, 1000, 2953, 2954]:
        write("https://shop.example.com/s/" + "a" * (length - 27))

else:
    sys.exit(f"no seeds for {harness}")
