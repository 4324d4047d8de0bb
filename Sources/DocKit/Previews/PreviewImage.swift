import Foundation

/// The picture a front end shows for a document: for an image, the file
/// itself; for a PDF, its first page rendered by poppler's `pdftoppm` (a
/// separate process, within the tools' time limit) into a folder of the
/// caller's. One function decides which, so that the thumbnail service
/// can take its place without the front ends changing.
public struct PreviewImage: Sendable, Hashable {
    /// The image file.
    public var path: RawPath
    /// `true` when the file is a PNG, which the kitty protocol takes as it is.
    public var isPNG: Bool

    /// The side of the rendered page in pixels: enough for a terminal's
    /// inline image, small enough to render in a moment.
    public static let renderedSize = 512
    /// A PNG of a 512-pixel page is some hundreds of kilobytes.
    static let renderOutputCap = 1 << 20

    /// The picture to show for a document, or nil when there is none.
    ///
    /// - Parameters:
    ///   - subject: The document.
    ///   - registry: The registry that tells an image or a PDF by its type.
    ///   - tools: Where `pdftoppm` is found and how long it may run.
    ///   - scratch: A folder of the caller's, where a rendered page is written; the caller removes it.
    /// - Returns: The image, or nil for a document that is neither an image nor a PDF.
    /// - Throws: An error that describes itself in one line when a PDF's page cannot be rendered (poppler missing, failing or too slow).
    public static func image(for subject: PreviewSubject, registry: TypeRegistry, tools: PreviewTools, scratch: URL) async throws -> PreviewImage? {
        guard subject.fileKind == .regular, !subject.isPlaceholder else { return nil }
        if registry.conforms(subject.type, to: UTType.image) {
            return PreviewImage(path: subject.path, isPNG: registry.conforms(subject.type, to: "public.png"))
        }
        guard registry.conforms(subject.type, to: "com.adobe.pdf") else { return nil }
        let output = scratch.appending(path: "page").path
        let source = PluginPreviewer.absolute(subject.path).description
        _ = try await tools.run("pdftoppm", ["-png", "-f", "1", "-l", "1", "-singlefile", "-scale-to", String(renderedSize), source, output],
                                outputCap: renderOutputCap)
        let rendered = RawPath(output + ".png")
        guard (try? FileStatus.of(rendered))??.kind == .regular else {
            throw ToolProcess.Failure.exited(tool: "pdftoppm", status: 0, diagnostic: "it wrote no page")
        }
        return PreviewImage(path: rendered, isPNG: true)
    }

    /// The image drawn by chafa (Debian's `chafa`) for a terminal that
    /// shows sixel graphics or only characters, as a separate process
    /// within the tools' time limit.
    ///
    /// - Parameters:
    ///   - format: `sixel` or `symbols`, as chafa's `-f` takes them.
    ///   - columns: The width in character cells.
    ///   - rows: The height in character cells.
    ///   - tools: Where chafa is found and how long it may run.
    /// - Returns: What chafa wrote: escapes and characters for the terminal.
    /// - Throws: An error that describes itself in one line when chafa is missing, fails or is too slow.
    public func drawn(as format: String, columns: Int, rows: Int, tools: PreviewTools) async throws -> [UInt8] {
        try await tools.run("chafa", ["-f", format, "--size", "\(columns)x\(rows)", "--animate", "off", "--polite", "on",
                                      PluginPreviewer.absolute(path).description], outputCap: 16 << 20)
    }
}
