import ArchiveChecks
import Foundation
import CArchive

/// The cover image an EPUB names: `META-INF/container.xml` gives the
/// package document; in it, EPUB 3's manifest item whose `properties`
/// hold `cover-image`, else EPUB 2's `<meta name="cover" content="ID"/>`
/// and the item of that id. Both files are read whole only up to a cap,
/// and their markup is scanned for the few tags and attributes that say
/// this, not parsed as a document.
enum EpubCover {
    /// The most bytes of `container.xml` or the package document read.
    static let documentCap = 1 << 20

    /// The cover's entry name, or `nil` when the archive names none.
    static func entryName(in archive: ArchiveReader) throws(PluginFailure) -> String? {
        guard let container = try read("META-INF/container.xml", from: archive.reopened()),
              let rootfile = tags(in: container).first(where: { $0.name == "rootfile" })?.attributes["full-path"],
              let package = try read(rootfile, from: archive.reopened()) else { return nil }
        let packageTags = tags(in: package)
        let items = packageTags.filter { $0.name == "item" }
        var href = items.first { ($0.attributes["properties"] ?? "").split(separator: " ").contains("cover-image") }?.attributes["href"]
        if href == nil, let id = packageTags.first(where: { $0.name == "meta" && $0.attributes["name"] == "cover" })?.attributes["content"] {
            href = items.first { $0.attributes["id"] == id }?.attributes["href"]
        }
        guard let href, !href.contains(":") else { return nil }
        return resolve(percentDecoded(href), relativeTo: rootfile)
    }

    /// The data of the regular entry `name`, or `nil` when there is none
    /// or it is larger than ``documentCap``.
    static func read(_ name: String, from archive: ArchiveReader) throws(PluginFailure) -> String? {
        let wanted = Array(name.utf8)
        while let entry = try archive.next() {
            guard archive_entry_filetype(entry) == EntryType.regular, archive.name(of: entry) == wanted else { continue }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { archive_read_data(archive.handle, $0.baseAddress, $0.count) }
                guard count >= 0 else { throw archive.damaged() }
                if count == 0 { return String(decoding: bytes, as: UTF8.self) }
                bytes += buffer[..<count]
                if bytes.count > documentCap { return nil }
            }
        }
        return nil
    }

    struct Tag {
        var name: String
        var attributes: [String: String]
    }

    /// The start tags of some markup, names without their namespace
    /// prefix, attribute values with the five predefined entities decoded.
    static func tags(in text: String) -> [Tag] {
        var tags: [Tag] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: ">") else { break }
            let body = rest[..<close]
            rest = rest[rest.index(after: close)...]
            guard let first = body.first, first.isLetter else { continue }
            let nameEnd = body.firstIndex { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "/" } ?? body.endIndex
            let name = body[..<nameEnd].split(separator: ":").last.map(String.init) ?? ""
            tags.append(Tag(name: name, attributes: attributes(body[nameEnd...])))
        }
        return tags
    }

    private static func attributes(_ text: Substring) -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = text
        while let equals = rest.firstIndex(of: "=") {
            let key = rest[..<equals].trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n/")).split(separator: ":").last.map(String.init) ?? ""
            rest = rest[rest.index(after: equals)...].drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { break }
            rest = rest.dropFirst()
            guard let end = rest.firstIndex(of: quote) else { break }
            if attributes[key] == nil { attributes[key] = entitiesDecoded(rest[..<end]) }
            rest = rest[rest.index(after: end)...]
        }
        return attributes
    }

    private static func entitiesDecoded(_ text: Substring) -> String {
        var result = String(text)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result
    }

    private static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next(), let low = iterator.next(),
                  let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return text }
            bytes.append(value)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `href` taken relative to the folder of `document`, `.` and `..`
    /// resolved; a `..` above the archive's top is dropped, which names
    /// an entry that is not there rather than anything outside.
    static func resolve(_ href: String, relativeTo document: String) -> String {
        var components = document.split(separator: "/").dropLast().map(String.init)
        for part in href.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = components.popLast(); continue }
            components.append(String(part))
        }
        return components.joined(separator: "/")
    }
}
