/// Everything that can go wrong in plog, each case carrying the input it is about and a hint.
/// The executables print `description` and exit with `exitCode`.
public enum PlogError: Error, CustomStringConvertible, Equatable {
    /// A system call failed on a path.
    case io(operation: String, path: String, errno: Int32)
    /// The log (or another file) is not a regular file we can read or append to.
    case notARegularFile(path: String, kind: String)
    /// Bad user input: what was given, why it is wrong, and how to fix it.
    case invalidInput(input: String, reason: String, hint: String)
    /// A config file line that cannot be understood.
    case config(path: String, line: Int, text: String, reason: String)
    /// A draft the user wrote does not parse to exactly one block.
    case invalidDraft(path: String, reason: String)
    /// An append failed; the user's text is safe at `draft` (or printed to stderr when `draft` is nil).
    case appendFailed(log: String, underlying: String, draft: String?)
    /// Something that is not possible in the current state (e.g. `plog outcome` when the newest block ends in another section).
    case refused(what: String, reason: String, hint: String)
    /// A regular expression that failed to compile, with the offset of the problem.
    case pattern(pattern: String, offset: Int, message: String)
    /// A search that hit PCRE2's match or depth limit.
    case matchLimit(pattern: String, message: String)

    public var description: String {
        switch self {
        case let .io(op, path, err):
            return "\(op) \(quoted(path)): \(String(cString: strerror(err)))"
        case let .notARegularFile(path, kind):
            return "\(quoted(path)) is \(kind), not a regular file. Point --file (or PLOG_FILE) at a text file."
        case let .invalidInput(input, reason, hint):
            return "\(quoted(input)): \(reason)" + (hint.isEmpty ? "" : "\n  hint: \(hint)")
        case let .config(path, line, text, reason):
            return "\(path):\(line): \(reason)\n  \(line) | \(text)"
        case let .invalidDraft(path, reason):
            return "the draft does not parse as one block: \(reason)\n  your text is kept at \(path)\n"
                + "  fix it and run: plog add --draft \(shellQuoted(path))"
        case let .appendFailed(log, underlying, draft):
            if let draft {
                return "could not append to \(quoted(log)): \(underlying)\n  your prompt is saved at \(draft)\n"
                    + "  once fixed, run: plog add --draft \(shellQuoted(draft))"
            }
            return "could not append to \(quoted(log)): \(underlying)\n  and no draft could be saved either; "
                + "the block was printed above, copy it somewhere safe"
        case let .refused(what, reason, hint):
            return "\(what): \(reason)" + (hint.isEmpty ? "" : "\n  hint: \(hint)")
        case let .pattern(pattern, offset, message):
            let caret = String(repeating: " ", count: max(0, min(offset, pattern.count))) + "^"
            return "invalid pattern at offset \(offset): \(message)\n  \(pattern)\n  \(caret)\n"
                + "  hint: patterns are PCRE2 regular expressions; add -F (--literal) to search for the text as written"
        case let .matchLimit(pattern, message):
            return "pattern \(quoted(pattern)) is too expensive on this log (\(message)).\n"
                + "  hint: make it more specific, e.g. avoid nested repeats like (a+)+"
        }
    }

    /// 2 for every error: scripts can tell "failed" (2) from "nothing matched" (1).
    public var exitCode: Int32 { 2 }
}

func quoted(_ s: String) -> String { "'" + s + "'" }

/// A string quoted for a POSIX shell, only when it needs it.
public func shellQuoted(_ s: String) -> String {
    let safe = s.allSatisfy { $0.isLetter || $0.isNumber || "-_./:@%+=,".contains($0) }
    if safe && !s.isEmpty { return s }
    return "'" + s.replacing("'", with: "'\\''") + "'"
}
