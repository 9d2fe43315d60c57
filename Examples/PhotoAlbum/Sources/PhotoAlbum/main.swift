// Resolves the photo album's sample links (good, malformed and hostile, from every source the
// app supports) with the route table and configuration beside this package, and prints what
// each one resolves to.
import DeepLinks
import Foundation

/// This package's folder, where the data files are.
let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// One sample: whether it is good, malformed or hostile, what it shows, and the incoming link.
struct Sample: Decodable {
    let kind: String
    let note: String
    /// The incoming link, or why it could not even be read (an activity is checked as it is created).
    let incoming: Result<IncomingLink, any Error>

    private enum CodingKeys: String, CodingKey { case kind, note, incoming }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(String.self, forKey: .kind)
        note = try c.decode(String.self, forKey: .note)
        incoming = Result { try c.decode(IncomingLink.self, forKey: .incoming) }
    }
}

func load<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(contentsOf: folder.appendingPathComponent(name)))
}

do {
    let receiver = try LinkReceiver(
        table: load(RouteTable.self, "routes.json"),
        configuration: load(LinkReceiver.Configuration.self, "receiver.json"))
    for sample in try load([Sample].self, "samples.json") {
        print("[\(sample.kind)] \(sample.note)")
        switch sample.incoming {
        case .success(let incoming):
            print("  \(incoming)")
            print("  -> \(receiver.receive(incoming))")
        case .failure(let error):
            print("  -> refused as it arrived: \(error)")
        }
    }
} catch {
    print("the photo album's data files are invalid: \(error)")
    exit(1)
}
