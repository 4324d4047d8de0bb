import DocKit
import Foundation

/// A handler as `handlers` shows it, in JSON and as text.
struct HandlerReport: Encodable {
    struct DocumentTypeReport: Encodable {
        var name: String?
        var contentTypes: [String]
        var filenameExtensions: [String]
        var mimeTypes: [String]
        var role: String
        var rank: String
        var isPackage: Bool
    }

    struct ServiceReport: Encodable {
        var kind: String
        var types: [String]
        var executable: String?
        var arguments: [String]
        var timeLimitSeconds: Double?
    }

    var identifier: String
    var name: String?
    var form: String
    var manifest: String
    var executable: String?
    var canOpen: Bool
    var runsInTerminal: Bool
    var documentTypes: [DocumentTypeReport]
    var exportedTypes: [String]
    var services: [ServiceReport]

    init(_ handler: HandlerManifest) {
        identifier = handler.identifier
        name = handler.name
        form = handler.form.rawValue
        manifest = (handler.bundleURL ?? handler.manifestURL).path
        executable = handler.executable?.path
        canOpen = handler.canOpen
        runsInTerminal = handler.runsInTerminal
        documentTypes = handler.documentTypes.map {
            DocumentTypeReport(name: $0.name, contentTypes: $0.contentTypes, filenameExtensions: $0.filenameExtensions, mimeTypes: $0.mimeTypes, role: $0.role.rawValue, rank: $0.rank.rawValue, isPackage: $0.isPackage)
        }
        exportedTypes = handler.exportedTypes
        services = handler.services.map {
            ServiceReport(
                kind: $0.kind.rawValue, types: $0.types, executable: $0.executable?.path, arguments: $0.arguments,
                timeLimitSeconds: $0.timeLimit.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }
            )
        }
    }

    var opensSummary: String {
        guard canOpen else { return "no (types only)" }
        return runsInTerminal ? "yes, in a terminal" : "yes"
    }

    /// The kinds of plugin service it offers, each once.
    var servicesSummary: String {
        let kinds = services.map(\.kind).reduce(into: [String]()) { kinds, kind in if !kinds.contains(kind) { kinds.append(kind) } }
        return kinds.isEmpty ? "-" : kinds.joined(separator: ", ")
    }

    /// What the handler claims, in a few words.
    var claimsSummary: String {
        let claims = documentTypes.flatMap { type in
            (type.contentTypes + type.filenameExtensions.map { "." + $0 } + type.mimeTypes).map { "\($0) (\(type.rank))" }
        }
        return claims.isEmpty ? "-" : claims.joined(separator: ", ")
    }
}

struct CandidateReport: Encodable {
    var identifier: String
    var name: String?
    var rank: String
    var role: String
    var claimedType: String
    var distance: Int
    var isUserDefault: Bool
    var opens: Bool
    var why: String

    init(_ candidate: HandlerCandidate) {
        identifier = candidate.handler.identifier
        name = candidate.handler.name
        rank = candidate.rank.rawValue
        role = candidate.role.rawValue
        claimedType = candidate.claimedType
        distance = candidate.distance
        isUserDefault = candidate.isUserDefault
        opens = candidate.opens
        why = candidate.why
    }
}
