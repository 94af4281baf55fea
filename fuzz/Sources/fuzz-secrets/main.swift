import PromptLog

// libFuzzer's driver, called from this program's own main (SwiftPM gives every executable its
// own entry point, so libFuzzer's main cannot be used). A broken invariant traps, and libFuzzer
// saves the input that broke it.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    if let broken = Invariants.secrets(bytes) {
        fatalError("secrets invariant broken: " + broken)
    }
    return 0
}
exit(status)
