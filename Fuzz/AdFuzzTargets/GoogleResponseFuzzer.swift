import AdCore
import AdCreative
import AdVAST
import GoogleProvider

/// The Google dialect target: one input is one response; every ad is decoded as each full-screen format, and a
/// CPM price is converted to micros the way `GoogleProvider` does (rule R1).
enum GoogleResponseFuzzer {
    static func run(_ input: [UInt8]) -> [String] {
        let parsed = input.withUnsafeBytes { buffer in
            Result { () throws(VASTError) -> VASTDocument in try VASTParser().parse(bytes: buffer, allowNoAd: true) }
        }
        let document: VASTDocument
        switch parsed {
        case .success(let value): document = value
        case .failure(let error): return FuzzProblems.check(error, "google")
        }
        var problems: [String] = []
        for ad in document.ads {
            for element in ad.inLine?.extensions ?? [] where element.attribute("type") == GoogleFullScreenExtension.type
            {
                do throws(AdError) {
                    _ = try GoogleFullScreenExtension(element, providerID: "google")
                } catch {
                    problems += FuzzProblems.check(error, "google extension")
                }
            }
            for format in [AdFormat.interstitial, .rewarded, .rewardedInterstitial] {
                do throws(AdError) {
                    let creative = try GoogleCreative(ad: ad, requestedFormat: format, providerID: "google")
                    if let pricing = creative.pricing, let value = pricing.value {
                        _ = try? CheckedConversion.micros(fromCPM: value, field: "<Pricing>")
                    }
                } catch {
                    problems += FuzzProblems.check(error, "google")
                }
            }
        }
        return problems
    }
}
