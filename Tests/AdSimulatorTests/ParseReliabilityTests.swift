import AdSimulator
import Testing

/// What `adsim parse` shows for the reliability rules that change its output: R8 (the caps of one resolution) and
/// R17 (real-world forms).
@Suite("adsim parse: no playable ad (R17) and the caps of --resolve (R8)")
struct ParseReliabilityTests {
    static var fixtures: String { ParseCommandPaths.fixtures }

    @Test("R17: adsim parse reports a response whose only ad has no creative as no ad, VAST 303, exit 1")
    func r17_noCreativeIsNoAd() async {
        let (status, out, _) = await ParseCommandTests.run(["parse", Self.fixtures + "/no-creative.xml"])
        #expect(status == .failure)
        #expect(
            out == """
                FAIL  <fixtures>/no-creative.xml  VAST error 303: The VAST response has no playable ad: no <InLine> \
                in it has a <Creative> at the end of <VAST> (line 14, column 8).

                """)
        let (_, json, _) = await ParseCommandTests.run(["parse", "--json", Self.fixtures + "/no-creative.xml"])
        #expect(json.contains("\"ok\":false"))
        #expect(json.contains("\"errorCode\":303"))
    }

    @Test("R17: adsim parse --resolve follows a VAST 2.0 <VASTAdTagURL><URL> wrapper")
    func r17_resolveURLForm() async {
        let (status, out, _) = await ParseCommandTests.run(["parse", Self.fixtures + "/vast2-url-form.xml"])
        #expect(status == .success)
        #expect(out.hasPrefix("OK    <fixtures>/vast2-url-form.xml  VAST 2.0  ads=1 inline=0 wrappers=1"))
        let (resolvedStatus, resolved, _) = await ParseCommandTests.run([
            "parse", "--resolve", Self.fixtures + "/vast2-url-form.xml",
        ])
        #expect(resolvedStatus == .success)
        #expect(resolved.hasPrefix("OK    <fixtures>/vast2-url-form.xml  VAST 2.0  ads=1 inline=1 wrappers=0"))
        // The wrapper's impression is merged in front of the inline ad's own.
        #expect(resolved.contains("impressions=2"))
    }

    @Test("R8: adsim parse --resolve on the fan-out fixtures stops at the resolved-ad cap with VAST 302, exit 1")
    func r8_resolveFanOutStops() async {
        let (status, out, _) = await ParseCommandTests.run([
            "parse", "--resolve", Self.fixtures + "/hostile/fanout/root.xml",
        ])
        #expect(status == .failure)
        #expect(
            out.hasPrefix(
                "FAIL  <fixtures>/hostile/fanout/root.xml  VAST error 302: More than 32 resolved ads exceeds the "
                    + "maxResolvedAds limit (32)."))
    }
}
