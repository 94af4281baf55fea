import PromptLog

/// What `Vault.sync` did, one line per step, for printing.
package struct SyncReport: Equatable, Sendable {
    package var lines: [String]
    /// Blocks merged in from the remote.
    package var blocksFromRemote: Int
    package var pushed: Bool
    /// Where plog stepped back for git (see `CommitReport.notes`): printed even with `--quiet`.
    package var notes: [String] = []
}

package struct PushReport: Equatable, Sendable {
    package var summary: String
}

/// The remote and branch a branch syncs with: its upstream (`branch.<name>.remote` and
/// `.merge`), else `origin` and the branch of the same name.
struct SyncTarget {
    var branchRef: String
    var remoteName: String
    var remoteBranch: String
    var remote: Remote
    var trackingRef: String { "refs/remotes/\(remoteName)/\(remoteBranch)" }
    var branch: String { shortBranch(branchRef) }
    var refspecFetch: String { "+refs/heads/\(remoteBranch):\(trackingRef)" }
    var refspecPush: String { "\(branchRef):refs/heads/\(remoteBranch)" }
    var label: String { "\(remoteName)/\(remoteBranch)" }

    init(_ repo: LogRepository, branchRef: String, remoteName explicit: String?) throws {
        let short = shortBranch(branchRef)
        let configuredRemote = try repo.repository.configValue("branch.\(short).remote")
        let configuredMerge = try repo.repository.configValue("branch.\(short).merge")
        let name = explicit ?? configuredRemote ?? "origin"
        var remoteBranch = short
        if name == configuredRemote, let merge = configuredMerge { remoteBranch = shortBranch(merge) }
        guard let remote = try repo.repository.remote(named: name) else {
            throw PlogError.refused(
                what: "no remote \(name) in \(repo.workTree)", reason: "plog sync shares the log through a git remote",
                hint: "add one: `plog init --remote URL`, or `git -C \(shellQuoted(repo.workTree)) remote add \(name) URL`")
        }
        self.branchRef = branchRef
        self.remoteName = name
        self.remoteBranch = remoteBranch
        self.remote = remote
    }
}

extension Vault {
    /// Commits the log, fetches the remote, merges its blocks into the log (see `LogMerge`),
    /// and pushes. A remote that cannot be reached leaves the local commit in place and throws.
    /// Unless `allowSecrets` (default false), refuses to push when the scanner finds a credential
    /// in what the push would publish (see `PushSecrets`); the local commit stays.
    package static func sync(logPath: String, remoteName: String?, env: Environment, allowSecrets: Bool = false) throws -> SyncReport {
        let repo = try LogRepository(logPath: logPath)
        return try repo.withPlogLock {
            try Syncer(repo: repo, env: env, allowSecrets: allowSecrets).sync(remoteName: remoteName)
        }
    }

    /// Pushes the log's branch to its remote (for `plog commit --push`); no fetch, no merge.
    /// Refuses like `sync` when the push would publish a credential, unless `allowSecrets` (default false).
    package static func push(logPath: String, remoteName: String?, env: Environment, localCommit: ObjectID?,
                            allowSecrets: Bool = false) throws -> PushReport {
        let repo = try LogRepository(logPath: logPath)
        return try repo.withPlogLock {
            let syncer = Syncer(repo: repo, env: env, allowSecrets: allowSecrets)
            guard case let .branch(ref, head) = try repo.repository.head() else {
                throw PlogError.refused(what: "plog commit --push: nothing to push", reason: "the branch has no commit yet",
                                        hint: "run plog commit first")
            }
            let target = try SyncTarget(repo, branchRef: ref, remoteName: remoteName)
            try syncer.refuseSecrets(target, head: head)
            let rejected = try syncer.push(target, head: head)
            if let reason = rejected {
                throw PlogError.refused(
                    what: "\(target.label) did not accept \(target.branch) (\(reason))",
                    reason: "the remote has commits this machine does not have; commit \(head.short) is kept here",
                    hint: "run `plog sync` to merge them and push")
            }
            try syncer.setUpstreamIfMissing(target)
            return PushReport(summary: "pushed \(target.branch) (\(head.short)) to \(target.label) (\(target.remote.url))")
        }
    }
}

/// The steps of `plog sync`.
struct Syncer {
    let repo: LogRepository
    let env: Environment
    /// Push even when the push would publish a credential.
    var allowSecrets = false
    var repository: Repository { repo.repository }
    var path: String { repo.pathInRepository }

    func sync(remoteName: String?) throws -> SyncReport {
        var lines: [String] = []
        var notes: [String] = []
        let first = try repo.commitLog(message: nil, env: env)
        notes += first.notes
        if let id = first.commit { lines.append("committed \(id.short) on \(first.branch): \(first.message)") }
        guard case let .branch(branchRef, _) = try repository.head() else {
            throw PlogError.refused(what: "plog sync: the branch has no commit", reason: "there is nothing to share yet",
                                    hint: "add a block with `plog add`, then run plog sync")
        }
        let target = try SyncTarget(repo, branchRef: branchRef, remoteName: remoteName)
        var fromRemote = 0
        for attempt in 1...3 {
            let before = packNames()
            let quietBefore = gitIsQuiet()
            try fetch(target)
            // A fetch writes at most one pack. A new pack is taken for the fetched one only when
            // git did nothing in the repository meanwhile: a pack that git wrote (a gc at the
            // same moment) is git's, and plog deletes no pack it did not write.
            var fetched = packNames().subtracting(before)
            if fetched.count > 1 || !quietBefore || !gitIsQuiet() { fetched = [] }
            fromRemote += try merge(target, lines: &lines, notes: &notes)
            if !fetched.isEmpty {
                // The fetched pack holds full copies of the remote's log versions: fold them into
                // plog's pack as deltas.
                let written = try LogPack(gitDirectory: repo.objectsOwner, workTree: repo.workTree)
                    .write(repository: repository, objects: [], logVersion: nil, absorb: fetched.sorted())
                if let note = written.removal.note { notes.append(note) }
            }
            guard case let .branch(_, head) = try repository.head() else { break }
            if try repository.referenceTarget(target.trackingRef) == head {
                lines.append("\(target.label) is up to date with \(target.branch) (\(head.short))")
                try setUpstreamIfMissing(target)
                return SyncReport(lines: lines, blocksFromRemote: fromRemote, pushed: false, notes: notes)
            }
            try refuseSecrets(target, head: head)
            if let reason = try push(target, head: head) {
                if attempt < 3 { continue }
                throw PlogError.refused(what: "\(target.label) keeps rejecting the push (\(reason))",
                                        reason: "someone else is pushing at the same time; commit \(head.short) is kept here",
                                        hint: "run plog sync again")
            }
            try setUpstreamIfMissing(target)
            lines.append("pushed \(target.branch) (\(head.short)) to \(target.label) (\(target.remote.url))")
            return SyncReport(lines: lines, blocksFromRemote: fromRemote, pushed: true, notes: notes)
        }
        return SyncReport(lines: lines, blocksFromRemote: fromRemote, pushed: false, notes: notes)
    }

    /// Throws the refusal when pushing `head` would publish a credential (unless `allowSecrets`).
    func refuseSecrets(_ target: SyncTarget, head: ObjectID) throws {
        guard !allowSecrets else { return }
        let theirs = try repository.referenceTarget(target.trackingRef)
        let found = try PushSecrets.find(repository: repository, path: path, head: head, remoteHead: theirs) { blob in
            // The file as committed (same test as `plog commit`'s "unchanged"): read it, not the pack.
            let log = try LockedLog(path: repo.realLogPath)
            let st = log.status
            guard let e = try repository.index().entry(path), e.id == blob, e.size == UInt32(truncatingIfNeeded: st.st_size),
                  e.inode == UInt32(truncatingIfNeeded: st.st_ino), e.mtimeSeconds == Int32(truncatingIfNeeded: mtime(st).seconds),
                  e.mtimeNanoseconds == UInt32(truncatingIfNeeded: mtime(st).nanoseconds) else { return nil }
            return log.bytes
        }
        guard !found.isEmpty else { return }
        throw found.refusal(target, head: head, workTree: repo.workTree, remoteHasBranch: theirs != nil)
    }

    // MARK: Network

    private func credentials() throws -> Credentials {
        Credentials(env: env, helper: try repository.configValue("credential.helper"))
    }

    private func hostKeys(_ target: SyncTarget) -> KnownHosts? {
        guard let url = RemoteURL(target.remote.url), url.isSSH else { return nil }
        return KnownHosts(env: env, port: url.port)
    }

    func fetch(_ target: SyncTarget) throws {
        let creds = try credentials()
        do {
            try target.remote.fetch([target.refspecFetch], credentials: creds, hostKeys: hostKeys(target))
        } catch let e as GitError {
            throw unreachable(target, e, creds, action: "fetch from")
        }
    }

    /// Pushes HEAD's branch; returns the remote's reason when it rejected the update.
    func push(_ target: SyncTarget, head: ObjectID) throws -> String? {
        let creds = try credentials()
        let rejections: [String: String]
        do {
            rejections = try target.remote.push([target.refspecPush], credentials: creds, hostKeys: hostKeys(target))
        } catch let e as GitError {
            if e.isNonFastForward { return "not a fast-forward" }
            throw unreachable(target, e, creds, action: "push to")
        }
        return rejections["refs/heads/\(target.remoteBranch)"]
    }

    private func unreachable(_ target: SyncTarget, _ error: GitError, _ creds: Credentials, action: String) -> PlogError {
        let head = (try? repository.head()).flatMap { h -> ObjectID? in if case let .branch(_, c) = h { return c }; return nil }
        let kept = head.map { "your commit \($0.short) is kept here" } ?? "nothing was changed here"
        let authHint = error.isAuthentication ? " (\(creds.triedDescription))" : ""
        return PlogError.refused(what: "could not \(action) \(target.remoteName) (\(target.remote.url))",
                                 reason: error.message + authHint,
                                 hint: "\(kept); run `plog sync` again when the remote can be reached")
    }

    func setUpstreamIfMissing(_ target: SyncTarget) throws {
        if try repository.configValue("branch.\(target.branch).remote") == nil {
            try repository.setConfigValue("branch.\(target.branch).remote", target.remoteName)
            try repository.setConfigValue("branch.\(target.branch).merge", "refs/heads/\(target.remoteBranch)")
        }
    }

    /// No git housekeeping and no git process in the repository (see `GitActivity`).
    private func gitIsQuiet() -> Bool {
        GitActivity.housekeeping(commonDirectory: repo.objectsOwner) == nil
            && GitActivity.gitProcess(workTree: repo.workTree, commonDirectory: repo.objectsOwner) == nil
    }

    private func packNames() -> Set<String> {
        var names = Set<String>()
        let dir = repo.objectsOwner + "objects/pack"
        guard let d = opendir(dir) else { return names }
        defer { closedir(d) }
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".idx") { names.insert(String(name.dropLast(4))) }
        }
        return names
    }

    // MARK: Merge

    /// Brings the remote's branch into the local one: nothing when the local branch has it
    /// already, a fast-forward when the local branch is behind, else a merge commit. Returns
    /// the number of blocks that came from the remote.
    func merge(_ target: SyncTarget, lines: inout [String], notes: inout [String]) throws -> Int {
        guard let theirs = try repository.referenceTarget(target.trackingRef) else {
            lines.append("\(target.label) does not exist yet; it will be created")
            return 0
        }
        // Under the exclusive lock no block can be appended while the log is rewritten. Blocks
        // appended since the first commit are committed first.
        let log = try LockedLog(path: repo.realLogPath, exclusive: true, writable: true)
        let again = try repo.commitLog(message: nil, env: env, exclusiveLog: log)
        notes += again.notes
        let wait = try GitWait(env: env)
        if let id = again.commit { lines.append("committed \(id.short): \(again.message)") }
        guard case let .branch(branchRef, ours) = try repository.head() else { return 0 }
        if try repository.isDescendant(ours, of: theirs) { return 0 }
        let oursInfo = try repository.commit(ours)
        let theirsInfo = try repository.commit(theirs)
        guard let oursEntry = try repository.entry(inTree: oursInfo.tree, path: path) else { return 0 }
        let theirsEntry = try repository.entry(inTree: theirsInfo.tree, path: path)

        if try repository.isDescendant(theirs, of: ours) {
            guard let theirsEntry else {
                throw PlogError.refused(what: "\(target.label) has no \(path)", reason: "sync will not delete your log",
                                        hint: "restore it on the remote, or merge by hand with git")
            }
            let theirsLog = try repository.readObject(theirsEntry.id).bytes
            try moveWorkingTree(from: oursInfo.tree, to: theirsInfo.tree, log: log, newLog: theirsLog,
                                logBlob: theirsEntry.id, mode: fileMode(theirsEntry.mode), wait: wait)
            try wait.retryingLocked {
                try repository.setReference(branchRef, to: theirs, expected: ours, message: "pull: fast-forward (plog sync)")
            }
            let added = blockCount(theirsLog) - log.withBytes { blockCount($0) }
            lines.append("fast-forwarded \(target.branch) to \(target.label) (\(theirs.short)): +\(max(0, added)) blocks (\(blockCount(theirsLog)) total)")
            return max(0, added)
        }

        // A real merge. The log is merged block by block; for everything else git's tree merge
        // runs with the log set to ours on all sides, so it never merges the log line by line.
        let baseID = try repository.mergeBase(ours, theirs)
        let baseInfo = try baseID.map { try repository.commit($0) }
        let baseLog = try baseInfo.flatMap { try repository.entry(inTree: $0.tree, path: path) }
            .map { try repository.readObject($0.id).bytes } ?? []
        let theirsLog = try theirsEntry.map { try repository.readObject($0.id).bytes } ?? []
        let result = LogMerge.merge(base: baseLog, ours: log.bytes, theirs: theirsLog)

        // Refuse before writing anything when the merge would overwrite local changes.
        try checkUnmodified(try repository.changedPaths(from: oursInfo.tree, to: theirsInfo.tree))
        let looseBefore = Set(LooseObjects.list(repo.objectsOwner).map(\.id))
        let mode = fileMode(oursEntry.mode)
        let keepOurs = [TreeChange(path: path, blob: oursEntry.id, mode: mode)]
        let theirsTree = try repository.tree(theirsInfo.tree, applying: keepOurs)
        let baseTree = try baseInfo.map { try repository.tree($0.tree, applying: keepOurs) }
        let index = try repository.mergeTrees(ancestor: baseTree, ours: oursInfo.tree, theirs: theirsTree)
        let conflicts = try index.conflictedPaths()
        guard conflicts.isEmpty else {
            // Leave no trace: the stand-in trees (and any merged blobs) written for the attempt go.
            for (id, file) in LooseObjects.list(repo.objectsOwner) where !looseBefore.contains(id) {
                unlink(file)
                rmdir(Path.dirname(file))
            }
            throw PlogError.refused(
                what: "plog sync cannot merge \(conflicts.joined(separator: ", ")) with \(target.label)",
                reason: "both sides changed it (plog merges only the log by itself); nothing was changed here",
                hint: "merge with git: `git -C \(shellQuoted(repo.workTree)) pull`, then run plog sync again")
        }

        let mergedBlob = result.bytes.withUnsafeBytes { ObjectID.of($0, kind: .blob) }
        let pack = LogPack(gitDirectory: repo.objectsOwner, workTree: repo.workTree)
        let written = try result.bytes.withUnsafeBytes { bytes in
            try pack.write(repository: repository, objects: [], logVersion: (path, mergedBlob, bytes))
        }
        if let note = written.removal.note { notes.append(note) }
        try index.setEntry(path, id: mergedBlob, mode: mode, stat: nil)
        let mergedTree = try index.writeTree()
        let message = "plog: merge \(target.label), +\(result.fromTheirs) \(result.fromTheirs == 1 ? "block" : "blocks") (\(result.total) total)"
        let commit = try repository.createCommit(tree: mergedTree, parents: [ours, theirs], message: message,
                                                 author: repo.commitIdentity(env))
        // The stand-in trees were only for the tree merge.
        var scratch = Set([theirsTree])
        if let baseTree { scratch.insert(baseTree) }
        let created = LooseObjects.list(repo.objectsOwner).filter { !looseBefore.contains($0.id) }
        let reachable = try reachableTrees(mergedTree)
        for (id, file) in created where scratch.contains(id) && !reachable.contains(id) { unlink(file) }
        try pack.recordLoose(created.map(\.id).filter { !scratch.contains($0) || reachable.contains($0) })

        try moveWorkingTree(from: oursInfo.tree, to: mergedTree, log: log, newLog: result.bytes, logBlob: mergedBlob, mode: mode,
                            wait: wait)
        try wait.retryingLocked {
            try repository.setReference(branchRef, to: commit, expected: ours, message: "merge \(target.label): plog sync")
        }
        lines.append("merged \(target.label) (\(theirs.short)) as \(commit.short): +\(result.fromTheirs) \(result.fromTheirs == 1 ? "block" : "blocks") from \(target.remoteName) (\(result.total) total)")
        return result.fromTheirs
    }

    /// Refuses when any of `paths` (other than the log) has local changes in the work tree or index.
    private func checkUnmodified(_ paths: [String]) throws {
        let modified = try paths.filter { $0 != path }.filter { try !repository.isUnmodified($0) }
        guard modified.isEmpty else {
            throw PlogError.refused(
                what: "plog sync would overwrite your changes to \(modified.joined(separator: ", "))",
                reason: "the remote changed them too; nothing was changed here",
                hint: "commit or stash them with git, then run plog sync again")
        }
    }

    /// Trees reachable from `root` along the log's path (the only trees a stand-in could equal).
    private func reachableTrees(_ root: ObjectID) throws -> Set<ObjectID> {
        Set(try repository.treesAlong(root: root, path: path))
    }

    /// Brings the work tree and the index from `old` to `new`: the log is rewritten in place
    /// (appended to when the new log extends it), other changed files are checked out; files
    /// with local changes are never overwritten (plog refuses before writing anything).
    private func moveWorkingTree(from old: ObjectID, to new: ObjectID, log: LockedLog, newLog: [UInt8],
                                 logBlob: ObjectID, mode: UInt32, wait: GitWait) throws {
        let others = try repository.changedPaths(from: old, to: new).filter { $0 != path }
        try checkUnmodified(others)
        let st = try log.replaceContent(with: newLog)
        try repository.checkout(tree: new, paths: others)
        let index = try repository.index()
        try wait.retryingLocked {
            try index.reload()
            try index.setEntry(path, id: logBlob, mode: mode, stat: st)
            try index.write()
        }
    }
}
