import Testing
@testable import PromptVault

private func block(_ day: Int, _ task: String, outcome: String = "- Worked first try.") -> String {
    "## 2025-08-\(day < 10 ? "0" : "")\(day)T10:00+00:00  claude  app\nTASK: \(task)\n\nOUTCOME:\n\(outcome)\n"
}

private func log(_ blocks: [String], preamble: String = "") -> [UInt8] {
    Array((preamble + blocks.joined(separator: "\n")).utf8)
}

private func tasks(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("TASK: ") }.map { String($0.dropFirst(6)) }
}

@Suite("Keep: block-level merge of two logs")
struct LogMergeTests {
    @Test("both sides appended: every block of both, once, shared blocks first, the rest by time")
    func bothAppended() {
        let base = log([block(1, "a"), block(2, "b")])
        let ours = log([block(1, "a"), block(2, "b"), block(5, "ours late"), block(3, "ours early")])
        let theirs = log([block(1, "a"), block(2, "b"), block(4, "theirs")])
        let r = LogMerge.merge(base: base, ours: ours, theirs: theirs)
        // Ours keeps its own order (5 before 3); theirs' block goes before the first later local block.
        #expect(tasks(r.bytes) == ["a", "b", "theirs", "ours late", "ours early"])
        #expect(r.fromTheirs == 1)
        #expect(r.total == 5)
        #expect(!String(decoding: r.bytes, as: UTF8.self).contains("<<<<<<<"))
    }

    @Test("the local bytes are kept as written, with the remote's blocks after a blank line")
    func keepsLocalBytes() {
        let base = log([block(1, "a")])
        let ours = base + Array("\n".utf8) + Array(block(2, "ours").utf8)
        let theirs = base + Array("\n".utf8) + Array(block(3, "theirs").utf8)
        let r = LogMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(Array(r.bytes.prefix(ours.count)) == ours)
        #expect(String(decoding: r.bytes, as: UTF8.self).hasSuffix("- Worked first try.\n\n" + block(3, "theirs")))
    }

    @Test("blocks with identical lines do not fold into each other (what a line-based union merge risks)")
    func identicalLines() {
        let base = log([block(1, "a")])
        let ours = log([block(1, "a"), block(2, "same shape")])
        let theirs = log([block(1, "a"), block(2, "same shape", outcome: "- Failed.")])
        let r = LogMerge.merge(base: base, ours: ours, theirs: theirs)
        let text = String(decoding: r.bytes, as: UTF8.self)
        #expect(tasks(r.bytes) == ["a", "same shape", "same shape"])
        #expect(text.contains("- Worked first try.\n\n## 2025-08-02T10:00+00:00  claude  app\nTASK: same shape\n\nOUTCOME:\n- Failed.\n"))
    }

    @Test("syncing again after a merge adds nothing twice")
    func idempotent() {
        let base = log([block(1, "a")])
        let ours = log([block(1, "a"), block(2, "b")])
        let theirs = log([block(1, "a"), block(3, "c")])
        let merged = LogMerge.merge(base: base, ours: ours, theirs: theirs).bytes
        // The other machine merges the same two histories the other way round.
        let other = LogMerge.merge(base: base, ours: theirs, theirs: ours).bytes
        #expect(tasks(merged) == ["a", "b", "c"])
        #expect(tasks(other) == ["a", "b", "c"])
        // Merging the two merge results (both descend from both sides) keeps one copy of each block.
        let again = LogMerge.merge(base: ours, ours: merged, theirs: other)
        #expect(tasks(again.bytes) == ["a", "b", "c"])
        #expect(again.fromTheirs == 0)
    }

    @Test("a block deleted on one side and untouched on the other stays deleted; an edit wins over the original")
    func deletionsAndEdits() {
        let base = log([block(1, "a"), block(2, "b"), block(3, "c")])
        let ours = log([block(1, "a"), block(3, "c"), block(4, "d")])          // deleted b
        let theirs = log([block(1, "a"), block(2, "b"), block(3, "c edited")])  // edited c
        let r = LogMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(tasks(r.bytes) == ["a", "c edited", "d"])
        #expect(r.droppedFromOurs == 1)  // ours' copy of the original c
    }

    @Test("one side unchanged: the other side's log, byte for byte")
    func oneSideUnchanged() {
        let base = log([block(1, "a")])
        let changed = log([block(1, "a"), block(2, "b")], preamble: "My prompts.\n\n")
        #expect(LogMerge.merge(base: base, ours: base, theirs: changed).bytes == changed)
        #expect(LogMerge.merge(base: base, ours: changed, theirs: base).bytes == changed)
        #expect(LogMerge.merge(base: base, ours: changed, theirs: changed).bytes == changed)
    }

    @Test("unrelated histories (no base) become the union of both logs")
    func noBase() {
        let ours = log([block(1, "a"), block(4, "d")])
        let theirs = log([block(2, "b"), block(1, "a")])
        let r = LogMerge.merge(base: [], ours: ours, theirs: theirs)
        #expect(tasks(r.bytes).sorted() == ["a", "b", "d"])
        #expect(r.total == 3)
    }

    @Test("preambles, CRLF line ends, a missing final newline and invalid UTF-8 all survive")
    func oddBytes() {
        let base = Array("notes\r\n\r\n## 2025-08-01T10:00+00:00\r\nTASK: a\r\n".utf8)
        let ours = base + Array("\r\n## 2025-08-02T10:00+00:00\r\nTASK: b \u{00}".utf8) + [0xFF, 0xFE]
        let theirs = base + Array("\r\n## 2025-08-03T10:00+00:00\r\nTASK: c\r\n".utf8)
        let r = LogMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(Array(r.bytes.prefix(ours.count)) == ours)
        let tail: [UInt8] = [0xFE] + Array("\n\n## 2025-08-03T10:00+00:00\r\nTASK: c\r\n".utf8)
        #expect(Array(r.bytes.suffix(tail.count)) == tail)
        #expect(r.total == 3)
    }

    @Test("blocks interleave by the header's time as the scanner reads it, CRLF headers without fields included")
    func timeOfACRLFHeader() {
        let base = log([block(1, "a")])
        // Header lines that end `\r\n` with no field after the time (read as no time at all once:
        // the merge split the header on characters, and `\r\n` is one).
        let ours = base + Array("\n## 2025-08-05T10:00+00:00\r\nTASK: ours late\r\n".utf8)
        let theirs = base + Array("\n## 2025-08-04T10:00+00:00\r\nTASK: theirs\r\n".utf8)
        let r = LogMerge.merge(base: base, ours: ours, theirs: theirs)
        let text = String(decoding: r.bytes, as: UTF8.self)
        let theirsAt = text.firstRange(of: "TASK: theirs")?.lowerBound, oursAt = text.firstRange(of: "TASK: ours late")?.lowerBound
        #expect(theirsAt != nil && oursAt != nil && theirsAt! < oursAt!, "\(text)")
        #expect(r.total == 3)
    }

    @Test("both sides changed the preamble: ours, then the lines only theirs has")
    func preambles() {
        let base = log([block(1, "a")], preamble: "Prompt log.\n\n")
        let ours = log([block(1, "a")], preamble: "Prompt log.\nMine.\n\n")
        let theirs = log([block(1, "a")], preamble: "Prompt log.\nTheirs.\n\n")
        let text = String(decoding: LogMerge.merge(base: base, ours: ours, theirs: theirs).bytes, as: UTF8.self)
        #expect(text.hasPrefix("Prompt log.\nMine.\n\nTheirs.\n"))
        #expect(tasks(Array(text.utf8)) == ["a"])
    }
}
