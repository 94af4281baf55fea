import PromptLog

/// What `Vault.commit` did.
package struct CommitReport: Equatable, Sendable {
    /// The new commit; nil when the log had not changed.
    package var commit: ObjectID?
    /// The commit message (or, when nothing was committed, empty).
    package var message: String
    /// The work tree of the repository.
    package var repository: String
    /// The log's path inside the repository.
    package var pathInRepository: String
    /// The branch (short name) the commit went on.
    package var branch: String
    /// Blocks in the log now, and the change since the previous commit of the log.
    package var blocks: Int
    package var blocksAdded: Int
    /// Whether `.gitattributes` was updated in the same commit.
    package var attributesUpdated: Bool
    /// Where plog stepped back for git (waited for a lock, left a replaced pack in place), for
    /// the cron log: printed even with `--quiet`.
    package var notes: [String] = []

    package var committed: Bool { commit != nil }
}

/// Defaults for commits plog makes.
package enum CommitDefaults {
    /// The identity used when neither `GIT_AUTHOR_NAME`/`GIT_AUTHOR_EMAIL` nor git's `user.name` and
    /// `user.email` are set: `plog <plog@HOSTNAME>`.
    package static func fallbackIdentity() -> GitIdentity {
        var buf = [CChar](repeating: 0, count: 256)
        let host = gethostname(&buf, buf.count - 1) == 0 ? String(cString: buf) : "localhost"
        return GitIdentity(name: "plog", email: "plog@" + (host.isEmpty ? "localhost" : host))
    }

    /// `plog: YYYY-MM-DD, +N blocks (M total)`.
    package static func message(day: String, added: Int, total: Int) -> String {
        let sign = added >= 0 ? "+" : "-"
        let noun = abs(added) == 1 ? "block" : "blocks"
        return "plog: \(day), \(sign)\(abs(added)) \(noun) (\(total) total)"
    }

    /// The block total recorded in a plog message (`... (M total)` at the end of its first line).
    static func total(inMessage message: String) -> Int? {
        let first = message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        guard first.hasPrefix("plog: "), first.hasSuffix(" total)"), let open = first.lastIndex(of: "(") else { return nil }
        let number = first[first.index(after: open)...].dropLast(" total)".count)
        return Int(number)
    }
}

/// The number of blocks in a log's bytes.
func blockCount(_ bytes: UnsafeRawBufferPointer) -> Int {
    var n = 0
    LogScanner.scan(bytes.bindMemory(to: UInt8.self), countLines: false) { _ in n += 1 }
    return n
}

func blockCount(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBytes { blockCount($0) } }

/// The `.gitattributes` pattern for a log at `path` in the work tree: its name when it sits at
/// the root (matching the issue's `prompts.log merge=union`), else its full path. Characters
/// special to patterns are escaped.
func attributesPattern(for path: String) -> String {
    var out = ""
    for ch in path {
        switch ch {
        case " ": out += "[ ]"
        case "*", "?", "[", "\\": out += "\\" + String(ch)
        default: out.append(ch)
        }
    }
    if out.hasPrefix("#") || out.hasPrefix("!") { out = "\\" + out }
    return out
}

/// `text` with `pattern merge=union` added when no line sets it already.
func attributesWithUnion(_ text: String, pattern: String) -> String? {
    let line = "\(pattern) merge=union"
    for l in text.split(separator: "\n") {
        let fields = l.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if fields.first.map(String.init) == pattern && fields.contains("merge=union") { return nil }
    }
    var out = text
    if !out.isEmpty && !out.hasSuffix("\n") { out += "\n" }
    return out + line + "\n"
}

extension LogRepository {
    /// Commits the log (and `.gitattributes` when its union-merge line is missing) on the current
    /// branch, whatever else is staged or changed: the commit's tree is HEAD's tree with only
    /// those entries replaced, and only their index entries are updated. Returns a report with
    /// `commit == nil` when the log has not changed since HEAD. When another process moves the
    /// branch meanwhile (a `git commit` by hand), the commit is made again on top of it (three
    /// tries); a lock held by git is waited for (see `GitWait`).
    func commitLog(message: String?, initialMessage: String? = nil, env: Environment,
                   exclusiveLog: LockedLog? = nil) throws -> CommitReport {
        let wait = try GitWait(env: env)
        var notes: [String] = []
        for attempt in 1...3 {
            do {
                var report = try commitLogOnce(message: message, initialMessage: initialMessage, env: env,
                                               exclusiveLog: exclusiveLog, wait: wait, notes: &notes)
                report.notes = notes
                return report
            } catch let e as GitError where e.isModified && attempt < 3 {
                notes.append("the branch moved while plog committed (\(e.message)); committed again on top of it")
            }
        }
        preconditionFailure("the last attempt returns or throws")
    }

    private func commitLogOnce(message: String?, initialMessage: String?, env: Environment,
                               exclusiveLog: LockedLog?, wait: GitWait, notes: inout [String]) throws -> CommitReport {
        let head = try checkReady(for: "plog commit", wait: wait, notes: &notes)
        let (branch, parent): (String, ObjectID?) = {
            switch head {
            case let .unborn(b): return (b, nil)
            case let .branch(b, c): return (b, c)
            case .detached: return ("", nil)  // refused by checkReady
            }
        }()
        let parentInfo = try parent.map { try repository.commit($0) }
        let path = pathInRepository
        let headEntry = try parentInfo.flatMap { try repository.entry(inTree: $0.tree, path: path) }
        let index = try repository.index()

        // The log, read under a lock so that no append is half written.
        let log = try exclusiveLog ?? LockedLog(path: realLogPath)
        let st = log.status
        if let e = index.entry(path), let h = headEntry, e.id == h.id, e.size == UInt32(truncatingIfNeeded: st.st_size),
           e.inode == UInt32(truncatingIfNeeded: st.st_ino), e.mtimeSeconds == Int32(truncatingIfNeeded: mtime(st).seconds),
           e.mtimeNanoseconds == UInt32(truncatingIfNeeded: mtime(st).nanoseconds),
           try !attributesNeedUpdate(parentInfo) {
            return CommitReport(commit: nil, message: "", repository: workTree, pathInRepository: path,
                                branch: shortBranch(branch), blocks: -1, blocksAdded: 0, attributesUpdated: false)
        }

        // Hashing the log and checking that it still starts with the pack's base (to find what
        // changed) are independent: on a big log they run on two cores. A failed check costs
        // only time: the pack is then read to compare.
        let pack = LogPack(gitDirectory: objectsOwner, workTree: workTree)
        let (blob, prefix) = Parallel.both(
            { log.withBytes { ObjectID.of($0, kind: .blob) } },
            { log.withBytes { try? pack.basePrefix(path: path, of: $0) } })
        let attributes = try updatedAttributesText(parentInfo)
        if blob == headEntry?.id && attributes == nil {
            // Same content: only the index's stat data was stale; refresh it so the next run is instant.
            if index.entry(path)?.id == blob {
                try index.setEntry(path, id: blob, mode: headEntry?.mode ?? 0o100644, stat: st)
                try? index.write()
            }
            return CommitReport(commit: nil, message: "", repository: workTree, pathInRepository: path,
                                branch: shortBranch(branch), blocks: -1, blocksAdded: 0, attributesUpdated: false)
        }

        // git gc and git maintenance are given the time to finish; if they do not, the commit is
        // still safe (plog's objects are new, so git prunes none of them), and the pack it
        // replaces stays in place until a later run.
        let housekeeping = wait.waitWhile { GitActivity.housekeeping(commonDirectory: objectsOwner) }
        if let note = housekeeping.note { notes.append(note) }
        if let busy = housekeeping.stillBusy {
            notes.append("\(busy) after \(GitWait.text(housekeeping.seconds)) s; committing anyway")
        }

        // The log version goes straight into plog's pack (a loose copy would be a full
        // compressed blob); the small objects of the commit are written loose and moved into
        // the pack by the next write.
        let written = try log.withBytes { bytes in
            try pack.write(repository: repository, objects: [], logVersion: (path, blob, bytes),
                           basePrefix: prefix)
        }
        if let note = written.removal.note { notes.append(note) }
        let attributesBlob = try attributes.map { try repository.writeObject(Array($0.utf8), kind: .blob) }
        var changes = [TreeChange(path: path, blob: blob, mode: headEntry.map { fileMode($0.mode) } ?? 0o100644)]
        if let attributesBlob { changes.append(TreeChange(path: ".gitattributes", blob: attributesBlob)) }
        let tree = try repository.tree(parentInfo?.tree, applying: changes)

        let total = log.withBytes { blockCount($0) }
        let previous = try previousTotal(parentInfo, headEntry: headEntry)
        let day = Timestamp.now().dayKey
        let text: String
        if let message, !message.isEmpty { text = message }
        else if parent == nil, let initialMessage { text = initialMessage }
        else { text = CommitDefaults.message(day: day, added: total - previous, total: total) }
        let identity = commitIdentity(env)
        let commit = try repository.createCommit(tree: tree, parents: parent.map { [$0] } ?? [], message: text,
                                                 author: identity)
        // What libgit2 just wrote loose: the commit, the trees on the log's path (the root tree
        // also holds .gitattributes) and the .gitattributes blob.
        let created = [commit] + (try repository.treesAlong(root: tree, path: path)) + (attributesBlob.map { [$0] } ?? [])
        try pack.recordLoose(created.filter { LooseObjects.isLoose($0, objects: objectsOwner + "objects") })

        let firstLine = text.split(separator: "\n").first.map(String.init) ?? text
        try wait.retryingLocked {
            try repository.setReference(branch, to: commit, expected: parent,
                                        message: (parent == nil ? "commit (initial): " : "commit: ") + firstLine)
        }
        do {
            try wait.retryingLocked {
                try index.reload()
                try index.setEntry(path, id: blob, mode: headEntry.map { fileMode($0.mode) } ?? 0o100644, stat: st)
                if let attributesBlob { try stageAttributes(index, blob: attributesBlob, text: attributes ?? "") }
                try index.write()
            }
        } catch {
            throw PlogError.refused(
                what: "committed \(commit.short) on \(shortBranch(branch)), but could not update the index",
                reason: "\(error)",
                hint: "git may show \(path) as changed until you run `git -C \(shellQuoted(workTree)) reset -q -- \(shellQuoted(path))`")
        }
        return CommitReport(commit: commit, message: text, repository: workTree, pathInRepository: path,
                            branch: shortBranch(branch), blocks: total, blocksAdded: total - previous,
                            attributesUpdated: attributesBlob != nil)
    }

    /// The block count of the log at HEAD: from HEAD's plog message when HEAD changed the log,
    /// else by reading and scanning the committed log.
    private func previousTotal(_ parent: CommitInfo?, headEntry: TreeEntryInfo?) throws -> Int {
        guard let parent, let headEntry else { return 0 }
        if let cached = CommitDefaults.total(inMessage: parent.message) {
            let before = try parent.parents.first.map { try repository.commit($0) }
            let beforeEntry = try before.flatMap { try repository.entry(inTree: $0.tree, path: pathInRepository) }
            if beforeEntry?.id != headEntry.id { return cached }
        }
        return try repository.readObject(headEntry.id).bytes.withUnsafeBytes { blockCount($0) }
    }

    private func attributesNeedUpdate(_ parent: CommitInfo?) throws -> Bool {
        try updatedAttributesText(parent) != nil
    }

    /// HEAD's `.gitattributes` with the log's union-merge line added; nil when it is there already.
    private func updatedAttributesText(_ parent: CommitInfo?) throws -> String? {
        let pattern = attributesPattern(for: pathInRepository)
        var committed = ""
        if let parent, let e = try repository.entry(inTree: parent.tree, path: ".gitattributes") {
            committed = String(decoding: try repository.readObject(e.id).bytes, as: UTF8.self)
        }
        return attributesWithUnion(committed, pattern: pattern)
    }

    /// Stages `.gitattributes` as committed; the working file gets the line too when it lacks it
    /// (its other edits, if any, stay unstaged).
    private func stageAttributes(_ index: Index, blob: ObjectID, text: String) throws {
        let file = workTree + "/.gitattributes"
        let current = (try? FileIO.readAll(file)).map { String(decoding: $0, as: UTF8.self) }
        if let current, let withLine = attributesWithUnion(current, pattern: attributesPattern(for: pathInRepository)) {
            try writeFileAtomically(file, Array(withLine.utf8), mode: 0o644)
        } else if current == nil {
            try writeFileAtomically(file, Array(text.utf8), mode: 0o644)
        }
        var st = stat()
        let same = (try? FileIO.readAll(file)) == Array(text.utf8)
        if same && stat(file, &st) == 0 {
            try index.setEntry(".gitattributes", id: blob, stat: st)
        } else {
            try index.setEntry(".gitattributes", id: blob, stat: nil)
        }
    }

    /// `GIT_AUTHOR_NAME`/`GIT_AUTHOR_EMAIL` when both are set, else git's `user.name`/`user.email`,
    /// else `plog <plog@HOSTNAME>`.
    func commitIdentity(_ env: Environment) -> GitIdentity {
        if let n = env["GIT_AUTHOR_NAME"], let e = env["GIT_AUTHOR_EMAIL"] { return GitIdentity(name: n, email: e) }
        return repository.identity(fallback: CommitDefaults.fallbackIdentity())
    }
}

/// `refs/heads/main` -> `main`.
func shortBranch(_ ref: String) -> String {
    ref.hasPrefix("refs/heads/") ? String(ref.dropFirst("refs/heads/".count)) : ref
}

/// A regular file's git mode from a tree entry's mode (executable or not).
func fileMode(_ mode: UInt32) -> UInt32 { mode == 0o100755 ? 0o100755 : 0o100644 }

/// A file's modification time.
func mtime(_ st: stat) -> (seconds: Int, nanoseconds: Int) {
    #if canImport(Darwin)
    return (Int(st.st_mtimespec.tv_sec), Int(st.st_mtimespec.tv_nsec))
    #else
    return (Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec))
    #endif
}
