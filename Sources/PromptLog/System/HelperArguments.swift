/// The command line of a helper program (`plog-git`, `plog-import`, `plog-mcp`), which plog
/// writes and the helper reads without the argument parser: options (`--name value`,
/// `--name=value`, `-x value`, flags) and positional words, `--` ending the options.
public struct HelperArguments {
    private var words: ArraySlice<String>
    private let refuse: (_ word: String, _ reason: String) -> PlogError
    /// The option being read, for `value()`'s error.
    private var current = ""
    private var inlineValue: String?
    /// Positional words, in order (all words after `--` among them).
    public private(set) var positional: [String] = []

    /// `refuse` makes the error for a bad word (the helpers name the command to run instead).
    public init(_ words: some Collection<String>, refuse: @escaping (_ word: String, _ reason: String) -> PlogError) {
        self.words = ArraySlice(words)
        self.refuse = refuse
    }

    /// The next option (`--file`, `-q`), with any `=value` split off for `value()`; positional
    /// words are collected on the way; nil at the end.
    public mutating func nextOption() -> String? {
        while let word = words.popFirst() {
            if word == "--" { positional += words; words = []; return nil }
            guard word.hasPrefix("-"), word != "-" else { positional.append(word); continue }
            inlineValue = nil
            current = word
            if word.hasPrefix("--"), let eq = word.firstIndex(of: "=") {
                inlineValue = String(word[word.index(after: eq)...])
                current = String(word[..<eq])
            }
            return current
        }
        return nil
    }

    /// The value of the option just read (after `=`, else the next word).
    public mutating func value() throws -> String {
        if let v = inlineValue { inlineValue = nil; return v }
        guard let v = words.popFirst() else { throw refuse(current, "needs a value") }
        return v
    }

    /// The error for an option the helper does not know.
    public func unknown() -> PlogError { refuse(current, "unknown option") }
}
