public import AdCore
public import Foundation

/// A transport that serves responses from a folder: ad unit `X` is the file `X.xml` (or a name given in the
/// mapping), and an explicit URL is served from the file named by its last path component. The simulator and
/// `adsim` run on it; it performs file I/O, so it lives here and not in AdCore.
///
/// ```swift
/// let transport = FixtureDirectoryTransport(directory: URL(fileURLWithPath: "Fixtures/yandex"),
///                                           mapping: ["demo-native-slider-yandex": "demo-slider.xml"])
/// ```
public struct FixtureDirectoryTransport: ResponseTransport {
    /// The folder the files are read from.
    public let directory: URL
    /// Ad unit IDs (or URLs) mapped to file names inside ``directory``.
    public let mapping: [String: String]
    /// The largest file served.
    public let maximumBytes: Int

    /// Creates a transport over a folder.
    public init(directory: URL, mapping: [String: String] = [:], maximumBytes: Int = 1 << 20) {
        self.directory = directory
        self.mapping = mapping
        self.maximumBytes = maximumBytes
    }

    /// Reads the file for the request; a missing file is `noFill`.
    public func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
        let key = request.url ?? request.adUnitID
        let name: String
        if let mapped = mapping[key] {
            name = mapped
        } else if let url = request.url {
            name = URL(string: url)?.lastPathComponent ?? url
        } else {
            name = request.adUnitID + ".xml"
        }
        guard !name.contains(".."), !name.hasPrefix("/") else {
            throw AdError(
                .invalidRequest, "Fixture name '\(name)' leaves the fixture folder.", providerID: request.providerID,
                hint: "Use plain file names inside \(directory.path).")
        }
        let file = directory.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw AdError(
                .noFill, "No fixture for '\(key)' (looked for \(file.path)).", providerID: request.providerID,
                hint: "Add the file, or map the ad unit to a file name.")
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw AdError(
                .network, "Could not read fixture \(file.path).", providerID: request.providerID,
                hint: "Check the file's permissions.", underlying: error)
        }
        guard data.count <= maximumBytes else {
            throw AdError(
                .limitExceeded, "Fixture \(file.lastPathComponent) is \(data.count) bytes (limit \(maximumBytes)).",
                providerID: request.providerID, hint: "Serve smaller responses or raise maximumBytes.")
        }
        return TransportResponse(body: [UInt8](data), sourceURL: request.url ?? file.absoluteString)
    }
}
