import Foundation
import Testing
@testable import PromptLog

/// The tables in `docs/` that restate a list in the code, each marked `<!-- table: NAME -->`,
/// compared with that list: a rule cannot change without its table (docs/design.md, "Examples
/// that run").
@Suite struct DocsTablesTests {
    /// The repository's root: three levels above this file (`Tests/PromptLogTests/`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)), as: UTF8.self)
    }

    /// The body rows (cells, trimmed) of the table after `<!-- table: name -->` in `doc`.
    static func table(_ name: String, in doc: String) throws -> [[String]] {
        let lines = try read(doc).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let mark = lines.firstIndex(of: "<!-- table: \(name) -->") else {
            Issue.record("\(doc) has no `<!-- table: \(name) -->`")
            return []
        }
        var rows: [[String]] = []
        for line in lines[(mark + 1)...] {
            guard line.hasPrefix("|") else { break }
            rows.append(cells(line))
        }
        // The header and the `|---|` line are not rows.
        return Array(rows.dropFirst(2))
    }

    /// A table row's cells; `\|` inside a cell is a `|`.
    static func cells(_ line: String) -> [String] {
        let inner = line.dropFirst().dropLast(line.hasSuffix("|") ? 1 : 0)
        var out: [String] = [], cell = ""
        var chars = inner.makeIterator()
        while let c = chars.next() {
            if c == "\\" {
                if let n = chars.next() { cell.append(n == "|" ? "|" : "\\"); if n != "|" { cell.append(n) } }
            } else if c == "|" {
                out.append(cell.trimmingCharacters(in: .whitespaces)); cell = ""
            } else {
                cell.append(c)
            }
        }
        out.append(cell.trimmingCharacters(in: .whitespaces))
        return out
    }

    /// The `backticked` spans of a cell, in order.
    static func codeSpans(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test("the config keys table lists Config.keys, in order")
    func configKeys() throws {
        let rows = try Self.table("config-keys", in: "docs/configuration.md")
        let documented = rows.compactMap { Self.codeSpans($0[0]).first }
        #expect(documented == Config.keys.map(\.key))
    }

    @Test("the secret kinds table names every SecretKind, and nothing else")
    func secretKinds() throws {
        let rows = try Self.table("secret-kinds", in: "docs/capture.md")
        let documented = rows.flatMap { Self.codeSpans($0[0]) }
        #expect(documented.count == Set(documented).count, "a kind is listed twice")
        let code = Set(SecretKind.allCases.map(\.rawValue))
        #expect(Set(documented).subtracting(code).sorted() == [], "documented but not in SecretKind")
        #expect(code.subtracting(documented).sorted() == [], "in SecretKind but not documented")
    }

    @Test("the machine openings table is PromptText.machineOpenings, in order")
    func machineOpenings() throws {
        let rows = try Self.table("machine-openings", in: "docs/capture.md")
        #expect(rows.compactMap { Self.codeSpans($0[0]).first } == PromptText.machineOpenings)
    }

    @Test("the trivial phrases table is CaptureRules.defaultTrivial, in order")
    func trivialPhrases() throws {
        let rows = try Self.table("trivial", in: "docs/capture.md")
        #expect(rows.flatMap { Self.codeSpans($0[0]) } == CaptureRules.defaultTrivial)
    }

    /// The offer bar of `--like` and the recall hook is stated in prose, not a table: each
    /// "relatedness at least X" in the documents is `LikeRanking.offerThreshold`.
    @Test("every document states the offer bar as LikeRanking.offerThreshold")
    func offerThreshold() throws {
        var stated: [String] = []
        for doc in ["README.md", "docs/recall.md", "docs/agents.md", "docs/mcp.md"] {
            let text = try Self.read(doc).replacingOccurrences(of: "\n", with: " ")
            for part in text.components(separatedBy: "relatedness at least ").dropFirst() {
                let number = String(part.prefix { $0.isNumber || $0 == "." }.reversed().drop { $0 == "." }.reversed())
                stated.append("\(doc): \(number)")
                #expect(Double(number) == LikeRanking.offerThreshold, "\(doc) says relatedness at least \(number)")
            }
        }
        #expect(stated.count >= 2, "the offer bar is stated in docs/recall.md and docs/agents.md: \(stated)")
    }

    /// The units are a C array (`Sources/CSupport/promptshape.c`); the table is compared with
    /// that source, and each documented unit is checked to count as one.
    @Test("the units table is promptshape.c's list, and every unit in it counts")
    func units() throws {
        let rows = try Self.table("units", in: "docs/learn.md")
        let documented = rows.flatMap { Self.codeSpans($0[1]) }
        #expect(!documented.isEmpty)
        #expect(documented.count == Set(documented).count, "a unit is listed twice")

        let source = try Self.read("Sources/CSupport/promptshape.c")
        let start = try #require(source.range(of: "static const char *const units[] = {"))
        let end = try #require(source.range(of: "};", range: start.upperBound..<source.endIndex))
        let body = source[start.upperBound..<end.lowerBound]
        var code: [String] = []
        for literal in body.split(separator: "\"").enumerated() where literal.offset % 2 == 1 {
            code.append(Self.unescapeC(String(literal.element)))
        }
        #expect(code.count > 40, "the units array was not found in promptshape.c")
        #expect(Set(documented).subtracting(code).sorted() == [], "documented but not in promptshape.c")
        #expect(Set(code).subtracting(documented).sorted() == [], "in promptshape.c but not documented")
        for unit in documented {
            #expect(PromptShape.of("it took 5\(unit) here").numberWithUnit, "5\(unit)")
        }
        #expect(!PromptShape.of("it took 5 apples here").numberWithUnit)
    }

    /// `\xc2\xb5` escapes as bytes, the rest as written.
    static func unescapeC(_ s: String) -> String {
        var bytes: [UInt8] = []
        var u = Array(s.utf8)[...]
        while let b = u.first {
            if b == UInt8(ascii: "\\"), u.count >= 4, u[u.startIndex + 1] == UInt8(ascii: "x"),
               let v = UInt8(String(decoding: u[(u.startIndex + 2)..<(u.startIndex + 4)], as: UTF8.self), radix: 16) {
                bytes.append(v); u = u.dropFirst(4)
            } else {
                bytes.append(b); u = u.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The verdict signals of docs/learn.md's outcome rules: every phrase in backticks (and every
    /// emoji) in the hit, partial, miss and success rows, written alone as a first bullet, reads as
    /// its row says (success as a hit). The exceptions are the phrases the table itself gives as
    /// fragments of longer ones (`needed` + a nudge, `after` + an `-ing` word) or as examples of
    /// what does not count (`good question`, `mostly a discussion`), and the user's own work,
    /// which the table says is a miss when alone.
    @Test func verdictSignalsReadAsTheirRowSays() throws {
        let doc = try Self.read("docs/learn.md")
        guard let start = doc.range(of: "### Outcome rules"), let end = doc.range(of: "### `--json` keys") else {
            Issue.record("docs/learn.md has no outcome rules section")
            return
        }
        let fragments: Set<String> = [
            "first", "fully", "entirely", "completely", "needed", "needs", "after", "-ing",
            "after (some) edits / cleanup / prompting", "with a hint", "but", "job",
            "myself", "manually", "by hand", "my own",
            "mostly a discussion", "half the flags", "mostly boilerplate", "good question", "nice idea", "useful link",
        ]
        var checked = 0
        for line in doc[start.lowerBound..<end.lowerBound].split(separator: "\n") {
            let cells = Self.cells(line.trimmingCharacters(in: " "))
            guard cells.count == 2, ["hit", "partial", "miss", "success"].contains(cells[0]) else { continue }
            let want: Verdict = cells[0] == "success" ? .hit : Verdict(rawValue: cells[0])!
            var phrases = cells[1].split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            phrases += cells[1].unicodeScalars.filter { $0.properties.isEmojiPresentation || ("\u{2700}"..."\u{27BF}").contains($0) }
                .map { String($0) }
            for phrase in phrases where !fragments.contains(phrase) {
                #expect(OutcomeClassifier.classify(text: phrase).verdict == want, "`\(phrase)` in the \(cells[0]) row")
                checked += 1
            }
        }
        #expect(checked > 150, "the table's phrases were found (\(checked))")
    }

}
