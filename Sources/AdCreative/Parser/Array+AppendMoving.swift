extension Array {
    /// Appends `value`, moved out of its place, and puts `empty` there: no retain or release of the references
    /// `value` holds (appending a copy would retain each of them, and resetting the original release them), and
    /// two copies of its bytes where a `swap` makes four.
    @inline(__always)
    mutating func append(moving value: inout Element, leaving empty: Element) {
        withUnsafeMutablePointer(to: &value) { place in
            append(place.move())
            place.initialize(to: empty)
        }
    }
}
