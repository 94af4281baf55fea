import CSupport
import PromptLog

/// Credentials that a push would publish: found by `SecretScanner` in the log's lines that the
/// remote does not have yet.
struct PushSecrets {
    /// Findings in the log as the push would leave it (line numbers of HEAD's log, which is the
    /// log file right after `plog sync` committed and merged).
    var inLog: [SecretFinding] = []
    /// Findings in an unpushed commit whose version of the log no longer holds them (edited out
    /// since): still in the history the push would send.
    var inHistory: [(commit: ObjectID, finding: SecretFinding)] = []
    var isEmpty: Bool { inLog.isEmpty && inHistory.isEmpty }

    /// How far back unpushed commits are examined; a branch this far ahead of its remote was not
    /// written by `plog sync`.
    static let maxCommits = 1000

    /// Scans what pushing `head` to `remoteHead` (nil: a new remote branch) would publish: the
    /// lines of HEAD's log that differ from the remote's log, and the lines each unpushed commit
    /// changed (so a key edited out after it was committed is still caught). Only changed lines
    /// are read by the scanner: a common prefix and suffix are skipped at `memcmp` speed, so an
    /// append to a large log costs a scan of the appended blocks.
    ///
    /// `workLog`, given the log's blob id at HEAD, returns the work tree's log when it is known to
    /// hold that blob (its index entry and stat data say so), saving a read of the blob from the pack.
    static func find(repository: Repository, path: String, head: ObjectID, remoteHead: ObjectID?,
                     workLog: (ObjectID) throws -> [UInt8]? = { _ in nil }) throws -> PushSecrets {
        var result = PushSecrets()
        func log(_ commit: ObjectID) throws -> [UInt8] {
            let info = try repository.commit(commit)
            guard let entry = try repository.entry(inTree: info.tree, path: path) else { return [] }
            return try repository.readObject(entry.id).bytes
        }
        func published(_ commit: ObjectID) throws -> Bool {
            guard let remoteHead else { return false }
            return try commit == remoteHead || repository.isDescendant(remoteHead, of: commit)
        }
        let headEntry = try repository.entry(inTree: repository.commit(head).tree, path: path)
        let headLog = try headEntry.map { try workLog($0.id) ?? repository.readObject($0.id).bytes } ?? []
        result.inLog = changedLineFindings(old: try remoteHead.map(log) ?? [], new: headLog)

        // The unpushed commits below HEAD, along first parents. A merge commit's log only combines
        // blocks of its parents: the local side is scanned on the way down, the remote's side is
        // published already.
        var commit = head
        for _ in 0..<maxCommits {
            guard let parent = try repository.commit(commit).parents.first, try !published(parent) else { break }
            commit = parent
            let info = try repository.commit(commit)
            guard info.parents.count <= 1 else { continue }
            let version = try log(commit)
            let before = try info.parents.first.map(log) ?? []
            for f in changedLineFindings(old: before, new: version) where !contains(headLog, version, f) {
                result.inHistory.append((commit, f))
            }
        }
        return result
    }

    /// Whether the secret of `f` (found in `version`) is still in HEAD's log, where it is reported by line.
    private static func contains(_ headLog: [UInt8], _ version: [UInt8], _ f: SecretFinding) -> Bool {
        let secret = Array(version[f.offset..<(f.offset + f.length)])
        return headLog.withUnsafeBufferPointer { h in
            secret.withUnsafeBufferPointer { s in
                guard let hb = h.baseAddress, let sb = s.baseAddress, !secret.isEmpty else { return false }
                return plog_memmem(hb, h.count, sb, s.count) != nil
            }
        }
    }

    /// Findings in the lines of `new` that differ from `old`: from the start of the line holding
    /// the first differing byte to the end of the line holding the last one.
    static func changedLineFindings(old: [UInt8], new: [UInt8]) -> [SecretFinding] {
        old.withUnsafeBufferPointer { o in
            new.withUnsafeBufferPointer { nb in
                let (start, end) = changedLines(old: o, new: nb)
                guard start < end, let base = nb.baseAddress else { return [] }
                let window = UnsafeBufferPointer(start: base + start, count: end - start)
                let firstLine = LogScanner.countNewlines(nb, from: 0, to: start) + 1
                var found: [SecretFinding] = []
                SecretScanner.scan(window, firstLine: firstLine) { f in
                    var f = f
                    f.offset += start
                    found.append(f)
                }
                return found
            }
        }
    }

    /// The byte range of `new`'s changed lines (empty when `new` equals `old`).
    static func changedLines(old: UnsafeBufferPointer<UInt8>, new: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        let limit = min(old.count, new.count)
        guard let nb = new.baseAddress else { return (0, 0) }
        guard let ob = old.baseAddress, limit > 0 else { return (0, new.count) }
        // Common prefix, in chunks that memcmp compares at memory speed.
        var p = 0
        let chunk = 1 << 16
        while p < limit {
            let len = min(chunk, limit - p)
            if memcmp(ob + p, nb + p, len) != 0 {
                while ob[p] == nb[p] { p += 1 }
                break
            }
            p += len
        }
        if p == limit && old.count == new.count { return (0, 0) }
        // Common suffix, not overlapping the prefix.
        var s = 0
        let suffixLimit = limit - p
        while s < suffixLimit {
            let len = min(chunk, suffixLimit - s)
            if memcmp(ob + old.count - s - len, nb + new.count - s - len, len) != 0 {
                while ob[old.count - s - 1] == nb[new.count - s - 1] { s += 1 }
                break
            }
            s += len
        }
        // The differing bytes of `new` are `p..<lastNew`; none when lines were only removed.
        let lastNew = new.count - s
        guard lastNew > p else { return (0, 0) }
        var start = p
        while start > 0 && nb[start - 1] != 0x0A { start -= 1 }
        let end = LogScanner.lineEnd(new, from: lastNew - 1)
        return (start, end)
    }
}

extension PushSecrets {
    /// The refusal `plog sync` (and `plog commit --push`) gives instead of pushing: where the
    /// credentials are (lines and kinds, never the secrets) and the ways forward.
    func refusal(_ target: SyncTarget, head: ObjectID, workTree: String, remoteHasBranch: Bool) -> PlogError {
        let what = "plog did not push to \(target.label)"
        let anyway = "or push them as they are with --allow-secrets"
        if !inLog.isEmpty {
            let list = inLog.prefix(8).map { "line \($0.line): \($0.kind.rawValue)" }.joined(separator: ", ")
                + (inLog.count > 8 ? ", and \(inLog.count - 8) more" : "")
            let count = inLog.count == 1 ? "a credential" : "\(inLog.count) credentials"
            return .refused(
                what: what,
                reason: "the log's unpushed lines hold \(count) (\(list)); commit \(head.short) is kept here",
                hint: "`plog doctor --secrets` lists them; remove them from those lines (and rotate the keys), "
                    + "then run plog sync again; " + anyway)
        }
        let list = inHistory.prefix(8).map { "commit \($0.commit.short) line \($0.finding.line): \($0.finding.kind.rawValue)" }
            .joined(separator: ", ") + (inHistory.count > 8 ? ", and \(inHistory.count - 8) more" : "")
        let fold = remoteHasBranch
            ? "fold the unpushed commits into one with `git -C \(shellQuoted(workTree)) reset --soft \(target.label)`, "
                + "then run plog sync again; "
            : "rewrite the unpushed commits with git so that none holds them, then run plog sync again; "
        return .refused(
            what: what,
            reason: "unpushed commits hold credentials that are no longer in the log (\(list))",
            hint: fold + anyway)
    }
}
