/// One thing `plog doctor` checked.
public struct DoctorCheck: Sendable, Equatable {
    public enum Status: String, Sendable {
        /// Nothing to do.
        case ok
        /// Worth knowing; does not make the log unhealthy (no clipboard, no repository yet).
        case note
        /// Something the user should act on; makes doctor exit 1.
        case problem
        /// Not checked (the log does not exist; `--secrets` not given).
        case skipped
    }

    /// Short name: `log`, `tail`, `permissions`, `drafts`, `hook`, `secrets`, `repository`, `schedule`, `clipboard`.
    public var name: String
    public var status: Status
    /// One line saying what was found.
    public var summary: String
    /// Further lines (e.g. `line 12: aws-access-key-id`).
    public var details: [String]
    /// What to do about it, when there is something to do.
    public var hint: String?

    public init(_ name: String, _ status: Status, _ summary: String, details: [String] = [], hint: String? = nil) {
        self.name = name; self.status = status; self.summary = summary; self.details = details; self.hint = hint
    }
}

/// Everything `plog doctor` found about one log.
public struct DoctorReport: Sendable, Equatable {
    public var logPath: String
    public var checks: [DoctorCheck]

    public var problems: Int { checks.filter { $0.status == .problem }.count }
    /// Healthy when no check found a problem (notes do not count).
    public var isHealthy: Bool { problems == 0 }

    public func check(_ name: String) -> DoctorCheck? { checks.first { $0.name == name } }
}

/// The health checks behind `plog doctor`: each looks at one thing a user can act on.
public enum Doctor {
    public struct Options {
        /// Scan the log for credentials (`--secrets`; default false: it reads the whole log).
        public var scanSecrets: Bool
        /// The current time in seconds since 1970 (default: now), for ages.
        public var now: Int64
        /// How old the last commit may be, while the log has changed since, before it is a problem
        /// (default 48 hours: a daily job that missed one run is still fine).
        public var maxCommitAge: Int64
        /// Lists the user's crontab: its text, or nil when there is none or no `crontab` program
        /// (with the reason). Default: runs `crontab -l`.
        public var crontab: (Environment) -> (text: String?, reason: String)

        public init(scanSecrets: Bool = false, now: Int64 = Int64(time(nil)), maxCommitAge: Int64 = 48 * 3600,
                    crontab: @escaping (Environment) -> (text: String?, reason: String) = Doctor.listCrontab) {
            self.scanSecrets = scanSecrets; self.now = now; self.maxCommitAge = maxCommitAge; self.crontab = crontab
        }
    }

    /// Runs every check on the log at `logPath`.
    public static func examine(logPath: String, env: Environment, config: Config, options: Options = Options()) -> DoctorReport {
        var checks: [DoctorCheck] = []
        checks += logChecks(logPath, options: options)
        checks.append(draftsCheck(env: env))
        checks.append(hookCheck(env: env))
        let repo = GitRepositoryState.inspect(path: logPath)
        checks.append(repositoryCheck(repo, logPath: logPath, env: env, options: options))
        checks.append(scheduleCheck(repo, env: env, options: options))
        checks.append(clipboardCheck(env: env, config: config))
        return DoctorReport(logPath: logPath, checks: checks)
    }

    // MARK: The log

    /// `log` (exists, parses), `tail` (not cut off), `permissions`, `secrets`.
    static func logChecks(_ path: String, options: Options) -> [DoctorCheck] {
        let secretsSkipped = DoctorCheck("secrets", .skipped, "not scanned", hint: "run `plog doctor --secrets` to scan the log for credentials")
        guard Path.exists(path) else {
            var st = stat()
            if lstat(path, &st) == 0 {  // a symlink to nowhere
                return [DoctorCheck("log", .problem, "\(path) is a broken symlink",
                                    hint: "point it at your log again, or remove it (plog add creates a new log)")]
            }
            return [DoctorCheck("log", .note, "no log yet at \(path)",
                                hint: "`plog add` creates it (mode 0600); `plog path` says why this path was chosen"),
                    secretsSkipped]
        }
        let file: MappedFile
        do {
            file = try MappedFile(path: path)
        } catch {
            return [DoctorCheck("log", .problem, "cannot read the log: \(error)",
                                hint: "check the path with `plog path` and the file's owner and mode with `ls -l`")]
        }
        var checks: [DoctorCheck] = []
        file.adviseSequential()
        file.withBytes { buf in
            let health = LogHealth.analyze(buf)
            checks.append(parseCheck(health))
            checks.append(tailCheck(health))
            checks.append(permissionsCheck(path))
            if options.scanSecrets {
                var findings: [SecretFinding] = []
                SecretScanner.scan(buf) { findings.append($0) }
                checks.append(secretsCheck(findings))
            } else {
                checks.append(secretsSkipped)
            }
        }
        return checks
    }

    static func parseCheck(_ h: LogHealth) -> DoctorCheck {
        let size = "\(TextFormat.thousands(h.blocks)) block\(h.blocks == 1 ? "" : "s"), \(TextFormat.thousands(h.lines)) lines, \(TextFormat.byteSize(h.bytes))"
        var details: [String] = []
        if let line = h.firstMalformedHeaderLine {
            details.append("line \(line): starts like a header but its timestamp does not parse, so it is read as text of the block above"
                + (h.malformedHeaders > 1 ? " (\(h.malformedHeaders) such lines)" : ""))
        }
        if let line = h.firstInvalidUTF8Line {
            details.append("line \(line): bytes that are not UTF-8" + (h.invalidUTF8Lines > 1 ? " (\(h.invalidUTF8Lines) lines)" : ""))
        }
        if let line = h.firstNULLine { details.append("line \(line): a NUL byte") }
        guard !details.isEmpty else { return DoctorCheck("log", .ok, size + ", every line reads cleanly") }
        let first = [h.firstMalformedHeaderLine, h.firstInvalidUTF8Line, h.firstNULLine].compactMap { $0 }.min()!
        var hint = "fix the line by hand (`plog edit`); a header is `## 2025-08-14T16:32+09:00  model  project`"
        if h.firstMalformedHeaderLine == nil {
            hint = "nothing is lost (plog keeps every byte), but the text may show oddly; look with: sed -n '\(first)p' LOG | od -c | head"
        }
        return DoctorCheck("log", .problem, size + "; first bad line: \(first)", details: details, hint: hint)
    }

    static func tailCheck(_ h: LogHealth) -> DoctorCheck {
        guard !h.endsWithNewline, let cut = h.cutLine else {
            return DoctorCheck("tail", .ok, h.bytes == 0 ? "the log is empty" : "the last write is complete")
        }
        let whose = h.cutBlockLine.map { "the block at line \($0)" } ?? "the text before the first block"
        return DoctorCheck("tail", .problem,
                           "the log ends in the middle of line \(cut): a write was cut off (a killed or crashed add)",
                           details: ["\(whose) is incomplete"],
                           hint: "the next `plog add` starts a new block on a fresh line, so nothing else is harmed; "
                               + "finish or delete the cut text with `plog edit`, and look in your drafts for the full text")
    }

    static func permissionsCheck(_ path: String) -> DoctorCheck {
        guard let mode = permissions(path) else { return DoctorCheck("permissions", .skipped, "cannot stat the log") }
        var wrong: [String] = []
        if mode & 0o044 != 0 { wrong.append("readable by " + who(mode, read: true)) }
        if mode & 0o022 != 0 { wrong.append("writable by " + who(mode, read: false)) }
        let modeText = octal(mode)
        guard wrong.isEmpty else {
            return DoctorCheck("permissions", .problem, "the log is \(wrong.joined(separator: " and ")) (mode \(modeText))",
                               hint: "prompts often hold private code and keys: chmod 600 \(shellQuoted(path))")
        }
        return DoctorCheck("permissions", .ok, "the log is private (mode \(modeText))")
    }

    static func who(_ mode: mode_t, read: Bool) -> String {
        let group: mode_t = read ? 0o040 : 0o020
        let other: mode_t = read ? 0o004 : 0o002
        switch (mode & group != 0, mode & other != 0) {
        case (true, true): return "group and others"
        case (true, false): return "its group"
        default: return "everyone"
        }
    }

    static func secretsCheck(_ findings: [SecretFinding]) -> DoctorCheck {
        guard !findings.isEmpty else { return DoctorCheck("secrets", .ok, "no credentials found") }
        var details = findings.prefix(20).map(\.description)
        if findings.count > 20 { details.append("... and \(findings.count - 20) more") }
        let kinds = Set(findings.map(\.kind)).sorted().map(\.rawValue).joined(separator: ", ")
        return DoctorCheck("secrets", .problem,
                           "\(findings.count) credential\(findings.count == 1 ? "" : "s") in the log (\(kinds))",
                           details: details,
                           hint: "remove them with `plog edit`; a key that was ever committed or pushed is in the "
                               + "repository's history too, so rotate it with its provider")
    }

    // MARK: Drafts

    /// Drafts left behind by an add that could not write (or an editor session that failed):
    /// the user's words that are not in the log yet.
    static func draftsCheck(env: Environment) -> DoctorCheck {
        let dir = Drafts.directory(env)
        guard Path.isDirectory(dir) else { return DoctorCheck("drafts", .ok, "no saved drafts") }
        let names = listDirectory(dir)
        let loose = names.filter { permissions(dir + "/" + $0).map { $0 & 0o077 != 0 } ?? false }
        var problems: [String] = []
        var details: [String] = []
        if let m = permissions(dir), m & 0o077 != 0 {
            problems.append("the drafts directory is mode \(octal(m)), not 0700")
        }
        if !loose.isEmpty { problems.append("\(loose.count) draft\(loose.count == 1 ? " is" : "s are") readable by others") }
        if !names.isEmpty {
            problems.insert("\(names.count) saved draft\(names.count == 1 ? "" : "s") not yet in the log", at: 0)
            details = names.prefix(5).map { "plog add --draft " + shellQuoted(dir + "/" + $0) }
            if names.count > 5 { details.append("... and \(names.count - 5) more in \(dir)") }
        }
        guard !problems.isEmpty else { return DoctorCheck("drafts", .ok, "no saved drafts") }
        var hint = "log each with the command above (add --edit to fix it first), or delete it"
        if names.isEmpty || !loose.isEmpty { hint = "chmod 700 \(shellQuoted(dir)); chmod 600 the files in it" }
        return DoctorCheck("drafts", .problem, problems.joined(separator: "; "), details: details, hint: hint)
    }

    // MARK: Hook

    /// The agent hook (`plog hook TOOL`, which must stay silent): when it last captured a
    /// prompt, and the failures since, from its log.
    static func hookCheck(env: Environment) -> DoctorCheck {
        guard let s = HookLog.summary(env) else {
            return DoctorCheck("hook", .skipped, "no agent hook has run",
                               hint: "to log prompts as you send them: plog hook install claude-code (or codex, gemini, cursor)")
        }
        let last = s.lastCaptured.map { "last prompt captured \($0.time) from \($0.tool)" } ?? "no prompt captured yet"
        guard let error = s.errorsSince.last else { return DoctorCheck("hook", .ok, last) }
        let n = s.errorsSince.count
        return DoctorCheck("hook", .problem, "\(n) hook error\(n == 1 ? "" : "s") since the last capture; \(last)",
                           details: ["last error, \(error.time) from \(error.tool): \(error.detail.prefix(300))"],
                           hint: "see \(HookLog.path(env)); prompts that could not be logged are saved as drafts")
    }

    // MARK: Repository

    static func repositoryCheck(_ repo: GitRepositoryState?, logPath: String, env: Environment, options: Options) -> DoctorCheck {
        guard let repo else {
            return DoctorCheck("repository", .note, "the log is not in a git repository, so it has no history",
                               hint: "`plog init` makes its directory a repository; then `plog cron install` commits it daily")
        }
        var problems: [String] = []
        var details: [String] = []
        var hint: String? = nil
        let place = tilde(repo.workTree, home: env.home)
        var summary: String
        switch repo.head {
        case .branch(let b): summary = "\(place) on \(b)"
        case .unborn(let b): summary = "\(place) on \(b), no commit yet"
        case .detached(let c):
            summary = "\(place), HEAD detached at \(c)"
            problems.append("HEAD is detached, so `plog commit` will not commit")
            hint = "check out a branch in \(shellQuoted(repo.workTree)): git switch main"
        }
        if !repo.inProgress.isEmpty {
            problems.append("\(repo.inProgress.joined(separator: " and ")) is in progress")
            hint = "finish or abort it in \(shellQuoted(repo.workTree)) (git status says how); `plog commit` waits until then"
        }
        if let lock = repo.indexLockTime {
            let age = max(0, options.now - lock)
            if age > 600 {
                problems.append("index.lock has been held for \(duration(age))")
                hint = "if no git program is running, a crashed one left it: rm \(shellQuoted(repo.gitDirectory + "/index.lock"))"
            } else {
                details.append("index.lock is held (a git program is running)")
            }
        }
        let logChanged = modificationTime(logPath).map { t in repo.lastUpdate.map { t > $0 } ?? true } ?? false
        if case .unborn = repo.head {
            if Path.exists(logPath) {
                problems.append("nothing committed yet")
                hint = hint ?? "run `plog commit` (and `plog cron install` to commit daily)"
            }
        } else if let last = repo.lastUpdate {
            let age = max(0, options.now - last)
            summary += ", last commit \(ago(age))"
            if logChanged && age > options.maxCommitAge {
                problems.append("the log changed since the last commit, \(duration(age)) ago")
                hint = hint ?? "run `plog commit`; `plog cron install` does it daily"
            } else if logChanged {
                details.append("the log has changed since (the next `plog commit` records it)")
            }
            if let msg = repo.lastUpdateMessage, !msg.isEmpty { details.append("last: " + msg) }
        }
        if repo.workTreeMode & 0o077 != 0 || repo.gitDirectoryMode & 0o077 != 0 {
            details.append("the repository is readable by others (\(octal(repo.workTreeMode)), .git \(octal(repo.gitDirectoryMode))): "
                + "its history holds every version of the log; chmod 700 \(shellQuoted(repo.workTree)) if it is yours alone")
        }
        guard problems.isEmpty else {
            return DoctorCheck("repository", .problem, summary + "; " + problems.joined(separator: "; "), details: details, hint: hint)
        }
        return DoctorCheck("repository", .ok, summary, details: details)
    }

    // MARK: Scheduled commits

    /// Finds the daily job: plog's systemd user timer, its launchd agent, or its crontab line
    /// (`DailyJob.cronMarker`; any other uncommented crontab line running `plog commit` counts too).
    static func scheduleCheck(_ repo: GitRepositoryState?, env: Environment, options: Options) -> DoctorCheck {
        let timer = DailyJob.systemdUnitName + ".timer"
        if Path.exists(DailyJob.systemdDirectory(env) + "/" + timer) {
            return DoctorCheck("schedule", .ok, "systemd user timer \(timer)")
        }
        let agent = DailyJob.launchdLabel + ".plist"
        if Path.exists(env.home + "/Library/LaunchAgents/" + agent) {
            return DoctorCheck("schedule", .ok, "launchd agent \(agent)")
        }
        let (text, reason) = options.crontab(env)
        if let text {
            let own = DailyJob.installedLine(in: text)
            let other = text.split(separator: "\n").map { $0.trimmingCharacters(in: " \t\r") }.first {
                !$0.hasPrefix("#") && $0.contains("plog") && $0.contains(" commit")
            }
            if let line = own ?? other {
                let schedule = line.split(separator: " ", omittingEmptySubsequences: true).prefix(5).joined(separator: " ")
                return DoctorCheck("schedule", .ok, "cron runs `plog commit` (\(schedule))")
            }
        }
        let found = text == nil ? reason : "no `plog commit` line in the crontab"
        guard repo != nil else {
            return DoctorCheck("schedule", .note, found + " (nothing to commit to: the log is not in a repository)")
        }
        return DoctorCheck("schedule", .problem, found + ", so the log is committed only when you run `plog commit`",
                           hint: "plog cron install (or a systemd timer: plog cron install --systemd)")
    }

    /// The user's crontab (`Crontab.read`), or why there is none to look at.
    public static func listCrontab(_ env: Environment) -> (text: String?, reason: String) {
        guard Subprocess.which("crontab", env: env) != nil else { return (nil, "no `crontab` program on PATH") }
        guard let text = try? Crontab.read(env: env) else { return (nil, "`crontab -l` failed") }
        return text.isEmpty ? (nil, "no crontab for this user") : (text, "")
    }

    // MARK: Clipboard

    static func clipboardCheck(env: Environment, config: Config) -> DoctorCheck {
        let (backends, skipped) = Clipboard.plan(env: env, config: config)
        guard let first = backends.first else {
            return DoctorCheck("clipboard", .note, "no clipboard found, so recall prints instead of copying",
                               details: skipped,
                               hint: "install wl-clipboard (Wayland) or xclip (X11), or use a terminal that supports OSC 52")
        }
        let name = first == .osc52 ? "OSC 52 through the terminal" : first.rawValue
        return DoctorCheck("clipboard", .ok, name + (backends.count > 1 ? " (also: \(backends.dropFirst().map(\.rawValue).joined(separator: ", ")))" : ""))
    }

    // MARK: Output

    /// The report as aligned text lines, status words coloured when `color`.
    public static func render(_ report: DoctorReport, color: Bool) -> String {
        var out = "log: \(report.logPath)\n"
        for c in report.checks {
            let label: String
            switch c.status {
            case .ok: label = paint("ok", "32", color)
            case .note: label = paint("note", "36", color)
            case .problem: label = paint("PROBLEM", "31;1", color)
            case .skipped: label = paint("--", "2", color)
            }
            let pad = String(repeating: " ", count: 8 - c.status.labelWidth)
            out += "  " + label + pad + c.name + String(repeating: " ", count: max(1, 13 - c.name.count)) + c.summary + "\n"
            let indent = String(repeating: " ", count: 23)
            for d in c.details { out += indent + d + "\n" }
            if let h = c.hint, c.status != .ok { out += indent + "hint: " + h + "\n" }
        }
        let n = report.problems
        out += n == 0 ? "healthy: no problems found\n" : "\(n) problem\(n == 1 ? "" : "s") found\n"
        return out
    }

    /// The report as one JSON object: `{"log", "healthy", "problems", "checks": [{"name", "status",
    /// "summary", "details", "hint"}]}`.
    public static func json(_ report: DoctorReport) -> String {
        let checks: [JSONValue] = report.checks.map { c in
            ["name": .string(c.name), "status": .string(c.status.rawValue), "summary": .string(c.summary),
             "details": .array(c.details.map(JSONValue.string)), "hint": c.hint.map(JSONValue.string) ?? .null]
        }
        let o: JSONObject = ["log": .string(report.logPath), "healthy": .bool(report.isHealthy),
                             "problems": JSONValue(report.problems), "checks": .array(checks)]
        return JSONValue.object(o).compact + "\n"
    }

    static func paint(_ s: String, _ code: String, _ on: Bool) -> String { on ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
}

extension DoctorCheck.Status {
    var labelWidth: Int {
        switch self {
        case .ok: return 2
        case .note: return 4
        case .problem: return 7
        case .skipped: return 2
        }
    }
}

// MARK: - Small formatting helpers

/// `0644`.
func octal(_ mode: mode_t) -> String {
    let s = String(mode, radix: 8)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
}

/// `45 seconds`, `3 minutes`, `5 hours`, `2 days`.
func duration(_ seconds: Int64) -> String {
    func unit(_ v: Int64, _ name: String) -> String { "\(v) \(name)\(v == 1 ? "" : "s")" }
    if seconds < 60 { return unit(seconds, "second") }
    if seconds < 3600 { return unit(seconds / 60, "minute") }
    if seconds < 48 * 3600 { return unit(seconds / 3600, "hour") }
    return unit(seconds / 86_400, "day")
}

func ago(_ seconds: Int64) -> String { seconds < 60 ? "just now" : duration(seconds) + " ago" }

/// `path` with the home directory shown as `~`.
func tilde(_ path: String, home: String) -> String {
    path.hasPrefix(home + "/") && home != "/" ? "~" + path.dropFirst(home.count) : path
}

/// Names in a directory (no `.` and `..`), sorted; empty when it cannot be read.
public func listDirectory(_ dir: String) -> [String] {
    guard let d = opendir(dir) else { return [] }
    defer { closedir(d) }
    var names: [String] = []
    while let e = readdir(d) {
        let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}
