import Foundation

// embed-shared-data OUTPUT ROOT NAME...: writes a Swift source declaring
// `BundledFile.all`, each named file under ROOT as a raw string literal.
// String literals, not byte arrays: the type checker takes seconds over a
// large array literal and none over a string.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("embed-shared-data: \(message)\n".utf8))
    exit(1)
}

/// The fewest `#` that no `"` or `\` in the text is followed by, so that
/// nothing in it ends the literal or starts an escape.
func delimiter(for text: String) -> String {
    var longest = 0
    var run: Int?
    for scalar in text.unicodeScalars {
        if scalar == "#", let current = run {
            run = current + 1
            longest = max(longest, current + 1)
        } else {
            run = scalar == "\"" || scalar == "\\" ? 0 : nil
        }
    }
    return String(repeating: "#", count: longest + 1)
}

/// Writes OUTPUT from the files NAME... under ROOT.
func embed(_ arguments: ArraySlice<String>) {
    guard arguments.count >= 2 else {
        FileHandle.standardError.write(Data("usage: embed-shared-data OUTPUT ROOT NAME...\n".utf8))
        exit(64)
    }
    let output = URL(fileURLWithPath: arguments[arguments.startIndex])
    let root = URL(fileURLWithPath: arguments[arguments.startIndex + 1], isDirectory: true)
    var source = """
        // Generated at build time by BuildTools/embed-shared-data from
        // share/docbrowser; edit those files, not this one.

        extension BundledFile {
            static let all: [BundledFile] = [

        """
    for name in arguments.dropFirst(2) {
        let file = root.appending(path: name)
        guard let data = FileManager.default.contents(atPath: file.path) else { fail("\(file.path): cannot be read") }
        guard let text = String(data: data, encoding: .utf8) else { fail("\(file.path): is not UTF-8") }
        // A multi-line literal turns CR LF into LF: the text would not be the file's.
        guard !text.contains("\r") else { fail("\(file.path): holds a carriage return") }
        let hashes = delimiter(for: text)
        source += "        BundledFile(name: \"\(name)\", text: \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)),\n"
    }
    source += "    ]\n}\n"
    do {
        try Data(source.utf8).write(to: output, options: .atomic)
    } catch {
        fail("\(output.path): cannot be written (\(error.localizedDescription))")
    }
}

#if FUZZING
// `make fuzz` builds every executable with -sanitize=fuzzer, this build
// tool too, and libFuzzer's main then is the program's: the tool does its
// work in libFuzzer's first callback and leaves before any fuzzing, by
// _exit, so that the leak checker does not fail the build over Swift's
// runtime caches.
@_cdecl("LLVMFuzzerInitialize")
func fuzzerInitialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutableRawPointer) -> Int32 {
    embed(CommandLine.arguments.dropFirst())
    _exit(0)
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    0
}
#else
@main
enum EmbedSharedDataTool {
    static func main() {
        embed(CommandLine.arguments.dropFirst())
    }
}
#endif
