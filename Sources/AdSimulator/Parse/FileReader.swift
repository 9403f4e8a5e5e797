import AdCore
import Foundation

/// Reads a file for `adsim parse`, never more than a cap (a larger file fails like an oversized response).
enum FileReader {
    static func read(_ path: String, maxBytes: Int) throws(AdError) -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw AdError(.invalidRequest, "Cannot open '\(path)'.", hint: "Check the path exists and is readable.")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: maxBytes + 1) ?? Data()
            if data.count > maxBytes {
                throw AdError(
                    .limitExceeded,
                    "A document of more than \(maxBytes) bytes exceeds the maxInputBytes limit (\(maxBytes)).",
                    vastCode: nil
                )
            }
            return data
        } catch let error as AdError {
            throw error
        } catch {
            throw AdError(.invalidRequest, "Cannot read '\(path)': \(error)")
        }
    }
}
