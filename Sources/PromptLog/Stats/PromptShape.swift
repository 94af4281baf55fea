import CSupport

/// Features of a prompt's wording that stats relates to hit rates. Each is measured on the
/// prompt's prose, outside fenced code blocks (a pasted stack trace is context, not wording).
public struct PromptShape: Sendable, Equatable {
    /// Whitespace-separated words outside fenced code blocks.
    public var words: Int = 0
    /// Names a file (`PreviewCard.swift`, `api/client.ts`) or a function (`render()`,
    /// `load_config`, a `backticked` name).
    public var namesFileOrFunction = false
    /// States a number with a unit: `50ms`, `< 4 KB`, `200 lines`, `30%`, `10x`.
    public var numberWithUnit = false
    /// Written in the second person: `you`, `your`, `you're` ...
    public var secondPerson = false
    /// Has a fenced code block (a line starting with ``` or ~~~).
    public var codeBlock = false

    public init(words: Int = 0, namesFileOrFunction: Bool = false, numberWithUnit: Bool = false,
                secondPerson: Bool = false, codeBlock: Bool = false) {
        self.words = words; self.namesFileOrFunction = namesFileOrFunction
        self.numberWithUnit = numberWithUnit; self.secondPerson = secondPerson; self.codeBlock = codeBlock
    }

    /// No word and no code block: nothing to measure.
    public var isEmpty: Bool { words == 0 && !codeBlock }

    /// The length bucket: 0 for under 80 words, 1 for 80-199, 2 for 200 or more.
    public var lengthBucket: Int { words < 80 ? 0 : words < 200 ? 1 : 2 }

    /// The shape of a prompt given as text (its lines, `> ` quoting already removed).
    public static func of(_ prompt: String) -> PromptShape {
        var scanner = PromptShapeScanner()
        var copy = prompt
        copy.withUTF8 { buf in
            var start = 0
            for i in 0...buf.count where i == buf.count || buf[i] == 10 {
                scanner.line(UnsafeBufferPointer(rebasing: buf[start..<i]))
                start = i + 1
            }
        }
        return scanner.shape
    }
}

/// Measures a prompt one line at a time, straight from the log's bytes. The rules are in C
/// (`plog_shape_line`), which stats runs over every prompt of the log.
public struct PromptShapeScanner {
    private var state = plog_shape()

    public init() {}

    public var shape: PromptShape {
        PromptShape(words: state.words, namesFileOrFunction: state.names_code != 0,
                    numberWithUnit: state.number_with_unit != 0, secondPerson: state.second_person != 0,
                    codeBlock: state.code_block != 0)
    }

    /// Feeds one prompt line (quoting removed, no line end; a trailing `\r` is ignored).
    public mutating func line(_ l: UnsafeBufferPointer<UInt8>) {
        guard let b = l.baseAddress else { return }
        plog_shape_line(b, l.count, &state)
    }

    /// `you`, `your`, `yours`, `yourself`, `yourselves`, `you're`, `youre`, `you'll`, `you've`, `you'd`
    /// in any case, `’` read as `'`, after leading quotes and brackets and before trailing punctuation.
    static func isSecondPerson(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let b = word.baseAddress else { return false }
        return plog_second_person(b, word.count) != 0
    }

    /// A file name (`name.ext`, the name with a letter, the extension 1-6 letters or digits with
    /// a letter), a call (`name(` ... `)`, not `file(s)`), a snake_case name, or a `backticked` name.
    static func namesCode(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let b = word.baseAddress else { return false }
        return plog_names_code(b, word.count) != 0
    }

    /// A number, optionally after `<`, `>`, `~`, `≤`, `$`, with a unit attached (`50ms`, `4KB`, `30%`)
    /// or as the next word (`50 ms`, `200 lines`); any amount of money (`$5`).
    static func numberWithUnit(_ word: UnsafeBufferPointer<UInt8>, next: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let b = word.baseAddress else { return false }
        // An empty `next` has no address: any will do, none of it is read.
        return plog_number_with_unit(b, word.count, next.baseAddress ?? b, next.count) != 0
    }
}
