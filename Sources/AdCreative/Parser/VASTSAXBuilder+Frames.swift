extension VASTSAXBuilder {
    /// One open element (16 bytes: the scratch memory holds ``scratchFrames`` of them).
    struct Frame {
        var textStart: Int
        var tag: VASTTag
        var captures: Bool

        init(tag: VASTTag, textStart: Int, captures: Bool) {
            self.textStart = textStart
            self.tag = tag
            self.captures = captures
        }
    }

    /// The open elements: a stack in raw memory (the parser's stack scratch memory when ``VASTParserLimits/maxDepth``
    /// fits it, else one heap block), never deeper than its capacity; no reference counting or uniqueness checks.
    struct FrameStack {
        private let base: UnsafeMutablePointer<Frame>
        private let capacity: Int
        private let owned: Bool
        private(set) var count = 0

        init(memory: UnsafeMutableRawPointer, room: Int, depth: Int) {
            if depth <= room {
                base = memory.bindMemory(to: Frame.self, capacity: room)
                capacity = room
                owned = false
            } else {
                base = UnsafeMutablePointer<Frame>.allocate(capacity: depth)
                capacity = depth
                owned = true
            }
        }

        var isEmpty: Bool { count == 0 }

        var last: Frame? { count > 0 ? base[count - 1] : nil }

        /// The frame `offset` below the top (0 is the top), if there is one.
        func below(_ offset: Int) -> Frame? { count > offset ? base[count - 1 - offset] : nil }

        mutating func append(_ frame: Frame) {
            guard count < capacity else { return }
            (base + count).initialize(to: frame)
            count += 1
        }

        mutating func popLast() -> Frame? {
            guard count > 0 else { return nil }
            count -= 1
            return base[count]
        }

        func contains(_ tag: VASTTag) -> Bool {
            for index in 0..<count where base[index].tag == tag { return true }
            return false
        }

        func free() {
            if owned { base.deallocate() }
        }
    }
}
