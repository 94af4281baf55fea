import Testing
@testable import PromptLog

@Suite struct JSONTests {
    @Test func parsesAndKeepsKeyOrderAndNumberText() throws {
        let text = #"{"b": 1, "a": [true, false, null, -1.50e3, "x\u00e9\ud83d\ude00\n"], "c": {}}"#
        let v = try JSONValue.parse(text)
        #expect(v.objectValue?.keys == ["b", "a", "c"])
        #expect(v["b"]?.intValue == 1)
        #expect(v["a"]?.arrayValue?[3] == .number("-1.50e3"))
        #expect(v["a"]?.arrayValue?[4].stringValue == "xé😀\n")
        #expect(v.compact == #"{"b":1,"a":[true,false,null,-1.50e3,"xé😀\n"],"c":{}}"#)
        #expect(try JSONValue.parse(v.pretty()) == v)
        #expect(JSONValue.object(JSONObject([("k", [1, "two"])])).pretty() == "{\n  \"k\": [\n    1,\n    \"two\"\n  ]\n}")
    }

    @Test func loneSurrogatesAndInvalidUTF8BecomeReplacementCharacters() throws {
        #expect(try JSONValue.parse(#""a\ud800b""#).stringValue == "a\u{FFFD}b")
        #expect(try JSONValue.parse([34, 0xFF, 34]).stringValue == "\u{FFFD}")
    }

    @Test func errorsNameTheOffset() {
        for (text, offset) in [("{\"a\" 1}", 5), ("[1,]", 3), ("tru", 0), ("\"abc", 4), ("01", 1), ("{} x", 3), ("\"\\q\"", 1)] {
            #expect(throws: JSONError.self) { try JSONValue.parse(text) }
            do { _ = try JSONValue.parse(text) } catch let e as JSONError { #expect(e.offset == offset, "\(text): \(e)") } catch {}
        }
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONError.self) { try JSONValue.parse(deep) }
    }

    @Test func objectSettersKeepPlaces() {
        var o = JSONObject([("a", 1), ("b", 2)])
        o["a"] = 3
        o["c"] = 4
        o["b"] = nil
        #expect(o.keys == ["a", "c"])
        #expect(JSONValue.object(o).compact == #"{"a":3,"c":4}"#)
    }
}

@Suite struct SourceLineTests {
    @Test func rendersRightAfterTaskAndReadsBack() {
        var b = NewBlock(timestamp: Timestamp.parse("2026-04-01T12:00+02:00")!, model: "m", project: "p",
                         task: "Fix the auth bug", prompt: "fix the auth bug")
        b.source = SourceRef(tool: "claude-code", session: "s 1", id: "msg-001")
        let text = String(decoding: b.render(), as: UTF8.self)
        #expect(text == "## 2026-04-01T12:00+02:00  m  p\nTASK: Fix the auth bug\n\nSOURCE: claude-code s%201 msg-001\n\nPROMPT:\n> fix the auth bug\n")
        let parsed = LogParser.parse(text).blocks[0]
        #expect(parsed.source == SourceRef(tool: "claude-code", session: "s 1", id: "msg-001"))
        #expect(NewBlock(parsed).render() == b.render())
    }

    @Test func missingSessionAndOddLines() {
        #expect(SourceRef.parse("aider - /tmp/x.md:120") == SourceRef(tool: "aider", session: nil, id: "/tmp/x.md:120"))
        #expect(SourceRef.parse("codex only-two") == nil)
        #expect(SourceRef(tool: "llm", session: nil, id: "100%").description == "llm - 100%25")
        // A SOURCE section with lines under it is not a source; it stays as written.
        let text = "## 2026-04-01T12:00+02:00\nSOURCE: a b c\nmore\n"
        let block = LogParser.parse(text).blocks[0]
        #expect(String(decoding: NewBlock(block).render(), as: UTF8.self) == text)
    }
}

@Suite struct CaptureRulesTests {
    @Test func trivialPromptsAndSlashCommands() {
        let rules = CaptureRules()
        for s in ["yes", "OK!", "  continue.  ", "Thanks!", "/clear", "/compact", "go ahead", ""] {
            #expect(rules.judge(s) != .keep, "\(s)")
        }
        for s in ["yes, but rename the field first", "/deploy staging", "fix the flaky test", "ok so why does this crash"] {
            #expect(rules.judge(s) == .keep, "\(s)")
        }
        #expect(CaptureRules(skipTrivial: false).judge("yes") == .keep)
        #expect(CaptureRules(trivial: ["ship it"]).judge("Ship it!") == .trivial)
        #expect(CaptureRules(trivial: ["ship it"]).judge("yes") == .keep)
        #expect(rules.judge("<command-name>/model</command-name>") == .machine)
        #expect(rules.judge("<local-command-stdout>done</local-command-stdout>") == .machine)
    }

    @Test func rulesFromTheConfig() throws {
        let config = try Config.parse("capture.skip-trivial = false\ncapture.trivial = a, b\n", path: "c")
        #expect(CaptureRules(config: config) == CaptureRules(skipTrivial: false, trivial: ["a", "b"]))
        #expect(throws: PlogError.self) { try Config.parse("capture.skip-trivial = maybe\n", path: "c") }
    }

    @Test func taskIsTheFirstSentenceCutAtAWord() {
        #expect(CaptureRules.task(from: "\n\nFix the login crash. It happens on iOS 17 only.") == "Fix the login crash.")
        #expect(CaptureRules.task(from: "## Refactor\nthe rest") == "Refactor")
        #expect(CaptureRules.task(from: "Why does main.swift fail? see log") == "Why does main.swift fail?")
        #expect(CaptureRules.task(from: "e.g. this") == "e.g. this")
        let long = "Rewrite the settings screen in SwiftUI keeping the bindings to AppStorage and the accessibility labels intact please"
        let task = CaptureRules.task(from: long)!
        #expect(task == "Rewrite the settings screen in SwiftUI keeping the bindings to…")
        #expect(task.count <= CaptureRules.taskLength + 1)
        #expect(CaptureRules.task(from: " \n ") == nil)
    }

    @Test func systemRemindersAreStripped() {
        #expect(PromptText.clean("fix it<system-reminder>x\ny</system-reminder> now\n\n") == "fix it now")
        #expect(PromptText.clean("\n<system-reminder>a</system-reminder>\nhello\n<system-reminder>b") == "hello")
        #expect(PromptText.clean("plain") == "plain")
    }

    @Test func capturedPromptRendersRedacted() {
        let p = CapturedPrompt(source: SourceRef(tool: "codex", session: "t", id: "1"),
                               timestamp: Timestamp.parse("2026-01-02T03:04:05+00:00")!,
                               text: "use key sk-ant-api03-" + String(repeating: "a", count: 93) + "AA please", model: "gpt-5", project: "web")
        let (bytes, secrets) = p.rendered()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("## 2026-01-02T03:04:05+00:00  gpt-5  web\nTASK: use key [redacted:"))
        #expect(text.contains("SOURCE: codex t 1\n"))
        #expect(!secrets.isEmpty)
    }
}
