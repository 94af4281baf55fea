import Foundation
import Testing
@testable import PromptLog

@Suite struct HookUnitTests {
    static func env(_ dir: TempDir) -> Environment {
        Environment(variables: ["HOME": dir.path, "XDG_STATE_HOME": dir.path + "/state"], currentDirectory: dir.path)
    }

    @Test func hookLogSummaryCountsErrorsSinceTheLastCapture() throws {
        let dir = try TempDir()
        let env = Self.env(dir)
        #expect(HookLog.summary(env) == nil)
        HookLog.record(.error, tool: "codex", detail: "first\nproblem", env: env)
        var s = try #require(HookLog.summary(env))
        #expect(s.lastCaptured == nil && s.errorsSince.count == 1)
        #expect(s.errorsSince[0].detail == "first; problem")
        HookLog.record(.captured, tool: "claude-code", detail: "/l/p.log", env: env)
        HookLog.record(.error, tool: "gemini", detail: "a\tb", env: env)
        HookLog.record(.error, tool: "gemini", detail: "c", env: env)
        s = try #require(HookLog.summary(env))
        #expect(s.lastCaptured?.tool == "claude-code" && s.lastCaptured?.detail == "/l/p.log")
        #expect(s.errorsSince.map(\.detail) == ["a; b", "c"])
    }

    @Test func hookLogIsMovedAsideWhenLarge() throws {
        let dir = try TempDir()
        let env = Self.env(dir)
        try dir.write("state/plog/hook.log", String(repeating: "x\n", count: HookLog.maxBytes / 2 + 10))
        HookLog.record(.captured, tool: "codex", detail: "/p.log", env: env)
        #expect(FileManager.default.fileExists(atPath: dir.path + "/state/plog/hook.log.1"))
        let text = try String(contentsOfFile: dir.path + "/state/plog/hook.log", encoding: .utf8)
        #expect(text.hasSuffix("\tcodex\tok\t/p.log\n") && text.utf8.count < 200)
    }

    @Test func transcriptTailFindsTheNewestRealModel() throws {
        let dir = try TempDir()
        let assistant = #"{"type":"assistant","message":{"model":"claude-opus-4-6","role":"assistant","content":[]}}"#
        let synthetic = #"{"type":"assistant","message":{"model":"<synthetic>","role":"assistant","content":[]}}"#
        let user = #"{"type":"user","message":{"role":"user","content":"the word \"assistant\" and a model"}}"#
        try dir.write("t.jsonl", [assistant, user, synthetic, user].joined(separator: "\n") + "\n")
        #expect(TranscriptTail.lastModel(dir.path + "/t.jsonl") == "claude-opus-4-6")
        // Only the last 64 KB are read: an assistant line before them is not seen.
        let filler = String(repeating: user + "\n", count: TranscriptTail.window / user.utf8.count + 2)
        try dir.write("long.jsonl", assistant + "\n" + filler)
        #expect(TranscriptTail.lastModel(dir.path + "/long.jsonl") == nil)
        try dir.write("long2.jsonl", filler + assistant + "\n")
        #expect(TranscriptTail.lastModel(dir.path + "/long2.jsonl") == "claude-opus-4-6")
        #expect(TranscriptTail.lastModel(dir.path + "/missing.jsonl") == nil)
    }

    @Test func derivedIdsAreStableAndDependOnSessionAndText() {
        let a = PromptId.derived(session: "s1", text: "fix the bug")
        #expect(a == PromptId.derived(session: "s1", text: "fix the bug"))
        #expect(a.count == 13 && a.hasPrefix("h"))
        #expect(a != PromptId.derived(session: "s2", text: "fix the bug"))
        #expect(a != PromptId.derived(session: "s1", text: "fix the bugs"))
    }

    @Test func sessionModelsAreRememberedPerToolAndSession() throws {
        let dir = try TempDir()
        let env = Self.env(dir)
        try SessionModels.remember("claude-sonnet-4-6", tool: .claudeCode, session: "abc", env: env)
        try SessionModels.remember("m2", tool: .claudeCode, session: "../../etc/passwd", env: env)
        #expect(SessionModels.model(tool: .claudeCode, session: "abc", env: env) == "claude-sonnet-4-6")
        #expect(SessionModels.model(tool: .codex, session: "abc", env: env) == nil)
        #expect(SessionModels.model(tool: .claudeCode, session: "../../etc/passwd", env: env) == "m2")
        // Odd session ids are hashed into a file name inside the directory.
        let names = try FileManager.default.contentsOfDirectory(atPath: SessionModels.directory(env))
        #expect(names.count == 2 && names.allSatisfy { !$0.contains("/") && !$0.contains("..") })
    }

    @Test func installerRecognisesOnlyPlogsOwnCommands() {
        #expect(HookInstaller.isPlogCommand("/usr/local/bin/plog hook claude-code", tool: .claudeCode))
        #expect(HookInstaller.isPlogCommand("'/Users/me/my tools/plog' hook codex --recall", tool: .codex))
        #expect(!HookInstaller.isPlogCommand("/usr/local/bin/plog hook codex", tool: .claudeCode))
        #expect(!HookInstaller.isPlogCommand("plogger hook claude-code", tool: .claudeCode))
        #expect(!HookInstaller.isPlogCommand("echo plog hook claude-code", tool: .claudeCode))
        #expect(HookInstaller.command(plog: "/a b/plog", tool: .gemini, arguments: ["--recall"]) == "'/a b/plog' hook gemini --recall")
    }
}
