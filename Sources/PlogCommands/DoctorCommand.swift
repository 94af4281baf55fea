import ArgumentParser
import PromptLog

/// `plog doctor`: the checks a user can act on, with a hint for each problem.
package struct DoctorCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the log, its permissions, drafts, repository, schedule and clipboard.",
        discussion: """
            Checks, in order: the log reads cleanly (the first line that does not: a header whose \
            timestamp does not parse, bytes that are not UTF-8, a NUL byte); its last write is \
            complete (a killed add leaves the last line unfinished); it is not readable or writable \
            by others; no saved drafts are waiting to be logged; with --secrets, it holds no \
            credentials (line numbers and kinds are printed, never the secrets); the git repository \
            holding it is not mid-merge, locked or detached, and was committed recently if the log \
            changed; `plog commit` is scheduled (cron, a systemd timer or a launchd agent); a \
            clipboard is available for recall.

            The repository is read from the files under .git (HEAD, refs, the reflog), without git \
            or libgit2. Exit status: 0 when healthy, 1 when a problem was found (notes do not \
            count), 2 on an error.
            """)

    @OptionGroup package var log: LogOptions

    @Flag(name: .long, help: "Also scan the whole log for credentials (API keys, tokens, private keys, passwords).")
    package var secrets = false

    @Flag(name: .long, help: "Print the report as one JSON object.")
    package var json = false

    @Flag(name: .shortAndLong, help: "Print only problems (and nothing when healthy).")
    package var quiet = false

    package init() {}

    package func run() throws {
        let ctx = try log.context()
        var report = Doctor.examine(logPath: ctx.logPath, env: ctx.env, config: ctx.config,
                                    options: Doctor.Options(scanSecrets: secrets))
        if json {
            Terminal.write(Doctor.json(report))
        } else {
            if quiet { report.checks = report.checks.filter { $0.status == .problem } }
            if !quiet || !report.isHealthy {
                Terminal.write(Doctor.render(report, color: Terminal.useColor(fd: 1, env: ctx.env)))
            }
        }
        if !report.isHealthy { throw ExitCode(1) }
    }
}
