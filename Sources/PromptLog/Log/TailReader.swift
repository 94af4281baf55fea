/// Reading the newest blocks of a log without reading all of it.
public enum TailReader {
    /// The newest `count` blocks, oldest first. Maps the log and walks back from its end, so
    /// the cost is the size of those blocks, not of the log.
    public static func lastBlocks(_ count: Int, path: String, countLines: Bool = false) throws -> [Block] {
        guard count > 0 else { return [] }
        let file = try MappedFile(path: path)
        return file.withBytes { buf in
            var spans: [BlockSpan] = []
            var end = buf.count
            while spans.count < count, end > 0, let start = LogScanner.headerAtOrBefore(buf, end - 1) {
                spans.append(BlockSpan(offset: start, end: end, headerEnd: LogScanner.lineEnd(buf, from: start), line: 0))
                end = start
            }
            spans.reverse()
            if countLines, let first = spans.first {
                var line = LogScanner.countNewlines(buf, from: 0, to: first.offset) + 1
                for i in spans.indices {
                    spans[i].line = line
                    line += LogScanner.countNewlines(buf, from: spans[i].offset, to: spans[i].end)
                }
            }
            return spans.map { LogParser.block(buf, $0) }
        }
    }
}
