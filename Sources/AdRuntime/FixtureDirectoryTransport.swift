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
        // R7: a name from a mapping, an ad unit or a URL is one or more plain components (no `..`, no `/` at the
        // start, nothing that decodes to a separator); links and special files are refused by SafeFileReader.
        let components = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !name.contains(".."), !name.hasPrefix("/"), components.allSatisfy(SafeFileReader.isPlain) else {
            throw AdError(
                .invalidRequest, "Fixture name '\(name)' leaves the fixture folder.", providerID: request.providerID,
                hint: "Use plain file names inside \(directory.path).")
        }
        let file = directory.appendingPathComponent(name)
        let data: [UInt8]
        do throws(SafeFileReader.Failure) {
            data = try SafeFileReader.read(components, in: directory, maxBytes: maximumBytes)
        } catch {
            switch error {
            case .missing:
                throw AdError(
                    .noFill, "No fixture for '\(key)' (looked for \(file.path)).", providerID: request.providerID,
                    hint: "Add the file, or map the ad unit to a file name.")
            case .unsafeName, .symbolicLink, .notRegularFile:
                throw AdError(
                    .invalidRequest,
                    "Fixture \(file.path) is not a regular file inside the folder (a link, a FIFO, a device or a "
                        + "folder); it is never read (R7).",
                    providerID: request.providerID, hint: "Put a plain file at \(file.path).")
            case .tooLarge:
                throw AdError(
                    .limitExceeded,
                    "Fixture \(file.lastPathComponent) is over \(maximumBytes) bytes (limit \(maximumBytes)).",
                    providerID: request.providerID, hint: "Serve smaller responses or raise maximumBytes.")
            case .unreadable(let code):
                throw AdError(
                    .network, "Could not read fixture \(file.path) (errno \(code)).", providerID: request.providerID,
                    hint: "Check the file's permissions.")
            }
        }
        return TransportResponse(body: data, sourceURL: request.url ?? file.absoluteString)
    }
}
