/// The model, project and editor a new block gets when the user names none: the one resolver
/// that `plog add` (and every capture path) and `plog config` (which shows where each value came
/// from) both call, so they cannot disagree.
public enum CaptureDefaults {
    /// `-m`, else `$PLOG_MODEL`, else `model` in the config, else the model of the newest block.
    public static func model(flag: String?, env: Environment, config: Config, logPath: String) -> String? {
        resolveModel(flag: flag, env: env, config: config, logPath: logPath).value
    }

    /// `-p`, else `$PLOG_PROJECT`, else `project` in the config, else the name of the directory of
    /// the git repository around the current directory.
    public static func project(flag: String?, env: Environment, config: Config) -> String? {
        resolveProject(flag: flag, env: env, config: config).value
    }

    /// The model and where it came from (see `model`).
    public static func resolveModel(flag: String?, env: Environment, config: Config,
                                    logPath: String) -> (value: String?, source: Settings.Source) {
        if let flag = nonEmpty(flag) { return (flag, .flag("-m")) }
        if let v = env["PLOG_MODEL"] { return (v, .environment("PLOG_MODEL")) }
        if let entry = config.entries["model"] { return (entry.value, .config(path: config.path, line: entry.line)) }
        if let model = (try? newestBlock(logPath: logPath))??.model { return (model, .detected("model of the newest block")) }
        return (nil, .unset)
    }

    /// The project and where it came from (see `project`).
    public static func resolveProject(flag: String?, env: Environment, config: Config) -> (value: String?, source: Settings.Source) {
        if let flag = nonEmpty(flag) { return (flag, .flag("-p")) }
        if let v = env["PLOG_PROJECT"] { return (v, .environment("PLOG_PROJECT")) }
        if let entry = config.entries["project"] { return (entry.value, .config(path: config.path, line: entry.line)) }
        if let root = gitRepositoryRoot(from: env.currentDirectory) {
            return (Path.basename(root), .detected("git repository \(root)"))
        }
        return (nil, .unset)
    }

    /// The editor command line and where it came from: `editor` in the config, then `$VISUAL`,
    /// then `$EDITOR`, then `vi`.
    public static func resolveEditor(env: Environment, config: Config) -> (value: String, source: Settings.Source) {
        if let entry = config.entries["editor"] { return (entry.value, .config(path: config.path, line: entry.line)) }
        if let v = env["VISUAL"] { return (v, .environment("VISUAL")) }
        if let v = env["EDITOR"] { return (v, .environment("EDITOR")) }
        return ("vi", .builtIn)
    }

    /// The working tree of the git repository at or above `dir` (`GitRepositoryState.locate`).
    public static func gitRepositoryRoot(from dir: String) -> String? {
        GitRepositoryState.locate(from: dir)?.workTree
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
