/// Which build the host app is, for the rules that differ in a release: test mode is refused in a release build
/// (H10; the seed's "replace the demo ad unit before publishing", Y16, made a rule of the host).
///
/// ```swift
/// let host = AdHost(registry: registry, scheduler: driver, transport: transport, beacons: beacons,
///                   buildConfiguration: .release)
/// ```
public enum AdBuildConfiguration: String, Sendable, Hashable, Codable, CaseIterable {
    /// A development build: test ads are what it should use.
    case debug
    /// A build meant for the store (a store beta included: it is uploaded to the store too).
    case release
}
