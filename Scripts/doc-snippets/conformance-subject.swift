// The wrapper of a block that judges `exampleSubject()` (Scripts/check-docs.sh): the subject Docs/Conformance.md's
// first example builds, ExampleProvider with its responses written inline.
// snippet
import ExampleProvider

func exampleSubject() throws -> ConformanceSubject {
    let houseAd = """
        <VAST version="4.2"><Ad><InLine><AdSystem>Example</AdSystem><AdTitle>Winter sale</AdTitle>
          <Creatives><Creative id="ex-1"/></Creatives>
          <Extensions><Extension type="house-ads"><Title>Winter sale</Title><Required>title</Required>
            <ClickThrough>https://shop.example/winter</ClickThrough></Extension></Extensions>
        </InLine></Ad></VAST>
        """
    let responses = ConformanceResponses(
        fill: Array(houseAd.utf8), noFill: Array(#"<VAST version="4.2"/>"#.utf8),
        malformed: Array("<VAST version=".utf8))
    return ConformanceSubject(provider: { ExampleProvider() }, responses: [.native: responses])
}
