import Foundation

// `adfuzz <target> [libFuzzer options] [corpus folders or files]`: see AdFuzzCommand and Scripts/fuzz.sh.
exit(AdFuzzCommand.run(CommandLine.arguments))
