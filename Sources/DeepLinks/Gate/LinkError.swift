/// Why the gate refused a link string: the rule that was broken and where.
///
/// Every refusal names one ``Rule`` and, where the fault sits at one place, the zero-based
/// offset of the offending byte in the UTF-8 input. The ``description`` is a sentence a person
/// can act on.
///
/// ```swift
/// do {
///     _ = try LinkGate().parse(#"https://example.com\@evil.com/"#)
/// } catch {
///     error.rule        // .backslash
///     error.position    // 19
/// }
/// ```
public struct LinkError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The rules the gate enforces. Raw values are stable and safe to log or compare.
    public enum Rule: String, Sendable, Hashable, Codable, CaseIterable {
        /// The input is empty.
        case empty
        /// The input is longer than ``LinkLimits/maxLength``.
        case tooLong
        /// A byte outside printable ASCII (non-ASCII text, or DEL).
        case nonASCII
        /// A space, tab, CR, LF or other control character.
        case whitespaceOrControl
        /// A `\`: WHATWG parsers read it as `/`, RFC 3986 parsers do not.
        case backslash
        /// A character that is not allowed where it stands (`<`, `"`, `{`, `|`, `^`, …).
        case invalidCharacter
        /// A `%` not followed by two hexadecimal digits.
        case invalidPercentEscape
        /// The scheme is missing or not of the form `ALPHA *( ALPHA / DIGIT / + / - / . )`.
        case invalidScheme
        /// The scheme is well formed but the policy does not allow it.
        case schemeNotAllowed
        /// An http(s) link without `//` after the scheme (`https:example.com`).
        case missingAuthority
        /// An http(s) link with an empty host (`https:///path`).
        case missingHost
        /// User information (`user:pass@`) in the authority.
        case userInfo
        /// A port that is empty, not a decimal number, has leading zeros, or exceeds 65535.
        case invalidPort
        /// A host that is not a valid DNS name (characters, label or total length, dots).
        case invalidHost
        /// An `xn--` label that decodes to a code point IDNA does not allow in a host name
        /// (mapped, ignored, disallowed or unassigned in UTS #46, or ASCII other than `a-z`,
        /// `0-9`, `-`).
        case idnaDisallowedCodePoint
        /// An `xn--` label that decodes to text starting with a combining mark (`xn--ksa`, U+0300).
        case idnaLeadingCombiningMark
        /// An `xn--` label that decodes to text not in Unicode normalization form C: `xn--e-xbb`
        /// ("e" + U+0301) looks exactly like `xn--9ca` ("é") but is another host.
        case idnaNotNormalized
        /// An `xn--` label that decodes to a zero-width joiner or non-joiner outside the context
        /// RFC 5892 allows (after a virama, or ZWNJ between joining letters).
        case idnaJoinerContext
        /// A host with right-to-left text whose labels break the Bidi rule of RFC 5893
        /// (`xn--a-zhc`: Latin "a" then Hebrew "א").
        case idnaBidiRule
        /// An IPv4 address in a non-canonical spelling (`0x7f.1`, `127.1`, `2130706433`, `010.0.0.1`).
        case nonCanonicalIPv4
        /// An IPv4 or IPv6 literal where the policy allows only names.
        case ipLiteralNotAllowed
        /// A malformed IPv6 literal, or an IPvFuture literal.
        case invalidIPv6
        /// The host is well formed but not one the policy allows.
        case hostNotAllowed
        /// A `.` or `..` path segment, in any spelling (`%2e%2e`, `.%2E`).
        case dotSegment
        /// An encoded separator or NUL (`%2F`, `%5C`, `%00`) where the policy forbids it.
        case encodedSeparator
        /// An empty path segment (`//`) where the policy forbids it.
        case emptySegment
        /// More path segments than ``LinkLimits/maxPathSegments``.
        case tooManySegments
        /// More query items than ``LinkLimits/maxQueryItems``.
        case tooManyQueryItems
        /// A component longer than its limit in ``LinkLimits``.
        case componentTooLong
        /// A second `#` inside the fragment, or another structural defect.
        case malformed
        /// A custom-scheme link without a `//` authority (`myapp:account/delete`,
        /// `myapp:/account`): whether `account` is the host or a path segment would be a
        /// guess, so the link must say `myapp://account/delete` or `myapp:///account`.
        case customSchemeWithoutAuthority
    }

    /// The rule the input broke.
    public let rule: Rule
    /// Zero-based offset of the offending byte in the UTF-8 input, when there is one place.
    public let position: Int?
    /// A short account of the offending text (`"%zz"`, `"port 99999"`).
    public let detail: String

    /// Creates an error for a rule, a position and a detail.
    public init(_ rule: Rule, at position: Int? = nil, detail: String = "") {
        self.rule = rule
        self.position = position
        self.detail = detail
    }

    /// A sentence that says what was wrong and where.
    public var description: String {
        var text = rule.sentence
        if !detail.isEmpty { text += " (\(detail))" }
        if let position { text += " at offset \(position)" }
        return text
    }
}

extension LinkError.Rule {
    /// A human sentence for the rule, without position.
    public var sentence: String {
        switch self {
        case .empty: "the link is empty"
        case .tooLong: "the link is longer than the policy allows"
        case .nonASCII: "the link contains a character outside printable ASCII"
        case .whitespaceOrControl: "the link contains whitespace or a control character"
        case .backslash: "the link contains a backslash, which browsers read as a slash"
        case .invalidCharacter: "the link contains a character that is not allowed there"
        case .invalidPercentEscape: "the link contains an invalid or truncated percent escape"
        case .invalidScheme: "the link has no valid scheme"
        case .schemeNotAllowed: "the link's scheme is not allowed by the policy"
        case .missingAuthority: "the web link has no '//' authority"
        case .missingHost: "the web link has an empty host"
        case .userInfo: "the link carries user information (credentials) before the host"
        case .invalidPort: "the link's port is not a number from 0 to 65535"
        case .invalidHost: "the link's host is not a valid DNS name"
        case .idnaDisallowedCodePoint:
            "the link's host has an encoded label holding a character not allowed in host names"
        case .idnaLeadingCombiningMark:
            "the link's host has an encoded label that starts with a combining mark"
        case .idnaNotNormalized:
            "the link's host has an encoded label that is not in Unicode normalization form C"
        case .idnaJoinerContext:
            "the link's host has an encoded label with a zero-width joiner out of context"
        case .idnaBidiRule:
            "the link's host mixes right-to-left and left-to-right text against the Bidi rule"
        case .nonCanonicalIPv4: "the link's host is an IPv4 address in a non-canonical spelling"
        case .ipLiteralNotAllowed: "the link's host is an IP address, which the policy does not allow"
        case .invalidIPv6: "the link's host is a malformed IPv6 literal"
        case .hostNotAllowed: "the link's host is not allowed by the policy"
        case .dotSegment: "the link's path contains a '.' or '..' segment"
        case .encodedSeparator: "the link's path contains an encoded separator or NUL"
        case .emptySegment: "the link's path contains an empty segment"
        case .tooManySegments: "the link's path has more segments than the policy allows"
        case .tooManyQueryItems: "the link's query has more items than the policy allows"
        case .componentTooLong: "a part of the link is longer than the policy allows"
        case .malformed: "the link is malformed"
        case .customSchemeWithoutAuthority:
            "the custom-scheme link has no '//' authority, so its host and path cannot be told apart"
        }
    }
}

extension LinkError {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(rule, forKey: "rule")
        try c.encodeIfPresent(position, forKey: "position")
        try c.encode(detail, forKey: "detail")
    }
}
