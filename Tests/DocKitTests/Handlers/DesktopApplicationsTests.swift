import Foundation
import Testing
@testable import DocKit

@Suite("installed desktop apps, mimeapps.list and the MIME hierarchy")
struct DesktopApplicationsTests {
    static func entry(_ mimeTypes: String, hidden: Bool = false) -> String {
        "[Desktop Entry]\nType=Application\nName=App\nExec=/bin/true %F\nMimeType=\(mimeTypes)\n" + (hidden ? "Hidden=true\n" : "")
    }

    @Test("desktop file IDs take their subdirectory; the first directory owns an ID; a hidden copy removes the app")
    func identifiersAndMasking() throws {
        let tmp = try TemporaryDirectory("apps")
        _ = try tmp.write(Self.entry("image/png;"), to: "user/applications/viewer.desktop")
        _ = try tmp.write(Self.entry("image/png;", hidden: true), to: "user/applications/editor.desktop")
        _ = try tmp.write(Self.entry("text/plain;"), to: "system/applications/editor.desktop")
        _ = try tmp.write(Self.entry("text/plain;"), to: "system/applications/viewer.desktop")
        _ = try tmp.write(Self.entry("image/jpeg;"), to: "system/applications/kde4/okular.desktop")
        _ = try tmp.write("not a desktop entry", to: "system/applications/notes.txt")
        let applications = DesktopApplications(directories: [tmp.url("user/applications"), tmp.url("system/applications")]).applications()
        #expect(applications.map(\.manifest.identifier) == ["viewer", "kde4-okular"])
        #expect(applications.map(\.directoryIndex) == [0, 1])
        #expect(applications.first?.manifest.documentTypes.first?.mimeTypes == ["image/png"], "the user's copy, not the system's")
        #expect(applications.allSatisfy { $0.manifest.installedDirectoryIndex == $0.directoryIndex })
    }

    @Test("the directories are XDG_DATA_HOME's, then XDG_DATA_DIRS', with the specification's defaults")
    func directories() {
        let set = DesktopApplications.directories(environment: ["HOME": "/h", "XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/a:/b:/a"])
        #expect(set.map(\.path) == ["/d/applications", "/a/applications", "/b/applications"])
        let defaults = DesktopApplications.directories(environment: ["HOME": "/h"])
        #expect(defaults.map(\.path) == ["/h/.local/share/applications", "/usr/local/share/applications", "/usr/share/applications"])
    }

    @Test("mimeapps.list: defaults in order of importance, added associations kept unless a file as important or more removes them")
    func mimeAppsList() {
        var list = MimeAppsList()
        list.add("""
            [Default Applications]
            image/png=first.desktop;second.desktop
            [Added Associations]
            image/png=extra.desktop;
            [Removed Associations]
            image/gif=viewer.desktop;
            """)
        list.add("""
            [Default Applications]
            image/png=third.desktop;
            # a comment
            [Added Associations]
            image/gif=viewer.desktop;other.desktop;
            image/png=extra.desktop;
            """)
        #expect(list.defaults["image/png"] == ["first", "second", "third"])
        #expect(list.defaultApplication(for: "Image/PNG", installed: { $0 != "first" }) == "second")
        #expect(list.added["image/gif"] == ["other"])
        #expect(list.added["image/png"] == ["extra"])
        #expect(list.removed["image/gif"] == ["viewer"])
    }

    @Test("mimeapps.list files in the specification's order, each $desktop- one first")
    func mimeAppsFiles() {
        let files = MimeAppsList.files(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/c", "XDG_CONFIG_DIRS": "/etc/xdg", "XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/usr/share", "XDG_CURRENT_DESKTOP": "GNOME"])
        #expect(files.map(\.path) == [
            "/c/gnome-mimeapps.list", "/c/mimeapps.list", "/etc/xdg/gnome-mimeapps.list", "/etc/xdg/mimeapps.list",
            "/d/applications/gnome-mimeapps.list", "/d/applications/mimeapps.list",
            "/usr/share/applications/gnome-mimeapps.list", "/usr/share/applications/mimeapps.list",
        ])
    }

    @Test("an added association is claimed as Owner; a removed one is taken from the app's own claims")
    func appliedAssociations() {
        var list = MimeAppsList()
        list.add("[Added Associations]\ntext/markdown=viewer.desktop;\n[Removed Associations]\nimage/gif=viewer.desktop;\n")
        let manifest = HandlerManifest(
            identifier: "viewer", form: .desktopEntry, manifestURL: URL(fileURLWithPath: "/x/viewer.desktop"),
            documentTypes: [HandlerManifest.DocumentType(mimeTypes: ["image/gif", "image/png"])], exportedTypes: [], services: []
        )
        let applied = list.applied(to: manifest)
        #expect(applied.documentTypes.map(\.mimeTypes) == [["image/png"], ["text/markdown"]])
        #expect(applied.documentTypes.last?.rank == .owner)
    }

    /// The hierarchy of one `mime` directory holding `files` (name: text).
    static func hierarchy(_ files: [String: String]) throws -> MIMETypeHierarchy {
        let tmp = try TemporaryDirectory("mime")
        for (name, text) in files { _ = try tmp.write(text, to: "data/mime/\(name)") }
        return MIMETypeHierarchy.load(environment: ["HOME": "/nonexistent", "XDG_DATA_HOME": tmp.url("data").path, "XDG_DATA_DIRS": "/nonexistent"])
    }

    @Test("a MIME type's lineage: itself, its aliases resolved, its sub-class-of parents, and nothing GIO does not add")
    func lineage() throws {
        let hierarchy = try Self.hierarchy([
            "subclasses": "text/x-python application/x-executable\ntext/x-python text/plain\napplication/json application/javascript\n",
            "aliases": "text/x-python3 text/x-python\n",
        ])
        #expect(hierarchy.lineage(of: ["text/x-python3"]) == ["text/x-python", "application/x-executable", "text/plain"])
        #expect(hierarchy.lineage(of: ["application/json"]) == ["application/json", "application/javascript"])
        // Text with no sub-class-of is not plain text's, nor bytes', to GIO.
        #expect(hierarchy.lineage(of: ["text/markdown"]) == ["text/markdown"])
        #expect(hierarchy.lineage(of: []) == [])
    }

    @Test("a type's content type, as GIO gives a file one: its first MIME type shared-mime-info declares, by name or alias, else its first")
    func contentType() throws {
        let hierarchy = try Self.hierarchy(["types": "text/x-python\nimage/jp2\n", "aliases": "text/x-python3 text/x-python\n"])
        #expect(hierarchy.contentType(of: ["text/x-python-script", "text/x-python"]) == "text/x-python")
        #expect(hierarchy.contentType(of: ["text/x-python-script", "text/x-python3"]) == "text/x-python")
        #expect(hierarchy.contentType(of: ["image/jp2", "image/jpx"]) == "image/jp2")
        #expect(hierarchy.contentType(of: ["text/x-unknown", "text/x-other"]) == "text/x-unknown")
        #expect(hierarchy.contentType(of: []) == nil)
    }

    @Test("the hierarchy's files are read as GIO reads them: capitals folded, blank and odd lines skipped")
    func hierarchyFilesWithCapitalsAndOddLines() throws {
        let hierarchy = try Self.hierarchy([
            "subclasses": "Text/X-Python text/plain\n\nnot-a-pair\napplication/x-Foo  application/Bar\n",
            "aliases": "TEXT/X-PYTHON3 text/x-python\n",
            "types": "Text/X-Python\n\n",
        ])
        #expect(hierarchy.lineage(of: ["text/x-python3"]) == ["text/x-python", "text/plain"])
        #expect(hierarchy.lineage(of: ["application/x-foo"]) == ["application/x-foo", "application/bar"])
        #expect(hierarchy.contentType(of: ["text/x-unknown", "TEXT/X-Python"]) == "text/x-python")
    }
}
