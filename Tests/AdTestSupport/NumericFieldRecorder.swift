public import Foundation

/// Which numeric fields a `Decodable` type's decoders ask for, found by running them: a decoder over a JSON tree
/// that records the path of every number requested (present in the document or not), with indices written `[]`.
/// A format's table of numbers is checked against it, so a field added to a decoder and not to the table fails a
/// test. An optional object left out of the document cannot be looked into; its path is listed in
/// ``Fields/absentObjects`` so that the test's document can be completed.
///
/// ```swift
/// let fields = try NumericFieldRecorder.fields(of: MediationConfiguration.self, decoding: json)
/// #expect(fields.numbers == Set(MediationConfiguration.numbers.keys))
/// ```
public enum NumericFieldRecorder {
    /// What one decoding asked for.
    public struct Fields: Sendable, Equatable {
        /// Every numeric field requested, by JSON path (`$.placements[].parallelTierSize`).
        public var numbers: Set<String> = []
        /// Optional objects and lists that no element of the document gives, by JSON path: the recorder could not
        /// run their decoders.
        public var absentObjects: Set<String> { absent.subtracting(present) }
        /// Optional objects and lists left out somewhere, and those given somewhere.
        var absent: Set<String> = []
        var present: Set<String> = []
    }

    /// Decodes `json` as `type` and returns the numeric fields its decoders asked for.
    public static func fields<Value: Decodable>(
        of type: Value.Type, decoding json: Data, userInfo: [CodingUserInfoKey: Any] = [:]
    ) throws -> Fields {
        let tree = try JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
        let recorder = Recorder()
        _ = try Value(from: TreeDecoder(node: tree, path: "$", codingPath: [], userInfo: userInfo, recorder: recorder))
        return recorder.fields
    }

    final class Recorder {
        var fields = Fields()
    }

    struct TreeDecoder: Decoder {
        let node: Any
        let path: String
        let codingPath: [any CodingKey]
        let userInfo: [CodingUserInfoKey: Any]
        let recorder: Recorder

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard let object = node as? [String: Any] else { throw mismatch([String: Any].self) }
            return KeyedDecodingContainer(Keyed<Key>(object: object, decoder: self))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard let array = node as? [Any] else { throw mismatch([Any].self) }
            return Unkeyed(array: array, decoder: self)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

        func mismatch(_ type: Any.Type) -> DecodingError {
            .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "not a \(type) at \(path)"))
        }

        func child(_ node: Any, path: String, key: any CodingKey) -> TreeDecoder {
            TreeDecoder(node: node, path: path, codingPath: codingPath + [key], userInfo: userInfo, recorder: recorder)
        }

        /// The value of this node as `Value`: numbers are recorded at this node's path.
        func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
            if Self.isNumber(type) { recorder.fields.numbers.insert(path) }
            if type == Bool.self { return try cast(node as? Bool, type) }
            if type == String.self { return try cast(node as? String, type) }
            if type == Double.self { return try cast((node as? NSNumber)?.doubleValue, type) }
            if type == Float.self { return try cast((node as? NSNumber)?.floatValue, type) }
            if Self.isNumber(type) {
                guard let number = node as? NSNumber else { throw mismatch(type) }
                return try cast(Self.integer(number, as: type), type)
            }
            return try Value(from: self)
        }

        private func cast<Value>(_ value: Any?, _ type: Value.Type) throws -> Value {
            guard let value = value as? Value else { throw mismatch(type) }
            return value
        }

        static func isNumber(_ type: Any.Type) -> Bool {
            [
                Double.self, Float.self, Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self,
                UInt8.self, UInt16.self, UInt32.self, UInt64.self,
            ].contains { $0 == type }
        }

        private static func integer(_ number: NSNumber, as type: Any.Type) -> Any? {
            let value = number.doubleValue
            switch type {
            case is Int.Type: return Int(exactly: value)
            case is Int8.Type: return Int8(exactly: value)
            case is Int16.Type: return Int16(exactly: value)
            case is Int32.Type: return Int32(exactly: value)
            case is Int64.Type: return Int64(exactly: value)
            case is UInt.Type: return UInt(exactly: value)
            case is UInt8.Type: return UInt8(exactly: value)
            case is UInt16.Type: return UInt16(exactly: value)
            case is UInt32.Type: return UInt32(exactly: value)
            case is UInt64.Type: return UInt64(exactly: value)
            default: return nil
            }
        }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let object: [String: Any]
        let decoder: TreeDecoder

        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

        func decodeNil(forKey key: Key) throws -> Bool {
            object[key.stringValue] == nil || object[key.stringValue] is NSNull
        }

        private func path(_ key: Key) -> String { decoder.path + "." + key.stringValue }

        private func child(_ key: Key) throws -> TreeDecoder {
            guard let node = object[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: codingPath, debugDescription: "no \(key.stringValue) at \(decoder.path)"))
            }
            return decoder.child(node, path: path(key), key: key)
        }

        func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
            try child(key).decode(type)
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decode(type) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decode(type) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decode(type) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decode(type) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decode(type) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decode(type) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decode(type) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decode(type) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decode(type) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decode(type) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decode(type) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decode(type) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decode(type) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decode(type) }

        func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
            guard try !decodeNil(forKey: key) else {
                if TreeDecoder.isNumber(type) {
                    decoder.recorder.fields.numbers.insert(path(key))
                } else if type != Bool.self && type != String.self {
                    decoder.recorder.fields.absent.insert(path(key))
                }
                return nil
            }
            if !TreeDecoder.isNumber(type) { decoder.recorder.fields.present.insert(path(key)) }
            return try decode(type, forKey: key)
        }

        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
            try decodeNil(forKey: key) ? nil : decode(type, forKey: key)
        }

        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
            try decodeNil(forKey: key) ? nil : decode(type, forKey: key)
        }

        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try number(type, key) }
        func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try number(type, key) }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try number(type, key) }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try number(type, key) }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try number(type, key) }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try number(type, key) }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try number(type, key) }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try number(type, key) }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try number(type, key) }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try number(type, key) }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try number(type, key) }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try number(type, key) }

        /// A number, recorded whether the document has it or not.
        private func number<Value: Decodable>(_ type: Value.Type, _ key: Key) throws -> Value? {
            decoder.recorder.fields.numbers.insert(path(key))
            return try decodeNil(forKey: key) ? nil : decode(type, forKey: key)
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try child(key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try child(key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { decoder }

        func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let array: [Any]
        let decoder: TreeDecoder
        var currentIndex = 0

        init(array: [Any], decoder: TreeDecoder) {
            self.array = array
            self.decoder = decoder
        }

        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { array.count }
        var isAtEnd: Bool { currentIndex >= array.count }

        private struct Index: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(intValue: Int) {
                self.intValue = intValue
                stringValue = "\(intValue)"
            }
            init?(stringValue: String) { nil }
        }

        private mutating func next() throws -> TreeDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    Any.self, .init(codingPath: codingPath, debugDescription: "the list at \(decoder.path) ended"))
            }
            defer { currentIndex += 1 }
            return decoder.child(array[currentIndex], path: decoder.path + "[]", key: Index(intValue: currentIndex))
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, array[currentIndex] is NSNull else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try next().decode(type) }
        mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
        mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
        mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
        mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
        mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try next().container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next().unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { try next() }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: TreeDecoder

        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.node is NSNull }

        func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try decoder.decode(type) }
        func decode(_ type: Bool.Type) throws -> Bool { try decoder.decode(type) }
        func decode(_ type: String.Type) throws -> String { try decoder.decode(type) }
        func decode(_ type: Double.Type) throws -> Double { try decoder.decode(type) }
        func decode(_ type: Float.Type) throws -> Float { try decoder.decode(type) }
        func decode(_ type: Int.Type) throws -> Int { try decoder.decode(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decode(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decode(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decode(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decode(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try decoder.decode(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decode(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decode(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decode(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decode(type) }
    }
}
