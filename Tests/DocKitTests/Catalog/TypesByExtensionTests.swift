import Foundation
import Testing
@testable import DocKit

@Suite("TypesByExtension")
struct TypesByExtensionTests {
    static let registry = SystemTypes.registry

    /// Names that share extensions and differ elsewhere, in the ways the
    /// registry's candidates care about: compound extensions, case,
    /// leading and doubled dots, none at all, and names beyond ASCII.
    static let names: [String] = {
        let stems = ["a", "Report", ".hidden", "..dots", "x.y", "back.up", "", "é", "data 2", "a..b", "\r\n"]
        let extensions = ["", ".txt", ".TXT", ".tar.gz", ".b.tar.gz", ".x.b.tar.gz", ".pdf", ".png", ".Md", ".", "..", ".app", ".bundle", ".docx",
                          ".plist", ".zzz", ".tar.zzz", ".gz", ".é", ".tar.GZ", ".json", ".key", ".pages", "\r\n.txt", ".t\r\nxt"]
        return stems.flatMap { stem in extensions.map { stem + $0 } }
    }()

    @Test("types and display names are the registry's, whatever the order names come in")
    func answersAsTheRegistry() {
        let cache = TypesByExtension(registry: Self.registry)
        for name in Self.names.shuffled() + Self.names.shuffled() {
            for isDirectory in [false, true] {
                let expected = Self.registry.type(forFileName: name, isDirectory: isDirectory)
                #expect(cache.type(forFileName: name, isDirectory: isDirectory) == expected, "\(name.debugDescription)")
                let displayName = TypesByExtension.displayName(of: name, type: expected.identifier, registry: Self.registry)
                #expect(cache.displayName(of: name, type: expected.identifier) == displayName, "\(name.debugDescription)")
            }
        }
    }

    @Test("a display name for a type other than the name's (one its content gave it) is the registry's, before and after the name's own, and with more extensions than are kept apart")
    func displayNamesOfOtherTypes() {
        let cache = TypesByExtension(registry: Self.registry)
        let extensions = ["txt", "png", "pdf", "md", "jpg", "json", "zzz", "tar.gz", "gz", "docx", "key", "plist"]
        #expect(extensions.count > TypesByExtension.recentCount)
        let otherTypes = ["public.png", "public.plain-text", "public.data", "com.adobe.pdf"]
        for round in 0..<3 {
            for (index, ext) in extensions.enumerated() {
                let name = "Note \(round)-\(index).\(ext)"
                let own = cache.type(forFileName: name, isDirectory: false).identifier
                for type in [otherTypes[(index + round) % otherTypes.count], own, otherTypes[index % otherTypes.count]] {
                    let expected = TypesByExtension.displayName(of: name, type: type, registry: Self.registry)
                    #expect(cache.displayName(of: name, type: type) == expected, "\(name) as \(type)")
                }
                // A name asked about without its type being asked first.
                let other = "Other \(round).\(ext)"
                #expect(cache.displayName(of: other, type: own) == TypesByExtension.displayName(of: other, type: own, registry: Self.registry))
            }
        }
    }

    @Test("an answer kept apart serves the next name of its extension, and the display name it dropped is kept for that type only")
    func answersKeptApart() {
        let cache = TypesByExtension(registry: Self.registry)
        let asked: [(name: String, type: String?)] = [
            ("One.txt", nil), ("Two.txt", nil), ("Three.txt", "public.png"), ("Four.txt", nil), ("Five.md", nil), ("Six.txt", "public.data"),
            ("Seven.txt", nil), ("archive.tar.gz", nil), ("other.tar.gz", nil), ("Eight.txt", nil),
        ]
        for (name, other) in asked {
            let own = cache.type(forFileName: name, isDirectory: false)
            #expect(own == Self.registry.type(forFileName: name, isDirectory: false), "\(name)")
            let type = other ?? own.identifier
            #expect(cache.displayName(of: name, type: type) == TypesByExtension.displayName(of: name, type: type, registry: Self.registry), "\(name) as \(type)")
        }
    }

    @Test("a name canonically equal to the last one asked, but with other bytes, is not taken for it")
    func canonicalEquivalentsAreOtherNames() {
        let cache = TypesByExtension(registry: Self.registry)
        // The Kelvin sign lowercases to `k`: both names name the same type,
        // by extensions of different byte counts.
        let ascii = "Slides.Key"
        let kelvin = "Slides.\u{212A}ey"
        #expect(ascii == kelvin, "Swift compares canonical equivalents as equal")
        let type = cache.type(forFileName: ascii, isDirectory: false).identifier
        #expect(type == Self.registry.type(forFileName: kelvin, isDirectory: false).identifier)
        #expect(cache.displayName(of: ascii, type: type) == TypesByExtension.displayName(of: ascii, type: type, registry: Self.registry))
        _ = cache.type(forFileName: ascii, isDirectory: false)
        let expected = TypesByExtension.displayName(of: kelvin, type: type, registry: Self.registry)
        #expect(Array(cache.displayName(of: kelvin, type: type).utf8) == Array(expected.utf8))
    }

    @Test("names beyond ASCII anywhere in their bytes are not keyed, wherever the byte lies in an eight-byte word")
    func asciiCheck() {
        for position in 0..<17 {
            var bytes = Array("abcdefghijklmnop.txt".utf8)
            bytes.insert(contentsOf: Array("é".utf8), at: position)
            let name = String(decoding: bytes, as: UTF8.self)
            #expect(TypesByExtension.extensions(of: name) == nil, "\(name)")
        }
        #expect(TypesByExtension.extensions(of: "abcdefghijklmnop.txt") == "txt")
    }

    @Test("the key is the last three parts at most, after any leading dots")
    func extensionsKey() {
        #expect(TypesByExtension.extensions(of: "a.b.tar.gz") == "b.tar.gz")
        #expect(TypesByExtension.extensions(of: "w.a.b.tar.gz") == "b.tar.gz")
        #expect(TypesByExtension.extensions(of: "a.txt") == "txt")
        #expect(TypesByExtension.extensions(of: ".bashrc") == "")
        #expect(TypesByExtension.extensions(of: "..x.txt") == "txt")
        #expect(TypesByExtension.extensions(of: "plain") == "")
        #expect(TypesByExtension.extensions(of: "résumé.txt") == nil)
    }
}
