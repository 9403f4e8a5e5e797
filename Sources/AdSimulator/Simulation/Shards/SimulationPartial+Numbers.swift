import AdMediation
import Foundation

extension SimulationPartial {
    /// A number of a partial that cannot be read, and where it is.
    struct UnreadableNumber {
        /// Its JSON path: `$.result.tally.rows[0].row.requests`.
        let path: String
        /// The number as read from the file's JSON (`1E2` reads `100`).
        let text: String
    }

    /// The most numbers tried by ``unreadableNumber(in:)``: each try decodes the partial once more.
    static let numbersTried = 64

    /// The number that stops a partial which is valid JSON from decoding, when Foundation's decoder says only that
    /// the data "was not valid JSON", at no path (what it says on Linux of a negative or fractional count).
    ///
    /// Every number of a partial adsim writes is a whole number from 0 to 2^64 - 1, so the suspects are those that
    /// are negative, fractional or larger (some of them, such as a negative user count, decode and are
    /// refused later, by name). In document order (keys sorted), each suspect in turn gets 0 in its place, the
    /// earlier ones keeping theirs, until the decoder gets further (it decodes, or fails elsewhere). Then each
    /// earlier suspect is put back in turn: the first that stops the decoder again is named, else the last one
    /// replaced. At most ``numbersTried`` suspects are tried; `nil` when none is the cause.
    ///
    /// ```swift
    /// SimulationPartial.unreadableNumber(in: data)   // $.result.tally.rows[0].row.requests: -3
    /// ```
    static func unreadableNumber(in data: Data) -> UnreadableNumber? {
        guard let root = try? JSONSerialization.jsonObject(with: data) else { return nil }
        var suspects: [Suspect] = []
        collectSuspects(in: root, at: [], into: &suspects)
        suspects = Array(suspects.prefix(numbersTried))
        var patched = root
        guard
            let last = suspects.indices.first(where: { index in
                patched = replacing(suspects[index].path[...], in: patched, with: NSNumber(value: 0))
                return decodesPastRoot(patched)
            })
        else { return nil }
        // The earliest one the decoder cannot read: each earlier suspect put back in turn, the first that stops it.
        let culprit =
            suspects[..<last].first { suspect in
                !decodesPastRoot(replacing(suspect.path[...], in: patched, with: suspect.number))
            } ?? suspects[last]
        return UnreadableNumber(path: ConfigurationDecoding.path(culprit.path), text: culprit.number.stringValue)
    }

    /// A number that is not a whole number from 0, where it is and as read.
    private struct Suspect {
        let path: [PathStep]
        let number: NSNumber
    }

    /// Whether the decoder gets past the root with `value`: it decodes it, or fails at a path.
    private static func decodesPastRoot(_ value: Any) -> Bool {
        guard let data = try? JSONSerialization.data(withJSONObject: value) else { return false }
        do {
            _ = try JSONDecoder().decode(SimulationPartial.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            return false
        } catch {}
        return true
    }

    /// A step of a path into a JSON value: a key of an object or an index of an array (a `CodingKey`, so that
    /// `ConfigurationDecoding.path` writes the path as every other problem's).
    private struct PathStep: CodingKey {
        let stringValue: String
        let intValue: Int?

        init(stringValue: String) {
            self.stringValue = stringValue
            intValue = nil
        }

        init(intValue: Int) {
            stringValue = String(intValue)
            self.intValue = intValue
        }
    }

    private static func collectSuspects(in value: Any, at path: [PathStep], into suspects: inout [Suspect]) {
        switch value {
        case let object as [String: Any]:
            for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                collectSuspects(in: member, at: path + [PathStep(stringValue: key)], into: &suspects)
            }
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                collectSuspects(in: element, at: path + [PathStep(intValue: index)], into: &suspects)
            }
        case let number as NSNumber where !(value is Bool):
            if UInt64(exactly: number) == nil { suspects.append(Suspect(path: path, number: number)) }
        default:
            break
        }
    }

    /// `value` with `number` in place of the number at `path`.
    private static func replacing(_ path: ArraySlice<PathStep>, in value: Any, with number: NSNumber) -> Any {
        guard let step = path.first else { return number }
        if let index = step.intValue {
            guard var array = value as? [Any], array.indices.contains(index) else { return value }
            array[index] = replacing(path.dropFirst(), in: array[index], with: number)
            return array
        }
        guard var object = value as? [String: Any], let member = object[step.stringValue] else { return value }
        object[step.stringValue] = replacing(path.dropFirst(), in: member, with: number)
        return object
    }
}
