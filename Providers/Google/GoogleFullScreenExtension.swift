public import AdCore
public import AdCreative

/// The Google dialect's `<Extension type="google-fullscreen">`: the format, the reward, the time-to-live and
/// whether the ad may be skipped (see `Docs/Dialects.md`, section Google).
///
/// ```swift
/// let element = inLine.extensions.first(type: GoogleFullScreenExtension.type)
/// let ext = try GoogleFullScreenExtension(element!, providerID: "google")
/// print(ext.format, ext.reward ?? AdReward(type: "-", amount: 0))  // rewarded 10 coins
/// ```
public struct GoogleFullScreenExtension: Sendable, Equatable {
    /// The `type` attribute of the extension.
    public static let type = "google-fullscreen"
    /// How long an image is shown when the extension names no `<DisplayTime>`.
    public static let defaultDisplayTime: Duration = .seconds(5)
    /// The longest `<TimeToLive>` or `<DisplayTime>` the extension accepts: one week.
    public static let longestDuration: Duration = .seconds(7 * 86_400)

    /// A no-fill answer: Google's code and message.
    ///
    /// ```swift
    /// if let noFill = ext.noFill { print(noFill.code, noFill.message) }  // 1 No ad to show.
    /// ```
    public struct NoFill: Sendable, Equatable {
        /// Google's error code (1, `GADErrorNoFill`, when the response names none).
        public var code: Int
        /// Why there was no ad.
        public var message: String
    }

    /// `<Format>`: interstitial, rewarded or rewardedInterstitial (`nil` in a no-fill answer).
    public var format: AdFormat?
    /// `<Reward type amount>`: what a rewarded format grants (rule G11).
    public var reward: AdReward?
    /// `<RewardAfter>`: when the reward is earned (a time or a percentage); `nil` means at completion.
    public var rewardAfter: VASTOffset?
    /// `<TimeToLive>` in seconds (rule G10); `nil` when absent (the provider's default of one hour applies).
    public var timeToLive: Duration?
    /// `<Skippable>`: whether the user may skip; `nil` when absent (then a `skipoffset` alone decides).
    public var skippable: Bool?
    /// `<DisplayTime>` in seconds: how long an image interstitial plays before it counts as complete.
    public var displayTime: Duration
    /// `<NoFill code>message</NoFill>`: the server had no ad.
    public var noFill: NoFill?

    /// Decodes the extension.
    ///
    /// - Throws: `invalidResponse` (VAST 101, Google code 13), naming the field, for an unknown format, a reward
    ///   without a type or with a negative or non-numeric amount, a bad offset, time-to-live or display time, an
    ///   unparseable `<Skippable>`, or a `<NoFill code>` that is not a whole number (rule R18).
    public init(_ element: VASTElement, providerID: ProviderID) throws(AdError) {
        func invalid(_ what: String) -> AdError {
            AdError(
                .invalidResponse, "The google-fullscreen extension is invalid: \(what).", providerID: providerID,
                providerCode: GoogleErrorCode.receivedInvalidResponse, vastCode: 101,
                hint: "Serve the google-fullscreen extension as documented in Docs/Dialects.md (section Google).")
        }
        if let noFill = element.child("NoFill") {
            var code = GoogleErrorCode.noFill
            if let text = noFill.attribute("code") {
                // R18: a code that is not a whole number is refused naming the field, not read as "no code".
                do throws(NumberOutOfRange) {
                    code = try CheckedConversion.integer(text: text, field: "<NoFill> code", in: 0...Int(Int32.max))
                } catch {
                    throw invalid("\(error.field) '\(error.value)' is not a whole number in \(error.allowed)")
                }
            }
            self.noFill = NoFill(code: code, message: noFill.text.isEmpty ? "No ad to show." : noFill.text)
        } else {
            noFill = nil
        }
        if let text = element.text(at: "Format") {
            let known: [AdFormat] = [.interstitial, .rewarded, .rewardedInterstitial]
            guard let format = known.first(where: { $0.rawValue == text }) else {
                throw invalid(
                    "unknown <Format> '\(text.prefix(40))' (expected interstitial, rewarded or "
                        + "rewardedInterstitial)")
            }
            self.format = format
        } else {
            format = nil
        }
        if let reward = element.child("Reward") {
            guard let type = reward.attribute("type"), !type.allSatisfy(\.isWhitespace) else {
                throw invalid("<Reward> has no type")
            }
            let amount: Int
            do throws(NumberOutOfRange) {
                amount = try CheckedConversion.integer(text: reward.attribute("amount") ?? "", field: "<Reward> amount")
            } catch {
                throw invalid("\(error.field) '\(error.value)' is not a whole number in \(error.allowed)")
            }
            self.reward = AdReward(type: type, amount: amount)
        } else {
            reward = nil
        }
        if let text = element.text(at: "RewardAfter") {
            guard let offset = VASTOffset(parsing: text) else { throw invalid("<RewardAfter> '\(text.prefix(40))'") }
            rewardAfter = offset
        } else {
            rewardAfter = nil
        }
        timeToLive = try Self.seconds(element, "TimeToLive", invalid)
        displayTime = try Self.seconds(element, "DisplayTime", invalid) ?? Self.defaultDisplayTime
        if let text = element.text(at: "Skippable") {
            guard let value = element.child("Skippable")?.boolValue else {
                throw invalid("<Skippable> '\(text.prefix(40))' is not a boolean")
            }
            skippable = value
        } else {
            skippable = nil
        }
    }

    private static func seconds(
        _ element: VASTElement, _ name: String, _ invalid: (String) -> AdError
    ) throws(AdError) -> Duration? {
        guard let text = element.text(at: name) else { return nil }
        guard let seconds = DecimalNumber.value(text) else {
            throw invalid("<\(name)> '\(text.prefix(40))' is not a number of seconds")
        }
        do throws(NumberOutOfRange) {
            return try CheckedConversion.duration(
                seconds: seconds, field: "<\(name)>", in: .milliseconds(1)...Self.longestDuration)
        } catch {
            throw invalid("\(error)")
        }
    }
}
