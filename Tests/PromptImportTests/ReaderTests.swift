import XCTest
@testable import PromptImport
import PromptLog

/// The fixtures next to this file (see the README in each folder for the shape and its source).
let fixtures: String = {
    let here = "\(#filePath)"
    return String(here[..<here.lastIndex(of: "/")!]) + "/Fixtures"
}()

/// Everything a reader emits for `paths`, with its tally.
func collect<R: HistoryReader>(_ reader: R, _ paths: [String]) throws -> ([CapturedPrompt], ImportTally) {
    var tally = ImportTally()
    var out: [CapturedPrompt] = []
    try reader.read(paths: paths, tally: &tally) { out.append($0) }
    return (out, tally)
}

/// A fresh temporary directory, removed when the test ends.
func temporaryDirectory(_ test: XCTestCase) -> String {
    var template = Array("/tmp/plog-import-XXXXXX".utf8CString)
    let dir = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    test.addTeardownBlock { _ = try? Subprocess.run(["/bin/rm", "-rf", dir], env: .process) }
    return dir
}

/// Runs `body` with the process's time zone set to `zone`.
func withTimeZone<T>(_ zone: String, _ body: () throws -> T) rethrows -> T {
    let old = getenv("TZ").map { String(cString: $0) }
    setenv("TZ", zone, 1); tzset()
    defer {
        if let old { setenv("TZ", old, 1) } else { unsetenv("TZ") }
        tzset()
    }
    return try body()
}

final class GeminiReaderTests: XCTestCase {
    func testReadsTypedPromptsOfEveryProjectAfterReplay() throws {
        let (prompts, tally) = try collect(GeminiReader(), [fixtures + "/gemini"])
        XCTAssertEqual(prompts.map(\.text), [
            "Write a shell one-liner that counts TODO comments per file",
            "Rename the util module to helpers and update the imports",
            "Why does the monthly report double-count refunds?",
            "Now fix it and add a regression test for refunds",
            "Add a discount code field to the checkout form",
            "Validate the discount code on the server, not only in the browser",
            "Explain what @src/cart.ts does with expired codes",
        ])
        // The rewound prompt, the subagent's and the abandoned .json twin's are not read.
        XCTAssertFalse(prompts.contains { $0.text.hasPrefix("Make the discount code") })
        XCTAssertFalse(prompts.contains { $0.text.hasPrefix("Find every place") })
        XCTAssertEqual(tally.notTyped, 2, "the tool-result user record and the /chat command in logs.json")
        XCTAssertEqual(tally.unreadable, 2, "the line that is not JSON and the logs.json entry without a message")
    }

    func testModelProjectSourceAndTime() throws {
        let (prompts, _) = try collect(GeminiReader(), [fixtures + "/gemini"])
        let byText = Dictionary(uniqueKeysWithValues: prompts.map { ($0.text, $0) })
        let first = try XCTUnwrap(byText["Add a discount code field to the checkout form"])
        XCTAssertEqual(first.model, "gemini-2.5-pro")
        XCTAssertEqual(first.project, "webshop", "from the .project_root marker")
        XCTAssertEqual(first.source, SourceRef(tool: "gemini", session: "3f2a9c1e-7d41-4b8e-9a55-0c6e1b2d4f70", id: "u1"))
        XCTAssertEqual(first.timestamp.epochSeconds, 1_758_204_200)  // 2025-09-18T14:03:20Z
        XCTAssertEqual(byText["Validate the discount code on the server, not only in the browser"]?.model, "gemini-2.5-flash")
        let ledger = try XCTUnwrap(byText["Now fix it and add a regression test for refunds"])
        XCTAssertEqual(ledger.project, "ledger", "from projects.json")
        XCTAssertEqual(ledger.source.id, "L3", "read from the .jsonl twin")
        let legacy = try XCTUnwrap(byText["Write a shell one-liner that counts TODO comments per file"])
        XCTAssertNil(legacy.project, "a hash directory names no project")
        XCTAssertEqual(legacy.model, "gemini-2.5-flash")
        let logged = try XCTUnwrap(byText["Rename the util module to helpers and update the imports"])
        XCTAssertEqual(logged.source, SourceRef(tool: "gemini", session: "0a0b0c0d-1111-4222-8333-444444444444", id: "log-1"))
        XCTAssertNil(logged.model)
    }

    func testLocalTimeWithOffset() throws {
        let prompts = try withTimeZone("Asia/Tokyo") { try collect(GeminiReader(), [fixtures + "/gemini/tmp/webshop"]).0 }
        let first = try XCTUnwrap(prompts.first)
        XCTAssertEqual(first.timestamp.offsetMinutes, 540)
        XCTAssertEqual(first.timestamp.hour, 23)
        XCTAssertEqual(first.timestamp.epochSeconds, 1_758_204_200)
    }

    func testOneSessionFileAndDefaultPath() throws {
        let file = fixtures + "/gemini/tmp/webshop/chats/session-2025-09-18T14-03-3f2a9c1e.jsonl"
        let (prompts, _) = try collect(GeminiReader(), [file])
        XCTAssertEqual(prompts.count, 3)
        XCTAssertEqual(prompts.first?.project, "webshop")
        let dir = temporaryDirectory(self)
        try Path.makeDirectories(dir + "/home/.gemini/tmp")
        try Path.makeDirectories(dir + "/other/.gemini/tmp")
        XCTAssertEqual(GeminiReader.defaultPaths(env: Environment(variables: ["HOME": dir + "/home"], currentDirectory: "/")),
                       [dir + "/home/.gemini/tmp"])
        XCTAssertEqual(GeminiReader.defaultPaths(env: Environment(variables: ["HOME": dir + "/home", "GEMINI_CLI_HOME": dir + "/other"],
                                                                  currentDirectory: "/")),
                       [dir + "/other/.gemini/tmp"], "GEMINI_CLI_HOME replaces the home directory")
        XCTAssertEqual(GeminiReader.defaultPaths(env: Environment(variables: ["HOME": dir], currentDirectory: "/")), [])
    }

    /// A `$set` of `messages` replaces the list (Gemini CLI's `updateMessagesFromHistory`), and a
    /// file whose metadata says `kind: "subagent"` is a subagent's wherever it lies.
    func testSetMessagesAndSubagentKind() throws {
        let dir = temporaryDirectory(self)
        try Path.makeDirectories(dir + "/p/chats")
        try FileIO.writeNew(dir + "/p/chats/session-2025-10-01T09-00-aaaaaaaa.jsonl", Array("""
            {"sessionId":"aaaaaaaa-1","projectHash":"p","startTime":"2025-10-01T09:00:00.000Z"}
            {"id":"a1","timestamp":"2025-10-01T09:00:05.000Z","type":"user","content":"the prompt before the history was rewritten"}
            {"$set":{"messages":[{"id":"b1","timestamp":"2025-10-01T09:01:00.000Z","type":"user","content":"the prompt the rewritten history keeps"}]}}

            """.utf8))
        try FileIO.writeNew(dir + "/p/chats/session-2025-10-01T09-02-bbbbbbbb.jsonl", Array("""
            {"sessionId":"bbbbbbbb-2","projectHash":"p","startTime":"2025-10-01T09:02:00.000Z","kind":"subagent"}
            {"id":"s1","timestamp":"2025-10-01T09:02:05.000Z","type":"user","content":"a task the main agent gave a subagent"}

            """.utf8))
        let (prompts, _) = try collect(GeminiReader(), [dir + "/p"])
        XCTAssertEqual(prompts.map(\.text), ["the prompt the rewritten history keeps"])
        XCTAssertEqual(prompts.first?.source, SourceRef(tool: "gemini", session: "aaaaaaaa-1", id: "b1"))
    }

    func testSameSourcesOnEveryRead() throws {
        let a = try collect(GeminiReader(), [fixtures + "/gemini"]).0.map(\.source)
        let b = try collect(GeminiReader(), [fixtures + "/gemini"]).0.map(\.source)
        XCTAssertEqual(a, b)
        XCTAssertEqual(Set(a).count, a.count, "each prompt once")
    }

    func testMissingPathIsAnError() {
        XCTAssertThrowsError(try collect(GeminiReader(), [fixtures + "/gemini/nope"]))
    }
}

final class AiderReaderTests: XCTestCase {
    let chat = fixtures + "/aider/webshop/.aider.chat.history.md"
    let input = fixtures + "/aider/webshop/.aider.input.history"

    func testChatHistoryPromptsAndModels() throws {
        let (prompts, tally) = try collect(AiderReader(), [chat])
        XCTAssertEqual(prompts.map(\.text), [
            "Use the Spinner class instead of the inline spinner\nand keep the same messages",
            "/ask why is the cart total computed twice?",
            "Add a test for the empty cart",
            "Refactor total() to use a generator expression",
        ])
        XCTAssertEqual(prompts.map(\.model), ["claude-3-5-sonnet-20240620", "claude-3-5-sonnet-20240620", "gpt-4o", "o1-mini"])
        XCTAssertEqual(Set(prompts.map(\.project)), ["webshop"])
        XCTAssertEqual(tally.notTyped, 5, "the lint report, /add, <blank>, /ex, /model")
        XCTAssertEqual(tally.unreadable, 0)
    }

    func testSessionAndOffsetSource() throws {
        let (prompts, _) = try collect(AiderReader(), [chat])
        let bytes = try FileIO.readAll(chat)
        for p in prompts {
            XCTAssertEqual(p.source.tool, "aider")
            let offset = try XCTUnwrap(Int(p.source.id))
            XCTAssertTrue(bytes[offset...].starts(with: Array("#### ".utf8)), "the id is the offset of the prompt's first line")
        }
        XCTAssertEqual(prompts[0].source.session, chat + "@2024-08-05T19:33:32")
        XCTAssertEqual(prompts[2].source.session, chat + "@2024-11-30T08:05:00")
    }

    func testTheSameFileByAnotherPathGivesTheSameSources() throws {
        let dir = temporaryDirectory(self)
        XCTAssertEqual(symlink(fixtures + "/aider/webshop", dir + "/link"), 0)
        let direct = try collect(AiderReader(), [chat]).0.map(\.source)
        let viaLink = try collect(AiderReader(), [dir + "/link/.aider.chat.history.md"]).0.map(\.source)
        let viaDots = try collect(AiderReader(), [fixtures + "/aider/webshop/../webshop"]).0.map(\.source)
        XCTAssertEqual(viaLink, direct)
        XCTAssertEqual(viaDots, direct)
    }

    func testTimesWithoutZoneAreThisMachinesLocalTime() throws {
        let tokyo = try withTimeZone("Asia/Tokyo") { try collect(AiderReader(), [chat]).0 }
        XCTAssertEqual(tokyo[0].timestamp.epochSeconds, 1_722_854_012)  // 2024-08-05T19:33:32+09:00
        XCTAssertEqual(tokyo[0].timestamp.offsetMinutes, 540)
        XCTAssertEqual(tokyo[0].timestamp.hour, 19)
        let berlin = try withTimeZone("Europe/Berlin") { try collect(AiderReader(), [chat]).0 }
        XCTAssertEqual(berlin[0].timestamp.offsetMinutes, 120, "summer time in August")
        XCTAssertEqual(berlin[0].timestamp.hour, 19)
        XCTAssertEqual(berlin[0].timestamp.epochSeconds, 1_722_879_212)  // 2024-08-05T17:33:32Z
        XCTAssertEqual(berlin[2].timestamp.offsetMinutes, 60, "winter time in November")
        XCTAssertEqual(berlin[3].timestamp.hour, 8)
    }

    func testInputHistoryAddsOnlyWhatTheChatHistoryLacks() throws {
        let (prompts, tally) = try withTimeZone("UTC") { try collect(AiderReader(), [input]) }
        XCTAssertEqual(prompts.map(\.text), ["Refactor total() to use a generator expression\nand keep it readable"])
        XCTAssertEqual(prompts.map(\.model), [nil])
        XCTAssertEqual(prompts[0].timestamp.epochSeconds, 1_732_954_050)  // 2024-11-30T08:07:30Z
        XCTAssertEqual(prompts[0].source.session, input)
        XCTAssertEqual(tally.notTyped, 1, "/model")
        XCTAssertEqual(tally.alreadyPresent, 1, "the chat history's 'Add a test for the empty cart'")
    }

    func testInputHistoryAlone() throws {
        let dir = temporaryDirectory(self)
        try FileIO.writeNew(dir + "/.aider.input.history", try FileIO.readAll(input))
        let (prompts, _) = try collect(AiderReader(), [dir])
        XCTAssertEqual(prompts.map(\.text), ["Add a test for the empty cart",
                                             "Refactor total() to use a generator expression\nand keep it readable"])
    }

    func testChatPromptsTakeTheInputHistorysTime() throws {
        let (prompts, _) = try withTimeZone("UTC") { try collect(AiderReader(), [chat]) }
        XCTAssertEqual(prompts[2].text, "Add a test for the empty cart")
        XCTAssertEqual(prompts[2].timestamp.epochSeconds, 1_732_953_941, "08:05:41 from the input history")
        XCTAssertEqual(prompts[3].timestamp.epochSeconds, 1_732_953_900, "not in the input history as written: the session's start")
    }

    func testDefaultPathsFollowTheRepositoryAndAidersVariables() throws {
        let dir = temporaryDirectory(self)
        try Path.makeDirectories(dir + "/repo/.git")
        try FileIO.writeNew(dir + "/repo/.git/HEAD", Array("ref: refs/heads/main\n".utf8))
        try Path.makeDirectories(dir + "/repo/src")
        let inRepo = Environment(variables: ["HOME": dir], currentDirectory: dir + "/repo/src")
        XCTAssertEqual(AiderReader.defaultPaths(env: inRepo), [])
        try FileIO.writeNew(dir + "/repo/.aider.input.history", Array("\n# 2024-11-30 08:05:41.1\n+hello there\n".utf8))
        XCTAssertEqual(AiderReader.defaultPaths(env: inRepo), [dir + "/repo/.aider.input.history"])
        try FileIO.writeNew(dir + "/repo/.aider.chat.history.md", Array("\n# aider chat started at 2024-11-30 08:05:00\n".utf8))
        XCTAssertEqual(AiderReader.defaultPaths(env: inRepo), [dir + "/repo/.aider.chat.history.md"])
        let named = Environment(variables: ["HOME": dir, "AIDER_CHAT_HISTORY_FILE": chat], currentDirectory: dir)
        XCTAssertEqual(AiderReader.defaultPaths(env: named), [chat])
    }

    func testAnnouncementLines() {
        XCTAssertEqual(AiderReader.announcedModel("> Model: gpt-4o-mini with whole edit format  "), "gpt-4o-mini")
        XCTAssertEqual(AiderReader.announcedModel("> Models: claude-3-5-sonnet-20240620 with diff edit format, weak model claude-3-haiku-20240307"),
                       "claude-3-5-sonnet-20240620")
        XCTAssertEqual(AiderReader.announcedModel("> Main model: anthropic/claude-sonnet-4 with diff edit format, infinite output"),
                       "anthropic/claude-sonnet-4")
        XCTAssertNil(AiderReader.announcedModel("> Weak model: gpt-4o-mini"))
        XCTAssertNil(AiderReader.announcedModel("> Git repo: .git with 48 files"))
    }
}

final class ChatGPTReaderTests: XCTestCase {
    let json = fixtures + "/chatgpt/conversations.json"

    func testKeptBranchOnlyTypedPrompts() throws {
        let (prompts, tally) = try collect(ChatGPTReader(), [json])
        XCTAssertEqual(prompts.map(\.text), [
            "Write a regex that matches ISO 8601 dates like 2024-06-10",
            "Does it also accept the dates in this screenshot?",
            "Now make it reject February 30",
            "Summarise the difference between \"[a]\" and {b} in JSON, with brackets ] } [ { in the text",
        ])
        XCTAssertEqual(tally.notTyped, 3, "the hidden system message, the custom instructions, the tool message")
        XCTAssertEqual(tally.unreadable, 1, "the element that is not a conversation")
    }

    func testModelTimeAndSource() throws {
        let (prompts, _) = try collect(ChatGPTReader(), [json])
        XCTAssertEqual(prompts.map(\.model), ["gpt-4o-2024-05-13", "gpt-4o", "gpt-4o", nil],
                       "the kept reply's model_slug, else the conversation's default_model_slug")
        XCTAssertEqual(prompts[0].source, SourceRef(tool: "chatgpt", session: "c0ffee00-0000-4000-8000-000000000001", id: "msg-u1"))
        XCTAssertEqual(prompts[0].timestamp.epochSeconds, 1_718_000_001)
        XCTAssertEqual(prompts[2].timestamp.epochSeconds, 1_718_000_000, "no create_time: the conversation's")
        XCTAssertEqual(prompts.map(\.project), [nil, nil, nil, nil])
    }

    func testZipGivesTheSamePromptsAsTheFile() throws {
        let fromJSON = try collect(ChatGPTReader(), [json])
        let fromZip = try collect(ChatGPTReader(), [fixtures + "/chatgpt/export.zip"])
        XCTAssertEqual(fromZip.0, fromJSON.0)
        XCTAssertEqual(fromZip.1, fromJSON.1)
        let fromFolder = try collect(ChatGPTReader(), [fixtures + "/chatgpt"])
        XCTAssertEqual(fromFolder.0, fromJSON.0)
    }

    /// Every split of the file into two pieces gives the same elements (the stream's seams).
    func testElementsAcrossPieceBoundaries() throws {
        let bytes = try FileIO.readAll(json)
        let whole = try elements(bytes, pieces: [bytes.count])
        XCTAssertEqual(whole.count, 3)
        for cut in stride(from: 1, to: bytes.count, by: 7) {
            XCTAssertEqual(try elements(bytes, pieces: [cut, bytes.count - cut]), whole, "cut at \(cut)")
        }
    }

    private func elements(_ bytes: [UInt8], pieces: [Int]) throws -> [[UInt8]] {
        var splitter = JSONArrayElements(name: "test")
        var out: [[UInt8]] = []
        var at = 0
        try bytes.withUnsafeBufferPointer { buf in
            for n in pieces {
                try splitter.feed(UnsafeBufferPointer(rebasing: buf[at..<(at + n)])) { out.append(Array($0)) }
                at += n
            }
        }
        try splitter.finish()
        return out
    }

    func testDamagedTimesAreUnreadableNotACrash() throws {
        let dir = temporaryDirectory(self)
        let conv = #"[{"id":"c","current_node":"a","mapping":{"a":{"id":"a","parent":null,"message":{"id":"m","author":{"role":"user"},"#
            + #""create_time":1e300,"content":{"content_type":"text","parts":["a prompt with a damaged time"]}}}}}]"#
        try FileIO.writeNew(dir + "/c.json", Array(conv.utf8))
        let (prompts, tally) = try collect(ChatGPTReader(), [dir + "/c.json"])
        XCTAssertEqual(prompts.count, 0)
        XCTAssertEqual(tally.unreadable, 1)
    }

    func testNotAnExportIsAClearError() throws {
        let dir = temporaryDirectory(self)
        try FileIO.writeNew(dir + "/object.json", Array("{\"mapping\": {}}".utf8))
        XCTAssertThrowsError(try collect(ChatGPTReader(), [dir + "/object.json"])) { error in
            XCTAssertTrue("\(error)".contains("not a JSON array of conversations"), "\(error)")
        }
        try FileIO.writeNew(dir + "/cut.json", Array("[{\"mapping\": {}}, {\"map".utf8))
        XCTAssertThrowsError(try collect(ChatGPTReader(), [dir + "/cut.json"])) { error in
            XCTAssertTrue("\(error)".contains("truncated"), "\(error)")
        }
        var zip = try FileIO.readAll(fixtures + "/chatgpt/export.zip")
        zip.removeLast(30)
        try FileIO.writeNew(dir + "/cut.zip", zip)
        XCTAssertThrowsError(try collect(ChatGPTReader(), [dir + "/cut.zip"])) { error in
            XCTAssertTrue("\(error)".contains("zip archive"), "\(error)")
        }
    }
}

final class ZipArchiveTests: XCTestCase {
    func testStoredAndDeflatedEntriesWithCRC() throws {
        let zip = try ZipArchive(path: fixtures + "/chatgpt/export.zip")
        XCTAssertEqual(zip.entries.map(\.name), ["user.json", "conversations.json", "chat.html"])
        let entry = try XCTUnwrap(zip.entry(named: "conversations.json"))
        XCTAssertEqual(entry.method, 8)
        var out: [UInt8] = []
        try zip.read(entry) { out += $0 }
        XCTAssertEqual(out, try FileIO.readAll(fixtures + "/chatgpt/conversations.json"))
    }

    func testZIP64() throws {
        let zip = try ZipArchive(path: fixtures + "/chatgpt/export-zip64.zip")
        let entry = try XCTUnwrap(zip.entry(named: "conversations.json"))
        XCTAssertEqual(entry.uncompressedSize, 3823, "from the ZIP64 extra field")
        var out: [UInt8] = []
        try zip.read(entry) { out += $0 }
        XCTAssertEqual(out, try FileIO.readAll(fixtures + "/chatgpt/conversations.json"))
    }

    /// Truncations and single-byte changes of the headers (the first local header, the central
    /// directory and end records) of both fixtures either read or throw: sizes and offsets come
    /// from the file and must never trap or read outside it.
    func testDamageNeverCrashes() throws {
        let dir = temporaryDirectory(self)
        for name in ["export.zip", "export-zip64.zip"] {
            let good = try FileIO.readAll(fixtures + "/chatgpt/" + name)
            var variants: [[UInt8]] = stride(from: 0, to: good.count, by: 9).map { Array(good[0..<$0]) }
            for i in 0..<good.count where i < 80 || i >= good.count - 200 {
                var v = good
                v[i] ^= 0xFF
                variants.append(v)
                // An 8-byte field of all ones: the largest size or offset a ZIP64 field can say.
                if i + 8 <= good.count {
                    var w = good
                    w.replaceSubrange(i..<(i + 8), with: repeatElement(0xFF, count: 8))
                    variants.append(w)
                }
            }
            for (k, v) in variants.enumerated() {
                let path = dir + "/v\(k).zip"
                try FileIO.writeNew(path, v)
                if let zip = try? ZipArchive(path: path) {
                    for entry in zip.entries { try? zip.read(entry) { _ in } }
                }
                unlink(path)
            }
        }
    }

    func testCorruptDataFailsItsCheck() throws {
        let dir = temporaryDirectory(self)
        var bytes = try FileIO.readAll(fixtures + "/chatgpt/export.zip")
        let zip = try ZipArchive(path: fixtures + "/chatgpt/export.zip")
        let entry = try XCTUnwrap(zip.entry(named: "conversations.json"))
        // Flip a byte in the middle of the compressed data.
        let at = Int(entry.localHeaderOffset) + 30 + "conversations.json".utf8.count + Int(entry.compressedSize) / 2
        bytes[at] ^= 0xFF
        try FileIO.writeNew(dir + "/bad.zip", bytes)
        let bad = try ZipArchive(path: dir + "/bad.zip")
        XCTAssertThrowsError(try bad.read(try XCTUnwrap(bad.entry(named: "conversations.json"))) { _ in })
    }
}

final class LLMReaderTests: XCTestCase {
    /// llm ≤ 0.31's tables (`simonw/llm` `llm/migrations.py`: m001–m010 for `responses` and
    /// `conversations`; `resolved_model` came in a later migration and is left out here).
    static let legacySchema = """
        CREATE TABLE conversations (id TEXT PRIMARY KEY, name TEXT, model TEXT);
        CREATE TABLE responses (id TEXT PRIMARY KEY, model TEXT, prompt TEXT, system TEXT, prompt_json TEXT,
          options_json TEXT, response TEXT, response_json TEXT, conversation_id TEXT REFERENCES conversations(id),
          duration_ms INTEGER, datetime_utc TEXT, input_tokens INTEGER, output_tokens INTEGER, token_details TEXT);
        """

    /// llm 0.32+'s turn tables, as llm 0.36 creates them (`.schema turns` of a real `logs.db`).
    static let turnSchema = """
        CREATE TABLE threads (id TEXT PRIMARY KEY, name TEXT, tip_message_hash TEXT, forked_from TEXT, datetime_utc TEXT);
        CREATE TABLE turns (id TEXT PRIMARY KEY, thread_id TEXT REFERENCES threads(id), parent_message_hash TEXT,
          tip_message_hash TEXT, model TEXT, resolved_model TEXT, options_json TEXT, schema_id TEXT, input_tokens INTEGER,
          output_tokens INTEGER, token_details TEXT, duration_ms INTEGER, datetime_utc TEXT, response_json TEXT);
        CREATE TABLE turn_search (id INTEGER PRIMARY KEY, turn_id TEXT REFERENCES turns(id), prompt TEXT, response TEXT);
        """

    func makeDB(_ sql: String) throws -> String {
        let path = temporaryDirectory(self) + "/logs.db"
        let db = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        try db.execute(sql)
        return path
    }

    func testLegacyResponses() throws {
        let path = try makeDB(LLMReaderTests.legacySchema + """
            INSERT INTO conversations VALUES ('01hconv', 'regex', 'gpt-4o-mini');
            INSERT INTO responses (id, model, prompt, system, conversation_id, datetime_utc) VALUES
              ('01hresp1', 'gpt-4o-mini', 'Explain this regex: ^\\d+$', 'be terse', '01hconv', '2025-02-16T22:34:30.374882+00:00'),
              ('01hresp0', 'gpt-3.5-turbo', 'What is a ULID?', NULL, NULL, '2023-07-12T04:01:50.124045'),
              ('01hresp2', 'gpt-4o-mini', '', NULL, '01hconv', '2025-02-16T22:35:00+00:00'),
              ('01hresp3', 'gpt-4o-mini', 'no time', NULL, '01hconv', 'yesterday');
            """)
        let (prompts, tally) = try collect(LLMReader(), [path])
        XCTAssertEqual(prompts.map(\.text), ["What is a ULID?", "Explain this regex: ^\\d+$"], "oldest first")
        XCTAssertEqual(prompts[1].source, SourceRef(tool: "llm", session: "01hconv", id: "01hresp1"))
        XCTAssertNil(prompts[0].source.session)
        XCTAssertEqual(prompts.map(\.model), ["gpt-3.5-turbo", "gpt-4o-mini"])
        XCTAssertEqual(prompts[1].timestamp.epochSeconds, 1_739_745_270)
        XCTAssertEqual(prompts[0].timestamp.epochSeconds, 1_689_134_510, "no offset: UTC")
        XCTAssertEqual(tally.notTyped, 1)
        XCTAssertEqual(tally.unreadable, 1)
    }

    func testTurnsAndResolvedModel() throws {
        let path = try makeDB(LLMReaderTests.turnSchema + """
            INSERT INTO threads VALUES ('01mthread', 'hello', NULL, NULL, '2026-11-24 00:57:00.251218+00:00');
            INSERT INTO turns (id, thread_id, model, resolved_model, datetime_utc) VALUES
              ('01mturn1', '01mthread', 'claude-4-sonnet', 'claude-sonnet-4-20250514', '2026-11-24T00:57:00.250362+00:00'),
              ('01mturn2', '01mthread', 'echo', NULL, '2026-11-24T00:57:02.687070+00:00');
            INSERT INTO turn_search (turn_id, prompt, response) VALUES
              ('01mturn1', 'hello there, first prompt', 'hi'),
              ('01mturn2', 'second in the same conversation', 'ok');
            """)
        let (prompts, _) = try collect(LLMReader(), [path])
        XCTAssertEqual(prompts.map(\.source.id), ["01mturn1", "01mturn2"])
        XCTAssertEqual(prompts.map(\.model), ["claude-sonnet-4-20250514", "echo"])
        XCTAssertEqual(prompts.map(\.source.session), ["01mthread", "01mthread"])
    }

    /// A database llm has upgraded keeps its old `responses` and adds turns; a row present in
    /// both (same ULID) is read once.
    func testBothGenerationsEachPromptOnce() throws {
        let path = try makeDB(LLMReaderTests.legacySchema + LLMReaderTests.turnSchema + """
            ALTER TABLE responses ADD COLUMN resolved_model TEXT;
            INSERT INTO responses (id, model, resolved_model, prompt, conversation_id, datetime_utc) VALUES
              ('01hold', 'gpt-4o', 'gpt-4o-2024-08-06', 'an old prompt', 'c1', '2025-01-01T10:00:00+00:00'),
              ('01hboth', 'gpt-4o', NULL, 'a prompt in both tables', 'c1', '2025-01-01T10:05:00+00:00');
            INSERT INTO turns (id, thread_id, model, datetime_utc) VALUES
              ('01hboth', 'c1', 'gpt-4o', '2025-01-01T10:05:00+00:00'),
              ('01mnew', 't2', 'gpt-5', '2026-01-01T10:00:00+00:00');
            INSERT INTO turn_search (turn_id, prompt) VALUES ('01hboth', 'a prompt in both tables'), ('01mnew', 'a new prompt');
            """)
        let (prompts, _) = try collect(LLMReader(), [path])
        XCTAssertEqual(prompts.map(\.text).sorted(), ["a new prompt", "a prompt in both tables", "an old prompt"])
        XCTAssertEqual(prompts.first { $0.text == "an old prompt" }?.model, "gpt-4o-2024-08-06", "resolved_model first")
        let again = try collect(LLMReader(), [path]).0
        XCTAssertEqual(again, prompts)
    }

    func testReadOnlyAndClearErrors() throws {
        let dir = temporaryDirectory(self)
        XCTAssertThrowsError(try collect(LLMReader(), [dir + "/missing.db"]))
        try FileIO.writeNew(dir + "/notadb.db", Array(repeating: 0x41, count: 4096))
        XCTAssertThrowsError(try collect(LLMReader(), [dir + "/notadb.db"])) { error in
            XCTAssertTrue("\(error)".contains(dir + "/notadb.db"), "names the file: \(error)")
            XCTAssertTrue("\(error)".contains("not a database"), "SQLite's message: \(error)")
        }
        let other = try makeDB("CREATE TABLE notes (id TEXT);")
        XCTAssertThrowsError(try collect(LLMReader(), [other])) { error in
            XCTAssertTrue("\(error)".contains("neither llm's turns nor its responses"), "\(error)")
        }
        // Read-only: the reader cannot write through its connection.
        let db = try SQLiteDatabase(path: other)
        XCTAssertThrowsError(try db.execute("INSERT INTO notes VALUES ('x')")) { error in
            XCTAssertTrue("\(error)".contains("readonly"), "\(error)")
        }
    }

    func testDefaultPaths() throws {
        let dir = temporaryDirectory(self)
        let env = Environment(variables: ["HOME": dir, "LLM_USER_PATH": dir + "/llm"], currentDirectory: dir)
        XCTAssertEqual(LLMReader.defaultPaths(env: env), [])
        try Path.makeDirectories(dir + "/llm")
        _ = try SQLiteDatabase(path: dir + "/llm/logs.db", mode: .readWriteCreate)
        XCTAssertEqual(LLMReader.defaultPaths(env: env), [dir + "/llm/logs.db"])
        #if !os(macOS)
        try Path.makeDirectories(dir + "/.config/io.datasette.llm")
        _ = try SQLiteDatabase(path: dir + "/.config/io.datasette.llm/logs.db", mode: .readWriteCreate)
        XCTAssertEqual(LLMReader.defaultPaths(env: Environment(variables: ["HOME": dir], currentDirectory: dir)),
                       [dir + "/.config/io.datasette.llm/logs.db"])
        #endif
    }
}
