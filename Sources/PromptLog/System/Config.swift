/// `~/.config/plog/config` (or `$XDG_CONFIG_HOME/plog/config`): `key = value` lines; `#` starts
/// a comment line; blank lines are ignored. Unknown keys and bad values are errors that name the line.
public struct Config: Sendable, Equatable {
    /// Every key plog understands, with what it sets.
    public static let keys: [(key: String, meaning: String)] = [
        ("log", "path of the log (default ~/notes/prompts.log)"),
        ("model", "model for new blocks when -m and PLOG_MODEL are not given"),
        ("project", "project for new blocks when -p and PLOG_PROJECT are not given"),
        ("editor", "editor command for drafts (before $VISUAL and $EDITOR)"),
        ("lines", "recall budget in lines (default 400)"),
        ("tokens", "recall budget in approximate tokens (default: none)"),
        ("format", "recall format: text, markdown, xml or json (default text)"),
        ("clipboard", "clipboard backend: auto, pbcopy, wl-copy, xclip, xsel, osc52, none (default auto)"),
        ("templates", "directory of user templates (default ~/.config/plog/templates)"),
        ("capture.skip-trivial", "skip trivial captured prompts (yes, ok, continue, a lone /command): true or false (default true)"),
        ("capture.trivial", "comma-separated phrases that count as trivial (replaces the default list)"),
    ]

    public struct Entry: Sendable, Equatable {
        public var value: String
        public var line: Int
    }

    /// Where the config was read from (it may not exist).
    public var path: String
    public var entries: [String: Entry]

    public init(path: String, entries: [String: Entry] = [:]) {
        self.path = path
        self.entries = entries
    }

    public subscript(_ key: String) -> String? { entries[key]?.value }

    /// Reads the config of `env`; a missing file is an empty config.
    public static func load(_ env: Environment) throws -> Config {
        let path = env.configDirectory + "/config"
        guard Path.exists(path) else { return Config(path: path) }
        let bytes = try FileIO.readAll(path)
        return try parse(String(decoding: bytes, as: UTF8.self), path: path)
    }

    public static func parse(_ text: String, path: String) throws -> Config {
        var config = Config(path: path)
        for (i, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: " \t\r")
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let eq = line.firstIndex(of: "=") else {
                throw PlogError.config(path: path, line: i + 1, text: String(rawLine),
                                       reason: "expected `key = value`")
            }
            let key = line[..<eq].trimmingCharacters(in: " \t")
            var value = line[line.index(after: eq)...].trimmingCharacters(in: " \t")
            if value.count >= 2, let f = value.first, f == value.last, f == "\"" || f == "'" {
                value = String(value.dropFirst().dropLast())
            }
            guard keys.contains(where: { $0.key == key }) else {
                throw PlogError.config(path: path, line: i + 1, text: String(rawLine),
                                       reason: "unknown key `\(key)` (known: \(keys.map(\.key).joined(separator: ", ")))")
            }
            if let problem = validate(key: key, value: value) {
                throw PlogError.config(path: path, line: i + 1, text: String(rawLine), reason: problem)
            }
            config.entries[key] = Entry(value: value, line: i + 1)
        }
        return config
    }

    static func validate(key: String, value: String) -> String? {
        switch key {
        case "lines", "tokens":
            guard let n = Int(value), n > 0 else { return "`\(key)` must be a whole number above 0, not `\(value)`" }
            _ = n
        case "format":
            guard ["text", "markdown", "xml", "json"].contains(value) else {
                return "`format` must be text, markdown, xml or json, not `\(value)`"
            }
        case "capture.skip-trivial":
            guard ["true", "false"].contains(value) else {
                return "`capture.skip-trivial` must be true or false, not `\(value)`"
            }
        case "clipboard":
            guard ["auto", "pbcopy", "wl-copy", "xclip", "xsel", "osc52", "none"].contains(value) else {
                return "`clipboard` must be auto, pbcopy, wl-copy, xclip, xsel, osc52 or none, not `\(value)`"
            }
        default:
            if value.isEmpty { return "`\(key)` needs a value" }
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without the characters of `set` at either end.
    public func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
