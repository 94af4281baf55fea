import Foundation
import Testing

/// `plog stats` as users run it, on a fixture log with known numbers.
@Suite struct StatsCommandTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/stats/prompts.log")

    /// A sandbox whose working directory holds the fixture as prompts.log (found as the nearest log).
    func sandbox() throws -> Sandbox {
        let box = try Sandbox()
        try box.write("work/prompts.log", try Data(contentsOf: Self.fixture))
        return box
    }

    func json(_ r: RunResult) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: r.stdoutData) as? [String: Any])
    }

    @Test func overview() throws {
        let box = try sandbox()
        let r = try box.run("plog", ["stats"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        try expectGolden(r.stdout, "stats-default.txt")
        for line in r.stdout.split(separator: "\n") { #expect(line.unicodeScalars.count <= 80, "\(line)") }
    }

    /// The diagnostic `--each-block`: one JSON line per block counted, filters applied, the
    /// report's own totals; it prints nothing else, so it refuses the report's options.
    @Test func eachBlockLines() throws {
        let box = try sandbox()
        let report = try json(try box.run("plog", ["stats", "--json"]))
        let r = try box.run("plog", ["stats", "--each-block"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == report["blocks"] as? Int)
        let first = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(Set(first.keys) == ["line", "offset", "timestamp", "model", "project", "verdict", "turns", "bullet", "task"])
        let hits = lines.filter { $0.contains("\"verdict\":\"hit\"") }.count
        #expect(hits == (report["outcomes"] as? [String: Any])?["hit"] as? Int)
        let filtered = try box.run("plog", ["stats", "--each-block", "--outcome", "hit"])
        #expect(filtered.stdout.split(separator: "\n").count == hits)
        for extra in [["--json"], ["--by", "model"], ["--unclassified"]] {
            let bad = try box.run("plog", ["stats", "--each-block"] + extra)
            #expect(bad.status == 2, "\(extra)")
            #expect(bad.stderr.contains("--each-block"), "\(extra)")
        }
    }

    @Test func eachBreakdownInFull() throws {
        let box = try sandbox()
        var all = ""
        for d in ["model", "project", "month", "shape", "task"] {
            let r = try box.run("plog", ["stats", "--by", d])
            #expect(r.status == 0)
            all += "$ plog stats --by \(d)\n" + r.stdout + "\n"
        }
        try expectGolden(all, "stats-by.txt")
        let bad = try box.run("plog", ["stats", "--by", "colour"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("model") && bad.stderr.contains("task"))
    }

    @Test func jsonReport() throws {
        let box = try sandbox()
        let r = try box.run("plog", ["stats", "--json"])
        #expect(r.status == 0)
        try expectGolden(r.stdout, "stats-json.json")
        let o = try json(r)
        #expect(o["blocks"] as? Int == 48)
        for key in ["outcomes", "hit_rate", "hit_rate_none_as_miss", "by_model", "by_project", "by_month", "by_shape", "repeats"] {
            #expect(o[key] != nil, "\(key)")
        }
        let models = try #require(o["by_model"] as? [[String: Any]])
        for g in models {
            for key in ["key", "blocks", "hits", "hit_rate", "ci_low", "ci_high"] { #expect(g[key] != nil, "\(key)") }
        }
    }

    @Test func filtersNarrowTheReport() throws {
        let box = try sandbox()
        func blocks(_ args: [String]) throws -> Int {
            let r = try box.run("plog", ["stats", "--json"] + args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            return try json(r)["blocks"] as? Int ?? -1
        }
        let all = try blocks([])
        let claude = try blocks(["--model", "claude"])
        let others = try blocks(["-m", "^(gpt|o3|gemini)"])
        #expect(claude > 0 && claude + others == all)
        let early = try blocks(["--until", "2025-03"])
        let late = try blocks(["--since", "2025-04"])
        #expect(early > 0 && early + late == all)
        let o = try json(try box.run("plog", ["stats", "--json", "--outcome", "hit,miss"]))
        let outcomes = try #require(o["outcomes"] as? [String: Int])
        #expect(outcomes["partial"] == 0 && outcomes["none"] == 0 && outcomes["hit"]! > 0 && outcomes["miss"]! > 0)
        #expect(try blocks(["--project", "^ios/", "--outcome", "none"]) >= 0)
        let filtered = try box.run("plog", ["stats", "--model", "no-such-model"])
        #expect(filtered.status == 0)
        #expect(filtered.stdout == "No block matches the filters.\n")
    }

    @Test func unclassifiedListing() throws {
        let box = try sandbox()
        let r = try box.run("plog", ["stats", "--unclassified"])
        #expect(r.status == 0)
        let path = box.work + "/prompts.log"
        try expectGolden(r.stdout.replacingOccurrences(of: path, with: "prompts.log"), "stats-unclassified.txt")
        #expect(r.stderr.contains("3 unclassified"))
        // Each listed line number points at the block's header.
        let log = try box.read("work/prompts.log").split(separator: "\n", omittingEmptySubsequences: false)
        for line in r.stdout.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 2)
            let n = try #require(Int(parts[1]))
            #expect(log[n - 1].hasPrefix("## "), "\(line)")
        }
        let asJSON = try box.run("plog", ["stats", "--unclassified", "--json"])
        let items = try #require(JSONSerialization.jsonObject(with: asJSON.stdoutData) as? [[String: Any]])
        #expect(items.count == 3)
        #expect(Set(items[0].keys) == ["line", "offset", "timestamp", "model", "project", "text"])

        try box.write("work/clean.log", "## 2025-01-01T10:00Z  m  p\nOUTCOME:\n- Worked first try.\n")
        let none = try box.run("plog", ["stats", "--unclassified", "-f", "clean.log"])
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr.contains("no unclassified outcomes"))
    }

    @Test func emptyAndOutcomeFreeLogs() throws {
        let box = try Sandbox()
        try box.write("work/prompts.log", "")
        let empty = try box.run("plog", ["stats"])
        #expect(empty.status == 0)
        #expect(empty.stdout == "No blocks yet: add one with `plog add`.\n")
        let emptyJSON = try json(try box.run("plog", ["stats", "--json"]))
        #expect(emptyJSON["blocks"] as? Int == 0)
        #expect(emptyJSON["hit_rate"] is NSNull)

        try box.write("work/prompts.log", "## 2025-01-01T10:00Z  m  p\nTASK: a\n\n## 2025-02-01T10:00Z  m  p\nTASK: b\n")
        let bare = try box.run("plog", ["stats"])
        #expect(bare.status == 0)
        try expectGolden(bare.stdout, "stats-no-outcomes.txt")
        #expect(!bare.stdout.contains("nan"))
    }

    @Test func errorsExitTwoAndNameTheInput() throws {
        let box = try sandbox()
        let missing = try box.run("plog", ["stats", "-f", "nowhere.log"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nowhere.log") && missing.stderr.contains("no log here yet"))
        #expect(missing.stdout.isEmpty)
        let badDate = try box.run("plog", ["stats", "--since", "last week"])
        #expect(badDate.status == 2)
        #expect(badDate.stderr.contains("last week") && badDate.stderr.contains("not a date"))
        let badOutcome = try box.run("plog", ["stats", "--outcome", "maybe"])
        #expect(badOutcome.status == 2)
        #expect(badOutcome.stderr.contains("maybe"))
        let badN = try box.run("plog", ["stats", "--min-n", "0"])
        #expect(badN.status == 2)
        let badPattern = try box.run("plog", ["stats", "--model", "(claude"])
        #expect(badPattern.status == 2)
        #expect(badPattern.stderr.contains("invalid pattern"))
        let dir = try box.run("plog", ["stats", "-f", box.home])
        #expect(dir.status == 2)
        #expect(dir.stderr.contains("directory"))
    }

    @Test func colourOnlyOnATerminal() throws {
        let box = try sandbox()
        var env = box.env
        env.removeValue(forKey: "NO_COLOR")
        env["TERM"] = "xterm-256color"
        box.env = env
        let piped = try box.run("plog", ["stats"])
        #expect(!piped.stdout.contains("\u{1B}"))
        #expect(piped.stdout == (try box.run("plog", ["stats"], env: ["NO_COLOR": "1"])).stdout)
    }

    @Test func minimumN() throws {
        let box = try sandbox()
        let o = try json(try box.run("plog", ["stats", "--json", "--min-n", "1"]))
        let models = try #require(o["by_model"] as? [[String: Any]])
        #expect(models.allSatisfy { $0["too_small"] as? Bool == false })
        #expect(models.compactMap { $0["rank"] as? Int } == Array(1...models.count))
        let rates = models.compactMap { $0["hit_rate"] as? Double }
        #expect(rates == rates.sorted(by: >))
    }

    @Test func help() throws {
        let r = try Sandbox().run("plog", ["stats", "--help"])
        #expect(r.status == 0)
        for flag in ["--since", "--until", "--model", "--project", "--outcome", "--by", "--json", "--unclassified", "--min-n", "--file"] {
            #expect(r.stdout.contains(flag), "\(flag)")
        }
    }
}
