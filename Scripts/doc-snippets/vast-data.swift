// The wrapper of a block that parses `data` (the bytes of a VAST response) (Scripts/check-docs.sh); it may throw.
import Foundation

func parseExample(_ data: Data) throws {
    // snippet
}
