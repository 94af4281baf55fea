import CSupport
import Testing
@testable import PromptVault

/// A small deterministic generator, so that randomized tests fail the same way twice.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(_ seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next() -> UInt64 {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return state
    }
}

func hex(_ bytes: [UInt8]) -> String { ObjectID(bytes: bytes.count == 20 ? bytes : Array(bytes.prefix(20))).hex }

@Suite("Keep: SHA-1, deltas and pack indexes")
struct PackFormatTests {
    @Test("SHA-1 matches the standard test vectors and git's object ids")
    func sha1Vectors() {
        #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        // git hash-object of "hello\n": SHA-1 of "blob 6\0hello\n".
        #expect(hex(SHA1.digest(Array("blob 6\u{0}hello\n".utf8))) == "ce013625030ba8dba906f756967f9e9ca394464a")
    }

    @Test("SHA-1 gives the same digest however the input is split")
    func sha1Streaming() {
        var rng = SeededRandom(1)
        let data = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let whole = SHA1.digest(data)
        for chunk in [1, 7, 63, 64, 65, 1000] {
            var s = SHA1()
            var i = 0
            while i < data.count { s.update(Array(data[i..<min(i + chunk, data.count)])); i += chunk }
            #expect(s.finish() == whole, "chunk \(chunk)")
        }
    }

    @Test("SHA-1: the processor's SHA instructions and the portable code agree, block for block")
    func sha1Hardware() {
        var rng = SeededRandom(5)
        let data = (0..<64 * 300).map { _ in UInt8.random(in: 0...255, using: &rng) }
        for blocks in [1, 2, 3, 17, 300] {
            var fast: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
            var portable = fast
            data.withUnsafeBufferPointer { d in
                plog_sha1_compress(&fast, d.baseAddress!, blocks)
                plog_sha1_compress_portable(&portable, d.baseAddress!, blocks)
            }
            #expect(fast == portable, "\(blocks) blocks (SHA instructions: \(plog_sha1_hardware() != 0))")
        }
    }

    @Test("object ids are git's: the SHA-1 of the kind, the size and the bytes")
    func objectIDs() {
        let hello = Array("hello\n".utf8)
        #expect(hello.withUnsafeBytes { ObjectID.of($0, kind: .blob) }.hex == "ce013625030ba8dba906f756967f9e9ca394464a")
        #expect([UInt8]().withUnsafeBytes { ObjectID.of($0, kind: .blob) }.hex == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391")
        #expect([UInt8]().withUnsafeBytes { ObjectID.of($0, kind: .tree) }.hex == "4b825dc642cb6eb9a060e54bf8d69288fbee4904")
    }

    @Test("HMAC-SHA1 matches RFC 2202")
    func hmac() {
        let key = [UInt8](repeating: 0x0B, count: 20)
        #expect(hex(HMAC.sha1(key: key, message: Array("Hi There".utf8))) == "b617318655057264e28bc0b6fb378c8ef146be00")
        #expect(hex(HMAC.sha1(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
    }

    @Test("a delta between an old and a new log copies the shared prefix and inserts the rest")
    func appendDelta() throws {
        let old = Array("## 2025-01-01T10:00+00:00\nTASK: a\n".utf8)
        let new = old + Array("\n## 2025-01-02T10:00+00:00\nTASK: b\n".utf8)
        let d = old.withUnsafeBytes { o in new.withUnsafeBytes { Delta.between(source: o, target: $0) } }
        #expect(d.ops.count == 2)
        #expect(d.ops.first == .copy(offset: 0, length: old.count))
        #expect(d.insertedCount == new.count - old.count)
        let decoded = try Delta.decode(d.encoded())
        #expect(decoded == d)
        #expect(try old.withUnsafeBytes { try d.apply(to: $0) } == new)
    }

    @Test("deltas survive encoding for edits anywhere, and rebased deltas build the same targets")
    func randomizedDeltas() throws {
        var rng = SeededRandom(7)
        func randomText(_ n: Int) -> [UInt8] { (0..<n).map { _ in UInt8.random(in: 32...126, using: &rng) } }
        for round in 0..<200 {
            var base = randomText(Int.random(in: 0...3000, using: &rng))
            var target = base
            // Edit the target: insert, delete or replace a range somewhere.
            let at = Int.random(in: 0...target.count, using: &rng)
            switch round % 3 {
            case 0: target.insert(contentsOf: randomText(Int.random(in: 1...400, using: &rng)), at: at)
            case 1: target.removeSubrange(at..<min(target.count, at + Int.random(in: 0...300, using: &rng)))
            default: target.replaceSubrange(at..<min(target.count, at + 50), with: randomText(60))
            }
            let d = base.withUnsafeBytes { b in target.withUnsafeBytes { Delta.between(source: b, target: $0) } }
            #expect(try base.withUnsafeBytes { try Delta.decode(d.encoded()).apply(to: $0) } == target, "round \(round)")

            // Move the base: append to it and change its start; the rebased delta must still build target.
            var newBase = base
            if round % 2 == 0 { newBase += randomText(500) }
            if round % 5 == 0 && !newBase.isEmpty { newBase[0] ^= 1 }
            let map = base.withUnsafeBytes { o in newBase.withUnsafeBytes { SourceMap(old: o, new: $0) } }
            let moved = base.withUnsafeBytes { o in newBase.withUnsafeBytes { d.rebased(oldSource: o, newSource: $0, map: map) } }
            #expect(try newBase.withUnsafeBytes { try Delta.decode(moved.encoded()).apply(to: $0) } == target, "rebased \(round)")
            base = newBase
        }
    }

    @Test("after a rebase, a version the new base starts with is one copy, whatever its delta inserted before")
    func rebasedAppend() throws {
        let base = Array("## 2025-01-01T10:00+00:00\nTASK: one\n".utf8)
        let v2 = base + Array("\n## 2025-01-02T10:00+00:00\nTASK: two\n".utf8)
        let v3 = v2 + Array("\n## 2025-01-03T10:00+00:00\nTASK: three\n".utf8)
        let forward = base.withUnsafeBytes { b in v2.withUnsafeBytes { Delta.between(source: b, target: $0) } }
        #expect(forward.insertedCount > 0)
        let map = base.withUnsafeBytes { o in v3.withUnsafeBytes { SourceMap(old: o, new: $0) } }
        let moved = base.withUnsafeBytes { o in v3.withUnsafeBytes { forward.rebased(oldSource: o, newSource: $0, map: map) } }
        #expect(moved.ops == [.copy(offset: 0, length: v2.count)])
        #expect(try v3.withUnsafeBytes { try moved.apply(to: $0) } == v2)
    }

    @Test("copy instructions split at git's limits: 0x10000 has no size bytes, long copies are cut at 16 MiB")
    func copyLimits() throws {
        let d = Delta(sourceSize: 40_000_000, targetSize: 0x10000 + 0x1000000,
                      ops: [.copy(offset: 0, length: 0x10000), .copy(offset: 0x10000, length: 0x1000000)])
        let bytes = d.encoded()
        let back = try Delta.decode(bytes)
        // 0x1000000 does not fit 24 bits: it becomes two instructions.
        #expect(back.ops == [.copy(offset: 0, length: 0x10000), .copy(offset: 0x10000, length: 0xFF_FFFF),
                             .copy(offset: 0x10000 + 0xFF_FFFF, length: 1)])
        var sizes: [UInt8] = []
        Delta.appendVarint(d.sourceSize, to: &sizes)
        Delta.appendVarint(d.targetSize, to: &sizes)
        // The first copy: offset 0 and size 0x10000 need no argument bytes at all.
        #expect(Array(bytes.prefix(sizes.count + 2)) == sizes + [0x80, 0x80 | 0x04 | 0x10 | 0x20 | 0x40])
    }

    @Test("corrupt deltas are reported, not trusted")
    func corruptDelta() {
        #expect(throws: PackError.self) { try Delta.decode([0x05, 0x05, 0x00]) }
        #expect(throws: PackError.self) { try Delta.decode([0x05, 0x05, 0x10, 1]) }
        let d = Delta(sourceSize: 3, targetSize: 5, ops: [.copy(offset: 1, length: 5)])
        #expect(throws: PackError.self) { try Array("abc".utf8).withUnsafeBytes { try d.apply(to: $0) } }
    }

    @Test("pack indexes round-trip, offsets above 2 GiB included")
    func indexRoundTrip() throws {
        var rng = SeededRandom(3)
        var entries: [(id: ObjectID, crc: UInt32, offset: Int)] = []
        for k in 0..<300 {
            let id = ObjectID(bytes: (0..<20).map { _ in UInt8.random(in: 0...255, using: &rng) })
            entries.append((id, UInt32.random(in: 0...UInt32.max, using: &rng), k == 5 ? 3_000_000_000 : k * 100 + 12))
        }
        let checksum = [UInt8](repeating: 0xAB, count: 20)
        let bytes = PackIndex.encode(entries, packChecksum: checksum)
        let index = try bytes.withUnsafeBytes { try PackIndex(parsing: $0) }
        #expect(index.ids == entries.map(\.id).sorted())
        #expect(index.packChecksum == checksum)
        for e in entries {
            let i = index.ids.firstIndex(of: e.id)!
            #expect(index.offsets[i] == e.offset)
            #expect(index.crcs[i] == e.crc)
        }
        #expect(Array(bytes.suffix(20)) == SHA1.digest(Array(bytes.dropLast(20))))
    }

    @Test("entry headers encode type and size the way git reads them")
    func entryHeaders() throws {
        for size in [0, 15, 16, 127, 128, 1 << 20, 123_456_789] {
            let h = PackEntry.header(type: .blob, size: size) + [0x78]
            let parsed = try h.withUnsafeBytes { try PackEntry.parse($0, at: 0) }
            #expect(parsed.type == .blob)
            #expect(parsed.size == size)
            #expect(parsed.dataStart == h.count - 1)
        }
    }

    @Test("zlib round-trips, and reports truncated data")
    func zlib() throws {
        let text = Array(String(repeating: "prompt log ", count: 1000).utf8)
        let packed = try Zlib.deflate(text)
        #expect(packed.count < text.count / 10)
        let (back, used) = try packed.withUnsafeBytes { try Zlib.inflate($0, size: text.count) }
        #expect(back == text)
        #expect(used == packed.count)
        #expect(throws: GitError.self) { try Array(packed.prefix(10)).withUnsafeBytes { try Zlib.inflate($0, size: text.count) } }
        #expect(Zlib.crc32(UnsafeRawBufferPointer(start: nil, count: 0)) == 0)
        #expect(Array("123456789".utf8).withUnsafeBytes { Zlib.crc32($0) } == 0xCBF4_3926)
    }
}
