import Foundation
import Testing

@Suite("list, info, new, rename, config and storage, run as a user would")
struct DocumentsEndToEndTests {
    private func names(_ result: Sandbox.Result) throws -> [String] {
        try result.jsonArray().compactMap { $0["name"] as? String }
    }

    @Test func thousandsOfDocumentsListExactlyAndFollowShellChanges() async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell("""
            mkdir -p home/Documents home/Cloud/Documents
            for i in $(seq 1 990); do printf 'note %s\\n' $i > "home/Documents/Note $i.txt"; printf 'x' > "home/Cloud/Documents/Photo $i.png"; done
            for i in $(seq 1 10); do mkdir -p "home/Documents/Letter $i.rtfd" "home/Cloud/Documents/Deck $i.key/Data"; printf 'rtf' > "home/Documents/Letter $i.rtfd/TXT.rtf"; printf 'abcd' > "home/Cloud/Documents/Deck $i.key/Data/a"; printf 'ef' > "home/Cloud/Documents/Deck $i.key/Index.zip"; done
            """)
        let json = try await sandbox.run("list", "--json")
        #expect(json.status == 0, "\(json)")
        let documents = try json.jsonArray()
        #expect(documents.count == 2000)
        #expect(documents.filter { $0["location"] as? String == "local" }.count == 1000)
        let deck = try #require(documents.first { $0["name"] as? String == "Deck 3.key" })
        #expect(deck["isPackage"] as? Bool == true)
        #expect(deck["size"] as? Int == 6)
        #expect(deck["location"] as? String == "cloud")
        let note = try #require(documents.first { $0["name"] as? String == "Note 7.txt" })
        #expect(note["displayName"] as? String == "Note 7")
        #expect(note["type"] as? String == "public.plain-text")
        #expect(note["states"] as? [String] == ["normal"])
        #expect(note["path"] as? String == sandbox.localDocuments.appending(path: "Note 7.txt").path)
        let expectedKeys: Set = ["name", "displayName", "path", "location", "type", "size", "modified", "isPackage", "states"]
        #expect(expectedKeys.isSubset(of: Set(note.keys)))

        let table = try await sandbox.run("list")
        let lines = table.standardOutput.split(separator: "\n")
        #expect(lines.count == 2001)
        #expect(lines.first?.hasPrefix("NAME") == true)
        #expect(lines.contains { $0.hasPrefix("Deck 3.key ") && $0.hasSuffix("cloud") })

        try await sandbox.shell("""
            printf 'new' > "home/Documents/Added.txt"
            rm "home/Cloud/Documents/Photo 5.png"
            rm -r "home/Cloud/Documents/Deck 2.key"
            printf 'much longer content' > "home/Documents/Note 9.txt"
            touch -d '2001-02-03 04:05:06' "home/Documents/Note 10.txt"
            printf 'more' > "home/Cloud/Documents/Deck 4.key/Data/b"
            """)
        let after = try await sandbox.run("list", "--json").jsonArray()
        let byName = Dictionary(after.map { ($0["name"] as! String, $0) }) { first, _ in first }
        #expect(after.count == 1999)
        #expect(byName["Added.txt"] != nil)
        #expect(byName["Photo 5.png"] == nil)
        #expect(byName["Deck 2.key"] == nil)
        #expect(byName["Note 9.txt"]?["size"] as? Int == 19)
        #expect((byName["Note 10.txt"]?["modified"] as? String)?.hasPrefix("2001-02-03") == true)
        #expect(byName["Deck 4.key"]?["size"] as? Int == 10)
    }

    @Test func typeFilterIsConformanceAwareAcrossEveryImageFormat() async throws {
        let sandbox = try Sandbox()
        let types = try await sandbox.run("types", "--json").jsonArray()
        func isImage(_ type: [String: Any]) -> Bool {
            type["identifier"] as? String == "public.image" || (type["conformances"] as? [String] ?? []).contains("public.image")
        }
        let conformances = Dictionary(types.compactMap { type in (type["identifier"] as? String).map { ($0, isImage(type)) } }) { first, _ in first }
        var imageFiles: [String: String] = [:]
        for type in types where type["isPackage"] as? Bool == false {
            guard let identifier = type["identifier"] as? String, let ext = (type["filenameExtensions"] as? [String])?.first else { continue }
            let name = "sample-\(identifier).\(ext)"
            _ = try sandbox.write("x", to: "home/Documents/\(name)")
            if isImage(type), type["declaredBy"] as? String == "system" { imageFiles[name] = identifier }
        }
        let all = try await sandbox.run("list", "--json").jsonArray()
        let expected = Set(all.filter { conformances[$0["type"] as? String ?? ""] == true }.compactMap { $0["name"] as? String })
        // Every image format the system declares is listed as an image.
        let typed = Dictionary(all.map { ($0["name"] as! String, $0["type"] as! String) }) { first, _ in first }
        let lost = imageFiles.filter { name, _ in conformances[typed[name] ?? ""] != true }
        #expect(lost.isEmpty, "image files not typed as images: \(lost)")
        #expect(imageFiles.count >= 30)
        let listed = try names(try await sandbox.run("list", "--type", "public.image", "--json"))
        #expect(Set(listed) == expected)
        #expect(listed.count == expected.count)
        #expect(listed.contains("sample-public.png.png"))
        #expect(listed.contains("sample-public.jpeg.jpeg"))
        #expect(!listed.contains { $0.hasPrefix("sample-public.plain-text.") })
    }

    @Test func twoListProcessesOnANewHomeBothSucceed() async throws {
        for _ in 0..<4 {
            let sandbox = try Sandbox()
            _ = try sandbox.write("a", to: "home/Documents/A.txt")
            async let first = sandbox.run("list", "--json")
            async let second = sandbox.run("list", "--json")
            let (one, two) = try await (first, second)
            #expect(one.status == 0, "\(one)")
            #expect(two.status == 0, "\(two)")
            #expect(try names(one) == ["A.txt"])
            #expect(try names(two) == ["A.txt"])
        }
    }

    /// Sync temporaries stand for the documents they become, once each
    /// (IncompleteDocumentsEndToEndTests has the rest).
    @Test func hiddenEntriesAndInboxAreNotDocumentsAndSyncTemporariesStandForTheirDocument() async throws {
        let sandbox = try Sandbox()
        for name in [".hidden", "Inbox/x.txt", "~syncthing~Report.pdf.tmp", ".syncthing.Report.pdf.tmp", "movie.mp4.part", ".docbrowser-tmp-1234", "Real.txt", "Folder/Inbox/kept.txt"] {
            _ = try sandbox.write("x", to: "home/Documents/\(name)")
        }
        #expect(try names(try await sandbox.run("list", "--json")) == ["Folder", "movie.mp4", "Real.txt", "Report.pdf"])
        #expect(try names(try await sandbox.run("list", "--recursive", "--json")) == ["Folder", "Inbox", "kept.txt", "movie.mp4", "Real.txt", "Report.pdf"])
    }

    @Test func anICloudPlaceholderIsListedAsTheDocumentItStandsFor() async throws {
        let sandbox = try Sandbox()
        let placeholder: [String: Any] = ["NSURLNameKey": "Budget 2026.numbers", "NSURLFileSizeKey": 48213, "NSURLFileResourceTypeKey": "NSURLFileResourceTypeRegular"]
        let data = try PropertyListSerialization.data(fromPropertyList: placeholder, format: .binary, options: 0)
        try FileManager.default.createDirectory(at: sandbox.cloudDocuments, withIntermediateDirectories: true)
        try data.write(to: sandbox.cloudDocuments.appending(path: ".Budget 2026.numbers.icloud"))
        let listed = try await sandbox.run("list", "--json").jsonArray()
        let document = try #require(listed.first)
        #expect(listed.count == 1)
        #expect(document["name"] as? String == "Budget 2026.numbers")
        #expect(document["displayName"] as? String == "Budget 2026")
        #expect(document["size"] as? Int == 48213)
        #expect(document["states"] as? [String] == ["notDownloaded"])
        let info = try await sandbox.run("info", "Budget 2026")
        #expect(info.status == 0, "\(info)")
        #expect(info.standardOutput.contains("notDownloaded"))

        // Once the real file arrives, the stale placeholder is not listed twice.
        _ = try sandbox.write("PK", to: "home/Cloud/Documents/Budget 2026.numbers")
        let arrived = try await sandbox.run("list", "--json").jsonArray()
        #expect(arrived.count == 1)
        #expect(arrived.first?["states"] as? [String] == ["normal"])
    }

    @Test func symbolicLinksAreListedAsLinksAndNeverFollowed() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write(String(repeating: "secret", count: 100), to: "outside/big.txt")
        try FileManager.default.createDirectory(at: sandbox.localDocuments, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sandbox.localDocuments.appending(path: "Link.txt").path, withDestinationPath: sandbox.root.appending(path: "outside/big.txt").path)
        try FileManager.default.createSymbolicLink(atPath: sandbox.localDocuments.appending(path: "Escape").path, withDestinationPath: sandbox.root.appending(path: "outside").path)
        let listed = try await sandbox.run("list", "--recursive", "--json").jsonArray()
        #expect(listed.count == 2)
        for document in listed {
            #expect(document["type"] as? String == "public.symlink")
            #expect(document["isSymbolicLink"] as? Bool == true)
            #expect((document["size"] as? Int ?? 0) < 600)
        }
    }

    @Test func namesThatAreNotUTF8AreEscapedAndStillOperable() async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(at: sandbox.localDocuments, withIntermediateDirectories: true)
        // "caf\xE9.txt" in Latin-1, as an old zip or a Windows share leaves it.
        try await sandbox.shell("printf 'menu' > \"home/Documents/caf$(printf '\\351').txt\"")
        let listed = try await sandbox.run("list", "--json").jsonArray()
        #expect(listed.first?["name"] as? String == "caf\\xE9.txt")
        let info = try await sandbox.run("info", "caf\\xE9.txt", "--json")
        #expect(info.status == 0, "\(info)")
        let renamed = try await sandbox.run("rename", "caf\\xE9.txt", "cafe")
        #expect(renamed.status == 0, "\(renamed)")
        #expect(try names(try await sandbox.run("list", "--json")) == ["cafe.txt"])
        #expect(try String(contentsOf: sandbox.localDocuments.appending(path: "cafe.txt"), encoding: .utf8) == "menu")
    }

    @Test func recursiveDescendsIntoFoldersButNeverIntoPackages() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("a", to: "home/Documents/Projects/Plan.txt")
        _ = try sandbox.write("b", to: "home/Documents/Projects/Old/Notes.md")
        _ = try sandbox.write("c", to: "home/Documents/Projects/Letter.rtfd/TXT.rtf")
        let flat = try await sandbox.run("list", "--json").jsonArray()
        #expect(flat.count == 1)
        #expect(flat.first?["isFolder"] as? Bool == true)
        let deep = try await sandbox.run("list", "--recursive", "--json").jsonArray()
        let paths = Set(deep.compactMap { $0["relativePath"] as? String })
        #expect(paths == ["Projects", "Projects/Plan.txt", "Projects/Old", "Projects/Old/Notes.md", "Projects/Letter.rtfd"])
        let info = try await sandbox.run("info", "Projects/Letter.rtfd", "--json").json()
        #expect((info["listing"] as? [String: Any])?["isPackage"] as? Bool == true)
    }

    @Test func filtersSortingAndLocations() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write(String(repeating: "x", count: 300), to: "home/Documents/b-large.txt")
        _ = try sandbox.write("x", to: "home/Documents/A-small.md")
        _ = try sandbox.write(String(repeating: "x", count: 20), to: "home/Cloud/Documents/c-medium.TXT")
        try await sandbox.shell("touch -d '2020-01-01' home/Documents/b-large.txt; touch -d '2024-01-01' home/Cloud/Documents/c-medium.TXT")
        #expect(try names(try await sandbox.run("list", "--json")) == ["A-small.md", "b-large.txt", "c-medium.TXT"])
        #expect(try names(try await sandbox.run("list", "--sort", "size", "--json")) == ["b-large.txt", "c-medium.TXT", "A-small.md"])
        #expect(try names(try await sandbox.run("list", "--sort", "size", "--reverse", "--json")) == ["A-small.md", "c-medium.TXT", "b-large.txt"])
        #expect(try names(try await sandbox.run("list", "--sort", "date", "--json")) == ["A-small.md", "c-medium.TXT", "b-large.txt"])
        #expect(try names(try await sandbox.run("list", "--sort", "kind", "--json")).first == "A-small.md")
        #expect(try names(try await sandbox.run("list", "--name", "*.txt", "--json")) == ["b-large.txt", "c-medium.TXT"])
        #expect(try names(try await sandbox.run("list", "--cloud", "--json")) == ["c-medium.TXT"])
        #expect(try names(try await sandbox.run("list", "--local", "--type", "public.text", "--json")) == ["A-small.md", "b-large.txt"])
        let both = try await sandbox.run("list", "--local", "--cloud")
        #expect(both.status == 2)
        let unknownType = try await sandbox.run("list", "--type", "com.example.none")
        #expect(unknownType.status == 3)
    }

    @Test func infoShowsTypeChainAndPackageContents() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("{\\rtf1 hi}", to: "home/Documents/Trip.rtfd/TXT.rtf")
        _ = try sandbox.write("img", to: "home/Documents/Trip.rtfd/photo.png")
        let plist = try PropertyListSerialization.data(fromPropertyList: ["CFBundleIdentifier": "com.example.trip", "CFBundleVersion": "3"], format: .xml, options: 0)
        try plist.write(to: sandbox.localDocuments.appending(path: "Trip.rtfd/Info.plist"))
        let info = try await sandbox.run("info", "Trip", "--json").json()
        #expect((info["conformances"] as? [String])?.first == "com.apple.package")
        let package = try #require(info["package"] as? [String: Any])
        #expect(package["entryCount"] as? Int == 3)
        #expect((package["typeCounts"] as? [String: Int])?["public.png"] == 1)
        #expect((package["infoPlist"] as? [String: String])?["CFBundleIdentifier"] == "com.example.trip")
        let human = try await sandbox.run("info", sandbox.localDocuments.appending(path: "Trip.rtfd").path)
        #expect(human.status == 0, "\(human)")
        #expect(human.standardOutput.contains("3 items inside"))
        #expect(human.standardOutput.contains("CFBundleIdentifier = com.example.trip"))
        let outside = try await sandbox.run("info", "/etc/hostname")
        #expect(outside.status == 3, "\(outside)")
    }

    @Test func ambiguousNamesListTheirCandidatesAndPrefixesResolveThem() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("local", to: "home/Documents/Report.txt")
        _ = try sandbox.write("cloud", to: "home/Cloud/Documents/Report.txt")
        let ambiguous = try await sandbox.run("info", "Report.txt")
        #expect(ambiguous.status == 4, "\(ambiguous)")
        #expect(ambiguous.standardError.contains("local:Report.txt"))
        #expect(ambiguous.standardError.contains("cloud:Report.txt"))
        #expect(ambiguous.standardError.split(separator: "\n").count == 1)
        let cloud = try await sandbox.run("info", "cloud:Report", "--json").json()
        #expect((cloud["listing"] as? [String: Any])?["location"] as? String == "cloud")
        let missing = try await sandbox.run("info", "Nothing")
        #expect(missing.status == 3)
        #expect(missing.standardError == "docbrowser: Nothing: no such document (see 'docbrowser list')\n")
    }

    @Test func newNamesUntitledDocumentsWithoutEverOverwriting() async throws {
        let sandbox = try Sandbox()
        for expected in ["Untitled.txt", "Untitled 2.txt", "Untitled 3.txt"] {
            let created = try await sandbox.run("new", "--type", "public.plain-text", "--json").json()
            #expect(created["name"] as? String == expected)
        }
        let package = try await sandbox.run("new", "Scrapbook", "--type", "com.apple.rtfd", "--cloud", "--json").json()
        #expect(package["isPackage"] as? Bool == true)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: sandbox.cloudDocuments.appending(path: "Scrapbook.rtfd").path, isDirectory: &isDirectory) && isDirectory.boolValue)
        let explicit = try await sandbox.run("new", "Plan.txt", "--type", "public.plain-text", "--json").json()
        #expect(explicit["name"] as? String == "Plan.txt")
        let again = try await sandbox.run("new", "Plan", "--type", "public.plain-text")
        #expect(again.status == 4, "\(again)")
        let unknown = try await sandbox.run("new", "--type", "com.example.none")
        #expect(unknown.status == 3)

        let set = try await sandbox.run("config", "set", "storage.preferred", "cloud")
        #expect(set.status == 0, "\(set)")
        #expect(try await sandbox.run("storage").standardOutput == "cloud\n")
        let preferred = try await sandbox.run("new", "--type", "public.json", "--json").json()
        #expect(preferred["location"] as? String == "cloud")
        #expect(preferred["name"] as? String == "Untitled.json")
    }

    @Test func concurrentNewNeverOverwrites() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("list")
        try await withThrowingTaskGroup(of: Sandbox.Result.self) { group in
            for _ in 0..<6 { group.addTask { try await sandbox.run("new", "--type", "public.plain-text") } }
            for try await result in group { #expect(result.status == 0, "\(result)") }
        }
        let listed = try names(try await sandbox.run("list", "--json"))
        #expect(Set(listed) == Set(["Untitled.txt"] + (2...6).map { "Untitled \($0).txt" }))
    }

    @Test func renameKeepsTheExtensionAndRefusesCollisionsAndBadNames() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("photo", to: "home/Documents/IMG_1.jpg")
        _ = try sandbox.write("other", to: "home/Documents/Taken.jpg")
        _ = try sandbox.write("rtf", to: "home/Documents/Letter.rtfd/TXT.rtf")
        #expect(try await sandbox.run("rename", "IMG_1", "Beach").status == 0)
        #expect(FileManager.default.fileExists(atPath: sandbox.localDocuments.appending(path: "Beach.jpg").path))
        #expect(try await sandbox.run("rename", "Beach.jpg", "Beach.jpeg").status == 0)
        #expect(FileManager.default.fileExists(atPath: sandbox.localDocuments.appending(path: "Beach.jpeg").path))
        #expect(try await sandbox.run("rename", "Beach", "Beach.txt").status == 0)
        #expect(FileManager.default.fileExists(atPath: sandbox.localDocuments.appending(path: "Beach.txt.jpeg").path))

        let collision = try await sandbox.run("rename", "Beach.txt", "Taken.jpg")
        #expect(collision.status == 4, "\(collision)")
        #expect(try String(contentsOf: sandbox.localDocuments.appending(path: "Taken.jpg"), encoding: .utf8) == "other")
        for bad in ["a/b", ".hidden", ""] {
            let result = try await sandbox.run("rename", "Taken", bad)
            #expect(result.status == 6, "\(bad): \(result)")
            #expect(result.standardError.split(separator: "\n").count == 1)
        }
        #expect(try await sandbox.run("rename", "Letter", "Memo").status == 0)
        #expect(try String(contentsOf: sandbox.localDocuments.appending(path: "Memo.rtfd/TXT.rtf"), encoding: .utf8) == "rtf")
    }

    @Test func configSetsLocationsAndRejectsNonsense() async throws {
        let sandbox = try Sandbox()
        let custom = sandbox.root.appending(path: "elsewhere/Docs")
        _ = try sandbox.write("x", to: "elsewhere/Docs/Far.txt")
        #expect(try await sandbox.run("config", "set", "local.documents", custom.path).status == 0)
        #expect(try await sandbox.run("config", "get", "local.documents").standardOutput == custom.path + "\n")
        #expect(try names(try await sandbox.run("list", "--local", "--json")) == ["Far.txt"])
        let config = try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.home.appending(path: "config.json"))) as? [String: String]
        #expect(config?["local.documents"] == custom.path)
        #expect(try await sandbox.run("config", "unset", "local.documents").status == 0)
        #expect(try await sandbox.run("config", "get", "local.documents").standardOutput == sandbox.localDocuments.path + "\n")

        #expect(try await sandbox.run("config", "get", "no.such.key").status == 3)
        let badValue = try await sandbox.run("config", "set", "storage.preferred", "moon")
        #expect(badValue.status == 6)
        #expect(badValue.standardError.contains("must be local or cloud"))

        _ = try sandbox.write("not a directory", to: "file-not-dir")
        #expect(try await sandbox.run("config", "set", "cloud.container", sandbox.root.appending(path: "file-not-dir").path).status == 0)
        let broken = try await sandbox.run("list", "--cloud")
        #expect(broken.status == 1, "\(broken)")
        #expect(broken.standardError.contains("file-not-dir"))
        #expect(broken.standardError.split(separator: "\n").count == 1)

        try Data("{ not json".utf8).write(to: sandbox.home.appending(path: "config.json"))
        let malformed = try await sandbox.run("list")
        #expect(malformed.status == 6, "\(malformed)")
        #expect(malformed.standardError.contains("config.json"))
    }

    /// `list --json` is written document by document; its text is still
    /// JSONEncoder's own.
    @Test func listJSONIsStreamedInJSONEncodersOwnForm() async throws {
        let sandbox = try Sandbox()
        let empty = try await sandbox.run("list", "--json")
        #expect(empty.standardOutput == "[\n\n]\n", "\(empty)")
        _ = try sandbox.write("a", to: "home/Documents/A.txt")
        _ = try sandbox.write("b", to: "home/Cloud/Documents/B.txt")
        let listed = try await sandbox.run("list", "--json")
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.standardOutput.hasPrefix("[\n  {\n    \""), "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains("    \"states\" : [\n      \"normal\"\n    ],\n"), "nested as JSONEncoder nests: \(listed.standardOutput)")
        #expect(listed.standardOutput.contains("\n  },\n  {\n"))
        #expect(listed.standardOutput.hasSuffix("\n  }\n]\n"))
        #expect(try listed.jsonArray().compactMap { $0["name"] as? String } == ["A.txt", "B.txt"])
    }
}
