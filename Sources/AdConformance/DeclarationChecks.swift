import AdCore

/// K1-K2: the descriptor and registration.
@MainActor
enum DeclarationChecks {
    /// K1: the descriptor is complete and consistent.
    static func descriptorComplete(_ provider: any AdProvider) -> ConformanceResult {
        var verdict = ConformanceVerdict("K1")
        let descriptor = provider.descriptor
        let id = descriptor.id.rawValue
        verdict.require(
            !id.isEmpty && !id.contains(where: \.isWhitespace), "the ID '\(id)' is empty or has white space",
            fix: "Give the provider a short stable ID such as 'acme'.")
        verdict.require(
            !descriptor.displayName.isEmpty, "the display name is empty", fix: "Name the network in displayName.")
        let version = descriptor.version
        verdict.require(
            [version.major, version.minor, version.patch, version.adapterBuild].allSatisfy { $0 >= 0 }
                && [version.major, version.minor, version.patch].contains { $0 > 0 },
            "the version \(version) is not a 4-part SDK version",
            fix: "Use ProviderVersion(sdkMajor, sdkMinor, sdkPatch, adapterBuild).")
        verdict.require(
            !descriptor.supportedFormats.isEmpty, "no format is declared", fix: "List the formats in supportedFormats.")
        let rule = descriptor.impressionRule
        verdict.require(
            rule.minimumVisibleRatio > 0 && rule.minimumVisibleRatio <= 1 && rule.minimumDuration >= .zero,
            "the impression rule \(rule) is out of range",
            fix: "Use a visible ratio in (0, 1] and a duration of 0 or more.")
        verdict.require(
            descriptor.contractVersion == AdBridgeContract.version,
            "it implements contract \(descriptor.contractVersion), this AdBridge \(AdBridgeContract.version)",
            fix: "Build the provider against this AdBridge and set contractVersion to AdBridgeContract.version.")
        let badLives = descriptor.timeToLive.filter {
            $0.value <= .zero || !descriptor.supportedFormats.contains($0.key)
        }
        verdict.require(
            badLives.isEmpty,
            "a time-to-live for \(badLives.keys.map(\.rawValue).sorted().joined(separator: ", ")) is not positive or "
                + "names a format not served",
            fix: "Declare a positive time-to-live, per format served, where the network says ads expire (N7, G10).")
        return verdict.result(passed: "The descriptor is complete: \(descriptor.summary).")
    }

    /// K2: the descriptor is stable and the registry refuses the provider twice.
    static func registration(_ provider: any AdProvider) -> ConformanceResult {
        var verdict = ConformanceVerdict("K2")
        let first = provider.descriptor
        let second = provider.descriptor
        verdict.require(
            first.id == second.id && first.summary == second.summary && first.displayName == second.displayName,
            "reading the descriptor twice gave '\(first.id)' then '\(second.id)'",
            fix: "Make descriptor a constant: build it once in init.")
        var registry = ProviderRegistry()
        do throws(AdError) {
            try registry.register(provider)
        } catch {
            return verdict.failed(error, while: "Registering the provider")
        }
        var refused: AdError?
        do throws(AdError) {
            try registry.register(provider)
        } catch {
            refused = error
        }
        verdict.require(
            refused?.code == .registrationFailed, "the registry took the provider twice",
            fix: "Keep the descriptor's ID stable so the registry recognises the provider.")
        return verdict.result(passed: "The descriptor is stable; registering it twice is refused.")
    }
}
