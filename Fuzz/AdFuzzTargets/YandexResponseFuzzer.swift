import AdCore
import YandexProvider

/// The Yandex dialect target: one input is one response, decoded as the provider decodes it.
enum YandexResponseFuzzer {
    static func run(_ input: [UInt8]) -> [String] {
        do throws(AdError) {
            let response = try YandexResponse(bytes: input, providerID: "yandex")
            // What the provider and the slider read of a response.
            _ = response.blockRequiredAssets
            for card in response.cards {
                _ = (card.requiredAssets, card.isVideo, card.imageURLs)
            }
            return []
        } catch {
            return FuzzProblems.check(error, "yandex")
        }
    }
}
