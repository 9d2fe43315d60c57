import DeepLinks
import Testing

/// The default limits of the gate at full scale: the largest link of each kind is accepted,
/// one byte or item more gets that limit's error, and what an accepted link holds stays
/// proportional to its text.
///
/// Work is bounded by construction: the gate reads each byte a fixed number of times and the
/// length check comes first, so an over-long input is refused before anything else is read.
@Suite("Limits: the largest accepted link and the link just over each limit")
struct LinkLimitTests {
    static let gate = LinkGate()
    static let limits = LinkLimits()
    static let origin = "https://example.com"

    /// `count` bytes of path: segments of at most 1000 bytes, each after its `/`.
    static func path(bytes count: Int) -> String {
        var out = ""
        var left = count
        while left > 0 {
            let segment = min(1000, left - 1)
            out += "/" + String(repeating: "a", count: segment)
            left -= segment + 1
        }
        return out
    }

    func refusal(_ text: String) -> LinkError? {
        do {
            _ = try Self.gate.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("a link of exactly maxLength (4096) bytes is accepted; 4097 bytes is tooLong at offset 4096")
    func totalLength() throws {
        let largest = Self.origin + Self.path(bytes: Self.limits.maxLength - Self.origin.utf8.count)
        #expect(largest.utf8.count == 4096)
        let link = try Self.gate.parse(largest)
        #expect(link.canonical == largest)
        #expect(refusal(largest + "a") == LinkError(.tooLong, at: 4096, detail: "4097 bytes, limit 4096"))
    }

    @Test("a path segment of 1024 bytes is accepted; 1025 bytes is componentTooLong at the segment")
    func segmentLength() throws {
        let largest = Self.origin + "/" + String(repeating: "s", count: 1024)
        #expect(try Self.gate.parse(largest).pathSegments.map(\.raw.utf8.count) == [1024])
        #expect(
            refusal(largest + "s")
                == LinkError(.componentTooLong, at: 20, detail: "path segment of 1025 bytes, limit 1024"))
    }

    @Test("32 path segments are accepted; the 33rd is tooManySegments at its offset")
    func segmentCount() throws {
        let largest = Self.origin + String(repeating: "/a", count: 32)
        #expect(try Self.gate.parse(largest).pathSegments.count == 32)
        #expect(refusal(largest + "/a") == LinkError(.tooManySegments, at: 84, detail: "limit 32"))
    }

    @Test("64 query items are accepted; the 65th is tooManyQueryItems at its offset")
    func queryItemCount() throws {
        let items = (0..<64).map { "k\($0 % 10)=v" }
        let largest = Self.origin + "/?" + items.joined(separator: "&")
        #expect(try Self.gate.parse(largest).queryItems.count == 64)
        #expect(
            refusal(largest + "&k=v")
                == LinkError(.tooManyQueryItems, at: largest.utf8.count + 1, detail: "limit 64"))
    }

    @Test("a query of 2048 bytes is accepted; 2049 bytes is componentTooLong at the query")
    func queryLength() throws {
        let largest = Self.origin + "/?q=" + String(repeating: "v", count: 2046)
        #expect(try Self.gate.parse(largest).rawQuery?.utf8.count == 2048)
        #expect(
            refusal(largest + "v")
                == LinkError(.componentTooLong, at: 21, detail: "query of 2049 bytes, limit 2048"))
    }

    @Test("a fragment of 1024 bytes is accepted; 1025 bytes is componentTooLong at the fragment")
    func fragmentLength() throws {
        let largest = Self.origin + "/#" + String(repeating: "f", count: 1024)
        #expect(try Self.gate.parse(largest).rawFragment?.utf8.count == 1024)
        #expect(
            refusal(largest + "f")
                == LinkError(.componentTooLong, at: 21, detail: "fragment of 1025 bytes, limit 1024"))
    }

    @Test("a host of 253 bytes in labels of 63 is accepted; 254 bytes, or a label of 64, is invalidHost")
    func hostLength() throws {
        let label = String(repeating: "h", count: 63)
        let largest = [label, label, label, String(repeating: "h", count: 61)].joined(separator: ".")
        #expect(largest.utf8.count == 253)
        #expect(try Self.gate.parse("https://\(largest)/").host == largest)
        #expect(
            refusal("https://\(largest)h/")
                == LinkError(.invalidHost, at: 8, detail: "host of 254 bytes, limit 253"))
        #expect(
            refusal("https://\(label)h.com/")
                == LinkError(.invalidHost, at: 8, detail: "label of 64 bytes, limit 63"))
    }

    @Test("a raised host limit cannot pass the DNS maximum, checked before the labels are read")
    func hostLimitRaised() throws {
        var policy = LinkPolicy()
        policy.limits.maxHostLength = 1_000
        let gate = LinkGate(policy: policy)
        let label = String(repeating: "h", count: 63)
        let long = Array(repeating: label, count: 4).joined(separator: ".") + ".com"
        #expect(long.utf8.count == 259)
        #expect(
            throws: LinkError(
                .invalidHost, at: 8, detail: "host of 259 bytes, limit 253 (the longest DNS name)")
        ) {
            try gate.parse("https://\(long)/")
        }
        // Right-to-left labels, each of which the Bidi rule would compare with every other:
        // refused for their length first.
        let rightToLeft = Array(repeating: "xn--4db", count: 40).joined(separator: ".")
        #expect(rightToLeft.utf8.count == 319)
        #expect(
            throws: LinkError(
                .invalidHost, at: 8, detail: "host of 319 bytes, limit 253 (the longest DNS name)")
        ) {
            try gate.parse("https://\(rightToLeft)/")
        }
    }

    @Test("what the largest link holds is proportional to its text: canonical, sanitised and decoded forms")
    func memoryIsProportional() throws {
        let items = (0..<63).map { "utm_\($0)=%41%42" }.joined(separator: "&")
        let text =
            Self.origin + Self.path(bytes: 1000) + "?" + items + "#" + String(repeating: "f", count: 900)
        let link = try Self.gate.parse(text)
        let size = text.utf8.count
        #expect(link.canonical.utf8.count <= size + 1)
        #expect(Self.gate.sanitize(link).link.original.utf8.count <= size)
        let decoded =
            link.pathSegments.reduce(0) { $0 + $1.raw.utf8.count + $1.decoded.utf8.count }
            + link.queryItems.reduce(0) {
                $0 + $1.rawName.utf8.count + $1.rawValue.utf8.count + $1.name.utf8.count + $1.value.utf8.count
            }
        #expect(decoded <= 2 * size)
    }
}
