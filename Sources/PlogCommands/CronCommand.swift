import ArgumentParser
import PromptLog

/// `plog cron install|remove|show`: the daily `plog commit`.
public struct CronCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "cron",
        abstract: "Commit the log every day: install, remove or show the job.",
        discussion: """
            The job runs `plog commit --quiet --file LOG` (or `plog sync` with --sync) at 23:55 (or \
            --at HH:MM) with the absolute \
            path of this plog, and appends its output to $XDG_STATE_HOME/plog/cron.log \
            (~/.local/state/plog/cron.log). By default it is a crontab line, edited through \
            `crontab -l` and `crontab -`; every other line of your crontab is kept as it is. With \
            --systemd it is a systemd user service and timer, with --launchd a launchd agent (macOS).
            """,
        subcommands: [Install.self, Remove.self, Show.self])

    public init() {}

    /// Where the job lives.
    public enum Scheduler: String, EnumerableFlag {
        case cron, systemd, launchd

        public static func help(for value: Scheduler) -> ArgumentHelp? {
            switch value {
            case .cron: return "A line in your crontab."
            case .systemd: return "A systemd user service and timer (~/.config/systemd/user)."
            case .launchd: return "A launchd agent (~/Library/LaunchAgents, macOS)."
            }
        }
    }

    /// Options that shape the job.
    public struct JobOptions: ParsableArguments {
        @Option(help: ArgumentHelp("When to commit each day, 24-hour local time.", valueName: "HH:MM"))
        public var at: String = "23:55"

        @Flag(help: "Also push after committing (`plog commit --push`).")
        public var push = false

        @Flag(help: "Run `plog sync` instead: commit, merge the remote's blocks, push.")
        public var sync = false

        @Flag public var scheduler: Scheduler = .cron

        public init() {}

        public func validate() throws {
            guard DailyJob.parseTime(at) != nil else {
                throw ValidationError("--at takes a time of day as HH:MM (00:00 to 23:59), not '\(at)'")
            }
            if push && sync { throw ValidationError("--sync already pushes; choose --push or --sync") }
        }

        func job(logPath: String, env: Environment) -> DailyJob {
            DailyJob(plog: GitHandoff.runningExecutable() ?? "plog", log: logPath,
                     at: DailyJob.parseTime(at) ?? (23, 55), push: push, sync: sync, env: env)
        }
    }

    public struct Install: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "install", abstract: "Install the daily commit (idempotent).")

        @OptionGroup public var log: LogOptions
        @OptionGroup public var options: JobOptions
        @Flag(name: .shortAndLong, help: "Print nothing unless something goes wrong.") public var quiet = false

        public init() {}

        public func run() throws {
            let ctx = try log.context()
            let job = options.job(logPath: ctx.logPath, env: ctx.env)
            let note: (String) -> Void = { if !quiet { Terminal.printNote($0) } }
            if !CronCommand.isInGitRepository(ctx.logPath) {
                Terminal.printNote("note: \(ctx.logPath) is not in a git repository yet; run `plog init` before the job first runs")
            }
            switch options.scheduler {
            case .cron:
                try Path.makeDirectories(Path.dirname(job.output), mode: 0o700)
                let table = try Crontab.read(env: ctx.env)
                let (updated, changed) = job.installing(into: table)
                if changed {
                    try Crontab.write(updated, env: ctx.env)
                    note("installed in your crontab:\n  \(job.cronLine)")
                } else {
                    note("already in your crontab:\n  \(job.cronLine)")
                }
            case .systemd:
                let dir = DailyJob.systemdDirectory(ctx.env)
                let changed = try CronCommand.writeUnits(dir: dir, [
                    (DailyJob.systemdUnitName + ".service", job.systemdService),
                    (DailyJob.systemdUnitName + ".timer", job.systemdTimer),
                ])
                note((changed ? "wrote" : "already up to date:") + " \(dir)/\(DailyJob.systemdUnitName).service and .timer")
                note("enable it with: systemctl --user daemon-reload && systemctl --user enable --now \(DailyJob.systemdUnitName).timer")
            case .launchd:
                let dir = DailyJob.launchdDirectory(ctx.env)
                let file = DailyJob.launchdLabel + ".plist"
                let changed = try CronCommand.writeUnits(dir: dir, [(file, job.launchdAgent)])
                note((changed ? "wrote" : "already up to date:") + " \(dir)/\(file)")
                note("load it with: launchctl load -w \(shellQuoted(dir + "/" + file))")
            }
        }
    }

    public struct Remove: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove the daily commit (only plog's own line or files).")

        @Flag public var scheduler: Scheduler = .cron
        @Flag(name: .shortAndLong, help: "Print nothing unless something goes wrong.") public var quiet = false

        public init() {}

        public func run() throws {
            let env = Environment.process
            let note: (String) -> Void = { if !quiet { Terminal.printNote($0) } }
            switch scheduler {
            case .cron:
                let table = try Crontab.read(env: env)
                let (updated, removed) = DailyJob.removing(from: table)
                if removed > 0 {
                    try Crontab.write(updated, env: env)
                    note("removed plog's line from your crontab")
                } else {
                    note("plog's line is not in your crontab; nothing to remove")
                }
            case .systemd:
                let dir = DailyJob.systemdDirectory(env)
                let removed = CronCommand.removeFiles(dir: dir, [DailyJob.systemdUnitName + ".timer",
                                                                 DailyJob.systemdUnitName + ".service"])
                note(removed > 0 ? "removed \(dir)/\(DailyJob.systemdUnitName).service and .timer; if the timer was enabled, run: systemctl --user disable --now \(DailyJob.systemdUnitName).timer"
                                 : "no plog units in \(dir); nothing to remove")
            case .launchd:
                let dir = DailyJob.launchdDirectory(env)
                let removed = CronCommand.removeFiles(dir: dir, [DailyJob.launchdLabel + ".plist"])
                note(removed > 0 ? "removed \(dir)/\(DailyJob.launchdLabel).plist; if it was loaded, run: launchctl remove \(DailyJob.launchdLabel)"
                                 : "no plog agent in \(dir); nothing to remove")
            }
        }
    }

    public struct Show: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Print the job: the crontab line, or the units filled in.")

        @OptionGroup public var log: LogOptions
        @OptionGroup public var options: JobOptions

        public init() {}

        public func run() throws {
            let ctx = try log.context()
            let job = options.job(logPath: ctx.logPath, env: ctx.env)
            switch options.scheduler {
            case .cron:
                Terminal.write(job.cronLine + "\n")
                if let table = try? Crontab.read(env: ctx.env) {
                    let installed = DailyJob.installedLine(in: table)
                    Terminal.printNote(installed == nil ? "not installed; `plog cron install` adds it"
                                       : installed == job.cronLine ? "installed" : "installed with different settings:\n  \(installed!)")
                }
            case .systemd:
                let dir = DailyJob.systemdDirectory(ctx.env)
                Terminal.write("# \(dir)/\(DailyJob.systemdUnitName).service\n" + job.systemdService
                               + "\n# \(dir)/\(DailyJob.systemdUnitName).timer\n" + job.systemdTimer)
            case .launchd:
                Terminal.write(job.launchdAgent)
            }
        }
    }

    /// Writes each file in `dir` (created 0755) unless it already has that content; whether any changed.
    static func writeUnits(dir: String, _ files: [(name: String, text: String)]) throws -> Bool {
        try Path.makeDirectories(dir, mode: 0o755)
        var changed = false
        for (name, text) in files {
            let path = dir + "/" + name
            if (try? FileIO.readAll(path)) == Array(text.utf8) { continue }
            let tmp = path + ".tmp"
            unlink(tmp)
            try FileIO.writeNew(tmp, Array(text.utf8), mode: 0o644)
            guard rename(tmp, path) == 0 else { throw PlogError.io(operation: "cannot write", path: path, errno: errno) }
            changed = true
        }
        return changed
    }

    static func removeFiles(dir: String, _ names: [String]) -> Int {
        names.filter { unlink(dir + "/" + $0) == 0 }.count
    }

    /// Whether the log's (real) directory is in a git repository.
    static func isInGitRepository(_ logPath: String) -> Bool {
        var dir: String
        if let p = realpath(logPath, nil) { dir = Path.dirname(String(cString: p)); free(p) } else { dir = Path.dirname(logPath) }
        return GitRepositoryState.locate(from: dir) != nil
    }
}
