import AssociatedDomains
import Foundation

extension ToolEnvironment {
    /// The bytes of an association file, read no further than one byte past Apple's limit of
    /// 128 KB: enough to tell that a file is too large without reading the rest of it.
    func readAssociationBytes(_ path: String) throws(ToolError) -> [UInt8] {
        try readFilePrefix(path, AssociationFileDocument.maximumByteCount + 1)
    }

    /// Reads at most `limit` bytes of a file from disk (`-`: standard input), with the same
    /// errors as a whole read.
    static func readPrefix(_ path: String, limit: Int) throws(ToolError) -> [UInt8] {
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .unreadableFile(path: path, reason: "no such file")
            }
            guard !isDirectory.boolValue else {
                throw .unreadableFile(path: path, reason: "it is a directory")
            }
            guard let opened = FileHandle(forReadingAtPath: path) else {
                throw .unreadableFile(path: path, reason: "permission denied or read error")
            }
            handle = opened
        }
        defer { if path != "-" { try? handle.close() } }
        var bytes: [UInt8] = []
        while bytes.count < limit {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: limit - bytes.count)
            } catch {
                throw .unreadableFile(path: path, reason: "read error")
            }
            guard let chunk, !chunk.isEmpty else { break }
            bytes += chunk
        }
        return bytes
    }
}

extension ToolCommand {
    /// Refuses an `--app-id` value that is not an App ID, with the sentence the association
    /// file's own findings give for a malformed App ID (AASA130).
    static func checkAppID(_ appID: String) throws(UsageError) {
        if let problem = AssociationFileValidator.appIDProblem(appID) {
            throw usage(.other("--app-id: \(problem)"))
        }
    }
}
