import ArgumentParser
import PromptLog

extension BundleFormat: ExpressibleByArgument {}
extension RecallField: ExpressibleByArgument {}

/// Where the patterns of a recall command come from: positional, after `-e` (which takes a
/// pattern that starts with `-`, as grep does), or after `--`. Anything else that starts with
/// `-` and is not an option is refused, with a hint when it looks like a pattern.
///
/// A command declares the two properties itself (`inputs` with `.allUnrecognized`, every input
/// no option took, in order, `--` included; `expressions` for `-e`): a nested option group
/// costs every run a little more parsing.
enum PatternInputs {
    static let help = ArgumentHelp(
        "Patterns (PCRE2 regular expressions, caseless). Every one must match somewhere in a block.",
        discussion: "`prompthist property wrapper` needs both words in a block; quote them to need the phrase. "
            + "A pattern that starts with `-` goes after -e or after --.",
        valueName: "pattern")
    static let expressionHelp = ArgumentHelp(
        "A pattern, even one that starts with `-` (repeatable; with the positional patterns, every one must match).",
        valueName: "pattern")

    /// The positional patterns (`--` left out) and the unknown options: inputs that start with
    /// `-` before the first `--`. (ArgumentParser itself would only say "unknown option", and
    /// only once the patterns passed validation.)
    static func split(_ inputs: [String]) -> (patterns: [String], unknown: [String]) {
        var patterns: [String] = []
        var unknown: [String] = []
        var afterTerminator = false
        for input in inputs {
            if !afterTerminator && input == "--" {
                afterTerminator = true
            } else if !afterTerminator && input.count > 1 && input.hasPrefix("-") {
                unknown.append(input)
            } else {
                patterns.append(input)
            }
        }
        return (patterns, unknown)
    }

    /// Every pattern: those after `-e` first, then the positional ones.
    static func patterns(inputs: [String], expressions: [String]) -> [String] {
        expressions + split(inputs).patterns
    }

    /// Checks there is no unknown option and at least one pattern. `example` is a command line
    /// shown when there is no pattern; `help` the command's help text, whose long options are
    /// suggested for a misspelt one (made only then: ArgumentParser takes milliseconds for it).
    static func check(inputs: [String], expressions: [String], example: String,
                      help: @autoclosure () -> String) throws {
        let (positional, unknown) = split(inputs)
        if let first = unknown.first { throw ValidationError(unknownOption(first, help: help())) }
        // `prompthist "-sq"` comes here too: ArgumentParser took `-s` and says that `-q` is
        // unknown only after validation.
        if positional.isEmpty && expressions.isEmpty {
            throw ValidationError("give at least one pattern, e.g. `\(example)` (one that starts with '-' goes after -e or --)")
        }
    }

    /// The message for an input that starts with `-` and is no option.
    static func unknownOption(_ input: String, help: String) -> String {
        let quoted = "'" + input.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        let name = input.split(separator: "=", maxSplits: 1).first.map(String.init) ?? input
        let body = name.dropFirst(name.hasPrefix("--") ? 2 : 1)
        let looksLikeOption = body.first?.isLetter == true
            && body.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        guard looksLikeOption else {
            return "unknown option \(quoted); to search for a pattern that starts with '-', use -e \(quoted) or put -- before it"
        }
        if name.hasPrefix("--"), let near = nearestOption(name, in: help) {
            return "unknown option \(quoted); did you mean '\(near)'? (a pattern that starts with '-' goes after -e or --)"
        }
        return "unknown option \(quoted) (see --help; a pattern that starts with '-' goes after -e or --)"
    }

    /// The long option of `help` nearest to `name`, when it is at most two edits away.
    static func nearestOption(_ name: String, in help: String) -> String? {
        var options: [String] = []
        let words = help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," || $0 == "(" || $0 == ")" })
        for w in words where w.hasPrefix("--") && w.count > 2 {
            let option = String(w.prefix { $0 == "-" || $0.isLetter || $0.isNumber })
            if !options.contains(option) { options.append(option) }
        }
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            var row = Array(0...b.count)
            for i in 1...a.count {
                var previous = row[0]
                row[0] = i
                for j in 1..<(b.count + 1) {
                    let next = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                    previous = row[j]
                    row[j] = next
                }
            }
            return row[b.count]
        }
        let scored = options.map { ($0, distance(Array(name), Array($0))) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }
}

/// The options of `prompthist` and `plog hist` (the same command under two names).
package struct HistOptions: ParsableArguments {
    @OptionGroup package var log: LogOptions

    @Argument(parsing: .allUnrecognized, help: PatternInputs.help)
    var inputs: [String] = []

    @Option(name: [.customShort("e"), .customLong("regexp")], parsing: .unconditionalSingleValue,
            help: PatternInputs.expressionHelp)
    package var expressions: [String] = []

    /// Every pattern given (after `-e`, then positional).
    package var patterns: [String] { PatternInputs.patterns(inputs: inputs, expressions: expressions) }

    @Flag(name: .long, help: "Print the bundle to standard output, even on a terminal.")
    package var print = false

    @Flag(name: .long, help: "Copy the bundle to the clipboard, even when standard output is not a terminal.")
    package var copy = false

    @Option(name: [.customShort("n"), .long], help: ArgumentHelp(
        "Budget: at most N lines of blocks (default 400, or `lines` in the config).", valueName: "N"))
    package var lines: Int?

    @Option(name: .long, help: ArgumentHelp(
        "Budget: at most N tokens, approximated as one per 4 bytes (default none, or `tokens` in the config).",
        valueName: "N"))
    package var tokens: Int?

    @Option(name: .long, help: ArgumentHelp("Budget: at most N blocks (default none).", valueName: "N"))
    package var blocks: Int?

    @Flag(name: .long, help: "No budget: every matching block.")
    package var all = false

    @Option(name: .long, help: ArgumentHelp(
        "text, markdown, xml or json (default text, or `format` in the config).", valueName: "format"))
    package var format: BundleFormat?

    @Flag(name: .long, help: "Oldest matching blocks first (default: newest first).")
    package var oldestFirst = false

    @Option(name: .long, help: ArgumentHelp(
        "Rank blocks by how related they are to the draft prompt in FILE (- for standard input), best first; "
            + "patterns become optional and filter.",
        discussion: "The draft's rarest words in this log (at most 12; document frequency counted from the log) "
            + "are searched for, and blocks are ranked by BM25 over them; equal scores put the newer block first.",
        valueName: "file"))
    package var like: String?

    @Flag(name: .long, help: "With --like: print the chosen terms, their weights and each block's score on standard error.")
    package var explain = false

    @OptionGroup(title: "Filters") package var filters: RecallFilterOptions

    package init() {}

    package func validate() throws {
        if like != nil {
            if let first = PatternInputs.split(inputs).unknown.first {
                throw ValidationError(PatternInputs.unknownOption(first, help: HistOptions.helpMessage()))
            }
            if oldestFirst { throw ValidationError("--like orders blocks by relatedness to the draft; drop --oldest-first") }
            if like!.isEmpty { throw ValidationError("--like needs a file with the draft prompt, or - for standard input") }
        } else {
            if explain { throw ValidationError("--explain explains a --like ranking; add --like FILE (or - for standard input)") }
            try PatternInputs.check(inputs: inputs, expressions: expressions, example: "prompthist \"property wrapper\"",
                                    help: HistOptions.helpMessage())
        }
        if print && copy { throw ValidationError("--print and --copy are opposites; give one") }
        for (name, value) in [("--lines", lines), ("--tokens", tokens), ("--blocks", blocks)] {
            if let v = value, v <= 0 { throw ValidationError("\(name) must be above 0, not \(v)") }
        }
        if all && (lines != nil || tokens != nil || blocks != nil) {
            throw ValidationError("--all means no budget; drop --lines, --tokens and --blocks, or --all")
        }
    }

    /// The request these options describe, with the config's defaults for what they leave out.
    package func request(config: Config, env: Environment) throws -> RecallRequest {
        let query = try filters.query(patterns)
        var budget: RecallBudget
        if all {
            budget = .unlimited
        } else if lines != nil || tokens != nil || blocks != nil {
            budget = RecallBudget(lines: lines, tokens: tokens, blocks: blocks)
        } else {
            // Config values were checked when the config was read.
            budget = RecallBudget(lines: config["lines"].flatMap { Int($0) } ?? RecallBudget.defaultLines,
                                  tokens: config["tokens"].flatMap { Int($0) })
        }
        let format = format ?? config["format"].flatMap(BundleFormat.init(rawValue:)) ?? .text
        return RecallRequest(query: query, budget: budget, newestFirst: !oldestFirst, format: format,
                             preambleTemplate: RecallBundle.preambleTemplate(env: env, config: config))
    }

    /// Runs the search and delivers the bundle: clipboard or stdout, and the summary on stderr.
    /// Exits 1 (through `ExitCode`) when nothing matched.
    package func run(program: String) throws {
        let ctx = try log.context()
        let request = try request(config: ctx.config, env: ctx.env)
        if let like { return try runLike(draftPath: like, request: request, ctx: ctx, program: program) }
        let result = try Recall.run(request, logPath: ctx.logPath)
        guard !result.blocks.isEmpty else {
            Terminal.printNote("no block matches \(result.info.queryText)\(filters.summary) in \(ctx.logPath)",
                               program: program)
            throw ExitCode(1)
        }
        let whereItWent = try deliver(result.bundle, format: request.format, ctx: ctx)
        Terminal.printNote(summary(result, whereItWent), program: program)
    }

    /// Puts the bundle on the clipboard or stdout (as the flags and the terminal say) and
    /// returns where it went, for the summary.
    func deliver(_ bundle: [UInt8], format: BundleFormat, ctx: CommandContext) throws -> String {
        let toClipboard = copy || (!print && Terminal.stdoutIsTerminal)
        guard toClipboard else {
            printBundle(bundle, format: format)
            return "printed"
        }
        do {
            return try Clipboard.copy(bundle, env: ctx.env, config: ctx.config).description
        } catch let PlogError.refused(_, reason, hint) {
            // Name what is missing and how to get it, not only that copying failed.
            printBundle(bundle, format: format)
            return "printed (no clipboard: \(reason))" + (hint.isEmpty ? "" : "\n  hint: \(hint)")
        }
    }

    /// `--like`: reads the draft, ranks, explains when asked, delivers. Exits 1 when nothing
    /// related was found, saying why.
    func runLike(draftPath: String, request: RecallRequest, ctx: CommandContext, program: String) throws {
        let name = draftPath == "-" ? "standard input" : draftPath
        let bytes = draftPath == "-" ? try FileIO.readToEnd(fd: 0) : try FileIO.readAll(ctx.env.absolutePath(draftPath))
        guard bytes.contains(where: { $0 > 32 }) else {
            throw PlogError.invalidInput(input: name, reason: "the draft is empty",
                                         hint: "put the prompt you are about to send in the file, or pipe it to --like -")
        }
        let likeRequest = LikeRequest(draft: String(decoding: bytes, as: UTF8.self), query: request.query,
                                      budget: request.budget, format: request.format,
                                      preambleTemplate: request.preambleTemplate)
        let result = try Recall.like(likeRequest, logPath: ctx.logPath)
        if explain { Terminal.writeError(result.explanation) }
        guard !result.blocks.isEmpty else {
            Terminal.printNote(result.nothingFound(draft: name, filters: filters.summary, log: ctx.logPath), program: program)
            throw ExitCode(1)
        }
        let whereItWent = try deliver(result.bundle, format: request.format, ctx: ctx)
        let n = result.blocks.count
        var s = "\(n) of \(result.info.matched) related block\(result.info.matched == 1 ? "" : "s")"
        s += ", \(result.lines) line\(result.lines == 1 ? "" : "s"), ~\(TextFormat.thousands(result.tokens)) tokens"
        if let cut = result.blocks.first(where: \.isCut) { s += " (best block cut: \(cut.omittedLines) lines left out)" }
        Terminal.printNote(s + ", " + whereItWent, program: program)
    }

    func summary(_ r: RecallOutcome, _ whereItWent: String) -> String {
        let n = r.blocks.count
        var s = "\(n) of \(r.info.matchedText) matching block\(r.info.matched == 1 && r.info.complete ? "" : "s")"
        s += ", \(r.lines) line\(r.lines == 1 ? "" : "s"), ~\(TextFormat.thousands(r.tokens)) tokens"
        if let cut = r.blocks.first(where: \.isCut) {
            s += " (\(r.info.newestFirst ? "newest" : "oldest") block cut: \(cut.omittedLines) lines left out)"
        }
        return s + ", " + whereItWent
    }

    /// Writes the bundle to stdout; on a colour terminal, block headers of a text bundle in bold.
    func printBundle(_ bundle: [UInt8], format: BundleFormat) {
        guard format == .text, Terminal.useColor(fd: 1) else {
            Terminal.writeBytes(bundle, fd: 1)
            return
        }
        var out: [UInt8] = []
        out.reserveCapacity(bundle.count + 1024)
        var lineStart = 0
        bundle.withUnsafeBufferPointer { buf in
            for i in buf.indices where buf[i] == 10 {
                let line = bundle[lineStart...i]
                // The log's one header test, so exactly the blocks' headers are bold.
                if LogScanner.isHeader(buf, at: lineStart) {
                    out += Array("\u{1B}[1;33m".utf8) + line.dropLast() + Array("\u{1B}[0m\n".utf8)
                } else {
                    out += line
                }
                lineStart = i + 1
            }
        }
        out += bundle[lineStart...]
        Terminal.writeBytes(out, fd: 1)
    }
}

let histDiscussion = """
    Prints or copies every block that matches, whole, newest first, as a context bundle to paste \
    into your next prompt, failures included. On a terminal the bundle goes to the clipboard \
    (pbcopy; wl-copy under Wayland; xclip or xsel under X11; OSC 52 over SSH or when nothing else \
    exists; `clipboard` in the config forces one); otherwise it is printed. A one-line summary \
    goes to standard error.

    Budget: whole blocks are taken until the next would not fit; a single block larger than the \
    whole budget is cut, with a marker line. Lines and tokens count the blocks' text only; a token \
    is approximated as 4 bytes.

    With --like FILE (or - for standard input), blocks come most related to that draft prompt \
    first: its 12 rarest words in this log (at most half of the blocks may have one) are looked \
    for, blocks are ranked by BM25 over them, and equal scores put the newer block first. \
    Patterns are then optional and filter; --explain shows the terms and scores on standard error.

    Exit status: 0 when something matched, 1 when nothing did, 2 on an error (bad pattern, \
    unreadable log).
    """

/// `plog hist`: recall.
package struct HistCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "hist",
        abstract: "Recall every block that matches, whole, newest first, as a context bundle (same as prompthist).",
        discussion: histDiscussion)

    @OptionGroup package var options: HistOptions

    package init() {}

    package func run() throws { try options.run(program: "plog") }
}

/// `prompthist`: the same command as `plog hist`, as its own program (it never loads what `plog` needs for git).
package struct PromptHistCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "prompthist",
        abstract: "Recall every block of your prompt log that matches, whole, newest first, as a context bundle.",
        discussion: histDiscussion,
        version: PlogVersion.string)

    @OptionGroup package var options: HistOptions

    package init() {}

    package func run() throws { try options.run(program: "prompthist") }
}

/// Patterns options and filters shared by `prompthist` / `plog hist` and `plog when`.
package struct RecallFilterOptions: ParsableArguments {
    @OptionGroup package var blocks: BlockFilterOptions

    @Option(name: .long, help: ArgumentHelp(
        "Match only in this part of a block: task, prompt (without its `> ` quoting) or outcome. Repeat for several.",
        valueName: "field"))
    package var field: [RecallField] = []

    @Flag(name: [.customShort("s"), .long], help: "Match case exactly (default: ignore case).")
    package var caseSensitive = false

    @Flag(name: [.customShort("F"), .customLong("literal")], help: "Take patterns as plain text, not regular expressions.")
    package var literal = false

    package init() {}

    /// The query for `patterns` under these options.
    package func query(_ patterns: [String]) throws -> RecallQuery {
        RecallQuery(patterns: patterns, caseless: !caseSensitive, literal: literal, fields: field, filter: try blocks.filter())
    }

    /// The filters in force, e.g. ` (model ~ claude, since 2025-01)`; empty when none.
    package var summary: String {
        var parts = blocks.summaryParts
        if !field.isEmpty { parts.append("in \(field.map(\.rawValue).joined(separator: ", "))") }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }
}
