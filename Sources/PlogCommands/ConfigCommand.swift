import ArgumentParser
import PromptLog

/// `plog config`: every effective setting and where it came from (flag, environment, config
/// line, detected, default); `plog config KEY` prints one value for scripts and editor plugins.
package struct ConfigCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the effective settings and where each came from.",
        discussion: """
            The config file is $XDG_CONFIG_HOME/plog/config (default ~/.config/plog/config): \
            `key = value` lines, `#` starts a comment. Keys: \(Config.keys.map(\.key).joined(separator: ", ")). \
            `plog config --keys` describes each one.

            Sources, strongest first: a flag (--file), the environment (PLOG_FILE, PLOG_MODEL, \
            PLOG_PROJECT, VISUAL, EDITOR), a line of the config, what plog detects (the nearest \
            prompts.log, the git repository, the model of the newest block), the built-in default.

            `plog config model` prints just the value (exit 1 when it has none), which is what the \
            editor integrations call.
            """)

    @OptionGroup package var log: LogOptions

    @Argument(help: ArgumentHelp("Print only this key's value.", valueName: "key"),
              completion: .list(Config.keys.map(\.key)))
    package var key: String?

    @Flag(name: .long, help: "Print JSON: the config path and, per key, value, source and detail.")
    package var json = false

    @Flag(name: .long, help: "List the keys the config file understands, with what each sets.")
    package var keys = false

    @Flag(name: .long, help: "Print the path of the config file (it may not exist yet).")
    package var path = false

    @Flag(name: .long, help: "Open the config file in the editor, creating it with every key commented out.")
    package var edit = false

    package init() {}

    package func validate() throws {
        let modes = [keys, path, edit].filter { $0 }.count
        if modes > 1 { throw ValidationError("--keys, --path and --edit do not go together; pick one") }
        if modes == 1, key != nil { throw ValidationError("a KEY goes with no other flag than --json") }
        if json && (path || edit) { throw ValidationError("--json goes with a KEY, --keys or nothing") }
    }

    package func run() throws {
        let env = Environment.process
        let configPath = env.configDirectory + "/config"
        if let key, !Config.keys.contains(where: { $0.key == key }) {
            throw PlogError.invalidInput(input: key, reason: "not a config key",
                                         hint: "known keys: " + Config.keys.map(\.key).joined(separator: ", "))
        }
        if path { Terminal.write(configPath + "\n"); return }
        if keys { return printKeys() }
        if edit { return try editConfig(path: configPath, env: env) }

        let settings = Settings.resolve(logFlag: log.file, env: env, config: try Config.load(env))
        if let key {
            let value = settings[key]!
            if json { return printJSON(settingsDocument(settings, only: key)) }
            guard let v = value.value else {
                Terminal.printNote("\(key) is not set (\(Settings.explainUnset(key)))")
                throw ExitCode(1)
            }
            Terminal.write(v + "\n")
            return
        }
        if json { return printJSON(settingsDocument(settings, only: nil)) }
        printTable(settings)
    }

    func printTable(_ settings: Settings) {
        let color = Terminal.useColor()
        let keyWidth = settings.values.map(\.key.count).max() ?? 0
        let shown = settings.values.map { $0.value ?? "-" }
        let valueWidth = min(shown.map(\.count).max() ?? 0, max(16, Terminal.width() / 2))
        var out = ""
        for (value, text) in zip(settings.values, shown) {
            let keyCell = value.key.padded(to: keyWidth)
            let valueCell = text.count > valueWidth ? text : text.padded(to: valueWidth)
            var source = value.source.kind == "default" || value.source.kind == "unset"
                ? value.source.detail : value.source.kind + ": " + value.source.detail
            if let note = value.note { source += "; " + note }
            out += color ? "\u{1B}[1m\(keyCell)\u{1B}[0m  \(valueCell)  \u{1B}[2m\(source)\u{1B}[0m\n"
                : "\(keyCell)  \(valueCell)  \(source)\n"
        }
        Terminal.write(out)
        Terminal.printNote("config file: \(settings.configPath)" + (settings.configExists ? "" : " (not created; `plog config --edit` makes one)"))
    }

    func printKeys() {
        if json {
            printJSON(.array(Config.keys.map { ["key": .string($0.key), "meaning": .string($0.meaning)] }))
            return
        }
        let width = Config.keys.map(\.key.count).max() ?? 0
        Terminal.write(Config.keys.map { "\($0.key.padded(to: width))  \($0.meaning)\n" }.joined())
    }

    func editConfig(path: String, env: Environment) throws {
        if !Path.exists(path) {
            try Path.makeDirectories(Path.dirname(path))
            try FileIO.writeNew(path, Array(Settings.configTemplate.utf8), mode: 0o600)
            Terminal.printNote("created \(path)")
        }
        // A broken config must still open, or there would be no way to fix it from here.
        let config = (try? Config.load(env)) ?? Config(path: path)
        let status = try Subprocess.runInteractive(try Capture.editorCommand(env: env, config: config) + [path], env: env)
        if status != 0 {
            throw PlogError.refused(what: "editor", reason: "exited with status \(status)", hint: "")
        }
        do {
            _ = try Config.load(env)
        } catch let error as PlogError {
            Terminal.printNote("warning: the config does not load yet; plog commands will stop with this error:")
            Terminal.writeError("  " + error.description.replacing("\n", with: "\n  ") + "\n")
            throw ExitCode(2)
        }
    }

    func printJSON(_ value: JSONValue) {
        Terminal.write(value.pretty() + "\n")
    }

    /// `plog config --json`: stable key names (`config`, `exists`, `settings[].key|value|source|detail`,
    /// and `note` where a value needs one; `value` is null when unset, never missing).
    func settingsDocument(_ s: Settings, only key: String?) -> JSONValue {
        let entries: [JSONValue] = s.values.filter { key == nil || $0.key == key }.map {
            var e: JSONObject = ["key": .string($0.key), "value": $0.value.map(JSONValue.string) ?? .null,
                                 "source": .string($0.source.kind), "detail": .string($0.source.detail)]
            if let note = $0.note { e["note"] = .string(note) }
            return .object(e)
        }
        return ["config": .string(s.configPath), "exists": .bool(s.configExists), "settings": .array(entries)]
    }
}

private extension String {
    /// Padded with spaces to `width` characters, never cut.
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
