import AssociatedDomains
import FuzzSupport

/// The input is the bytes a server sent for `/.well-known/assetlinks.json`: JSON, or anything
/// else.
///
/// Invariants:
/// - reading refuses or succeeds, never traps; a refusal has a sentence;
/// - strict reading and the validator agree, since they share one walk: reading succeeds
///   exactly when the validator reports no error;
/// - the validator answers for any bytes, every finding has a message, the size finding appears
///   exactly when the bytes are over 128 KB, and then alone (nothing is parsed), and no code
///   has more findings than the per-code limit plus one summary line;
/// - a list that reads loses nothing it models: serialising it (compact, indented, or as the
///   served bytes) and reading the text gives back an equal list, and the text is stable;
/// - compiling the list and matching URLs made from its own path patterns (at most 256
///   characters each) terminates, and a URL an exclusion decides names that rule;
/// - validating, reading, compiling and matching cost no more than ``budget`` for the input's
///   size (README, "Cost bounds"): linear in the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = input.text
    let validator = AssetLinksValidator()
    let (findings, read) = measured(budget, inputBytes: input.bytes.count, input: text) {
        () -> ([AssetLinksFinding], Result<AssetLinksFile, AssetLinksError>) in
        let findings = validator.validate(bytes: input.bytes)
        let read = Result { () throws(AssetLinksError) -> AssetLinksFile in
            try AssetLinksFile(bytes: input.bytes)
        }
        if case .success(let file) = read { compileAndMatch(file, input: text) }
        return (findings, read)
    }
    require(findings.allSatisfy { !$0.message.isEmpty }, "a finding without a message", input: text)
    let overCap = input.bytes.count > AssetLinksFile.maximumByteCount
    require(
        findings.contains { $0.code == .fileTooLarge } == overCap,
        "the size finding does not follow the limit",
        input: text)
    if overCap { require(findings.count == 1, "an over-cap file was parsed", input: text) }
    var perCode: [AssetLinksFinding.Code: Int] = [:]
    for finding in findings { perCode[finding.code, default: 0] += 1 }
    require(
        perCode.values.allSatisfy { $0 <= validator.maximumFindingsPerCode + 1 },
        "a code has more findings than its limit and one summary", input: text)
    let hasError = findings.contains { $0.severity == .error }

    let file: AssetLinksFile
    switch read {
    case .success(let read): file = read
    case .failure(let error):
        require(!error.description.isEmpty, "refusal without a sentence", input: text)
        require(hasError, "reading refused a file the validator finds no error in: \(error)", input: text)
        return 0
    }
    require(!hasError, "reading accepted a file the validator reports an error in", input: text)
    for style in [AssociationFile.SerializationStyle.compact, .pretty] {
        let serialized = file.serialized(style)
        do {
            let again = try AssetLinksFile(parsing: serialized)
            require(again == file, "the \(style) serialisation reads as another list", input: text)
            require(
                again.serialized(style) == serialized, "\(style) serialisation is not stable", input: text)
        } catch {
            violated("the \(style) serialisation is refused: \(error)", input: text)
        }
    }
    require(
        (try? AssetLinksFile(bytes: file.servedBytes)) == file, "the served bytes read as another list",
        input: text)
    return 0
}

/// Compiles the list and matches a URL made from each of its first rules' path patterns, for
/// each of its first packages.
func compileAndMatch(_ file: AssetLinksFile, input: String) {
    let compiled = CompiledAssetLinks(file)
    let packages = file.appLinksPackages.prefix(4)
    let rules = file.statements.lazy.compactMap(\.dynamicComponents).flatMap { $0 }.prefix(4)
    for rule in rules {
        let path = String(
            (rule.path ?? "/").unicodeScalars.prefix(256).map { $0 == "*" || $0 == "?" ? "a" : Character($0) }
        )
        let probe = "https://example.com" + (path.hasPrefix("/") ? path : "/" + path)
        for package in packages {
            let result = compiled.match(probe, packageName: package)
            if result.decision == .exclude {
                require(result.rule != nil, "an exclusion decided without naming its rule", input: input)
            }
        }
    }
}

/// What validating, reading, compiling and matching may cost, measured with
/// `FUZZ_WORK_REPORT=1` over the seed corpus and the hostile shapes of Fuzz/Seeds/generate.py
/// (2026-11-26, release with address sanitizer), each figure × 4:
/// - per byte, the worst seeds: 5.0 allocations and 451 bytes allocated (250 rules, each with
///   a query and a fragment matcher) and 9.1 µs (a pattern of 3,900 stars);
/// - fixed, the first input, which builds the module's lazy tables: 865 allocations, 48 KB and
///   2.3 ms.
let budget = WorkBudget(
    fixedAllocations: 4_000, allocationsPerByte: 20, fixedAllocatedBytes: 512 * 1024,
    allocatedBytesPerByte: 2_000, fixedMilliseconds: 25, microsecondsPerByte: 40)
