/// The state of the git repository holding a log, read from the files under `.git` directly.
///
/// Why not libgit2 (or the `plog-git` helper): doctor needs only what git keeps in small plain
/// files (HEAD, refs, the reflog's last line, the markers of an operation in progress, a lock
/// file), reading them takes microseconds, and it keeps libgit2 and its sixteen shared
/// libraries out of the `plog` process. Nothing here writes to the repository.
public struct GitRepositoryState: Sendable, Equatable {
    public enum Head: Sendable, Equatable {
        /// On a branch with at least one commit.
        case branch(String)
        /// On a branch with no commit yet.
        case unborn(String)
        /// HEAD names a commit directly; `plog commit` refuses to commit there.
        case detached(String)
    }

    /// The working tree (the directory holding `.git`).
    public var workTree: String
    /// The git directory (`.git`, or where a `.git` file points).
    public var gitDirectory: String
    public var head: Head
    /// When HEAD last moved (a commit, merge, checkout), from the reflog's last line, else the
    /// branch file's modification time; seconds since 1970. Nil when unknown.
    public var lastUpdate: Int64?
    /// The message of the reflog's last entry (`commit: plog: 2025-08-14, +3 blocks`), when known.
    public var lastUpdateMessage: String?
    /// Operations left half done: `a merge`, `a rebase`, `a cherry-pick`, `a revert`, `a bisect`.
    public var inProgress: [String]
    /// Modification time of `index.lock` when one exists (another git process, or a crashed one).
    public var indexLockTime: Int64?
    /// Permission bits of the working tree and the git directory.
    public var workTreeMode: mode_t
    public var gitDirectoryMode: mode_t

    /// Finds the repository holding `path` (symlinks resolved, so a log linked into a repository
    /// is found there) and reads its state. Nil when `path` is not inside a repository.
    public static func inspect(path: String) -> GitRepositoryState? {
        guard let found = locate(from: Path.dirname(realPath(path) ?? path)) else { return nil }
        return read(workTree: found.workTree, gitDir: found.gitDirectory)
    }

    /// The repository at or above the directory `dir`: its working tree and its git directory
    /// (`.git`, or where a `.git` file of a linked worktree or submodule points). The one search
    /// for "the git repository around a path" (project names, doctor, cron's advice).
    public static func locate(from dir: String) -> (workTree: String, gitDirectory: String)? {
        var dir = dir
        while true {
            let dotGit = (dir == "/" ? "" : dir) + "/.git"
            if let gitDir = gitDirectory(at: dotGit) { return (dir, gitDir) }
            let parent = Path.dirname(dir)
            if parent == dir { return nil }
            dir = parent
        }
    }

    /// `dotGit` itself when it is a directory; the target of `gitdir: ...` when it is a file.
    static func gitDirectory(at dotGit: String) -> String? {
        if Path.isDirectory(dotGit) { return Path.exists(dotGit + "/HEAD") ? dotGit : nil }
        guard let text = readSmall(dotGit), text.hasPrefix("gitdir:") else { return nil }
        var target = String(text.dropFirst(7)).trimmingCharacters(in: " \t\n\r")
        if !target.hasPrefix("/") { target = Path.dirname(dotGit) + "/" + target }
        return Path.isDirectory(target) ? target : nil
    }

    static func read(workTree: String, gitDir: String) -> GitRepositoryState {
        // Linked worktrees keep shared refs in the common directory.
        var common = gitDir
        if let c = readSmall(gitDir + "/commondir")?.trimmingCharacters(in: " \t\n\r"), !c.isEmpty {
            common = c.hasPrefix("/") ? c : gitDir + "/" + c
        }
        let headText = (readSmall(gitDir + "/HEAD") ?? "").trimmingCharacters(in: " \t\n\r")
        var head: Head
        var refFile: String? = nil
        if headText.hasPrefix("ref:") {
            let ref = headText.dropFirst(4).trimmingCharacters(in: " \t")
            let name = ref.hasPrefix("refs/heads/") ? String(ref.dropFirst(11)) : ref
            if Path.exists(common + "/" + ref) {
                head = .branch(name)
                refFile = common + "/" + ref
            } else if packedRefs(common).contains(ref) {
                head = .branch(name)
            } else {
                head = .unborn(name)
            }
        } else {
            head = .detached(String(headText.prefix(12)))
        }

        var lastUpdate: Int64? = nil
        var message: String? = nil
        if let entry = lastReflogEntry(gitDir + "/logs/HEAD") {
            lastUpdate = entry.time
            message = entry.message
        } else if let refFile, let t = modificationTime(refFile) {
            lastUpdate = t
        }
        if case .unborn = head { lastUpdate = nil; message = nil }

        var inProgress: [String] = []
        if Path.exists(gitDir + "/MERGE_HEAD") { inProgress.append("a merge") }
        if Path.isDirectory(gitDir + "/rebase-merge") || Path.isDirectory(gitDir + "/rebase-apply") {
            inProgress.append("a rebase")
        }
        if Path.exists(gitDir + "/CHERRY_PICK_HEAD") { inProgress.append("a cherry-pick") }
        if Path.exists(gitDir + "/REVERT_HEAD") { inProgress.append("a revert") }
        if Path.exists(gitDir + "/BISECT_LOG") { inProgress.append("a bisect") }

        return GitRepositoryState(workTree: workTree, gitDirectory: gitDir, head: head, lastUpdate: lastUpdate,
                                  lastUpdateMessage: message, inProgress: inProgress,
                                  indexLockTime: modificationTime(gitDir + "/index.lock"),
                                  workTreeMode: permissions(workTree) ?? 0, gitDirectoryMode: permissions(gitDir) ?? 0)
    }

    /// Ref names listed in `packed-refs`.
    static func packedRefs(_ common: String) -> Set<String> {
        guard let text = readSmall(common + "/packed-refs", limit: 8 << 20) else { return [] }
        var refs = Set<String>()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("^") {
            if let space = line.firstIndex(of: " ") { refs.insert(String(line[line.index(after: space)...])) }
        }
        return refs
    }

    /// The time and message of a reflog's last line:
    /// `<old> <new> Name <email> <seconds> <+zzzz>\t<message>`.
    static func lastReflogEntry(_ path: String) -> (time: Int64, message: String)? {
        guard let tail = try? FileIO.readTail(path, count: 8192).bytes, !tail.isEmpty else { return nil }
        let text = String(decoding: tail, as: UTF8.self)
        guard let line = text.split(separator: "\n").last else { return nil }
        let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
        guard let who = parts.first, let gt = who.lastIndex(of: ">") else { return nil }
        let fields = who[who.index(after: gt)...].split(separator: " ")
        guard let first = fields.first, let t = Int64(first) else { return nil }
        return (t, parts.count > 1 ? String(parts[1]) : "")
    }
}

/// `realpath(3)`: the path with every symlink resolved; nil when it does not exist.
func realPath(_ path: String) -> String? {
    guard let p = realpath(path, nil) else { return nil }
    defer { free(p) }
    return String(cString: p)
}

/// A small file's text (at most `limit` bytes); nil when it cannot be read.
func readSmall(_ path: String, limit: Int = 65_536) -> String? {
    guard let bytes = try? FileIO.readTail(path, count: limit).bytes else { return nil }
    return String(decoding: bytes, as: UTF8.self)
}

/// Modification time in seconds since 1970, following symlinks; nil when `path` does not exist.
func modificationTime(_ path: String) -> Int64? {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    #if canImport(Darwin)
    return Int64(st.st_mtimespec.tv_sec)
    #else
    return Int64(st.st_mtim.tv_sec)
    #endif
}

/// Permission bits (`st_mode & 0o7777`), following symlinks.
func permissions(_ path: String) -> mode_t? {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    return st.st_mode & 0o7777
}
