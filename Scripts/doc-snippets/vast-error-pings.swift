// The wrapper of a fragment that builds an ad's error pings (Scripts/check-docs.sh): `ad` (a parsed `VASTAd`) is
// in scope.
import AdCreative

func errorPings(of ad: VASTAd) {
    // snippet
    _ = pings
}
