import ArchiveChecks
import CArchive

/// The archive types the plugin writes, named as `--format` takes them.
enum ArchiveFormat: String, CaseIterable {
    case zip
    case tar
    case tarGzip = "tar.gz"
    case tarBzip2 = "tar.bz2"
    case tarXz = "tar.xz"
    case tarZstd = "tar.zst"
    case sevenZip = "7z"

    /// The compression levels each format accepts; nil when it has none.
    var levels: ClosedRange<Int>? {
        switch self {
        case .zip, .tarXz, .sevenZip: 0...9
        case .tarGzip, .tarBzip2: 1...9
        case .tarZstd: 1...19
        case .tar: nil
        }
    }

    /// Sets the format, filter and options on a fresh write handle.
    func configure(_ archive: OpaquePointer, level: Int?, reproducible: Bool) throws(PluginFailure) {
        func check(_ status: Int32, _ what: String) throws(PluginFailure) {
            guard status == ARCHIVE_OK else {
                throw PluginFailure.failed("\(rawValue): cannot set \(what): \(archiveErrorString(archive))")
            }
        }
        switch self {
        case .zip:
            try check(archive_write_set_format_zip(archive), "the zip format")
        case .sevenZip:
            try check(archive_write_set_format_7zip(archive), "the 7z format")
        case .tar, .tarGzip, .tarBzip2, .tarXz, .tarZstd:
            // pax only adds extended headers where ustar cannot say it
            // (long or non-ASCII names, sub-second times), so plain tars
            // stay readable by the oldest tools.
            try check(archive_write_set_format_pax_restricted(archive), "the pax format")
        }
        switch self {
        case .tarGzip: try check(archive_write_add_filter_gzip(archive), "gzip compression")
        case .tarBzip2: try check(archive_write_add_filter_bzip2(archive), "bzip2 compression")
        case .tarXz: try check(archive_write_add_filter_xz(archive), "xz compression")
        case .tarZstd: try check(archive_write_add_filter_zstd(archive), "zstd compression")
        case .zip, .tar, .sevenZip: break
        }
        var options: [String] = []
        switch self {
        case .zip:
            if level == 0 {
                options.append("zip:compression=store")
            } else if let level {
                options.append("zip:compression=deflate")
                options.append("zip:compression-level=\(level)")
            }
        case .tarGzip:
            if let level { options.append("gzip:compression-level=\(level)") }
            // The gzip header carries the time of writing; without it
            // identical input gives identical bytes.
            if reproducible { options.append("gzip:!timestamp") }
        case .tarBzip2:
            if let level { options.append("bzip2:compression-level=\(level)") }
        case .tarXz:
            if let level { options.append("xz:compression-level=\(level)") }
        case .tarZstd:
            if let level { options.append("zstd:compression-level=\(level)") }
        case .sevenZip:
            if let level { options.append("7zip:compression-level=\(level)") }
        case .tar:
            break
        }
        for option in options {
            try check(archive_write_set_options(archive, option), "option \(option)")
        }
    }
}
