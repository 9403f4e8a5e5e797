import AdCore

/// Rewards a handler received, in order.
@MainActor
final class RewardLog {
    var rewards: [AdReward] = []
    var handler: @MainActor (AdReward) -> Void { { [self] in rewards.append($0) } }
}
