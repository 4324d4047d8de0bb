#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Subprocess
import SystemPackage
import Testing

/// Runs the built `docbrowser-archiver` and the real tools users have
/// (python3, unzip, zip, bsdtar) inside a sandbox.
extension Sandbox {
    static let archiver: URL = binary.deletingLastPathComponent().appending(path: "docbrowser-archiver")

    struct PluginResult: CustomStringConvertible {
        var status: Int32
        var events: [[String: Any]]
        var standardError: String
        var raw: String

        var description: String { "exit \(status)\nstdout:\n\(raw)\nstderr:\n\(standardError)" }
        var result: [String: Any]? { events.last { $0["event"] as? String == "result" } }
        var error: [String: Any]? { events.last { $0["event"] as? String == "error" } }
    }

    func archiver(_ arguments: [String]) async throws -> PluginResult {
        let result = try await Subprocess.run(
            .path(FilePath(Self.archiver.path)), arguments: Arguments(arguments),
            environment: .custom(["PATH": "/usr/bin:/bin", "DOCBROWSER_PLUGIN_PROTOCOL": "1"]),
            workingDirectory: FilePath(root.path),
            output: .string(limit: 64 << 20), error: .string(limit: 1 << 20)
        )
        let status: Int32 = switch result.terminationStatus {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
        let output = result.standardOutput
        let events = output.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        return PluginResult(status: status, events: events, standardError: result.standardError, raw: output)
    }

    /// Runs a tool with argv in `directory` (the sandbox root by default).
    @discardableResult
    func tool(_ executable: String, _ arguments: [String], in directory: URL? = nil, expectSuccess: Bool = true) async throws -> (status: Int32, output: String) {
        let result = try await Subprocess.run(
            .name(executable), arguments: Arguments(arguments),
            environment: .inherit.updating(["LC_ALL": "C.UTF-8"]),
            workingDirectory: FilePath((directory ?? root).path),
            output: .string(limit: 16 << 20), error: .string(limit: 1 << 20)
        )
        let status: Int32 = switch result.terminationStatus {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
        if expectSuccess {
            #expect(status == 0, "\(executable) \(arguments): \(result.standardOutput) \(result.standardError)")
        }
        return (status, (result.standardOutput) + (result.standardError))
    }

    /// Python with `zipfile`, `tarfile`, `io` and `os` imported, run in the sandbox root.
    func python(_ script: String) async throws {
        try await tool("python3", ["-c", "import zipfile, tarfile, io, os, sys\n" + script])
    }

    func directory(_ relativePath: String) throws -> URL {
        let url = root.appending(path: relativePath, directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A mixed set of documents: a package with a symlink and an
    /// executable, a non-ASCII-named file, an empty folder; with fixed,
    /// distinct modification times so that kept times are visible.
    func makeMixedDocuments(in relativePath: String) async throws -> URL {
        let base = try directory(relativePath)
        try await tool("sh", ["-c", """
            set -e
            mkdir -p Report.pages/Data 'Empty Folder'
            printf 'page one\\n' > Report.pages/index.xml
            printf '#!/bin/sh\\necho hi\\n' > Report.pages/run.sh && chmod 755 Report.pages/run.sh
            head -c 300000 /dev/urandom > Report.pages/Data/blob.bin
            ln -s index.xml Report.pages/current
            printf 'caf\\303\\251\\n' > 'Café – ünïcödé.txt'
            chmod 640 'Café – ünïcödé.txt'
            touch -h -d '2021-03-04 05:06:07' Report.pages/current
            touch -d '2020-01-02 03:04:05' Report.pages/index.xml Report.pages/run.sh Report.pages/Data/blob.bin 'Café – ünïcödé.txt'
            touch -d '2019-05-06 07:08:09' Report.pages/Data Report.pages 'Empty Folder'
            """], in: base)
        return base
    }

    /// Everything under `url`, keyed by relative path: type, mode,
    /// modification second, and content or link target. unzip cannot set
    /// a link's time, hence `linkTimes`.
    func snapshot(_ url: URL, modes: Bool = true, times: Bool = true, symlinks: Bool = true, linkTimes: Bool = true) throws -> [String: String] {
        var result: [String: String] = [:]
        func walk(_ directory: URL, _ prefix: String) throws {
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
                let path = directory.appending(path: name)
                let relative = prefix.isEmpty ? name : prefix + "/" + name
                var status = stat()
                guard lstat(path.path, &status) == 0 else { continue }
                let type = status.st_mode & S_IFMT
                var description: String
                switch type {
                case S_IFDIR: description = "dir"
                case S_IFLNK:
                    guard symlinks else { continue }
                    description = "link -> " + (try FileManager.default.destinationOfSymbolicLink(atPath: path.path))
                default:
                    let data = try Data(contentsOf: path)
                    description = "file \(data.count) \(data.hashValue)"
                }
                if modes, type != S_IFLNK { description += String(format: " mode %o", status.st_mode & 0o7777) }
                if times, linkTimes || type != S_IFLNK { description += " mtime \(status.st_mtim.tv_sec)" }
                result[relative] = description
                if type == S_IFDIR { try walk(path, relative) }
            }
        }
        try walk(url, "")
        return result
    }

    func names(in url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}

/// Python that writes zips byte by byte, for the layouts no zip tool
/// makes: `lfh` a local header, `cdh` a central directory record,
/// `forge(path, body, records)` the file with its end record.
enum ZipForge {
    static let python = #"""
    import struct, zlib
    def lfh(name, crc, csize, usize, method=0, flags=0):
        return struct.pack('<IHHHHHIIIHH', 0x04034b50, 20, flags, method, 0, 0x21, crc, csize, usize, len(name), 0) + name
    def cdh(name, crc, csize, usize, offset, method=0, flags=0, mode=0o100644):
        return struct.pack('<IHHHHHHIIIHHHHHII', 0x02014b50, 0x031e, 20, flags, method, 0, 0x21, crc, csize, usize, len(name), 0, 0, 0, 0, mode << 16, offset) + name
    def forge(path, body, records):
        directory = b''.join(records)
        end = struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, len(records), len(records), len(directory), len(body), 0)
        open(path, 'wb').write(body + directory + end)

    """#
}
