/// Runs programs directly with `posix_spawnp`: never through a shell, so nothing in an
/// argument (spaces, quotes, `$`) is interpreted.
public enum Subprocess {
    /// What becomes of a child's output stream.
    public enum Output: Sendable, Equatable {
        /// The child writes where this process does (the terminal).
        case inherit
        /// Thrown away (`/dev/null`).
        case discard
        /// Read into `Result`.
        case capture
    }

    public struct Result: Sendable, Equatable {
        /// The exit status (128 + signal when killed).
        public var status: Int32
        public var stdout: [UInt8]
        public var stderr: [UInt8]
    }

    /// Why a program did not finish: it ran past `timeout`, and was killed.
    public struct Timeout: Error, Sendable, Equatable {
        public var program: String
        public var milliseconds: Int
    }

    /// Runs `argv` with the terminal (stdin, stdout, stderr) inherited and waits for it.
    /// Returns the exit status (128 + signal when killed).
    public static func runInteractive(_ argv: [String], env: Environment) throws -> Int32 {
        try launch(argv, env: env, stdin: nil, stdout: .inherit, stderr: .inherit).status
    }

    /// Runs `argv`, writes `stdin` to it, and returns its status and stdout. stderr is discarded
    /// unless `keepStderr`.
    public static func run(_ argv: [String], env: Environment, stdin: [UInt8]? = nil,
                           keepStderr: Bool = false) throws -> (status: Int32, stdout: [UInt8]) {
        let r = try launch(argv, env: env, stdin: stdin ?? [], stdout: .capture, stderr: keepStderr ? .inherit : .discard)
        return (r.status, r.stdout)
    }

    /// The one launcher: runs `argv` (found on `$PATH` unless it holds a `/`), never through a shell.
    ///
    /// - `stdin`: bytes written to the child, then end of input (`[]`: end of input at once); nil
    ///   (the default) leaves the child this process's standard input. The child's end is a socket
    ///   pair, so writing to a child that exited early fails with EPIPE instead of raising SIGPIPE.
    /// - `stdout`, `stderr`: inherited (the default), discarded or captured.
    /// - `timeoutMilliseconds`: nil (the default) waits as long as the child runs; otherwise the
    ///   child is killed when the time is up and `Timeout` is thrown.
    ///
    /// Captured output is what the child wrote until it exited: a background grandchild that keeps
    /// the pipe open (clipboard helpers that serve the selection do) is not waited for.
    public static func launch(_ argv: [String], env: Environment, stdin: [UInt8]? = nil,
                              stdout: Output = .inherit, stderr: Output = .inherit,
                              timeoutMilliseconds: Int? = nil) throws -> Result {
        guard let program = argv.first else {
            throw PlogError.invalidInput(input: "", reason: "empty command", hint: "name a program to run")
        }
        var inPair: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        func closeAll() { for fd in inPair + outPipe + errPipe where fd >= 0 { close(fd) } }
        #if canImport(Glibc)
        let streamType = Int32(SOCK_STREAM.rawValue)
        #else
        let streamType = SOCK_STREAM
        #endif
        if stdin != nil, socketpair(AF_UNIX, streamType, 0, &inPair) != 0 {
            throw PlogError.io(operation: "cannot create a socket pair for", path: program, errno: errno)
        }
        if stdout == .capture, pipe(&outPipe) != 0 {
            let e = errno; closeAll()
            throw PlogError.io(operation: "cannot create a pipe for", path: program, errno: e)
        }
        if stderr == .capture, pipe(&errPipe) != 0 {
            let e = errno; closeAll()
            throw PlogError.io(operation: "cannot create a pipe for", path: program, errno: e)
        }
        #if canImport(Darwin)
        if inPair[1] >= 0 {
            var one: Int32 = 1
            _ = setsockopt(inPair[1], SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        #endif
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stdin != nil { posix_spawn_file_actions_adddup2(&actions, inPair[0], 0) }
        for (fd, output, pipeEnds) in [(Int32(1), stdout, outPipe), (Int32(2), stderr, errPipe)] {
            switch output {
            case .inherit: break
            case .discard: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
            case .capture: posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], fd)
            }
        }
        for fd in inPair + outPipe + errPipe where fd >= 0 { posix_spawn_file_actions_addclose(&actions, fd) }
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawnp(&pid, program, &actions, nil, cArgs, cEnv)
        // Our copies of the child's ends.
        for fd in [inPair[0], outPipe[1], errPipe[1]] where fd >= 0 { close(fd) }
        inPair[0] = -1; outPipe[1] = -1; errPipe[1] = -1
        guard rc == 0 else {
            closeAll()
            throw PlogError.io(operation: "cannot run", path: program, errno: rc)
        }
        defer { closeAll() }

        let deadline = timeoutMilliseconds.map { monotonicMilliseconds() + $0 }
        for fd in [inPair[1], outPipe[0], errPipe[0]] where fd >= 0 {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        let toWrite = stdin ?? []
        var written = 0
        if stdin != nil && toWrite.isEmpty { close(inPair[1]); inPair[1] = -1 }
        var result = Result(status: 0, stdout: [], stderr: [])
        var status: Int32 = 0
        var exited = false
        var chunk = [UInt8](repeating: 0, count: 65_536)
        /// Reads what `fd` holds; false at end of file.
        func drain(_ fd: Int32, into buf: inout [UInt8]) -> Bool {
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n > 0 { buf += chunk[0..<n]; continue }
                if n == 0 { return false }
                return errno == EAGAIN || errno == EINTR
            }
        }
        while true {
            if !exited {
                let open = inPair[1] >= 0 || outPipe[0] >= 0 || errPipe[0] >= 0
                // Nothing to feed or read and no deadline: wait for the child itself.
                let w = waitpid(pid, &status, open || deadline != nil ? WNOHANG : 0)
                if w == pid { exited = true } else if w < 0 && errno != EINTR {
                    throw PlogError.io(operation: "cannot wait for", path: program, errno: errno)
                }
            }
            if inPair[1] >= 0 {
                let n = toWrite.withUnsafeBytes { sendNoSignal(inPair[1], $0.baseAddress! + written, $0.count - written) }
                if n > 0 { written += n }
                if written == toWrite.count || (n < 0 && errno != EAGAIN && errno != EINTR) || exited {
                    close(inPair[1]); inPair[1] = -1  // the child sees end of input
                }
            }
            if outPipe[0] >= 0, !drain(outPipe[0], into: &result.stdout) { close(outPipe[0]); outPipe[0] = -1 }
            if errPipe[0] >= 0, !drain(errPipe[0], into: &result.stderr) { close(errPipe[0]); errPipe[0] = -1 }
            if exited { break }
            if let deadline, monotonicMilliseconds() > deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                throw Timeout(program: program, milliseconds: timeoutMilliseconds ?? 0)
            }
            var fds = [pollfd]()
            if inPair[1] >= 0 { fds.append(pollfd(fd: inPair[1], events: Int16(POLLOUT), revents: 0)) }
            if outPipe[0] >= 0 { fds.append(pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0)) }
            if errPipe[0] >= 0 { fds.append(pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0)) }
            // Short waits: the child's exit is not a pollable event here.
            if !fds.isEmpty || deadline != nil { _ = poll(&fds, nfds_t(fds.count), 5) }
        }
        let exitedNormally = status & 0x7f == 0
        result.status = exitedNormally ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return result
    }

    /// The full path of `name` on `$PATH`, or nil.
    public static func which(_ name: String, env: Environment) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        for dir in (env["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let p = String(dir) + "/" + name
            if access(p, X_OK) == 0 && !Path.isDirectory(p) { return p }
        }
        return nil
    }

    /// Splits a command line such as `code --wait` or `"/Applications/My Editor/bin/ed" -w` into
    /// words the way a POSIX shell would (quotes and backslashes), without expanding anything.
    public static func splitCommandLine(_ s: String) throws -> [String] {
        var words: [String] = []
        var cur = ""
        var inWord = false
        var quote: Character? = nil
        var escape = false
        for ch in s {
            if escape { cur.append(ch); escape = false; inWord = true; continue }
            if let q = quote {
                if ch == q { quote = nil }
                else if ch == "\\" && q == "\"" { escape = true }
                else { cur.append(ch) }
                continue
            }
            switch ch {
            case "\\": escape = true; inWord = true
            case "'", "\"": quote = ch; inWord = true
            case " ", "\t", "\n":
                if inWord { words.append(cur); cur = ""; inWord = false }
            default: cur.append(ch); inWord = true
            }
        }
        if quote != nil || escape {
            throw PlogError.invalidInput(input: s, reason: "unbalanced quote or trailing backslash",
                                         hint: "check the quoting in $VISUAL, $EDITOR or `editor` in the config")
        }
        if inWord { words.append(cur) }
        return words
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
