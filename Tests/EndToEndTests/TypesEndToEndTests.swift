import Foundation
import Testing

@Suite("types commands, run as a user would")
struct TypesEndToEndTests {
    @Test func lookupByExtensionNamesPDFWithItsConformances() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.run("types", "lookup", "--ext", "PDF", "--json")
        #expect(result.status == 0, "\(result)")
        let type = try #require(try result.json()["declaration"] as? [String: Any])
        #expect(type["identifier"] as? String == "com.adobe.pdf")
        let conformances = Set(try #require(type["conformances"] as? [String]))
        #expect(conformances == ["public.data", "public.composite-content", "public.content", "public.item"])
        #expect((type["mimeTypes"] as? [String])?.first == "application/pdf")
    }

    @Test func conformsExitsZeroForYesAndOneForNo() async throws {
        let sandbox = try Sandbox()
        let yes = try await sandbox.run("types", "conforms", "public.png", "public.image")
        #expect(yes.status == 0, "\(yes)")
        #expect(yes.standardOutput.hasPrefix("yes"))
        let no = try await sandbox.run("types", "conforms", "public.png", "public.text")
        #expect(no.status == 1, "\(no)")
        #expect(no.standardOutput.hasPrefix("no"))
        let reflexive = try await sandbox.run("types", "conforms", "public.png", "public.png")
        #expect(reflexive.status == 0)
    }

    @Test func conformsWithAnUnknownTypeIsNotFound() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.run("types", "conforms", "com.example.nothing", "public.data")
        #expect(result.status == 3, "\(result)")
        #expect(result.standardError.contains("com.example.nothing"))
        #expect(!result.standardError.contains("Fatal"))
    }

    @Test func multiPartExtensionBeatsItsLastPart() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.run("types", "lookup", "--ext", "tar.gz", "--json")
        let type = try #require(try result.json()["declaration"] as? [String: Any])
        #expect(type["identifier"] as? String == "org.gnu.gnu-zip-tar-archive")
        let path = try sandbox.write("x", to: "files/backup.tar.gz")
        let byPath = try await sandbox.run("types", "lookup", path.path, "--json")
        #expect((try byPath.json()["declaration"] as? [String: Any])?["identifier"] as? String == "org.gnu.gnu-zip-tar-archive")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/mime/packages/freedesktop.org.xml")))
    func sharedMimeInfoTypesAndAliasesResolve() async throws {
        let sandbox = try Sandbox()
        let cases = [
            ("application/vnd.oasis.opendocument.text", "org.oasis-open.opendocument.text"),
            ("application/x-pdf", "com.adobe.pdf"),
            ("application/vnd.sun.xml.base", "org.oasis-open.opendocument.database"),
            ("APPLICATION/PDF", "com.adobe.pdf"),
        ]
        for (mime, identifier) in cases {
            let result = try await sandbox.run("types", "lookup", "--mime", mime, "--json")
            #expect(result.status == 0, "\(result)")
            #expect((try result.json()["declaration"] as? [String: Any])?["identifier"] as? String == identifier, "\(mime)")
        }
    }

    @Test func unknownExtensionGetsAStableDynamicType() async throws {
        let sandbox = try Sandbox()
        let first = try await sandbox.run("types", "lookup", "--ext", "sql-unheard-of", "--json")
        let second = try await sandbox.run("types", "lookup", "--ext", "SQL-UNHEARD-OF", "--json")
        let type = try #require(try first.json()["declaration"] as? [String: Any])
        let identifier = try #require(type["identifier"] as? String)
        #expect(identifier.hasPrefix("dyn.a"))
        #expect(type["conformsTo"] as? [String] == ["public.data"])
        #expect((try second.json()["declaration"] as? [String: Any])?["identifier"] as? String == identifier)
        let shown = try await sandbox.run("types", identifier, "--json")
        #expect(shown.status == 0, "\(shown)")
        #expect((try shown.json()["filenameExtensions"] as? [String]) == ["sql-unheard-of"])
    }

    @Test func lookupOfAPathSniffsOnlyWhenTheNameSaysNothing() async throws {
        let sandbox = try Sandbox()
        let nameless = try sandbox.write("%PDF-1.7\n%rest", to: "files/scan-0042")
        let guessed = try await sandbox.run("types", "lookup", nameless.path, "--json").json()
        #expect((guessed["declaration"] as? [String: Any])?["identifier"] as? String == "com.adobe.pdf")
        #expect(guessed["typeWasGuessed"] as? Bool == true)

        let named = try sandbox.write("%PDF-1.7\n%rest", to: "files/notes.txt")
        let byName = try await sandbox.run("types", "lookup", named.path, "--json").json()
        #expect((byName["declaration"] as? [String: Any])?["identifier"] as? String == "public.plain-text")
        #expect(byName["typeWasGuessed"] as? Bool == false)

        let human = try await sandbox.run("types", "lookup", nameless.path)
        #expect(human.standardOutput.contains("guessed"))
    }

    @Test func lookupOfSeveralPathsPrintsALineEachAndGoesOnPastAMissingOne() async throws {
        let sandbox = try Sandbox()
        let pdf = try sandbox.write("%PDF-1.7\n", to: "files/report.pdf")
        let nameless = try sandbox.write("%PDF-1.7\n%rest", to: "files/scan-0042")
        let missing = sandbox.root.appending(path: "files/gone.txt")
        let notes = try sandbox.write("hello", to: "files/notes.txt")
        let result = try await sandbox.run(["types", "lookup", pdf.path, nameless.path, missing.path, notes.path])
        #expect(result.status == 3, "a missing path is not found: \(result)")
        #expect(result.standardOutput.split(separator: "\n") == [
            "\(pdf.path): com.adobe.pdf",
            "\(nameless.path): com.adobe.pdf (guessed)",
            "\(notes.path): public.plain-text",
        ])
        #expect(result.standardError.contains("gone.txt"), "\(result)")

        let json = try await sandbox.run(["types", "lookup", pdf.path, notes.path, "--json"]).jsonArray()
        #expect(json.map { ($0["query"] as? [String: String])?["path"] } == [pdf.path, notes.path])
        #expect(json.map { ($0["declaration"] as? [String: Any])?["identifier"] as? String } == ["com.adobe.pdf", "public.plain-text"])
    }

    @Test func filesFromReadsPathsByLineFromStandardInputAndByNULFromAFile() async throws {
        let sandbox = try Sandbox()
        let pdf = try sandbox.write("%PDF-1.7\n", to: "files/report.pdf")
        let newline = try sandbox.write("x", to: "files/two\nlines.png")
        let byLine = try await sandbox.run(["types", "lookup", "--files-from", "-"], input: "\(pdf.path)\n\n")
        #expect(byLine.status == 0, "\(byLine)")
        #expect(byLine.standardOutput == "\(pdf.path): com.adobe.pdf\n")

        let list = try sandbox.write("\(pdf.path)\0\(newline.path)\0", to: "list0")
        let byNUL = try await sandbox.run(["types", "lookup", "--files-from", list.path, "-0", "--json"])
        #expect(byNUL.status == 0, "\(byNUL)")
        let types = try byNUL.jsonArray().map { ($0["declaration"] as? [String: Any])?["identifier"] as? String }
        #expect(types == ["com.adobe.pdf", "public.png"], "a name holding a newline is one path with -0")

        let misuse = try await sandbox.run(["types", "lookup", pdf.path, "-0"])
        #expect(misuse.status == 2, "-0 without --files-from is a usage error: \(misuse)")
        let unreadable = try await sandbox.run(["types", "lookup", "--files-from", sandbox.root.appending(path: "no-list").path])
        #expect(unreadable.status == 3 && unreadable.standardError.contains("no-list"), "a missing list is not found: \(unreadable)")
    }

    @Test func lookupOfADirectoryTellsPackagesFromFolders() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("{\\rtf1}", to: "files/Letter.rtfd/TXT.rtf")
        _ = try sandbox.write("x", to: "files/Photos.pdf/inside.txt")
        let package = try await sandbox.run("types", "lookup", sandbox.root.appending(path: "files/Letter.rtfd").path, "--json").json()
        let packageType = try #require(package["declaration"] as? [String: Any])
        #expect(packageType["identifier"] as? String == "com.apple.rtfd")
        #expect(packageType["isPackage"] as? Bool == true)
        let folder = try await sandbox.run("types", "lookup", sandbox.root.appending(path: "files/Photos.pdf").path, "--json").json()
        #expect((folder["declaration"] as? [String: Any])?["identifier"] as? String == "public.folder")
    }

    @Test func lookupOfAMissingPathIsNotFound() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.run("types", "lookup", "/nonexistent/file.pdf")
        #expect(result.status == 3, "\(result)")
        #expect(result.standardError == "docbrowser: /nonexistent/file.pdf: no such file or directory\n")
    }

    @Test func lookupNeedsExactlyOneQueryAndIsAUsageErrorOtherwise() async throws {
        let sandbox = try Sandbox()
        let none = try await sandbox.run("types", "lookup")
        #expect(none.status == 2, "\(none)")
        let two = try await sandbox.run("types", "lookup", "--ext", "pdf", "--mime", "application/pdf")
        #expect(two.status == 2, "\(two)")
    }

    @Test func globalOptionsWorkBeforeAndAfterTheCommandName() async throws {
        let sandbox = try Sandbox()
        let before = try await sandbox.run("--json", "types", "lookup", "--ext", "png")
        let after = try await sandbox.run("types", "lookup", "--ext", "png", "--json")
        #expect(try before.json()["declaration"] as? [String: Any] != nil)
        #expect(before.standardOutput == after.standardOutput)
    }

    @Test func showListsEverySystemTypeAndOneTypeInDetail() async throws {
        let sandbox = try Sandbox()
        let all = try await sandbox.run("types", "--json").jsonArray()
        let identifiers = Set(all.compactMap { $0["identifier"] as? String })
        #expect(identifiers.filter { !$0.hasPrefix("org.freedesktop.mime.") }.count >= 150)
        #expect(identifiers.isSuperset(of: ["public.item", "com.apple.package", "public.json", "com.adobe.pdf", "org.7-zip.7-zip-archive"]))

        let json = try await sandbox.run("types", "public.json", "--json").json()
        #expect(json["conformsTo"] as? [String] == ["public.text"])
        let human = try await sandbox.run("types", "public.json")
        #expect(human.standardOutput.contains("public.text → public.data"))
    }

    @Test func registryIsPersistedAndRebuiltWhenASourceChanges() async throws {
        let sandbox = try Sandbox()
        let database = sandbox.home.appending(path: "Library/types.sqlite")
        _ = try await sandbox.run("types", "lookup", "--ext", "pdf")
        #expect(FileManager.default.fileExists(atPath: database.path))

        let unknown = try await sandbox.run("types", "lookup", "--ext", "blorb", "--json").json()
        #expect(((unknown["declaration"] as? [String: Any])?["identifier"] as? String)?.hasPrefix("dyn.") == true)

        // A handler manifest appearing in the home is a new source.
        _ = try sandbox.write(Fixtures.jsonManifest, to: "home/Handlers/blorb.json")
        let known = try await sandbox.run("types", "lookup", "--ext", "blorb", "--json").json()
        let type = try #require(known["declaration"] as? [String: Any])
        #expect(type["identifier"] as? String == "org.example.blorb")
        #expect(type["declaredBy"] as? String == "exported")

        let rebuild = try await sandbox.run("types", "rebuild", "--json").json()
        #expect((rebuild["typeCount"] as? Int ?? 0) >= 150)
        #expect((rebuild["sourceFiles"] as? [String])?.contains { $0.hasSuffix("Handlers/blorb.json") } == true)
    }

    @Test func aMalformedSourceIsReportedAndSkipped() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("<plist><dict><key>UTExportedTypeDeclarations</key><string>oops", to: "home/Handlers/broken.plist")
        _ = try sandbox.write(Fixtures.jsonManifest, to: "home/Handlers/blorb.json")
        let result = try await sandbox.run("types", "lookup", "--ext", "blorb", "--json")
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.contains("broken.plist"))
        #expect(result.standardError.contains("skipped"))
        #expect((try result.json()["declaration"] as? [String: Any])?["identifier"] as? String == "org.example.blorb")
        let rebuild = try await sandbox.run("types", "rebuild", "--json").json()
        #expect((rebuild["problems"] as? [String])?.first?.contains("broken.plist") == true)
    }

    @Test(arguments: ["xml1", "binary1"])
    func aRealAppInfoPlistRegistersUnedited(format: String) async throws {
        let sandbox = try Sandbox()
        let manifest = try sandbox.write(Fixtures.appInfoPlist, to: "home/Handlers/Sketchbook.handler/Info.plist")
        if format == "binary1" {
            try Fixtures.convertToBinaryPropertyList(manifest)
        }
        let result = try await sandbox.run("types", "lookup", "--ext", "sketchbook", "--json")
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.isEmpty, "\(result)")
        let type = try #require(try result.json()["declaration"] as? [String: Any])
        #expect(type["identifier"] as? String == "com.example.sketchbook.drawing")
        #expect(type["isPackage"] as? Bool == true)
        #expect(Set(type["conformances"] as? [String] ?? []).isSuperset(of: ["com.apple.package", "public.composite-content"]))
        let imported = try await sandbox.run("types", "lookup", "--ext", "brush", "--json").json()
        #expect((imported["declaration"] as? [String: Any])?["declaredBy"] as? String == "imported")
    }

    @Test func rebuildIsSilentWithQuietAndAHomeThatCannotBeMadeSaysWhyInOneLine() async throws {
        let sandbox = try Sandbox()
        let quiet = try await sandbox.run("types", "rebuild", "-q")
        #expect(quiet.status == 0, "\(quiet)")
        #expect(quiet.standardOutput.isEmpty, "-q prints nothing: \(quiet.standardOutput)")
        let loud = try await sandbox.run("types", "rebuild")
        #expect(loud.standardOutput.hasPrefix("Rebuilt the type registry"), "\(loud)")

        let file = try sandbox.write("not a folder", to: "plain-file")
        let result = try await sandbox.run(["--home", file.path, "list"])
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError == "docbrowser: \(file.path)/Library/types.sqlite: \(file.path)/Library: Not a directory\n", "\(result)")
    }

    @Test("a file of text in a legacy 8-bit encoding is plain text, as GIO finds")
    func legacyEightBitText() async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell("printf 'Caf\\351 au lait, 5 \\200\\n' > menu")
        let menu = sandbox.root.appending(path: "menu").path
        let lookup = try await sandbox.run("types", "lookup", menu, "--json")
        let answer = try lookup.json()
        #expect((answer["declaration"] as? [String: Any])?["identifier"] as? String == "public.plain-text", "\(lookup)")
        #expect(answer["evidence"] as? String == "text in an 8-bit encoding (not UTF-8) without control characters")
        let gio = try await sandbox.tool("gio", ["info", "-a", "standard::content-type", menu])
        #expect(gio.output.contains("standard::content-type: text/plain"), "\(gio.output)")
    }

    @Test("Apple's Flash video, Windows Media and compiled AppleScript types are known by their extensions", arguments: [
        ("flv", "com.adobe.flash.video", "public.movie"), ("wm", "com.microsoft.windows-media-wm", "public.movie"),
        ("scpt", "com.apple.applescript.script", "public.data"),
    ])
    func appleTypesOnceMissing(ext: String, type: String, supertype: String) async throws {
        let sandbox = try Sandbox()
        let lookup = try await sandbox.run("types", "lookup", "--ext", ext, "--json")
        let declaration = try #require(try lookup.json()["declaration"] as? [String: Any])
        #expect(declaration["identifier"] as? String == type, "\(lookup)")
        #expect((declaration["conformances"] as? [String])?.contains(supertype) == true, "\(declaration)")
    }
}
