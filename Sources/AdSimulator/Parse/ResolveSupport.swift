import AdCore
import AdCreative
import Foundation

/// `adsim parse --resolve`: follows the wrapper chains of a document.
enum ResolveSupport {
    static func resolve(_ document: VASTDocument, file: String, parser: VASTParser) async throws(AdError) -> VASTDocument {
        document
    }
}
