import Foundation

/// The resident memory of this process, read from `/proc/self/status` (Linux only).
struct ResidentMemory {
    /// `VmRSS`: resident now, in bytes.
    let current: Double
    /// `VmHWM`: the most ever resident, in bytes.
    let peak: Double

    static func read() -> ResidentMemory? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
            return nil
        }
        func value(_ key: String) -> Double? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }) else {
                return nil
            }
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let kilobytes = Double(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        guard let current = value("VmRSS"), let peak = value("VmHWM") else { return nil }
        return ResidentMemory(current: current, peak: peak)
    }
}
