/// Runs work on several threads with plain pthreads (no Foundation, no Dispatch: both would
/// cost start-up time on every `prompthist`).
public enum Parallel {
    /// Online processors, at least 1; `PLOG_THREADS` (1-64) overrides, for measuring.
    static let cores: Int = {
        if let v = getenv("PLOG_THREADS").map({ String(cString: $0) }), let n = Int(v), (1...64).contains(n) {
            return n
        }
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }()

    private final class Job {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Calls `body(i)` for every `i` in `0..<count`, `body(0)` on the calling thread and the
    /// others on new threads, and returns when all are done. Falls back to running in turn
    /// when a thread cannot be created.
    static func forEach(_ count: Int, _ body: @escaping (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        #if canImport(Darwin)
        var threads: [pthread_t?] = []
        #else
        var threads: [pthread_t] = []
        #endif
        var ranInline: [Int] = []
        for i in 1..<count {
            let job = Unmanaged.passRetained(Job { body(i) }).toOpaque()
            #if canImport(Darwin)
            var t: pthread_t? = nil
            #else
            var t = pthread_t()
            #endif
            let rc = pthread_create(&t, nil, { raw in
                let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
                job.body()
                return nil
            }, job)
            if rc == 0 {
                threads.append(t)
            } else {
                Unmanaged<Job>.fromOpaque(job).release()
                ranInline.append(i)
            }
        }
        body(0)
        for i in ranInline { body(i) }
        for t in threads {
            #if canImport(Darwin)
            if let t { pthread_join(t, nil) }
            #else
            pthread_join(t, nil)
            #endif
        }
    }

    /// Runs `a` on a new thread and `b` on this one, and returns both results (in turn when no
    /// thread can be created).
    public static func both<A, B>(_ a: () -> A, _ b: () -> B) -> (A, B) {
        withoutActuallyEscaping(a) { a in
            withoutActuallyEscaping(b) { b in
                // Each thread sets only its own result; forEach joins before they are read.
                var first: A? = nil, second: B? = nil
                forEach(2) { i in
                    if i == 0 { second = b() } else { first = a() }
                }
                return (first!, second!)
            }
        }
    }

    /// `body` over `0..<count` in parallel, results in index order; the first error (by index) is rethrown.
    static func map<T>(_ count: Int, _ body: @escaping (Int) throws -> T) throws -> [T] {
        // Each thread initialises only its own slot.
        let slots = UnsafeMutablePointer<Result<T, Error>>.allocate(capacity: count)
        defer {
            slots.deinitialize(count: count)
            slots.deallocate()
        }
        forEach(count) { i in
            let r: Result<T, Error>
            do { r = .success(try body(i)) } catch { r = .failure(error) }
            (slots + i).initialize(to: r)
        }
        return try (0..<count).map { try slots[$0].get() }
    }
}
