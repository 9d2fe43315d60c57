/// The exit statuses of `deeplinks`: stable, documented in every `--help` and in the README.
///
/// | status | meaning |
/// |---|---|
/// | 0 | success: nothing to report at error level |
/// | 1 | the check failed: error findings, links refused, no match |
/// | 2 | usage error: the command line could not be understood |
/// | 3 | an input file (or standard input) is unreadable or invalid |
/// | 4 | network failure: a server could not be reached at all |
enum ExitStatus: Int32, Sendable, CaseIterable, Codable {
    /// Success.
    case success = 0
    /// The check failed: findings at error level, links refused, no match.
    case checkFailed = 1
    /// The command line could not be understood.
    case usage = 2
    /// An input file or standard input is unreadable or invalid.
    case invalidInput = 3
    /// A server could not be reached at all (DNS, connection, timeout).
    case networkFailure = 4

    /// One line for help texts.
    var meaning: String {
        switch self {
        case .success: "success: nothing to report at error level"
        case .checkFailed: "the check failed: error findings, links refused, no match"
        case .usage: "usage error: the command line could not be understood"
        case .invalidInput: "an input file (or standard input) is unreadable or invalid"
        case .networkFailure: "network failure: a server could not be reached at all"
        }
    }
}
