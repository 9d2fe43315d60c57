/// Stops the harness when an invariant breaks, naming it and the input that broke it.
///
/// libFuzzer records the input that reached the trap as a crasher, so the message only has to
/// say which promise was broken; the input is shown escaped so that it can be read in a log.
public func require(
    _ condition: @autoclosure () -> Bool, _ invariant: @autoclosure () -> String, input: String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() {
        fatalError(
            "invariant broken: \(invariant())\ninput: \(input.debugDescription)", file: file, line: line)
    }
}

/// Stops the harness unconditionally: an outcome that must never happen happened.
public func violated(
    _ invariant: String, input: String, file: StaticString = #fileID, line: UInt = #line
) -> Never {
    fatalError("invariant broken: \(invariant)\ninput: \(input.debugDescription)", file: file, line: line)
}
