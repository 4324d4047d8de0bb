import DocBrowserReports
import DocKit
import Foundation
import Hummingbird

/// A document's bytes: a file as itself, a package as a zip made by the
/// archiver. Always an attachment, unless asked inline, and then under a
/// `sandbox` policy: a synced HTML or SVG file never runs script in the
/// app's origin.
struct DocumentContent: Sendable {
    let services: WebServices

    func response(for document: Document, inline: Bool) async throws -> Response {
        if document.isSymbolicLink || document.isFolder || document.states.contains(.notDownloaded) {
            throw APIError.notFound("\(document.qualifiedName) has no bytes to download here")
        }
        if document.isPackage {
            let zip = try await ArchiveDownload(services: services).zip([document.path])
            return zip.response(filename: document.name + ".zip")
        }
        let file = try openInsideLocation(document)
        var headers: HTTPFields = [
            .contentDisposition: Self.disposition(inline ? "inline" : "attachment", filename: document.name),
            .contentType: inline ? mimeType(of: document) : "application/octet-stream",
        ]
        if inline {
            headers[.contentSecurityPolicy] = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'"
            headers[HTTPField.Name("X-Frame-Options")!] = "SAMEORIGIN"
        }
        return Response(status: .ok, headers: headers, body: Self.stream(file.handle, size: file.size))
    }

    /// The file opened without following a link at its end, checked to be
    /// a regular file whose folder's real path lies inside its location's
    /// Documents folder: a link planted on the way never leads out.
    private func openInsideLocation(_ document: Document) throws -> (handle: FileHandle, size: Int) {
        let root = services.catalog.locations.documentsDirectory(document.location).resolvingSymbolicLinks()
        let folder = document.path.deletingLastComponent.resolvingSymbolicLinks()
        guard let root, let folder, folder == root || folder.bytes.starts(with: root.bytes + [UInt8(ascii: "/")]) else {
            throw APIError.notFound()
        }
        let descriptor = document.path.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { throw APIError.notFound() }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw APIError.notFound()
        }
        return (FileHandle(fileDescriptor: descriptor, closeOnDealloc: true), Int(status.st_size))
    }

    private func mimeType(of document: Document) -> String {
        services.registry.type(withIdentifier: document.type)?.mimeTypes.first ?? "application/octet-stream"
    }

    static func stream(_ handle: FileHandle, size: Int?) -> ResponseBody {
        ResponseBody(contentLength: size) { writer in
            // Never more than the length promised: a file a sync engine
            // grows meanwhile would put its extra bytes on the connection,
            // where the next response is read.
            var remaining = size ?? Int.max
            while remaining > 0, let chunk = try handle.read(upToCount: min(1 << 16, remaining)), !chunk.isEmpty {
                remaining -= chunk.count
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try handle.close()
            // One that shrank cannot fill it: the connection ends instead
            // of leaving the client waiting for bytes that never come.
            if size != nil, remaining > 0 { throw CancellationError() }
            try await writer.finish(nil)
        }
    }

    /// RFC 6266 with RFC 5987's `filename*` for the real name, and an
    /// ASCII stand-in for clients that know only `filename`.
    static func disposition(_ kind: String, filename: String) -> String {
        let fallback = String(filename.unicodeScalars.map { scalar in
            scalar.isASCII && scalar.value >= 0x20 && scalar != "\"" && scalar != "\\" && scalar.value != 0x7F ? Character(scalar) : "_"
        })
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&+-.^_`|~".utf8)
        let encoded = filename.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
        return "\(kind); filename=\"\(fallback)\"; filename*=UTF-8''\(encoded)"
    }
}
