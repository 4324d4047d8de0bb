import Logging

/// DocKit's loggers. DocKit never prints: what it has to say beyond its
/// return values goes here, and the embedding program decides where it goes
/// (the CLI shows it with `--verbose`).
enum Diagnostics {
    static let types = Logger(label: "docbrowser.types")
    static let catalog = Logger(label: "docbrowser.catalog")
    static let coordination = Logger(label: "docbrowser.coordination")
}
