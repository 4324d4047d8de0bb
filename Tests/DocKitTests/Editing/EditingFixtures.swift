#if canImport(Glibc)
import Glibc
#endif
@testable import DocKit
import Foundation
import Testing

/// The simplest app model: the contents themselves.
actor WrapperModel: DocumentContents {
    var wrapper: DocumentWrapper

    init(_ wrapper: DocumentWrapper = .regularFile(Data())) {
        self.wrapper = wrapper
    }

    init(text: String) {
        self.init(.regularFile(Data(text.utf8)))
    }

    func contents(forType type: String) -> DocumentWrapper { wrapper }

    func load(fromContents contents: DocumentWrapper, ofType type: String) { wrapper = contents }

    func set(_ wrapper: DocumentWrapper) { self.wrapper = wrapper }

    func set(text: String) { wrapper = .regularFile(Data(text.utf8)) }

    var text: String { String(decoding: wrapper.regularFileContents ?? Data(), as: UTF8.self) }
}

enum EditingFixtures {
    static let application = "TextPad"
    static let applicationIdentifier = "org.example.textpad"

    /// An editable document in the home's local Documents folder, which is
    /// made if need be.
    static func document(_ relativePath: String, in home: TestHome, model: WrapperModel, type: String = "public.plain-text",
                         autosaveInterval: Duration? = nil) throws -> EditableDocument {
        try FileSystem.createDirectory(home.documentsDirectory(.local))
        return EditableDocument(
            path: home.path(relativePath), type: type, home: home.home, application: application,
            applicationIdentifier: applicationIdentifier, contents: model, autosaveInterval: autosaveInterval
        )
    }

    static func file(_ text: String) -> DocumentWrapper { .regularFile(Data(text.utf8)) }

    /// A package of three files, one in a folder, and a link between two.
    static func package(first: String = "one") -> DocumentWrapper {
        .directory([
            RawPath("first.txt"): file(first),
            RawPath("second.txt"): file("two"),
            RawPath("Data"): .directory([RawPath("third.txt"): file("three")]),
            RawPath("latest"): .symbolicLink(destination: RawPath("Data/third.txt")),
        ])
    }

    /// The names in a folder, hidden ones included.
    static func names(in directory: RawPath) throws -> [String] {
        try DirectoryReader.names(in: directory).map(\.description)
    }

    /// The built `docbrowser` beside the test bundle, when it was built.
    static let docbrowser: URL? = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appending(path: "docbrowser")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    /// The first element of `stream`, or nil when none came within `bound`.
    /// The bound only catches a hang: a whole test run on a shared machine
    /// can starve the tasks that produce the element for minutes.
    static func first<Element: Sendable>(of stream: AsyncStream<Element>, within bound: Duration = .seconds(300)) async -> Element? {
        await withTaskGroup(of: Element?.self) { group in
            group.addTask {
                for await element in stream { return element }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: bound)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Waits until `condition` holds, checking every few milliseconds, for
    /// at most `bound` (as generous as ``first(of:within:)``'s); returns
    /// whether it came to hold.
    static func eventually(within bound: Duration = .seconds(300), _ condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = ContinuousClock.now + bound
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return try await condition()
    }
}
