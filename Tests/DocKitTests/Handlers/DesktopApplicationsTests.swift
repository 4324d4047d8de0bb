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
        let applications = DesktopApplications(directories: [tmp.url("user/applications"), tmp.url("system/applications")]).applications(environment: [:])
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

    /// A list of `folders` (text of the desktop-specific file, if any, and
    /// of the plain one), configuration folders first, then data folders
    /// 0, 1, …, with `aliases` resolved.
    static func mimeApps(config: [(String?, String)] = [], data: [(String?, String)] = [], aliases: String = "") throws -> MimeAppsList {
        let hierarchy = try Self.hierarchy(["aliases": aliases])
        var list = MimeAppsList()
        for (index, (specific, plain)) in (config.map { ($0, nil as Int?) } + data.enumerated().map { ($0.element, $0.offset as Int?) }).map({ ($0.1, $0.0) }) {
            var folder = MimeAppsList.Folder(dataDirectoryIndex: index)
            if let specific { folder.read(specific, desktopSpecific: true, canonicalName: hierarchy.canonicalName) }
            folder.read(plain, desktopSpecific: false, canonicalName: hierarchy.canonicalName)
            list.folders.append(folder)
        }
        return list
    }

    @Test("mimeapps.list: defaults most important first, the desktop-specific file's first; keys that are aliases count as their type")
    func mimeAppsDefaults() throws {
        let list = try Self.mimeApps(config: [
            ("[Default Applications]\nimage/png=desk.desktop;\n[Added Associations]\nimage/png=ignored.desktop;\n[Removed Associations]\nimage/png=kept.desktop;\n",
             "[Default Applications]\nImage/PNG=first.desktop;second.desktop\nnot a line\napplication/x-pdf=reader.desktop;\ntext/xml=xmled.desktop;notanid;\n"),
            (nil, "# a comment\n[Default Applications]\nimage/png=third.desktop;first.desktop;\napplication/pdf=other.desktop;\n"),
        ], aliases: "application/x-pdf application/pdf\ntext/xml application/xml\n")
        #expect(list.defaults(for: "image/png") == ["desk", "first", "second", "third"])
        #expect(list.defaults(for: "application/pdf") == ["reader", "other"])
        #expect(list.defaults(for: "application/xml") == ["xmled"])
        #expect(list.defaults(for: "application/x-pdf") == [])
        // Only a plain mimeapps.list adds and removes.
        #expect(list.folders[0].added == [:] && list.folders[0].removed == [:])
        #expect(list.namedApplications == ["desk", "first", "second", "third", "reader", "other", "xmled"])
    }

    @Test("mimeapps.list: added associations keep their order across lines and aliases; an app both added and removed stays added")
    func mimeAppsAdded() throws {
        let list = try Self.mimeApps(config: [(nil, """
            [Added Associations]
            text/xml=last-used.desktop;older.desktop;
            application/xml=older.desktop;oldest.desktop;
            [Removed Associations]
            application/xml=oldest.desktop;gone.desktop;
            text/xml=gone.desktop;
            """)], aliases: "text/xml application/xml\n")
        #expect(list.folders[0].added == ["application/xml": ["last-used", "older", "oldest"]])
        #expect(list.folders[0].removed == ["application/xml": ["gone"]])
    }

    @Test("associations: folder by folder, added before an applications folder's own apps; removals scoped to their folder and later ones, kept along the lineage")
    func associationOrder() throws {
        let list = try Self.mimeApps(config: [
            (nil, "[Added Associations]\nimage/png=sys-app.desktop;user-app.desktop;\n[Removed Associations]\nimage/png=unwanted.desktop;\n"),
        ], data: [
            (nil, "[Added Associations]\nimage/png=late.desktop;\n[Removed Associations]\nimage/png=own-removed.desktop;\n"),
            (nil, "[Added Associations]\nimage/png=user-app.desktop;masked.desktop;\n[Removed Associations]\nimage/png=parent-app.desktop;sys-removed.desktop;\ntext/plain=sys-text.desktop;\n"),
        ])
        let found = ["user-app": 0, "own-removed": 0, "masked": 0, "parent-app": 0, "late": 1, "sys-app": 1, "sys-removed": 1, "sys-text": 1, "unwanted": 1]
        let listed: [Int: [String: [String]]] = [
            0: ["image/png": ["own-removed", "user-app"], "image/x-parent": ["parent-app"], "text/plain": ["user-app"]],
            1: ["image/png": ["sys-app", "sys-removed", "unwanted"], "image/x-parent": ["sys-removed"], "text/plain": ["sys-text"]],
        ]
        let associations = list.associations(of: ["image/png", "image/x-parent", "text/plain"], listed: { listed[$0]?[$1] ?? [] }, directoryIndex: { found[$0] })
        #expect(associations == [
            // The configuration's added first, in their order, then each
            // folder's; a folder's removal takes its own app away (own-removed);
            // a later folder neither adds (masked) nor removes (parent-app)
            // an app found before it.
            ["sys-app", "user-app", "late"],
            // Taken from image/png, sys-removed is not given by its parent.
            ["parent-app"],
            ["user-app"],
        ])
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
