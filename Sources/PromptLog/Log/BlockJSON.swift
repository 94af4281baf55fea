/// Blocks as JSON, the shape shared by `prompthist --format json` and `plog export --jsonl`:
/// `{timestamp, model, project, task, prompt, outcome, verdict, turns, offset, line, text}`
/// (and `source: {tool, session, id}` after `turns` for a block with a SOURCE line), where
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
        if let source = block.source {
            // Only captured blocks carry the key, so other blocks export exactly as before.
            s += ", \"source\": " + JSONValue.object(JSONObject([
                ("tool", .string(source.tool)), ("session", source.session.map(JSONValue.string) ?? .null),
                ("id", .string(source.id))])).compact
        }
        s += ", \"offset\": \(block.offset), \"line\": \(line)"
        s += ", \"text\": " + JSONText.quote(String(decoding: text, as: UTF8.self))
        return s + extra + "}"
    }
}
