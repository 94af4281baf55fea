import ArgumentParser
import PromptLog

/// `plog outcome`: record how the newest prompt went, by appending.
package struct OutcomeCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "outcome",
        abstract: "Add an outcome to the newest block.",
        discussion: """
            Appends to the log, never rewrites it: a new OUTCOME: section when the newest block has \
            none, more bullets when OUTCOME: is its last section. The verdict flags write a first \
            bullet that `plog stats` reads: --hit "Worked first try.", --partial --turns 3 \
            "Worked after 3 turns.", --miss "Failed: TEXT", --miss --turns 4 "Failed after 4 turns: TEXT".
            """)

    @OptionGroup package var log: LogOptions

    @Flag(help: "It worked on the first try.") package var hit = false
    @Flag(help: "It worked after more turns, or partly.") package var partial = false
    @Flag(help: "It did not work.") package var miss = false

    @Option(help: ArgumentHelp("Turns it took to a working answer (implies --partial when above 1), or with --miss the turns tried before giving up.", valueName: "n"))
    package var turns: Int?

    @Flag(name: .shortAndLong, help: "Print nothing on success.") package var quiet = false

    @Argument(help: "What happened, in your words.") package var text: [String] = []

    package init() {}

    package func validate() throws {
        if [hit, partial, miss].filter({ $0 }).count > 1 {
            throw ValidationError("choose one of --hit, --partial, --miss")
        }
        if let turns {
            guard turns >= 1 else { throw ValidationError("--turns must be 1 or more, not \(turns)") }
            if hit { throw ValidationError("--turns goes with --partial or --miss (a hit is one turn)") }
        }
        if !hit && !partial && !miss && turns == nil && words.isEmpty {
            throw ValidationError("say what happened: plog outcome --hit, --partial [--turns N], --miss, or TEXT")
        }
    }

    var words: String { text.joined(separator: " ") }

    var verdict: OutcomeAppender.Verdict? {
        if miss { return .miss(turns: turns) }
        if hit || turns == 1 && !partial { return .hit }
        if partial || turns != nil { return .partial(turns: turns) }
        return nil
    }

    package func run() throws {
        let ctx = try log.context()
        let bullet = OutcomeAppender.bullet(verdict: verdict, text: words)
        let result = try OutcomeAppender.append([bullet], to: ctx.logPath)
        guard !quiet else { return }
        Terminal.printNote("added to " + result.header.dropFirst(3) + ": " + bullet)
        if result.hadOutcome && verdict != nil {
            Terminal.printNote("note: the block already had an outcome; its first bullet still carries the verdict")
        }
    }
}
