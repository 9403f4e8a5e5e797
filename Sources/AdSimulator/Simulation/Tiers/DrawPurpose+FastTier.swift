extension DrawPurpose {
    /// Whether an ad the fast tier used was shown (`request` is the ad's number among the user's ads used).
    static let fastTierShown = DrawPurpose(rawValue: 1_001)
    /// Whether the fast tier's shown ad was clicked (`request` as for ``fastTierShown``).
    static let fastTierClicked = DrawPurpose(rawValue: 1_002)
}
