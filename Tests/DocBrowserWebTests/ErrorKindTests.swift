import DocBrowserReports
import DocKit
import Hummingbird
import Testing
@testable import DocBrowserWeb

/// The grouping of DocKit's codes that both front ends answer with: the
/// CLI's exit status and JSON `kind`, the web API's status. Written out
/// whole, so that a code moved to another kind is a change a test shows.
@Suite("Error kinds")
struct ErrorKindTests {
    static let expected: [DocKitError.Code: ErrorKind] = [
        .notFound: .notFound, .documentNotFound: .notFound, .noSuchFolder: .notFound, .folderGone: .notFound,
        .versionNotFound: .notFound, .handlerNotFound: .notFound, .typeNotFound: .notFound, .noHandler: .notFound,
        .noService: .notFound,
        .alreadyExists: .conflict, .nameClash: .conflict, .nameTooLong: .conflict, .ambiguous: .conflict,
        .notDownloaded: .refused, .busy: .refused, .inUse: .refused, .incomplete: .refused,
        .stillIncomplete: .refused, .changedWhileCopied: .refused, .unresolvedConflict: .refused, .notSupported: .refused,
        .refused: .refused, .needsTerminal: .refused, .pluginStopped: .refused,
        .malformed: .invalidInput, .invalidName: .invalidInput, .invalidValue: .invalidInput, .unknownFormat: .invalidInput,
        .notAnArchive: .invalidInput, .invalidQuery: .invalidInput,
        .pluginFailed: .failed, .cancelled: .failed, .launchFailed: .failed, .notOpen: .failed,
        .contentsFailed: .failed, .fileSystem: .failed, .database: .failed,
    ]

    @Test func everyCodeHasTheKindItIsDocumentedWith() {
        #expect(Set(Self.expected.keys) == Set(DocKitError.Code.all))
        for code in DocKitError.Code.all {
            #expect(ErrorKind(code) == Self.expected[code], "\(code)")
        }
    }

    @Test func theWebAPIAnswersEachKindWithItsStatus() {
        let statuses: [ErrorKind: HTTPResponse.Status] = [
            .notFound: .notFound, .conflict: .conflict, .refused: .forbidden, .invalidInput: .unprocessableContent, .failed: .internalServerError,
        ]
        for code in DocKitError.Code.all {
            let error = APIError(DocKitError(code, description: "x: \(code)"))
            #expect(error.status == statuses[ErrorKind(code)], "\(code)")
            #expect(error.code == ErrorKind(code).rawValue)
            #expect(error.message == "x: \(code)")
        }
    }
}
