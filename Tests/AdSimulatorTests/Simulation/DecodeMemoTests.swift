import AdCore
import AdCreative
import AdEmbedded
import AdVAST
import Foundation
import Testing

@testable import AdSimulator

/// The decode half of the memo (issue 35): a provider's decoding of a response read from a `VASTDocumentMemo`
/// (`VASTLoad.decoded(key:_:)`) is done once per served file when the decoder reads nothing the response put in,
/// and on every response otherwise, with the same results as decoding every document.
@MainActor
@Suite struct DecodeMemoTests {
    /// Serves whatever response it is given next.
    private final class NextResponse: ResponseTransport {
        nonisolated(unsafe) var next: TransportResponse?

        func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
            guard let next else { throw AdError(.noFill, "No response was set.") }
            return next
        }
    }

    /// What a decoder saw: the price of the first inline ad, or none.
    private struct Decoded: Sendable, Equatable {
        var title: String?
        var price: Double?
    }

    private static let creative = Array(
        ("<VAST version=\"4.2\"><Ad id=\"a\"><InLine><AdSystem>s</AdSystem><AdTitle>Title</AdTitle>"
            + "<Impression>https://i.example/i</Impression><Creatives><Creative id=\"c\"><Linear>"
            + "<Duration>00:00:10</Duration><MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" "
            + "width=\"640\" height=\"360\">https://m.example/v.mp4</MediaFile></MediaFiles></Linear></Creative>"
            + "</Creatives></InLine></Ad></VAST>").utf8)

    private let transport = NextResponse()
    private let driver = VirtualTimeDriver()

    private var environment: ProviderEnvironment {
        ProviderEnvironment(
            providerID: "p", transport: transport, beacons: RecordingBeaconSender(), scheduler: driver,
            ledger: PlacementLedger(), diagnostics: AdDiagnostics())
    }

    /// Loads `response` through `environment.loadVAST` (the memo is read when the response names it).
    private func load(_ response: TransportResponse) async throws -> VASTLoad {
        transport.next = response
        return try await environment.loadVAST(TransportRequest(providerID: "p", adUnitID: "u"))
    }

    private static func title(_ document: VASTDocument) -> String? {
        document.ads.first?.inLine?.adTitle
    }

    @Test func aDecoderThatReadsNoPriceRunsOncePerServedFile() async throws {
        let file = ServedFile(bytes: Self.creative, memoised: true)
        var runs = 0
        for micros: Int64 in [2_600, 1, 999_999, 2_600, 0] {
            let load = try await load(file.response(priceMicros: micros, currency: "USD"))
            let decoded = try load.decoded(key: "p") { document throws(AdError) in
                runs += 1
                return Decoded(title: Self.title(document), price: nil)
            }
            #expect(decoded == Decoded(title: "Title", price: nil))
        }
        // The first response is decoded twice (with its price and without), the others not at all.
        #expect(runs == 2)
        #expect(file.memo?.decodersKept == 1)
    }

    @Test func aDecoderThatReadsThePriceRunsOnEveryResponse() async throws {
        let file = ServedFile(bytes: Self.creative, memoised: true)
        var runs = 0
        for micros: Int64 in [2_600, 4_100, 2_600] {
            let load = try await load(file.response(priceMicros: micros, currency: "USD"))
            let decoded = try load.decoded(key: "p") { document throws(AdError) in
                runs += 1
                return Decoded(title: Self.title(document), price: document.ads.first?.inLine?.pricing?.value)
            }
            let price = try #require(decoded.price)
            #expect(abs(price - Double(micros) / 1_000) < 1e-9)
        }
        #expect(runs == 4)
        #expect(file.memo?.decodersKept == 0)
    }

    /// Kept from responses without a price (a file served as is), then met with a price: checked again, and a
    /// decoder that reads the price is from then on run on every response.
    @Test func aDecoderKeptWithoutAPriceIsCheckedAgainWhenAPriceComes() async throws {
        let file = ServedFile(bytes: Self.creative, memoised: true)
        func decode(_ document: VASTDocument) throws(AdError) -> Decoded {
            Decoded(title: Self.title(document), price: document.ads.first?.inLine?.pricing?.value)
        }
        let plain = try await load(file.response())
        #expect(try plain.decoded(key: "p", decode) == Decoded(title: "Title", price: nil))
        #expect(file.memo?.decodersKept == 1)
        let priced = try await load(file.response(priceMicros: 3_000, currency: "USD"))
        #expect(try priced.decoded(key: "p", decode) == Decoded(title: "Title", price: 3))
        #expect(file.memo?.decodersKept == 0)
        let again = try await load(file.response(priceMicros: 5_000, currency: "USD"))
        #expect(try again.decoded(key: "p", decode) == Decoded(title: "Title", price: 5))
    }

    /// A decoder's error is kept like a result: the same typed error for every response, as decoding each gives.
    @Test func aDecodersErrorIsTheSameEveryTime() async throws {
        let file = ServedFile(bytes: Self.creative, memoised: true)
        var runs = 0
        for micros: Int64 in [1_000, 2_000, 3_000] {
            let load = try await load(file.response(priceMicros: micros, currency: "USD"))
            let error = #expect(throws: AdError.self) {
                try load.decoded(key: "p") { _ throws(AdError) -> Decoded in
                    runs += 1
                    throw AdError(.noFill, "No ad in this dialect.")
                }
            }
            #expect(error?.code == .noFill)
        }
        #expect(runs == 2)
    }

    /// Different keys (the constants a decoder depends on) and different types are kept apart.
    @Test func eachKeyAndTypeIsKeptApart() async throws {
        let file = ServedFile(bytes: Self.creative, memoised: true)
        let load = try await load(file.response(priceMicros: 1_000, currency: "USD"))
        #expect(try load.decoded(key: "a") { _ throws(AdError) in Decoded(title: "a") } == Decoded(title: "a"))
        #expect(try load.decoded(key: "b") { _ throws(AdError) in Decoded(title: "b") } == Decoded(title: "b"))
        #expect(try load.decoded(key: "a") { _ throws(AdError) in "a string" } == "a string")
        #expect(file.memo?.decodersKept == 3)
    }

    /// A load whose document or response was changed, or that was not read from a memo, decodes its document
    /// every time.
    @Test func aChangedOrUnmemoisedLoadDecodesItsOwnDocument() async throws {
        let memoised = ServedFile(bytes: Self.creative, memoised: true)
        let first = try await load(memoised.response(priceMicros: 1_000, currency: "USD"))
        _ = try first.decoded(key: "p") { document throws(AdError) in Decoded(title: Self.title(document)) }
        var changed = try await load(memoised.response(priceMicros: 1_000, currency: "USD"))
        changed.document.ads[0].id = "changed"
        #expect(
            try changed.decoded(key: "p") { document throws(AdError) in Decoded(title: document.ads.first?.id) }
                == Decoded(title: "changed"))
        let plain = ServedFile(bytes: Self.creative, memoised: false)
        var runs = 0
        for _ in 0..<2 {
            let load = try await load(plain.response(priceMicros: 1_000, currency: "USD"))
            _ = try load.decoded(key: "p") { document throws(AdError) in
                runs += 1
                return Decoded(title: Self.title(document))
            }
        }
        #expect(runs == 2)
    }
}
