import ArgumentParser
import PromptLog

/// `plog last [N]`: the newest blocks, as written.
package struct LastCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "last",
        abstract: "Print the newest blocks as written (oldest of them first).")

    @OptionGroup package var log: LogOptions
    @Argument(help: "How many blocks (default 1).") package var count: Int = 1

    package init() {}

    package func validate() throws {
        guard count >= 1 else { throw ValidationError("N must be 1 or more, not \(count)") }
    }

    package func run() throws {
        let ctx = try log.context()
        guard Path.exists(ctx.logPath) else {
            throw PlogError.refused(what: ctx.logPath, reason: "the log does not exist yet", hint: "log a prompt first: plog add")
        }
        let blocks = try TailReader.lastBlocks(count, path: ctx.logPath)
        var out: [UInt8] = []
        for (i, b) in blocks.enumerated() {
            if i > 0 { out.append(10) }
            out += b.raw
            if out.last != 10 { out.append(10) }
        }
        Terminal.writeBytes(out, fd: 1)
        if blocks.isEmpty { throw ExitCode(1) }
    }
}
