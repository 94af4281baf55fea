import ArgumentParser
import PromptLog

/// `plog cron install|remove|show`: the daily `plog commit`.
package struct CronCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
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

    package init() {}

    package typealias Scheduler = DailyJob.Scheduler

    /// Options that shape the job.
    package struct JobOptions: ParsableArguments {
        @Option(help: ArgumentHelp("When to commit each day, 24-hour local time.", valueName: "HH:MM"))
        package var at: String = "23:55"

        @Flag(help: "Also push after committing (`plog commit --push`).")
        package var push = false

        @Flag(help: "Run `plog sync` instead: commit, merge the remote's blocks, push.")
        package var sync = false

        @Flag package var scheduler: Scheduler = .cron

        package init() {}

        package func validate() throws {
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

    package struct Install: ParsableCommand {
        package static let configuration = CommandConfiguration(
            commandName: "install", abstract: "Install the daily commit (idempotent).")

        @OptionGroup package var log: LogOptions
        @OptionGroup package var options: JobOptions
        @Flag(name: .shortAndLong, help: "Print nothing unless something goes wrong.") package var quiet = false

        package init() {}

        package func run() throws {
            let ctx = try log.context()
            let notes = try options.job(logPath: ctx.logPath, env: ctx.env).install(options.scheduler, env: ctx.env)
            // The "not in a git repository" note is shown even with --quiet: the job would fail.
            for n in notes where !quiet || n.hasPrefix("note:") { Terminal.printNote(n) }
        }
    }

    package struct Remove: ParsableCommand {
        package static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove the daily commit (only plog's own line or files).")

        @Flag package var scheduler: Scheduler = .cron
        @Flag(name: .shortAndLong, help: "Print nothing unless something goes wrong.") package var quiet = false

        package init() {}

        package func run() throws {
            let message = try DailyJob.remove(scheduler, env: Environment.process)
            if !quiet { Terminal.printNote(message) }
        }
    }

    package struct Show: ParsableCommand {
        package static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Print the job: the crontab line, or the units filled in.")

        @OptionGroup package var log: LogOptions
        @OptionGroup package var options: JobOptions

        package init() {}

        package func run() throws {
            let ctx = try log.context()
            let (text, note) = options.job(logPath: ctx.logPath, env: ctx.env).show(options.scheduler, env: ctx.env)
            Terminal.write(text)
            if let note { Terminal.printNote(note) }
        }
    }
}

extension DailyJob.Scheduler: EnumerableFlag {
    public static func help(for value: DailyJob.Scheduler) -> ArgumentHelp? {
        switch value {
        case .cron: return "A line in your crontab."
        case .systemd: return "A systemd user service and timer (~/.config/systemd/user)."
        case .launchd: return "A launchd agent (~/Library/LaunchAgents, macOS)."
        }
    }
}
