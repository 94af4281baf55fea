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
        let deadline = monotonicMilliseconds() + 1_000
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline - monotonicMilliseconds()
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

    /// Runs a helper: `stdin` written to it (when given), stdout captured (when asked) or sent to
    /// /dev/null, stderr kept for the failure reason. Copy helpers (xclip, wl-copy) fork a child
    /// that keeps serving the selection and holds our pipes open, so nothing here waits for EOF
    /// after the helper itself has exited.
    @discardableResult
    static func runHelper(_ argv: [String], env: Environment, stdin: [UInt8]?, captureStdout: Bool) throws -> [UInt8] {
        let name = argv[0]
        guard let path = Subprocess.which(name, env: env) else { throw ClipboardFailure(reason: "\(name) not on PATH") }
        // The helper's stdin is a socket pair, not a pipe: writing to a helper that exited early
        // must fail with EPIPE, not raise SIGPIPE in a process that may not ignore it.
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let streamType = Int32(SOCK_STREAM.rawValue)
        #else
        let streamType = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, streamType, 0, &inPipe) == 0, pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
            throw ClipboardFailure(reason: "cannot create pipes for \(name)")
        }
        #if canImport(Darwin)
        var one: Int32 = 1
        _ = setsockopt(inPipe[1], SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        if captureStdout {
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in inPipe + outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }
        let cArgs = ([path] + argv.dropFirst()).map { strdup($0) } + [nil]
        let cEnv = env.variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, path, &actions, nil, cArgs, cEnv)
        close(inPipe[0]); close(outPipe[1]); close(errPipe[1])
        defer { close(outPipe[0]); close(errPipe[0]) }
        guard rc == 0 else {
            close(inPipe[1])
            throw ClipboardFailure(reason: "cannot run \(path): \(String(cString: strerror(rc)))")
        }
        let deadline = monotonicMilliseconds() + timeoutMilliseconds
        for fd in [inPipe[1], outPipe[0], errPipe[0]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }

        var toWrite = stdin ?? []
        var written = 0
        var inOpen = true
        if toWrite.isEmpty { close(inPipe[1]); inOpen = false }
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var status: Int32 = 0
        var exited = false
        var outOpen = captureStdout
        var chunk = [UInt8](repeating: 0, count: 65_536)
        func drain(_ fd: Int32, into buf: inout [UInt8]) -> Bool {  // false at EOF
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n > 0 { buf += chunk[0..<n]; continue }
                if n == 0 { return false }
                return errno == EAGAIN || errno == EINTR
            }
        }
        while true {
            if !exited {
                let w = waitpid(pid, &status, WNOHANG)
                if w == pid { exited = true }
            }
            if inOpen {
                let n = toWrite.withUnsafeBytes { sendNoSignal(inPipe[1], $0.baseAddress! + written, $0.count - written) }
                if n > 0 { written += n }
                if written == toWrite.count || (n < 0 && errno != EAGAIN && errno != EINTR) || exited {
                    close(inPipe[1]); inOpen = false  // the helper's end (dup'ed as its stdin) sees EOF
                    toWrite = []
                }
            }
            if outOpen { outOpen = drain(outPipe[0], into: &output) }
            _ = drain(errPipe[0], into: &errors)
            // Done when the helper has exited and (for paste) its output is complete.
            if exited && !outOpen { break }
            if exited && captureStdout {
                // The helper is gone; read what its pipe still holds, without waiting for a
                // background child that may keep it open.
                _ = drain(outPipe[0], into: &output)
                break
            }
            if monotonicMilliseconds() > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                if inOpen { close(inPipe[1]) }
                throw ClipboardFailure(reason: "\(name) did not finish within \(timeoutMilliseconds / 1000) s")
            }
            var fds = [pollfd]()
            if inOpen { fds.append(pollfd(fd: inPipe[1], events: Int16(POLLOUT), revents: 0)) }
            if outOpen { fds.append(pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0)) }
            fds.append(pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0))
            // Short waits: the helper's exit is not a pollable event here.
            _ = poll(&fds, nfds_t(fds.count), exited ? 0 : 5)
        }
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        guard code == 0 else {
            var message = String(decoding: errors, as: UTF8.self)
            while let l = message.last, l == "\n" || l == " " || l == "\r" { message.removeLast() }
            if let nl = message.firstIndex(of: "\n") { message = String(message[..<nl]) }
            throw ClipboardFailure(reason: "\(name) failed (exit \(code))" + (message.isEmpty ? "" : ": " + message))
        }
        return output
    }

    /// `send` without SIGPIPE (Linux: MSG_NOSIGNAL; macOS: the socket has SO_NOSIGPIPE).
    static func sendNoSignal(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
        #if canImport(Glibc)
        return send(fd, p, n, Int32(MSG_NOSIGNAL))
        #else
        return send(fd, p, n, 0)
        #endif
    }

    static func monotonicMilliseconds() -> Int {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int(ts.tv_sec) * 1000 + Int(ts.tv_nsec) / 1_000_000
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
