import Foundation

/// The transport for the real machine: URLSession, or libcurl when `--ca-file` names
/// certificates to trust (Linux only: elsewhere, trust a private CA in the system's store).
func makeLiveTransport(caFile: String?, timeout: Int) throws(ToolError) -> any HTTPTransport {
    guard let caFile else { return URLSessionTransport(timeout: TimeInterval(timeout)) }
    _ = try ToolEnvironment.readLocalFile(caFile)
    #if os(Linux)
        return try CurlTransport(caFile: caFile, timeout: timeout)
    #else
        throw ToolError.invalidInput(
            source: caFile,
            reason:
                "--ca-file is supported on Linux only; on this system add the certificate to the trusted store"
        )
    #endif
}
