public import AdCore

/// The IFLYADLib 6.5.1 error codes this adapter keeps in `AdError/providerCode` (rule C6).
///
/// ```swift
/// if error.providerCode == IFLYErrorCode.clickViewsInvalid.rawValue { print(error.hint ?? "") }  // [71503/...]
/// ```
public enum IFLYErrorCode: Int, Sendable, Hashable, CaseIterable {
    /// The material failed validation at attach (I27).
    case materialInvalid = 71501
    /// Click views are invalid: at attach (I9, I11, I14, I15, I28) or at click time (I12, I13, I25).
    case clickViewsInvalid = 71503
    /// The ad outlived its time-to-live (I26).
    case expired = 71506
    /// This build has no media-shake reporting (I22).
    case mediaShakeUnavailable = 71512
}

extension AdError.Code {
    /// A feature the provider's build does not offer (IFLY's media shake, rule I22).
    public static let featureUnavailable: AdError.Code = "featureUnavailable"
}
