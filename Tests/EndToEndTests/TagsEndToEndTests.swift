import Foundation
import Testing

/// `tag` and `list --tag` with the built binary, against the attr tools'
/// `setfattr` and `getfattr`, which read and write `user.xdg.tags` as the
/// desktops do.
@Suite("tag and list --tag")
struct TagsEndToEndTests {
    @Test("tags set by setfattr are shown and listed; tags set by docbrowser read back with getfattr, in both locations")
    func interoperatesWithAttr() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("n", to: "home/Documents/Notes.txt")
        _ = try sandbox.write("d", to: "home/Cloud/Documents/Deck.txt")
        _ = try sandbox.write("o", to: "home/Documents/Other.txt")
        try await sandbox.shell("setfattr -n user.xdg.tags -v 'a,b' home/Documents/Notes.txt")

        let shown = try await sandbox.run("tag", "Notes.txt", "Deck.txt")
        #expect(shown.standardOutput == "local:Notes.txt: a, b\ncloud:Deck.txt: no tags\n", "\(shown)")
        let changed = try await sandbox.run("tag", "Notes.txt", "Deck.txt", "+work", "-a", "+b")
        #expect(changed.status == 0, "\(changed)")
        #expect(changed.standardOutput == "local:Notes.txt: b, work\ncloud:Deck.txt: work, b\n", "\(changed)")
        try await sandbox.shell("getfattr --only-values -n user.xdg.tags home/Documents/Notes.txt > notes.tags && getfattr --only-values -n user.xdg.tags home/Cloud/Documents/Deck.txt > deck.tags")
        #expect(try String(contentsOf: sandbox.root.appending(path: "notes.tags"), encoding: .utf8) == "b,work")
        #expect(try String(contentsOf: sandbox.root.appending(path: "deck.tags"), encoding: .utf8) == "work,b")

        let listed = try await sandbox.run("list", "--tag", "work", "--json")
        #expect(try listed.jsonArray().compactMap { $0["name"] as? String } == ["Deck.txt", "Notes.txt"], "\(listed)")
        let none = try await sandbox.run("list", "--tag", "a")
        #expect(none.standardOutput == "", "\(none)")
        #expect(none.standardError == "docbrowser: no documents\n", "\(none)")
    }

    @Test("a name needing escapes shows as list shows it, and so does a tag with a newline; JSON keeps both as they are")
    func escapedNames() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("o", to: "home/Documents/Two\nlines.txt")
        let tagged = try await sandbox.run("tag", "Two\nlines.txt", "+x\ny")
        #expect(tagged.standardOutput == "local:Two␊lines.txt: x␊y\n", "\(tagged)")
        let json = try await sandbox.run("tag", "Two\nlines.txt", "--json")
        #expect(json.standardOutput == #"{"document":"local:Two\nlines.txt","event":"tags","path":"\#(sandbox.localDocuments.path)/Two\nlines.txt","tags":["x\ny"]}"# + "\n", "\(json)")
        let listed = try await sandbox.run("list", "--tag", "x\ny")
        #expect(listed.standardOutput.contains("Two␊lines.txt"), "\(listed)")
    }

    @Test("a comma in a tag is refused with one line and exit 6, a missing document with exit 3, a symbolic link with exit 5; -- ends the options")
    func refusals() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("n", to: "home/Documents/Notes.txt")
        let comma = try await sandbox.run("tag", "Notes.txt", "+a,b")
        #expect(comma.status == 6, "\(comma)")
        #expect(comma.standardError == "docbrowser: a,b: not a valid tag name: it contains a comma, which separates tags\n", "\(comma)")
        let missing = try await sandbox.run("tag", "Missing.txt", "+a")
        #expect(missing.status == 3, "\(missing)")
        try FileManager.default.createSymbolicLink(atPath: sandbox.localDocuments.appending(path: "Link.txt").path, withDestinationPath: "Notes.txt")
        let link = try await sandbox.run("tag", "Link.txt", "+a")
        #expect(link.status == 5, "\(link)")
        #expect(link.standardError == "docbrowser: \(sandbox.localDocuments.path)/Link.txt: a symbolic link cannot have tags; tag the document it points to\n", "\(link)")
        let shown = try await sandbox.run("tag", "Notes.txt", "Link.txt")
        #expect(shown.standardOutput == "local:Notes.txt: no tags\nlocal:Link.txt: no tags\n", "\(shown)")
        let added = try await sandbox.run("tag", "Notes.txt", "--", "+-v")
        #expect(added.standardOutput == "local:Notes.txt: -v\n", "\(added)")
        let removed = try await sandbox.run("tag", "Notes.txt", "--", "--v")
        #expect(removed.standardOutput == "local:Notes.txt: no tags\n", "\(removed)")
    }
}
