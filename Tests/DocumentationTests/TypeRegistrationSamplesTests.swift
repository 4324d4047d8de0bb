import DocKit
import DocKitTesting
import Foundation
import Testing

/// The samples of TypeRegistration.md.
@Suite("Type registration samples")
struct TypeRegistrationSamplesTests {
    @Test func declaredTypesTypeDocumentsAndConform() throws {
        let home = try TemporaryHome()
        try home.write("{}", to: "Plans.board/Info.json")
        try home.write("- socks", to: "Packing.checklist")
        let library = home.library

        try library.declare([
            TypeDeclaration(
                identifier: "org.example.notes.board", description: "Board",
                conformsTo: ["com.apple.package"], tags: [.init(.filenameExtension, "board")],
                source: .exported
            ),
            TypeDeclaration(
                identifier: "org.example.notes.checklist", description: "Checklist",
                conformsTo: ["public.plain-text"],
                tags: [.init(.filenameExtension, "checklist"), .init(.mimeType, "text/x-checklist")],
                source: .exported
            ),
        ], byApplication: "org.example.notes", name: "Notes")

        let registry = try library.catalog().registry
        let board = registry.type(forFileName: "Plans.board", isDirectory: true)
        let isText = registry.conforms("org.example.notes.checklist", to: "public.text")
        let chain = registry.conformanceChain(of: "org.example.notes.checklist")

        #expect(board.identifier == "org.example.notes.board")
        #expect(isText)
        #expect(Array(chain.prefix(3)) == ["org.example.notes.checklist", "public.plain-text", "public.text"])
        #expect(try library.documents().map { "\($0.qualifiedName) \($0.type) \($0.isPackage)" }
            == ["local:Packing.checklist org.example.notes.checklist false", "local:Plans.board org.example.notes.board true"])
        var query = DocumentQuery()
        query.type = "public.text"
        #expect(try library.documents(matching: query).map(\.qualifiedName) == ["local:Packing.checklist"])
    }
}
