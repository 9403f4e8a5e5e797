import AdCore
import AdEmbedded
import AdMediation
import AdTestKit

/// Runs a configuration that validated through the real `Mediator` in virtual time (rule R2: validated means safe
/// to run). The host's providers are scripted stand-ins declaring the built-in providers' IDs and formats; each
/// line item's ad unit answers one of four ways, chosen by its position (a fill after 100 ms, an error, silence
/// until the item's timeout, an instant fill), so waterfalls, auctions, timeouts and retries all run. Every
/// placement (at most ``maximumPlacements``) makes a request; a placement that fills is shown, released and asked
/// again, so caps and pacing run too.
///
/// ```swift
/// let problems = await MediationRehearsal.run(configuration)  // [] when every request ended
/// ```
@MainActor
enum MediationRehearsal {
    /// The most placements one rehearsal asks (a fuzzed file may list thousands).
    static let maximumPlacements = 8
    /// The requests each placement makes.
    static let requestsPerPlacement = 2

    /// Every request's outcome must be reported; what comes back are the broken promises found.
    static func run(_ configuration: MediationConfiguration) async -> [String] {
        let stand = MediationConfigurationFuzzer.providers.map {
            ScriptedProvider(id: $0.id, formats: $0.supportedFormats)
        }
        let world: TestHost
        let mediator: Mediator
        do {
            world = try TestHost(providers: stand)
            mediator = try Mediator(configuration: configuration, host: world.host, random: SeededRandom(seed: 1))
        } catch {
            return ["mediation: a configuration that validated was refused by the Mediator: \(error)"]
        }
        var index = 0
        for placement in configuration.placements {
            for item in placement.lineItems {
                world.transport.respond(to: item.adUnitID, with: reply(index, creative: "cr-\(index)"))
                index += 1
            }
        }
        var problems: [String] = []
        for placement in configuration.placements.prefix(maximumPlacements) {
            for _ in 0..<requestsPerPlacement {
                do throws(AdError) {
                    try mediator.load(placement.id)
                } catch {
                    problems.append("mediation: load('\(placement.id)') of a validated configuration threw \(error)")
                    break
                }
                // Every deadline a configuration may set is at most 366 days; retries run on timers too.
                await world.run(for: CheckedConversion.maximumDuration + .seconds(1))
                guard mediator.lastReport(for: placement.id) != nil else {
                    problems.append("mediation: the request of '\(placement.id)' never ended")
                    break
                }
                guard mediator.isReady(placement.id), let ad = try? mediator.takeAd(for: placement.id) else { continue }
                mediator.release(ad)
            }
        }
        return problems
    }

    private static func reply(_ index: Int, creative: String) -> InMemoryTransport.Reply {
        switch index % 4 {
        case 0: .delayed(.milliseconds(100), .body(Array(creative.utf8)))
        case 1: .failure(AdError(.noFill, "No ad for this rehearsal."))
        case 2: .never
        default: .body(Array(creative.utf8))
        }
    }
}
