/// What the simulated ad server answers a fast-tier provider (``FastTierProvider``) instead of a document: the
/// market's draw itself, a fill (which creative, at what price) or a no-fill answer, in a small binary body (a
/// kind byte, then for a fill the creative's index and the price, little-endian). Errors and silence are the
/// same typed errors as in the full tier.
///
/// ```swift
/// let body = FastAnswer.fill(creativeIndex: 1, priceMicros: 2_600).body
/// FastAnswer(body: body)   // .fill(creativeIndex: 1, priceMicros: 2600)
/// ```
enum FastAnswer: Equatable, Sendable {
    /// A fill serving the creative at `creativeIndex` of the line item, at `priceMicros` per impression.
    case fill(creativeIndex: Int, priceMicros: Int64)
    /// The provider's no-fill document.
    case noFill

    private static let fillKind: UInt8 = 1
    private static let noFillKind: UInt8 = 2

    /// The answer as a response body.
    var body: [UInt8] {
        switch self {
        case .noFill:
            return [Self.noFillKind]
        case .fill(let index, let price):
            var body: [UInt8] = [Self.fillKind]
            body.reserveCapacity(17)
            withUnsafeBytes(of: Int64(index).littleEndian) { body.append(contentsOf: $0) }
            withUnsafeBytes(of: price.littleEndian) { body.append(contentsOf: $0) }
            return body
        }
    }

    /// Reads a body written by ``body``; `nil` for anything else.
    init?(body: [UInt8]) {
        switch (body.first, body.count) {
        case (Self.noFillKind, 1):
            self = .noFill
        case (Self.fillKind, 17):
            func int64(at offset: Int) -> Int64 {
                var value: Int64 = 0
                for index in (offset..<(offset + 8)).reversed() { value = value << 8 | Int64(body[index]) }
                return value
            }
            guard let index = Int(exactly: int64(at: 1)), index >= 0 else { return nil }
            self = .fill(creativeIndex: index, priceMicros: int64(at: 9))
        default:
            return nil
        }
    }
}
