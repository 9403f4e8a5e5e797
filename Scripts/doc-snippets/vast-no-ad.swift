// The wrapper of a fragment of a provider's response handling (Scripts/check-docs.sh): `response` (the transport's
// answer) and `send(_:)` (which pings error URLs) are in scope; it may throw.
import AdCore
import AdCreative
import Foundation

func send(_ pings: [URL]) {}

func handle(_ response: TransportResponse) throws {
    // snippet
    _ = document
}
