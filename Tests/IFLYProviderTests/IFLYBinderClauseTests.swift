import AdCore
import AdTestSupport
import IFLYProvider
import Testing

/// Rules I8, I9, I10 and I15, clause by clause: each test breaks exactly one condition of an otherwise valid binder
/// for a clickable video ad, so a rule of the form `a && b && c` is proven for every clause, not only the first.
@MainActor
@Suite("I8-I15: each condition of the view binder's rules on its own")
struct IFLYBinderClauseTests {
    /// One way to break a valid binder, and the refusal it must meet.
    enum Break: String, CaseIterable, Sendable {
        case clickViewListedTwice, closeViewIsClickView, videoViewIsContainer, videoViewHasSubviews
        case videoViewIsClickView, videoViewIsCloseView, videoViewOutside, closeViewOutside, closeViewIsContainer
        case renderViewOutside, noVideoView, clickViewIsContainer
    }

    /// The hint prefix (71503 point) or the code each break is refused with.
    static func refusal(_ broken: Break) -> (code: AdError.Code?, point: String?) {
        switch broken {
        case .clickViewListedTwice: (nil, "[71503/duplicate]")
        case .closeViewIsClickView: (nil, "[71503/close]")
        case .clickViewIsContainer: (nil, "[71503/root]")
        case .videoViewIsContainer, .videoViewHasSubviews, .videoViewIsClickView, .videoViewIsCloseView,
            .videoViewOutside, .closeViewOutside, .closeViewIsContainer, .renderViewOutside, .noVideoView:
            (.invalidBinder, nil)
        }
    }

    @Test("I8-I15: a clickable video ad's valid binder attaches")
    func validBinderAttaches() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("video-download.xml")
        let cell = try ifly.addCell(y: 0)
        try ad.attach(with: ifly.binder(cell, for: ad))
        #expect(ad.unified.phase == .bound)
    }

    @Test("I8-I15: breaking one condition of a valid binder is refused, naming it", arguments: Break.allCases)
    func i15_eachConditionOnItsOwn(broken: Break) async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("video-download.xml")
        let cell = try ifly.addCell(y: 0)
        var binder = ifly.binder(cell, for: ad)
        let outside = try ifly.tree.makeNode(frame: Rect(x: 0, y: 400, width: 50, height: 50))
        try ifly.tree.addChild(outside, to: ifly.world.feed)
        switch broken {
        case .clickViewListedTwice: binder.clickViews = [cell.cta, cell.cta]
        case .closeViewIsClickView: binder.clickViews = [cell.cta, cell.close]
        case .clickViewIsContainer: binder.clickViews = [cell.container]
        case .videoViewIsContainer: binder.videoView = cell.container
        case .videoViewHasSubviews:
            let inner = try ifly.tree.makeNode(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            try ifly.tree.addChild(inner, to: cell.media)
        case .videoViewIsClickView: binder.clickViews = [cell.cta, cell.media]
        case .videoViewIsCloseView: binder.videoView = cell.close
        case .videoViewOutside: binder.videoView = outside
        case .closeViewOutside: binder.closeView = outside
        case .closeViewIsContainer: binder.closeView = cell.container
        case .renderViewOutside: binder.renderViews[.title] = outside
        case .noVideoView: binder.videoView = nil
        }
        let error = thrownError { try ad.attach(with: binder) }
        let expected = Self.refusal(broken)
        #expect(error != nil, "\(broken) was accepted")
        if let point = expected.point { #expect(error?.hint?.hasPrefix(point) == true, "\(String(describing: error))") }
        if let code = expected.code { #expect(error?.code == code, "\(String(describing: error))") }
        #expect(ad.unified.phase == .loaded)
    }
}
