import Testing
@testable import PromptLog

@Suite struct GitRequestTests {
    @Test func roundTripsEveryOption() throws {
        let requests = [
            GitRequest(verb: .initialize, file: "/tmp/a b/p.log", remote: "git@host:me/notes.git", directory: "-odd dir",
                       quiet: true, noColor: true),
            GitRequest(verb: .commit, file: "p.log", message: "--not an option", push: true, allowSecrets: true),
            GitRequest(verb: .sync, remote: "origin", allowSecrets: true, quiet: true),
            GitRequest(verb: .commit),
        ]
        for r in requests { #expect(try GitRequest(arguments: r.arguments) == r) }
    }

    @Test func readsTheShortAndInlineSpellings() throws {
        #expect(try GitRequest(arguments: ["commit", "-q", "-f", "x.log", "--message=m=1"])
            == GitRequest(verb: .commit, file: "x.log", message: "m=1", quiet: true))
        #expect(try GitRequest(arguments: ["init", "dir"]) == GitRequest(verb: .initialize, directory: "dir"))
    }

    @Test func refusesWhatPlogNeverWrites() {
        for args in [[], ["status"], ["commit", "--force"], ["commit", "extra"], ["commit", "--file"], ["init", "a", "b"]] {
            #expect(throws: PlogError.self, "\(args)") { try GitRequest(arguments: args) }
        }
    }
}

@Suite struct ImportRequestTests {
    @Test func roundTripsEveryOption() throws {
        let requests = [
            ImportRequest(tool: "claude-code", paths: ["/a b", "--odd"], file: "p.log", since: "2025-01", dryRun: true,
                          noCommit: true, quiet: true, noColor: true),
            ImportRequest(tool: "llm"),
        ]
        for r in requests { #expect(try ImportRequest(arguments: r.arguments) == r) }
    }

    @Test func refusesWhatPlogNeverWrites() {
        for args in [[], ["--since", "x"], ["codex", "--force"], ["codex", "--since"]] {
            #expect(throws: PlogError.self, "\(args)") { try ImportRequest(arguments: args) }
        }
    }
}
