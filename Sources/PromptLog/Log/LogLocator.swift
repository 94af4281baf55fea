/// Which log plog uses, and the rule that chose it.
public struct LogLocation: Sendable, Equatable {
    public enum Rule: String, Sendable {
        case flag = "--file"
        case environment = "$PLOG_FILE"
        case nearest = "nearest prompts.log"
        case config = "config"
        case fallback = "default"
    }

    public var path: String
    public var rule: Rule
    /// One line saying why, e.g. `found /work/app/prompts.log above the current directory`.
    public var reason: String
}

public enum LogLocator {
    /// The file name looked for in the current directory and its parents.
    public static let nearestName = "prompts.log"

    /// The log to use: `--file`, then `$PLOG_FILE`, then the nearest `prompts.log` in the current
    /// directory or its parents, then the config's `log`, then `~/notes/prompts.log`.
    public static func locate(flag: String?, env: Environment, config: Config) -> LogLocation {
        if let flag, !flag.isEmpty {
            return LogLocation(path: env.absolutePath(flag), rule: .flag, reason: "given with --file")
        }
        if let v = env["PLOG_FILE"] {
            return LogLocation(path: env.absolutePath(v), rule: .environment, reason: "from $PLOG_FILE")
        }
        var dir = env.currentDirectory
        while true {
            let candidate = (dir == "/" ? "" : dir) + "/" + nearestName
            if Path.exists(candidate) {
                return LogLocation(path: candidate, rule: .nearest,
                                   reason: dir == env.currentDirectory ? "prompts.log in the current directory"
                                       : "nearest prompts.log above the current directory")
            }
            let parent = Path.dirname(dir)
            if parent == dir { break }
            dir = parent
        }
        if let v = config["log"] {
            let line = config.entries["log"]!.line
            return LogLocation(path: env.absolutePath(v), rule: .config, reason: "`log` in \(config.path):\(line)")
        }
        return LogLocation(path: env.home + "/notes/prompts.log", rule: .fallback,
                           reason: "default (no --file, $PLOG_FILE, prompts.log nearby or `log` in \(config.path))")
    }
}
