/// A node's frame in the content coordinates of its nearest clipping ancestor (its anchor: the anchor's frame less
/// its scroll offset is their origin), kept in single precision with a bound on its rounding: 24 bytes, so that one
/// can sit beside every tracker and every opaque node without growing what a frame reads by much.
///
/// It decides one thing exactly: that the node's clipped rect is empty because the node lies outside its anchor's
/// visible bounds by more than every rounding of either computation (see ``VisibilityEngine``).
struct AnchoredRect {
    var x: Float = 0
    var y: Float = 0
    var width: Float = 0
    var height: Float = 0
    /// At least the sum of the magnitudes of every term added up to the rect (rounded up): what bounds its rounding.
    var magnitude: Float = 0
    /// The nearest clipping ancestor, or -1 (no record).
    var anchor: Int32 = -1

    /// The deepest chain (in terms added, two a level) a record is made for: the margin below covers its rounding.
    static let maximumTerms = 1 << 20

    /// The relative margin: single-precision storage (2⁻²⁴ of each coordinate, and of the magnitude) plus
    /// `maximumTerms + 6` double-precision roundings on each side (2⁻⁵³ each), with room to spare.
    static let relativeMargin = 1.25e-7
}
