/// libFuzzer's driver, entered from a Swift `main` (SwiftPM gives every executable a main of its
/// own, so libFuzzer's cannot be the entry point).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the command line's options and corpus folders, calling `body` for each
/// input; returns libFuzzer's exit status.
public func runFuzzer(_ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    return LLVMFuzzerRunDriver(&argc, &argv, body)
}
