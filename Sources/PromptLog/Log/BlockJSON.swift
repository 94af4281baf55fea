/// Blocks as JSON, the shape shared by `prompthist --format json` and `plog export --jsonl`:
/// `{timestamp, model, project, task, prompt, outcome, verdict, turns, offset, line, text}`, where
/// `offset` is the byte offset of the header line in the log and `line` its 1-based line number.
public enum BlockJSON {
    /// One block as a JSON object on one line. `text` is the raw text to show (the whole block,
    /// or a cut of it); `extra` is appended inside the object (`, "key": value` pairs).
    public static func object(_ block: Block, line: Int, text: [UInt8], extra: String = "") -> String {
        let c = OutcomeClassifier.classify(block)
        let outcome = block.outcomeBullets
        var s = "{\"timestamp\": " + JSONText.quote(block.timestamp.text)
        s += ", \"model\": " + JSONText.quoteOrNull(block.model)
        s += ", \"project\": " + JSONText.quoteOrNull(block.project)
        s += ", \"task\": " + JSONText.quoteOrNull(block.task)
        s += ", \"prompt\": " + JSONText.quoteOrNull(block.prompt)
        s += ", \"outcome\": " + JSONText.quoteOrNull(outcome.isEmpty ? nil : outcome.joined(separator: "\n"))
        s += ", \"verdict\": " + JSONText.quote(c.verdict.rawValue)
        s += ", \"turns\": " + (c.turns.map(String.init) ?? "null")
        s += ", \"offset\": \(block.offset), \"line\": \(line)"
        s += ", \"text\": " + JSONText.quote(String(decoding: text, as: UTF8.self))
        return s + extra + "}"
    }
}

/// JSON string literals without Foundation.
enum JSONText {
    static func quote(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    static func quoteOrNull(_ s: String?) -> String { s.map(quote) ?? "null" }
}
