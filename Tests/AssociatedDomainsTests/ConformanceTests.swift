import Testing

@testable import AssociatedDomains

/// One matching case of `aasa/swcutil-conformance-cases.json`.
struct ConformanceCase: Sendable, CustomTestStringConvertible {
    let name: String
    let status: String
    let request: AssociationMatchRequest
    let expect: String

    var testDescription: String { "\(status) \(name)" }

    static let all: [ConformanceCase] = {
        guard let corpus = try? SharedCorpus.json("aasa/swcutil-conformance-cases.json"),
            let cases = corpus["matching"]?.arrayValue
        else { return [] }
        return cases.compactMap { item in
            guard let name = item["name"]?.stringValue, let status = item["status"]?.stringValue,
                let expect = item["expect"]?.stringValue,
                // A case holds its name, status and expectation beside the five request fields,
                // which the line protocol refuses; the request is made of those five alone.
                case .object(let members) = item,
                let request = try? AssociationMatchRequest(
                    json: .object(
                        members.filter { ["id", "aasa", "domain", "appId", "url"].contains($0.key) }))
            else { return nil }
            return ConformanceCase(name: name, status: status, request: request, expect: expect)
        }
    }()

    var decision: String {
        switch request.decide() {
        case .success(let result): result.decision.rawValue
        case .failure(let error): "error: \(error)"
        }
    }
}

/// One probe of `aasa/swcutil-probes.tsv` or `aasa/swcutil-gap-probes.tsv`.
struct SwcutilProbe: Sendable, CustomTestStringConvertible {
    static let appID = "ABCDE12345.com.example.app"

    let file: String
    let group: String
    let name: String
    let aasa: JSONValue
    let url: String
    let expected: AssociationMatch.Decision

    var testDescription: String { "\(file): \(group)/\(name)" }

    static func load(_ file: String) -> [SwcutilProbe] {
        guard let text = try? SharedCorpus.text("aasa/" + file) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 6, let probe = try? JSONValue(parsing: columns[2]) else { return nil }
            let output = columns[5]
            let expected: AssociationMatch.Decision
            if output.contains("blocked match") {
                expected = .exclude
            } else if output.contains("Matched by pattern") || output.contains("matched.") {
                expected = .match
            } else if output.contains("Did not match") || output.contains("did not match") {
                expected = .noMatch
            } else {
                return nil
            }
            let aasa: JSONValue =
                probe["applinks"] != nil
                ? probe
                : ["applinks": ["details": [["appIDs": [.string(appID)], "components": [probe]]]]]
            return SwcutilProbe(
                file: file, group: columns[0], name: columns[1], aasa: aasa, url: columns[3],
                expected: expected)
        }
    }

    static let all = load("swcutil-probes.tsv") + load("swcutil-gap-probes.tsv")

    func decide() throws -> AssociationMatch {
        let file = try AssociationFile(json: aasa)
        let url = try AssociationURL(self.url)
        return CompiledAssociationFile(file).match(url, appID: SwcutilProbe.appID, domain: url.host)
    }
}

@Suite("Conformance with Apple's swcutil")
struct ConformanceTests {
    @Test("every case of the swcutil conformance corpus", arguments: ConformanceCase.all)
    func conformanceCase(_ item: ConformanceCase) {
        #expect(item.decision == item.expect, "\(item.name): \(item.request.url)")
    }

    @Test("the corpus score: every oracle case passes")
    func score() throws {
        let cases = ConformanceCase.all
        let oracle = cases.filter { $0.status == "oracle" }
        let decided = cases.filter { $0.status == "decided" }
        let oraclePassed = oracle.filter { $0.decision == $0.expect }
        let decidedPassed = decided.filter { $0.decision == $0.expect }
        print(
            "AASA conformance: \(oraclePassed.count)/\(oracle.count) oracle cases, "
                + "\(decidedPassed.count)/\(decided.count) decided")
        #expect(cases.count == 140)
        #expect(oracle.count == 139)
        #expect(oraclePassed.count == oracle.count)
    }

    @Test("every swcutil probe", arguments: SwcutilProbe.all)
    func probe(_ probe: SwcutilProbe) throws {
        #expect(try probe.decide().decision == probe.expected, "\(probe.url)")
    }

    @Test("both probe files are read in full")
    func probeCount() {
        #expect(SwcutilProbe.load("swcutil-probes.tsv").count == 67)
        #expect(SwcutilProbe.load("swcutil-gap-probes.tsv").count == 16)
    }
}

/// One case of `aasa/st-tech-swcutil-cases.json`, checked by its authors against swcutil.
struct STTechCase: Sendable, CustomTestStringConvertible {
    let name: String
    let aasa: JSONValue?
    let raw: String?
    let path: String
    let expected: [String: String]
    let expectsError: Bool

    var testDescription: String { name }

    static let all: [STTechCase] = {
        guard let corpus = try? SharedCorpus.json("aasa/st-tech-swcutil-cases.json"),
            let cases = corpus["cases"]?.arrayValue
        else { return [] }
        return cases.compactMap { item in
            guard let name = item["name"]?.stringValue, let path = item["path"]?.stringValue else {
                return nil
            }
            let expected = (item["expected"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
            return STTechCase(
                name: name, aasa: item["aasa"], raw: item["aasa_raw"]?.stringValue, path: path,
                expected: expected, expectsError: item["expected_error"]?.boolValue ?? false)
        }
    }()
}

@Suite("Conformance with st-tech's swcutil-checked cases")
struct STTechConformanceTests {
    static let domain = "www.example.com"

    @Test("every st-tech case", arguments: STTechCase.all)
    func stTechCase(_ item: STTechCase) throws {
        if item.expectsError {
            let raw = try #require(item.raw)
            #expect(throws: AssociationFileError.self) { try AssociationFileDocument(text: raw) }
            return
        }
        let file = try AssociationFile(json: try #require(item.aasa))
        let compiled = CompiledAssociationFile(file)
        let url = "https://\(STTechConformanceTests.domain)\(item.path)"
        let appIDs = Set(compiled.appIDs).union(item.expected.keys).union(["FOO.com.example.app"])
        for appID in appIDs.sorted() {
            let expected: AssociationMatch.Decision =
                switch item.expected[appID] {
                case "match": .match
                case "block": .exclude
                default: .noMatch
                }
            #expect(
                compiled.match(url, appID: appID, domain: STTechConformanceTests.domain).decision == expected,
                "\(appID) on \(url)")
        }
    }

    @Test("the st-tech corpus is read in full")
    func count() {
        #expect(STTechCase.all.count == 16)
    }
}
