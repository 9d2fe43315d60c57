import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport on Apple platforms: Foundation's `URLSession`, with the system's
/// trusted certificates.
///
/// Each fetch gets its own ephemeral session whose delegate refuses every redirect, so a 3xx
/// comes back as the answer. The body is read up to the byte limit (counted on the decoded
/// bytes as they arrive; the request asks for `identity`) and the task is cancelled past it,
/// and `timeout` is one deadline for the whole request: when it passes, the fetch ends with
/// ``TransportFailure/unreachable(_:)`` and the task is cancelled, however slowly the server
/// was still sending. So a hostile server cannot make the tool read without end.
struct URLSessionTransport: HTTPTransport {
    /// Seconds the whole request may take, from the connection to the body's last byte.
    var timeout: TimeInterval = 20

    func fetch(_ url: String, byteLimit: Int) async -> Result<HTTPResponse, TransportFailure> {
        guard let target = URL(string: url) else { return .failure(.unreachable("'\(url)' is not a URL")) }
        var request = URLRequest(
            url: target, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: timeout)
        request.setValue("deeplinks-verify-domain", forHTTPHeaderField: "User-Agent")
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpShouldSetCookies = false
        let collector = ResponseCollector(byteLimit: byteLimit)
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let seconds = Int(timeout)
        return await withCheckedContinuation { continuation in
            collector.start(continuation)
            let task = session.dataTask(with: request)
            // The session's own timeouts restart with each byte on some platforms: this one
            // does not.
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak task] in
                collector.expire("no complete answer within \(seconds) seconds")
                task?.cancel()
            }
            task.resume()
        }
    }
}

/// The delegate of one fetch: refuses redirects, collects the body up to the limit, and
/// resumes the waiting fetch exactly once.
private final class ResponseCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result<HTTPResponse, TransportFailure>, Never>?
    private var response: HTTPURLResponse?
    private var body: CappedBody

    init(byteLimit: Int) {
        body = CappedBody(byteLimit: byteLimit)
    }

    func start(_ continuation: CheckedContinuation<Result<HTTPResponse, TransportFailure>, Never>) {
        lock.withLock { self.continuation = continuation }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // Apple's fetcher does not follow redirects; neither does the check.
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        lock.withLock { self.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = lock.withLock { !body.append(data) }
        if overLimit {
            finish(.success(answer()))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            let hasAnswer = lock.withLock { response != nil }
            // A refused redirect ends the task with the 3xx response in hand on some platforms.
            if hasAnswer, (error as NSError).code == NSURLErrorCancelled || isRedirectStatus {
                finish(.success(answer()))
            } else {
                finish(.failure(Self.failure(for: error)))
            }
            return
        }
        if lock.withLock({ response == nil }), let http = task.response as? HTTPURLResponse {
            lock.withLock { response = http }
        }
        finish(.success(answer()))
    }

    private var isRedirectStatus: Bool {
        lock.withLock { (300...399).contains(response?.statusCode ?? 0) }
    }

    private func answer() -> HTTPResponse {
        lock.withLock {
            HTTPResponse(
                status: response?.statusCode ?? 0,
                contentType: response?.value(forHTTPHeaderField: "Content-Type"),
                location: response?.value(forHTTPHeaderField: "Location"),
                body: body.bytes,
                isTruncated: body.isTruncated)
        }
    }

    /// Ends the fetch as unreachable when the deadline passes before the answer is complete.
    func expire(_ message: String) {
        finish(.failure(.unreachable(message)))
    }

    private func finish(_ result: Result<HTTPResponse, TransportFailure>) {
        let waiting = lock.withLock {
            () -> CheckedContinuation<Result<HTTPResponse, TransportFailure>, Never>? in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: result)
    }

    /// Sorts a URLSession error into a TLS failure (a finding) or an unreachable server.
    static func failure(for error: any Error) -> TransportFailure {
        let error = error as NSError
        let message = error.localizedDescription
        let tlsCodes: Set<Int> = [
            NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateHasBadDate,
            NSURLErrorServerCertificateUntrusted, NSURLErrorServerCertificateHasUnknownRoot,
            NSURLErrorServerCertificateNotYetValid, NSURLErrorClientCertificateRejected,
            NSURLErrorClientCertificateRequired,
        ]
        // On Linux the libcurl message arrives with the generic code -1.
        let lower = message.lowercased()
        if tlsCodes.contains(error.code) || lower.contains("ssl") || lower.contains("certificate")
            || lower.contains("tls")
        {
            return .tls(message)
        }
        return .unreachable(message)
    }
}
