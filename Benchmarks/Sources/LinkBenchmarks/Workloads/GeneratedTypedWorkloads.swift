import DeepLinks
import Foundation

extension TypedWorkloads {
    /// The same nine route values with no reading code: the RouteValueReaders plugin, applied to
    /// this target, writes each one's `init(parameters:)` when the target is built.
    enum Generated {
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
    }

    /// The same ten routes read by the generated readers, each value handed to the same
    /// destination as the other mappings' (a copy of its properties).
    static let entriesGenerated: [TypedRoutes<Screen>.Entry] = [
        .route(Generated.AlbumList.self) { .list(AlbumList(page: $0.page, sort: $0.sort)) },
        .route("example.albums.new", .new),
        .route(Generated.TopAlbums.self) { .top(TopAlbums(period: $0.period, page: $0.page, sort: $0.sort)) },
        .route(Generated.Album.self) { .album(Album(id: $0.id)) },
        .route(Generated.AlbumEditor.self) { .edit(AlbumEditor(id: $0.id)) },
        .route(Generated.SharedAlbum.self) { .shared(SharedAlbum(token: $0.token)) },
        .route(Generated.AlbumComments.self) {
            .comments(AlbumComments(id: $0.id, page: $0.page, sort: $0.sort))
        },
        .route(Generated.AlbumComment.self) { .comment(AlbumComment(id: $0.id, comment: $0.comment)) },
        .route(Generated.AlbumTag.self) { .tag(AlbumTag(tag: $0.tag, page: $0.page, sort: $0.sort)) },
        .route(Generated.AlbumFiles.self) { .files(AlbumFiles(path: $0.path)) },
    ]
}
