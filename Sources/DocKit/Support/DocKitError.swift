/// The one error DocKit throws: a ``Code`` an app can match, the document,
/// file or value concerned, and one line for the user.
///
/// Match a code as you would match GRDB's `DatabaseError`:
///
/// ```swift
/// do {
///     _ = try mover.move(document, to: .cloud, onConflict: .fail)
/// } catch DocKitError.notDownloaded {
///     // only its placeholder is here
/// } catch let error as DocKitError where error.code == .alreadyExists {
///     // ask for another name
/// }
/// ```
///
/// The codes are static members of both ``Code`` and `DocKitError`, so
/// `catch DocKitError.notDownloaded` and `case .notDownloaded` read alike.
public struct DocKitError: Error, Sendable, CustomStringConvertible {
    /// Which failure it is.
    public var code: Code
    /// The document, file or value the failure is about, as the message
    /// names it (`cloud:Deck.key`, a path, a setting's key); `nil` when it
    /// is about none in particular.
    public var document: String?
    /// The error beneath, when there is one: a `POSIXError` for a system
    /// call that failed, or the error an app's own `DocumentContents` threw.
    public var underlying: (any Error & Sendable)?
    /// What the caller could name instead: the documents an ambiguous name
    /// could be, or the handlers that open other types.
    public var alternatives: [String]
    /// The signal (SIGINT or SIGTERM) that cancelled a plugin run, for
    /// ``Code/cancelled``.
    public var signal: Int32?
    /// One line for the user: the document or file first, then the reason.
    public var description: String
    /// The area's own account, kept for DocKit's internal decisions.
    let failure: (any DocKitFailure)?

    /// Creates an error, for an app's own code or its tests.
    ///
    /// - Parameters:
    ///   - code: Which failure it is.
    ///   - document: The document, file or value concerned, or `nil`.
    ///   - description: One line naming it and saying what went wrong.
    ///   - underlying: The error beneath, or `nil`.
    public init(_ code: Code, document: String? = nil, description: String, underlying: (any Error & Sendable)? = nil) {
        self.code = code
        self.document = document
        self.description = description
        self.underlying = underlying
        alternatives = []
        signal = nil
        failure = nil
    }

    /// The error for an area's account of a failure.
    init(_ failure: some DocKitFailure) {
        code = failure.code
        document = failure.document
        description = failure.description
        underlying = failure.underlying
        alternatives = failure.alternatives
        signal = failure.signal
        self.failure = failure
    }
}

extension DocKitError: Hashable {
    /// Two errors are equal when they say the same about the same document;
    /// the underlying errors, which need not be equatable, are not compared.
    public static func == (lhs: DocKitError, rhs: DocKitError) -> Bool {
        lhs.code == rhs.code && lhs.document == rhs.document && lhs.description == rhs.description
            && lhs.alternatives == rhs.alternatives && lhs.signal == rhs.signal
    }

    /// Hashes what `==` compares.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(document)
        hasher.combine(description)
    }
}

/// One area's account of a failure (a move, a catalog lookup, a plugin run),
/// which DocKit throws as a ``DocKitError`` with its code.
protocol DocKitFailure: CustomStringConvertible, Sendable {
    /// Which failure it is.
    var code: DocKitError.Code { get }
    /// The document, file or value it is about.
    var document: String? { get }
    /// The error beneath.
    var underlying: (any Error & Sendable)? { get }
    /// What the caller could name instead.
    var alternatives: [String] { get }
    /// The signal that cancelled a plugin run.
    var signal: Int32? { get }
}

extension DocKitFailure {
    var underlying: (any Error & Sendable)? { nil }
    var alternatives: [String] { [] }
    var signal: Int32? { nil }
}
