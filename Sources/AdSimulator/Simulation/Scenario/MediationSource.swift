public import AdMediation

/// Where a scenario's placements come from: a mediation configuration written inline (the format of
/// `Docs/Mediation.md`), or the path of a configuration file, relative to the scenario file's folder, which loads
/// as is (`"../mediation/example.json"`).
///
/// ```json
/// "mediation": "../mediation/example.json"
/// "mediation": { "currency": "USD", "placements": [ ... ] }
/// ```
///
/// ```swift
/// let source = MediationSource.file("../mediation/example.json")
/// ```
public enum MediationSource: Sendable, Equatable, Codable {
    /// The configuration, written inside the scenario.
    case inline(MediationConfiguration)
    /// The path of a configuration file, relative to the scenario file's folder (or absolute).
    case file(String)

    /// Decodes a string (a file path) or an object (an inline configuration, decoded with the same decoder, so
    /// its problems carry paths under `$.app.mediation`).
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let path = try? single.decode(String.self) {
            self = .file(path)
        } else {
            self = .inline(try single.decode(MediationConfiguration.self))
        }
    }

    /// Encodes the path or the configuration.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .inline(let configuration): try container.encode(configuration)
        case .file(let path): try container.encode(path)
        }
    }
}
