extension PathPattern {
    /// The segments of a pattern: a collection indexed from 0, like an array of them.
    ///
    /// A pattern parsed on its own keeps its segments in a list of its own. The patterns of a
    /// ``RouteTable`` keep theirs side by side in one list that the table's routes share, each
    /// pattern reading its own stretch of it: a table keeps thousands of patterns, and one list
    /// each would be one allocation each.
    ///
    /// Two lists are equal when they hold equal segments in the same order, wherever they are kept.
    ///
    /// A pattern copied out of a table keeps the table's whole list alive, as a slice keeps its
    /// array: a few bytes a route, shared by every route of the table.
    public struct Segments: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
        CustomStringConvertible, CustomReflectable
    {
        /// The list that holds the segments: this pattern's own, or a table's shared one.
        private let storage: ContiguousArray<Segment>
        /// Where this pattern's segments start in `storage`.
        private let start: UInt32
        /// How many segments this pattern has in a shared list, or ``ownsStorage`` when the
        /// whole of `storage` is this pattern's (which then may hold any number). Sixteen bits, so
        /// that the list is 14 bytes and a pattern 23: a route keeps its safety in the byte after
        /// the pattern, which the pattern's alignment would otherwise leave empty.
        private let sharedCount: UInt16

        /// The value of `sharedCount` for a list that is wholly this pattern's.
        private static let ownsStorage = UInt16.max

        /// The most segments a pattern may keep in a shared list; a longer one keeps its own.
        static let mostShared = Int(UInt16.max) - 1

        /// The segments of a list of their own.
        init(_ segments: ContiguousArray<Segment>) {
            storage = segments
            start = 0
            sharedCount = Self.ownsStorage
        }

        /// `count` segments of `shared` from `start`, which the caller has appended there.
        ///
        /// - Precondition: the range lies in `shared`, `count <= mostShared` and `start` fits
        ///   in 32 bits (checked: a range outside the list would read another pattern's segments).
        init(shared: ContiguousArray<Segment>, start: Int, count: Int) {
            precondition(
                start >= 0 && count >= 0 && count <= Self.mostShared && start <= Int(UInt32.max)
                    && start + count <= shared.count, "segment range outside its list")
            storage = shared
            self.start = UInt32(start)
            sharedCount = UInt16(count)
        }

        /// Where the segments start in a shared list and how many there are, or `nil` for a
        /// list of their own.
        var sharedStretch: (start: Int, count: Int)? {
            sharedCount == Self.ownsStorage ? nil : (Int(start), Int(sharedCount))
        }

        /// Creates a list of the given segments.
        public init(arrayLiteral elements: Segment...) { self.init(ContiguousArray(elements)) }

        /// The position of the first segment: 0.
        public var startIndex: Int { 0 }
        /// The position after the last segment: the number of segments.
        public var endIndex: Int { sharedCount == Self.ownsStorage ? storage.count : Int(sharedCount) }

        /// The segment at a position, which must be below ``endIndex``.
        public subscript(position: Int) -> Segment {
            // Checked here, not only by the list: a position past this pattern's stretch of a
            // shared list would read the next pattern's segments.
            precondition(position >= 0 && position < endIndex, "segment position out of range")
            return storage[Int(start) + position]
        }

        /// Whether two lists hold equal segments in the same order.
        public static func == (a: Segments, b: Segments) -> Bool { a.count == b.count && a.elementsEqual(b) }

        /// Hashes the segments in order.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            for segment in self { hasher.combine(segment) }
        }

        /// The segments as an array would print them.
        public var description: String { Array(self).description }

        /// The segments as a collection: `dump` and debuggers show this pattern's segments, not
        /// the table's list that holds them.
        public var customMirror: Mirror {
            Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
        }
    }
}
