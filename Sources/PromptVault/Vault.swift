import PromptLog

/// The git side of plog: set up a repository for the log, commit it, share it. Everything here
/// runs in `plog-git`, the only program that links libgit2.
package enum Vault {
    /// Commits the log at `logPath` if it changed (see `LogRepository.commitLog`). `message`
    /// replaces the default `plog: YYYY-MM-DD, +N blocks (M total)`.
    package static func commit(logPath: String, message: String? = nil, env: Environment) throws -> CommitReport {
        let repo = try LogRepository(logPath: logPath)
        return try repo.withPlogLock {
            let report = try repo.commitLog(message: message, env: env)
            if report.committed { _ = try? LooseObjects.packIfNeeded(repo.repository, gitDirectory: repo.objectsOwner) }
            return report
        }
    }

    /// One thing `initialize` did (or found already done).
    package struct Step: Equatable, Sendable {
        package var done: Bool
        package var text: String
    }

    package struct InitReport: Equatable, Sendable {
        package var directory: String
        package var log: String
        package var steps: [Step]
        package var commit: CommitReport?
        /// Set when the directory sits inside another repository's work tree.
        package var enclosingRepository: String?
    }

    /// Sets up `directory` (default: the log's directory) as a git repository for the log:
    /// creates the directory (0700), the repository, the log (0600) and `.gitattributes` with the
    /// log's `merge=union` line when missing, adds `remote` as `origin` when given, and commits.
    /// Safe to run again: it only does what is missing.
    package static func initialize(directory: String?, logPath: String, remote: String?, env: Environment) throws -> InitReport {
        let located = realPath(logPath) ?? logPath
        let dir = directory.map { env.absolutePath($0) } ?? Path.dirname(located)
        var steps: [Step] = []
        if Path.isDirectory(dir) {
            steps.append(Step(done: false, text: "directory \(dir) exists"))
        } else {
            if Path.exists(dir) {
                throw PlogError.refused(what: "plog init: \(dir) is not a directory", reason: "a repository needs a directory",
                                        hint: "pick another place: `plog init DIR`")
            }
            try Path.makeDirectories(dir, mode: 0o700)
            steps.append(Step(done: true, text: "created directory \(dir) (0700)"))
        }
        let realDir = realPath(dir) ?? dir
        // The log: the one plog uses when it lives in `dir`, else a log of the same name in `dir`.
        let log = located.hasPrefix(realDir + "/") ? located : realDir + "/" + Path.basename(located)

        var enclosing: String? = nil
        let repository: Repository
        if let existing = try Repository.open(exactly: realDir) {
            repository = existing
            steps.append(Step(done: false, text: "repository \(existing.gitDirectory) exists"))
        } else {
            if let outer = try Repository.discover(from: realDir), let w = outer.workdir {
                enclosing = String(w.dropLast())
            }
            let branch = Repository.defaultBranchName()
            repository = try Repository.create(at: realDir, initialBranch: branch)
            // Its history holds every version of the log, which is 0600: the repository is as
            // private, whatever the directory around it allows.
            let gitDirectory = String(repository.gitDirectory.dropLast(repository.gitDirectory.hasSuffix("/") ? 1 : 0))
            guard chmod(gitDirectory, 0o700) == 0 else {
                throw PlogError.io(operation: "cannot make private (chmod 700)", path: gitDirectory, errno: errno)
            }
            steps.append(Step(done: true, text: "created git repository \(repository.gitDirectory) (0700, branch \(branch))"))
        }

        if Path.exists(log) {
            steps.append(Step(done: false, text: "log \(log) exists"))
        } else {
            try FileIO.writeNew(log, [], mode: 0o600)
            steps.append(Step(done: true, text: "created log \(log) (0600)"))
        }

        let repo = try LogRepository(logPath: log)
        let pattern = attributesPattern(for: repo.pathInRepository)
        let attributesFile = repo.workTree + "/.gitattributes"
        let current = (try? FileIO.readAll(attributesFile)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        if let updated = attributesWithUnion(current, pattern: pattern) {
            try writeFileAtomically(attributesFile, Array(updated.utf8), mode: 0o644)
            steps.append(Step(done: true, text: "added `\(pattern) merge=union` to \(attributesFile)"))
        } else {
            steps.append(Step(done: false, text: "\(attributesFile) has `\(pattern) merge=union`"))
        }

        if let remote {
            if let existing = try repository.remote(named: "origin") {
                if existing.url != remote {
                    throw PlogError.refused(what: "plog init: origin is \(existing.url), not \(remote)",
                                            reason: "plog does not change a remote that is already set",
                                            hint: "change it with `git -C \(shellQuoted(repo.workTree)) remote set-url origin \(shellQuoted(remote))`")
                }
                steps.append(Step(done: false, text: "remote origin is \(remote)"))
            } else {
                try repository.addRemote(named: "origin", url: remote)
                steps.append(Step(done: true, text: "added remote origin \(remote)"))
            }
        }

        let commit = try repo.withPlogLock {
            try repo.commitLog(message: nil, initialMessage: "plog: start \(repo.pathInRepository)", env: env)
        }
        return InitReport(directory: realDir, log: log, steps: steps, commit: commit.committed ? commit : nil,
                          enclosingRepository: enclosing)
    }
}

/// Loose objects that other programs (git itself, mostly) leave in the repository are packed
/// with libgit2's packbuilder once there are more than about `threshold` of them (estimated, as
/// `git gc --auto` does, from a sample of the `objects/xx` directories).
enum LooseObjects {
    static let threshold = 1024

    /// Packs the loose objects when there seem to be more than `threshold`; returns how many were packed.
    @discardableResult
    static func packIfNeeded(_ repository: Repository, gitDirectory: String, threshold: Int = threshold) throws -> Int {
        let objects = gitDirectory + "objects"
        // 8 of the 256 fan-out directories: objects/00, 20, ..., e0.
        var sampled = 0
        for k in stride(from: 0, to: 256, by: 32) {
            sampled += listDirectory(objects + "/" + hexByte(k)).filter { $0.count == 38 }.count
        }
        guard sampled * 32 > threshold else { return 0 }
        let found = list(gitDirectory)
        guard found.count > threshold else { return 0 }
        _ = try repository.packObjects(found.map(\.id))
        try repository.refreshObjects()
        // The pack holds every one of them now (the write succeeded), so the loose copies can go.
        for (_, path) in found {
            unlink(path)
            rmdir(Path.dirname(path))  // only when empty
        }
        return found.count
    }

    /// Whether `id` is stored as a loose file under `objects`.
    static func isLoose(_ id: ObjectID, objects: String) -> Bool {
        let hex = id.hex
        return access(objects + "/" + hex.prefix(2) + "/" + hex.dropFirst(2), F_OK) == 0
    }

    private static func hexByte(_ k: Int) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[k >> 4], digits[k & 15]])
    }

    /// Loose objects: `objects/xx/yyyy...` files.
    static func list(_ gitDirectory: String) -> [(id: ObjectID, path: String)] {
        let objects = gitDirectory + "objects"
        var out: [(ObjectID, String)] = []
        for name in listDirectory(objects) where name.count == 2 && name.allSatisfy(\.isHexDigit) {
            for file in listDirectory(objects + "/" + name) where file.count == 38 {
                if let id = ObjectID(hex: name + file) { out.append((id, objects + "/" + name + "/" + file)) }
            }
        }
        return out
    }
}
