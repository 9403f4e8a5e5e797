/// A point in points.
///
/// ```swift
/// let tap = Point(x: 20, y: 40)
/// ```
public struct Point: Hashable, Sendable, Codable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// `true` when both coordinates are finite and at most ``Rect/maximumCoordinate`` in magnitude.
    public var isValid: Bool { abs(x) <= Rect.maximumCoordinate && abs(y) <= Rect.maximumCoordinate }
}
