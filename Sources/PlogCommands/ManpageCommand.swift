import ArgumentParser
import PromptLog

/// `plog manpage`: the manual page of `plog` or `prompthist`, generated from the same
/// descriptions `--help` prints, as roff for `man -l` or a `man1` directory.
package struct ManpageCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "manpage",
        abstract: "Print the manual page of plog or prompthist (roff).",
        discussion: """
            Read it now with `plog manpage | man -l -`, or install both pages (shell/install does this):

              plog manpage --output-directory ~/.local/share/man/man1
            """)

    @Option(name: .long, help: "The program to describe.")
    package var program: ProgramName = .plog

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp(
        "Write <program>.1 for every program into this directory instead of printing one page.",
        valueName: "dir"), completion: .directory)
    package var outputDirectory: String?

    package init() {}

    package func validate() throws {
        if outputDirectory != nil, program != .plog {
            throw ValidationError("--output-directory writes every page; leave out --program")
        }
    }

    package func run() throws {
        guard let dir = outputDirectory else {
            Terminal.write(try Self.page(for: program))
            return
        }
        let env = Environment.process
        let directory = env.absolutePath(dir)
        try Path.makeDirectories(directory, mode: 0o755)
        for name in ProgramName.allCases where (try? name.root()) != nil {
            let path = directory + "/" + name.rawValue + ".1"
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw PlogError.io(operation: "cannot write", path: path, errno: errno) }
            defer { close(fd) }
            try FileIO.writeAll(fd, Array(try Self.page(for: name).utf8), path: path)
            Terminal.printNote("wrote \(path)")
        }
    }

    /// The page of `program`, with the sections `--help` has no place for.
    static func page(for program: ProgramName) throws -> String {
        try ManualPage(root: try program.root(), extraSections: sections(for: program))
            .render(version: PlogVersion.string)
    }

    static func sections(for program: ProgramName) -> [ManualPage.Section] {
        typealias Item = ManualPage.Section.Item
        let exitStatus = ManualPage.Section("Exit status", [
            Item("0", "Success (for searches: something matched)."),
            Item("1", "Nothing found: a search matched no block, or `plog config KEY` has no value."),
            Item("2", "An error, usage errors included; the message names the input and how to fix it."),
        ])
        let environment = ManualPage.Section("Environment", [
            Item("PLOG_FILE", "The log to use when --file is not given."),
            Item("PLOG_MODEL", "The model for new blocks when -m is not given."),
            Item("PLOG_PROJECT", "The project for new blocks when -p is not given."),
            Item("VISUAL, EDITOR", "The editor for drafts when the config has no `editor`; else vi."),
            Item("NO_COLOR", "When set to anything, output is never coloured (as with --no-color). "
                + "Colour is used only on a terminal whose TERM is not dumb."),
            Item("COLUMNS", "The width to fit output to when the terminal does not report one."),
            Item("XDG_CONFIG_HOME", "Holds plog/config and plog/templates (default ~/.config)."),
            Item("XDG_STATE_HOME", "Holds plog/drafts, prompts kept when an append failed (default ~/.local/state)."),
            Item("WAYLAND_DISPLAY, DISPLAY, SSH_TTY, TMUX", "Choose the clipboard: wl-copy under Wayland, "
                + "xclip or xsel under X11, pbcopy on macOS, OSC 52 over SSH (wrapped for tmux)."),
        ])
        let configuration = ManualPage.Section("Configuration", [
            Item(nil, "The configuration file is $XDG_CONFIG_HOME/plog/config, by default ~/.config/plog/config: "
                + "`key = value` lines, `#` starts a comment. An unknown key or a bad value is an error "
                + "naming the line. `plog config` shows every effective value and where it came from; "
                + "`plog config --edit` creates the file with every key commented out."),
        ] + Config.keys.map { Item($0.key, capitalizedFirst($0.meaning) + ".") })
        switch program {
        case .plog:
            return [
                configuration, environment,
                ManualPage.Section("Files", [
                    Item("prompts.log", "The nearest one in the current directory or a parent is the log, "
                        + "unless --file or PLOG_FILE says otherwise."),
                    Item("~/notes/prompts.log", "The log when no other rule picks one (see `plog path`)."),
                ]),
                exitStatus,
                ManualPage.Section("See also", [Item(nil, "prompthist(1), plog-format(5), git(1)")]),
            ]
        case .prompthist:
            return [
                configuration, environment, exitStatus,
                ManualPage.Section("See also", [Item(nil, "plog(1), plog-format(5), pcre2pattern(3)")]),
            ]
        }
    }

    static func capitalizedFirst(_ s: String) -> String {
        guard let first = s.first else { return s }
        return first.uppercased() + s.dropFirst()
    }
}
