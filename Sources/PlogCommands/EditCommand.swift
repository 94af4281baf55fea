import ArgumentParser
import PromptLog

/// `plog edit`: the log in the editor, at its end.
package struct EditCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Open the log in your editor at its last line.",
        discussion: """
            The editor is `editor` in the config, else $VISUAL, else $EDITOR, else vi. Editors known \
            to take a line (vi, vim, nvim, nano, emacs, micro, kak, hx: +LINE; code, cursor, codium: \
            --goto; subl: FILE:LINE) open at the end; others open the file.
            """)

    @OptionGroup package var log: LogOptions

    package init() {}

    package func run() throws {
        let ctx = try log.context()
        if !Path.exists(ctx.logPath) {
            try LogAppender.appendLocked(to: ctx.logPath) { size in ([], size) }
        }
        let file = try MappedFile(path: ctx.logPath)
        let lines = file.withBytes { LogScanner.countNewlines($0, from: 0, to: $0.count) }
        let editor = try Capture.editorCommand(env: ctx.env, config: ctx.config)
        let argv = editor + EditCommand.arguments(editor: editor[0], path: ctx.logPath, line: max(1, lines))
        let status = try Subprocess.runInteractive(argv, env: ctx.env)
        if status != 0 { throw ExitCode(status) }
    }

    /// How to ask an editor to open `path` at `line`.
    static func arguments(editor: String, path: String, line: Int) -> [String] {
        switch Path.basename(editor) {
        case "vi", "vim", "nvim", "view", "gvim", "mvim", "nano", "pico", "emacs", "emacsclient", "micro",
             "kak", "hx", "helix", "joe", "jed", "mg", "ne":
            return ["+\(line)", path]
        case "code", "code-insiders", "codium", "cursor", "windsurf":
            return ["--goto", "\(path):\(line)"]
        case "subl", "sublime_text", "zed", "mate":
            return ["\(path):\(line)"]
        default:
            return [path]
        }
    }
}
