import DeepLinks
import Foundation
import Testing

/// The gate's verdict on hosts with `xn--` labels against the WHATWG host parser's.
///
/// The invariant: the gate may refuse a host a browser accepts (it is stricter), but it never
/// accepts a host a browser refuses. Each test prints its counts.
@Suite("IDNA agreement with WHATWG")
struct IDNAConformanceTests {
    /// Counts of verdicts, by who accepted.
    struct Agreement: CustomStringConvertible {
        var bothAccept = 0
        var bothRefuse = 0
        var onlyGateRefuses = 0
        var onlyGateAccepts: [String] = []

        mutating func record(_ host: String, gateAccepts: Bool, whatwgAccepts: Bool) {
            switch (gateAccepts, whatwgAccepts) {
            case (true, true): bothAccept += 1
            case (false, false): bothRefuse += 1
            case (false, true): onlyGateRefuses += 1
            case (true, false): onlyGateAccepts.append(host)
            }
        }

        var total: Int { bothAccept + bothRefuse + onlyGateRefuses + onlyGateAccepts.count }

        var description: String {
            "\(total) hosts: accepted by both \(bothAccept), refused by both \(bothRefuse), "
                + "refused only by the gate (stricter) \(onlyGateRefuses), "
                + "accepted only by the gate \(onlyGateAccepts.count)"
        }
    }

    /// The gate with the default policy, shared by every case.
    static let gate = LinkGate()

    static func gateAccepts(_ link: String) -> Bool {
        (try? gate.parse(link)) != nil
    }

    /// `{"input", "output"}` cases, `output` `null` when domain to ASCII fails.
    static func toASCIICases(_ path: String) throws -> [(input: String, output: String?)] {
        let json = try JSONSerialization.jsonObject(with: withoutLoneSurrogates(try Corpus.data(path)))
        return (json as? [Any] ?? []).compactMap { element in
            guard let object = element as? [String: Any], let input = object["input"] as? String else {
                return nil
            }
            return (input, object["output"] as? String)
        }
    }

    /// The JSON text with each lone surrogate escape (`\udc00` without its pair, which
    /// IdnaTestV2 uses for invalid input and Foundation cannot read) as `\ufffd`, a code point
    /// that is disallowed in host names too.
    static func withoutLoneSurrogates(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        func escape(at i: Int) -> UInt32? {
            guard i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u")
            else {
                return nil
            }
            return UInt32(String(decoding: bytes[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16)
        }
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\") {
                out += bytes[i..<(i + 2)]
                i += 2
            } else if let value = escape(at: i), (0xD800...0xDFFF).contains(value) {
                if value < 0xDC00, let low = escape(at: i + 6), (0xDC00...0xDFFF).contains(low) {
                    out += bytes[i..<(i + 12)]
                    i += 12
                } else {
                    out += Array("\\ufffd".utf8)
                    i += 6
                }
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return Data(out)
    }

    /// The ASCII form of a domain without UTS #46 mapping: each label with non-ASCII text
    /// becomes `xn--` + its Punycode.
    ///
    /// When the gate accepts that form, every decoded label holds only valid code points, which
    /// the mapping leaves as they are, so a browser reads the ASCII form and the original alike:
    /// the corpus's verdict on the original is the verdict on what the gate saw.
    static func asciiForm(_ domain: String) -> String? {
        var labels: [String] = []
        for label in domain.split(separator: ".", omittingEmptySubsequences: false) {
            let scalars = Array(label.unicodeScalars)
            if scalars.allSatisfy(\.isASCII) {
                labels.append(String(label))
            } else {
                guard let encoded = PunycodeEncoder.encode(scalars) else { return nil }
                labels.append("xn--" + encoded)
            }
        }
        return labels.joined(separator: ".")
    }

    static func agreement(onDomainCases path: String) throws -> Agreement {
        var agreement = Agreement()
        for testCase in try toASCIICases(path) {
            guard let host = asciiForm(testCase.input) else { continue }
            let whatwgAccepts = testCase.output.map { !$0.isEmpty } ?? false
            agreement.record(host, gateAccepts: gateAccepts("https://\(host)/"), whatwgAccepts: whatwgAccepts)
            // The ASCII output of an accepted case is itself a host a browser accepts.
            if let output = testCase.output, !output.isEmpty, output.unicodeScalars.allSatisfy(\.isASCII),
                output != host
            {
                agreement.record(output, gateAccepts: gateAccepts("https://\(output)/"), whatwgAccepts: true)
            }
        }
        return agreement
    }

    @Test("IdnaTestV2: the gate never accepts a domain WHATWG refuses")
    func idnaTestV2() throws {
        let agreement = try Self.agreement(onDomainCases: "whatwg/IdnaTestV2.json")
        print("IDNA agreement (IdnaTestV2.json): \(agreement)")
        #expect(agreement.total > 2500)
        #expect(agreement.onlyGateAccepts == [])
        #expect(agreement.bothAccept > 100)
    }

    @Test("toascii.json: the gate never accepts a domain WHATWG refuses")
    func toASCII() throws {
        let agreement = try Self.agreement(onDomainCases: "whatwg/toascii.json")
        print("IDNA agreement (toascii.json): \(agreement)")
        #expect(agreement.total > 90)
        #expect(agreement.onlyGateAccepts == [])
    }

    @Test("urltestdata.json: the gate never accepts a web URL WHATWG refuses")
    func urlTestData() throws {
        var agreement = Agreement()
        for testCase in try WHATWGConformanceTests.cases() {
            agreement.record(
                testCase.input, gateAccepts: Self.gateAccepts(testCase.input),
                whatwgAccepts: !testCase.failure)
        }
        print("IDNA agreement (urltestdata.json, http(s) without base): \(agreement)")
        #expect(agreement.total > 250)
        #expect(agreement.onlyGateAccepts == [])
    }

    @Test("generated xn-- hosts: the gate never accepts a host WHATWG refuses")
    func generatedHosts() throws {
        let url = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/idna/generated-hosts.tsv")
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        var agreement = Agreement()
        var reasons: [String: Int] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 3 else {
                Issue.record("malformed fixture line \(line)")
                continue
            }
            let accepts = Self.gateAccepts("https://\(fields[0])/")
            agreement.record(fields[0], gateAccepts: accepts, whatwgAccepts: fields[1] == "accept")
            if !accepts, fields[1] == "refuse" { reasons[fields[2], default: 0] += 1 }
        }
        print(
            "IDNA agreement (generated xn-- hosts): \(agreement); refused by both, by WHATWG's reason: "
                + reasons.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        #expect(agreement.total >= 10_000)
        #expect(agreement.onlyGateAccepts == [])
        #expect(agreement.bothAccept > 1000)
        #expect(reasons.keys.sorted() == ["bidi", "contextj", "leading-mark", "nfc", "status", "xn-prefix"])
    }
}

/// An RFC 3492 Punycode encoder, for turning the Unicode inputs of the corpora into the ASCII
/// the gate reads.
enum PunycodeEncoder {
    static func encode(_ input: [Unicode.Scalar]) -> String? {
        let base = 36
        let tMin = 1
        let tMax = 26
        func digit(_ d: Int) -> Character {
            Character(Unicode.Scalar(UInt8(d < 26 ? d + 97 : d + 22)))
        }
        func adapt(_ delta: Int, _ length: Int, _ first: Bool) -> Int {
            var delta = first ? delta / 700 : delta / 2
            delta += delta / length
            var k = 0
            while delta > ((base - tMin) * tMax) / 2 {
                delta /= base - tMin
                k += base
            }
            return k + (base - tMin + 1) * delta / (delta + 38)
        }
        let codes = input.map { Int($0.value) }
        var output = String(String.UnicodeScalarView(input.filter(\.isASCII)))
        let basic = output.unicodeScalars.count
        var handled = basic
        if basic > 0 { output += "-" }
        var n = 128
        var delta = 0
        var bias = 72
        while handled < codes.count {
            guard let m = codes.filter({ $0 >= n }).min() else { return nil }
            delta += (m - n) * (handled + 1)
            n = m
            for c in codes {
                if c < n { delta += 1 }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, handled + 1, handled == basic)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }
}
