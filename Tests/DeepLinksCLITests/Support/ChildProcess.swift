import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program to its end and collects its output, with `posix_spawn` and `waitpid`.
///
/// Foundation's `Process` is not used here: on Linux its `waitUntilExit` can miss the exit of
/// a child whose own child daemonises (nginx), and it hands children the caller's blocked
/// signal mask, which leaves a daemon deaf to SIGTERM. Children here start with the default
/// signal mask and dispositions, and every pipe is close-on-exec so no other child inherits it.
enum ChildProcess {
    struct Result {
        var status: Int32
        var output: [UInt8]
        var error: [UInt8]
    }

    struct SpawnError: Error, CustomStringConvertible {
        let description: String
    }

    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        input: [UInt8]? = nil
    ) throws -> Result {
        var inputPipe: [Int32] = [0, 0]
        var outputPipe: [Int32] = [0, 0]
        var errorPipe: [Int32] = [0, 0]
        guard pipe(&inputPipe) == 0, pipe(&outputPipe) == 0, pipe(&errorPipe) == 0 else {
            throw SpawnError(description: "pipe failed: errno \(errno)")
        }
        for descriptor in inputPipe + outputPipe + errorPipe {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input == nil {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(inputPipe[0])
        close(outputPipe[1])
        close(errorPipe[1])
        guard spawned == 0 else {
            close(inputPipe[1])
            close(outputPipe[0])
            close(errorPipe[0])
            throw SpawnError(description: "cannot start \(executable): error \(spawned)")
        }
        let writer = inputPipe[1]
        let bytes = input ?? []
        let inputDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                if written <= 0 { break }
                offset += written
            }
            close(writer)
            inputDone.signal()
        }
        let errorReader = errorPipe[0]
        let errorBox = ByteBox()
        let errorDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            errorBox.bytes = readAll(errorReader)
            errorDone.signal()
        }
        let output = readAll(outputPipe[0])
        errorDone.wait()
        inputDone.wait()
        close(outputPipe[0])
        close(errorPipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(status: exitCode, output: output, error: errorBox.bytes)
    }

    private final class ByteBox: @unchecked Sendable {
        var bytes: [UInt8] = []
    }

    private static func readAll(_ descriptor: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                result.append(contentsOf: buffer[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        return result
    }
}
