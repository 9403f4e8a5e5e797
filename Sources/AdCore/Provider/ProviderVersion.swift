/// A provider's 4-part version: the vendor SDK's version plus the adapter's own build, `major.minor.patch.build`.
///
/// ```swift
/// let version = try ProviderVersion(parsing: "6.5.1.2")  // IFLY SDK 6.5.1, adapter build 2
/// ```
public struct ProviderVersion: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// The vendor SDK's major version.
    public var major: Int
    /// The vendor SDK's minor version.
    public var minor: Int
    /// The vendor SDK's patch version.
    public var patch: Int
    /// The adapter's build number on top of that SDK version.
    public var adapterBuild: Int

    /// Creates a version.
    public init(_ major: Int, _ minor: Int, _ patch: Int, _ adapterBuild: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.adapterBuild = adapterBuild
    }

    /// Parses `"a.b.c.d"`.
    ///
    /// - Throws: `registrationFailed` unless the text is four non-negative integers separated by dots.
    public init(parsing text: String) throws(AdError) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 4, let a = parts[0], let b = parts[1], let c = parts[2], let d = parts[3],
            a >= 0, b >= 0, c >= 0, d >= 0
        else {
            throw AdError(
                .registrationFailed, "Provider version '\(text)' is not four numbers.",
                hint: "Write the vendor SDK version plus the adapter build, for example \"6.5.1.0\".")
        }
        self.init(a, b, c, d)
    }

    /// Orders versions numerically, part by part.
    public static func < (lhs: ProviderVersion, rhs: ProviderVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch, lhs.adapterBuild) < (rhs.major, rhs.minor, rhs.patch, rhs.adapterBuild)
    }

    /// `a.b.c.d`.
    public var description: String { "\(major).\(minor).\(patch).\(adapterBuild)" }
}
