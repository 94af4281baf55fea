/// A short, stable digest of text, for the ids plog derives when a tool gives a prompt none
/// (the hook's and the importers') and for comparing prompts: FNV-1a, 64 bits, as 16 hex
/// digits. The same prompt gets the same id on every run and every machine.
public enum StableHash {
    /// The digest of `parts`, each followed by `separator` but the last (default 0x1f, the
    /// ASCII unit separator).
    public static func hex(_ parts: String..., separator: UInt8 = 0x1f) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for (i, part) in parts.enumerated() {
            if i > 0 { h = (h ^ UInt64(separator)) &* 0x100_0000_01b3 }
            for b in part.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        }
        return hex(h)
    }

    /// The digest of `text` with its whitespace folded (runs of spaces, tabs and line ends as one
    /// space, none at either end): what a prompt is compared by, whether it was read from a tool
    /// or from the log's `> `-quoted PROMPT. Byte by byte, without building the folded text.
    public static func folded(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var pendingSpace = false, started = false
        for b in text.utf8 {
            if b == 32 || b == 9 || b == 10 || b == 13 {
                pendingSpace = started
                continue
            }
            if pendingSpace { h = (h ^ 32) &* 0x100_0000_01b3; pendingSpace = false }
            started = true
            h = (h ^ UInt64(b)) &* 0x100_0000_01b3
        }
        return hex(h)
    }

    static func hex(_ h: UInt64) -> String {
        let s = String(h, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
