import DeepLinks
import DeepLinksJSON
import Foundation

/// What the SDK costs an app: the code each library module adds, the work of building the
/// receiver at launch, and the heap the receiver keeps.
enum AppCostWorkloads {
    // MARK: - Launch

    /// The table sizes whose launch is measured: the app table, and a large one.
    static let launchRouteCounts = [60, 1_000]

    /// Building the receiver at launch from routes declared in Swift: each route's pattern and
    /// query text parsed, the table made, compiled, validated and checked against the policy.
    /// One operation is one whole receiver.
    static func launchFromSwift(routeCount: Int) -> Workload {
        let corpus = RouteCorpus(routeCount: routeCount, probeCount: 0)
        let policy = corpus.policy
        return Workload(label: "`LinkReceiver(table:)` from Swift routes", operations: 1) {
            (try? LinkReceiver(table: RouteTable(routes: corpus.routes), policy: policy))?.router.routes.count
                ?? -1
        }
    }

    /// Building the receiver at launch from the table's JSON, as an app that ships the table
    /// as a resource (or a server) does. One operation is one whole receiver.
    static func launchFromJSON(routeCount: Int) throws -> Workload {
        let corpus = RouteCorpus(routeCount: routeCount, probeCount: 0)
        let json = try TableWorkloads.tableJSON(corpus)
        let policy = corpus.policy
        return Workload(label: "`LinkReceiver(table: RouteTable(json:))`", operations: 1) {
            guard let table = try? RouteTable(json: json) else { return -1 }
            return (try? LinkReceiver(table: table, policy: policy))?.router.routes.count ?? -1
        }
    }

    // MARK: - Code size

    /// The library modules an app can link, and the peer for scale.
    static let modules = ["DeepLinks", "DeepLinksJSON", "AssociatedDomains", "LinkPreviews", "LinkAudit"]
    static let peerModule = "RoutingKit"

    /// The code and data of one module's object files in this (release) build.
    struct CodeSize {
        let module: String
        /// `size`'s text (code and read-only data) and data, summed over the object files.
        let text: Double
        let data: Double
        /// Bytes of the symbols in each group (see ``group(of:)``), and the largest symbols.
        let groups: [(name: String, bytes: Double)]
        let largest: [(name: String, bytes: Double)]

        var total: Double { text + data }
    }

    /// The object files of a module: beside this executable, in `<Module>.build`, as its
    /// compilation's output file map lists them, so that the object of a source file since moved
    /// or deleted, which the build leaves in the folder, is not counted.
    static func objectFiles(of module: String) -> [String] {
        let directory = URL(fileURLWithPath: Executable.path).deletingLastPathComponent()
            .appendingPathComponent("\(module).build")
        let map = directory.appendingPathComponent("output-file-map.json")
        if let data = try? Data(contentsOf: map),
            let entries = try? JSONDecoder().decode([String: [String: String]].self, from: data)
        {
            // The entry without a source names the whole module's object, which a build that
            // compiles one object per source file does not write.
            let objects = entries.compactMap { $0.key.isEmpty ? nil : $0.value["object"] }
                .filter { FileManager.default.fileExists(atPath: $0) }
            if !objects.isEmpty { return objects.sorted() }
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            return []
        }
        return names.filter { $0.hasSuffix(".o") }.sorted().map { directory.appendingPathComponent($0).path }
    }

    /// The size of a module's object files, or `nil` where binutils' `size` and `nm` are missing.
    static func codeSize(of module: String) -> CodeSize? {
        let files = objectFiles(of: module)
        guard !files.isEmpty, let (text, data) = textAndData(of: files),
            let symbols = run("nm", ["-S", "--size-sort"] + files)
        else { return nil }
        var groups: [String: Double] = [:]
        var all: [(name: String, bytes: Double)] = []
        for line in symbols.split(separator: "\n") {
            // "address size type name"
            let fields = line.split(separator: " ", maxSplits: 3)
            guard fields.count == 4, let bytes = UInt64(fields[1], radix: 16) else { continue }
            let name = String(fields[3])
            groups[group(of: name, type: fields[2]), default: 0] += Double(bytes)
            // Local labels (string literals, `.L.str…`) are counted in their group, not named.
            if !name.hasPrefix(".L") { all.append((name, Double(bytes))) }
        }
        let largest = all.sorted { $0.bytes > $1.bytes }.prefix(3).map { ($0.name, $0.bytes) }
        let demangled = run("swift-demangle", ["--simplified", "--compact"] + largest.map(\.0))?
            .split(separator: "\n").map(String.init)
        let named = largest.enumerated().map { index, symbol in
            (name: demangled.flatMap { index < $0.count ? $0[index] : nil } ?? symbol.0, bytes: symbol.1)
        }
        return CodeSize(
            module: module, text: text, data: data,
            groups: groups.sorted { $0.value > $1.value }.map { (name: $0.key, bytes: $0.value) },
            largest: named)
    }

    /// `size`'s text (code and read-only data) and data, summed over the files; `nil` where
    /// binutils' `size` is missing.
    static func textAndData(of files: [String]) -> (text: Double, data: Double)? {
        guard let sizes = run("size", files) else { return nil }
        var text = 0.0
        var data = 0.0
        for line in sizes.split(separator: "\n").dropFirst() {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }
            guard fields.count >= 2 else { continue }
            text += fields[0]
            data += fields[1]
        }
        return (text, data)
    }

    /// What a symbol is, by its mangled name and its `nm` type.
    static func group(of name: String, type: Substring) -> String {
        if ["r", "R", "d", "D", "b", "B", "V", "v"].contains(type) {
            if name.contains("IDNA") || name.contains("DefaultIgnorable") || name.contains("Table") {
                return "tables (IDNA, default-ignorable, lookup)"
            }
            return "other constant data and metadata"
        }
        if name.range(of: #"T[gG][qm]?5"#, options: .regularExpression) != nil || name.contains("Tf4") {
            return "generic specialisations and function signature specialisations"
        }
        if name.contains("description") || name.contains("Error") || name.contains("Problem")
            || name.contains("Finding") || name.contains("reason")
        {
            return "errors, findings and their descriptions"
        }
        if name.contains("Codable") || name.contains("Decoder") || name.contains("Encoder")
            || name.contains("CodingKey")
        {
            return "Codable conformances"
        }
        return "other code"
    }

    /// Runs a command found on `PATH`; its standard output, or `nil` when it fails.
    static func run(_ command: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
