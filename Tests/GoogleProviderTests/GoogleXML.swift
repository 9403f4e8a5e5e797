/// Hand-written Google responses for bad-input and edge-case tests.
enum GoogleXML {
    /// A video ad (10 s, one media file) with the given google-fullscreen extension body.
    static func video(
        extensionBody: String, linearAttributes: String = "", mediaFiles: String? = nil,
        duration: String = "00:00:10", tracking: String = ""
    ) -> String {
        let media =
            mediaFiles
                ?? """
                <MediaFile delivery="progressive" type="video/mp4" width="1080" height="1920">\
                https://cdn.google.test/custom.mp4</MediaFile>
                """
        return """
            <VAST version="4.2"><Ad id="custom"><InLine><AdSystem>Google</AdSystem><AdTitle>Custom</AdTitle>
            <Impression>https://t.google.test/imp?ad=custom</Impression>
            <Error>https://t.google.test/err?ad=custom&amp;code=[ERRORCODE]</Error>
            <Creatives><Creative id="cr-custom"><Linear \(linearAttributes)><Duration>\(duration)</Duration>
            <TrackingEvents>\(tracking)</TrackingEvents>
            <MediaFiles>\(media)</MediaFiles></Linear></Creative></Creatives>
            <Extensions><Extension type="google-fullscreen">\(extensionBody)</Extension></Extensions>
            </InLine></Ad></VAST>
            """
    }

    /// A video ad without any google-fullscreen extension.
    static let withoutExtension = """
        <VAST version="4.2"><Ad id="plain"><InLine><AdSystem>Google</AdSystem><AdTitle>Plain</AdTitle>
        <Impression>https://t.google.test/imp?ad=plain</Impression>
        <Error>https://t.google.test/err?ad=plain&amp;code=[ERRORCODE]</Error>
        <Creatives><Creative><Linear><Duration>00:00:10</Duration><MediaFiles>
        <MediaFile delivery="progressive" type="video/mp4" width="1" height="1">https://cdn.google.test/p.mp4</MediaFile>
        </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
        """

    /// The standard VAST no-ad response.
    static let noAd = """
        <VAST version="4.2"><Error>https://t.google.test/noad?code=[ERRORCODE]</Error></VAST>
        """

    /// A wrapper whose next hop is not served.
    static let wrapperToNowhere = """
        <VAST version="4.2"><Ad id="w"><Wrapper><AdSystem>Google</AdSystem>
        <VASTAdTagURI>https://ads.google.test/vast/missing.xml</VASTAdTagURI>
        <Impression>https://t.google.test/w-imp</Impression>
        <Error>https://t.google.test/w-err?code=[ERRORCODE]</Error>
        </Wrapper></Ad></VAST>
        """
}
