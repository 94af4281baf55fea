import CSupport
import PromptLog

/// What a log already holds from one tool, read from its SOURCE lines: the ids, and the prompt
/// text by session. A prompt is already present when the log has a block with the same tool and
/// id, or the same tool, session and prompt text (whitespace folded): the hook writes its own
/// ids, so the text is what recognises a prompt the hook captured and an import finds again.
package struct LogIndex {
    package let tool: String
    private var ids = Set<String>()
    private var texts = Set<String>()
    /// Blocks of this tool whose header has no model (the hook could not learn it), by id and
    /// by text key: the header's offset in the log and the block's source.
    private var modelless: [String: (offset: Int, source: SourceRef)] = [:]

    package init(tool: String) { self.tool = tool }

    /// Adds the blocks of `buf[from...]` that carry a SOURCE line of this tool. `from` must be 0
    /// or the start of a block (the log's size when it was last read: appends start a block).
    package mutating func add(_ buf: UnsafeBufferPointer<UInt8>, from: Int = 0) {
        let marker = Array("SOURCE: \(tool) ".utf8)
        guard buf.count > from, let base = buf.baseAddress else { return }
        var p = from
        // Jump from one SOURCE line of this tool to the next; parse only the block around it.
        while p < buf.count, let hit = plog_memmem(base + p, buf.count - p, marker, marker.count) {
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            guard at == 0 || buf[at - 1] == 10, let start = LogScanner.headerAtOrBefore(buf, at), start >= from else {
                p = at + marker.count
                continue
            }
            let headerEnd = LogScanner.lineEnd(buf, from: start)
            let end = LogScanner.nextHeader(buf, from: headerEnd)
            // The one block, scanned as a log of its own (spans are made by the scanner).
            let one = UnsafeBufferPointer(rebasing: buf[start..<end])
            LogScanner.scan(one, countLines: false) { span in
                let block = LogParser.block(one, span)
                if let source = block.source, source.tool == tool {
                    insert(source, text: block.prompt ?? "")
                    if block.model == nil && ModelFill.isCanonicalHeader(block) {
                        let at = (source.id, LogIndex.textKey(source.session, block.prompt ?? ""))
                        modelless[at.0] = (start, source)
                        modelless[at.1] = (start, source)
                    }
                }
            }
            p = end
        }
    }

    /// Whether the log (or this import, once `insert`ed) holds `source` or its text.
    package func contains(_ source: SourceRef, text: String) -> Bool {
        ids.contains(source.id) || texts.contains(LogIndex.textKey(source.session, text))
    }

    /// Whether the log (or this import) holds a block with `source`'s id.
    package func contains(id source: SourceRef) -> Bool { ids.contains(source.id) }

    /// The model-less block of the log that `source` or its text is, if any.
    package func modellessBlock(_ source: SourceRef, text: String) -> (offset: Int, source: SourceRef)? {
        modelless[source.id] ?? modelless[LogIndex.textKey(source.session, text)]
    }

    package mutating func insert(_ source: SourceRef, text: String) {
        ids.insert(source.id)
        texts.insert(LogIndex.textKey(source.session, text))
    }

    static func textKey(_ session: String?, _ text: String) -> String {
        (session ?? "-") + " " + StableHash.folded(text)
    }
}

/// A model an import learned for a block already in the log whose header has none: a prompt the
/// hook captured before the agent said which model answered (Claude Code's prompt hook does not
/// say). Only plog's own header line of a block with a SOURCE line is rewritten, and only its
/// empty model field; every other byte of the log stays as it is.
package struct ModelFill: Sendable, Equatable {
    /// Offset of the block's header line in the log as it was read.
    package var offset: Int
    /// The block's SOURCE, checked again under the lock before the header is touched.
    package var source: SourceRef
    package var model: String

    /// Whether `block`'s header is exactly what plog writes (so replacing it loses nothing).
    static func isCanonicalHeader(_ block: Block) -> Bool {
        guard block.extraHeaderFields.isEmpty, let nl = block.raw.firstIndex(of: 10) else { return false }
        let line = BlockRenderer.headerLine(timestamp: block.timestamp, model: nil, project: block.project)
        return Array(block.raw[...nl]) == Array(line.utf8)
    }

    /// The header line with the model filled in, when the block at `offset` of `buf` is still
    /// the one meant, model-less, with a canonical header; nil otherwise.
    func header(in buf: UnsafeBufferPointer<UInt8>) -> (end: Int, line: [UInt8])? {
        guard offset < buf.count, LogScanner.headerTime(buf, at: offset) != nil else { return nil }
        let headerEnd = LogScanner.lineEnd(buf, from: offset)
        let end = LogScanner.nextHeader(buf, from: headerEnd)
        let one = UnsafeBufferPointer(rebasing: buf[offset..<end])
        var found: Block?
        LogScanner.scan(one, countLines: false) { span in if found == nil { found = LogParser.block(one, span) } }
        guard let block = found, block.model == nil, block.source == source, ModelFill.isCanonicalHeader(block) else { return nil }
        let line = BlockRenderer.headerLine(timestamp: block.timestamp, model: model, project: block.project)
        return (headerEnd, Array(line.utf8))
    }
}

/// A block an import will write, with its instant (for the merge) and the text it was keyed by.
package struct ImportedBlock: Sendable {
    package var epochSeconds: Int64
    package var bytes: [UInt8]
    package var source: SourceRef
    /// The prompt as written (redacted), for the dedupe under the lock.
    package var text: String
}

/// One import of one tool's history into a log: read, filter, dedupe, then merge by time.
package struct LogImport {
    package var logPath: String
    /// Prompts older than this are left out (`--since`); nil: all.
    package var since: DateBound?
    /// Which prompts are trivial (`capture.*` in the config).
    package var rules: CaptureRules

    package init(logPath: String, since: DateBound? = nil, rules: CaptureRules = CaptureRules()) {
        self.logPath = logPath; self.since = since; self.rules = rules
    }

    /// Reads `paths` with `reader` and returns the blocks not in the log yet, oldest first, and
    /// the tally (`added` is the number of blocks returned). Nothing is written.
    package func collect<R: HistoryReader>(_ reader: R, paths: [String]) throws -> (blocks: [ImportedBlock], tally: ImportTally) {
        let (blocks, _, tally) = try collectWithFills(reader, paths: paths)
        return (blocks, tally)
    }

    /// `collect`, and the models learned for model-less blocks the log already holds.
    package func collectWithFills<R: HistoryReader>(_ reader: R, paths: [String]) throws
        -> (blocks: [ImportedBlock], fills: [ModelFill], tally: ImportTally) {
        var fills: [ModelFill] = []
        var filled = Set<Int>()
        var index = LogIndex(tool: R.tool)
        if Path.exists(logPath) {
            let file = try MappedFile(path: logPath)
            file.withBytes { index.add($0) }
        }
        var tally = ImportTally()
        // The reader counts into `tally`, the importer into `own` (one inout access at a time).
        var own = ImportTally()
        var blocks: [ImportedBlock] = []
        try reader.read(paths: paths, tally: &tally) { prompt in
            switch rules.judge(prompt.text) {
            case .empty, .machine: own.notTyped += 1; return
            case .trivial: own.trivial += 1; return
            case .keep: break
            }
            if let since, !since.admitsAsLower(prompt.timestamp) { own.tooOld += 1; return }
            func learnModel(text: String) {
                guard let model = prompt.model, let block = index.modellessBlock(prompt.source, text: text),
                      !filled.contains(block.offset) else { return }
                filled.insert(block.offset)
                fills.append(ModelFill(offset: block.offset, source: block.source, model: model))
            }
            // Known by its id: no need to render it to compare the text.
            if index.contains(id: prompt.source) { own.alreadyPresent += 1; learnModel(text: prompt.text); return }
            let (bytes, secrets) = prompt.rendered()
            // The log holds the redacted text: compare with that.
            let written = secrets.isEmpty ? prompt.text : SecretScanner.redact(prompt.text).text
            if index.contains(prompt.source, text: written) || (!secrets.isEmpty && index.contains(prompt.source, text: prompt.text)) {
                own.alreadyPresent += 1
                learnModel(text: written)
                return
            }
            index.insert(prompt.source, text: written)
            own.secretsRedacted += secrets.count
            blocks.append(ImportedBlock(epochSeconds: prompt.timestamp.epochSeconds, bytes: bytes,
                                        source: prompt.source, text: written))
        }
        tally.notTyped += own.notTyped
        tally.trivial += own.trivial
        tally.tooOld += own.tooOld
        tally.alreadyPresent += own.alreadyPresent
        tally.secretsRedacted += own.secretsRedacted
        // Stable: prompts of the same second keep the order they were found in.
        blocks = blocks.enumerated().sorted { ($0.element.epochSeconds, $0.offset) < ($1.element.epochSeconds, $1.offset) }.map(\.element)
        tally.added = blocks.count
        return (blocks, fills, tally)
    }
}

/// Merges imported blocks into a log by time, atomically, under the lock `plog add` takes.
///
/// Each imported block goes before the first existing block (in file order) that is later than
/// it, so existing blocks never move relative to each other (one out of order stays where it
/// is) and their bytes are copied unchanged; blocks later than every existing one are appended.
/// The new log is written to a temporary file beside the log, synced, renamed over it, and the
/// directory synced; the lock is held throughout, and `LogAppender` re-checks after locking that
/// it holds the file now at the path, so an add waiting for the lock appends to the new file.
package enum ImportMerge {
    package struct Result: Sendable, Equatable {
        /// Blocks written.
        package var added: Int
        /// Blocks dropped under the lock because the log got them meanwhile (a hook's append).
        package var arrivedMeanwhile: Int
        /// Model-less headers that got their model.
        package var modelsFilled: Int = 0
    }

    /// The log's real path: a symlinked log is rewritten where it lives, not replaced by a file.
    package static func resolvedPath(_ path: String) -> String {
        guard let p = realpath(path, nil) else { return path }
        defer { free(p) }
        return String(cString: p)
    }

    /// Merges `blocks` (oldest first) into the log at `path`, creating it when missing.
    /// `indexedSize` is the log's size when `blocks` were deduped against it: blocks appended
    /// since are checked again under the lock.
    @discardableResult
    package static func merge(_ blocks: [ImportedBlock], fills: [ModelFill] = [], into path: String, tool: String,
                             indexedSize: Int) throws -> Result {
        let path = resolvedPath(path)
        try Path.makeDirectories(Path.dirname(path))
        // The lock of `plog add` (a second import waiting on it reads the log this one wrote).
        let (fd, st) = try LogLock.acquire(path, flags: O_RDONLY | O_CREAT)
        defer { close(fd) }
        defer { _ = flock(fd, LOCK_UN) }
        let old = try MappedFile(path: path)
        return try old.withBytes { buf -> Result in
            var index = LogIndex(tool: tool)
            if indexedSize < buf.count {
                index.add(buf, from: indexedSize <= 0 ? 0 : LogScanner.headerAtOrBefore(buf, indexedSize) ?? 0)
            }
            let fresh = blocks.filter { !index.contains($0.source, text: $0.text) }
            // Checked under the lock: the block is still there, still model-less.
            var headers: [Int: (end: Int, line: [UInt8])] = [:]
            for fill in fills { if let h = fill.header(in: buf) { headers[fill.offset] = h } }
            guard !fresh.isEmpty || !headers.isEmpty else { return Result(added: 0, arrivedMeanwhile: blocks.count) }
            let tmp = Path.dirname(path) + "/." + Path.basename(path) + ".import-" + String(getpid())
            let out = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(st.st_mode & 0o7777))
            guard out >= 0 else { throw PlogError.io(operation: "cannot create", path: tmp, errno: errno) }
            var renamed = false
            defer {
                close(out)
                if !renamed { unlink(tmp) }
            }
            _ = fchmod(out, mode_t(st.st_mode & 0o7777))
            try write(merged: fresh, headers: headers, old: buf, to: out, path: tmp)
            guard fsync(out) == 0 else { throw PlogError.io(operation: "cannot sync", path: tmp, errno: errno) }
            guard rename(tmp, path) == 0 else { throw PlogError.io(operation: "cannot replace", path: path, errno: errno) }
            renamed = true
            let dir = open(Path.dirname(path), O_RDONLY | O_CLOEXEC)
            if dir >= 0 {
                _ = fsync(dir)
                close(dir)
            }
            return Result(added: fresh.count, arrivedMeanwhile: blocks.count - fresh.count, modelsFilled: headers.count)
        }
    }

    /// Writes the merge of `old` (a log's bytes) and `blocks` (oldest first) to `fd`, streaming
    /// the old bytes from the map in the spans between insertions.
    static func write(merged blocks: [ImportedBlock], headers: [Int: (end: Int, line: [UInt8])] = [:],
                      old buf: UnsafeBufferPointer<UInt8>, to fd: Int32, path: String) throws {
        var out = Writer(fd: fd, path: path)
        var next = 0
        var copied = 0
        LogScanner.scan(buf, countLines: false) { span in
            if let header = headers[span.offset] {
                // The old bytes up to this header, then the header with its model.
                out.copy(buf, copied, span.offset)
                if next < blocks.count, let time = LogScanner.headerTime(buf, at: span.offset) {
                    let t = time.epochSeconds
                    if blocks[next].epochSeconds < t {
                        out.separate(before: buf, at: span.offset)
                        while next < blocks.count && blocks[next].epochSeconds < t {
                            out.bytes(blocks[next].bytes)
                            out.bytes([10])
                            next += 1
                        }
                    }
                }
                out.bytes(header.line)
                copied = header.end
                return
            }
            guard next < blocks.count, let time = LogScanner.headerTime(buf, at: span.offset) else { return }
            let t = time.epochSeconds
            guard blocks[next].epochSeconds < t else { return }
            // Insert before this header: copy the old bytes up to it, then the blocks earlier than it.
            out.copy(buf, copied, span.offset)
            copied = span.offset
            out.separate(before: buf, at: span.offset)
            while next < blocks.count && blocks[next].epochSeconds < t {
                out.bytes(blocks[next].bytes)
                out.bytes([10])
                next += 1
            }
        }
        out.copy(buf, copied, buf.count)
        if next < blocks.count {
            out.separate(before: buf, at: buf.count)
            for (i, b) in blocks[next...].enumerated() {
                if i > 0 { out.bytes([10]) }
                out.bytes(b.bytes)
            }
        }
        try out.flush()
    }

    /// Buffered writes to the new file (errors kept until `flush`, so the scan stays simple).
    struct Writer {
        let fd: Int32
        let path: String
        var buffer: [UInt8] = []
        var error: PlogError?

        init(fd: Int32, path: String) {
            self.fd = fd; self.path = path
            buffer.reserveCapacity(1 << 20)
        }

        mutating func copy(_ buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) {
            guard to > from else { return }
            if to - from >= 1 << 20 {
                drain()
                write(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buf)[from..<to]))
            } else {
                buffer.append(contentsOf: buf[from..<to])
                if buffer.count >= 1 << 20 { drain() }
            }
        }

        mutating func bytes(_ b: [UInt8]) {
            buffer += b
            if buffer.count >= 1 << 20 { drain() }
        }

        /// What must precede a block placed at `at` so that it starts after a blank line (the
        /// rule of `LogAppender`): nothing at the start or after a blank line, one `\n` after a
        /// complete line, two after a cut-off one.
        mutating func separate(before buf: UnsafeBufferPointer<UInt8>, at: Int) {
            guard at > 0 else { return }
            if buf[at - 1] == 10 && (at == 1 || buf[at - 2] == 10) { return }
            bytes(buf[at - 1] == 10 ? [10] : [10, 10])
        }

        mutating func drain() {
            let pending = buffer
            buffer.removeAll(keepingCapacity: true)
            pending.withUnsafeBytes { write($0) }
        }

        mutating func write(_ raw: UnsafeRawBufferPointer) {
            guard error == nil, raw.count > 0 else { return }
            var done = 0
            while done < raw.count {
                let n = posixWrite(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    error = .io(operation: "cannot write", path: path, errno: errno)
                    return
                }
                done += n
            }
        }

        mutating func flush() throws {
            drain()
            if let error { throw error }
        }
    }
}
