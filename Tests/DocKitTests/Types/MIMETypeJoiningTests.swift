import Foundation
import Testing
@testable import DocKit

/// shared-mime-info types that no UTI tags, joined to the UTI their
/// extensions name when nothing else could be meant.
@Suite("TypeDeclarationMerger: MIME types joined through their extensions")
struct MIMETypeJoiningTests {
    typealias F = TypeFixtures

    static let adaSource = F.declaration("public.ada-source", conformsTo: ["public.plain-text"], extensions: ["adb"])
    static let objcSource = F.declaration("public.objective-c-source", conformsTo: ["public.plain-text"], extensions: ["m"])
    static let transportStream = F.declaration("public.mpeg-2-transport-stream", conformsTo: ["public.data"], extensions: ["ts"])

    @Test("a text type alone on its extension joins the text UTI that declares it, its alias too")
    func joins() {
        let ada = F.mimeType("text/x-adasrc", aliases: ["text/x-ada"], subClassOf: ["text/plain"], globs: [("*.adb", 50), ("*.ads", 50)])
        let registry = F.registry([Self.adaSource], sharedMimeInfo: [ada])
        #expect(registry.preferredType(withTag: "text/x-adasrc", tagClass: .mimeType).identifier == "public.ada-source")
        #expect(registry.preferredType(withTag: "text/x-ada", tagClass: .mimeType).identifier == "public.ada-source")
        // Its other globs become the UTI's tags too.
        #expect(registry.type(forFileName: "spec.ads", isDirectory: false).identifier == "public.ada-source")
    }

    @Test("an application/* subclass of text joins a text UTI")
    func textSubclassJoins() {
        let script = F.declaration("public.shell-script", conformsTo: ["public.plain-text"], extensions: ["sh"])
        let shellscript = F.mimeType("application/x-shellscript", subClassOf: ["text/plain"], globs: [("*.sh", 50)])
        let registry = F.registry([script], sharedMimeInfo: [shellscript])
        #expect(registry.preferredType(withTag: "application/x-shellscript", tagClass: .mimeType).identifier == "public.shell-script")
    }

    @Test("two types sharing an extension at the same weight join nothing")
    func tiesJoinNothing() {
        let matlab = F.mimeType("text/x-matlab", subClassOf: ["text/plain"], globs: [("*.m", 50)])
        let objc = F.mimeType("text/x-objcsrc", subClassOf: ["text/x-csrc"], globs: [("*.m", 50)])
        let registry = F.registry([Self.objcSource], sharedMimeInfo: [matlab, objc])
        #expect(registry.preferredType(withTag: "text/x-matlab", tagClass: .mimeType).identifier == "org.freedesktop.mime.text.x-matlab")
        #expect(registry.preferredType(withTag: "text/x-objcsrc", tagClass: .mimeType).identifier == "org.freedesktop.mime.text.x-objcsrc")
    }

    @Test("a text type never joins a UTI of another kind")
    func kindsMustMatch() {
        let linguist = F.mimeType("text/vnd.trolltech.linguist", subClassOf: ["application/xml"], globs: [("*.ts", 50)])
        let registry = F.registry([Self.transportStream], sharedMimeInfo: [linguist])
        #expect(registry.preferredType(withTag: "text/vnd.trolltech.linguist", tagClass: .mimeType).identifier == "org.freedesktop.mime.text.vnd.trolltech.linguist")
    }

    @Test("an application/* type that is not text joins nothing, whatever its extension")
    func binaryApplicationTypesStayThemselves() {
        let corel = F.mimeType("application/vnd.corel-draw", globs: [("*.cdr", 50)])
        let cdr = F.declaration("com.apple.disk-image-cdr", conformsTo: ["public.data"], extensions: ["cdr"])
        let registry = F.registry([cdr], sharedMimeInfo: [corel])
        #expect(registry.preferredType(withTag: "application/vnd.corel-draw", tagClass: .mimeType).identifier == "org.freedesktop.mime.application.vnd.corel-draw")
    }
}
