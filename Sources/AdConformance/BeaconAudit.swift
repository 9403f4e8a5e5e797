import AdCore
import AdEmbedded
import Foundation

/// How the kit judges sent beacons by meaning: which declared tracking URL each one is (``BeaconTemplate``, whatever
/// its cache-buster), how often each was sent, and whether its macros were expanded with the host's values (N5).
struct BeaconAudit {
    /// Every URL the fill declares.
    let templates: [BeaconTemplate]
    /// The host's wall clock, which a beacon's `[TIMESTAMP]` must read at the moment of its send.
    let wallClock: AdWallClock

    init(_ tracking: ConformanceTracking, wallClock: AdWallClock) {
        templates = tracking.templates
        self.wallClock = wallClock
    }

    /// The first three of `records` as `kind url`, for a problem's sentence.
    static func listed(_ records: some Sequence<RecordingBeaconSender.Record>) -> String {
        records.prefix(3).map(\.beacon.description).joined(separator: ", ")
    }

    /// The declared templates of a kind.
    func declared(_ kind: Beacon.Kind) -> [BeaconTemplate] { templates.filter { $0.kind == kind } }

    /// The first declared template a sent URL is, if any.
    func template(of url: String) -> BeaconTemplate? { templates.first { $0.match(url) != nil } }

    /// How many of `records` are `template`, whatever their macros expanded to.
    func sends(of template: BeaconTemplate, in records: some Sequence<RecordingBeaconSender.Record>) -> Int {
        records.reduce(0) { $0 + (template.match($1.beacon.url) == nil ? 0 : 1) }
    }

    /// What is wrong with one sent beacon's macros: a `[MACRO]` left unexpanded, or a time that is not the host's
    /// wall-clock time of the send (the declared `[TIMESTAMP]`'s value, or any ISO 8601 time in a URL the fill does
    /// not declare).
    func stampProblems(of record: RecordingBeaconSender.Record) -> [String] {
        var problems: [String] = []
        let url = record.beacon.url
        let left = BeaconTemplate.unexpandedMacros(in: url)
        if !left.isEmpty {
            problems.append("\(record.beacon.kind.rawValue) \(url) left \(left.joined(separator: ", ")) unexpanded")
        }
        guard let sentAt = record.sentAt else { return problems }
        let expected = wallClock.iso8601(at: sentAt)
        let written: [String]
        if let template = template(of: url), let captures = template.match(url) {
            written = captures["TIMESTAMP"].map { [$0.removingPercentEncoding ?? $0] } ?? []
        } else {
            written = BeaconTemplate.timestamps(in: url)
        }
        for time in written where time != expected && !left.contains("[TIMESTAMP]") {
            problems.append(
                "\(record.beacon.kind.rawValue) \(url) says [TIMESTAMP] \(time), but it was sent at \(expected) by "
                    + "the host's clock")
        }
        return problems
    }
}
