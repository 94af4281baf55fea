import Foundation
import PromptLog
import Testing
@testable import PromptVault

@Suite("Keep: what git's housekeeping holds (multi-pack-index, .keep, gc.pid, locks)")
struct GitHousekeepingTests {
    /// A repository with `n` packs made by git, each holding one commit.
    private func repositoryWithPacks(_ n: Int) throws -> String {
        let dir = try temporaryDirectory()
        try git(["init", "-q", "-b", "main"], in: dir)
        try addPacks(n, in: dir)
        return dir
    }

    private func addPacks(_ n: Int, in dir: String) throws {
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/.git/objects/pack"))?.count ?? 0
        for k in existing..<existing + n {
            _ = FileManager.default.createFile(atPath: dir + "/f\(k).txt", contents: Data("file \(k)\n".utf8))
            try git(["add", "f\(k).txt"], in: dir)
            try git(["-c", "user.name=T", "-c", "user.email=t@e", "commit", "-q", "-m", "c\(k)"], in: dir)
            try git(["repack", "-q", "-d"], in: dir)
        }
    }

    private func packNames(_ dir: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: dir + "/.git/objects/pack")
            .filter { $0.hasSuffix(".pack") }.map { String($0.dropLast(5)) })
    }

    @Test("the packs git's multi-pack-index lists are read from it; a damaged or unknown index lists everything")
    func multiPackIndexListing() throws {
        let dir = try repositoryWithPacks(3)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let packDir = dir + "/.git/objects/pack"
        #expect(MultiPackIndex.listing(packDirectory: packDir) == .none)
        try git(["multi-pack-index", "write"], in: dir)
        let packs = try packNames(dir)
        #expect(packs.count == 3)
        #expect(MultiPackIndex.listing(packDirectory: packDir) == .packs(packs))

        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: packDir + "/multi-pack-index")))
        #expect(MultiPackIndex.packNames(bytes) == packs)
        #expect(MultiPackIndex.packNames(Array(bytes.prefix(40))) == nil)  // torn
        var version2 = bytes
        version2[4] = 2
        #expect(MultiPackIndex.packNames(version2) == nil)
        var miscounted = bytes
        miscounted[11] = 4  // says 4 packs, names 3
        #expect(MultiPackIndex.packNames(miscounted) == nil)
        #expect(MultiPackIndex.packNames([]) == nil)
        try Data([0x4D, 0x49, 0x44, 0x58, 1, 1]).write(to: URL(fileURLWithPath: packDir + "/multi-pack-index"))
        if case .unreadable = MultiPackIndex.listing(packDirectory: packDir) {} else {
            Issue.record("a torn multi-pack-index must count as listing every pack")
        }
    }

    @Test("PackRemoval deletes only packs that no index lists, with no .keep, and never while git is at work")
    func removalRules() throws {
        let dir = try repositoryWithPacks(3)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let packDir = dir + "/.git/objects/pack"
        let removal = PackRemoval(commonDirectory: dir + "/.git/", workTree: dir)
        try git(["multi-pack-index", "write"], in: dir)
        let listed = try packNames(dir).sorted()
        try addPacks(1, in: dir)  // one pack the index does not list
        let unlisted = try #require(try packNames(dir).subtracting(listed).first)
        let all = [unlisted] + listed
        _ = FileManager.default.createFile(atPath: packDir + "/\(listed[0]).keep", contents: Data())
        _ = FileManager.default.createFile(atPath: packDir + "/\(unlisted).keep", contents: Data())

        // git maintenance holds its lock: nothing goes.
        let lock = dir + "/.git/objects/maintenance.lock"
        _ = FileManager.default.createFile(atPath: lock, contents: Data())
        var r = removal.remove(all)
        #expect(r.removed.isEmpty && r.kept == all)
        #expect(r.busy?.contains("git maintenance is running") == true)
        #expect(FileManager.default.fileExists(atPath: lock))
        try FileManager.default.removeItem(atPath: lock)

        // A kept pack stays; listed packs stay.
        r = removal.remove(all)
        #expect(r.removed.isEmpty)
        #expect(r.busy == nil)
        try FileManager.default.removeItem(atPath: packDir + "/\(unlisted).keep")
        r = removal.remove(all + ["pack-" + String(repeating: "0", count: 40)])  // a gone one is dropped
        #expect(r.removed == [unlisted])
        #expect(r.kept == listed)
        #expect(try packNames(dir) == Set(listed))
        #expect(!FileManager.default.fileExists(atPath: lock))  // plog's hold on it was let go
        // (Its objects are gone with it: plog retires only packs whose objects it copied.)
        #expect(try git(["multi-pack-index", "verify"], in: dir).isEmpty)
    }

    @Test("plog's state keeps the retired packs, and takes only pack names from it")
    func retiredInState() {
        var state = LogPack.State()
        state.pack = "pack-" + String(repeating: "a", count: 40)
        state.retired = ["pack-" + String(repeating: "b", count: 40)]
        #expect(LogPack.State.parse(String(decoding: state.encoded(), as: UTF8.self)) == state)
        let hostile = LogPack.State.parse("retired ../../config\nretired pack-XYZ\nretired pack-\(String(repeating: "c", count: 40))\n")
        #expect(hostile.retired == ["pack-" + String(repeating: "c", count: 40)])
    }

    @Test("a branch moved by another process since plog read it is told apart (plog then commits again on top)")
    func branchMoved() throws {
        let dir = try repositoryWithPacks(2)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let repo = try #require(try Repository.open(exactly: dir))
        let head = try #require(try repo.referenceTarget("refs/heads/main"))
        let parent = try #require(try repo.commit(head).parents.first)
        do {
            try repo.setReference("refs/heads/main", to: parent, expected: parent, message: "test")
            Issue.record("moving a branch that is not where plog expects it must fail")
        } catch let e as GitError {
            #expect(e.isModified, "\(e)")
            #expect(!e.isLocked)
        }
        _ = FileManager.default.createFile(atPath: dir + "/.git/refs/heads/main.lock", contents: Data())
        do {
            try repo.setReference("refs/heads/main", to: parent, expected: head, message: "test")
            Issue.record("moving a locked branch must fail")
        } catch let e as GitError {
            #expect(e.isLocked, "\(e)")
        }
        #expect(try repo.referenceTarget("refs/heads/main") == head)
    }

    @Test("git's lock files and the packs it is writing count as housekeeping; plog's own and old leftovers do not")
    func locksAndTemporaryPacks() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let common = dir + "/"
        try FileManager.default.createDirectory(atPath: dir + "/objects/pack", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/objects/info", withIntermediateDirectories: true)
        #expect(GitActivity.housekeeping(commonDirectory: common) == nil)
        func busy(_ file: String) -> String? {
            _ = FileManager.default.createFile(atPath: dir + "/objects/" + file, contents: Data())
            defer { try? FileManager.default.removeItem(atPath: dir + "/objects/" + file) }
            return GitActivity.housekeeping(commonDirectory: common)
        }
        #expect(busy("maintenance.lock")?.contains("git maintenance is running") == true)
        #expect(busy("pack/multi-pack-index.lock")?.contains("multi-pack-index") == true)
        #expect(busy("info/commit-graph.lock")?.contains("commit-graph") == true)
        #expect(busy("pack/tmp_pack_Ab12Cd")?.contains("git is writing a pack") == true)
        #expect(busy("pack/.tmp-4242-pack-0123.pack")?.contains("git is writing a pack") == true)
        #expect(busy("pack/tmp_pack_plog_Ab12Cd") == nil)
        // A leftover of a git that crashed long ago.
        let old = dir + "/objects/pack/tmp_pack_Zz99Yy"
        _ = FileManager.default.createFile(atPath: old, contents: Data())
        var times = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
        _ = utimensat(AT_FDCWD, old, &times, 0)
        #expect(GitActivity.housekeeping(commonDirectory: common) == nil)
        // plog's own hold on maintenance.lock, and one a killed plog left, are not git's.
        let lock = dir + "/objects/maintenance.lock"
        _ = FileManager.default.createFile(atPath: lock, contents: Data(PackRemoval.lockText(pid: getpid()).utf8))
        #expect(GitActivity.housekeeping(commonDirectory: common) == nil)
        _ = FileManager.default.createFile(atPath: lock, contents: Data(PackRemoval.lockText(pid: Int32.max - 1).utf8))
        #expect(GitActivity.housekeeping(commonDirectory: common) == nil)
        _ = FileManager.default.createFile(atPath: lock, contents: Data("plog 1\n".utf8))  // a live process: init
        #expect(GitActivity.housekeeping(commonDirectory: common) != nil)
    }

    @Test("gc.pid counts while its process runs on this host, and for 12 hours when it names another host")
    func gcPid() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let common = dir + "/"
        #expect(GitActivity.runningGC(commonDirectory: common) == nil)
        var buf = [CChar](repeating: 0, count: 256)
        _ = gethostname(&buf, buf.count - 1)
        let host = String(cString: buf)
        _ = FileManager.default.createFile(atPath: dir + "/gc.pid", contents: Data("\(getpid()) \(host)".utf8))
        #expect(GitActivity.runningGC(commonDirectory: common)?.contains("git gc is running (pid \(getpid())") == true)
        _ = FileManager.default.createFile(atPath: dir + "/gc.pid", contents: Data("\(Int32.max - 1) \(host)".utf8))
        #expect(GitActivity.runningGC(commonDirectory: common) == nil)
        _ = FileManager.default.createFile(atPath: dir + "/gc.pid", contents: Data("1 elsewhere.example".utf8))
        #expect(GitActivity.runningGC(commonDirectory: common)?.contains("on elsewhere.example") == true)
        var times = [timespec(tv_sec: time(nil) - 13 * 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 13 * 3600, tv_nsec: 0)]
        _ = utimensat(AT_FDCWD, dir + "/gc.pid", &times, 0)
        #expect(GitActivity.runningGC(commonDirectory: common) == nil)
    }
}
