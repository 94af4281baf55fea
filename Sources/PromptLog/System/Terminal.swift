/// Writing to the terminal: colour only on a terminal and never with `NO_COLOR`; a closed
/// pipe ends the process quietly with status 0.
public enum Terminal {
    public static var stdoutIsTerminal: Bool { isatty(1) == 1 }
    public static var stderrIsTerminal: Bool { isatty(2) == 1 }
    public static var stdinIsTerminal: Bool { isatty(0) == 1 }

    /// Set when the command line holds `--no-color` (see `CommandRunner.main`); off by default.
    nonisolated(unsafe) public static var colorDisabled = false

    /// Whether to colour output on `fd`: a terminal, no `--no-color`, no `NO_COLOR`, and `TERM` is not `dumb`.
    public static func useColor(fd: Int32 = 1, env: Environment = .process, disabled: Bool = false) -> Bool {
        if disabled || colorDisabled || env.variables["NO_COLOR"] != nil { return false }
        if env["TERM"] == "dumb" { return false }
        return isatty(fd) == 1
    }

    /// Columns of the terminal on stdout; `$COLUMNS`, else 80 when not a terminal.
    public static func width(env: Environment = .process) -> Int {
        var ws = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0 { return Int(ws.ws_col) }
        if let c = env["COLUMNS"].flatMap(Int.init), c > 0 { return c }
        return 80
    }

    public static func write(_ s: String) { writeBytes(Array(s.utf8), fd: 1) }
    public static func writeError(_ s: String) { writeBytes(Array(s.utf8), fd: 2) }

    /// Writes all bytes to `fd`. On a closed pipe (EPIPE) on stdout, exits 0: the reader has what it wanted.
    public static func writeBytes(_ bytes: [UInt8], fd: Int32) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { posixWrite(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE && fd == 1 { exit(0) }
                return
            }
            done += n
        }
    }

    /// `program: error: message` on stderr, in red on a terminal.
    public static func printError(_ message: String, program: String = "plog") {
        let color = useColor(fd: 2)
        let label = color ? "\u{1B}[31merror:\u{1B}[0m" : "error:"
        writeError("\(program): \(label) \(message)\n")
    }

    /// `program: note` on stderr (summaries, what was done); never on stdout.
    public static func printNote(_ message: String, program: String = "plog") {
        writeError("\(program): \(message)\n")
    }
}

/// How plog's helper programs (`plog-git`, `plog-import`, `plog-mcp`) end, without the argument
/// parser's runner: the exit codes of `CommandRunner` (0 done, 2 an error, named on stderr).
public enum HelperProgram {
    /// Runs `body` (which returns the exit status) and exits with it; a `PlogError` is printed as
    /// `program: error: ...` and exits with its code, any other error exits 2.
    public static func run(program: String = "plog", _ body: () throws -> Int32) -> Never {
        signal(SIGPIPE, SIG_IGN)
        do {
            exit(try body())
        } catch let error as PlogError {
            Terminal.printError(error.description, program: program)
            exit(error.exitCode)
        } catch {
            Terminal.printError(String(describing: error), program: program)
            exit(2)
        }
    }
}
