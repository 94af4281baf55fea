import Foundation
import Testing
@testable import PromptLog

/// Clipboard backends, with fake helper programs on PATH (real ones are the ecosystem tests' job).
@Suite struct RecallClipboardTests {
    final class FakeBin {
        let dir: String
        init() throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("plog-clip-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: dir) }

        /// A program that runs `script` with /bin/sh. Put in place by a child `cp`: a file this
        /// process had open for writing can be inherited by a fork on another test thread, and
        /// running it then fails with "Text file busy" (ETXTBSY).
        func add(_ name: String, _ script: String) throws {
            let path = dir + "/" + name, source = dir + "/." + name + ".source"
            try Data(("#!/bin/sh\n" + script + "\n").utf8).write(to: URL(fileURLWithPath: source))
            let cp = Process()
            cp.executableURL = URL(fileURLWithPath: "/bin/cp")
            cp.arguments = [source, path]
            try cp.run()
            cp.waitUntilExit()
            try #require(cp.terminationStatus == 0, "cp \(source) \(path)")
            chmod(path, 0o755)
        }

        /// A copy helper that saves its stdin (and its name) to `out`.
        func addCopier(_ name: String) throws { try add(name, "cat > '\(dir)/out'; echo \(name) > '\(dir)/who'") }

        func output() throws -> String { try String(contentsOfFile: dir + "/out", encoding: .utf8) }
        func who() throws -> String { try String(contentsOfFile: dir + "/who", encoding: .utf8) }

        func env(_ extra: [String: String] = [:]) -> Environment {
            Environment(variables: ["PATH": dir + ":/usr/bin:/bin", "HOME": dir].merging(extra) { $1 }, currentDirectory: dir)
        }
    }

    func config(_ value: String? = nil) -> Config {
        var c = Config(path: "/nonexistent/config")
        if let value { c.entries["clipboard"] = Config.Entry(value: value, line: 1) }
        return c
    }

    @Test func planOrder() throws {
        let bin = try FakeBin()
        for name in ["pbcopy", "wl-copy", "xclip", "xsel"] { try bin.addCopier(name) }
        func plan(_ vars: [String: String], tty: Bool = true) -> [Clipboard.Backend] {
            Clipboard.plan(env: bin.env(vars), config: config(), terminalAvailable: tty).backends
        }
        #expect(plan([:]) == [.pbcopy, .osc52])
        #expect(plan(["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"]) == [.pbcopy, .wlCopy, .xclip, .xsel, .osc52])
        #expect(plan(["DISPLAY": ":0"], tty: false) == [.pbcopy, .xclip, .xsel])
        // Over SSH the terminal's clipboard comes first, and the remote machine's pbcopy is never used.
        #expect(plan(["SSH_TTY": "/dev/pts/1", "DISPLAY": "localhost:10"]) == [.osc52, .xclip, .xsel])
        #expect(plan(["SSH_CONNECTION": "1 2 3 4"], tty: false) == [])
        #expect(Clipboard.plan(env: bin.env(["DISPLAY": ":0"]), config: config("xsel"), terminalAvailable: true).backends == [.xsel])
        #expect(Clipboard.plan(env: bin.env(), config: config("none"), terminalAvailable: true).backends == [])
    }

    @Test func copiesWithTheFirstHelperThatWorks() throws {
        let bin = try FakeBin()
        try bin.addCopier("wl-copy")
        let text = Array("## 2025-01-01T10:00Z\nTASK: copy me\n".utf8)
        let dest = try Clipboard.copy(text, env: bin.env(["WAYLAND_DISPLAY": "wayland-0"]), config: config(), terminalAvailable: false)
        #expect(dest.backend == .wlCopy)
        #expect(dest.description == "copied to the clipboard (wl-copy)")
        #expect(try bin.output() == "## 2025-01-01T10:00Z\nTASK: copy me\n")
    }

    @Test func aFailingHelperFallsThroughToTheNext() throws {
        let bin = try FakeBin()
        try bin.add("xclip", "cat >/dev/null; echo \"Error: Can't open display: :0\" >&2; exit 1")
        try bin.addCopier("xsel")
        let dest = try Clipboard.copy(Array("abc".utf8), env: bin.env(["DISPLAY": ":0"]), config: config(), terminalAvailable: false)
        #expect(dest.backend == .xsel)
        #expect(try bin.output() == "abc")
    }

    @Test func aHelperThatKeepsServingInTheBackgroundDoesNotHang() throws {
        let bin = try FakeBin()
        // Like xclip: read stdin, then fork a child that keeps stdout and stderr open for a while.
        try bin.add("xclip", "cat > '\(bin.dir)/out'; (sleep 5) & exit 0")
        let start = Date()
        let dest = try Clipboard.copy(Array("served".utf8), env: bin.env(["DISPLAY": ":0"]), config: config(), terminalAvailable: false)
        #expect(dest.backend == .xclip)
        #expect(Date().timeIntervalSince(start) < 3)
        #expect(try bin.output() == "served")
    }

    @Test func nothingWorksGivesEveryReason() throws {
        let bin = try FakeBin()
        try bin.add("xclip", "echo 'no display' >&2; exit 3")
        do {
            try Clipboard.copy([65], env: bin.env(["DISPLAY": ":0"]), config: config(), terminalAvailable: false)
            Issue.record("copy should have failed")
        } catch let PlogError.refused(_, reason, hint) {
            #expect(reason.contains("no $WAYLAND_DISPLAY"))
            #expect(reason.contains("xclip failed (exit 3): no display"))
            #expect(reason.contains("xsel not on PATH"))
            #expect(hint.contains("clipboard = osc52"))
        }
        // A forced backend that is missing says so, with a hint to go back to auto.
        do {
            try Clipboard.copy([65], env: bin.env(), config: config("wl-copy"), terminalAvailable: false)
            Issue.record("copy should have failed")
        } catch let PlogError.refused(_, reason, hint) {
            #expect(reason.contains("wl-copy not on PATH"))
            #expect(hint.contains("auto"))
        }
    }

    @Test func pasteReadsTheHelpersOutput() throws {
        let bin = try FakeBin()
        try bin.add("wl-paste", "[ \"$1\" = --no-newline ] || exit 9; printf 'pasted\\nprompt'")
        try bin.add("xclip", "printf 'from xclip'")
        #expect(try Clipboard.paste(env: bin.env(["WAYLAND_DISPLAY": "w"]), config: config(), terminalAvailable: false)
            == Array("pasted\nprompt".utf8))
        #expect(try Clipboard.paste(env: bin.env(["DISPLAY": ":0"]), config: config(), terminalAvailable: false) == Array("from xclip".utf8))
        #expect(throws: PlogError.self) { _ = try Clipboard.paste(env: bin.env(), config: config("none"), terminalAvailable: false) }
    }

    @Test func osc52Sequences() {
        #expect(Clipboard.osc52Sequence(Array("foo".utf8), tmux: false) == [27] + Array("]52;c;Zm9v".utf8) + [7])
        #expect(Clipboard.osc52Sequence(Array("foo".utf8), tmux: true)
            == [27] + Array("Ptmux;".utf8) + [27, 27] + Array("]52;c;Zm9v".utf8) + [7, 27, 92])
    }
}
