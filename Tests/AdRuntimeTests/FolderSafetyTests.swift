import AdCore
import AdRuntime
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// R7: no file URL, relative path, percent-encoding, symbolic link or special file leaves or blocks the folder of a
/// transport that serves files (`FolderTransport`, `FixtureDirectoryTransport`).
@Suite("R7: file transports stay in their folder and never block")
struct FolderSafetyTests {
    static let base = URL(string: "https://ads.example.test/")!
    static let secret = "<VAST version=\"4.2\"><Ad><InLine><AdTitle>SECRET</AdTitle></InLine></Ad></VAST>"

    /// `root/inside` (served, with `ok.xml` and `sub/ok.xml`) next to `root/outside/secret.xml` (never served).
    struct Layout {
        let root: URL
        var inside: URL { root.appendingPathComponent("inside") }
        var outside: URL { root.appendingPathComponent("outside") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("adbridge-r7-\(UUID())")
            let manager = FileManager.default
            try manager.createDirectory(
                at: root.appendingPathComponent("inside/sub"), withIntermediateDirectories: true)
            try manager.createDirectory(at: root.appendingPathComponent("outside"), withIntermediateDirectories: true)
            try Data("<VAST version=\"4.2\"/>".utf8).write(to: root.appendingPathComponent("inside/ok.xml"))
            try Data("<VAST version=\"4.2\"/>".utf8).write(to: root.appendingPathComponent("inside/sub/ok.xml"))
            try Data(FolderSafetyTests.secret.utf8).write(to: root.appendingPathComponent("outside/secret.xml"))
        }

        var transport: FolderTransport { FolderTransport(baseURL: FolderSafetyTests.base, directory: inside) }
    }

    static func fetch(_ transport: some ResponseTransport, _ url: String) async -> Result<TransportResponse, AdError> {
        do throws(AdError) {
            return .success(try await transport.fetch(TransportRequest(providerID: "test", adUnitID: "", url: url)))
        } catch {
            return .failure(error)
        }
    }

    static func refused(_ result: Result<TransportResponse, AdError>) -> AdError? {
        guard case .failure(let error) = result else { return nil }
        return error
    }

    @Test("R7: plain names below the base are served, also in a sub-folder")
    func r7_plainNamesServed() async throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        for url in ["https://ads.example.test/ok.xml", "https://ads.example.test/sub/ok.xml?x=1"] {
            guard case .success(let response) = await Self.fetch(layout.transport, url) else {
                Issue.record("\(url) should be served")
                continue
            }
            #expect(response.body == Array("<VAST version=\"4.2\"/>".utf8))
        }
    }

    @Test("R7: percent-encoded .. and / (..%2Foutside%2Fsecret.xml, %2E%2E) never leave the folder")
    func r7_percentEncodedDotDotStaysInFolder() async throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        for path in [
            "..%2Foutside%2Fsecret.xml", "%2E%2E/outside/secret.xml", "%2e%2e%2foutside%2fsecret.xml",
            "sub/..%2F..%2Foutside%2Fsecret.xml", "..%5Coutside%5Csecret.xml", "../outside/secret.xml",
            "sub/../../outside/secret.xml", "ok.xml%00.txt", "%2Ftmp%2Fsecret.xml",
        ] {
            let result = await Self.fetch(layout.transport, "https://ads.example.test/" + path)
            let error = try #require(Self.refused(result), "\(path) was served")
            #expect(!"\(error)".contains("SECRET"), "\(path)")
            #expect(error.code == .network || error.code == .refusedURL, "\(path): \(error)")
        }
    }

    @Test("R7: a file URL, a relative path and another host are refused")
    func r7_fileURLAndRelativePathRefused() async throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let secretPath = layout.outside.appendingPathComponent("secret.xml").path
        for url in ["file://" + secretPath, "../outside/secret.xml", "outside/secret.xml", secretPath] {
            let error = try #require(Self.refused(await Self.fetch(layout.transport, url)), "\(url) was served")
            #expect(error.code == .refusedURL, "\(url): \(error)")
        }
        let other = Self.refused(await Self.fetch(layout.transport, "https://other.example.test/ok.xml"))
        #expect(other?.providerCode == 404)
    }

    @Test("R7: a symbolic link (to a file or to a folder outside) is never followed")
    func r7_symlinkNotFollowed() async throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let manager = FileManager.default
        try manager.createSymbolicLink(
            at: layout.inside.appendingPathComponent("link.xml"),
            withDestinationURL: layout.outside.appendingPathComponent("secret.xml"))
        try manager.createSymbolicLink(
            at: layout.inside.appendingPathComponent("dir"), withDestinationURL: layout.outside)
        try manager.createSymbolicLink(
            at: layout.inside.appendingPathComponent("inner.xml"),
            withDestinationURL: layout.inside.appendingPathComponent("ok.xml"))
        for path in ["link.xml", "dir/secret.xml", "inner.xml"] {
            let error = try #require(
                Self.refused(await Self.fetch(layout.transport, "https://ads.example.test/" + path)),
                "\(path) was served")
            #expect(error.providerCode == 403, "\(path): \(error)")
            #expect(error.message.contains("symbolic link"), "\(path): \(error)")
        }
        // The fixture transport refuses the same links.
        let fixtures = FixtureDirectoryTransport(directory: layout.inside)
        for unit in ["link", "inner"] {
            let result = await Self.fetch(fixtures, "https://x.example.test/\(unit).xml")
            #expect(Self.refused(result)?.code == .invalidRequest, "\(unit)")
        }
    }

    // A reader that opened the FIFO would wait for a writer that never comes: the time limit is the hang guard; the
    // refusal's reason (the file's type, looked at before reading) is the proof.
    @Test("R7: a FIFO named *.xml (and a folder, a device) is refused at once, not waited on", .timeLimit(.minutes(1)))
    func r7_specialFileDoesNotBlock() async throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let fifo = layout.inside.appendingPathComponent("pipe.xml")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        try FileManager.default.createDirectory(
            at: layout.inside.appendingPathComponent("folder.xml"), withIntermediateDirectories: false)
        for path in ["pipe.xml", "folder.xml"] {
            let error = try #require(
                Self.refused(await Self.fetch(layout.transport, "https://ads.example.test/" + path)))
            #expect(error.message.contains("not a regular file"), "\(path): \(error)")
        }
        let fixtures = FixtureDirectoryTransport(directory: layout.inside, mapping: ["unit": "pipe.xml"])
        let byUnit = await {
            do throws(AdError) {
                _ = try await fixtures.fetch(TransportRequest(providerID: "test", adUnitID: "unit"))
                return AdError?.none
            } catch {
                return error
            }
        }()
        #expect(byUnit?.code == .invalidRequest)
        #expect(throws: SafeFileReader.Failure.notRegularFile("/dev/null")) {
            try SafeFileReader.read(path: "/dev/null", maxBytes: 10)
        }
    }
}
