import Foundation
import Testing

@testable import DeepLinks

/// A link's parts live in one storage that the router reads in place. These tests pin what
/// makes that safe: every part reads back exactly what was written, a position outside the
/// written segments or items stops the program instead of reading memory, the storage is
/// written once, and an input made from a link holds its storage, so it can outlive the link it
/// came from and frees the storage when it goes.
@Suite("A link's storage reads back what was written and cannot be read outside it or after it")
struct LinkStorageSafetyTests {
    static let segments = [
        PathSegment(raw: "albums", decoded: "albums"),
        PathSegment(raw: "Summer%202024", decoded: "Summer 2024"),
        PathSegment(
            raw: "0f8fad5b-d9cb-469f-a165-70867728950e", decoded: "0f8fad5b-d9cb-469f-a165-70867728950e"),
    ]
    static let items = [
        QueryItem(rawName: "index", rawValue: "3", name: "index", value: "3", hasValue: true),
        QueryItem(rawName: "flag", rawValue: "", name: "flag", value: "", hasValue: false),
        QueryItem(rawName: "q", rawValue: "a%2Bb", name: "q", value: "a+b", hasValue: true),
    ]

    static func storage() -> Link.Storage {
        Link.StorageBuilder(
            scheme: "https", host: "a-host-name-longer-than-fifteen-bytes.example", port: 8443,
            segments: segments, items: items
        ).freezeParts()
    }

    @Test("segments and items read back in order, through subscripts, views and arrays")
    func readBack() {
        let storage = Self.storage()
        #expect(storage.scheme == "https")
        #expect(storage.host == "a-host-name-longer-than-fifteen-bytes.example")
        #expect(storage.port == 8443)
        #expect(storage.segmentCount == 3)
        #expect(storage.itemCount == 3)
        #expect((0..<3).map { storage[segment: $0] } == Self.segments)
        #expect((0..<3).map { storage[item: $0] } == Self.items)
        #expect(Array(storage.segments) == Self.segments)
        #expect(Array(storage.items) == Self.items)
        #expect(
            storage.segments.map(\.decoded) == [
                "albums", "Summer 2024", "0f8fad5b-d9cb-469f-a165-70867728950e",
            ])
        #expect(storage.items.map(\.rawValue) == ["3", "", "a%2Bb"])
    }

    @Test("only segments and items whose strings all own nothing are dropped without being destroyed")
    func elementsThatOwnNothing() throws {
        #if _endian(little) && _pointerBitWidth(_64)
            #expect(Link.Storage.immortalTextsOwnNothing)
        #endif
        let owned = String(repeating: "x", count: 40)
        let storage = Link.StorageBuilder(
            scheme: "https", host: "example.com", port: nil,
            segments: [
                PathSegment(raw: "albums", decoded: "albums"), PathSegment(raw: owned, decoded: owned),
                PathSegment(raw: "a%20b", decoded: "a b"),
                PathSegment(raw: "%78" + owned, decoded: "x" + owned),
            ],
            items: [
                QueryItem(rawName: "q", rawValue: owned, name: "q", value: owned, hasValue: true),
                QueryItem(rawName: "i", rawValue: "3", name: "i", value: "3", hasValue: true),
                QueryItem(rawName: "flag", rawValue: "", name: "flag", value: "", hasValue: false),
            ]
        ).freezeParts()
        let skips = Link.Storage.immortalTextsOwnNothing
        #expect((0..<4).map { storage.dropsWithoutDestroying(segment: $0) } == [skips, false, skips, false])
        #expect((0..<3).map { storage.dropsWithoutDestroying(item: $0) } == [false, skips, skips])
        // The gate writes short parts as small strings; a UUID is longer and owns its bytes.
        let link = try LinkGate().parse(
            "https://example.com/albums/0f8fad5b-d9cb-469f-a165-70867728950e?page=2")
        #expect(
            (0..<2).map { link.storage.dropsWithoutDestroying(segment: $0) } == [skips, false])
        #expect(link.storage.dropsWithoutDestroying(item: 0) == skips)
        // What is dropped or destroyed reads back intact until then.
        #expect(storage.segments.map(\.decoded) == ["albums", owned, "a b", "x" + owned])
        #expect(storage.items.map(\.value) == [owned, "3", ""])
    }

    /// The stored fields of a value, in declaration order, with their types.
    static func storedFields(of value: Any) -> [String] {
        Mirror(reflecting: value).children.map { "\($0.label ?? "?"): \(type(of: $0.value))" }
    }

    @Test("the storage's shortcuts know every stored field of what they skip or read in place")
    func storedFieldsPinned() {
        // `ownsNothing(segment:)` and `ownsNothing(item:)` decide that an element may be dropped
        // without being destroyed by reading exactly these `String` fields; a field added to
        // either type (a string, an array, a class) would be leaked by that shortcut. Adding
        // one must fail here, and the shortcut be taught it.
        #expect(
            Self.storedFields(of: Self.segments[0]) == ["raw: String", "decoded: String"])
        #expect(
            Self.storedFields(of: Self.items[0]) == [
                "rawName: String", "rawValue: String", "name: String", "value: String", "hasValue: Bool",
            ])
        // The header's fields read in place by address (`scheme`, `hostText`, `text`) are stored.
        #expect(MemoryLayout<Link.Storage.Header>.offset(of: \.scheme) != nil)
        #expect(MemoryLayout<Link.Storage.Header>.offset(of: \.hostText) != nil)
        #expect(MemoryLayout<Link.Storage.Header>.offset(of: \.text) != nil)
        #expect(MemoryLayout<PathSegment>.offset(of: \.decoded) != nil)
    }

    @Test("a storage with room for none reads back none")
    func emptyStorage() {
        let storage = Link.StorageBuilder(scheme: "myapp", host: nil, port: nil, segments: [], items: [])
            .freezeParts()
        #expect(storage.host == nil)
        #expect(storage.port == nil)
        #expect(Array(storage.segments) == [])
        #expect(Array(storage.items) == [])
    }

    @Test("a storage filled to a part of its room reads back only what was written")
    func partlyFilled() {
        let builder = Link.StorageBuilder(
            scheme: "https", host: "example.com", port: nil, segmentCapacity: 5, itemCapacity: 4)
        builder.append(Self.segments[1])
        builder.append(Self.items[2])
        let storage = builder.freezeParts()
        #expect(Array(storage.segments) == [Self.segments[1]])
        #expect(Array(storage.items) == [Self.items[2]])
    }

    @Test("reading the segment just past the written ones stops the program")
    func segmentPastTheEnd() async {
        await #expect(processExitsWith: .failure) {
            let builder = Link.StorageBuilder(
                scheme: "https", host: "example.com", port: nil, segmentCapacity: 4, itemCapacity: 0)
            builder.append(PathSegment(raw: "a", decoded: "a"))
            let storage = builder.freezeParts()
            // Room for four, one written: the second is not there to read.
            _ = storage[segment: 1]
        }
    }

    @Test("reading a query item at a negative position stops the program")
    func itemBeforeTheStart() async {
        await #expect(processExitsWith: .failure) {
            let link = try LinkGate().parse("https://example.com/a?x=1")
            _ = link.storage[item: -1]
        }
    }

    @Test("appending a segment beyond the room stops the program")
    func appendBeyondRoom() async {
        await #expect(processExitsWith: .failure) {
            let builder = Link.StorageBuilder(
                scheme: "https", host: "example.com", port: nil, segmentCapacity: 1, itemCapacity: 1)
            builder.append(PathSegment(raw: "a", decoded: "a"))
            builder.append(PathSegment(raw: "b", decoded: "b"))
        }
    }

    @Test("freezing writes the text once; what a link holds was frozen by its builder")
    func frozenOnce() throws {
        let builder = Link.StorageBuilder(
            scheme: "https", host: "example.com", port: nil, segments: [Self.segments[0]], items: [])
        let storage = builder.freeze(
            text: .given(
                original: "https://example.com/albums", rawPath: "/albums", rawQuery: nil, rawFragment: nil),
            isKnownCanonical: true)
        // The builder is used up: the storage can no longer be written (the compiler refuses any
        // use of `builder` from here on, and `Link.Storage` has no writing member outside its file).
        let link = Link(storage: storage)
        #expect(link.original == "https://example.com/albums")
        #expect(link.isKnownCanonical)
        #expect(link.pathSegments.map(\.decoded) == ["albums"])
        let parsed = try LinkGate().parse("https://example.com/a?x=1#f")
        #expect(parsed.original == "https://example.com/a?x=1#f")
        #expect(parsed.storage.segmentCount == 1 && parsed.storage.itemCount == 1)
    }

    @Test("an input of a link without a host stops on reading the host's text")
    func hostTextWithoutHost() async {
        await #expect(processExitsWith: .failure) {
            let link = try LinkGate(policy: Link.decodingPolicy(for: "myapp:///a")).parse("myapp:///a")
            _ = MatchInput(link: link, options: RoutingOptions()).hostText
        }
    }

    /// An input made from a link that is gone by the time the input is read: it holds the
    /// link's storage, so it depends on nothing else (`immortal`).
    @_lifetime(immortal)
    static func inputOutlivingItsLink(_ storage: inout Link.Storage?) throws -> MatchInput {
        let link = try LinkGate().parse(
            "https://shop.example.com/albums/Summer%202024/0f8fad5b-d9cb-469f-a165-70867728950e?index=3#Top")
        storage = link.storage
        return MatchInput(link: link, options: RoutingOptions())
    }

    @Test("an input outlives its link, reads it exactly, and frees the storage when it goes")
    func inputHoldsTheStorage() throws {
        weak var weakStorage: Link.Storage?
        do {
            var storage: Link.Storage?
            let input = try Self.inputOutlivingItsLink(&storage)
            weakStorage = storage
            storage = nil
            // The link is gone; the input alone keeps the storage.
            #expect(weakStorage != nil)
            #expect(input.scheme == "https")
            #expect(input.hostText == "shop.example.com")
            #expect(input.count == 3)
            #expect(
                input.suffix(from: 0) == ["albums", "Summer 2024", "0f8fad5b-d9cb-469f-a165-70867728950e"])
            #expect(input.queryItems.map(\.value) == ["3"])
            #expect(input.fragment == "Top")
        }
        #expect(weakStorage == nil)
    }
}
