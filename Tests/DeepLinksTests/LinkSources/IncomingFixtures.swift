import DeepLinks
import Foundation

/// The photo-album and news-reader apps the incoming tests receive links for.
enum IncomingFixtures {
    static let albumHost = "photos.example.com"
    static let viewingPhoto = "com.example.photos.viewing-photo"
    static let editingAlbum = "com.example.photos.editing-album"

    /// Photo album: the seed's `albumname`/`index` link on the web and on the domain scheme
    /// `photoalbum`; the news reader's `newsapp` scheme, whose host is a route segment. The
    /// web host is the policy's to restrict: a scope's hosts cannot also cover a custom scheme.
    static let table = RouteTable {
        RouteGroup(scope: RouteScope(schemes: ["https", "photoalbum"])) {
            Route("photo", "/albums", query: ["albumname(string 1...64)", "index(int 0...9999)"])
            Route("album", "/albums/:album(slug)", query: ["shared(bool)=false"])
            Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
            Route("tagged", "/tags/*tags(slug)")
        }
        RouteGroup(scope: RouteScope(schemes: ["newsapp"])) {
            Route("article", "/doc/:id(string 1...32 [A-Z0-9])", query: ["s(string 1...32 [a-z0-9_])?"])
        }
    }

    static let policy = LinkPolicy(allowedHosts: ["photos.example.com"])

    static func schemes(photoalbumConfirms: Bool = false) throws -> SchemeRegistry {
        try SchemeRegistry([
            CustomScheme(
                "photoalbum", host: .domain(["photos.example.com"]), confirmsEveryRoute: photoalbumConfirms),
            CustomScheme("newsapp"),
        ])
    }

    static let browsing = "com.example.photos.browsing"
    static let tagging = "com.example.photos.tagging"

    /// `browsing` is registered twice: a photo when the keys name one, else an album.
    static let activities = [
        ActivityRoute(activityType: viewingPhoto, route: "photo", host: albumHost),
        ActivityRoute(activityType: browsing, route: "photo", host: albumHost),
        ActivityRoute(activityType: browsing, route: "album", host: albumHost),
        ActivityRoute(activityType: editingAlbum, route: "deleteAlbum", host: albumHost),
        ActivityRoute(activityType: tagging, route: "tagged", host: albumHost),
    ]

    static func receiver(photoalbumConfirms: Bool = false) throws -> LinkReceiver {
        try LinkReceiver(
            table: table, policy: policy, schemes: try schemes(photoalbumConfirms: photoalbumConfirms),
            activities: activities)
    }

    /// A browsing-web activity for a link, as a tapped universal link arrives.
    static func tap(_ url: String) throws -> UserActivity {
        try UserActivity(activityType: UserActivity.browsingWeb, webpageURL: url)
    }
}
