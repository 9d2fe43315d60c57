import AssociatedDomains
import FuzzSupport

/// The input is the bytes a server sent for an association file: JSON, or anything else,
/// including a CMS-signed envelope.
///
/// Invariants:
/// - reading refuses or succeeds, never traps; a refusal has a sentence;
/// - the typed file loses nothing: its JSON is the JSON that was read, and serialising it
///   (compact or indented) and parsing the text gives back an equal file;
/// - the JSON value re-serialises to text that parses to the same value;
/// - the validator answers for any bytes, every finding has a message, and the size finding
///   appears exactly when the bytes are over 128 KB, and then alone (nothing is parsed);
/// - no code has more findings than the per-code limit plus one summary line;
/// - compiling the file and matching a URL made from its own first path pattern terminates
///   (libFuzzer's `-timeout` bounds it);
/// - validating, reading, compiling and matching cost no more than ``budget`` for the input's
///   size (README, "Cost bounds"): no recursion, copy or search that grows faster than the
///   file, whatever its rules and substitution variables.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = input.text
    let validator = AssociationFileValidator()
    let (findings, read) = measured(budget, inputBytes: input.bytes.count, input: text) {
        () -> ([AssociationFinding], Result<AssociationFileDocument, AssociationFileError>) in
        let findings = validator.validate(bytes: input.bytes)
        let read = Result { () throws(AssociationFileError) -> AssociationFileDocument in
            try AssociationFileDocument(bytes: input.bytes)
        }
        if case .success(let document) = read { compileAndMatch(document.file) }
        return (findings, read)
    }
    require(findings.allSatisfy { !$0.message.isEmpty }, "a finding without a message", input: text)
    require(
        findings.contains { $0.code == .fileTooLarge }
            == (input.bytes.count > AssociationFileDocument.maximumByteCount),
        "the size finding does not follow the 128 KB limit", input: text)
    if input.bytes.count > AssociationFileDocument.maximumByteCount {
        require(findings.count == 1, "an over-cap file was parsed", input: text)
    }
    var perCode: [AssociationFinding.Code: Int] = [:]
    for finding in findings { perCode[finding.code, default: 0] += 1 }
    require(
        perCode.values.allSatisfy { $0 <= validator.maximumFindingsPerCode + 1 },
        "a code has more findings than its limit and one summary", input: text)

    let document: AssociationFileDocument
    switch read {
    case .success(let read): document = read
    case .failure(let error):
        require(!error.description.isEmpty, "refusal without a sentence", input: text)
        return 0
    }
    let file = document.file
    require(file.json == document.json, "the typed file lost part of the JSON it was read from", input: text)

    for style in [AssociationFile.SerializationStyle.compact, .pretty] {
        let serialized = file.serialized(style)
        do {
            let again = try AssociationFile(parsing: serialized)
            require(again == file, "the \(style) serialisation parses to another file", input: text)
            require(
                again.serialized(style) == serialized, "\(style) serialisation is not stable", input: text)
        } catch {
            violated("the \(style) serialisation is refused: \(error)", input: text)
        }
    }
    let jsonText = document.json.serialized()
    require(
        (try? JSONValue(parsing: jsonText)) == document.json, "the JSON value does not round-trip",
        input: text)
    return 0
}

/// Compiles the file and matches a URL made from each of its first path patterns.
func compileAndMatch(_ file: AssociationFile) {
    let compiled = CompiledAssociationFile(file)
    let appIDs = compiled.appIDs.prefix(4)
    let paths = (file.appLinks?.details ?? []).prefix(4).compactMap {
        $0.components?.first?.path ?? $0.paths?.first
    }
    for path in paths.prefix(4) {
        let probe = "https://example.com/" + path.filter { $0 != "*" && $0 != "?" }
        for appID in appIDs {
            _ = compiled.match(probe, appID: appID, domain: "example.com")
        }
    }
}

/// What validating, reading, compiling and matching may cost, measured with
/// `FUZZ_WORK_REPORT=1` over the seed corpus, the hostile shapes of Fuzz/Seeds/generate.py and
/// small files whose rule comparison runs to the end of its budget (2026-11-26, release with
/// address sanitizer), each figure × 4:
/// - per byte, the worst seeds: 9.5 allocations (long literals: their validation compares
///   automata of one state a scalar), 3,131 bytes allocated (a wildcard variable entered at
///   distinct positions, expanded for the comparison) and 10.9 µs;
/// - fixed, the rule comparison at its budget of 100,000 steps, which any file of a few
///   hundred bytes can reach (`/$(w)…` 30 times beside 31 times, 384 bytes): 39,922
///   allocations, 14.3 MB and 56 ms; the first input, which builds the module's lazy tables,
///   takes 12,590 allocations, 790 KB and 6 ms;
/// - fixed, again (2026-12-02): a file whose patterns mix `$(w)` with malformed references
///   (`$(w-`, `$-5)`, `$(,w)`) and whose variable holds `?` and `*a` (417 bytes, stored in
///   Crashers/FuzzAssociationFile) reaches the same step budget with more allocated a step:
///   180,678 allocations, 18.1 MB and 91 ms. Repeating its components 2 and 4 times, or
///   lengthening its first pattern, adds about 4 allocations a byte (186,037 at 1,298 bytes):
///   the cost stays capped by the step budget, so the fixed figures are this file's × 4.
let budget = WorkBudget(
    fixedAllocations: 725_000, allocationsPerByte: 40, fixedAllocatedBytes: 75_000_000,
    allocatedBytesPerByte: 12_500, fixedMilliseconds: 400, microsecondsPerByte: 45)
