/// The system clipboard: copy (recall bundles) and paste (`plog add --paste`).
///
/// Backends, tried in this order when the config's `clipboard` is `auto` (the default):
/// 1. OSC 52, first, when the session is over SSH (`$SSH_TTY`, `$SSH_CONNECTION`): the text
///    travels through the terminal to the clipboard of the machine the user sits at.
/// 2. `pbcopy` / `pbpaste` (macOS).
/// 3. `wl-copy` / `wl-paste` when `$WAYLAND_DISPLAY` is set.
/// 4. `xclip`, then `xsel`, when `$DISPLAY` is set.
/// 5. OSC 52 as a last resort when there is a terminal (`/dev/tty`).
/// Inside tmux (`$TMUX`), OSC 52 is wrapped in tmux's passthrough sequence. Any other value of
/// `clipboard` (pbcopy, wl-copy, xclip, xsel, osc52) forces that backend alone; `none` turns the
/// clipboard off. Helper programs are found on `$PATH` and run directly (posix_spawn, no shell),
/// with a time limit, so a helper that hangs (an X server that never answers) cannot hang plog.
public enum Clipboard {
    public enum Backend: String, CaseIterable, Sendable {
        case pbcopy, wlCopy = "wl-copy", xclip, xsel, osc52

        /// The command that copies stdin to the clipboard.
        var copyCommand: [String] {
            switch self {
            case .pbcopy: return ["pbcopy"]
            case .wlCopy: return ["wl-copy"]
            case .xclip: return ["xclip", "-selection", "clipboard", "-in"]
            case .xsel: return ["xsel", "--clipboard", "--input"]
            case .osc52: return []
            }
        }

        /// The command that writes the clipboard to stdout.
        var pasteCommand: [String] {
            switch self {
            case .pbcopy: return ["pbpaste"]
            case .wlCopy: return ["wl-paste", "--no-newline"]
            case .xclip: return ["xclip", "-selection", "clipboard", "-out"]
            case .xsel: return ["xsel", "--clipboard", "--output"]
            case .osc52: return []
            }
        }
    }

    /// Where copied text went, for the summary line.
    public struct Destination: Sendable, Equatable, CustomStringConvertible {
        public var backend: Backend
        /// e.g. `copied to the clipboard (wl-copy)`, `sent to the terminal's clipboard (OSC 52 through tmux)`.
        public var description: String
    }

    /// How long a helper program may take (default 5 s).
    public static let timeoutMilliseconds = 5_000

    /// Backends to try for `env` and `config`, in order, and why each other one was left out.
    public static func plan(env: Environment, config: Config, forPaste: Bool = false,
                            terminalAvailable: Bool? = nil) -> (backends: [Backend], skipped: [String]) {
        let hasTerminal = terminalAvailable ?? Terminal.controllingTerminalAvailable
        let setting = config["clipboard"] ?? "auto"
        if setting == "none" { return ([], ["clipboard = none in \(config.path)"]) }
        if let forced = Backend(rawValue: setting) { return ([forced], []) }
        var backends: [Backend] = []
        var skipped: [String] = []
        func tool(_ b: Backend) -> String { (forPaste ? b.pasteCommand : b.copyCommand)[0] }
        func onPath(_ b: Backend, quiet: Bool = false) -> Bool {
            if Subprocess.which(tool(b), env: env) != nil { return true }
            if !quiet { skipped.append("\(tool(b)) not on PATH") }
            return false
        }
        let ssh = env["SSH_TTY"] != nil || env["SSH_CONNECTION"] != nil
        if ssh && hasTerminal { backends.append(.osc52) }
        // Over SSH, pbcopy would fill the clipboard of the remote Mac, not the user's.
        #if canImport(Darwin)
        if !ssh, onPath(.pbcopy) { backends.append(.pbcopy) }
        #else
        if !ssh, onPath(.pbcopy, quiet: true) { backends.append(.pbcopy) }
        #endif
        if env["WAYLAND_DISPLAY"] != nil {
            if onPath(.wlCopy) { backends.append(.wlCopy) }
        } else {
            skipped.append("no $WAYLAND_DISPLAY for wl-\(forPaste ? "paste" : "copy")")
        }
        if env["DISPLAY"] != nil {
            if onPath(.xclip) { backends.append(.xclip) }
            if onPath(.xsel) { backends.append(.xsel) }
        } else {
            skipped.append("no $DISPLAY for xclip or xsel")
        }
        if !backends.contains(.osc52) {
            if hasTerminal { backends.append(.osc52) } else { skipped.append("no terminal for OSC 52") }
        }
        return (backends, skipped)
    }

    /// Copies `bytes` with the first backend that works and says where they went. Throws
    /// `PlogError.refused` listing every reason when none works. `terminalAvailable` nil (the
    /// default) means: OSC 52 is possible when `/dev/tty` opens.
    @discardableResult
    public static func copy(_ bytes: [UInt8], env: Environment, config: Config,
                            terminalAvailable: Bool? = nil) throws -> Destination {
        let (backends, skipped) = plan(env: env, config: config, terminalAvailable: terminalAvailable)
        var reasons = skipped
        for backend in backends {
            do {
                if backend == .osc52 {
                    let viaTmux = env["TMUX"] != nil
                    try writeToTerminal(osc52Sequence(bytes, tmux: viaTmux))
                    return Destination(backend: .osc52, description: "sent to the terminal's clipboard (OSC 52"
                        + (viaTmux ? " through tmux" : "") + "; the terminal must allow it)")
                }
                try runHelper(backend.copyCommand, env: env, stdin: bytes, captureStdout: false)
                return Destination(backend: backend, description: "copied to the clipboard (\(backend.rawValue))")
            } catch let error as ClipboardFailure {
                reasons.append(error.reason)
            }
        }
        throw PlogError.refused(what: "no clipboard", reason: reasons.joined(separator: "; "),
                                hint: hint(config: config))
    }

    /// The clipboard's contents, from the first backend that works. Throws `PlogError.refused`
    /// listing every reason when none works (OSC 52 needs a terminal that answers clipboard queries).
    public static func paste(env: Environment, config: Config, terminalAvailable: Bool? = nil) throws -> [UInt8] {
        let (backends, skipped) = plan(env: env, config: config, forPaste: true, terminalAvailable: terminalAvailable)
        var reasons = skipped
        for backend in backends {
            do {
                if backend == .osc52 { return try osc52Query() }
                return try runHelper(backend.pasteCommand, env: env, stdin: nil, captureStdout: true)
            } catch let error as ClipboardFailure {
                reasons.append(error.reason)
            }
        }
        throw PlogError.refused(what: "cannot read the clipboard", reason: reasons.joined(separator: "; "),
                                hint: hint(config: config))
    }

    static func hint(config: Config) -> String {
        let setting = config["clipboard"] ?? "auto"
        if setting != "auto" {
            return "`clipboard = \(setting)` in \(config.path) allows only that; set it to auto to try every backend"
        }
        return "install wl-clipboard (Wayland) or xclip (X11), or set `clipboard = osc52` in \(config.path)"
    }

    // MARK: - OSC 52

    /// `ESC ] 52 ; c ; base64 BEL`, inside tmux's passthrough (`ESC P tmux; ... ESC \`, every
    /// inner ESC doubled) when `tmux` is true.
    public static func osc52Sequence(_ bytes: [UInt8], tmux: Bool) -> [UInt8] {
        let inner: [UInt8] = [27] + Array("]52;c;".utf8) + Base64.encode(bytes) + [7]
        guard tmux else { return inner }
        var out: [UInt8] = [27] + Array("Ptmux;".utf8)
        for c in inner {
            if c == 27 { out.append(27) }
            out.append(c)
        }
        return out + [27, 92]
    }

    static func writeToTerminal(_ bytes: [UInt8]) throws {
        let fd = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw ClipboardFailure(reason: "no terminal for OSC 52") }
        defer { close(fd) }
        do { try FileIO.writeAll(fd, bytes, path: "/dev/tty") } catch {
            throw ClipboardFailure(reason: "cannot write to the terminal: \(error)")
        }
    }

    /// Asks the terminal for its clipboard (`ESC ] 52 ; c ; ? BEL`) and decodes the answer.
    static func osc52Query() throws -> [UInt8] {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw ClipboardFailure(reason: "no terminal for OSC 52") }
        defer { close(fd) }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { throw ClipboardFailure(reason: "the terminal cannot be queried") }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        _ = tcsetattr(fd, TCSANOW, &raw)
        defer { _ = tcsetattr(fd, TCSANOW, &saved) }
        let query: [UInt8] = [27] + Array("]52;c;?".utf8) + [7]
        do { try FileIO.writeAll(fd, query, path: "/dev/tty") } catch {
            throw ClipboardFailure(reason: "cannot write to the terminal")
        }
        var reply: [UInt8] = []
        let deadline = Subprocess.monotonicMilliseconds() + 1_000
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline - Subprocess.monotonicMilliseconds()
            guard left > 0 else { break }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(left)) > 0 else { break }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            reply += chunk[0..<n]
            if reply.last == 7 || (reply.count >= 2 && reply[reply.count - 2] == 27 && reply.last == 92) { break }
        }
        // The answer is ESC ] 52 ; <selection> ; <base64> followed by BEL or ESC \.
        guard let start = indexOf(Array("]52;".utf8), in: reply) else {
            throw ClipboardFailure(reason: "the terminal did not answer the OSC 52 clipboard query "
                + "(many terminals do not allow reading the clipboard)")
        }
        var body = Array(reply[(start + 4)...])
        if let semi = body.firstIndex(of: 59) { body = Array(body[(semi + 1)...]) }
        while let last = body.last, last == 7 || last == 27 || last == 92 { body.removeLast() }
        guard let decoded = Base64.decode(body) else {
            throw ClipboardFailure(reason: "the terminal's OSC 52 answer was not base64")
        }
        return decoded
    }

    static func indexOf(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard hay.count >= needle.count else { return nil }
        for i in 0...(hay.count - needle.count) where Array(hay[i..<(i + needle.count)]) == needle { return i }
        return nil
    }

    // MARK: - Helper programs

    struct ClipboardFailure: Error { var reason: String }

    /// Runs a helper (`Subprocess.launch`): `stdin` written to it (when given), stdout captured
    /// (when asked) or discarded, stderr kept for the failure reason, at most `timeoutMilliseconds`.
    @discardableResult
    static func runHelper(_ argv: [String], env: Environment, stdin: [UInt8]?, captureStdout: Bool) throws -> [UInt8] {
        let name = argv[0]
        guard let path = Subprocess.which(name, env: env) else { throw ClipboardFailure(reason: "\(name) not on PATH") }
        let r: Subprocess.Result
        do {
            r = try Subprocess.launch([path] + argv.dropFirst(), env: env, stdin: stdin ?? [],
                                      stdout: captureStdout ? .capture : .discard, stderr: .capture,
                                      timeoutMilliseconds: timeoutMilliseconds)
        } catch is Subprocess.Timeout {
            throw ClipboardFailure(reason: "\(name) did not finish within \(timeoutMilliseconds / 1000) s")
        } catch let error as PlogError {
            throw ClipboardFailure(reason: error.description)
        }
        guard r.status == 0 else {
            var message = String(decoding: r.stderr, as: UTF8.self)
            while let l = message.last, l == "\n" || l == " " || l == "\r" { message.removeLast() }
            if let nl = message.firstIndex(of: "\n") { message = String(message[..<nl]) }
            throw ClipboardFailure(reason: "\(name) failed (exit \(r.status))" + (message.isEmpty ? "" : ": " + message))
        }
        return r.stdout
    }
}

extension Clipboard {
    /// Terminal checks the clipboard needs (the command layer has its own `Terminal` for output).
    enum Terminal {
        /// Whether this process has a controlling terminal to send OSC 52 to.
        static var controllingTerminalAvailable: Bool {
            let fd = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else { return false }
            close(fd)
            return true
        }
    }
}
