#if FUZZING
import Foundation

/// The target and its scratch folder, chosen once from the environment:
/// libFuzzer's main owns the command line, and its callbacks are C
/// functions that cannot capture anything.
private let selected: (target: FuzzTarget, scratch: FuzzScratch) = {
    let name = ProcessInfo.processInfo.environment["DOCBROWSER_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget.named(name) else {
        let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
        fatalError("set DOCBROWSER_FUZZ_TARGET to one of: \(names)")
    }
    guard let scratch = try? FuzzScratch.make() else { fatalError("cannot make a scratch folder") }
    return (target, scratch)
}()

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { [UInt8](UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selected.target.run(input, selected.scratch)
    return 0
}
#endif
