import AdSimulator
import Testing

@testable import adsim

@Suite("adsim command line")
struct ADSimCommandLineTests {
    @Test("--help prints the usage text with subcommands and providers, exit 0")
    func helpFlagPrintsUsage() async {
        let output = CommandOutput.buffered()
        let status = await ADSim().run(["--help"], output: output)
        #expect(status == .success)
        #expect(output.standardOutput.contains("SUBCOMMANDS:"))
        #expect(output.standardOutput.contains("  help "))
        #expect(output.standardOutput.contains("PROVIDERS:"))
        #expect(output.standardError.isEmpty)
    }

    @Test("No arguments without a demo subcommand prints the usage text, exit 0")
    func noArgumentsWithoutDemoPrintsUsage() async {
        let output = CommandOutput.buffered()
        let adsim = ADSim(subcommands: [HelpCommand.subcommand, ParseCommand.subcommand], providerLines: [])
        let status = await adsim.run([], output: output)
        #expect(status == .success)
        #expect(output.standardOutput.contains("SUBCOMMANDS:"))
        #expect(output.standardOutput.contains("(none registered)"))
    }

    @Test("An unknown subcommand exits 64 with an error on stderr")
    func unknownSubcommandExits64() async {
        let output = CommandOutput.buffered()
        let status = await ADSim().run(["frobnicate"], output: output)
        #expect(status == .usage)
        #expect(status.rawValue == 64)
        #expect(output.standardError.hasPrefix("Error: Unknown subcommand 'frobnicate'."))
        #expect(output.standardOutput.isEmpty)
    }

    @Test("An unknown option exits 64")
    func unknownOptionExits64() async {
        let output = CommandOutput.buffered()
        #expect(await ADSim().run(["--verbose"], output: output) == .usage)
        #expect(output.standardError.contains("Unknown option '--verbose'"))
    }

    @Test("help <command> and <command> --help print the same text")
    func helpForCommand() async {
        let viaHelp = CommandOutput.buffered()
        let viaFlag = CommandOutput.buffered()
        #expect(await ADSim().run(["help", "help"], output: viaHelp) == .success)
        #expect(await ADSim().run(["help", "--help"], output: viaFlag) == .success)
        #expect(viaHelp.standardOutput.hasPrefix("OVERVIEW: Show help."))
        #expect(viaHelp.standardOutput == viaFlag.standardOutput)
    }
}
