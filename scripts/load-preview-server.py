#!/usr/bin/env python3
"""Load generator for the preview server (Examples/PreviewServer), on loopback only.

    scripts/load-preview-server.py --port PORT [--pid PID] [--requests N] [--connections C]
                                   [--max-seconds S] [--rss-bound-mib M] [--json FILE]

Sends N requests over C keep-alive HTTP/1.1 connections to 127.0.0.1:PORT, cycling through a
fixed mix of good, malformed and hostile links, preview JSON, both well-known files and
conditional requests answered 304. Every
answer is checked: its status code, and a marker that must (and, for hostile links, a string
that must not) appear in its body. It stops by itself after N requests or S seconds, whichever
comes first, then prints throughput, p50/p99/max latency, the answers per kind, wrong answers,
transport errors, and the server's resident memory (VmRSS of PID) after the warm-up and at the
end.

Exit status: 0 when every answer was right, no connection failed, and the resident memory
grew by at most the bound (default 32 MiB) between the end of the warm-up and the end of the
run; 1 otherwise; 2 for a usage error. Python standard library only.
"""

import argparse
import asyncio
import json
import sys
import time

HOST = "127.0.0.1"

# (kind, method, target, extra headers, status, marker that must be in the body,
#  text that must not be in the body). Markers are bytes of the UTF-8 body.
MIX = [
    ("good", "GET", "/albums/summer-2024?fbclid=1", {}, 200,
     b'<link rel="canonical" href="https://photos.example.com/albums/summer-2024">', b"fbclid"),
    ("good", "GET", "/albums?albumname=Summer%202024&index=3&utm_source=mail", {}, 200,
     "Photo 4 of 48 · Summer 2024".encode(), b"utm_source"),
    ("good", "GET", "/albums/grandmas-90th", {}, 200, "Grandma’s 90th".encode(), None),
    ("good-json", "GET", "/albums/summer-2024", {"Accept": "application/json"}, 200,
     b'"Summer 2024"', None),
    ("not-found", "GET", "/albums/winter-1999", {}, 404,
     b'<link rel="canonical" href="https://photos.example.com/">', None),
    ("fallback", "GET", "/blog/2024/hello", {}, 200,
     b'<link rel="canonical" href="https://photos.example.com/">', None),
    ("destructive", "GET", "/albums/summer-2024/delete", {}, 200,
     b'<link rel="canonical" href="https://photos.example.com/">', b"/delete"),
    ("malformed", "GET", "/albums?albumname=Sum%zzmer&index=3", {}, 400, b"percent escape", None),
    ("malformed", "GET", "/albums?albumname=Summer&index=three", {}, 200,
     b'<link rel="canonical" href="https://photos.example.com/">', b"three"),
    ("malformed", "GET", "/albums/" + "a" * 5000, {}, 400, b"longer than", None),
    ("hostile", "GET", "/albums/%2e%2e/shared", {}, 400, b"'.' or '..' segment", None),
    ("hostile", "GET", "/albums/%22%3E%3Cscript%3Ealert(1)%3C/script%3E", {}, 200,
     b'<link rel="canonical" href="https://photos.example.com/">', b"<script>"),
    ("hostile", "GET", "/albums/hostile", {}, 200,
     b"&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;", b"<script>alert"),
    ("hostile", "GET", "/albums/summer-2024?x=%0d%0aSet-Cookie:%20a=b", {}, 400, b"control", b"Set-Cookie: a=b"),
    ("hostile", "GET", "/albums/summer-2024", {"Host": "evil.example.net"}, 200,
     b'<link rel="canonical" href="https://photos.example.com/albums/summer-2024">', b"evil.example.net"),
    ("aasa", "GET", "/.well-known/apple-app-site-association", {}, 200,
     b'"ABCDE12345.com.example.photos"', None),
    ("aasa", "GET", "/apple-app-site-association", {}, 200, b'"applinks"', None),
    ("aasa-miss", "GET", "/.well-known/apple-app-site-association/", {}, 404, b"not found", None),
    ("aasa-miss", "POST", "/.well-known/apple-app-site-association", {}, 405, b"only GET and HEAD", None),
    ("assetlinks", "GET", "/.well-known/assetlinks.json", {}, 200, b'"com.example.photos"', None),
    ("not-modified", "GET", "/.well-known/assetlinks.json", {"If-None-Match": "*"}, 304, None, None),
    ("not-modified", "GET", "/albums/summer-2024", {"If-None-Match": "*"}, 304, None, None),
    ("sensitive", "GET", "/shared", {}, 200,
     b'app-argument=https://photos.example.com/shared"', None),
]


def request_bytes(method, target, headers):
    lines = [f"{method} {target} HTTP/1.1"]
    fields = {"Host": f"{HOST}", "User-Agent": "load-preview-server", "Connection": "keep-alive"}
    fields.update(headers)
    if method == "POST":
        fields["Content-Length"] = "0"
    lines += [f"{name}: {value}" for name, value in fields.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def prepare():
    prepared = []
    for kind, method, target, headers, status, marker, forbidden in MIX:
        prepared.append((kind, request_bytes(method, target, headers), method, target, status, marker, forbidden))
    return prepared


PREPARED = prepare()


def rss_kib(pid):
    """The resident set size of a process in KiB, from /proc/PID/status."""
    if pid is None:
        return None
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


class Run:
    def __init__(self, total, deadline):
        self.total = total
        self.deadline = deadline
        self.issued = 0
        self.latencies = []
        self.per_kind = {}
        self.wrong = []
        self.wrong_count = 0
        self.transport_errors = 0
        self.first_transport_error = None

    def next_index(self):
        if self.issued >= self.total or time.monotonic() >= self.deadline:
            return None
        index = self.issued
        self.issued += 1
        return index


async def read_response(reader):
    head = await reader.readuntil(b"\r\n\r\n")
    status_line, _, rest = head.partition(b"\r\n")
    parts = status_line.split(b" ", 2)
    status = int(parts[1])
    length = None
    close = False
    for line in rest.split(b"\r\n"):
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"content-length":
            length = int(value.strip())
        elif name == b"connection" and value.strip().lower() == b"close":
            close = True
        elif name == b"transfer-encoding":
            raise ValueError("chunked responses are not expected")
    body = await reader.readexactly(length) if length else b""
    return status, body, close


async def connection(port, run):
    reader = writer = None
    while True:
        index = run.next_index()
        if index is None:
            break
        kind, data, method, target, status, marker, forbidden = PREPARED[index % len(PREPARED)]
        try:
            if writer is None:
                reader, writer = await asyncio.open_connection(HOST, port)
            started = time.perf_counter_ns()
            writer.write(data)
            got_status, body, close = await read_response(reader)
            run.latencies.append(time.perf_counter_ns() - started)
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError) as error:
            run.transport_errors += 1
            run.first_transport_error = run.first_transport_error or f"{method} {target[:80]}: {error!r}"
            if writer is not None:
                writer.close()
            reader = writer = None
            continue
        counts = run.per_kind.setdefault(kind, [0, 0])
        counts[0] += 1
        problem = None
        if got_status != status:
            problem = f"status {got_status}, expected {status}"
        elif marker is not None and marker not in body:
            problem = f"marker {marker[:60]!r} missing"
        elif forbidden is not None and forbidden in body:
            problem = f"forbidden text {forbidden!r} present"
        if problem:
            counts[1] += 1
            run.wrong_count += 1
            if len(run.wrong) < 10:
                run.wrong.append(f"{kind} {method} {target[:80]}: {problem}")
        if close:
            writer.close()
            reader = writer = None
    if writer is not None:
        writer.close()


async def phase(port, total, connections, deadline):
    run = Run(total, deadline)
    started = time.perf_counter()
    await asyncio.gather(*(connection(port, run) for _ in range(connections)))
    return run, time.perf_counter() - started


def percentile(sorted_values, fraction):
    if not sorted_values:
        return 0
    return sorted_values[min(len(sorted_values) - 1, int(fraction * len(sorted_values)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, help="the server's process id, for its resident memory")
    parser.add_argument("--requests", type=int, default=300_000)
    parser.add_argument("--warmup", type=int, default=5_000, help="requests before the first memory reading")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--max-seconds", type=float, default=600)
    parser.add_argument("--rss-bound-mib", type=float, default=32)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    if args.requests < 1 or args.connections < 1 or args.max_seconds <= 0 or args.warmup < 0:
        parser.error("--requests, --connections and --max-seconds must be positive")

    begin = time.monotonic()
    deadline = begin + args.max_seconds
    rss_before_warmup = rss_kib(args.pid)
    warmup, _ = asyncio.run(phase(args.port, args.warmup, args.connections, deadline)) if args.warmup else (None, 0)
    rss_start = rss_kib(args.pid)
    run, elapsed = asyncio.run(phase(args.port, args.requests, args.connections, deadline))
    rss_end = rss_kib(args.pid)

    latencies = sorted(run.latencies)
    answered = len(latencies)
    figures = {
        "requests": answered,
        "requested": args.requests,
        "connections": args.connections,
        "seconds": round(elapsed, 2),
        "requests_per_second": round(answered / elapsed) if elapsed else 0,
        "p50_ms": round(percentile(latencies, 0.50) / 1e6, 3),
        "p99_ms": round(percentile(latencies, 0.99) / 1e6, 3),
        "max_ms": round((latencies[-1] if latencies else 0) / 1e6, 3),
        "wrong_answers": run.wrong_count + (warmup.wrong_count if warmup else 0),
        "transport_errors": run.transport_errors + (warmup.transport_errors if warmup else 0),
        "rss_kib_before_warmup": rss_before_warmup,
        "rss_kib_start": rss_start,
        "rss_kib_end": rss_end,
        "rss_bound_mib": args.rss_bound_mib,
        "per_kind": {kind: {"answers": c[0], "wrong": c[1]} for kind, c in sorted(run.per_kind.items())},
        "stopped_by_time": answered < args.requests,
    }
    print(f"requests      {answered} of {args.requests} over {args.connections} connections "
          f"(+{args.warmup} warm-up), {elapsed:.1f} s")
    print(f"throughput    {figures['requests_per_second']} requests/s")
    print(f"latency       p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms, max {figures['max_ms']} ms")
    for kind, counts in figures["per_kind"].items():
        print(f"  {kind:<12}{counts['answers']:>9} answers, {counts['wrong']} wrong")
    print(f"wrong answers {figures['wrong_answers']}")
    for line in (warmup.wrong if warmup else []) + run.wrong:
        print(f"  {line}")
    print(f"transport errors {figures['transport_errors']}")
    first_error = run.first_transport_error or (warmup.first_transport_error if warmup else None)
    if first_error:
        print(f"  first: {first_error}")

    failed = figures["wrong_answers"] > 0 or figures["transport_errors"] > 0 or answered == 0
    if args.pid is not None:
        growth_mib = (rss_end - rss_start) / 1024
        figures["rss_growth_mib"] = round(growth_mib, 1)
        print(f"server RSS    {rss_before_warmup / 1024:.1f} MiB before warm-up, {rss_start / 1024:.1f} MiB "
              f"after, {rss_end / 1024:.1f} MiB at the end: {growth_mib:+.1f} MiB "
              f"(bound {args.rss_bound_mib:g} MiB)")
        if growth_mib > args.rss_bound_mib:
            print("FAIL the server's resident memory grew past the bound")
            failed = True
    if figures["stopped_by_time"]:
        print(f"note: stopped at the {args.max_seconds:g}-second limit")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(figures, out, indent=2)
    print("load check: " + ("FAILED" if failed else "passed"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
