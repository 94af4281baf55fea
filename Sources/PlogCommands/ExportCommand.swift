import ArgumentParser
import PromptLog

/// `plog export --jsonl`: every block as one JSON object per line.
package struct ExportCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print every block as JSON, one object per line (oldest first).",
        discussion: """
            Each line: {timestamp, model, project, task, prompt, outcome, verdict, turns, offset, \
            line, text}; offset is the header's byte offset in the log, line its 1-based line number, \
            text the block as written. The preamble is not exported.
            """)

    @OptionGroup package var log: LogOptions

    @Flag(name: .long, help: "JSON Lines: one object per line (the only format, and the default).")
    package var jsonl = false

    package init() {}

    package func run() throws {
        let ctx = try log.context()
        let file = try MappedFile(path: ctx.logPath)
        file.adviseSequential()
        file.withBytes { buf in
            var out: [UInt8] = []
            out.reserveCapacity(1 << 20)
            LogScanner.scan(buf) { span in
                let block = LogParser.block(buf, span)
                out += BlockJSON.object(block, line: span.line, text: block.raw).utf8
                out.append(10)
                if out.count >= 1 << 20 { Terminal.writeBytes(out, fd: 1); out.removeAll(keepingCapacity: true) }
            }
            Terminal.writeBytes(out, fd: 1)
        }
    }
}
