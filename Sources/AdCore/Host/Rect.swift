/// An axis-aligned rectangle in points: the geometry of host nodes and windows.
///
/// ```swift
/// let card = Rect(x: 0, y: 0, width: 300, height: 200)
/// let screen = Rect(x: 0, y: 100, width: 390, height: 844)
/// print(card.intersection(screen).area)  // 30000.0
/// ```
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width; never negative in a valid rectangle.
    public var width: Double
    /// The height; never negative in a valid rectangle.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// `width * height`, or 0 for an empty rectangle.
    public var area: Double { isEmpty ? 0 : width * height }
    /// `true` when the rectangle has no area.
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// The largest magnitude of a coordinate or size the host model accepts: 10^9 points, far beyond any real
    /// layout (a feed of a million 500-point cells is 5×10^8), and small enough that sums of nested offsets stay
    /// exact to well under a point and finite (rule R3).
    public static let maximumCoordinate = 1e9

    /// `true` when every coordinate is finite, at most ``maximumCoordinate`` in magnitude, and the size is not
    /// negative: what the host model accepts.
    public var isValid: Bool {
        let limit = Self.maximumCoordinate
        return abs(x) <= limit && abs(y) <= limit && width >= 0 && width <= limit && height >= 0 && height <= limit
    }

    /// The overlap of two rectangles (`zero`-sized at the nearest corner when they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let left = Swift.max(x, other.x)
        let top = Swift.max(y, other.y)
        let right = Swift.min(maxX, other.maxX)
        let bottom = Swift.min(maxY, other.maxY)
        return Rect(x: left, y: top, width: Swift.max(0, right - left), height: Swift.max(0, bottom - top))
    }

    /// `true` when the two rectangles share some area.
    public func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// `true` when `point` lies inside (the left and top edges included, the right and bottom excluded).
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// `true` when `other` lies entirely inside this rectangle.
    public func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The rectangle moved by `(dx, dy)`.
    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }

    /// The centre point.
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    /// `(x, y, w×h)`.
    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
