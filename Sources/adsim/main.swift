import AdSimulator
import Foundation

let output = CommandOutput.forwarding(errorIsTerminal: isatty(STDERR_FILENO) == 1) { text, isError in
    (isError ? FileHandle.standardError : FileHandle.standardOutput).write(Data(text.utf8))
}
let status = await ADSim().run(Array(CommandLine.arguments.dropFirst()), output: output)
exit(status.rawValue)
