/// The effective value of every config key and where it came from, for `plog config`.
///
/// Each value is resolved by the resolvers the commands call themselves (`LogLocator`,
/// `CaptureDefaults`, `Templates.userDirectory`), so what is shown is what `plog add` and
/// `prompthist` will use.
public struct Settings: Sendable, Equatable {
    /// Where an effective value came from.
    public enum Source: Sendable, Equatable {
        /// A command-line flag, e.g. `--file`.
        case flag(String)
        /// An environment variable, e.g. `PLOG_MODEL`.
        case environment(String)
        /// A line of the config file.
        case config(path: String, line: Int)
        /// Worked out from the surroundings: the nearest prompts.log, the git repository, the newest block.
        case detected(String)
        /// plog's built-in default.
        case builtIn
        /// No value at all (e.g. `tokens`: no token budget).
        case unset

        /// One word for scripts: flag, env, config, detected, default, unset.
        public var kind: String {
            switch self {
            case .flag: return "flag"
            case .environment: return "env"
            case .config: return "config"
            case .detected: return "detected"
            case .builtIn: return "default"
            case .unset: return "unset"
            }
        }

        /// What a person reads, e.g. `config line 3 (/home/u/.config/plog/config)` or `$PLOG_MODEL`.
        public var detail: String {
            switch self {
            case .flag(let name): return name
            case .environment(let name): return "$" + name
            case let .config(path, line): return "\(path):\(line)"
            case .detected(let how): return how
            case .builtIn: return "default"
            case .unset: return "not set"
            }
        }
    }

    public struct Value: Sendable, Equatable {
        public var key: String
        /// The value, or nil when unset.
        public var value: String?
        public var source: Source
        /// What the value means right now, when that is not obvious (e.g. which clipboard `auto` finds).
        public var note: String? = nil
    }

    /// The config file consulted (it may not exist).
    public var configPath: String
    public var configExists: Bool
    /// One entry per key of `Config.keys`, in that order.
    public var values: [Value]

    public subscript(_ key: String) -> Value? { values.first { $0.key == key } }

    /// Resolves every key. `logFlag` is `--file` when given.
    public static func resolve(logFlag: String?, env: Environment, config: Config) -> Settings {
        let location = LogLocator.locate(flag: logFlag, env: env, config: config)
        func fromConfig(_ key: String) -> Value? {
            guard let entry = config.entries[key] else { return nil }
            return Value(key: key, value: entry.value, source: .config(path: config.path, line: entry.line))
        }
        var values: [Value] = []
        for (key, _) in Config.keys {
            switch key {
            case "log":
                let source: Source
                switch location.rule {
                case .flag: source = .flag("--file")
                case .environment: source = .environment("PLOG_FILE")
                case .nearest: source = .detected(location.reason)
                case .config: source = .config(path: config.path, line: config.entries["log"]?.line ?? 0)
                case .fallback: source = .builtIn
                }
                values.append(Value(key: key, value: location.path, source: source))
            case "model":
                let (v, source) = CaptureDefaults.resolveModel(flag: nil, env: env, config: config, logPath: location.path)
                values.append(Value(key: key, value: v, source: source))
            case "project":
                let (v, source) = CaptureDefaults.resolveProject(flag: nil, env: env, config: config)
                values.append(Value(key: key, value: v, source: source))
            case "editor":
                let (v, source) = CaptureDefaults.resolveEditor(env: env, config: config)
                values.append(Value(key: key, value: v, source: source))
            case "clipboard":
                var v = fromConfig(key) ?? Value(key: key, value: "auto", source: .builtIn)
                v.note = clipboardNote(env: env, config: config)
                values.append(v)
            case "templates":
                values.append(fromConfig(key)
                    ?? Value(key: key, value: Templates.userDirectory(env: env, config: config), source: .builtIn))
            default:
                values.append(fromConfig(key)
                    ?? Value(key: key, value: builtInDefaults[key], source: builtInDefaults[key] == nil ? .unset : .builtIn))
            }
        }
        return Settings(configPath: config.path, configExists: Path.exists(config.path), values: values)
    }

    /// Defaults of the keys that have a fixed one; a key missing here has none (`tokens`).
    public static let builtInDefaults: [String: String] = [
        "lines": String(RecallBudget.defaultLines),
        "format": "text",
        "clipboard": "auto",
        "capture.skip-trivial": "true",
        "capture.trivial": CaptureRules.defaultTrivial.joined(separator: ", "),
    ]

    /// Which clipboard recall would use now, in order, or why there is none.
    static func clipboardNote(env: Environment, config: Config) -> String {
        let (backends, skipped) = Clipboard.plan(env: env, config: config)
        let missing = backends.filter { $0 != .osc52 && Subprocess.which($0.rawValue, env: env) == nil }
        let usable = backends.filter { !missing.contains($0) }
        if usable.isEmpty {
            let reasons = skipped + missing.map { "\($0.rawValue) not on PATH" }
            return "none found: " + reasons.joined(separator: ", ") + "; recall prints instead"
        }
        return "now: " + usable.map { $0 == .osc52 ? "OSC 52" : $0.rawValue }.joined(separator: ", then ")
    }

    /// Why `key` has no value, in words a user can act on.
    public static func explainUnset(_ key: String) -> String {
        switch key {
        case "model": return "no $PLOG_MODEL, no `model` in the config, and no block in the log names one"
        case "project": return "no $PLOG_PROJECT, no `project` in the config, and not inside a git repository"
        case "tokens": return "no token budget; set `tokens` in the config to have one"
        default: return "set `\(key)` in the config"
        }
    }

    /// A config file with every key commented out, for `plog config --edit` to start from.
    public static var configTemplate: String {
        let examples = [
            "log": "~/notes/prompts.log", "model": "claude-sonnet-4-5", "project": "my-app",
            "editor": "vim", "lines": "400", "tokens": "8000", "format": "text", "clipboard": "auto",
            "templates": "~/.config/plog/templates",
        ]
        var text = "# plog configuration: one `key = value` per line; `#` starts a comment.\n"
            + "# Uncomment a line to set it. `plog config` shows what is in effect and why.\n"
        for (key, meaning) in Config.keys {
            text += "\n# \(meaning)\n# \(key) = \(examples[key] ?? "")\n"
        }
        return text
    }
}
