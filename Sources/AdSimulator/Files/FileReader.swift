package import AdCore
import AdRuntime
package import Foundation

/// Reads a file for `adsim parse`, never more than a cap (a larger file fails like an oversized response), and only
/// a regular file: a FIFO, a device or a folder named `*.xml` fails at once instead of blocking (rule R7).
package enum FileReader {
    package static func read(_ path: String, maxBytes: Int) throws(AdError) -> Data {
        do throws(SafeFileReader.Failure) {
            return Data(try SafeFileReader.read(path: path, maxBytes: maxBytes))
        } catch {
            switch error {
            case .tooLarge:
                throw AdError(
                    .limitExceeded,
                    "A document of more than \(maxBytes) bytes exceeds the maxInputBytes limit (\(maxBytes)).")
            case .notRegularFile:
                throw AdError(
                    .invalidRequest, "'\(path)' is not a regular file (a FIFO, a device or a folder); it is not read.",
                    hint: "Give adsim parse VAST files; special files are never read (R7).")
            case .missing, .unsafeName, .symbolicLink:
                throw AdError(.invalidRequest, "Cannot open '\(path)'.", hint: "Check the path exists and is readable.")
            case .unreadable(let code):
                throw AdError(
                    .invalidRequest, "Cannot read '\(path)' (errno \(code)).",
                    hint: "Check the path exists and is readable.")
            }
        }
    }
}
