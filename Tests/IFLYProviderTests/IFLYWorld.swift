import AdCore
import AdEmbedded
import AdTestSupport
import Foundation
import IFLYProvider

/// A test world for the IFLY provider: a ``TestHost`` with ``IFLYProvider`` registered, fixtures served from
/// `Fixtures/ifly`, feed cells with every view the seed's binder uses, and each ad's IFLY callbacks recorded.
@MainActor
final class IFLYWorld {
    let world: TestHost
    let loader: NativeFeedAdLoader
    private(set) var callbacks: [ObjectIdentifier: [String]] = [:]

    struct Cell {
        let container: HostNodeID
        let media: HostNodeID
        let title: HostNodeID
        let badge: HostNodeID
        let cta: HostNodeID
        let close: HostNodeID
    }

    init() throws {
        world = try TestHost(providers: [IFLYProvider()])
        loader = NativeFeedAdLoader(host: world.host)
    }

    var host: AdHost { world.host }
    var tree: HostTree { world.tree }
    var driver: VirtualTimeDriver { world.driver }
    var beacons: RecordingBeaconSender { world.beacons }

    static func fixture(_ name: String) throws -> [UInt8] {
        let url = FixturePaths.fixtures.appendingPathComponent("ifly").appendingPathComponent(name)
        return Array(try Data(contentsOf: url))
    }

    /// Serves `body` for `unit` and makes (not loads) an ad for it.
    func makeAd(unit: String, body: [UInt8]) throws -> NativeFeedAd {
        world.transport.respond(to: unit, with: .body(body))
        let unified = try world.makeAd(AdRequest(adUnitID: unit, format: .native), provider: IFLYProvider.id)
        let ad = loader.adopt(unified)
        let key = ObjectIdentifier(ad)
        callbacks[key] = []
        ad.onEvent { [weak self] event in self?.callbacks[key, default: []].append(event.description) }
        return ad
    }

    /// Serves a fixture and loads an ad from it.
    func loadedAd(_ fixture: String, unit: String? = nil) async throws -> NativeFeedAd {
        let ad = try makeAd(unit: unit ?? fixture, body: try Self.fixture(fixture))
        await ad.load()
        return ad
    }

    /// Serves an XML string and loads an ad from it.
    func loadedAd(xml: String, unit: String = "inline") async throws -> NativeFeedAd {
        let ad = try makeAd(unit: unit, body: Array(xml.utf8))
        await ad.load()
        return ad
    }

    func events(of ad: NativeFeedAd) -> [String] { callbacks[ObjectIdentifier(ad)] ?? [] }

    /// A 400×300 cell in the feed at `y`, with media, title, badge, call-to-action and close views inside.
    func addCell(y: Double, in parent: HostNodeID? = nil) throws -> Cell {
        let container = try tree.makeNode(frame: Rect(x: 0, y: y, width: 400, height: 300))
        try tree.addChild(container, to: parent ?? world.feed)
        func child(_ frame: Rect) throws -> HostNodeID {
            let node = try tree.makeNode(frame: frame)
            try tree.addChild(node, to: container)
            return node
        }
        return Cell(
            container: container,
            media: try child(Rect(x: 10, y: 50, width: 380, height: 180)),
            title: try child(Rect(x: 10, y: 10, width: 300, height: 30)),
            badge: try child(Rect(x: 320, y: 10, width: 70, height: 30)),
            cta: try child(Rect(x: 10, y: 240, width: 200, height: 50)),
            close: try child(Rect(x: 360, y: 250, width: 30, height: 30)))
    }

    /// The seed's binder for a cell: render views, the CTA when the ad is clickable, the close view, and the
    /// media view as video view for video material.
    func binder(_ cell: Cell, for ad: NativeFeedAd) -> NativeFeedAdViewBinder {
        let data = ad.adData
        let clickable = data?.interactionType.isClickable ?? false
        return NativeFeedAdViewBinder(
            containerView: cell.container,
            renderViews: [.media: cell.media, .title: cell.title, .badge: cell.badge],
            clickViews: clickable ? [cell.cta] : [], closeView: cell.close,
            videoView: data?.materialType == .video ? cell.media : nil)
    }

    /// Lets the exposure count: the cell must be visible; 500 ms pass.
    func expose() { driver.advance(by: .milliseconds(500)) }

    /// A small ad response in the IFLY dialect, with `fields` inside the feed extension.
    static func xml(_ fields: String, id: String = "inline-1") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <VAST version="4.2">
          <Ad id="\(id)">
            <InLine>
              <AdSystem>IFLYADLib</AdSystem>
              <AdTitle>inline</AdTitle>
              <Impression><![CDATA[https://t.ifly.example.test/expose?ad=\(id)]]></Impression>
              <Creatives><Creative id="cr-\(id)"/></Creatives>
              <Extensions>
                <Extension type="ifly-native-feed">
                  <ClickTracking><![CDATA[https://t.ifly.example.test/click?ad=\(id)]]></ClickTracking>
                  \(fields)
                </Extension>
              </Extensions>
            </InLine>
          </Ad>
        </VAST>
        """
    }
}
