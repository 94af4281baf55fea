import ArgumentParser
import PromptLog

/// `plog add`: append one block, fast, asking nothing.
package struct AddCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Append a block to the log.",
        discussion: """
            The prompt comes from --prompt, --prompt-file, --paste, or standard input when it is \
            not a terminal (so an editor can pipe a selection: `:'<,'>w !plog add -t "..."`). With \
            nothing given on a terminal, or with --edit, your editor ($VISUAL, $EDITOR, else vi) \
            opens a draft; save it to log it, or leave it unchanged or empty to log nothing.

            Model: -m, else $PLOG_MODEL, else `model` in the config, else the newest block's model. \
            Project: -p, else $PLOG_PROJECT, else `project` in the config, else the current git \
            repository's directory name. The timestamp is now, local time to the minute.

            If the block cannot be written (disk full, permissions, read-only file system), it is \
            saved as a draft under ~/.local/state/plog/drafts/ and the error names the file; \
            `plog add --draft FILE` logs it later.
            """)

    @OptionGroup package var log: LogOptions

    @Option(name: .shortAndLong, help: "The model the prompt went to, e.g. claude-sonnet-4-5.")
    package var model: String?

    @Option(name: .shortAndLong, help: "The project, e.g. ios/captio.")
    package var project: String?

    @Option(name: .shortAndLong, help: "One line naming the shape of the request.")
    package var task: String?

    @Option(name: .long, help: "The prompt text.")
    package var prompt: String?

    @Option(name: .long, help: ArgumentHelp("Read the prompt from a file.", valueName: "file"))
    package var promptFile: String?

    @Flag(name: .long, help: "Read the prompt from the clipboard.")
    package var paste = false

    @Option(name: .long, help: ArgumentHelp("An OUTCOME bullet; repeat for more. The first carries the verdict.",
                                            valueName: "text"))
    package var outcome: [String] = []

    @Option(name: .long, help: ArgumentHelp("Start the draft from a template (see `plog templates`).", valueName: "name"))
    package var template: String?

    @Flag(name: .long, help: "Open the editor on a draft even when other input is given.")
    package var edit = false

    @Option(name: .long, help: ArgumentHelp("Log a saved draft (with --edit, reopen it first).", valueName: "file"))
    package var draft: String?

    @Flag(name: .shortAndLong, help: "Print nothing on success.")
    package var quiet = false

    @Flag(name: .long, help: ArgumentHelp(
        "Log the text as given, without redacting credentials.",
        discussion: "By default API keys, tokens, private keys, passwords in assignments and URLs are replaced "
            + "by [redacted:KIND] before the block is written, and what was redacted is printed."))
    package var keepSecrets = false

    package init() {}

    package func validate() throws {
        let sources = [prompt != nil, promptFile != nil, paste].filter { $0 }.count
        if sources > 1 {
            throw ValidationError("give the prompt one way: --prompt, --prompt-file or --paste")
        }
        if draft != nil && (sources > 0 || task != nil || !outcome.isEmpty || template != nil) {
            throw ValidationError("--draft logs a saved draft as it is; it takes no --prompt, --task, --outcome or --template")
        }
        if let template { try Templates.validate(name: template) }
    }

    package func run() throws {
        let ctx = try log.context()
        if let draft {
            return try submitDraft(draft, ctx: ctx)
        }
        let givenText = prompt != nil || promptFile != nil || paste || task != nil || !outcome.isEmpty
        if edit || (!givenText && Terminal.stdinIsTerminal) {
            return try editNewDraft(ctx: ctx)
        }
        let promptBytes = try readPrompt(ctx: ctx)
        if promptBytes.isEmpty && template != nil && task == nil && outcome.isEmpty {
            return try editNewDraft(ctx: ctx)
        }
        let added = try Capture.add(
            Capture.Addition(task: task, prompt: promptBytes, outcomes: outcome, model: model, project: project,
                             template: template, keepSecrets: keepSecrets),
            logPath: ctx.logPath, env: ctx.env, config: ctx.config)
        // What was redacted is said even with --quiet: the log no longer holds what was typed.
        if !added.secrets.isEmpty { Terminal.printNote(SecretScanner.summary(added.secrets)) }
        report("logged " + added.header + " to " + ctx.logPath)
    }

    /// The prompt from --prompt, --prompt-file, --paste, or stdin when it is not a terminal.
    func readPrompt(ctx: CommandContext) throws -> [UInt8] {
        if let prompt { return Array(prompt.utf8) }
        if let promptFile { return try FileIO.readAll(ctx.env.absolutePath(promptFile)) }
        if paste { return try Clipboard.paste(env: ctx.env, config: ctx.config) }
        if !Terminal.stdinIsTerminal { return try FileIO.readToEnd(fd: 0) }
        return []
    }

    func editNewDraft(ctx: CommandContext) throws {
        let tpl = try Templates.load(template ?? "default", env: ctx.env, config: ctx.config)
        let modelName = CaptureDefaults.model(flag: model, env: ctx.env, config: ctx.config, logPath: ctx.logPath)
        let projectName = CaptureDefaults.project(flag: project, env: ctx.env, config: ctx.config)
        var text = Capture.draftText(model: modelName, project: projectName, template: tpl)
        // Text given alongside --edit goes into the draft, so nothing typed on the command line is lost.
        let given = try readPrompt(ctx: ctx)
        if task != nil || !given.isEmpty || !outcome.isEmpty {
            let header = Array(text.prefix { $0 != 10 }) + [10]
            var block = NewBlock(timestamp: .now(), task: task, prompt: given, outcomes: outcome)
            block.model = nil
            text = header + Array(block.render().drop { $0 != 10 }.dropFirst())
        }
        let draftPath = try Drafts.save(text, env: ctx.env)
        let result = try Capture.editAndAppend(draftPath: draftPath, original: text, logPath: ctx.logPath,
                                               editor: try Capture.editorCommand(env: ctx.env, config: ctx.config),
                                               env: ctx.env, beforeWrite: redactingSecrets)
        report(result, ctx: ctx)
    }

    func submitDraft(_ path: String, ctx: CommandContext) throws {
        let full = ctx.env.absolutePath(path)
        let own = Capture.isOwnDraft(full, env: ctx.env)
        let result: Capture.EditorResult
        if edit {
            result = try Capture.editAndAppend(draftPath: full, original: nil, logPath: ctx.logPath,
                                               editor: try Capture.editorCommand(env: ctx.env, config: ctx.config),
                                               env: ctx.env, beforeWrite: redactingSecrets)
        } else {
            result = try Capture.appendDraft(try FileIO.readAll(full), original: nil, draftPath: full,
                                             logPath: ctx.logPath, env: ctx.env, removeDraft: own,
                                             beforeWrite: redactingSecrets)
        }
        report(result, ctx: ctx)
    }

    /// The block with credentials replaced by `[redacted:KIND]` (unless --keep-secrets), saying
    /// on stderr what was replaced, even with --quiet: the log no longer holds what was typed.
    func redactingSecrets(_ block: [UInt8]) -> [UInt8] {
        if keepSecrets { return block }
        let (bytes, findings) = SecretScanner.redact(block)
        if !findings.isEmpty { Terminal.printNote(SecretScanner.summary(findings)) }
        return bytes
    }

    func report(_ result: Capture.EditorResult, ctx: CommandContext) {
        switch result {
        case .logged(_, let header):
            report("logged " + header.dropFirst(3) + " to " + ctx.logPath)
        case .nothing(let reason):
            report("nothing logged: " + reason)
        }
    }

    func report(_ message: String) {
        if !quiet { Terminal.printNote(message) }
    }
}
