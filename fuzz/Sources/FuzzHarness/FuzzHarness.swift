#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// libFuzzer's driver, called from each harness's own main (SwiftPM gives every executable its
// own entry point, so libFuzzer's main cannot be used).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// The check of the running harness: libFuzzer's callback is a C function and cannot capture it.
nonisolated(unsafe) private var check: ([UInt8]) -> String? = { _ in nil }

/// Runs libFuzzer with this program's arguments, feeding every input to `invariant`. A broken
/// invariant (a non-nil reason) traps, and libFuzzer saves the input that broke it.
public func fuzz(_ name: String, _ invariant: @escaping ([UInt8]) -> String?) -> Never {
    check = { bytes in invariant(bytes).map { "\(name) invariant broken: " + $0 } }
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
        if let broken = check(bytes) { fatalError(broken) }
        return 0
    }
    exit(status)
}
