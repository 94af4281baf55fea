import PromptLog

/// One tool's history, read as the prompts a person typed in it.
///
/// A reader streams: it hands each prompt to `emit` as it finds it and keeps no more of the
/// history in memory than one record (transcripts run to gigabytes and are mostly tool traffic).
/// Deciding what a person typed is the reader's job (it knows the tool's records); trivial
/// prompts, dedupe against the log, secrets and the merge are the importer's, the same for every tool.
package protocol HistoryReader {
    /// The tool's name as written in SOURCE lines (`claude-code`, `codex`, ...).
    static var tool: String { get }

    /// Where the tool keeps its history when the user names no path, honouring the tool's own
    /// environment variables; only paths that exist.
    static func defaultPaths(env: Environment) -> [String]

    /// Reads the history under `paths` (files or directories, as the tool lays them out),
    /// calling `emit` with each prompt a person typed, cleaned (`PromptText.clean`), in the order
    /// found. Records that are not a person's prompt are counted in `tally.notTyped`; records
    /// that cannot be read at all in `tally.unreadable` (never an error: one bad line must not
    /// stop an import of years). Throws only when a named path cannot be opened.
    func read(paths: [String], tally: inout ImportTally, emit: (CapturedPrompt) throws -> Void) throws
}

/// What one import of one source did, for its summary line.
package struct ImportTally: Sendable, Equatable {
    /// Prompts written to the log.
    package var added = 0
    /// Prompts the log already holds (same SOURCE, or the same text in the same session).
    package var alreadyPresent = 0
    /// Records that are not a person's typed prompt (tool results, meta lines, summaries,
    /// subagent traffic, command wrappers, injected context).
    package var notTyped = 0
    /// Prompts skipped as trivial by the capture rules.
    package var trivial = 0
    /// Prompts older than `--since`.
    package var tooOld = 0
    /// Lines or records that could not be read.
    package var unreadable = 0
    /// Credentials redacted from the prompts written.
    package var secretsRedacted = 0

    package init() {}
}

/// The readers `plog import` knows, by the tool name of its subcommand.
package enum HistoryReaders {
    package static let all: [any HistoryReader] = [ClaudeCodeReader(), CodexReader(),
                                                  GeminiReader(), AiderReader(), ChatGPTReader(), LLMReader()]

    package static func reader(for tool: String) -> (any HistoryReader)? {
        all.first { type(of: $0).tool == tool }
    }
}
