import Foundation
import Testing

/// Whether `name` is an executable on the usual paths (for tests that need a real program).
func installed(_ name: String) -> Bool {
    ["/usr/local/bin", "/usr/bin", "/bin"].contains { FileManager.default.isExecutableFile(atPath: $0 + "/" + name) }
}

/// The repository's root, from this source file's place in it.
let repositoryRoot: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// Completion scripts, manual pages, colour rules and the shell glue, checked with the real shells.
@Suite("Everyday: shells, completions, manual pages, colour")
struct EverydayShellTests {
    @Test("completion scripts load in real bash and complete subcommands, flags and values")
    func bashCompletion() throws {
        let box = try Sandbox()
        let script = """
            source <("$PLOG" completions bash) || exit 9
            complete -p plog
            comp() { COMPREPLY=(); COMP_LINE="$1"; COMP_POINT=${#1}; read -r -a COMP_WORDS <<<"$1"
                     [[ "$1" == *" " ]] && COMP_WORDS+=(""); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                     _plog plog "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                     echo "$1 => ${COMPREPLY[*]}"; }
            comp "plog con"
            comp "plog completions "
            comp "plog config --j"
            """
        let r = try box.run("/bin/bash", ["-c", script], env: ["PLOG": Binaries.path("plog")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "loading printed: \(r.stderr)")
        #expect(r.stdout.contains("complete -o filenames -F _plog plog"))
        #expect(r.stdout.contains("plog con => config\n"))
        #expect(r.stdout.contains("plog completions  => bash zsh fish\n"))
        #expect(r.stdout.contains("plog config --j => --json\n"))
    }

    @Test("completion scripts load in real zsh", .enabled(if: installed("zsh")))
    func zshCompletion() throws {
        let box = try Sandbox()
        let r = try box.run("/usr/bin/zsh", ["-f", "-c", """
            autoload -U compinit && compinit -u -D || exit 9
            source <("$PLOG" completions zsh) || exit 8
            print -r -- "plog: ${_comps[plog]}"
            """], env: ["PLOG": Binaries.path("plog")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "loading printed: \(r.stderr)")
        #expect(r.stdout == "plog: _plog\n")
    }

    @Test("completion scripts load in real fish and complete", .enabled(if: installed("fish")))
    func fishCompletion() throws {
        let box = try Sandbox()
        let r = try box.run("/usr/bin/fish", ["--no-config", "-c", """
            "$PLOG" completions fish | source; or exit 9
            complete -C 'plog con'
            complete -C 'plog completions '
            """], env: ["PLOG": Binaries.path("plog"), "PATH": Binaries.directory + ":/usr/bin:/bin"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "loading printed: \(r.stderr)")
        #expect(r.stdout.hasPrefix("config\tShow the effective settings"))
        #expect(r.stdout.contains("\nbash\nzsh\nfish\n"))
    }

    @Test("prompthist's completion script and manual page come from the same generators")
    func prompthistCompletionAndPage() throws {
        let box = try Sandbox()
        var r = try box.run("/bin/bash", ["-c", """
            source <("$PLOG" completions bash --program prompthist) || exit 9
            complete -p prompthist
            COMP_LINE="prompthist --for"; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(prompthist --for); COMP_CWORD=1
            _prompthist prompthist --for prompthist; echo "=> ${COMPREPLY[*]}"
            """], env: ["PLOG": Binaries.path("plog")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("-F _prompthist prompthist"))
        #expect(r.stdout.contains("=> --format\n"))
        r = try box.run("plog", ["manpage", "--program", "prompthist"])
        #expect(r.stdout.hasPrefix(".TH \"PROMPTHIST\" \"1\""))
        #expect(r.stdout.contains("\\fB\\-\\-copy\\fR"))
        #expect(r.stdout.contains("plog(1)"))
        let dir = box.root + "/man1"
        r = try box.run("plog", ["manpage", "-o", dir])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try box.read(dir + "/plog.1").hasPrefix(".TH \"PLOG\""))
        #expect(try box.read(dir + "/prompthist.1").hasPrefix(".TH \"PROMPTHIST\""))
        r = try box.run("plog", ["manpage", "-o", dir, "--program", "prompthist"])
        #expect(r.status == 2)
    }

    @Test("no clipboard anywhere: recall prints the bundle and --paste fails, both naming what to install",
          .enabled(if: installed("setsid")))
    func noClipboard() throws {
        let box = try Sandbox()
        let log = box.root + "/p.log"
        try box.write(log, "## 2025-04-11T21:03+02:00  gpt-5  ios/captio\nTASK: Property wrapper that throttles writes\n")
        try FileManager.default.createDirectory(atPath: box.root + "/empty", withIntermediateDirectories: true)
        // setsid: no controlling terminal, so not even OSC 52 is possible; PATH holds no clipboard tool.
        let env = ["PATH": box.root + "/empty", "PLOG_FILE": log, "DISPLAY": ":9"]
        var r = try box.run("/usr/bin/setsid", ["-w", Binaries.path("prompthist"), "--copy", "throttles"], env: env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("TASK: Property wrapper that throttles writes"), "the bundle is printed, not lost")
        #expect(r.stderr.contains("printed (no clipboard: "), "\(r.stderr)")
        #expect(r.stderr.contains("xclip not on PATH"))
        #expect(r.stderr.contains("hint: install wl-clipboard (Wayland) or xclip (X11)"), "\(r.stderr)")
        r = try box.run("/usr/bin/setsid", ["-w", Binaries.path("plog"), "add", "--paste", "-t", "x"], env: env)
        #expect(r.status == 2)
        #expect(r.stderr.contains("hint: install wl-clipboard (Wayland) or xclip (X11)"), "\(r.stderr)")
    }

    @Test("an unknown shell is a usage error (exit 2) listing the shells")
    func unknownShell() throws {
        let box = try Sandbox()
        let r = try box.run("plog", ["completions", "powershell"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("bash") && r.stderr.contains("fish"))
        #expect(r.stdout.isEmpty)
    }

    @Test("a bad value found while the arguments are checked is reported like any plog error (exit 2)")
    func inputErrorsWhileParsing() throws {
        let box = try Sandbox()
        let notADate = "'last week': not a date\n  hint: use 2025, "
        let notATemplate = "'../x': not a template name\n  hint: use a plain name such as `bugfix`"
        for (program, args, expected) in [
            ("plog", ["stats", "--since", "last week"], "plog: error: " + notADate),
            ("plog", ["hist", "--until", "last week", "x"], "plog: error: " + notADate),
            ("plog", ["when", "--since", "last week", "x"], "plog: error: " + notADate),
            ("prompthist", ["--since", "last week", "x"], "prompthist: error: " + notADate),
            ("plog", ["add", "--template", "../x", "--prompt", "x"], "plog: error: " + notATemplate),
            ("plog", ["templates", "show", "../x"], "plog: error: " + notATemplate),
        ] {
            let r = try box.run(program, args)
            let call = ([program] + args).joined(separator: " ")
            #expect(r.status == 2, "\(call)")
            #expect(r.stderr.hasPrefix(expected), "\(call): \(r.stderr)")
            #expect(!r.stderr.contains("Error: ") && !r.stderr.contains("Usage: "), "\(call): \(r.stderr)")
            #expect(r.stdout.isEmpty, "\(call)")
        }
    }

    @Test("usage errors (an unknown flag, a value out of range) are worded like every plog error, then the usage (exit 2)")
    func usageErrors() throws {
        let box = try Sandbox()
        for (program, args, expected) in [
            ("plog", ["--bogus"], "plog: error: Unknown option '--bogus'"),
            ("plog", ["stats", "--min-n", "0"], "plog: error: "),
            ("plog", ["stats", "--outcome", "maybe"], "plog: error: "),
            ("prompthist", ["--lines", "x", "y"], "prompthist: error: "),
        ] {
            let r = try box.run(program, args)
            let call = ([program] + args).joined(separator: " ")
            #expect(r.status == 2, "\(call)")
            #expect(r.stderr.hasPrefix(expected), "\(call): \(r.stderr)")
            #expect(!r.stderr.contains("Error: "), "\(call): \(r.stderr)")
            #expect(r.stderr.contains("Usage: "), "\(call): \(r.stderr)")
            #expect(r.stdout.isEmpty, "\(call)")
        }
    }

    @Test("the manual page names every visible command and renders with man -l")
    func manualPage() throws {
        let box = try Sandbox()
        let r = try box.run("plog", ["manpage"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix(".TH \"PLOG\" \"1\""))
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "CONFIGURATION", "ENVIRONMENT", "EXIT STATUS", "SEE ALSO"] {
            #expect(r.stdout.contains("\n.SH \(section)\n"), "no \(section)")
        }
        // Every subcommand `plog --help` lists has its own subsection.
        let help = try box.run("plog", ["--help"]).stdout
        let listed = help.components(separatedBy: "SUBCOMMANDS:").last!
            .split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0.allSatisfy { $0.isLetter || $0 == "-" } && $0 != "help" && $0 != "See" }
        #expect(listed.contains("config") && listed.contains("add"), "\(listed)")
        for command in listed { #expect(r.stdout.contains(".SS \"plog \(command)\""), "no section for \(command)") }
        // Every config key is documented.
        for key in ["log", "model", "project", "editor", "lines", "tokens", "format", "clipboard", "templates"] {
            #expect(r.stdout.contains(".TP\n\\fB\(key)\\fR\n"), "config key \(key) undocumented")
        }
        #expect(!r.stdout.contains("\n.SS \"plog help\""))
    }

    @Test("man -l renders the generated page without warnings", .enabled(if: installed("man")))
    func manRenders() throws {
        let box = try Sandbox()
        let dir = box.root + "/man/man1"
        let w = try box.run("plog", ["manpage", "--output-directory", dir])
        #expect(w.status == 0, "\(w.stderr)")
        #expect(w.stderr.contains("wrote \(dir)/plog.1"))
        let r = try box.run("/usr/bin/man", ["-l", dir + "/plog.1"], env: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "groff warned: \(r.stderr)")
        let text = r.stdout.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)
        #expect(text.contains("Keep every non-trivial prompt"))
        #expect(text.contains("plog config"))
        #expect(text.contains("PLOG_FILE"))
    }

    @Test("colour only on a terminal, and never with NO_COLOR or --no-color", .enabled(if: installed("script")))
    func colourRules() throws {
        let box = try Sandbox()
        box.env["NO_COLOR"] = nil
        let plog = Binaries.path("plog")
        // `script` gives the command a pseudo-terminal, as a user's shell would.
        func onTerminal(_ command: String, env: [String: String] = [:]) throws -> String {
            try box.run("/usr/bin/script", ["-qec", command, "/dev/null"], env: ["TERM": "xterm"].merging(env) { $1 }).stdout
        }
        #expect(try onTerminal("\(plog) config").contains("\u{1B}[1mlog"), "colour on a terminal")
        #expect(!(try onTerminal("\(plog) config", env: ["NO_COLOR": "1"])).contains("\u{1B}["))
        #expect(!(try onTerminal("\(plog) config --no-color")).contains("\u{1B}["))
        #expect(!(try onTerminal("\(plog) config", env: ["TERM": "dumb"])).contains("\u{1B}["))
        #expect(!(try box.run("plog", ["config"]).stdout.contains("\u{1B}[")), "none when piped")
        // Errors: red label on a terminal, plain with --no-color even when parsing fails.
        #expect(try onTerminal("\(plog) config nope").contains("\u{1B}[31merror:"))
        #expect(!(try onTerminal("\(plog) config nope --no-color")).contains("\u{1B}["))
    }

    @Test("plog.sh: the bash key binding recalls the typed words, clears the line on a match, keeps it otherwise")
    func bashRecallKey() throws {
        let box = try Sandbox()
        // A stand-in prompthist that records its arguments: this checks the glue; shell/e2e checks the real one.
        let fake = box.root + "/fake-prompthist"
        try box.write(fake, """
            #!/bin/sh
            printf '%s\\n' "$@" > "$RECORD"
            [ "$2" = -- ] && [ "$3" = property ] || exit 1
            echo "prompthist: 2 blocks copied" >&2
            """, mode: 0o755)
        let script = """
            . "$REPO/shell/plog.sh"
            READLINE_LINE='property wrapper'; READLINE_POINT=16
            _plog_recall_readline; echo "after match: [$READLINE_LINE]"
            READLINE_LINE='nothing here'; _plog_recall_readline; echo "after miss: [$READLINE_LINE]"
            READLINE_LINE='   '; _plog_recall_readline; echo "after empty: [$READLINE_LINE]"
            ph property wrapper; echo "ph status $?"
            plog_recall; echo "no words status $?"
            """
        let r = try box.run("/bin/bash", ["-c", script],
                            env: ["REPO": repositoryRoot, "PROMPTHIST": fake, "RECORD": box.root + "/args"])
        #expect(r.stdout.contains("after match: []\n"))
        #expect(r.stdout.contains("after miss: [nothing here]\n"))
        #expect(r.stdout.contains("after empty: [   ]\n"))
        #expect(r.stdout.contains("ph status 0\n"))
        #expect(r.stdout.contains("no words status 2\n"))
        #expect(r.stderr.contains("prompthist: 2 blocks copied"))
        #expect(r.stderr.contains("type the words to recall first"))
        #expect(try box.read("args") == "--copy\n--\nproperty\nwrapper\n")
    }

    @Test("plog.sh: binds Ctrl-X Ctrl-P in an interactive bash, or the key given, or none")
    func bashBinding() throws {
        let box = try Sandbox()
        func bindings(_ key: String?) throws -> String {
            var env = ["REPO": repositoryRoot]
            if let key { env["PLOG_RECALL_KEY"] = key }
            return try box.run("/bin/bash", ["--norc", "-i", "-c", ". \"$REPO/shell/plog.sh\"; bind -X"], env: env).stdout
        }
        #expect(try bindings(nil).contains("\"\\C-x\\C-p\": \"_plog_recall_readline\""))
        #expect(try bindings("\\eg").contains("\"\\eg\": \"_plog_recall_readline\""))
        #expect(!(try bindings("")).contains("_plog_recall_readline"))
    }

    @Test("plog.sh loads in an interactive zsh and binds ^X^P", .enabled(if: installed("zsh")))
    func zshBinding() throws {
        let box = try Sandbox()
        let r = try box.run("/usr/bin/zsh", ["-f", "-i", "-c", ". \"$REPO/shell/plog.sh\"; bindkey '^X^P'; whence -w ph"],
                            env: ["REPO": repositoryRoot])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"^X^P\" _plog_recall_zle"))
        #expect(r.stdout.contains("ph: function"))
    }
}
