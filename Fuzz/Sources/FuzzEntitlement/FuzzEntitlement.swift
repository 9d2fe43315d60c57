import AssociatedDomains
import Foundation
import FuzzSupport

/// The work one input may cost, documented in README ("Cost bounds") and measured with
/// `FUZZ_WORK_REPORT=1` over the seed corpus (see `WorkBudget`).
let budget = WorkBudget(
    fixedAllocations: 300, allocationsPerByte: 5, fixedAllocatedBytes: 32768, allocatedBytesPerByte: 400,
    fixedMilliseconds: 25, microsecondsPerByte: 20)

/// Every line of the input is an entitlement entry (`applinks:*.example.com?mode=developer`)
/// and also a host to look up.
///
/// Invariants:
/// - an accepted entry is written back (``AssociatedDomain/description``) to text that parses
///   to an equal entry, and its JSON form decodes to an equal entry;
/// - an accepted domain is lower-case ASCII letters, digits, `-` and `.` only, at most 253
///   bytes, and never carries a scheme, port, path or wildcard;
/// - an entry covers its own domain exactly when it is not a wildcard, and a subdomain of it
///   exactly when it is;
/// - `covers` never matches by substring: for an ASCII host it is the label-wise comparison;
/// - the list is refused exactly when one of its lines is, naming each refused line;
/// - the entry found for a host covers it, and no other covering entry is more specific;
/// - findings are produced for any list, each with a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = input.text
    let lines = Array(input.lines.prefix(64))
    measured(budget, inputBytes: size, input: text) {
        for line in lines { _ = try? AssociatedDomain(line) }
        if let entitlement = try? AssociatedDomainsEntitlement(lines) {
            for configuration in AssociatedDomainsEntitlement.BuildConfiguration.allCases {
                _ = entitlement.findings(for: configuration)
            }
        }
    }
    var accepted: [Int] = []
    var entries: [AssociatedDomain] = []
    for (index, line) in lines.enumerated() {
        guard let entry = try? AssociatedDomain(line) else { continue }
        accepted.append(index)
        entries.append(entry)
        check(entry, input: text)
    }

    do {
        let entitlement = try AssociatedDomainsEntitlement(lines)
        require(entitlement.entries == entries, "the list holds other entries than its lines", input: text)
        for configuration in AssociatedDomainsEntitlement.BuildConfiguration.allCases {
            require(
                entitlement.findings(for: configuration).allSatisfy { !$0.message.isEmpty },
                "a finding without a message", input: text)
        }
        for host in lines.prefix(16) {
            for service in AssociatedDomain.Service.allCases {
                checkLookup(entitlement, host: host, service: service, input: text)
            }
        }
    } catch {
        require(
            error.items.map(\.index) == lines.indices.filter { !accepted.contains($0) },
            "the list's refusal does not name exactly the refused lines", input: text)
    }
    return 0
}

func check(_ entry: AssociatedDomain, input: String) {
    require(
        (try? AssociatedDomain(entry.description)) == entry, "the written entry parses to another",
        input: input)
    do {
        let json = try JSONEncoder().encode(entry)
        let decoded = try JSONDecoder().decode(AssociatedDomain.self, from: json)
        require(decoded == entry, "the JSON form decodes to another entry", input: input)
    } catch {
        violated("the JSON form does not round-trip: \(error)", input: input)
    }
    let domain = entry.domain
    require(
        !domain.isEmpty && domain.utf8.count <= 253
            && domain.utf8.allSatisfy {
                ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2E
            },
        "an accepted domain holds something other than lower-case letters, digits, '-' and '.'", input: input)
    require(
        entry.covers(domain) == !entry.isWildcard, "an entry's own domain coverage is wrong", input: input)
    require(
        entry.covers("a." + domain) == entry.isWildcard, "an entry's subdomain coverage is wrong",
        input: input)
    require(!entry.covers("a" + domain), "an entry covers a host by substring", input: input)
    require(!entry.covers(String(domain.dropFirst())), "an entry covers a shorter host", input: input)
}

/// The label-wise rule, on ASCII bytes only.
func coversByLabels(_ entry: AssociatedDomain, _ host: String) -> Bool {
    let lower = Array(host.lowercased().utf8)
    let domain = Array(entry.domain.utf8)
    guard entry.isWildcard else { return lower == domain }
    return lower.count > domain.count + 1 && lower.suffix(domain.count + 1).elementsEqual([0x2E] + domain)
}

func checkLookup(
    _ entitlement: AssociatedDomainsEntitlement, host: String, service: AssociatedDomain.Service,
    input: String
) {
    let isASCII = host.utf8.allSatisfy { $0 < 0x80 }
    for entry in entitlement.entries where isASCII {
        require(
            entry.covers(host) == coversByLabels(entry, host), "covers disagrees with the label rule",
            input: input)
    }
    guard let found = entitlement.entry(for: host, service: service) else {
        require(
            !entitlement.entries.contains { $0.service == service && $0.modes.isEmpty && $0.covers(host) },
            "no entry found though one covers the host", input: input)
        return
    }
    require(
        found.service == service && found.covers(host), "the entry found does not cover the host",
        input: input)
    for other in entitlement.entries
    where other.service == service && other.modes.isEmpty && other.covers(host) {
        require(
            found.isWildcard ? other.isWildcard && other.domain.count <= found.domain.count : true,
            "a more specific entry than the one found covers the host", input: input)
    }
}
