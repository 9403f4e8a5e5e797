// The wrapper of a fragment that reads an inline ad (Scripts/check-docs.sh): `inLine` (a parsed `VASTInLine`) is
// in scope.
import AdCreative

func readExtensions(of inLine: VASTInLine) {
    // snippet
    _ = (titles, enabled, image, count)
}
