import ArgumentParser
import PlogCommands

/// `plog-git`: the part of plog that links libgit2. `plog init|commit|sync` exec it with their
/// own arguments; it parses them with the same command definitions and does the work.
struct PlogGit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plog",
        abstract: "plog's git helper: run through `plog init`, `plog commit` and `plog sync`.",
        version: PlogVersion.string,
        subcommands: [InitCommand.self, CommitCommand.self, SyncCommand.self]
    )
}

GitHandoff.backend = VaultBackend()
CommandRunner.main(PlogGit.self)
