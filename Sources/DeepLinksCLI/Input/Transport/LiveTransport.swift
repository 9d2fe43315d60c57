import Foundation

/// The transport for the real machine: libcurl on Linux (see ``CurlTransport`` for why not
/// URLSession there), URLSession elsewhere; `--ca-file` names certificates to trust (Linux
/// only: elsewhere, trust a private CA in the system's store). On both, `timeout` is one
/// deadline for the whole request, body included.
func makeLiveTransport(caFile: String?, timeout: Int) throws(ToolError) -> any HTTPTransport {
    #if os(Linux)
        if let caFile { _ = try ToolEnvironment.readLocalFile(caFile) }
        return try CurlTransport(caFile: caFile, timeout: timeout)
    #else
        guard let caFile else { return URLSessionTransport(timeout: TimeInterval(timeout)) }
        _ = try ToolEnvironment.readLocalFile(caFile)
        throw ToolError.invalidInput(
            source: caFile,
            reason:
                "--ca-file is supported on Linux only; on this system add the certificate to the trusted store"
        )
    #endif
}
