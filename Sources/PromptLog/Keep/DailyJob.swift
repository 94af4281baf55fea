/// The daily `plog commit` job: the crontab line `plog cron install` manages, and the systemd
/// user units and launchd agent `plog cron show --systemd|--launchd` print. The unit texts are
/// also shipped in `shell/units/` (a test keeps both copies identical).
public struct DailyJob: Equatable, Sendable {
    /// Absolute path of the `plog` executable the job runs.
    public var plog: String
    /// Absolute path of the log to commit.
    public var log: String
    /// When to run, local time. Default 23:55.
    public var hour: Int
    public var minute: Int
    /// Where cron appends the job's output: `$XDG_STATE_HOME/plog/cron.log`.
    public var output: String
    /// Push after committing (`plog commit --push`).
    public var push: Bool
    /// Run `plog sync` (commit, merge, push) instead of `plog commit`.
    public var sync: Bool

    public init(plog: String, log: String, hour: Int = 23, minute: Int = 55, output: String, push: Bool = false,
                sync: Bool = false) {
        self.plog = plog; self.log = log; self.hour = hour; self.minute = minute; self.output = output
        self.push = push; self.sync = sync
    }

    /// The job for `log`, run by the plog at `plog`, output next to plog's other state files.
    public init(plog: String, log: String, at time: (hour: Int, minute: Int) = (23, 55), push: Bool = false,
                sync: Bool = false, env: Environment) {
        self.init(plog: plog, log: log, hour: time.hour, minute: time.minute,
                  output: env.stateDirectory + "/cron.log", push: push, sync: sync)
    }

    /// The arguments after the executable: `commit --quiet [--push] --file LOG`, or
    /// `sync --quiet --file LOG`.
    public var arguments: [String] {
        if sync { return ["sync", "--quiet", "--file", log] }
        return ["commit", "--quiet"] + (push ? ["--push"] : []) + ["--file", log]
    }

    /// `HH:MM`.
    public var timeText: String { pad(hour, 2) + ":" + pad(minute, 2) }

    /// Parses `HH:MM` (24-hour clock); nil when it is not a valid time of day.
    public static func parseTime(_ text: String) -> (hour: Int, minute: Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        return (h, m)
    }

    // MARK: crontab

    /// Ends every line plog manages, so that `install` finds and replaces its own line and
    /// `remove` deletes only it. The shell cron runs the line with treats it as a comment.
    public static let cronMarker = "# plog: daily commit (managed by plog cron)"

    /// The crontab line: time, the command with its output appended to `output`, the marker.
    /// `%` is escaped because cron turns a bare `%` into a newline.
    public var cronLine: String {
        let command = ([plog] + arguments).map(shellQuoted).joined(separator: " ")
            + " >> " + shellQuoted(output) + " 2>&1"
        return "\(minute) \(hour) * * * " + command.replacing("%", with: "\\%") + " " + DailyJob.cronMarker
    }

    /// `table` with this job's line in place of plog's existing one (or appended); every other
    /// line is kept byte for byte.
    public func installing(into table: String) -> (table: String, changed: Bool) {
        let lines = DailyJob.lines(table)
        var found = false
        var out: [String] = []
        for line in lines {
            if line.contains(DailyJob.cronMarker) {
                if !found { out.append(cronLine); found = true }
                continue
            }
            out.append(line)
        }
        if !found { out = lines + [cronLine] }
        let result = DailyJob.join(out, trailingNewline: true)
        return (result, result != table)
    }

    /// `table` without plog's lines, and how many there were.
    public static func removing(from table: String) -> (table: String, removed: Int) {
        let lines = lines(table)
        let kept = lines.filter { !$0.contains(cronMarker) }
        let removed = lines.count - kept.count
        if removed == 0 { return (table, 0) }
        return (join(kept, trailingNewline: table.hasSuffix("\n")), removed)
    }

    /// plog's line in `table`, if installed.
    public static func installedLine(in table: String) -> String? {
        lines(table).first { $0.contains(cronMarker) }
    }

    /// Lines without their `\n` (the text after the last `\n`, if any, is the last element).
    private static func lines(_ table: String) -> [String] {
        if table.isEmpty { return [] }
        var parts = table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if table.hasSuffix("\n") { parts.removeLast() }
        return parts
    }

    private static func join(_ lines: [String], trailingNewline: Bool) -> String {
        if lines.isEmpty { return "" }
        return lines.joined(separator: "\n") + (trailingNewline ? "\n" : "")
    }

    // MARK: systemd and launchd

    /// Name of the systemd user units (`plog-commit.service`, `plog-commit.timer`).
    public static let systemdUnitName = "plog-commit"
    /// Label and file name of the launchd agent.
    public static let launchdLabel = "dev.plog.commit"

    /// The service unit, filled in.
    public var systemdService: String {
        DailyJob.systemdServiceTemplate
            .replacing("@EXEC@", with: ([plog] + arguments).map(DailyJob.systemdQuoted).joined(separator: " "))
    }

    /// The timer unit, filled in.
    public var systemdTimer: String {
        DailyJob.systemdTimerTemplate.replacing("@TIME@", with: timeText)
    }

    /// The launchd agent, filled in.
    public var launchdAgent: String {
        let args = ([plog] + arguments).map { "        <string>\(DailyJob.xmlEscaped($0))</string>" }.joined(separator: "\n")
        return DailyJob.launchdTemplate
            .replacing("@ARGUMENTS@", with: args)
            .replacing("@HOUR@", with: String(hour))
            .replacing("@MINUTE@", with: String(minute))
            .replacing("@OUTPUT@", with: DailyJob.xmlEscaped(output))
    }

    /// Where the units go: `$XDG_CONFIG_HOME/systemd/user` (default `~/.config/systemd/user`).
    public static func systemdDirectory(_ env: Environment) -> String {
        (env["XDG_CONFIG_HOME"] ?? env.home + "/.config") + "/systemd/user"
    }

    /// Where the agent goes: `~/Library/LaunchAgents`.
    public static func launchdDirectory(_ env: Environment) -> String { env.home + "/Library/LaunchAgents" }

    /// A word for an `ExecStart=` line: double-quoted when it has spaces or quotes; `%` doubled
    /// (systemd expands `%` specifiers).
    static func systemdQuoted(_ s: String) -> String {
        var t = s.replacing("%", with: "%%")
        if t.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" || $0 == "'" || $0 == "\t" }) {
            t = "\"" + t.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        }
        return t
    }

    static func xmlEscaped(_ s: String) -> String {
        s.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
            .replacing("\"", with: "&quot;")
    }

    // The templates below are byte-identical to shell/units/*.
    public static let systemdServiceTemplate = """
        [Unit]
        Description=Commit the prompt log to git (plog commit)
        Documentation=man:plog(1)

        [Service]
        Type=oneshot
        ExecStart=@EXEC@

        """

    public static let systemdTimerTemplate = """
        [Unit]
        Description=Commit the prompt log to git every day

        [Timer]
        OnCalendar=*-*-* @TIME@:00
        Persistent=true

        [Install]
        WantedBy=timers.target

        """

    public static let launchdTemplate = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>Label</key>
            <string>dev.plog.commit</string>
            <key>ProgramArguments</key>
            <array>
        @ARGUMENTS@
            </array>
            <key>StartCalendarInterval</key>
            <dict>
                <key>Hour</key>
                <integer>@HOUR@</integer>
                <key>Minute</key>
                <integer>@MINUTE@</integer>
            </dict>
            <key>StandardOutPath</key>
            <string>@OUTPUT@</string>
            <key>StandardErrorPath</key>
            <string>@OUTPUT@</string>
        </dict>
        </plist>

        """
}

// MARK: - Installing, removing, showing

extension DailyJob {
    /// Where the job lives.
    public enum Scheduler: String, Sendable, CaseIterable {
        /// A line in the user's crontab, edited through `crontab -l` and `crontab -`.
        case cron
        /// A systemd user service and timer (`~/.config/systemd/user`).
        case systemd
        /// A launchd agent (`~/Library/LaunchAgents`, macOS).
        case launchd
    }

    /// Installs the job (idempotent) and returns what to tell the user, in order. Every other
    /// line of the crontab, and every other file, is kept as it is.
    public func install(_ scheduler: Scheduler, env: Environment) throws -> [String] {
        var notes: [String] = []
        if !DailyJob.isInGitRepository(log) {
            notes.append("note: \(log) is not in a git repository yet; run `plog init` before the job first runs")
        }
        switch scheduler {
        case .cron:
            try Path.makeDirectories(Path.dirname(output), mode: 0o700)
            let (updated, changed) = installing(into: try Crontab.read(env: env))
            if changed { try Crontab.write(updated, env: env) }
            notes.append((changed ? "installed in your crontab:\n  " : "already in your crontab:\n  ") + cronLine)
        case .systemd:
            let dir = DailyJob.systemdDirectory(env)
            let changed = try DailyJob.writeUnits(dir: dir, [
                (DailyJob.systemdUnitName + ".service", systemdService),
                (DailyJob.systemdUnitName + ".timer", systemdTimer),
            ])
            notes.append((changed ? "wrote" : "already up to date:") + " \(dir)/\(DailyJob.systemdUnitName).service and .timer")
            notes.append("enable it with: systemctl --user daemon-reload && systemctl --user enable --now \(DailyJob.systemdUnitName).timer")
        case .launchd:
            let dir = DailyJob.launchdDirectory(env)
            let file = DailyJob.launchdLabel + ".plist"
            let changed = try DailyJob.writeUnits(dir: dir, [(file, launchdAgent)])
            notes.append((changed ? "wrote" : "already up to date:") + " \(dir)/\(file)")
            notes.append("load it with: launchctl load -w \(shellQuoted(dir + "/" + file))")
        }
        return notes
    }

    /// Removes plog's own job (its crontab line or its files) and says what was done.
    public static func remove(_ scheduler: Scheduler, env: Environment) throws -> String {
        switch scheduler {
        case .cron:
            let (updated, removed) = removing(from: try Crontab.read(env: env))
            guard removed > 0 else { return "plog's line is not in your crontab; nothing to remove" }
            try Crontab.write(updated, env: env)
            return "removed plog's line from your crontab"
        case .systemd:
            let dir = systemdDirectory(env)
            let removed = removeFiles(dir: dir, [systemdUnitName + ".timer", systemdUnitName + ".service"])
            return removed > 0 ? "removed \(dir)/\(systemdUnitName).service and .timer; if the timer was enabled, run: systemctl --user disable --now \(systemdUnitName).timer"
                               : "no plog units in \(dir); nothing to remove"
        case .launchd:
            let dir = launchdDirectory(env)
            let removed = removeFiles(dir: dir, [launchdLabel + ".plist"])
            return removed > 0 ? "removed \(dir)/\(launchdLabel).plist; if it was loaded, run: launchctl remove \(launchdLabel)"
                               : "no plog agent in \(dir); nothing to remove"
        }
    }

    /// The job as text (the crontab line, or the units filled in), and for cron whether it is installed.
    public func show(_ scheduler: Scheduler, env: Environment) -> (text: String, note: String?) {
        switch scheduler {
        case .cron:
            var note: String? = nil
            if let table = try? Crontab.read(env: env) {
                let installed = DailyJob.installedLine(in: table)
                note = installed == nil ? "not installed; `plog cron install` adds it"
                    : installed == cronLine ? "installed" : "installed with different settings:\n  \(installed!)"
            }
            return (cronLine + "\n", note)
        case .systemd:
            let dir = DailyJob.systemdDirectory(env)
            return ("# \(dir)/\(DailyJob.systemdUnitName).service\n" + systemdService
                    + "\n# \(dir)/\(DailyJob.systemdUnitName).timer\n" + systemdTimer, nil)
        case .launchd:
            return (launchdAgent, nil)
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

// MARK: - Crontab access

/// Reads and writes the user's crontab through the `crontab` program (`crontab -l`, `crontab -`).
public enum Crontab {
    /// The current crontab; empty when the user has none.
    public static func read(env: Environment) throws -> String {
        let program = try crontabProgram(env)
        let (status, out) = try Subprocess.run([program, "-l"], env: env, keepStderr: false)
        // `crontab -l` fails with "no crontab for <user>" when there is none yet.
        if status != 0 {
            if out.isEmpty { return "" }
            throw PlogError.refused(what: "`crontab -l` failed (exit \(status))", reason: "cannot read your crontab",
                                    hint: "run `crontab -l` to see why")
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Replaces the crontab with `table`.
    public static func write(_ table: String, env: Environment) throws {
        let program = try crontabProgram(env)
        let (status, _) = try Subprocess.run([program, "-"], env: env, stdin: Array(table.utf8), keepStderr: true)
        guard status == 0 else {
            throw PlogError.refused(what: "`crontab -` failed (exit \(status))", reason: "your crontab was not changed",
                                    hint: "see the message above; `plog cron show` prints the line to add by hand with `crontab -e`")
        }
    }

    static func crontabProgram(_ env: Environment) throws -> String {
        guard let p = Subprocess.which("crontab", env: env) else {
            throw PlogError.refused(what: "no `crontab` program on PATH", reason: "plog edits your crontab through it",
                                    hint: "install cron (Debian/Ubuntu: `sudo apt-get install cron`), or use a systemd timer: `plog cron install --systemd`")
        }
        return p
    }
}
