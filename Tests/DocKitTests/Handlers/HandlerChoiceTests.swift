import Foundation
import Testing
@testable import DocKit

@Suite("Choosing a handler")
struct HandlerChoiceTests {
    static let registry = TypeFixtures.registry()

    static func handler(_ identifier: String, canOpen: Bool = true, _ claims: [(types: [String], rank: HandlerRank, role: HandlerRole)]) -> HandlerManifest {
        HandlerManifest(
            identifier: identifier, name: nil, form: .manifest,
            manifestURL: URL(fileURLWithPath: "/h/\(identifier).json"), bundleURL: nil,
            declaredExecutable: canOpen ? "/bin/true" : "Missing", executable: canOpen ? URL(fileURLWithPath: "/bin/true") : nil,
            documentTypes: claims.map { .init(contentTypes: $0.types, role: $0.role, rank: $0.rank) },
            exportedTypes: [], services: []
        )
    }

    static func order(_ type: String, _ handlers: [HandlerManifest], defaults: [String: String] = [:]) -> [String] {
        HandlerRegistry(handlers: handlers).candidates(forType: type, registry: registry, defaults: HandlerDefaults(defaults))
            .filter(\.opens).map(\.handler.identifier)
    }

    @Test("the most specific claimed type wins, then rank, then role, then identifier", arguments: [
        // A plain-text claim beats a text one, whatever the ranks.
        ("public.plain-text", [("a.text", ["public.text"], HandlerRank.owner, HandlerRole.editor), ("b.plain", ["public.plain-text"], .alternate, .viewer)], ["b.plain", "a.text"]),
        // Same type: Owner > Default > Alternate.
        ("public.plain-text", [("a.alt", ["public.plain-text"], .alternate, .editor), ("b.own", ["public.plain-text"], .owner, .viewer), ("c.def", ["public.plain-text"], .default, .viewer)], ["b.own", "c.def", "a.alt"]),
        // Same type and rank: Editor > Viewer > Shell.
        ("public.png", [("a.shell", ["public.png"], .default, .shell), ("b.view", ["public.png"], .default, .viewer), ("c.edit", ["public.png"], .default, .editor)], ["c.edit", "b.view", "a.shell"]),
        // Ties fall to the identifier, so the order never depends on file order.
        ("public.png", [("z.one", ["public.image"], .default, .viewer), ("a.two", ["public.image"], .default, .viewer)], ["a.two", "z.one"]),
        // A C source file: its own type, then plain-text, then text, then data.
        ("public.c-source", [("d.data", ["public.data"], .owner, .editor), ("t.text", ["public.text"], .owner, .editor), ("p.plain", ["public.plain-text"], .alternate, .viewer), ("c.c", ["public.c-source"], .alternate, .viewer)], ["c.c", "p.plain", "t.text", "d.data"]),
        // Rank None and role None never open; unrelated claims are not candidates.
        ("public.png", [("n.none", ["public.png"], .none, .editor), ("r.role", ["public.png"], .owner, .none), ("p.pdf", ["com.adobe.pdf"], .owner, .editor), ("i.img", ["public.image"], .alternate, .viewer)], ["i.img"]),
    ] as [(String, [(String, [String], HandlerRank, HandlerRole)], [String])])
    func ordering(_ type: String, _ claims: [(String, [String], HandlerRank, HandlerRole)], _ expected: [String]) {
        let handlers = claims.map { Self.handler($0.0, [($0.1, $0.2, $0.3)]) }
        #expect(Self.order(type, handlers) == expected)
    }

    @Test("a handler without an executable is listed but never chosen")
    func typesOnly() throws {
        let handlers = [Self.handler("app.mac", canOpen: false, [(["public.png"], .owner, .editor)]), Self.handler("b.view", [(["public.image"], .alternate, .viewer)])]
        let candidates = HandlerRegistry(handlers: handlers).candidates(forType: "public.png", registry: Self.registry)
        #expect(candidates.map(\.handler.identifier) == ["b.view", "app.mac"])
        #expect(candidates[1].opens == false)
        #expect(candidates[1].why.contains("types only"))
        let chosen = try HandlerRegistry(handlers: handlers).preferredHandler(forType: "public.png", document: "x.png", registry: Self.registry)
        #expect(chosen.handler.identifier == "b.view")
    }

    @Test("the user's default for the most specific type comes first")
    func userDefault() {
        let handlers = [
            Self.handler("own.plain", [(["public.plain-text"], .owner, .editor)]),
            Self.handler("alt.text", [(["public.text"], .alternate, .viewer)]),
            Self.handler("other", [(["com.adobe.pdf"], .owner, .editor)]),
        ]
        #expect(Self.order("public.plain-text", handlers, defaults: ["public.text": "alt.text"]) == ["alt.text", "own.plain"])
        // A default for the type itself beats one for its parent, and need not claim the type.
        #expect(Self.order("public.plain-text", handlers, defaults: ["public.text": "alt.text", "PUBLIC.PLAIN-TEXT": "other"]).first == "other")
        // A default naming an unknown handler is ignored.
        #expect(Self.order("public.plain-text", handlers, defaults: ["public.plain-text": "gone"]) == ["own.plain", "alt.text"])
        // A default naming a plug-in, or a handler whose claim is at rank None, never opens.
        let neverOpen = [Self.handler("ql.gen", [(["public.plain-text"], .owner, .quickLookGenerator)]), Self.handler("rank.none", [(["public.text"], .none, .editor)])]
        for plugin in ["ql.gen", "rank.none"] {
            #expect(Self.order("public.plain-text", handlers + neverOpen, defaults: ["public.plain-text": plugin]) == ["own.plain", "alt.text"])
        }
    }

    @Test("why says which type was claimed, how far up, and at which rank")
    func why() throws {
        let handlers = [Self.handler("t.text", [(["public.text"], .owner, .editor)])]
        let candidate = try #require(HandlerRegistry(handlers: handlers).candidates(forType: "public.c-source", registry: Self.registry).first)
        #expect(candidate.claimedType == "public.text" && candidate.distance == 2)
        #expect(candidate.why == "claims public.text, 2 steps up the conformance chain of public.c-source as Owner")
    }

    @Test("legacy extensions and MIME types claim the registry's types")
    func legacyClaims() {
        var handler = Self.handler("legacy", [])
        handler.documentTypes = [.init(filenameExtensions: ["png"], mimeTypes: ["application/pdf"], role: .viewer, rank: .default)]
        #expect(handler.documentTypes[0].claimedTypes(in: Self.registry) == ["public.png", "com.adobe.pdf"])
        #expect(Self.order("public.png", [handler]) == ["legacy"])
        #expect(Self.order("com.adobe.pdf", [handler]) == ["legacy"])
    }

    @Test("no handler: the error lists what --with accepts and is 'not found'")
    func noHandler() {
        let handlers = [Self.handler("p.pdf", [(["com.adobe.pdf"], .owner, .editor)]), Self.handler("mac", canOpen: false, [(["public.png"], .owner, .editor)])]
        let error = #expect(throws: DocKitError.self) {
            try HandlerRegistry(handlers: handlers).preferredHandler(forType: "public.png", document: "local:x.png", registry: Self.registry)
        }
        #expect(error == DocKitError(HandlerError.noHandler(document: "local:x.png", type: "public.png", candidates: ["p.pdf"])))
        #expect(error?.code == .noHandler)
    }

    @Test("a later location's manifest replaces an earlier one of the same identifier")
    func laterWins() {
        let first = Self.handler("same.id", [(["public.png"], .alternate, .viewer)])
        let second = Self.handler("SAME.ID", [(["public.png"], .owner, .editor)])
        let registry = HandlerRegistry(handlers: [first, second])
        #expect(registry.handlers.count == 1)
        #expect(registry.handler(withIdentifier: "same.id")?.documentTypes.first?.rank == .owner)
    }
}
