import CPCRE2

/// A PCRE2 regular expression, compiled once (with JIT when the library has it) and matched
/// over raw bytes. This is the only file that talks to libpcre2-8.
///
/// - Patterns are UTF-8 and subjects may contain anything: the pattern is compiled (by default) with
///   `PCRE2_UTF | PCRE2_MATCH_INVALID_UTF`, so an invalid byte sequence is a barrier no match
///   crosses (never a crash, never a match past the end). `PCRE2_NO_UTF_CHECK` is never used:
///   with invalid-UTF support the library does not re-validate the subject on each call anyway,
///   which keeps repeated calls over one large buffer cheap.
/// - Multiline: `^` and `$` match at every line start and end.
/// - Caseless by default; ASCII `\w`, `\d`, `\b` (no `PCRE2_UCP`), which is what a code log needs
///   and keeps the JIT on its fast path.
/// - Every match call is bounded by a match limit (backtracking steps per start position), a
///   depth limit and a JIT stack limit, so a pathological pattern such as `(a+)+$` ends with
///   `PlogError.matchLimit` instead of running for hours.
public final class PCRE2Matcher: Matcher {
    public struct Options: Sendable, Equatable {
        /// Ignore case (default true).
        public var caseless: Bool
        /// Treat the pattern as literal text, not a regular expression (default false).
        public var literal: Bool
        /// Most backtracking steps per start position (default 5,000,000).
        public var matchLimit: UInt32
        /// Deepest backtracking nesting for the interpreter (default 100,000).
        public var depthLimit: UInt32
        /// Largest JIT stack in bytes (default 4 MiB; only reserved address space until used).
        public var jitStackLimit: Int
        /// UTF-8 mode (default true): characters, not bytes, and Unicode case folding. Off, the
        /// pattern works on bytes and folds ASCII letters only (recall's literal prefilter).
        public var utf: Bool

        public init(caseless: Bool = true, literal: Bool = false, matchLimit: UInt32 = 5_000_000,
                    depthLimit: UInt32 = 100_000, jitStackLimit: Int = 4 << 20, utf: Bool = true) {
            self.caseless = caseless; self.literal = literal
            self.matchLimit = matchLimit; self.depthLimit = depthLimit; self.jitStackLimit = jitStackLimit
            self.utf = utf
        }
    }

    public let pattern: String
    public let options: Options
    private let compiled: Compiled
    private let matchData: OpaquePointer
    private let matchContext: OpaquePointer
    private let jitStack: OpaquePointer?

    /// Compiles `pattern`. Throws `PlogError.pattern` with PCRE2's message and the offset
    /// (in characters) of the problem.
    public init(_ pattern: String, options: Options = Options()) throws {
        self.pattern = pattern
        self.options = options
        self.compiled = try Compiled(pattern, options: options)
        (matchData, matchContext, jitStack) = try PCRE2Matcher.makeScratch(compiled, options)
    }

    private init(sharing other: PCRE2Matcher) throws {
        pattern = other.pattern
        options = other.options
        compiled = other.compiled
        (matchData, matchContext, jitStack) = try PCRE2Matcher.makeScratch(compiled, options)
    }

    deinit {
        pcre2_match_data_free_8(matchData)
        pcre2_match_context_free_8(matchContext)
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
    }

    public func copy() -> Matcher {
        // Allocation failure is the only way this can fail; there is nothing sensible to do then.
        try! PCRE2Matcher(sharing: self)
    }

    /// Whether the pattern was compiled to machine code (false when the library has no JIT
    /// or the pattern is too complex for it; matching still works, more slowly).
    public var isJIT: Bool { compiled.jit }

    /// Whether the pattern can match an empty string (e.g. `x*`, `^`).
    public var canMatchEmpty: Bool { compiled.minLength == 0 }

    /// How many characters before a match's start position the pattern can look at (its
    /// longest lookbehind; `\b` and `^` count as one).
    public var maxLookbehind: Int { compiled.maxLookbehind }

    public func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int) throws -> Range<Int>? {
        guard start <= subject.count else { return nil }
        // PCRE2 wants a non-null pointer even for an empty subject.
        let empty: [UInt8] = [0]
        let rc: Int32 = empty.withUnsafeBufferPointer { emptyBuf in
            let base = subject.baseAddress ?? emptyBuf.baseAddress!
            return pcre2_match_8(compiled.code, base, subject.count, start, 0, matchData, matchContext)
        }
        if rc == PCRE2_ERROR_NOMATCH { return nil }
        try check(rc)
        let ov = pcre2_get_ovector_pointer_8(matchData)!
        let lo = Int(ov[0]), hi = Int(ov[1])
        // \K in a lookahead can report a start after the end; keep the range well formed.
        return lo <= hi ? lo..<hi : hi..<lo
    }

    /// Turns a negative PCRE2 return code into a `PlogError`; the one place codes are checked.
    private func check(_ rc: Int32) throws {
        guard rc < 0 else { return }
        switch rc {
        case PCRE2_ERROR_MATCHLIMIT:
            throw PlogError.matchLimit(pattern: pattern, message: "match limit of \(options.matchLimit) steps reached")
        case PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT:
            throw PlogError.matchLimit(pattern: pattern, message: "backtracking nested too deeply")
        case PCRE2_ERROR_JIT_STACKLIMIT:
            throw PlogError.matchLimit(pattern: pattern, message: "JIT stack limit reached")
        default:
            throw PlogError.matchLimit(pattern: pattern, message: PCRE2Matcher.message(rc))
        }
    }

    static func message(_ code: Int32) -> String {
        var buf = [UInt8](repeating: 0, count: 256)
        let n = pcre2_get_error_message_8(code, &buf, buf.count)
        return n > 0 ? String(decoding: buf[0..<Int(n)], as: UTF8.self) : "PCRE2 error \(code)"
    }

    private static func makeScratch(_ compiled: Compiled, _ options: Options) throws
        -> (OpaquePointer, OpaquePointer, OpaquePointer?) {
        guard let md = pcre2_match_data_create_from_pattern_8(compiled.code, nil) else {
            throw PlogError.matchLimit(pattern: "", message: "out of memory for match data")
        }
        guard let mc = pcre2_match_context_create_8(nil) else {
            pcre2_match_data_free_8(md)
            throw PlogError.matchLimit(pattern: "", message: "out of memory for a match context")
        }
        pcre2_set_match_limit_8(mc, options.matchLimit)
        pcre2_set_depth_limit_8(mc, options.depthLimit)
        var stack: OpaquePointer? = nil
        if compiled.jit {
            stack = pcre2_jit_stack_create_8(32 << 10, max(32 << 10, options.jitStackLimit), nil)
            if let stack { pcre2_jit_stack_assign_8(mc, nil, UnsafeMutableRawPointer(stack)) }
        }
        return (md, mc, stack)
    }

    /// The compiled pattern, shared by a matcher and its copies; freed with the last of them.
    private final class Compiled {
        let code: OpaquePointer
        let jit: Bool
        let minLength: Int
        let maxLookbehind: Int

        init(_ pattern: String, options: Options) throws {
            // PCRE2_LITERAL refuses MULTILINE (which means nothing for a literal anyway).
            var flags = options.literal ? 0 : UInt32(PCRE2_MULTILINE)
            if options.utf { flags |= UInt32(PCRE2_UTF | PCRE2_MATCH_INVALID_UTF) }
            if options.caseless { flags |= UInt32(PCRE2_CASELESS) }
            if options.literal { flags |= UInt32(PCRE2_LITERAL) }
            var errorCode: Int32 = 0
            var errorOffset = 0
            let bytes = Array(pattern.utf8)
            let code = bytes.withUnsafeBufferPointer { buf -> OpaquePointer? in
                let empty: [UInt8] = [0]
                return empty.withUnsafeBufferPointer { e in
                    pcre2_compile_8(buf.baseAddress ?? e.baseAddress!, buf.count, flags, &errorCode, &errorOffset, nil)
                }
            }
            guard let code else {
                // PCRE2 gives a byte offset; the caret under the pattern is placed by characters.
                let clamped = min(errorOffset, bytes.count)
                let chars = String(decoding: bytes[0..<clamped], as: UTF8.self).count
                throw PlogError.pattern(pattern: pattern, offset: chars, message: PCRE2Matcher.message(errorCode))
            }
            self.code = code
            jit = pcre2_jit_compile_8(code, UInt32(PCRE2_JIT_COMPLETE)) == 0
            var minLen: UInt32 = 0
            minLength = pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_MINLENGTH), &minLen) == 0 ? Int(minLen) : 0
            var lookbehind: UInt32 = 0
            // Unknown (never expected): assume the longest lookbehind PCRE2 allows.
            maxLookbehind = pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_MAXLOOKBEHIND), &lookbehind) == 0
                ? Int(lookbehind) : 65535
        }

        deinit { pcre2_code_free_8(code) }
    }
}
