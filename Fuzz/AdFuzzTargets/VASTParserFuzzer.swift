import AdCore
import AdCreative
import AdVAST

/// The VAST parser target: one input is one document, parsed twice (with and without `allowNoAd`); the same
/// bytes must give the same document or the same error.
enum VASTParserFuzzer {
    static func run(_ input: [UInt8]) -> [String] {
        let parser = VASTParser()
        let first = parse(input, parser, allowNoAd: true)
        let second = parse(input, parser, allowNoAd: true)
        var problems: [String] = []
        if first != second { problems.append("vast: two parses of the same bytes differ") }
        if case .failure(let error) = first { problems += FuzzProblems.check(error, "vast") }
        if case .success(let document) = first {
            // What the providers and the CLI read of a document.
            _ = document.noAdFailure
            _ = document.hasPlayableAd
            for ad in document.ads { _ = ad.isPlayable }
        }
        if case .failure(let error) = parse(input, parser, allowNoAd: false) {
            problems += FuzzProblems.check(error, "vast")
        }
        return problems
    }

    private static func parse(_ input: [UInt8], _ parser: VASTParser, allowNoAd: Bool) -> Result<
        VASTDocument, VASTError
    > {
        input.withUnsafeBytes { buffer in
            Result { () throws(VASTError) -> VASTDocument in try parser.parse(bytes: buffer, allowNoAd: allowNoAd) }
        }
    }
}
