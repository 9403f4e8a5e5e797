/// A playback command the host may give the SDK's video player after bind and exposure (rule I19).
///
/// ```swift
/// try ad.startPlay()   // NativeFeedVideoCommand.start
/// ```
public enum NativeFeedVideoCommand: String, Sendable, Hashable, CaseIterable {
    /// Start (or restart after a stop) playback.
    case start
    /// Pause playback.
    case pause
    /// Resume paused playback.
    case resume
    /// Stop playback.
    case stop
}
