/// The stored form of a model text property (one ``VASTText``, an optional one or a list of them) and ``value``,
/// the `String` form the public property reads and writes: the one mechanism behind every `String` facade of the
/// model. Each facade is the same declaration over its stored text, whatever the shape (the conversions live here
/// once, not in every accessor):
///
/// ```swift
/// public var url: String {
///     get { urlText.value }
///     set { urlText.value = newValue }
/// }
/// var urlText: VASTText
/// ```
///
/// (The project's `swift format` puts each accessor on its own line, so a facade cannot be written in one.)
///
/// Why not a property wrapper (`@TextStored public var url: String`): the wrapper of a public property must be a
/// public type, and its projection (`$url`, the way the parser would reach the stored ``VASTText``) would be as
/// public as the property, both new public API; and the synthesised `Encodable` conformance encodes a wrapped
/// optional with `encode` instead of `encodeIfPresent`, so a `nil` text would be written as `null` instead of
/// being left out. With this protocol the stored properties and their coding keys stay as they were, and with
/// them the `Equatable` and `Encodable` conformances and their output; only the accessors' bodies are shared.
protocol VASTTextBacking {
    /// The public form: `String`, `String?` or `[String]`.
    associatedtype Value
    /// The text as `String`s; setting it stores texts holding the new strings.
    var value: Value { get set }
}

extension VASTText: VASTTextBacking {
    /// ``string``; setting it stores a text holding the new string.
    var value: String {
        get { string }
        set { self = VASTText(newValue) }
    }
}

extension Optional: VASTTextBacking where Wrapped == VASTText {
    /// The text's ``VASTText/string``, if there is a text; setting `nil` removes it.
    var value: String? {
        get { self?.string }
        set { self = newValue.map { VASTText($0) } }
    }
}

extension Array: VASTTextBacking where Element == VASTText {
    /// Each text's ``VASTText/string``, in order; setting it stores one text per string.
    var value: [String] {
        get { map(\.string) }
        set { self = newValue.map { VASTText($0) } }
    }
}
