import CGit2
import PromptLog

// The only file that imports CGit2 (libgit2, and zlib which libgit2 itself links). Every
// pointer stays private to the wrapper classes below and is freed in their `deinit`; every
// return code goes through `check`, which turns libgit2's last error into a `GitError` that
// names the operation.

// MARK: - Errors

/// A failed libgit2 (or zlib) call.
package enum GitError: Error, Equatable, CustomStringConvertible {
    /// `operation` is what was being done (e.g. `write the index`), `code` libgit2's return
    /// code, `category` its error class, `message` its explanation.
    case failed(operation: String, code: Int32, category: Int32, message: String)

    package var description: String {
        switch self {
        case let .failed(operation, _, _, message):
            return "cannot \(operation): \(message)"
        }
    }

    package var code: Int32 {
        switch self { case let .failed(_, code, _, _): return code }
    }

    package var message: String {
        switch self { case let .failed(_, _, _, message): return message }
    }

    /// A lock file (`index.lock`, `HEAD.lock`, a ref's `.lock`) is held by another process.
    package var isLocked: Bool { code == GIT_ELOCKED.rawValue }
    package var isNonFastForward: Bool { code == GIT_ENONFASTFORWARD.rawValue }
    /// A reference was not where the caller expected it (another process moved it meanwhile).
    package var isModified: Bool { code == GIT_EMODIFIED.rawValue }
    /// No credential was accepted (plog's credential callback gives up with this code too).
    package var isAuthentication: Bool { code == GIT_EAUTH.rawValue }

    var category: Int32 {
        switch self { case let .failed(_, _, category, _): return category }
    }
}

/// Throws a `GitError` naming `operation` when `code` is negative; returns `code` otherwise
/// (some calls return a count or a boolean as a non-negative code).
@discardableResult
func check(_ code: Int32, _ operation: @autoclosure () -> String) throws -> Int32 {
    guard code < 0 else { return code }
    var message = "unknown error (code \(code))"
    var category: Int32 = 0
    if let err = git_error_last(), let text = err.pointee.message {
        message = String(cString: text)
        category = err.pointee.klass
    }
    git_error_clear()
    throw GitError.failed(operation: operation(), code: code, category: category, message: message)
}

// MARK: - Library lifetime

/// Starts libgit2 once per process (and shuts it down at exit). Objects and refs are written
/// with fsync: a daily commit from cron must survive a power cut right after it.
enum GitLibrary {
    private static let started: Void = {
        git_libgit2_init()
        _ = plog_git_opts_enable_fsync_gitdir(1)
        atexit { git_libgit2_shutdown() }
    }()

    static func start() { _ = started }
}

// MARK: - Object ids

/// A git object id (SHA-1).
package struct ObjectID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 20 bytes of the id.
    package let bytes: [UInt8]

    package init(bytes: [UInt8]) {
        precondition(bytes.count == 20, "an object id has 20 bytes")
        self.bytes = bytes
    }

    /// Parses 40 hex digits.
    package init?(hex: String) {
        let chars = Array(hex.utf8)
        guard chars.count == 40 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(20)
        var i = 0
        while i < 40 {
            guard let h = ObjectID.nibble(chars[i]), let l = ObjectID.nibble(chars[i + 1]) else { return nil }
            out.append(h << 4 | l)
            i += 2
        }
        bytes = out
    }

    init(_ oid: git_oid) {
        var copy = oid
        bytes = withUnsafeBytes(of: &copy.id) { Array($0) }
    }

    init(_ oid: UnsafePointer<git_oid>) { self.init(oid.pointee) }

    var raw: git_oid {
        var oid = git_oid()
        withUnsafeMutableBytes(of: &oid.id) { dst in
            for (i, b) in bytes.enumerated() { dst[i] = b }
        }
        return oid
    }

    package var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(40)
        for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The first seven hex digits, as git shows them.
    package var short: String { String(hex.prefix(7)) }
    package var description: String { hex }

    package static func < (a: ObjectID, b: ObjectID) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 97...102: return c - 87
        case 65...70: return c - 55
        default: return nil
        }
    }
}

/// The kinds of git object plog reads and writes (the numbers are git's own type codes).
package enum ObjectKind: Int, Sendable {
    case commit = 1, tree = 2, blob = 3, tag = 4

    var raw: git_object_t { git_object_t(rawValue: Int32(rawValue)) }

    init?(_ raw: git_object_t) { self.init(rawValue: Int(raw.rawValue)) }

    /// The name used in object headers (`blob 12\0`).
    package var name: String {
        switch self {
        case .commit: return "commit"
        case .tree: return "tree"
        case .blob: return "blob"
        case .tag: return "tag"
        }
    }
}

// MARK: - Small value types

/// Where HEAD points.
enum HeadState: Equatable {
    /// On `branch` (a full ref name such as `refs/heads/main`) that has no commit yet.
    case unborn(branch: String)
    /// On `branch` at `commit`.
    case branch(String, commit: ObjectID)
    /// Detached at `commit`.
    case detached(ObjectID)
}

struct CommitInfo {
    var id: ObjectID
    var tree: ObjectID
    var parents: [ObjectID]
    var message: String
}

struct TreeEntryInfo: Equatable {
    var id: ObjectID
    var kind: ObjectKind?
    /// git's file mode: 0o100644, 0o100755, 0o120000 (symlink), 0o40000 (tree), 0o160000 (submodule).
    var mode: UInt32
}

/// Who a commit is by.
package struct GitIdentity: Equatable, Sendable {
    package var name: String
    package var email: String
    package init(name: String, email: String) { self.name = name; self.email = email }
}

/// A change to a tree: put `blob` at `path`, or remove `path` when `blob` is nil.
struct TreeChange {
    var path: String
    var blob: ObjectID?
    var mode: UInt32 = 0o100644
}

// MARK: - Repository

/// An open repository.
final class Repository {
    private let handle: OpaquePointer
    private var objectDatabase: OpaquePointer?

    private init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        if let objectDatabase { git_odb_free(objectDatabase) }
        git_repository_free(handle)
    }

    /// The repository whose working tree (or git directory) contains `path`, searching upwards;
    /// nil when there is none.
    static func discover(from path: String) throws -> Repository? {
        GitLibrary.start()
        var repo: OpaquePointer?
        let rc = git_repository_open_ext(&repo, path, 0, nil)
        if rc == GIT_ENOTFOUND.rawValue { git_error_clear(); return nil }
        try check(rc, "open the repository containing \(path)")
        return Repository(handle: repo!)
    }

    /// The repository whose working tree root is exactly `directory`; nil when there is none.
    static func open(exactly directory: String) throws -> Repository? {
        GitLibrary.start()
        var repo: OpaquePointer?
        let rc = git_repository_open_ext(&repo, directory, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil)
        if rc == GIT_ENOTFOUND.rawValue { git_error_clear(); return nil }
        try check(rc, "open the repository at \(directory)")
        return Repository(handle: repo!)
    }

    /// Creates a repository with a working tree at `directory` (made 0700 when missing), HEAD
    /// on `initialBranch`.
    static func create(at directory: String, initialBranch: String) throws -> Repository {
        GitLibrary.start()
        var opts = git_repository_init_options()
        try check(git_repository_init_options_init(&opts, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)),
                  "prepare to create a repository")
        opts.flags = GIT_REPOSITORY_INIT_MKPATH.rawValue | GIT_REPOSITORY_INIT_NO_REINIT.rawValue
        opts.mode = GIT_REPOSITORY_INIT_SHARED_UMASK.rawValue
        var repo: OpaquePointer?
        try initialBranch.withCString { branch in
            opts.initial_head = branch
            try check(git_repository_init_ext(&repo, directory, &opts), "create a repository in \(directory)")
        }
        return Repository(handle: repo!)
    }

    /// The default branch name for new repositories: `init.defaultBranch` from the user's git
    /// config, else `main`.
    static func defaultBranchName() -> String {
        GitLibrary.start()
        var config: OpaquePointer?
        guard git_config_open_default(&config) == 0, let config else { git_error_clear(); return "main" }
        defer { git_config_free(config) }
        var snapshot: OpaquePointer?
        guard git_config_snapshot(&snapshot, config) == 0, let snapshot else { git_error_clear(); return "main" }
        defer { git_config_free(snapshot) }
        var value: UnsafePointer<CChar>?
        guard git_config_get_string(&value, snapshot, "init.defaultBranch") == 0, let value else {
            git_error_clear()
            return "main"
        }
        let name = String(cString: value)
        return name.isEmpty ? "main" : name
    }

    /// The working tree, with a trailing `/`; nil for a bare repository.
    var workdir: String? { git_repository_workdir(handle).map { String(cString: $0) } }

    /// The git directory (`.git/`), with a trailing `/`.
    var gitDirectory: String { String(cString: git_repository_path(handle)) }

    /// The directory that holds objects and refs, with a trailing `/` (the git directory, or for a
    /// linked work tree the main repository's).
    var commonDirectory: String { String(cString: git_repository_commondir(handle)) }

    var isBare: Bool { git_repository_is_bare(handle) == 1 }

    /// The operation in progress (`merge`, `rebase` ...), nil when there is none.
    var operationInProgress: String? {
        let state = git_repository_state(handle)
        switch state {
        case Int32(GIT_REPOSITORY_STATE_NONE.rawValue): return nil
        case Int32(GIT_REPOSITORY_STATE_MERGE.rawValue): return "a merge"
        case Int32(GIT_REPOSITORY_STATE_REVERT.rawValue), Int32(GIT_REPOSITORY_STATE_REVERT_SEQUENCE.rawValue):
            return "a revert"
        case Int32(GIT_REPOSITORY_STATE_CHERRYPICK.rawValue), Int32(GIT_REPOSITORY_STATE_CHERRYPICK_SEQUENCE.rawValue):
            return "a cherry-pick"
        case Int32(GIT_REPOSITORY_STATE_BISECT.rawValue): return "a bisect"
        case Int32(GIT_REPOSITORY_STATE_REBASE.rawValue), Int32(GIT_REPOSITORY_STATE_REBASE_INTERACTIVE.rawValue),
             Int32(GIT_REPOSITORY_STATE_REBASE_MERGE.rawValue):
            return "a rebase"
        case Int32(GIT_REPOSITORY_STATE_APPLY_MAILBOX.rawValue), Int32(GIT_REPOSITORY_STATE_APPLY_MAILBOX_OR_REBASE.rawValue):
            return "an am (apply mailbox)"
        default: return "another git operation"
        }
    }

    // MARK: HEAD and references

    func head() throws -> HeadState {
        var ref: OpaquePointer?
        try check(git_reference_lookup(&ref, handle, "HEAD"), "read HEAD")
        defer { git_reference_free(ref) }
        if git_reference_type(ref) == GIT_REFERENCE_SYMBOLIC {
            let branch = String(cString: git_reference_symbolic_target(ref))
            if let id = try referenceTarget(branch) { return .branch(branch, commit: id) }
            return .unborn(branch: branch)
        }
        guard let oid = git_reference_target(ref) else {
            throw GitError.failed(operation: "read HEAD", code: -1, category: 0, message: "HEAD points nowhere")
        }
        return .detached(ObjectID(oid))
    }

    /// The commit a reference (full name) points to, peeled through symbolic refs; nil when it does not exist.
    func referenceTarget(_ name: String) throws -> ObjectID? {
        var oid = git_oid()
        let rc = git_reference_name_to_id(&oid, handle, name)
        if rc == GIT_ENOTFOUND.rawValue { git_error_clear(); return nil }
        try check(rc, "read the reference \(name)")
        return ObjectID(oid)
    }

    /// Points `name` at `target`. With `expected`, only when it still points at `expected`
    /// (compare and swap: a concurrent commit is not overwritten); with nil, only when it does not exist yet.
    func setReference(_ name: String, to target: ObjectID, expected: ObjectID?, message: String) throws {
        var ref: OpaquePointer?
        var new = target.raw
        if var old = expected?.raw {
            try check(git_reference_create_matching(&ref, handle, name, &new, 1, &old, message),
                      "update \(name)")
        } else {
            try check(git_reference_create(&ref, handle, name, &new, 0, message), "create \(name)")
        }
        git_reference_free(ref)
    }

    // MARK: Objects

    func commit(_ id: ObjectID) throws -> CommitInfo {
        var raw = id.raw
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, handle, &raw), "read commit \(id.short)")
        defer { git_commit_free(commit) }
        var parents: [ObjectID] = []
        for i in 0..<git_commit_parentcount(commit) {
            if let p = git_commit_parent_id(commit, i) { parents.append(ObjectID(p)) }
        }
        let message = git_commit_message(commit).map { String(cString: $0) } ?? ""
        return CommitInfo(id: id, tree: ObjectID(git_commit_tree_id(commit)), parents: parents, message: message)
    }

    /// The entry at `path` (slash-separated, relative to the root) in `tree`; nil when absent.
    func entry(inTree tree: ObjectID, path: String) throws -> TreeEntryInfo? {
        var raw = tree.raw
        var treeObject: OpaquePointer?
        try check(git_tree_lookup(&treeObject, handle, &raw), "read tree \(tree.short)")
        defer { git_tree_free(treeObject) }
        var entry: OpaquePointer?
        let rc = git_tree_entry_bypath(&entry, treeObject, path)
        if rc == GIT_ENOTFOUND.rawValue { git_error_clear(); return nil }
        try check(rc, "find \(path) in tree \(tree.short)")
        defer { git_tree_entry_free(entry) }
        return TreeEntryInfo(id: ObjectID(git_tree_entry_id(entry)), kind: ObjectKind(git_tree_entry_type(entry)),
                             mode: UInt32(git_tree_entry_filemode_raw(entry).rawValue))
    }

    /// The empty tree, written to the object database.
    func emptyTree() throws -> ObjectID {
        var builder: OpaquePointer?
        try check(git_treebuilder_new(&builder, handle, nil), "start an empty tree")
        defer { git_treebuilder_free(builder) }
        var oid = git_oid()
        try check(git_treebuilder_write(&oid, builder), "write an empty tree")
        return ObjectID(oid)
    }

    /// Writes a tree: `base` (the empty tree when nil) with `changes` applied. Intermediate
    /// trees are created or updated as needed.
    func tree(_ base: ObjectID?, applying changes: [TreeChange]) throws -> ObjectID {
        if base == nil {
            // The empty tree is only a starting point; do not leave it behind as a loose object.
            let emptyFile = commonDirectory + "objects/4b/825dc642cb6eb9a060e54bf8d69288fbee4904"
            let existed = access(emptyFile, F_OK) == 0
            defer { if !existed { unlink(emptyFile); rmdir(Path.dirname(emptyFile)) } }
            return try tree(try emptyTree(), applying: changes)
        }
        let baseID = base!
        var raw = baseID.raw
        var baseTree: OpaquePointer?
        try check(git_tree_lookup(&baseTree, handle, &raw), "read tree \(baseID.short)")
        defer { git_tree_free(baseTree) }
        let paths = changes.map { strdup($0.path) }
        defer { paths.forEach { free($0) } }
        var updates: [git_tree_update] = []
        for (i, c) in changes.enumerated() {
            var u = git_tree_update()
            u.action = c.blob == nil ? GIT_TREE_UPDATE_REMOVE : GIT_TREE_UPDATE_UPSERT
            u.id = (c.blob ?? ObjectID(bytes: Array(repeating: 0, count: 20))).raw
            u.filemode = git_filemode_t(rawValue: c.mode)
            u.path = UnsafePointer(paths[i])
            updates.append(u)
        }
        var out = git_oid()
        try check(git_tree_create_updated(&out, handle, baseTree, updates.count, updates), "write a tree")
        return ObjectID(out)
    }

    /// The ids of the trees on the way from `root` to the entry at `path` (the root tree first).
    func treesAlong(root: ObjectID, path: String) throws -> [ObjectID] {
        var out = [root]
        let parts = path.split(separator: "/")
        var prefix = ""
        for part in parts.dropLast() {
            prefix += (prefix.isEmpty ? "" : "/") + part
            if let e = try entry(inTree: root, path: prefix), e.kind == .tree { out.append(e.id) }
        }
        return out
    }

    /// The identity for new commits: `user.name`/`user.email` from the repository's git config
    /// (which includes ~/.gitconfig), else `fallback`.
    func identity(fallback: GitIdentity) -> GitIdentity {
        var sig: UnsafeMutablePointer<git_signature>?
        guard git_signature_default(&sig, handle) == 0, let sig else {
            git_error_clear()
            return fallback
        }
        defer { git_signature_free(sig) }
        return GitIdentity(name: String(cString: sig.pointee.name), email: String(cString: sig.pointee.email))
    }

    /// Writes a commit object (no reference is moved). `author` is also the committer; `time`
    /// defaults to now.
    func createCommit(tree: ObjectID, parents: [ObjectID], message: String, author: GitIdentity,
                      time: Int64? = nil) throws -> ObjectID {
        var sig: UnsafeMutablePointer<git_signature>?
        if let time {
            try check(git_signature_new(&sig, author.name, author.email, git_time_t(time), 0), "make a signature")
        } else {
            try check(git_signature_now(&sig, author.name, author.email),
                      "make a signature for \(author.name) <\(author.email)>")
        }
        defer { git_signature_free(sig) }
        var treeRaw = tree.raw
        var treeObject: OpaquePointer?
        try check(git_tree_lookup(&treeObject, handle, &treeRaw), "read tree \(tree.short)")
        defer { git_tree_free(treeObject) }
        var parentObjects: [OpaquePointer?] = []
        defer { parentObjects.forEach { git_commit_free($0) } }
        for p in parents {
            var raw = p.raw
            var c: OpaquePointer?
            try check(git_commit_lookup(&c, handle, &raw), "read commit \(p.short)")
            parentObjects.append(c)
        }
        var out = git_oid()
        try parentObjects.withUnsafeMutableBufferPointer { buf -> Void in
            try check(git_commit_create(&out, handle, nil, sig, sig, "UTF-8", message, treeObject,
                                        parents.count, buf.baseAddress), "write a commit")
        }
        return ObjectID(out)
    }

    /// Whether `commit` descends from (or is) `ancestor`.
    func isDescendant(_ commit: ObjectID, of ancestor: ObjectID) throws -> Bool {
        if commit == ancestor { return true }
        var a = commit.raw, b = ancestor.raw
        return try check(git_graph_descendant_of(handle, &a, &b), "compare commits \(commit.short) and \(ancestor.short)") == 1
    }

    /// The best common ancestor of two commits; nil when their histories are unrelated.
    func mergeBase(_ one: ObjectID, _ two: ObjectID) throws -> ObjectID? {
        var out = git_oid()
        var a = one.raw, b = two.raw
        let rc = git_merge_base(&out, handle, &a, &b)
        if rc == GIT_ENOTFOUND.rawValue { git_error_clear(); return nil }
        try check(rc, "find the merge base of \(one.short) and \(two.short)")
        return ObjectID(out)
    }

    /// Merges three trees in memory. The result is an index that may hold conflicts.
    func mergeTrees(ancestor: ObjectID?, ours: ObjectID, theirs: ObjectID) throws -> Index {
        func lookup(_ id: ObjectID) throws -> OpaquePointer? {
            var raw = id.raw
            var t: OpaquePointer?
            try check(git_tree_lookup(&t, handle, &raw), "read tree \(id.short)")
            return t
        }
        let a = try ancestor.map(lookup) ?? nil
        defer { if let a { git_tree_free(a) } }
        let o = try lookup(ours)
        defer { git_tree_free(o) }
        let t = try lookup(theirs)
        defer { git_tree_free(t) }
        var opts = git_merge_options()
        try check(git_merge_options_init(&opts, UInt32(GIT_MERGE_OPTIONS_VERSION)), "prepare a merge")
        var index: OpaquePointer?
        try check(git_merge_trees(&index, handle, a, o, t, &opts), "merge trees")
        return Index(handle: index!, repository: self)
    }

    /// Paths whose entries differ between two trees (added, removed or modified).
    func changedPaths(from old: ObjectID, to new: ObjectID) throws -> [String] {
        var oldRaw = old.raw, newRaw = new.raw
        var a: OpaquePointer?, b: OpaquePointer?
        try check(git_tree_lookup(&a, handle, &oldRaw), "read tree \(old.short)")
        defer { git_tree_free(a) }
        try check(git_tree_lookup(&b, handle, &newRaw), "read tree \(new.short)")
        defer { git_tree_free(b) }
        var diff: OpaquePointer?
        try check(git_diff_tree_to_tree(&diff, handle, a, b, nil), "compare trees \(old.short) and \(new.short)")
        defer { git_diff_free(diff) }
        var paths: [String] = []
        for i in 0..<git_diff_num_deltas(diff) {
            guard let d = git_diff_get_delta(diff, i) else { continue }
            if let p = d.pointee.new_file.path { paths.append(String(cString: p)) }
            if let p = d.pointee.old_file.path {
                let s = String(cString: p)
                if !paths.contains(s) { paths.append(s) }
            }
        }
        return paths
    }

    /// Whether the working-tree file and the index entry at `path` both match HEAD.
    func isUnmodified(_ path: String) throws -> Bool {
        var flags: UInt32 = 0
        let rc = git_status_file(&flags, handle, path)
        if rc == GIT_ENOTFOUND.rawValue { git_error_clear(); return true }
        try check(rc, "read the status of \(path)")
        return flags == GIT_STATUS_CURRENT.rawValue
    }

    /// Writes the entries at `paths` from `tree` to the working tree and the index, refusing
    /// to overwrite local changes.
    func checkout(tree: ObjectID, paths: [String]) throws {
        guard !paths.isEmpty else { return }
        var raw = tree.raw
        var object: OpaquePointer?
        try check(git_object_lookup(&object, handle, &raw, GIT_OBJECT_TREE), "read tree \(tree.short)")
        defer { git_object_free(object) }
        var opts = git_checkout_options()
        try check(git_checkout_options_init(&opts, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "prepare a checkout")
        opts.checkout_strategy = GIT_CHECKOUT_SAFE.rawValue | GIT_CHECKOUT_DISABLE_PATHSPEC_MATCH.rawValue
        let cPaths = paths.map { strdup($0) }
        defer { cPaths.forEach { free($0) } }
        var pointers = cPaths
        try pointers.withUnsafeMutableBufferPointer { buf -> Void in
            opts.paths = git_strarray(strings: buf.baseAddress, count: buf.count)
            try check(git_checkout_tree(handle, object, &opts), "update \(paths.joined(separator: ", ")) in the working tree")
        }
    }

    // MARK: Object database

    private func odb() throws -> OpaquePointer {
        if let objectDatabase { return objectDatabase }
        var db: OpaquePointer?
        try check(git_repository_odb(&db, handle), "open the object database")
        objectDatabase = db
        return db!
    }

    func contains(_ id: ObjectID) throws -> Bool {
        var raw = id.raw
        return git_odb_exists(try odb(), &raw) == 1
    }

    /// An object's kind and bytes (without the header).
    func readObject(_ id: ObjectID) throws -> (kind: ObjectKind, bytes: [UInt8]) {
        var raw = id.raw
        var object: OpaquePointer?
        try check(git_odb_read(&object, try odb(), &raw), "read object \(id.short)")
        defer { git_odb_object_free(object) }
        let size = git_odb_object_size(object)
        let data = git_odb_object_data(object)
        let bytes = size == 0 ? [] : Array(UnsafeRawBufferPointer(start: data, count: size))
        guard let kind = ObjectKind(git_odb_object_type(object)) else {
            throw GitError.failed(operation: "read object \(id.short)", code: -1, category: 0, message: "unexpected object type")
        }
        return (kind, bytes)
    }

    /// An object's kind and size, without reading it whole.
    func objectHeader(_ id: ObjectID) throws -> (kind: ObjectKind?, size: Int) {
        var raw = id.raw
        var size = 0
        var type = GIT_OBJECT_INVALID
        try check(git_odb_read_header(&size, &type, try odb(), &raw), "read the header of object \(id.short)")
        return (ObjectKind(type), size)
    }

    /// Writes an object to the object database (a loose object).
    func writeObject(_ bytes: UnsafeRawBufferPointer, kind: ObjectKind) throws -> ObjectID {
        var out = git_oid()
        try check(git_odb_write(&out, try odb(), bytes.baseAddress, bytes.count, kind.raw), "write a \(kind.name)")
        return ObjectID(out)
    }

    func writeObject(_ bytes: [UInt8], kind: ObjectKind) throws -> ObjectID {
        try bytes.withUnsafeBytes { try writeObject($0, kind: kind) }
    }

    /// Makes packs written behind libgit2's back visible to this process.
    func refreshObjects() throws {
        try check(git_odb_refresh(try odb()), "rescan the object database")
    }

    // MARK: Index

    func index() throws -> Index {
        var index: OpaquePointer?
        try check(git_repository_index(&index, handle), "open the index")
        let result = Index(handle: index!, repository: self)
        try result.reload()
        return result
    }

    fileprivate var raw: OpaquePointer { handle }

    // MARK: Config

    func configValue(_ key: String) throws -> String? {
        var config: OpaquePointer?
        try check(git_repository_config_snapshot(&config, handle), "read the repository's config")
        defer { git_config_free(config) }
        var value: UnsafePointer<CChar>?
        let rc = git_config_get_string(&value, config, key)
        if rc == GIT_ENOTFOUND.rawValue { git_error_clear(); return nil }
        try check(rc, "read \(key) from the config")
        return value.map { String(cString: $0) }
    }

    func setConfigValue(_ key: String, _ value: String) throws {
        var config: OpaquePointer?
        try check(git_repository_config(&config, handle), "open the repository's config")
        defer { git_config_free(config) }
        try check(git_config_set_string(config, key, value), "set \(key) in the config")
    }

    // MARK: Remotes

    /// The remote called `name`; nil when there is none.
    func remote(named name: String) throws -> Remote? {
        var remote: OpaquePointer?
        let rc = git_remote_lookup(&remote, handle, name)
        if rc == GIT_ENOTFOUND.rawValue || rc == GIT_EINVALIDSPEC.rawValue { git_error_clear(); return nil }
        try check(rc, "read the remote \(name)")
        return Remote(handle: remote!, name: name)
    }

    func addRemote(named name: String, url: String) throws {
        var remote: OpaquePointer?
        try check(git_remote_create(&remote, handle, name, url), "add the remote \(name) (\(url))")
        git_remote_free(remote)
    }

    // MARK: Packing

    /// Packs `objects` (with deltas between them, through libgit2's packbuilder) into a new pack
    /// in `objects/pack`. Returns the pack's name (`pack-<hash>`).
    func packObjects(_ objects: [ObjectID]) throws -> String {
        var builder: OpaquePointer?
        try check(git_packbuilder_new(&builder, handle), "start a pack")
        defer { git_packbuilder_free(builder) }
        for id in objects {
            var raw = id.raw
            try check(git_packbuilder_insert(builder, &raw, nil), "add object \(id.short) to a pack")
        }
        try check(git_packbuilder_write(builder, nil, 0, nil, nil), "write a pack")
        guard let hash = git_packbuilder_hash(builder) else {
            throw GitError.failed(operation: "write a pack", code: -1, category: 0, message: "no pack name")
        }
        return "pack-" + ObjectID(hash).hex
    }
}

// MARK: - Index

/// The staging area (or an in-memory index from a merge).
final class Index {
    private let handle: OpaquePointer
    private let repository: Repository

    fileprivate init(handle: OpaquePointer, repository: Repository) {
        self.handle = handle
        self.repository = repository
    }

    deinit { git_index_free(handle) }

    struct Entry: Equatable {
        var id: ObjectID
        var mode: UInt32
        var size: UInt32
        var mtimeSeconds: Int32
        var mtimeNanoseconds: UInt32
        var inode: UInt32
    }

    /// Re-reads the index from disk when it changed.
    func reload() throws {
        try check(git_index_read(handle, 0), "read the index")
    }

    /// The stage-0 entry at `path`.
    func entry(_ path: String) -> Entry? {
        guard let e = git_index_get_bypath(handle, path, 0) else { return nil }
        return Entry(id: ObjectID(e.pointee.id), mode: e.pointee.mode, size: e.pointee.file_size,
                     mtimeSeconds: e.pointee.mtime.seconds, mtimeNanoseconds: e.pointee.mtime.nanoseconds,
                     inode: e.pointee.ino)
    }

    /// Sets the entry at `path` to `id`, with the file's `stat` data so that git sees the
    /// working-tree file as unchanged without hashing it again.
    func setEntry(_ path: String, id: ObjectID, mode: UInt32 = 0o100644, stat st: stat?) throws {
        var entry = git_index_entry()
        entry.id = id.raw
        entry.mode = mode
        if let st {
            #if canImport(Darwin)
            let mtime = st.st_mtimespec, ctime = st.st_ctimespec
            #else
            let mtime = st.st_mtim, ctime = st.st_ctim
            #endif
            entry.mtime = git_index_time(seconds: Int32(truncatingIfNeeded: mtime.tv_sec),
                                         nanoseconds: UInt32(truncatingIfNeeded: mtime.tv_nsec))
            entry.ctime = git_index_time(seconds: Int32(truncatingIfNeeded: ctime.tv_sec),
                                         nanoseconds: UInt32(truncatingIfNeeded: ctime.tv_nsec))
            entry.dev = UInt32(truncatingIfNeeded: st.st_dev)
            entry.ino = UInt32(truncatingIfNeeded: st.st_ino)
            entry.uid = UInt32(truncatingIfNeeded: st.st_uid)
            entry.gid = UInt32(truncatingIfNeeded: st.st_gid)
            entry.file_size = UInt32(truncatingIfNeeded: st.st_size)
        }
        try path.withCString { p in
            entry.path = p
            try check(git_index_add(handle, &entry), "stage \(path)")
        }
    }

    func remove(_ path: String) throws {
        for stage: Int32 in 0...3 {
            let rc = git_index_remove(handle, path, stage)
            if rc == GIT_ENOTFOUND.rawValue { git_error_clear(); continue }
            try check(rc, "unstage \(path)")
        }
    }

    /// Writes the index to disk (through `index.lock`).
    func write() throws {
        try check(git_index_write(handle), "write the index")
    }

    /// Paths with conflicts (any stage above 0).
    func conflictedPaths() throws -> [String] {
        guard git_index_has_conflicts(handle) == 1 else { return [] }
        var iterator: OpaquePointer?
        try check(git_index_conflict_iterator_new(&iterator, handle), "list conflicts")
        defer { git_index_conflict_iterator_free(iterator) }
        var paths: [String] = []
        while true {
            var ancestor: UnsafePointer<git_index_entry>?, ours: UnsafePointer<git_index_entry>?,
                theirs: UnsafePointer<git_index_entry>?
            let rc = git_index_conflict_next(&ancestor, &ours, &theirs, iterator)
            if rc == GIT_ITEROVER.rawValue { git_error_clear(); break }
            try check(rc, "list conflicts")
            if let e = ours ?? theirs ?? ancestor, let p = e.pointee.path { paths.append(String(cString: p)) }
        }
        return paths
    }

    /// Writes the index's content as a tree.
    func writeTree() throws -> ObjectID {
        var out = git_oid()
        try check(git_index_write_tree_to(&out, handle, repository.raw), "write the merged tree")
        return ObjectID(out)
    }
}

// MARK: - Remotes

/// What `Remote.fetch` and `Remote.push` use to authenticate.
package protocol CredentialSource: AnyObject {
    /// The next credential to try for `url`, or nil when there is nothing (more) to try.
    /// Called again after a rejected attempt.
    func next(url: String, username: String?, allowed: CredentialKinds) -> Credential?
}

/// The kinds of credential a server accepts.
package struct CredentialKinds: OptionSet, Sendable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }
    package static let userPassword = CredentialKinds(rawValue: GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue)
    package static let sshKey = CredentialKinds(rawValue: GIT_CREDENTIAL_SSH_KEY.rawValue)
    package static let username = CredentialKinds(rawValue: GIT_CREDENTIAL_USERNAME.rawValue)
}

/// One credential offered to a server.
package enum Credential: Equatable, Sendable {
    case sshAgent(username: String)
    case sshKeyFile(username: String, privateKey: String, publicKey: String?)
    case userPassword(username: String, password: String)
    case username(String)
}

/// Checks a server's identity: the ssh host key (raw bytes and key type name) for `host`.
package protocol HostKeyChecker: AnyObject {
    /// nil when the key is accepted, else why it is not.
    func problem(host: String, keyType: String, key: [UInt8]) -> String?
}

final class Remote {
    private let handle: OpaquePointer
    let name: String

    fileprivate init(handle: OpaquePointer, name: String) {
        self.handle = handle
        self.name = name
    }

    deinit { git_remote_free(handle) }

    var url: String { git_remote_url(handle).map { String(cString: $0) } ?? "" }

    /// Callback state shared with the C callbacks through their payload pointer.
    private final class Session {
        let credentials: CredentialSource
        let hostKeys: HostKeyChecker?
        var rejections: [String: String] = [:]
        var problem: String?
        init(credentials: CredentialSource, hostKeys: HostKeyChecker?) {
            self.credentials = credentials
            self.hostKeys = hostKeys
        }
    }

    private func callbacks(_ session: Session) throws -> git_remote_callbacks {
        var cb = git_remote_callbacks()
        try check(git_remote_init_callbacks(&cb, UInt32(GIT_REMOTE_CALLBACKS_VERSION)), "prepare remote callbacks")
        cb.payload = Unmanaged.passUnretained(session).toOpaque()
        cb.credentials = { out, url, username, allowed, payload in
            let session = Unmanaged<Session>.fromOpaque(payload!).takeUnretainedValue()
            let user = username.map { String(cString: $0) }
            guard let credential = session.credentials.next(url: url.map { String(cString: $0) } ?? "",
                                                            username: user,
                                                            allowed: CredentialKinds(rawValue: allowed)) else {
                session.problem = session.problem ?? "no credential was accepted"
                git_error_set_str(Int32(GIT_ERROR_CALLBACK.rawValue), "no (more) credentials to try")
                return GIT_EAUTH.rawValue
            }
            switch credential {
            case let .sshAgent(name):
                return git_credential_ssh_key_from_agent(out, name)
            case let .sshKeyFile(name, key, pub):
                return git_credential_ssh_key_new(out, name, pub, key, nil)
            case let .userPassword(name, password):
                return git_credential_userpass_plaintext_new(out, name, password)
            case let .username(name):
                return git_credential_username_new(out, name)
            }
        }
        cb.certificate_check = { cert, valid, host, payload in
            let session = Unmanaged<Session>.fromOpaque(payload!).takeUnretainedValue()
            guard let cert else { return GIT_PASSTHROUGH.rawValue }
            if cert.pointee.cert_type == GIT_CERT_HOSTKEY_LIBSSH2 {
                guard let checker = session.hostKeys else { return 0 }
                let hostKey = UnsafeRawPointer(cert).assumingMemoryBound(to: git_cert_hostkey.self).pointee
                guard hostKey.type.rawValue & GIT_CERT_SSH_RAW.rawValue != 0, let rawKey = hostKey.hostkey else {
                    session.problem = "the ssh server did not show its host key"
                    return GIT_ECERTIFICATE.rawValue
                }
                let key = Array(UnsafeRawBufferPointer(start: rawKey, count: hostKey.hostkey_len))
                let typeName: String
                switch hostKey.raw_type {
                case GIT_CERT_SSH_RAW_TYPE_RSA: typeName = "ssh-rsa"
                case GIT_CERT_SSH_RAW_TYPE_DSS: typeName = "ssh-dss"
                case GIT_CERT_SSH_RAW_TYPE_KEY_ECDSA_256: typeName = "ecdsa-sha2-nistp256"
                case GIT_CERT_SSH_RAW_TYPE_KEY_ECDSA_384: typeName = "ecdsa-sha2-nistp384"
                case GIT_CERT_SSH_RAW_TYPE_KEY_ECDSA_521: typeName = "ecdsa-sha2-nistp521"
                case GIT_CERT_SSH_RAW_TYPE_KEY_ED25519: typeName = "ssh-ed25519"
                default: typeName = "unknown"
                }
                if let problem = checker.problem(host: host.map { String(cString: $0) } ?? "", keyType: typeName, key: key) {
                    session.problem = problem
                    git_error_set_str(Int32(GIT_ERROR_SSH.rawValue), problem)
                    return GIT_ECERTIFICATE.rawValue
                }
                return 0
            }
            // TLS: libgit2 has already verified the chain; keep its verdict.
            return valid != 0 ? 0 : GIT_PASSTHROUGH.rawValue
        }
        cb.push_update_reference = { refname, status, payload in
            let session = Unmanaged<Session>.fromOpaque(payload!).takeUnretainedValue()
            if let status, let refname { session.rejections[String(cString: refname)] = String(cString: status) }
            return 0
        }
        return cb
    }

    /// Fetches `refspecs` (the remote's configured ones when empty), updating remote-tracking refs.
    /// Throws `GitError` with the most useful explanation (a rejected credential or host key first).
    func fetch(_ refspecs: [String], credentials: CredentialSource, hostKeys: HostKeyChecker?) throws {
        let session = Session(credentials: credentials, hostKeys: hostKeys)
        var opts = git_fetch_options()
        try check(git_fetch_options_init(&opts, UInt32(GIT_FETCH_OPTIONS_VERSION)), "prepare a fetch")
        opts.callbacks = try callbacks(session)
        opts.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE
        try withStrings(refspecs) { specs in
            try withExtendedLifetime(session) {
                let rc = git_remote_fetch(handle, specs, &opts, "plog sync: fetch")
                try checkTransfer(rc, "fetch from \(name) (\(url))", session)
            }
        }
    }

    /// Pushes `refspecs`. Returns the refs the remote rejected, with its reasons.
    func push(_ refspecs: [String], credentials: CredentialSource, hostKeys: HostKeyChecker?) throws -> [String: String] {
        let session = Session(credentials: credentials, hostKeys: hostKeys)
        var opts = git_push_options()
        try check(git_push_options_init(&opts, UInt32(GIT_PUSH_OPTIONS_VERSION)), "prepare a push")
        opts.callbacks = try callbacks(session)
        try withStrings(refspecs) { specs in
            try withExtendedLifetime(session) {
                let rc = git_remote_push(handle, specs, &opts)
                try checkTransfer(rc, "push to \(name) (\(url))", session)
            }
        }
        return session.rejections
    }

    private func checkTransfer(_ rc: Int32, _ operation: String, _ session: Session) throws {
        guard rc < 0 else { return }
        do {
            try check(rc, operation)
        } catch let GitError.failed(op, code, category, message) {
            let detail = session.problem.map { "\($0) (\(message))" } ?? message
            throw GitError.failed(operation: op, code: code, category: category, message: detail)
        }
    }

    private func withStrings<R>(_ strings: [String], _ body: (UnsafePointer<git_strarray>?) throws -> R) rethrows -> R {
        if strings.isEmpty { return try body(nil) }
        let c = strings.map { strdup($0) }
        defer { c.forEach { free($0) } }
        var pointers = c
        return try pointers.withUnsafeMutableBufferPointer { buf in
            var array = git_strarray(strings: buf.baseAddress, count: buf.count)
            return try body(&array)
        }
    }
}

// MARK: - zlib

/// zlib, as git uses it for object data. zlib comes with libgit2, so it lives in this file too.
enum Zlib {
    /// `bytes` compressed at `level` (zlib's 0...9; -1 is zlib's default, 6, which git also uses).
    static func deflate(_ bytes: UnsafeRawBufferPointer, level: Int32 = -1) throws -> [UInt8] {
        var stream = z_stream()
        try zcheck(plog_deflate_init(&stream, level), "start compressing")
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var out = [UInt8](repeating: 0, count: bound)
        var produced = 0
        try out.withUnsafeMutableBytes { dst in
            stream.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(bytes.count)
            stream.next_out = dst.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(dst.count)
            let rc = CGit2.deflate(&stream, Z_FINISH)
            guard rc == Z_STREAM_END else { try zcheck(rc < 0 ? rc : Z_BUF_ERROR, "compress"); return }
            produced = Int(stream.total_out)
        }
        out.removeLast(out.count - produced)
        return out
    }

    static func deflate(_ bytes: [UInt8], level: Int32 = -1) throws -> [UInt8] {
        try bytes.withUnsafeBytes { try deflate($0, level: level) }
    }

    /// Inflates one zlib stream that must produce exactly `size` bytes. Returns the bytes and
    /// how many compressed bytes the stream used.
    static func inflate(_ bytes: UnsafeRawBufferPointer, size: Int) throws -> (bytes: [UInt8], consumed: Int) {
        var stream = z_stream()
        try zcheck(plog_inflate_init(&stream), "start decompressing")
        defer { inflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: max(size, 1))
        var consumed = 0
        try out.withUnsafeMutableBytes { dst in
            stream.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(bytes.count)
            stream.next_out = dst.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(dst.count)
            let rc = CGit2.inflate(&stream, Z_FINISH)
            guard rc == Z_STREAM_END, Int(stream.total_out) == size else {
                throw GitError.failed(operation: "decompress object data", code: rc, category: 0,
                                      message: "corrupt or truncated zlib stream (\(stream.total_out) of \(size) bytes)")
            }
            consumed = Int(stream.total_in)
        }
        if size == 0 { out = [] }
        return (out, consumed)
    }

    /// CRC-32 (as in pack indexes) of `bytes`, continuing from `crc`.
    static func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        var value = uLong(crc)
        var offset = 0
        // zlib takes the length as 32 bits; feed big buffers in chunks.
        while offset < bytes.count {
            let n = min(bytes.count - offset, 1 << 30)
            value = CGit2.crc32(value, bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Bytef.self), uInt(n))
            offset += n
        }
        return UInt32(truncatingIfNeeded: value)
    }

    private static func zcheck(_ rc: Int32, _ operation: String) throws {
        guard rc != Z_OK else { return }
        throw GitError.failed(operation: operation, code: rc, category: 0, message: "zlib error \(rc)")
    }
}
