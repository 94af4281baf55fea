import Foundation
import PromptLog
import Testing

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

@Suite("Keep: the daily job (crontab line, systemd and launchd units)")
struct DailyJobTests {
    let job = DailyJob(plog: "/usr/local/bin/plog", log: "/home/u/notes/prompts.log", hour: 23, minute: 55,
                       output: "/home/u/.local/state/plog/cron.log")

    @Test("the crontab line: time, absolute paths, --quiet, output appended, marker")
    func cronLine() {
        #expect(job.cronLine == "55 23 * * * /usr/local/bin/plog commit --quiet --file /home/u/notes/prompts.log"
                + " >> /home/u/.local/state/plog/cron.log 2>&1 # plog: daily commit (managed by plog cron)")
    }

    @Test("--sync makes the job a plog sync")
    func syncJob() {
        var job = job
        job.sync = true
        #expect(job.cronLine.hasPrefix("55 23 * * * /usr/local/bin/plog sync --quiet --file /home/u/notes/prompts.log >> "))
        #expect(job.systemdService.contains("ExecStart=/usr/local/bin/plog sync --quiet --file /home/u/notes/prompts.log\n"))
    }

    @Test("paths with spaces are quoted for the shell, and % is escaped for cron")
    func quoting() {
        let odd = DailyJob(plog: "/opt/my tools/plog", log: "/home/u/100% notes/p.log", hour: 7, minute: 5,
                           output: "/tmp/o.log", push: true)
        #expect(odd.cronLine == "5 7 * * * '/opt/my tools/plog' commit --quiet --push --file '/home/u/100\\% notes/p.log'"
                + " >> /tmp/o.log 2>&1 # plog: daily commit (managed by plog cron)")
        #expect(odd.systemdService.contains("ExecStart=\"/opt/my tools/plog\" commit --quiet --push --file \"/home/u/100%% notes/p.log\"\n"))
    }

    @Test("installing twice gives one line; other lines stay byte for byte")
    func installIdempotent() {
        let table = "# my jobs\nMAILTO=me@example.com\n0 * * * * /usr/bin/backup   --fast\n\n"
        let (once, changed) = job.installing(into: table)
        #expect(changed)
        #expect(once == table + job.cronLine + "\n")
        let (twice, changedAgain) = job.installing(into: once)
        #expect(!changedAgain)
        #expect(twice == once)
        #expect(twice.components(separatedBy: DailyJob.cronMarker).count == 2)
    }

    @Test("installing with a new time replaces plog's line in place")
    func installReplaces() {
        let table = "A=1\n" + job.cronLine + "\n0 1 * * * other\n"
        var later = job
        later.hour = 6
        let (updated, changed) = later.installing(into: table)
        #expect(changed)
        #expect(updated == "A=1\n" + later.cronLine + "\n0 1 * * * other\n")
    }

    @Test("a table without a final newline keeps its last line; plog's line goes after it")
    func noFinalNewline() {
        let (updated, _) = job.installing(into: "0 1 * * * other")
        #expect(updated == "0 1 * * * other\n" + job.cronLine + "\n")
        #expect(job.installing(into: "").table == job.cronLine + "\n")
    }

    @Test("remove deletes only plog's line")
    func remove() {
        let table = "# keep me\n" + job.cronLine + "\n0 1 * * * other  \n\n# end"
        let (updated, removed) = DailyJob.removing(from: table)
        #expect(removed == 1)
        #expect(updated == "# keep me\n0 1 * * * other  \n\n# end")
        #expect(DailyJob.removing(from: updated).removed == 0)
        #expect(DailyJob.removing(from: updated).table == updated)
        #expect(DailyJob.installedLine(in: table) == job.cronLine)
        #expect(DailyJob.installedLine(in: updated) == nil)
    }

    @Test("--at takes HH:MM on a 24-hour clock")
    func parseTime() {
        func parsed(_ s: String) -> String? { DailyJob.parseTime(s).map { "\($0.hour) \($0.minute)" } }
        #expect(parsed("23:55") == "23 55")
        #expect(parsed("7:05") == "7 5")
        #expect(parsed("00:00") == "0 0")
        for bad in ["24:00", "12:60", "12", "1:2", "ab:cd", "-1:30", "12:3x", "", " 1:00", "１２:００"] {
            #expect(parsed(bad) == nil, "\(bad)")
        }
    }

    @Test("the units are filled in: timer time, launchd calendar, output paths escaped for XML")
    func units() {
        #expect(job.systemdTimer.contains("OnCalendar=*-*-* 23:55:00\n"))
        #expect(job.systemdService.contains("ExecStart=/usr/local/bin/plog commit --quiet --file /home/u/notes/prompts.log\n"))
        var mac = job
        mac.output = "/Users/u/a&b/cron.log"
        let plist = mac.launchdAgent
        #expect(plist.contains("<integer>23</integer>"))
        #expect(plist.contains("<integer>55</integer>"))
        #expect(plist.contains("        <string>/usr/local/bin/plog</string>\n        <string>commit</string>\n"))
        #expect(plist.contains("<string>/Users/u/a&amp;b/cron.log</string>"))
        #expect(!plist.contains("@"))
    }

    @Test("the shipped unit files in shell/units are the templates plog fills in")
    func shippedUnits() throws {
        let dir = root + "/shell/units/"
        #expect(try String(contentsOfFile: dir + "plog-commit.service", encoding: .utf8) == DailyJob.systemdServiceTemplate)
        #expect(try String(contentsOfFile: dir + "plog-commit.timer", encoding: .utf8) == DailyJob.systemdTimerTemplate)
        #expect(try String(contentsOfFile: dir + "dev.plog.commit.plist", encoding: .utf8) == DailyJob.launchdTemplate)
    }

    @Test("the default output file is under $XDG_STATE_HOME/plog")
    func outputPath() {
        let env = Environment(variables: ["HOME": "/home/u", "XDG_STATE_HOME": "/state"], currentDirectory: "/")
        #expect(DailyJob(plog: "/p", log: "/l", env: env).output == "/state/plog/cron.log")
        let plain = Environment(variables: ["HOME": "/home/u"], currentDirectory: "/")
        #expect(DailyJob(plog: "/p", log: "/l", env: plain).output == "/home/u/.local/state/plog/cron.log")
        #expect(DailyJob.systemdDirectory(plain) == "/home/u/.config/systemd/user")
    }
}
