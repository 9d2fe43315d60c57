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

elif harness == "FuzzRouteTable":
    links = payload_links()[::11]
    for name in ["routes.json", "duplicate-routes.json", "unknown-key.json"]:
        table = json.loads(fixture("deeplinks-cli/" + name))
        write(compact(table) + "\n" + "\n".join(links[:8]))
    for i in range(0, len(links), 8):
        write(compact(json.loads(fixture("deeplinks-cli/routes.json"))) + "\n" + "\n".join(links[i:i + 8]))

    # Hostile shapes (issue 24): as many routes of one shape as fit in the harness's 8,192
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

elif harness == "FuzzAssociationMatch":
    by_file = {}
    for case in matching_cases():
        by_file.setdefault(compact(case["aasa"]), []).append(case["url"])
    for text, urls in by_file.items():
        write(text + "\n" + "\n".join(urls[:8]))

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

else:
    sys.exit(f"no seeds for {harness}")
