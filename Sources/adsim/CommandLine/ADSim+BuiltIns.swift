import AdSimulator

extension ADSim {
    /// The subcommands `adsim` ships with, in the order its usage text lists them.
    static var builtInSubcommands: [Subcommand] {
        [
            DemoCommand.subcommand, ConformanceCommand.subcommand, ContentCommand.subcommand, HelpCommand.subcommand,
            InspectCommand.subcommand, MergeCommand.subcommand, OptimizeCommand.subcommand, ParseCommand.subcommand,
            SimulateCommand.subcommand,
            ValidateCommand.subcommand,
        ]
    }
}
