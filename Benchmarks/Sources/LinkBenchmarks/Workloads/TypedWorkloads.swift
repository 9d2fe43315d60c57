import DeepLinks
import Foundation

/// The app's own types for the ten routes of one resource of the generated table (every kind
/// of parameter: integers, a UUID, a slug, enumerations in the path and the query, a
/// defaulted and an optional query item, a catch-all), and links from text to those types.
///
/// The table is the 60-route app table of the pipeline benchmark; the links go to the first
/// resource's ten routes (`example.albums.*`), whose types an app would declare as below. The
/// other routes are left unmapped, as a module that presents only some routes would.
enum TypedWorkloads {
    static let routeCount = 60
    static let resourceRoutes = 10

    enum Period: String, Codable, Sendable, RouteParameterReadable { case day, week, month, year }
    enum ListSort: String, Codable, Sendable, RouteParameterReadable { case new, top, name }

    struct AlbumList: RouteValue {
        static let route = "example.albums.list"
        var page: Int
        var sort: ListSort?
    }
    struct TopAlbums: RouteValue {
        static let route = "example.albums.top"
        var period: Period
        var page: Int
        var sort: ListSort?
    }
    struct Album: RouteValue {
        static let route = "example.albums.show"
        var id: Int
    }
    struct AlbumEditor: RouteValue {
        static let route = "example.albums.edit"
        var id: Int
    }
    struct SharedAlbum: RouteValue {
        static let route = "example.albums.share"
        var token: UUID
    }
    struct AlbumComments: RouteValue {
        static let route = "example.albums.comments"
        var id: Int
        var page: Int
        var sort: ListSort?
    }
    struct AlbumComment: RouteValue {
        static let route = "example.albums.comment"
        var id: Int
        var comment: Int
    }
    struct AlbumTag: RouteValue {
        static let route = "example.albums.tag"
        var tag: String
        var page: Int
        var sort: ListSort?
    }
    struct AlbumFiles: RouteValue {
        static let route = "example.albums.files"
        var path: [String]
    }

    /// The app's destination: one case per route.
    enum Screen: Sendable {
        case list(AlbumList), new, top(TopAlbums), album(Album), edit(AlbumEditor), shared(SharedAlbum)
        case comments(AlbumComments), comment(AlbumComment), tag(AlbumTag), files(AlbumFiles)

        /// A number that depends on every value read, so that the reading cannot be skipped.
        var checksum: Int {
            switch self {
            case .list(let list): list.page &+ (list.sort == nil ? 0 : 1)
            case .new: 1
            case .top(let top): top.page &+ top.period.rawValue.utf8.count &+ (top.sort == nil ? 0 : 1)
            case .album(let album): album.id
            case .edit(let edit): edit.id
            case .shared(let shared): Int(shared.token.uuid.0)
            case .comments(let comments): comments.id &+ comments.page &+ (comments.sort == nil ? 0 : 1)
            case .comment(let comment): comment.id &+ comment.comment
            case .tag(let tag): tag.tag.utf8.count &+ tag.page
            case .files(let files): files.path.count
            }
        }
    }

    /// The ten routes read through each type's `Decodable` conformance (``ThroughDecodable``
    /// hides the type's own `init(parameters:)`).
    static let entries: [TypedRoutes<Screen>.Entry] = [
        .route(ThroughDecodable<AlbumList>.self) { .list($0.value) }, .route("example.albums.new", .new),
        .route(ThroughDecodable<TopAlbums>.self) { .top($0.value) },
        .route(ThroughDecodable<Album>.self) { .album($0.value) },
        .route(ThroughDecodable<AlbumEditor>.self) { .edit($0.value) },
        .route(ThroughDecodable<SharedAlbum>.self) { .shared($0.value) },
        .route(ThroughDecodable<AlbumComments>.self) { .comments($0.value) },
        .route(ThroughDecodable<AlbumComment>.self) { .comment($0.value) },
        .route(ThroughDecodable<AlbumTag>.self) { .tag($0.value) },
        .route(ThroughDecodable<AlbumFiles>.self) { .files($0.value) },
    ]

    /// The same ten routes read by each type's own `init(parameters:)`, as an app on a hot path
    /// declares them.
    static let entriesByHand: [TypedRoutes<Screen>.Entry] = [
        .route(AlbumList.self, Screen.list), .route("example.albums.new", .new),
        .route(TopAlbums.self, Screen.top), .route(Album.self, Screen.album),
        .route(AlbumEditor.self, Screen.edit), .route(SharedAlbum.self, Screen.shared),
        .route(AlbumComments.self, Screen.comments), .route(AlbumComment.self, Screen.comment),
        .route(AlbumTag.self, Screen.tag), .route(AlbumFiles.self, Screen.files),
    ]

    /// 2,000 links to the first resource's ten routes, every one a hit.
    static func corpus() -> RouteCorpus {
        RouteCorpus(routeCount: routeCount, probeCount: 2_000, probedRoutes: resourceRoutes)
    }

    /// How a mapping reads its route values.
    enum Reading {
        /// Through each type's `Decodable` conformance.
        case decodable
        /// By each type's hand-written `init(parameters:)`.
        case byHand
        /// By the `init(parameters:)` the RouteValueReaders plugin writes.
        case generated
    }

    struct Prepared {
        let receiver: LinkReceiver
        /// The ten routes read through `Decodable`.
        let screens: TypedRoutes<Screen>
        /// The same ten routes read by `init(parameters:)`.
        let screensByHand: TypedRoutes<Screen>
        /// The same ten routes read by the generated `init(parameters:)`.
        let screensGenerated: TypedRoutes<Screen>

        func screens(_ reading: Reading) -> TypedRoutes<Screen> {
            switch reading {
            case .decodable: screens
            case .byHand: screensByHand
            case .generated: screensGenerated
            }
        }
        let links: [String]
        let matches: [RouteMatch]
    }

    /// The receiver, the mapping, the links and their matches; checks that every link reads as
    /// the destination its route names.
    static func prepare() throws -> Prepared {
        let corpus = corpus()
        let receiver = try LinkReceiver(table: corpus.routeTable, policy: corpus.policy)
        let unmapped = Set(corpus.routeTable.routes.map(\.name).filter { !$0.hasPrefix("example.albums.") })
        let screens = try TypedRoutes<Screen>(router: receiver.router, entries, unmapped: unmapped)
        let byHand = try TypedRoutes<Screen>(router: receiver.router, entriesByHand, unmapped: unmapped)
        let generated = try TypedRoutes<Screen>(router: receiver.router, entriesGenerated, unmapped: unmapped)
        var matches: [RouteMatch] = []
        for probe in corpus.probes {
            guard let match = receiver.receive(url: probe.text).match, match.route == probe.route else {
                throw DisagreementError(description: "\(probe.text) did not reach \(probe.route ?? "a miss")")
            }
            for mapping in [screens, byHand, generated] {
                guard let screen = mapping.destination(for: match), check(screen, match) else {
                    throw DisagreementError(
                        description:
                            "\(probe.text) read as \(String(describing: mapping.destination(for: match)))")
                }
            }
            matches.append(match)
        }
        return Prepared(
            receiver: receiver, screens: screens, screensByHand: byHand, screensGenerated: generated,
            links: corpus.probes.map(\.text), matches: matches)
    }

    /// Whether a destination holds exactly the match's parameters.
    static func check(_ screen: Screen, _ match: RouteMatch) -> Bool {
        let p = match.parameters
        func sort(_ value: ListSort?) -> String? { value?.rawValue }
        switch screen {
        case .list(let v):
            return match.route == AlbumList.route && p.integer("page") == v.page
                && p.string("sort") == sort(v.sort)
        case .new: return match.route == "example.albums.new" && p.isEmpty
        case .top(let v):
            return match.route == TopAlbums.route && p.string("period") == v.period.rawValue
                && p.integer("page") == v.page && p.string("sort") == sort(v.sort)
        case .album(let v): return match.route == Album.route && p.integer("id") == v.id
        case .edit(let v): return match.route == AlbumEditor.route && p.integer("id") == v.id
        case .shared(let v): return match.route == SharedAlbum.route && p.uuid("token") == v.token
        case .comments(let v):
            return match.route == AlbumComments.route && p.integer("id") == v.id
                && p.integer("page") == v.page
                && p.string("sort") == sort(v.sort)
        case .comment(let v):
            return match.route == AlbumComment.route && p.integer("id") == v.id
                && p.integer("comment") == v.comment
        case .tag(let v):
            return match.route == AlbumTag.route && p.string("tag") == v.tag && p.integer("page") == v.page
                && p.string("sort") == sort(v.sort)
        case .files(let v): return match.route == AlbumFiles.route && p.segments("path") == v.path
        }
    }

    /// One pass over `count` inputs, each read by its position: the sum of what each gives, so
    /// that no work can be skipped.
    private static func workload(_ label: String, count: Int, _ value: @escaping (Int) -> Int) -> Workload {
        Workload(label: label, operations: count) {
            var checksum = 0
            for i in 0..<count { checksum &+= value(i) }
            return checksum
        }
    }

    /// `TypedRoutes.destination(for:)` alone, on matches made beforehand: through `Decodable`,
    /// or through the types' own `init(parameters:)`, hand-written or generated.
    static func destinations(_ prepared: Prepared, reading: Reading = .decodable) -> Workload {
        let screens = prepared.screens(reading)
        // Each match is copied out of the array before it is handed over (about 250
        // instructions of retains that an app, handing over the match it holds, does not pay):
        // what the reading adds to `receive(url:)` is judged from the link-text cases instead.
        let matches = prepared.matches
        return workload("`TypedRoutes.destination(for:)`", count: matches.count) {
            screens.destination(for: matches[$0])?.checksum ?? 0
        }
    }

    /// From link text to the app's typed value: `receive(url:)`, then `destination(for:)`.
    static func linksToScreens(_ prepared: Prepared, reading: Reading = .decodable) -> Workload {
        let receiver = prepared.receiver
        let screens = prepared.screens(reading)
        let links = prepared.links
        return workload("`receive(url:)` + `destination(for:)`", count: links.count) {
            receiver.receive(url: links[$0]).match.flatMap { screens.destination(for: $0) }?.checksum ?? 0
        }
    }

    /// `receive(url:)` alone on the same links, for the share the typed reading adds.
    static func receptions(_ prepared: Prepared) -> Workload {
        let receiver = prepared.receiver
        let links = prepared.links
        return workload("`receive(url:)`", count: links.count) {
            receiver.receive(url: links[$0]).match == nil ? 0 : 1
        }
    }
}

/// A route value read through its `Decodable` conformance: the wrapper has no
/// `init(parameters:)` of its own, so the SDK's default reads it through `Decoder`.
struct ThroughDecodable<Value: RouteValue>: RouteValue {
    static var route: String { Value.route }
    let value: Value

    init(from decoder: any Decoder) throws { value = try Value(from: decoder) }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

// Each type reads itself, property by property (in extensions, so that the memberwise
// initialisers stay).
extension TypedWorkloads.AlbumList {
    init(parameters p: borrowing RouteParameters) throws {
        try self.init(page: p.read("page"), sort: p.read("sort"))
    }
}
extension TypedWorkloads.TopAlbums {
    init(parameters p: borrowing RouteParameters) throws {
        try self.init(period: p.read("period"), page: p.read("page"), sort: p.read("sort"))
    }
}
extension TypedWorkloads.Album {
    init(parameters p: borrowing RouteParameters) throws { try self.init(id: p.read("id")) }
}
extension TypedWorkloads.AlbumEditor {
    init(parameters p: borrowing RouteParameters) throws { try self.init(id: p.read("id")) }
}
extension TypedWorkloads.SharedAlbum {
    init(parameters p: borrowing RouteParameters) throws { try self.init(token: p.read("token")) }
}
extension TypedWorkloads.AlbumComments {
    init(parameters p: borrowing RouteParameters) throws {
        try self.init(id: p.read("id"), page: p.read("page"), sort: p.read("sort"))
    }
}
extension TypedWorkloads.AlbumComment {
    init(parameters p: borrowing RouteParameters) throws {
        try self.init(id: p.read("id"), comment: p.read("comment"))
    }
}
extension TypedWorkloads.AlbumTag {
    init(parameters p: borrowing RouteParameters) throws {
        try self.init(tag: p.read("tag"), page: p.read("page"), sort: p.read("sort"))
    }
}
extension TypedWorkloads.AlbumFiles {
    init(parameters p: borrowing RouteParameters) throws { try self.init(path: p.read("path")) }
}
