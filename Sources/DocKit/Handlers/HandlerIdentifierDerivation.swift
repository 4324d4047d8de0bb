import Foundation

/// An identifier for a handler whose manifest gives none that can be used.
/// Real Info.plists come from source trees, where `CFBundleIdentifier` is
/// a build setting (`$(PRODUCT_BUNDLE_IDENTIFIER)`, `${MACOSX_BUNDLE_GUI_IDENTIFIER}`,
/// `%MOZ_MACBUNDLE_ID%`) that Xcode, CMake or a build script fills in, or is
/// left out for the build to add.
///
/// The name comes from the bundle or the file: `Sketch.handler`,
/// `Sketch.app/Contents/Info.plist` and `Sketch-Info.plist` all give
/// `Sketch`. A literal reverse-DNS prefix is kept
/// (`com.macromates.${TARGET_NAME}` gives `com.macromates.TextMate`);
/// otherwise the name goes under `local.`, which no real bundle uses. The
/// same file always gives the same identifier.
enum HandlerIdentifierDerivation {
    static let localPrefix = "local."

    static func identifier(declared: String?, manifestURL: URL, bundleURL: URL?) -> String {
        let name = sanitized(baseName(manifestURL: manifestURL, bundleURL: bundleURL))
        if let declared, let prefix = literalPrefix(of: declared) {
            let candidate = prefix + name
            if HandlerManifest.isValidIdentifier(candidate) { return candidate }
        }
        return localPrefix + name
    }

    /// `$(NAME)`, `${NAME}` or `%NAME%`, anywhere in the value.
    static func isPlaceholder(_ value: String) -> Bool {
        value.contains("$(") || value.contains("${") || containsPercentName(Array(value.utf8))
    }

    /// `%NAME%`, a name being a letter or `_` and then letters, digits or
    /// `_`. Scanned on the bytes: a regular expression was compiled anew
    /// for every manifest read, a tenth of `info`.
    private static func containsPercentName(_ bytes: [UInt8]) -> Bool {
        func startsName(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "_") }
        func continuesName(_ byte: UInt8) -> Bool { startsName(byte) || (0x30...0x39).contains(byte) }
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%"), index + 1 < bytes.count, startsName(bytes[index + 1]) else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, continuesName(bytes[end]) { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "%") { return true }
            index = end
        }
        return false
    }

    /// The reverse-DNS part written out before the first placeholder, when
    /// it ends at a dot: `com.macromates.` of `com.macromates.${TARGET_NAME}`.
    private static func literalPrefix(of declared: String) -> String? {
        let markers = ["$(", "${", "%"].compactMap { declared.range(of: $0)?.lowerBound }
        guard let first = markers.min() else { return nil }
        let prefix = String(declared[..<first])
        guard prefix.hasSuffix("."), prefix.count > 1, HandlerManifest.isValidIdentifier(String(prefix.dropLast())) else { return nil }
        return prefix
    }

    private static func baseName(manifestURL: URL, bundleURL: URL?) -> String {
        if let bundleURL { return bundleURL.deletingPathExtension().lastPathComponent }
        var stem = manifestURL.deletingPathExtension().lastPathComponent
        for suffix in ["-Info", "_Info", ".Info"] where stem.count > suffix.count && stem.hasSuffix(suffix) {
            stem.removeLast(suffix.count)
        }
        guard stem == "Info" else { return stem }
        // `X.app/Contents/Info.plist`, or an Info.plist in a folder named
        // after its app.
        var folder = manifestURL.deletingLastPathComponent()
        if folder.lastPathComponent == "Contents" { folder = folder.deletingLastPathComponent() }
        let name = folder.deletingPathExtension().lastPathComponent
        return name.isEmpty || name == "/" ? "app" : name
    }

    /// ASCII letters, digits and `-`; anything else becomes `-`.
    private static func sanitized(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            let allowed = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-")
            if allowed {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("-") {
                result.append("-")
            }
        }
        let trimmed = result.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return trimmed.isEmpty ? "app" : String(trimmed.prefix(100))
    }
}
