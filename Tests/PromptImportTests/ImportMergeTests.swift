import Foundation
@testable import PromptImport
import PromptLog
import Testing

private func tempDir() throws -> String {
    var t = Array((NSTemporaryDirectory() + "/plog-import-XXXXXX").utf8CString)
    guard let p = mkdtemp(&t) else { throw POSIXError(.EIO) }
    return String(cString: p)
}

private func block(_ epoch: Int64, _ text: String, id: String) -> ImportedBlock {
    let prompt = CapturedPrompt(source: SourceRef(tool: "codex", session: "s", id: id),
                                timestamp: Timestamp.local(epochSeconds: epoch), text: text)
    return ImportedBlock(epochSeconds: epoch, bytes: prompt.rendered().bytes, source: prompt.source, text: text)
}

@Suite("ImportMerge: imported blocks by time, the user's bytes unchanged")
struct ImportMergeTests {
    @Test("into a missing log: the blocks, one blank line apart")
    func missingLog() throws {
        let dir = try tempDir()
        setenv("TZ", "UTC", 1); tzset()
        let r = try ImportMerge.merge([block(0, "one", id: "1"), block(60, "two", id: "2")], into: dir + "/new/p.log",
                                      tool: "codex", indexedSize: 0)
        #expect(r == ImportMerge.Result(added: 2, arrivedMeanwhile: 0))
        let text = String(decoding: try FileIO.readAll(dir + "/new/p.log"), as: UTF8.self)
        #expect(text == """
            ## 1970-01-01T00:00+00:00
            TASK: one

            SOURCE: codex s 1

            PROMPT:
            > one

            ## 1970-01-01T00:01+00:00
            TASK: two

            SOURCE: codex s 2

            PROMPT:
            > two

            """)
    }

    @Test("a log without a final newline, a cut-off line, a symlink and the file mode")
    func edges() throws {
        let dir = try tempDir()
        setenv("TZ", "UTC", 1); tzset()
        let mine = "## 1970-01-01T00:00Z  -  mine\nTASK: cut"
        try FileIO.writeNew(dir + "/real.log", Array(mine.utf8), mode: 0o640)
        #expect(symlink(dir + "/real.log", dir + "/link.log") == 0)
        try ImportMerge.merge([block(30, "later", id: "9")], into: dir + "/link.log", tool: "codex", indexedSize: 0)
        var st = stat()
        #expect(lstat(dir + "/link.log", &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK)
        #expect(stat(dir + "/real.log", &st) == 0 && st.st_mode & 0o777 == 0o640)
        let text = String(decoding: try FileIO.readAll(dir + "/real.log"), as: UTF8.self)
        #expect(text.hasPrefix(mine + "\n\n## 1970-01-01T00:00:30+00:00\nTASK: later\n"))
        // No temporary file left beside the log.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["link.log", "real.log"])
    }

    @Test("a block the log received after it was indexed (a hook's append) is dropped under the lock")
    func arrivedMeanwhile() throws {
        let dir = try tempDir()
        setenv("TZ", "UTC", 1); tzset()
        let mine = "## 1970-01-01T00:00Z  -  mine\nTASK: mine\n"
        try FileIO.writeNew(dir + "/p.log", Array(mine.utf8))
        let b = block(30, "from the hook too", id: "t-1")
        // The hook's block: its own id, the same session and text.
        var hooked = CapturedPrompt(source: SourceRef(tool: "codex", session: "s", id: "turn-7"),
                                    timestamp: Timestamp.local(epochSeconds: 40), text: "from the hook too")
        hooked.model = "gpt-5"
        try LogAppender.append(hooked.rendered().bytes, to: dir + "/p.log")
        let r = try ImportMerge.merge([b, block(50, "new", id: "t-2")], into: dir + "/p.log", tool: "codex",
                                      indexedSize: mine.utf8.count)
        #expect(r == ImportMerge.Result(added: 1, arrivedMeanwhile: 1))
        let text = String(decoding: try FileIO.readAll(dir + "/p.log"), as: UTF8.self)
        #expect(text.components(separatedBy: "> from the hook too").count == 2)
    }

    @Test("LogIndex knows a prompt by tool and id, or by tool, session and text (whitespace folded)")
    func index() throws {
        let log = """
            ## 2026-01-01T00:00Z
            TASK: x

            SOURCE: claude-code s1 p-1

            PROMPT:
            > fix the   bug
            > in auth

            ## 2026-01-01T00:01Z
            TASK: y

            SOURCE: codex s1 p-2

            PROMPT:
            > other tool

            """
        var index = LogIndex(tool: "claude-code")
        Array(log.utf8).withUnsafeBufferPointer { index.add($0) }
        #expect(index.contains(SourceRef(tool: "claude-code", session: "s9", id: "p-1"), text: "anything"))
        #expect(index.contains(SourceRef(tool: "claude-code", session: "s1", id: "u-5"), text: "fix the bug\nin auth"))
        #expect(!index.contains(SourceRef(tool: "claude-code", session: "s2", id: "u-5"), text: "fix the bug\nin auth"))
        #expect(!index.contains(SourceRef(tool: "claude-code", session: "s1", id: "p-2"), text: "other tool"))
    }
}

@Suite("Readers: pieces of the formats")
struct ReaderPartsTests {
    @Test("LineReader: lines longer than its buffer, CRLF kept, a last line without newline")
    func lines() throws {
        let dir = try tempDir()
        let long = String(repeating: "x", count: LineReader.chunk * 2 + 7)
        try FileIO.writeNew(dir + "/f", Array(("a\r\n" + long + "\n\nlast").utf8))
        var got: [String] = []
        let total = try LineReader.forEachLine(path: dir + "/f") { line, n in
            got.append("\(n):" + String(decoding: line, as: UTF8.self))
        }
        #expect(got == ["1:a\r", "2:" + long, "3:", "4:last"])
        #expect(total == 3 + long.utf8.count + 2 + 4)
    }

    @Test("history.jsonl pastes: inline content, a paste-cache file by hash, a placeholder with nothing behind it")
    func pastes() throws {
        let dir = try tempDir()
        try FileIO.writeNew(dir + "/abc123.txt", Array("cached\ntext".utf8))
        let pasted = try JSONValue.parse(#"{"1":{"id":1,"type":"text","content":"one\ntwo"},"2":{"id":2,"type":"text","contentHash":"abc123"}}"#)
        #expect(ClaudeCodeReader.expandPastes("see [Pasted text #1 +1 lines] and [Pasted text #2 +1 lines] and [Pasted text #3]",
                                              pasted, cache: dir)
                == "see one\ntwo and cached\ntext and [Pasted text #3]")
        #expect(ClaudeCodeReader.expandPastes("no pastes [Pasted text #1]", nil, cache: dir) == "no pastes [Pasted text #1]")
    }

    @Test("slash commands Claude Code wrapped become /name args")
    func slash() {
        #expect(ClaudeCodeReader.slashCommand("<command-name>/review</command-name>\n<command-message>review</command-message>\n<command-args>the payment module</command-args>") == "/review the payment module")
        #expect(ClaudeCodeReader.slashCommand("<command-name>clear</command-name><command-args></command-args>") == "/clear")
        #expect(ClaudeCodeReader.slashCommand("plain text") == nil)
    }

    @Test("a merge that waited for the lock while the log was replaced locks and merges the new log")
    func waitsForTheReplacedLog() throws {
        let dir = try tempDir()
        setenv("TZ", "UTC", 1); tzset()
        let path = dir + "/p.log"
        try FileIO.writeNew(path, Array("## 1970-01-01T00:05+00:00\nTASK: old\n".utf8))
        // Another import holds the lock, then renames its new log over this one and lets go.
        let (held, _) = try LogLock.acquire(path, flags: O_RDONLY)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: ImportMerge.Result?
        Thread.detachNewThread {
            result = try? ImportMerge.merge([block(0, "mine", id: "1")], into: path, tool: "codex", indexedSize: 0)
            done.signal()
        }
        usleep(200_000)
        try FileIO.writeNew(dir + "/next.log", Array("## 1970-01-01T00:05+00:00\nTASK: old\n\n## 1970-01-01T00:06+00:00\nTASK: theirs\n".utf8))
        #expect(rename(dir + "/next.log", path) == 0)
        // An add takes the lock of the new log before the old one is let go: the merge must wait
        // for it, and keep what it appends.
        let (add, _) = try LogLock.acquire(path, flags: O_WRONLY | O_APPEND)
        _ = flock(held, LOCK_UN)
        close(held)
        usleep(200_000)
        try FileIO.writeAll(add, Array("\n## 1970-01-01T00:07+00:00\nTASK: added meanwhile\n".utf8), path: path)
        _ = flock(add, LOCK_UN)
        close(add)
        done.wait()
        #expect(result?.added == 1)
        let text = String(decoding: try FileIO.readAll(path), as: UTF8.self)
        #expect(text.contains("TASK: theirs"), "the other import's block is kept: \(text)")
        #expect(text.contains("TASK: added meanwhile"), "the add that held the new log's lock is kept: \(text)")
        #expect(text.hasPrefix("## 1970-01-01T00:00+00:00\nTASK: mine"), "\(text)")
    }
}
