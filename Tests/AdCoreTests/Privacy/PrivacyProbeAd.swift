import AdCore
import AdCreative
import AdVAST

/// The probe's ad: pings ``PrivacyProbeProvider/impressionTemplate`` when its impression counts.
@MainActor
final class PrivacyProbeAd: ProviderAd {
    let info: LoadedAdInfo
    private let beacons: any BeaconSender
    private let stamps: BeaconStamps

    init(info: LoadedAdInfo, beacons: any BeaconSender, stamps: BeaconStamps) {
        self.info = info
        self.beacons = beacons
        self.stamps = stamps
    }

    func attach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError) {}

    func didRecordImpression(_ data: ImpressionData) {
        let values = stamps.next().macroValues
        for url in VASTMacroExpander.pings(for: [PrivacyProbeProvider.impressionTemplate], values: values) {
            beacons.send(Beacon(kind: .impression, url: url.absoluteString, providerID: info.providerID))
        }
    }

    func didRecordClick(on node: HostNodeID?, part: AdPart) {}
    func detach(part: AdPart) {}
    func destroy() {}
}
