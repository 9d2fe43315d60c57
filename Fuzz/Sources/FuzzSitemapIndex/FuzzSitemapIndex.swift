import FuzzSupport
import LinkAudit

/// The work one input may cost over the whole run: the top file and every sitemap it names.
/// Each sitemap is read once however often the index names it, so the run's bytes read are at
/// most the input's and what they expand to at most about 1,032 times as many; the budget is
/// FuzzSitemap's, for the whole run, but for its fixed allocations: an index naming a sitemap
/// that is not XML (284 bytes, stored in Crashers/FuzzSitemapIndex) costs 2,923 allocations
/// whatever its size (2,923 again with the sitemap named 2, 4 and 8 times; 3,317 with its bytes
/// repeated 8 times, 1,551 bytes), so the fixed figure is that × 4. Measured with
/// `FUZZ_WORK_REPORT=1` (see `WorkBudget`).
let budget = WorkBudget(
    fixedAllocations: 12_000, allocationsPerByte: 8, fixedAllocatedBytes: 131072,
    allocatedBytesPerByte: 16_000,
    fixedMilliseconds: 25, microsecondsPerByte: 60)

/// The run's limits here: small enough that a run can reach them.
let urlLimit = 600
let byteLimit = 4 << 20

/// The files of the input, split on `separator`: the first is the file the run is given (a
/// sitemap index, usually), the others are the sitemaps it may name, by number: the location
/// `https://shop.example.com/2` names the third file (another number names no file).
let separator: [UInt8] = Array("\n@@\n".utf8)

/// Invariants:
/// - a run reads each sitemap at most once, however often the index names it, and never
///   more bytes than its byte limit or more URLs than its URL limit;
/// - a run that succeeds lists exactly the URLs of the file it was given (not an index), or
///   of each sitemap the index names, in order, each once;
/// - a run that fails says which limit or file, and the work of the whole run stays within
///   the budget for the input's size.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let files = split(input.bytes)
    let shown = input.text
    var reads: [String: Int] = [:]
    let sitemaps = SitemapReader.Sitemaps(
        key: { location in String(location.split(separator: "/").last ?? "") },
        bytes: { key, limit throws(SitemapReaderError) in
            reads[key, default: 0] += 1
            guard let number = Int(key), number >= 1, number < files.count else {
                throw .unreadable(source: key, reason: "no such file")
            }
            return Array(files[number].prefix(limit + 1))
        })
    var reader = SitemapReader(urlLimit: urlLimit, byteLimit: byteLimit)
    let result = measured(budget, inputBytes: size, input: shown) {
        reads = [:]
        reader = SitemapReader(urlLimit: urlLimit, byteLimit: byteLimit)
        return Result { () throws(SitemapReaderError) in
            try reader.read(files[0], source: "0", sitemaps: sitemaps)
        }
    }
    for (key, count) in reads {
        require(count == 1, "the sitemap \(key) was read \(count) times", input: shown)
    }
    require(reader.urls.count <= urlLimit, "more URLs than the run's limit", input: shown)
    require(reader.byteCount <= byteLimit, "more bytes than the run's limit", input: shown)
    guard case .success = result else { return 0 }
    // The same URLs, file by file, with Sitemap alone.
    guard let top = try? Sitemap(bytes: files[0]) else {
        violated("the run read a file Sitemap refuses", input: shown)
    }
    var expected: [String] = []
    if top.kind == .index {
        var seen: Set<String> = []
        for location in top.locations {
            let key = String(location.split(separator: "/").last ?? "")
            guard seen.insert(key).inserted else { continue }
            guard let number = Int(key), let child = try? Sitemap(bytes: files[number]), child.kind != .index
            else {
                violated("the run read a sitemap Sitemap refuses", input: shown)
            }
            expected += child.locations
        }
    } else {
        expected = top.locations
    }
    require(reader.urls == expected, "the run's URLs are not the files' URLs, each file once", input: shown)
    return 0
}

/// The input cut at each `separator`.
func split(_ bytes: [UInt8]) -> [[UInt8]] {
    var files: [[UInt8]] = []
    var start = 0
    var index = 0
    while index + separator.count <= bytes.count {
        if bytes[index..<(index + separator.count)].elementsEqual(separator) {
            files.append(Array(bytes[start..<index]))
            index += separator.count
            start = index
        } else {
            index += 1
        }
    }
    files.append(Array(bytes[start...]))
    return files
}
