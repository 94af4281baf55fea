/// Runs programs directly with `posix_spawnp`: never through a shell, so nothing in an
/// argument (spaces, quotes, `$`) is interpreted.
public enum Subprocess {
    /// Runs `argv` with the terminal (stdin, stdout, stderr) inherited and waits for it.
    /// Returns the exit status (128 + signal when killed).
    public static func runInteractive(_ argv: [String], env: Environment) throws -> Int32 {
        try spawnAndWait(argv, env: env, stdinBytes: nil, captureStdout: false).status
    }

    /// Runs `argv`, writes `stdin` to it, and returns its status and stdout. stderr is discarded
    /// unless `keepStderr`.
    public static func run(_ argv: [String], env: Environment, stdin: [UInt8]? = nil,
                           keepStderr: Bool = false) throws -> (status: Int32, stdout: [UInt8]) {
        try spawnAndWait(argv, env: env, stdinBytes: stdin ?? [], captureStdout: true, keepStderr: keepStderr)
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

    private static func spawnAndWait(_ argv: [String], env: Environment, stdinBytes: [UInt8]?,
                                     captureStdout: Bool, keepStderr: Bool = true) throws
        -> (status: Int32, stdout: [UInt8]) {
        guard let program = argv.first else {
            throw PlogError.invalidInput(input: "", reason: "empty command", hint: "")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var inPipe: [Int32] = [-1, -1]
        var outPipe: [Int32] = [-1, -1]
        if stdinBytes != nil {
            guard pipe(&inPipe) == 0 else { throw PlogError.io(operation: "cannot create a pipe for", path: program, errno: errno) }
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
            posix_spawn_file_actions_addclose(&actions, inPipe[1])
        }
        if captureStdout {
            guard pipe(&outPipe) == 0 else { throw PlogError.io(operation: "cannot create a pipe for", path: program, errno: errno) }
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
            posix_spawn_file_actions_addclose(&actions, outPipe[0])
        }
        if !keepStderr { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawnp(&pid, program, &actions, nil, cArgs, cEnv)
        if stdinBytes != nil { close(inPipe[0]) }
        if captureStdout { close(outPipe[1]) }
        guard rc == 0 else {
            if stdinBytes != nil { close(inPipe[1]) }
            if captureStdout { close(outPipe[0]) }
            throw PlogError.io(operation: "cannot run", path: program, errno: rc)
        }
        var output: [UInt8] = []
        if let bytes = stdinBytes {
            // Write stdin fully before reading: fine for the small inputs plog sends (clipboard text),
            // and SIGPIPE is ignored by the commands, so a child that exits early cannot kill us.
            try? FileIO.writeAll(inPipe[1], bytes, path: program)
            close(inPipe[1])
        }
        if captureStdout {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(outPipe[0], $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                output += chunk[0..<n]
            }
            close(outPipe[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw PlogError.io(operation: "cannot wait for", path: program, errno: errno) }
        }
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
    }
}
