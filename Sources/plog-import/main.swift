import PromptImport
import PromptLog

/// `plog-import`: the part of plog that reads other tools' histories. `plog import TOOL` execs it
/// with an `ImportRequest`; it reads, dedupes, merges, commits and prints the summary. It links
/// neither the argument parser nor Foundation.
/// Reads, dedupes, merges, commits, and prints the summary.
struct ReaderBackend {
    func importHistory(_ options: ImportRequest) throws {
        let tool = options.tool, paths = options.paths
        guard let reader = HistoryReaders.reader(for: tool) else {
            throw PlogError.invalidInput(input: tool, reason: "this plog-import has no reader for it",
                                         hint: "reinstall plog (shell/install) so that plog and plog-import match")
        }
        let ctx = try CommandContext(file: options.file)
        let since = try options.since.map { try DateBound.parse($0, now: Int64(time(nil))) }
        let sources = paths.isEmpty ? type(of: reader).defaultPaths(env: ctx.env) : paths.map(ctx.env.absolutePath)
        guard !sources.isEmpty else {
            throw PlogError.invalidInput(input: tool, reason: "no \(tool) history found where \(tool) keeps it",
                                         hint: "name the directory or file: plog import \(tool) PATH")
        }
        let logPath = ImportMerge.resolvedPath(ctx.logPath)
        let indexedSize = Path.exists(logPath) ? (try MappedFile(path: logPath)).count : 0
        let job = LogImport(logPath: logPath, since: since, rules: CaptureRules(config: ctx.config))
        var (blocks, fills, tally) = try job.collectWithFills(reader, paths: sources)

        var repository: String?
        var modelsFilled = 0
        if !options.dryRun && (!blocks.isEmpty || !fills.isEmpty) {
            if !options.noCommit, let repo = CaptureDefaults.gitRepositoryRoot(from: Path.dirname(logPath)) {
                // Pending changes to the log first, so that the import is a commit of its own.
                if Path.exists(logPath) { try commit(logPath: logPath, message: nil, env: ctx.env) }
                repository = repo
            }
            let result = try ImportMerge.merge(blocks, fills: fills, into: logPath, tool: tool, indexedSize: indexedSize)
            modelsFilled = result.modelsFilled
            tally.added = result.added
            tally.alreadyPresent += result.arrivedMeanwhile
            if let repo = repository, result.added > 0 || result.modelsFilled > 0 {
                try commit(logPath: logPath, message: "plog import \(tool): +\(result.added) prompts"
                           + (result.modelsFilled > 0 ? ", \(result.modelsFilled) models filled in" : ""), env: ctx.env)
                repository = repo
            } else {
                repository = nil
            }
        }
        blocks.removeAll()
        guard !options.quiet else { return }
        Terminal.printNote(summary(tool: tool, tally: tally, dryRun: options.dryRun, since: options.since, log: logPath)
                           + (modelsFilled > 0 ? "; the model filled in on \(modelsFilled) captured block\(modelsFilled == 1 ? "" : "s")" : ""))
        if let repo = repository {
            Terminal.printNote("the import is one commit in \(repo): `git -C \(shellQuoted(repo)) show --stat HEAD` shows it, "
                               + "`git -C \(shellQuoted(repo)) revert HEAD` undoes it")
        }
    }

    func summary(tool: String, tally: ImportTally, dryRun: Bool, since: String?, log: String) -> String {
        var parts = [
            dryRun ? "would add \(tally.added)" : "added \(tally.added)",
            "\(tally.alreadyPresent) already present",
            "\(tally.notTyped) not typed by a person",
            "\(tally.trivial) trivial",
            "\(tally.unreadable) unreadable lines",
        ]
        if let since { parts.append("\(tally.tooOld) before \(since)") }
        if tally.secretsRedacted > 0 { parts.append("\(tally.secretsRedacted) credentials redacted") }
        return "\(tool): " + parts.joined(separator: ", ") + (dryRun ? " (dry run: \(log) unchanged)" : " (\(log))")
    }

    /// Commits the log through `plog-git commit`, the way `plog commit` does; no change, no commit.
    func commit(logPath: String, message: String?, env: Environment) throws {
        guard let git = Executable.helper(named: "plog-git", env: env) else {
            throw PlogError.refused(what: "plog-git was not found",
                                    reason: "the log is in a git repository, and plog import commits it before and after the import",
                                    hint: "reinstall plog (shell/install), or pass --no-commit")
        }
        var argv = [git, "commit", "--quiet", "--file", logPath]
        if let message { argv += ["--message", message] }
        let status = try Subprocess.runInteractive(argv, env: env)
        guard status == 0 else {
            throw PlogError.refused(what: "plog import", reason: "`plog commit` failed (exit \(status)) "
                                        + (message == nil ? "before the import; the log is unchanged" : "after the import; the log holds the imported blocks"),
                                    hint: message == nil ? "fix what it says, or pass --no-commit" : "run `plog commit` once the repository is fixed")
        }
    }
}

HelperProgram.run {
    let request = try ImportRequest(arguments: Array(CommandLine.arguments.dropFirst()))
    if request.noColor { Terminal.colorDisabled = true }
    try ReaderBackend().importHistory(request)
    return 0
}
