/// The model and project a new block gets when the user names none.
public enum CaptureDefaults {
    /// `-m`, else `$PLOG_MODEL`, else `model` in the config, else the model of the newest block.
    public static func model(flag: String?, env: Environment, config: Config, logPath: String) -> String? {
        if let flag = nonEmpty(flag) { return flag }
        if let v = env["PLOG_MODEL"] { return v }
        if let v = config["model"] { return v }
        return (try? newestBlock(logPath: logPath))??.model
    }

    /// `-p`, else `$PLOG_PROJECT`, else `project` in the config, else the name of the directory of
    /// the git repository around the current directory.
    public static func project(flag: String?, env: Environment, config: Config) -> String? {
        if let flag = nonEmpty(flag) { return flag }
        if let v = env["PLOG_PROJECT"] { return v }
        if let v = config["project"] { return v }
        return gitRepositoryRoot(from: env.currentDirectory).map(Path.basename)
    }

    /// The directory holding `.git` (a directory, or a file in worktrees and submodules) at or above `dir`.
    public static func gitRepositoryRoot(from dir: String) -> String? {
        var d = dir
        while true {
            if Path.exists((d == "/" ? "" : d) + "/.git") { return d }
            let parent = Path.dirname(d)
            if parent == d { return nil }
            d = parent
        }
    }

    /// The newest block of the log, found by reading only the log's tail (64 KB, doubled until a
    /// header is found). `nil` when the log is missing or has no block.
    public static func newestBlock(logPath: String) throws -> Block? {
        guard Path.exists(logPath) else { return nil }
        var want = 65_536
        while true {
            let (tail, offset) = try FileIO.readTail(logPath, count: want)
            let found: Block? = tail.withUnsafeBufferPointer { buf in
                // The tail may start mid-line: only line starts after the first newline count,
                // unless the tail is the whole file.
                var from = 0
                if offset > 0 {
                    guard let nl = buf.firstIndex(of: 10) else { return nil }
                    from = nl + 1
                }
                guard let start = LogScanner.headerAtOrBefore(buf, buf.count), start >= from else { return nil }
                let headerEnd = LogScanner.lineEnd(buf, from: start)
                var span = BlockSpan(offset: start, end: buf.count, headerEnd: headerEnd, line: 0)
                var block = LogParser.block(buf, span)
                span.offset += offset; span.end += offset; span.headerEnd += offset
                block.span = span
                return block
            }
            if found != nil || offset == 0 { return found }
            want *= 2
        }
    }

    static func nonEmpty(_ s: String?) -> String? {
        guard let s, !s.allSatisfy(\.isWhitespace) else { return nil }
        return s
    }
}
