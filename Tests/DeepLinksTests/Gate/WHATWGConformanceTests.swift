import DeepLinks
import Foundation
import Testing

/// The gate against the WHATWG URL test data (what Safari and every browser implement).
///
/// For every absolute `http:`/`https:` case with no base: the gate refuses it, or accepts it
/// with exactly WHATWG's host, port, path, query and fragment. WHATWG reports a default port
/// as `""` and an empty path as `/`; the comparison applies those two spellings.
@Suite("WHATWG URL test data")
struct WHATWGConformanceTests {
    struct Case {
        let input: String
        let failure: Bool
        let host: String
        let port: String
        let pathname: String
        let search: String
        let hash: String
    }

    static func cases() throws -> [Case] {
        let json = try JSONSerialization.jsonObject(with: try Corpus.data("whatwg/urltestdata.json"))
        guard let array = json as? [Any] else { return [] }
        return array.compactMap { element -> Case? in
            guard let object = element as? [String: Any], let input = object["input"] as? String else {
                return nil
            }
            if let base = object["base"], !(base is NSNull) { return nil }
            let lower = input.lowercased()
            guard lower.hasPrefix("http:") || lower.hasPrefix("https:") else { return nil }
            return Case(
                input: input, failure: object["failure"] as? Bool ?? false,
                host: object["hostname"] as? String ?? "", port: object["port"] as? String ?? "",
                pathname: object["pathname"] as? String ?? "", search: object["search"] as? String ?? "",
                hash: object["hash"] as? String ?? "")
        }
    }

    /// The gate's view of a link in WHATWG's spelling.
    static func whatwgView(of link: Link) -> (
        host: String, port: String, path: String, search: String, hash: String
    ) {
        let port = link.port.map { $0 == (link.scheme == "https" ? 443 : 80) ? "" : String($0) } ?? ""
        let search = link.rawQuery.map { $0.isEmpty ? "" : "?" + $0 } ?? ""
        let hash = link.rawFragment.map { $0.isEmpty ? "" : "#" + $0 } ?? ""
        return (link.host ?? "", port, link.rawPath.isEmpty ? "/" : link.rawPath, search, hash)
    }

    @Test("every http(s) case is refused or agrees with WHATWG exactly", arguments: [false, true])
    func agreesOrRefuses(allowingIPLiterals: Bool) throws {
        let gate = LinkGate(policy: LinkPolicy(allowsIPLiterals: allowingIPLiterals))
        let cases = try Self.cases()
        #expect(cases.count > 250)
        var accepted = 0
        var refused = 0
        var failuresRefused = 0
        var rules: [LinkError.Rule: Int] = [:]
        for testCase in cases {
            let link: Link
            do {
                link = try gate.parse(testCase.input)
            } catch {
                refused += 1
                rules[error.rule, default: 0] += 1
                if testCase.failure { failuresRefused += 1 }
                continue
            }
            accepted += 1
            #expect(
                !testCase.failure,
                "WHATWG refuses \(testCase.input.debugDescription) but the gate accepted it")
            guard !testCase.failure else { continue }
            let view = Self.whatwgView(of: link)
            #expect(view.host == testCase.host, "host of \(testCase.input.debugDescription)")
            #expect(view.port == testCase.port, "port of \(testCase.input.debugDescription)")
            #expect(view.path == testCase.pathname, "path of \(testCase.input.debugDescription)")
            #expect(view.search == testCase.search, "query of \(testCase.input.debugDescription)")
            #expect(view.hash == testCase.hash, "fragment of \(testCase.input.debugDescription)")
        }
        let failures = cases.filter(\.failure).count
        #expect(failuresRefused == failures)
        print(
            "WHATWG http(s) cases (IP literals \(allowingIPLiterals ? "allowed" : "refused")): \(cases.count) in all, "
                + "\(accepted) accepted with WHATWG's exact parts, \(refused) refused "
                + "(\(failuresRefused) of \(failures) WHATWG failures among them); refusals by rule: "
                + rules.sorted { $0.value > $1.value }.map { "\($0.key.rawValue) \($0.value)" }.joined(
                    separator: ", "))
    }
}
