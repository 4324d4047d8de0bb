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
