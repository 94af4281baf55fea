import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite("Keep: plog cron with a fake crontab, systemd and launchd units")
struct KeepCronTests {
    /// A sandbox whose PATH starts with a fake `crontab` that keeps the table in `crontab.txt`
    /// and logs every call to `crontab.calls`.
    private func sandboxWithCrontab(initial: String? = nil) throws -> Sandbox {
        let box = try Sandbox()
        try box.write("bin/crontab", """
            #!/bin/sh
            echo "$*" >> "$FAKE_CRONTAB.calls"
            case "$1" in
              -l) [ -f "$FAKE_CRONTAB" ] || { echo "no crontab for $(id -un)" >&2; exit 1; }; cat "$FAKE_CRONTAB" ;;
              -) cat > "$FAKE_CRONTAB" ;;
              *) echo "fake crontab: unexpected $*" >&2; exit 2 ;;
            esac

            """, mode: 0o755)
        box.env["PATH"] = box.absolute("bin") + ":/usr/bin:/bin"
        box.env["FAKE_CRONTAB"] = box.absolute("crontab.txt")
        if let initial { try box.write("crontab.txt", initial) }
        return box
    }

    @Test("install twice gives one line with absolute paths; the output directory is created")
    func installTwice() throws {
        let box = try sandboxWithCrontab()
        #expect(try box.run("plog", ["init", "-q"]).status == 0)
        let first = try box.run("plog", ["cron", "install"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("installed in your crontab"))
        let second = try box.run("plog", ["cron", "install"])
        #expect(second.status == 0)
        #expect(second.stderr.contains("already in your crontab"))
        let table = try box.read("crontab.txt")
        let lines = table.split(separator: "\n")
        #expect(lines.count == 1)
        let line = String(lines[0])
        #expect(line.hasPrefix("55 23 * * * /"))
        #expect(line.contains(" commit --quiet --file \(box.home)/notes/prompts.log >> \(box.home)/.local/state/plog/cron.log 2>&1 "))
        #expect(line.hasSuffix("# plog: daily commit (managed by plog cron)"))
        #expect(FileManager.default.fileExists(atPath: box.home + "/.local/state/plog"))
        // The second install read the table and did not write it again.
        #expect(try box.read("crontab.txt.calls") == "-l\n-\n-l\n")
    }

    @Test("the installed line works: run as cron would, it commits the log")
    func lineRuns() throws {
        let box = try sandboxWithCrontab()
        #expect(try box.run("plog", ["init", "-q"]).status == 0)
        #expect(try box.run("plog", ["cron", "install", "-q"]).status == 0)
        try box.appendBlock("home/notes/prompts.log", "2025-08-14T16:32+09:00", "committed by cron")
        let line = try box.read("crontab.txt").split(separator: "\n")[0]
        let command = line.split(separator: " ", maxSplits: 5)[5]
        let r = try box.run("/bin/sh", ["-c", String(command)], env: ["PATH": "/usr/bin:/bin"], cwd: "/")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try box.gitLog("home/notes").count == 2)
        #expect(try box.read("home/.local/state/plog/cron.log").isEmpty, "--quiet: nothing in cron.log")
    }

    @Test("install keeps every other line; remove leaves the table byte for byte as before")
    func removeRestores() throws {
        let original = "# m h dom mon dow command\nMAILTO=\"\"\n0 3 * * * /usr/local/bin/backup --all   \n\n30 * * * * echo '%d'\n"
        let box = try sandboxWithCrontab(initial: original)
        let install = try box.run("plog", ["cron", "install", "--at", "07:30"])
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stderr.contains("not in a git repository yet"))
        let installed = try box.read("crontab.txt")
        #expect(installed.hasPrefix(original))
        #expect(installed.dropFirst(original.count).hasPrefix("30 7 * * * "))
        let moved = try box.run("plog", ["cron", "install", "--at", "6:05"])
        #expect(moved.status == 0)
        #expect(try box.read("crontab.txt").dropFirst(original.count).hasPrefix("5 6 * * * "))
        let remove = try box.run("plog", ["cron", "remove"])
        #expect(remove.status == 0)
        #expect(try box.readData("crontab.txt") == Data(original.utf8))
        let again = try box.run("plog", ["cron", "remove"])
        #expect(again.status == 0)
        #expect(again.stderr.contains("nothing to remove"))
        #expect(try box.readData("crontab.txt") == Data(original.utf8))
    }

    @Test("show prints the line on stdout and whether it is installed")
    func show() throws {
        let box = try sandboxWithCrontab()
        let r = try box.run("plog", ["cron", "show", "--at", "21:00", "--push"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("0 21 * * * "))
        #expect(r.stdout.contains(" commit --quiet --push --file \(box.home)/notes/prompts.log "))
        #expect(r.stderr.contains("not installed"))
        #expect(!box.exists("crontab.txt"), "show writes nothing")
    }

    @Test("bad times and a missing crontab program are errors with a hint")
    func errors() throws {
        let box = try sandboxWithCrontab()
        let bad = try box.run("plog", ["cron", "install", "--at", "25:00"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("HH:MM"))
        box.env["PATH"] = "/nonexistent"
        let none = try box.run(Binaries.path("plog"), ["cron", "install"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("no `crontab` program"))
        #expect(none.stderr.contains("--systemd"))
    }

    @Test("systemd: show prints the service and timer filled in; install writes them, remove deletes them")
    func systemd() throws {
        let box = try Sandbox()
        box.env["XDG_CONFIG_HOME"] = box.absolute("config")
        let show = try box.run("plog", ["cron", "show", "--systemd", "--at", "08:15"])
        #expect(show.status == 0)
        #expect(show.stdout.contains("# \(box.root)/config/systemd/user/plog-commit.service\n[Unit]\n"))
        #expect(show.stdout.contains("/plog commit --quiet --file \(box.home)/notes/prompts.log\n"))
        #expect(show.stdout.contains("\nExecStart=/"))
        #expect(show.stdout.contains("OnCalendar=*-*-* 08:15:00\n"))
        let install = try box.run("plog", ["cron", "install", "--systemd", "--at", "08:15"])
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stderr.contains("systemctl --user enable --now plog-commit.timer"))
        let service = try box.read("config/systemd/user/plog-commit.service")
        let timer = try box.read("config/systemd/user/plog-commit.timer")
        #expect(show.stdout.contains(service) && show.stdout.contains(timer))
        #expect(try box.run("plog", ["cron", "install", "--systemd", "--at", "08:15"]).stderr.contains("already up to date"))
        #expect(try box.run("plog", ["cron", "remove", "--systemd"]).status == 0)
        #expect(!box.exists("config/systemd/user/plog-commit.service") && !box.exists("config/systemd/user/plog-commit.timer"))
    }

    @Test("launchd: the agent plist is filled in and well formed")
    func launchd() throws {
        let box = try Sandbox()
        let show = try box.run("plog", ["cron", "show", "--launchd"])
        #expect(show.status == 0)
        #expect(show.stdout.contains("<string>dev.plog.commit</string>"))
        #expect(show.stdout.contains("<string>\(box.home)/notes/prompts.log</string>"))
        #expect(show.stdout.contains("<key>Hour</key>\n        <integer>23</integer>"))
        #expect(show.stdout.contains("<string>\(box.home)/.local/state/plog/cron.log</string>"))
        let doc = try XMLDocument(data: show.stdoutData)
        #expect(doc.rootElement()?.name == "plist")
        #expect(try box.run("plog", ["cron", "install", "--launchd"]).status == 0)
        #expect(try box.read("home/Library/LaunchAgents/dev.plog.commit.plist") == show.stdout)
    }
}
