/// Turning what the user saved in an editor into exactly one block.
public enum DraftText {
    public enum Verdict: Equatable {
        /// The draft holds one block; these are its bytes, cleaned, ending with `\n`.
        case block([UInt8])
        /// Nothing to log: the draft is empty, unchanged, or has no text beyond its header.
        case nothing(reason: String)
        /// The draft cannot be logged as it is.
        case invalid(reason: String)
    }

    /// Judges a saved draft against the text it started from.
    public static func judge(_ saved: [UInt8], original: [UInt8]?) -> Verdict {
        if let original, saved == original { return .nothing(reason: "the draft was not changed") }
        if saved.allSatisfy({ $0 == 10 || $0 == 13 || $0 == 32 || $0 == 9 }) {
            return .nothing(reason: "the draft is empty")
        }
        let cleaned = removeEmptySections(saved)
        let log = LogParser.parse(cleaned)
        if !log.preamble.allSatisfy({ $0 == 10 || $0 == 13 || $0 == 32 || $0 == 9 }) {
            let firstLine = String(decoding: log.preamble.prefix { $0 != 10 }, as: UTF8.self)
            return .invalid(reason: "it must start with a header line such as `## \(Timestamp.now().text)`, "
                + "but starts with `\(firstLine)`")
        }
        switch log.blocks.count {
        case 0:
            return .invalid(reason: "it has no header line (`## <timestamp>  <model>  <project>`)")
        case 1:
            let block = log.blocks[0]
            if block.sections.isEmpty && block.leadingLines.isEmpty {
                return .nothing(reason: "the draft has no text besides its header")
            }
            var bytes = block.raw
            if bytes.last != 10 { bytes.append(10) }
            return .block(bytes)
        default:
            let second = log.blocks[1]
            return .invalid(reason: "it holds \(log.blocks.count) blocks; the second starts at line "
                + "\(second.line) (`\(second.timestamp.text)`). Quote prompt lines with `> ` so they are not read as headers")
        }
    }

    /// Drops sections left as the template had them: a keyword line with nothing after the
    /// colon, followed only by blank lines or bare `>` / `-` placeholders.
    public static func removeEmptySections(_ bytes: [UInt8]) -> [UInt8] {
        var lines = bytes.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
        if bytes.last == 10 { lines.removeLast() }
        func isPlaceholder(_ l: [UInt8]) -> Bool {
            let t = l.filter { $0 != 32 && $0 != 9 && $0 != 13 }
            return t.isEmpty || t == [62] || t == [45]  // blank, ">", "-"
        }
        var keep = [Bool](repeating: true, count: lines.count)
        var i = 0
        while i < lines.count {
            let line = lines[i]
            let text = line.last == 13 ? Array(line.dropLast()) : line
            let isKeyword = text.withUnsafeBufferPointer { LogParser.keywordColon($0, 0, $0.count) }
            if let colon = isKeyword, text[(colon + 1)...].allSatisfy({ $0 == 32 || $0 == 9 }) {
                var j = i + 1
                while j < lines.count, isPlaceholder(lines[j]) {
                    let t = lines[j].withUnsafeBufferPointer { LogParser.keywordColon($0, 0, $0.count) }
                    if t != nil { break }
                    j += 1
                }
                let endsSection = j == lines.count
                    || lines[j].withUnsafeBufferPointer { LogParser.keywordColon($0, 0, $0.count) } != nil
                    || lines[j].withUnsafeBufferPointer { LogScanner.isHeader($0, at: 0) }
                if endsSection {
                    for k in i..<j { keep[k] = false }
                    i = j
                    continue
                }
            }
            i += 1
        }
        var out: [UInt8] = []
        for (k, l) in lines.enumerated() where keep[k] { out += l; out.append(10) }
        return out
    }
}
