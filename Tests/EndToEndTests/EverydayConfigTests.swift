import Foundation
import Testing

/// `plog config`: every effective value and where it came from, checked against what `plog add` uses.
@Suite("Everyday: plog config")
struct EverydayConfigTests {
    /// The table's row for `key`: value and source text.
    func row(_ output: String, _ key: String) -> (value: String, source: String)? {
        for line in output.split(separator: "\n") {
            let cells = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard cells.count == 2, cells[0] == key else { continue }
            let rest = cells[1].trimmingCharacters(in: .whitespaces)
            guard let gap = rest.range(of: "  ") else { return (rest, "") }
            return (String(rest[..<gap.lowerBound]), rest[gap.upperBound...].trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    @Test("defaults in an empty home: every key listed, sources named")
    func defaults() throws {
        let box = try Sandbox()
        let r = try box.run("plog", ["config"])
        #expect(r.status == 0, "\(r.stderr)")
        let keys = ["log", "model", "project", "editor", "lines", "tokens", "format", "clipboard", "templates"]
        for key in keys { #expect(row(r.stdout, key) != nil, "missing \(key) in:\n\(r.stdout)") }
        #expect(row(r.stdout, "log")?.value == box.home + "/notes/prompts.log")
        #expect(row(r.stdout, "log")?.source == "default")
        #expect(row(r.stdout, "model")?.value == "-")
        #expect(row(r.stdout, "model")?.source == "not set")
        #expect(row(r.stdout, "editor")?.value == "vi")
        #expect(row(r.stdout, "lines")?.value == "400")
        #expect(row(r.stdout, "format")?.value == "text")
        #expect(row(r.stdout, "templates")?.value == box.home + "/.config/plog/templates")
        #expect(r.stderr.contains(box.home + "/.config/plog/config"))
        #expect(r.stderr.contains("not created"))
        #expect(!r.stdout.contains("\u{1B}["), "no colour when piped")
    }

    @Test("config lines, environment, flag and detection each show as the source")
    func sources() throws {
        let box = try Sandbox()
        try box.write("home/.config/plog/config", """
            # mine
            model = gpt-5

            lines = 120
            editor = "nvim -f"
            log = ~/logs/p.log
            """)
        var r = try box.run("plog", ["config"])
        #expect(r.status == 0, "\(r.stderr)")
        let config = box.home + "/.config/plog/config"
        #expect(row(r.stdout, "model")?.value == "gpt-5")
        #expect(row(r.stdout, "model")?.source == "config: \(config):2")
        #expect(row(r.stdout, "lines")?.source == "config: \(config):4")
        #expect(row(r.stdout, "editor")?.value == "nvim -f")
        #expect(row(r.stdout, "log")?.value == box.home + "/logs/p.log")
        #expect(row(r.stdout, "log")?.source == "config: \(config):6")

        // The environment beats the config; --file beats both; the nearest prompts.log beats the config.
        r = try box.run("plog", ["config"], env: ["PLOG_MODEL": "claude-opus-4", "PLOG_FILE": "/tmp/x.log", "VISUAL": "code --wait"])
        #expect(row(r.stdout, "model")?.value == "claude-opus-4")
        #expect(row(r.stdout, "model")?.source == "env: $PLOG_MODEL")
        #expect(row(r.stdout, "log")?.value == "/tmp/x.log")
        #expect(row(r.stdout, "log")?.source == "env: $PLOG_FILE")
        #expect(row(r.stdout, "editor")?.value == "nvim -f", "the config's editor comes before $VISUAL")
        r = try box.run("plog", ["config", "--file", "here.log"], env: ["PLOG_FILE": "/tmp/x.log"])
        #expect(row(r.stdout, "log")?.value == box.work + "/here.log")
        #expect(row(r.stdout, "log")?.source == "flag: --file")
        try box.write("work/prompts.log", "")
        try box.write("work/.git/HEAD", "ref: refs/heads/main\n")
        r = try box.run("plog", ["config"])
        #expect(row(r.stdout, "log")?.value == box.work + "/prompts.log")
        #expect(row(r.stdout, "log")?.source.hasPrefix("detected: ") == true)
        #expect(row(r.stdout, "project")?.value == "work")
        #expect(row(r.stdout, "project")?.source == "detected: git repository \(box.work)")
    }

    @Test("the model and project shown are the ones plog add writes")
    func agreesWithAdd() throws {
        let box = try Sandbox()
        let log = box.root + "/p.log"
        try box.write(log, "## 2025-08-14T16:32+09:00  claude-sonnet-4-5  ios/captio\nTASK: earlier\n")
        var r = try box.run("plog", ["config", "model"], env: ["PLOG_FILE": log])
        #expect(r.stdout == "claude-sonnet-4-5\n")
        r = try box.run("plog", ["config", "--json", "model"], env: ["PLOG_FILE": log])
        let doc = try #require(try JSONSerialization.jsonObject(with: r.stdoutData) as? [String: Any])
        let entry = try #require((doc["settings"] as? [[String: Any]])?.first)
        #expect(entry["source"] as? String == "detected")
        #expect(entry["detail"] as? String == "model of the newest block")

        try box.write("work/.git/HEAD", "ref: refs/heads/main\n")
        r = try box.run("plog", ["add", "--prompt", "hello"], env: ["PLOG_FILE": log])
        #expect(r.status == 0, "\(r.stderr)")
        let newest = try box.read(log).split(separator: "\n").last { $0.hasPrefix("## ") }.map(String.init) ?? ""
        let model = try box.run("plog", ["config", "model"], env: ["PLOG_FILE": log]).stdout
        let project = try box.run("plog", ["config", "project"], env: ["PLOG_FILE": log]).stdout
        #expect(newest.hasSuffix("  " + model.dropLast() + "  " + project.dropLast()), "\(newest) vs \(model) \(project)")

        try box.write("home/.config/plog/config", "model = gpt-5\nproject = captio\n")
        r = try box.run("plog", ["add", "--prompt", "again"], env: ["PLOG_FILE": log])
        #expect(try box.read(log).contains("  gpt-5  captio\n"))
        #expect(try box.run("plog", ["config", "model"], env: ["PLOG_FILE": log]).stdout == "gpt-5\n")
    }

    @Test("clipboard: the note says which backend recall would use now, or why none")
    func clipboardNote() throws {
        let box = try Sandbox()
        let fakeBin = box.root + "/bin"
        try box.write(fakeBin + "/xclip", "#!/bin/sh\nexit 0\n", mode: 0o755)
        try FileManager.default.createDirectory(atPath: box.root + "/empty", withIntermediateDirectories: true)
        var r = try box.run("plog", ["config"], env: ["PATH": fakeBin, "DISPLAY": ":9"])
        #expect(row(r.stdout, "clipboard")?.source == "default; now: xclip", "\(r.stdout)")
        r = try box.run("plog", ["config"], env: ["PATH": box.root + "/empty", "DISPLAY": ":9"])
        let source = row(r.stdout, "clipboard")?.source ?? ""
        #expect(source.hasPrefix("default; none found: "), "\(source)")
        #expect(source.contains("xclip not on PATH") && source.hasSuffix("recall prints instead"), "\(source)")
        try box.write("home/.config/plog/config", "clipboard = xsel\n")
        r = try box.run("plog", ["config", "--json", "clipboard"], env: ["PATH": fakeBin, "DISPLAY": ":9"])
        let doc = try #require(try JSONSerialization.jsonObject(with: r.stdoutData) as? [String: Any])
        let entry = try #require((doc["settings"] as? [[String: Any]])?.first)
        #expect(entry["value"] as? String == "xsel")
        #expect((entry["note"] as? String)?.contains("xsel not on PATH") == true, "\(entry)")
    }

    @Test("one key for scripts: value on stdout, exit 1 when unset, exit 2 for an unknown key")
    func singleKey() throws {
        let box = try Sandbox()
        var r = try box.run("plog", ["config", "lines"])
        #expect(r.status == 0 && r.stdout == "400\n")
        r = try box.run("plog", ["config", "tokens"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("tokens is not set"))
        r = try box.run("plog", ["config", "colour"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("'colour': not a config key"))
        #expect(r.stderr.contains("known keys: log, model"))
        r = try box.run("plog", ["config", "--path"])
        #expect(r.stdout == box.home + "/.config/plog/config\n")
        r = try box.run("plog", ["config", "--path"], env: ["XDG_CONFIG_HOME": box.root + "/xdg"])
        #expect(r.stdout == box.root + "/xdg/plog/config\n")
        r = try box.run("plog", ["config", "--keys", "--path"])
        #expect(r.status == 2)
    }

    @Test("a bad config line is an error naming the file, the line and the text")
    func invalidConfig() throws {
        let box = try Sandbox()
        try box.write("home/.config/plog/config", "model = gpt-5\n# fine\nlines = many\n")
        var r = try box.run("plog", ["config"])
        #expect(r.status == 2)
        #expect(r.stderr.contains(box.home + "/.config/plog/config:3:"), "\(r.stderr)")
        #expect(r.stderr.contains("lines = many"))
        #expect(r.stdout.isEmpty)
        try box.write("home/.config/plog/config", "modle = gpt-5\n")
        r = try box.run("plog", ["config"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("config:1: unknown key `modle`"), "\(r.stderr)")
    }

    @Test("--json: stable keys, null for unset values")
    func json() throws {
        let box = try Sandbox()
        try box.write("home/.config/plog/config", "format = xml\n")
        let r = try box.run("plog", ["config", "--json"])
        #expect(r.status == 0)
        let doc = try #require(try JSONSerialization.jsonObject(with: r.stdoutData) as? [String: Any])
        #expect(doc["config"] as? String == box.home + "/.config/plog/config")
        #expect(doc["exists"] as? Bool == true)
        let settings = try #require(doc["settings"] as? [[String: Any]])
        #expect(settings.map { $0["key"] as? String ?? "" }
            == ["log", "model", "project", "editor", "lines", "tokens", "format", "clipboard", "templates",
                "capture.skip-trivial", "capture.trivial"])
        let format = try #require(settings.first { $0["key"] as? String == "format" })
        #expect(format["value"] as? String == "xml")
        #expect(format["source"] as? String == "config")
        #expect(format["detail"] as? String == box.home + "/.config/plog/config:1")
        let tokens = try #require(settings.first { $0["key"] as? String == "tokens" })
        #expect(tokens["value"] is NSNull)
        #expect(tokens["source"] as? String == "unset")
        let keys = try box.run("plog", ["config", "--keys", "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: keys.stdoutData) as? [[String: String]])
        #expect(list.count == 11 && list.allSatisfy { !($0["meaning"] ?? "").isEmpty })
    }

    @Test("--edit creates a commented config, opens the editor, and checks what was saved")
    func edit() throws {
        let box = try Sandbox()
        let editor = box.root + "/fake-editor"
        try box.write(editor, "#!/bin/sh\nprintf 'model = gpt-5\\n' >> \"$1\"\n", mode: 0o755)
        var r = try box.run("plog", ["config", "--edit"], env: ["EDITOR": editor])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try box.read("home/.config/plog/config")
        #expect(text.contains("# clipboard = auto"))
        #expect(text.hasSuffix("model = gpt-5\n"))
        #expect(try box.mode("home/.config/plog/config") & 0o777 == 0o600)
        #expect(try box.run("plog", ["config", "model"]).stdout == "gpt-5\n")

        // Saving a broken line: the editor still opened, and the error names the line.
        try box.write(editor, "#!/bin/sh\nprintf 'format = yaml\\n' >> \"$1\"\n", mode: 0o755)
        r = try box.run("plog", ["config", "--edit"], env: ["EDITOR": editor])
        #expect(r.status == 2)
        #expect(r.stderr.contains("`format` must be text, markdown, xml or json, not `yaml`"), "\(r.stderr)")
        // ... and it opens again even though the config is now broken.
        try box.write(editor, "#!/bin/sh\nsed -i '/yaml/d' \"$1\"\n", mode: 0o755)
        r = try box.run("plog", ["config", "--edit"], env: ["EDITOR": editor])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try box.run("plog", ["config", "format"]).stdout == "text\n")
    }
}
