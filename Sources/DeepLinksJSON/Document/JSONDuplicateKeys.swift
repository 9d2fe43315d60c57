import DeepLinks

/// The keys that appeared more than once in one object of a JSON text, in the order read.
///
/// Each entry is a reference into a tree of path steps, so a file whose objects repeat keys
/// thousands of times under one long key holds the long key once, not once per repetition.
/// The JSON path of an entry (`$.applinks.details`) is spelled only when it is asked for.
///
/// ```swift
/// let document = try AssociationFileDocument(text: #"{"applinks": {}, "applinks": {}}"#)
/// document.duplicateKeys.count       // 1
/// document.duplicateKeys.first       // "$.applinks"
/// ```
public struct JSONDuplicateKeys: Sendable, Hashable, RandomAccessCollection {
    /// One step from an object or array to a value in it.
    enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The node that stands for the root value (`$`).
    static let root = -1

    /// The tree: each node's parent (``root`` for a top-level step) and its step.
    private var nodes: [(parent: Int, step: Step)] = []
    /// The repeated keys: the object holding each (a node, or ``root``) and the key.
    private var entries: [(parent: Int, key: String)] = []

    /// An empty list.
    public init() {}

    /// The position of the first repeated key.
    public var startIndex: Int { 0 }
    /// One past the position of the last repeated key.
    public var endIndex: Int { entries.count }

    /// The JSON path of the repeated key at `position`, spelled now.
    public subscript(position: Int) -> String {
        let entry = entries[position]
        return JSONPath.appending(key: entry.key, to: path(of: entry.parent))
    }

    mutating func addNode(parent: Int, step: Step) -> Int {
        nodes.append((parent, step))
        return nodes.count - 1
    }

    mutating func append(parent: Int, key: String) {
        entries.append((parent, key))
    }

    private func path(of node: Int) -> String {
        var steps: [Step] = []
        var current = node
        while current != Self.root {
            steps.append(nodes[current].step)
            current = nodes[current].parent
        }
        var path = "$"
        for step in steps.reversed() {
            switch step {
            case .key(let key): path = JSONPath.appending(key: key, to: path)
            case .index(let index): path += "[\(index)]"
            }
        }
        return path
    }

    /// Two lists are equal when they name the same paths in the same order.
    public static func == (lhs: JSONDuplicateKeys, rhs: JSONDuplicateKeys) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// Hashes the count and the repeated keys (not their spelled paths, which can be long).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for entry in entries { hasher.combine(entry.key) }
    }
}
