/// An Open Graph object type (`og:type`): `website`, `article`, `music.album`, or a custom
/// type such as `photoalbum:album`.
///
/// A type is 1 to 64 characters from `a`–`z`, `0`–`9`, `.`, `_`, `:` and `-`; anything
/// else is refused with ``LinkPreviewError/invalidType(_:)`` when the preview is built.
///
/// ```swift
/// let type: PreviewType = .article
/// let custom: PreviewType = "photoalbum:album"
/// ```
public struct PreviewType: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The type's name as written in `og:type`.
    public let rawValue: String

    /// Creates a type from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a type from a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The name.
    public var description: String { rawValue }

    /// A page that is not one of the more specific types; the default.
    public static let website: PreviewType = "website"
    /// An article, a post or a story.
    public static let article: PreviewType = "article"
    /// A person's profile.
    public static let profile: PreviewType = "profile"
    /// A book.
    public static let book: PreviewType = "book"
    /// A music album.
    public static let musicAlbum: PreviewType = "music.album"
    /// A song.
    public static let musicSong: PreviewType = "music.song"
    /// A film.
    public static let videoMovie: PreviewType = "video.movie"
    /// A video that is none of the more specific kinds.
    public static let videoOther: PreviewType = "video.other"

    /// Whether the name follows the rules above.
    var isValid: Bool {
        (1...64).contains(rawValue.utf8.count)
            && rawValue.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "-"):
                    true
                default: false
                }
            }
    }
}
