import Foundation
import Testing
@testable import DocKit

/// An adapter's `result` event (docs/PLUGIN-PROTOCOL.md §10), read as
/// the outside input it is.
@Suite("a sync-status adapter's answer")
struct SyncEngineAnswerTests {
    static func answer(_ json: String) throws -> SyncEngineAnswer? {
        try SyncEngineAnswer(result: Data(json.utf8))
    }

    @Test("a document is needed when a needed path is it or lies inside it, counted in the engine's words")
    func needs() throws {
        let answer = try #require(try Self.answer("""
            {"event":"result","engine":"Syncthing","state":"syncing","needed":[
            {"path":"Deck.key/Data/slide-3.png","inProgress":true},{"path":"Deck.key/Data/slide-4.png"},
            {"path":"Deck.key2"},{"path":"Deck.keynote/Index.zip"},{"path":"Folder/Inner.key/Index.zip"},{"path":"Notes.txt"}],"truncated":false}
            """))
        #expect(answer.need(of: RawPath("Deck.key"))?.reason == "Syncthing still needs 2 of its files (syncing)")
        #expect(answer.need(of: RawPath("Notes.txt"))?.reason == "Syncthing still needs 1 of its files (syncing)")
        #expect(answer.need(of: RawPath("Deck.key2"))?.files == 1)
        #expect(answer.need(of: RawPath("Folder"))?.files == 1)
        #expect(answer.need(of: RawPath("Folder/Inner.key"))?.files == 1)
        #expect(answer.need(of: RawPath("Deck")) == nil)
        #expect(answer.need(of: RawPath("Other.txt")) == nil)
        #expect(answer.need(of: RawPath("Notes")) == nil)
    }

    @Test("no engine is an answer of its own; a truncated list makes every document possibly needed")
    func noEngineAndTruncated() throws {
        #expect(try Self.answer(#"{"event":"result","engine":null,"reason":"no .stfolder"}"#) == nil)
        #expect(try Self.answer(#"{"event":"result","reason":"no engine"}"#) == nil)
        let truncated = try #require(try Self.answer(#"{"event":"result","engine":"Syncthing","state":"syncing","needed":[],"truncated":true}"#))
        #expect(truncated.need(of: RawPath("Any.txt"))?.reason == "Syncthing still needs more files than it lists, perhaps some of its (syncing)")
    }

    @Test("a hostile answer is refused whole, saying what is wrong", arguments: [
        ("[1,2]", "its result is not a JSON object"),
        ("not json", "its result is not a JSON object"),
        (#"{"engine":42,"needed":[]}"#, "its engine is not a short name"),
        (#"{"engine":"Sync\u001b[2Jthing","needed":[]}"#, "its engine is not a short name"),
        (#"{"engine":"\#(String(repeating: "x", count: 65))","needed":[]}"#, "its engine is not a short name"),
        (#"{"engine":"Syncthing","state":"sync\ning","needed":[]}"#, "its state is not a short word"),
        (#"{"engine":"Syncthing","state":7,"needed":[]}"#, "its state is not a short word"),
        (#"{"engine":"Syncthing","needed":{"path":"a"}}"#, "its needed is not a list"),
        (#"{"engine":"Syncthing"}"#, "its needed is not a list"),
        (#"{"engine":"Syncthing","needed":[{"path":"/etc/passwd"}]}"#, "a needed entry has no relative path inside the Documents folder"),
        (#"{"engine":"Syncthing","needed":[{"path":"../Documents2/x"}]}"#, "a needed entry has no relative path inside the Documents folder"),
        (#"{"engine":"Syncthing","needed":[{"path":"a/./b"}]}"#, "a needed entry has no relative path inside the Documents folder"),
        (#"{"engine":"Syncthing","needed":[{"path":"a//b"}]}"#, "a needed entry has no relative path inside the Documents folder"),
        (#"{"engine":"Syncthing","needed":[{"path":""}]}"#, "a needed entry has no relative path inside the Documents folder"),
        (#"{"engine":"Syncthing","needed":[{"path":"a\u0000b"}]}"#, "a needed entry has no relative path inside the Documents folder"),
        (#"{"engine":"Syncthing","needed":["Deck.key"]}"#, "a needed entry has no relative path inside the Documents folder"),
        (#"{"engine":"Syncthing","needed":[{"path":"\#(String(repeating: "a", count: 4097))"}]}"#, "a needed entry has no relative path inside the Documents folder"),
    ])
    func hostile(json: String, reason: String) {
        #expect(throws: SyncEngineAnswer.Garbled(description: reason)) { try Self.answer(json) }
    }

    @Test("more than 65,536 needed paths are refused rather than read")
    func tooMany() {
        let entries = Array(repeating: #"{"path":"a"}"#, count: SyncEngineAnswer.mostPaths + 1).joined(separator: ",")
        #expect(throws: SyncEngineAnswer.Garbled(description: "it lists more than 65536 needed paths")) {
            try Self.answer(#"{"engine":"Syncthing","needed":[\#(entries)]}"#)
        }
    }

    @Test("the public reader gives the answer, nil for no engine, and a malformed error with the reason")
    func publicReader() throws {
        let answer = try SyncEngineAnswer.read(Data(#"{"engine":"Syncthing","state":"idle","needed":[]}"#.utf8))
        #expect(answer == SyncEngineAnswer(engine: "Syncthing", state: "idle", needed: []))
        #expect(try SyncEngineAnswer.read(Data(#"{"engine":null}"#.utf8)) == nil)
        let whole = try SyncEngineAnswer.read(Data(#"{"engine":"Syncthing","needed":[],"wholeFiles":true}"#.utf8))
        #expect(whole?.wholeFiles == true && answer?.wholeFiles == false)
        let error = try #require(throws: DocKitError.self) { try SyncEngineAnswer.read(Data("[]".utf8)) }
        #expect(error.code == .malformed)
        #expect(error.description == "a sync engine's answer: its result is not a JSON object")
    }
}
