import PromptLog
import PromptVault

/// Runs the git commands through PromptVault and reports what happened.
struct VaultBackend {
    func run(_ request: GitRequest) throws {
        switch request.verb {
        case .initialize: try initialize(request)
        case .commit: try commit(request)
        case .sync: try sync(request)
        }
    }

    func initialize(_ command: GitRequest) throws {
        let ctx = try CommandContext(file: command.file)
        let report = try translatingErrors {
            try Vault.initialize(directory: command.directory, logPath: ctx.logPath, remote: command.remote, env: ctx.env)
        }
        guard !command.quiet else { return }
        for step in report.steps where step.done { Terminal.printNote(step.text) }
        if let outer = report.enclosingRepository {
            Terminal.printNote("note: \(report.directory) is inside the repository \(outer); the log has its own repository, which \(outer) sees as an untracked directory")
        }
        if let commit = report.commit, let id = commit.commit {
            Terminal.printNote("committed \(id.short) on \(commit.branch): \(commit.message)")
        }
        if report.steps.allSatisfy({ !$0.done }) && report.commit == nil {
            Terminal.printNote("already set up: \(report.log) in the repository at \(report.directory)")
        }
        if report.log != (realPath(ctx.logPath) ?? ctx.logPath) {
            Terminal.printNote("note: plog uses \(ctx.logPath) (\(ctx.location.reason)); to use \(report.log), run plog inside \(report.directory), pass --file, or set `log = \(report.log)` in \(ctx.config.path)")
        }
        let job = DailyJob(plog: Executable.plogBesideThis(), log: report.log, env: ctx.env)
        Terminal.printNote("for a daily commit, `plog cron install` adds this line to your crontab:")
        Terminal.write(job.cronLine + "\n")
    }

    func commit(_ command: GitRequest) throws {
        let ctx = try CommandContext(file: command.file)
        let report = try translatingErrors { try Vault.commit(logPath: ctx.logPath, message: command.message, env: ctx.env) }
        // Even with --quiet: the daily job's output goes to the cron log, where these belong.
        for note in report.notes { Terminal.printNote(note) }
        if !command.quiet {
            if let id = report.commit {
                Terminal.printNote("committed \(id.short) on \(report.branch) in \(report.repository): \(report.message)")
            } else {
                Terminal.printNote("nothing to commit: \(report.pathInRepository) is unchanged in \(report.repository)")
            }
        }
        if command.push {
            let pushed = try translatingErrors {
                try Vault.push(logPath: ctx.logPath, remoteName: nil, env: ctx.env, localCommit: report.commit,
                               allowSecrets: command.allowSecrets)
            }
            if !command.quiet { Terminal.printNote(pushed.summary) }
        }
    }

    func sync(_ command: GitRequest) throws {
        let ctx = try CommandContext(file: command.file)
        let report = try translatingErrors { try Vault.sync(logPath: ctx.logPath, remoteName: command.remote, env: ctx.env,
                                                          allowSecrets: command.allowSecrets) }
        for note in report.notes { Terminal.printNote(note) }
        guard !command.quiet else { return }
        for line in report.lines { Terminal.printNote(line) }
    }

    /// libgit2 failures become plog errors (exit 2) that name what was being done.
    private func translatingErrors<R>(_ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let e as GitError {
            throw PlogError.refused(what: "git", reason: e.description, hint: hint(for: e))
        } catch let e as PackError {
            throw PlogError.refused(what: "git", reason: e.description, hint: "run `git fsck` in the repository")
        }
    }

    private func hint(for error: GitError) -> String {
        if error.isLocked { return "another git process holds a lock in the repository; wait for it, or remove the stale .lock file it names" }
        return ""
    }
}
