import Foundation
import FuzzSupport
import LinkAudit

/// The work one input may cost, documented in README ("How it is tested") and measured with
/// `FUZZ_WORK_REPORT=1` over the seed corpus (see `WorkBudget`). DEFLATE expands at most about
/// 1,032 times, so the bytes allocated per input byte are large by design.
let budget = WorkBudget(
    fixedAllocations: 400, allocationsPerByte: 8, fixedAllocatedBytes: 131072, allocatedBytesPerByte: 16_000,
    fixedMilliseconds: 25, microsecondsPerByte: 60)

/// The input is a sitemap, a sitemap index, a list, or gzip of any of them.
///
/// Invariants:
/// - `Sitemap(bytes:)` either refuses the input with a `SitemapError` or lists at least one
///   URL, each at most `Sitemap.maximumURLLength` bytes; a list's URLs have no line break, no
///   leading or trailing space or tab and do not start with `#`;
/// - input whose first character (after a byte-order mark and white space) is `<` is never
///   read as a list, and any other input that is not gzip is never read as XML;
/// - `Gzip.decompress` never returns more than its limit, and refuses input that does not
///   start with gzip's magic number as `notGzip` or `truncated`;
/// - the input wrapped in a gzip member of stored blocks decompresses to the input itself,
///   and `Sitemap(bytes:)` reads the wrapped input exactly as it reads the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let bytes = input.bytes
    let shown = input.text
    let read = measured(budget, inputBytes: size, input: shown) {
        Result { () throws(SitemapError) in try Sitemap(bytes: bytes) }
    }
    if case .success(let sitemap) = read { check(sitemap, bytes: bytes, input: shown) }

    let limit = 1 << 20
    switch Result(catching: { () throws(GzipError) in try Gzip.decompress(bytes, limit: limit) }) {
    case .success(let output):
        require(output.count <= limit, "gzip returned more than its limit", input: shown)
        require(Gzip.isGzip(bytes), "gzip decompressed input without its magic number", input: shown)
    case .failure(let error):
        if !Gzip.isGzip(bytes) {
            require(
                error == .notGzip || error == .truncated, "input that is not gzip refused as \(error)",
                input: shown)
        }
    }

    let wrapped = storedGzip(bytes)
    require(
        (try? Gzip.decompress(wrapped, limit: limit)) == bytes,
        "a stored gzip member does not give its bytes back",
        input: shown)
    if !Gzip.isGzip(bytes) {
        let again = Result { () throws(SitemapError) in try Sitemap(bytes: wrapped) }
        require(again == read, "the gzipped input reads otherwise than the input", input: shown)
    }
    return 0
}

func check(_ sitemap: Sitemap, bytes: [UInt8], input: String) {
    require(!sitemap.locations.isEmpty, "a sitemap read without a URL", input: input)
    for location in sitemap.locations {
        require(location.utf8.count <= Sitemap.maximumURLLength, "a URL over the length limit", input: input)
    }
    var first = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while first < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[first]) { first += 1 }
    if !Gzip.isGzip(bytes) {
        let isXML = first < bytes.count && bytes[first] == UInt8(ascii: "<")
        require((sitemap.kind != .list) == isXML, "XML read as a list, or a list as XML", input: input)
    }
    if sitemap.kind == .list {
        for location in sitemap.locations {
            require(!location.contains("\n"), "a list URL with a line break", input: input)
            require(!location.hasPrefix("#"), "a comment line read as a URL", input: input)
            for edge in [location.unicodeScalars.first, location.unicodeScalars.last] {
                require(edge != " " && edge != "\t", "a list URL with a space at an end", input: input)
            }
        }
    }
}

/// The bytes as one gzip member of stored blocks (no compression), with its CRC-32 and length.
func storedGzip(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
    var start = 0
    repeat {
        let end = min(start + 65_535, bytes.count)
        let length = end - start
        out.append(end == bytes.count ? 1 : 0)
        out += [
            UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF),
        ]
        out += bytes[start..<end]
        start = end
    } while start < bytes.count
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    crc = ~crc
    let size = UInt32(truncatingIfNeeded: bytes.count)
    for value in [crc, size] { out += (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    return out
}
