import AdCore
import AdMediation

extension ScenarioValidator {
    // MARK: - The users

    mutating func checkUsers() {
        let users = scenario.users
        check(Double(users.count), ScenarioUsers.countNumber, at: "$.users.count")
        check(Double(users.sessionsPerUser), ScenarioUsers.sessionsPerUserNumber, at: "$.users.sessionsPerUser")
        check(users.sessionSeconds, ScenarioUsers.sessionSecondsNumber, at: "$.users.sessionSeconds")
        check(
            users.scrolling.speedPointsPerSecond, ScrollBehavior.speedNumber,
            at: "$.users.scrolling.speedPointsPerSecond")
        check(users.scrolling.dwellSeconds, ScrollBehavior.dwellNumber, at: "$.users.scrolling.dwellSeconds")
        check(users.fullScreenOpensPerSession, ScenarioUsers.opensNumber, at: "$.users.fullScreenOpensPerSession")
        for format in users.clickThroughRate.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            let path = "$.users.clickThroughRate.\(format.rawValue)"
            if !knownFormats.contains(format) {
                let known = knownFormats.map(\.rawValue).sorted().joined(separator: ", ")
                add(
                    .unknownReference, path, "Unknown format '\(format)' (the providers serve \(known)).",
                    hint: "Key click-through rates by a format a provider serves.")
            }
            check(users.clickThroughRate(of: format), ScenarioUsers.clickThroughRateNumber, at: path)
        }
    }
}
