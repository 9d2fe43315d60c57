#if os(Linux)
    import DeepLinks
    import Foundation
    import Glibc

    /// The transport on Linux: libcurl, trusting the system's certificates or, with
    /// `--ca-file`, only the given ones.
    ///
    /// Foundation's `URLSession` on Linux is built on libcurl but offers no way to trust a
    /// private certificate authority, no deadline for the whole transfer (its timeout restarts
    /// with each byte, so a server that drips one byte a second holds it for ever) and decodes
    /// a gzip `Content-Encoding` before its delegate can stop it (1.5 MB of gzip became 1.9 GB).
    /// So the tool calls the same libcurl directly (it is always present where
    /// FoundationNetworking runs: it is its transport), with `CURLOPT_TIMEOUT`, one deadline for
    /// the whole transfer, and no `Accept-Encoding`: the body is never decoded, and the byte
    /// limit counts the bytes as they arrive. Redirects are not followed; the body is cut at
    /// the byte limit.
    struct CurlTransport: HTTPTransport {
        /// The PEM file of certificate authorities to trust instead of the system's; `nil`:
        /// the system's.
        let caFile: String?
        /// Seconds the whole transfer may take, from the connection to the body's last byte.
        let timeout: Int
        private let library: CurlLibrary

        /// Loads libcurl; fails with a sentence when it cannot be loaded.
        init(caFile: String?, timeout: Int) throws(ToolError) {
            self.caFile = caFile
            self.timeout = timeout
            self.library = try CurlLibrary.shared()
        }

        func fetch(_ url: String, byteLimit: Int) async -> Result<HTTPResponse, TransportFailure> {
            let library = library
            let caFile = caFile
            let timeout = timeout
            return await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(
                        returning: library.perform(
                            url: url, caFile: caFile, timeout: timeout, byteLimit: byteLimit))
                }
            }
        }
    }

    /// The few libcurl functions the transport needs, looked up once.
    private struct CurlLibrary: @unchecked Sendable {
        typealias Init = @convention(c) () -> OpaquePointer?
        typealias Cleanup = @convention(c) (OpaquePointer?) -> Void
        typealias Perform = @convention(c) (OpaquePointer?) -> Int32
        typealias SetPointer = @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?) -> Int32
        typealias SetLong = @convention(c) (OpaquePointer?, Int32, Int) -> Int32
        typealias SetCallback = @convention(c) (OpaquePointer?, Int32, WriteCallback?) -> Int32
        typealias GetInfo = @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Int32
        typealias StrError = @convention(c) (Int32) -> UnsafePointer<CChar>?
        typealias WriteCallback =
            @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int

        let easyInit: Init
        let easyCleanup: Cleanup
        let easyPerform: Perform
        let setPointer: SetPointer
        let setLong: SetLong
        let setCallback: SetCallback
        let getInfo: GetInfo
        let strError: StrError

        private static let loaded: Result<CurlLibrary, ToolError> = load()

        static func shared() throws(ToolError) -> CurlLibrary { try loaded.get() }

        private static func load() -> Result<CurlLibrary, ToolError> {
            guard let handle = dlopen("libcurl.so.4", RTLD_NOW) ?? dlopen("libcurl.so", RTLD_NOW) else {
                return .failure(.network("fetching needs libcurl (libcurl.so.4), which could not be loaded"))
            }
            func symbol<T>(_ name: String, as type: T.Type) -> T? {
                dlsym(handle, name).map { unsafeBitCast($0, to: type) }
            }
            // curl_easy_setopt and curl_easy_getinfo are variadic in C; with one integer or
            // pointer argument the Linux calling conventions (x86-64, AArch64) pass it exactly
            // as a fixed argument, so they are called through fixed-argument signatures.
            guard let easyInit = symbol("curl_easy_init", as: Init.self),
                let easyCleanup = symbol("curl_easy_cleanup", as: Cleanup.self),
                let easyPerform = symbol("curl_easy_perform", as: Perform.self),
                let setPointer = symbol("curl_easy_setopt", as: SetPointer.self),
                let setLong = symbol("curl_easy_setopt", as: SetLong.self),
                let setCallback = symbol("curl_easy_setopt", as: SetCallback.self),
                let getInfo = symbol("curl_easy_getinfo", as: GetInfo.self),
                let strError = symbol("curl_easy_strerror", as: StrError.self)
            else {
                return .failure(.network("fetching needs libcurl, but its functions could not be found"))
            }
            return .success(
                CurlLibrary(
                    easyInit: easyInit, easyCleanup: easyCleanup, easyPerform: easyPerform,
                    setPointer: setPointer,
                    setLong: setLong, setCallback: setCallback, getInfo: getInfo, strError: strError))
        }

        // Option and info numbers from curl.h (stable ABI).
        private enum Option {
            static let writeData: Int32 = 10001
            static let url: Int32 = 10002
            static let errorBuffer: Int32 = 10010
            static let timeout: Int32 = 13
            static let userAgent: Int32 = 10018
            static let headerData: Int32 = 10029
            static let followLocation: Int32 = 52
            static let caInfo: Int32 = 10065
            static let connectTimeout: Int32 = 78
            static let caPath: Int32 = 10097
            static let noSignal: Int32 = 99
            static let protocols: Int32 = 181
            static let writeFunction: Int32 = 20011
            static let headerFunction: Int32 = 20079
        }
        private enum Info {
            static let responseCode: Int32 = 0x20_0002
            static let contentType: Int32 = 0x10_0012
            static let redirectURL: Int32 = 0x10_001F
        }
        private enum Code {
            static let writeError: Int32 = 23
            static let timedOut: Int32 = 28
            static let sslConnect: Int32 = 35
            static let peerVerification: Int32 = 60
            static let sslCertificateProblem: Int32 = 58
            static let sslCipher: Int32 = 59
            static let caFileUnreadable: Int32 = 77
            static let sslCRLBadFile: Int32 = 82
            static let sslIssuer: Int32 = 83
            static let sslPinned: Int32 = 90
            static let sslInvalidCertStatus: Int32 = 91
        }
        private static let httpsOnly = 2  // CURLPROTO_HTTPS
        private static let httpOrHTTPS = 3  // CURLPROTO_HTTP | CURLPROTO_HTTPS

        func perform(url: String, caFile: String?, timeout: Int, byteLimit: Int) -> Result<
            HTTPResponse, TransportFailure
        > {
            guard let easy = easyInit() else {
                return .failure(.unreachable("libcurl could not start a transfer"))
            }
            defer { easyCleanup(easy) }
            let sink = BodySink(byteLimit: byteLimit)
            let sinkPointer = Unmanaged.passRetained(sink).toOpaque()
            defer { Unmanaged<BodySink>.fromOpaque(sinkPointer).release() }
            var errorBuffer = [CChar](repeating: 0, count: 256)
            let write = Self.bodyCallback
            let headers = Self.headerCallback
            let code: Int32 = url.withCString { urlText in
                (caFile ?? "").withCString { caText in
                    "deeplinks-verify-domain".withCString { agent in
                        errorBuffer.withUnsafeMutableBufferPointer { buffer in
                            _ = setPointer(easy, Option.url, urlText)
                            if caFile != nil {
                                _ = setPointer(easy, Option.caInfo, caText)
                                _ = setPointer(easy, Option.caPath, nil)
                            }
                            _ = setPointer(easy, Option.userAgent, agent)
                            _ = setPointer(easy, Option.errorBuffer, buffer.baseAddress)
                            _ = setLong(easy, Option.followLocation, 0)
                            _ = setLong(easy, Option.noSignal, 1)
                            // Plain HTTP only to the machine itself (a test server).
                            _ = setLong(
                                easy, Option.protocols,
                                LoopbackHTTP.isLoopback(url) ? Self.httpOrHTTPS : Self.httpsOnly)
                            _ = setLong(easy, Option.timeout, timeout)
                            _ = setLong(easy, Option.connectTimeout, timeout)
                            _ = setCallback(easy, Option.writeFunction, write)
                            _ = setPointer(easy, Option.writeData, sinkPointer)
                            _ = setCallback(easy, Option.headerFunction, headers)
                            _ = setPointer(easy, Option.headerData, sinkPointer)
                            return easyPerform(easy)
                        }
                    }
                }
            }
            if code != 0 && !(code == Code.writeError && sink.body.isTruncated) {
                let detail = String(
                    decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                return .failure(failure(code, detail: detail, timeout: timeout))
            }
            var status = 0
            _ = getInfo(easy, Info.responseCode, &status)
            var contentType: UnsafePointer<CChar>?
            _ = getInfo(easy, Info.contentType, &contentType)
            return .success(
                HTTPResponse(
                    status: status, contentType: contentType.map { String(cString: $0) },
                    location: sink.location, body: sink.body.bytes, isTruncated: sink.body.isTruncated))
        }

        /// Hands libcurl's pieces of the body to the ``BodySink`` the transfer's write data
        /// points to; a piece past its limit stops the transfer.
        private static var bodyCallback: WriteCallback {
            { data, size, count, context in
                guard let context else { return 0 }
                let sink = Unmanaged<BodySink>.fromOpaque(context).takeUnretainedValue()
                let length = size * count
                guard let data else { return length }
                return sink.append(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
            }
        }

        /// Hands libcurl's header lines to the ``BodySink`` the transfer's header data points to.
        private static var headerCallback: WriteCallback {
            { data, size, count, context in
                guard let context, let data else { return size * count }
                let sink = Unmanaged<BodySink>.fromOpaque(context).takeUnretainedValue()
                sink.header(UnsafeRawBufferPointer(start: data, count: size * count))
                return size * count
            }
        }

        /// What a transfer that ended with libcurl's `code` failed of, told with the message
        /// libcurl wrote (`detail`), or else its text for the code.
        private func failure(_ code: Int32, detail: String, timeout: Int) -> TransportFailure {
            let message =
                detail.isEmpty ? strError(code).map { String(cString: $0) } ?? "error \(code)" : detail
            if code == Code.timedOut {
                return .unreachable("no complete answer within \(timeout) seconds")
            }
            if code == Code.caFileUnreadable {
                return .unusableTrustFile("not a file of PEM certificates (\(message))")
            }
            let tlsCodes = [
                Code.sslConnect, Code.peerVerification, Code.sslCertificateProblem, Code.sslCipher,
                Code.sslCRLBadFile, Code.sslIssuer, Code.sslPinned,
                Code.sslInvalidCertStatus,
            ]
            return tlsCodes.contains(code) ? .tls(message) : .unreachable(message)
        }
    }

    /// Collects the body up to the limit and the `Location` header, for one transfer.
    private final class BodySink: @unchecked Sendable {
        var body: CappedBody
        var location: String?

        init(byteLimit: Int) { body = CappedBody(byteLimit: byteLimit) }

        /// Appends a chunk; `false` (stop the transfer) once the limit is passed.
        func append(_ chunk: UnsafeRawBufferPointer) -> Bool { body.append(chunk) }

        /// Reads one header line; keeps `Location` (the last response's, after a 1xx).
        func header(_ line: UnsafeRawBufferPointer) {
            guard let text = UTF8Text.decode(line) else { return }
            if text.hasPrefix("HTTP/") { location = nil }
            guard let colon = text.firstIndex(of: ":") else { return }
            let name = text[..<colon].lowercased()
            if name == "location" {
                location = text[text.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
    }
#endif
