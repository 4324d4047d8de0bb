import Foundation
import Subprocess
import Testing

@Suite("preview draws pictures in the terminal, and writes nothing but text off one")
struct TerminalImagesEndToEndTests {
    /// A PNG of random pixels, large enough that its base64 takes several
    /// 4,096-byte chunks of the kitty protocol.
    private func makePicture(_ sandbox: Sandbox) async throws -> URL {
        try await sandbox.shell(#"""
            mkdir -p home/Documents
            python3 - <<'PY'
            import os, struct, zlib
            def chunk(t, data): return struct.pack('>I', len(data)) + t + data + struct.pack('>I', zlib.crc32(t + data))
            w, h = 48, 48
            raw = b''.join(b'\x00' + os.urandom(w * 3) for _ in range(h))
            png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
            open('home/Documents/Noise.png', 'wb').write(png)
            PY
            """#)
        return sandbox.localDocuments.appending(path: "Noise.png")
    }

    /// The base64 payloads of the kitty APC sequences in `output`, joined,
    /// and the keys of each sequence.
    private func kittyPayload(_ output: String) -> (data: Data?, keys: [String]) {
        var payload = ""
        var keys: [String] = []
        var rest = Substring(output)
        while let start = rest.range(of: "\u{1B}_G") {
            guard let end = rest[start.upperBound...].range(of: "\u{1B}\\") else { break }
            let body = rest[start.upperBound..<end.lowerBound]
            let parts = body.split(separator: ";", maxSplits: 1)
            keys.append(String(parts[0]))
            payload += parts.count > 1 ? parts[1] : ""
            rest = rest[end.upperBound...]
        }
        return (Data(base64Encoded: payload), keys)
    }

    @Test func kittyGetsTheImagesPNGBytesInChunkedAPCSequences() async throws {
        let sandbox = try Sandbox()
        let picture = try await makePicture(sandbox)
        let result = try await sandbox.run("preview", "--image", "kitty", "Noise.png")
        #expect(result.status == 0, "\(result)")
        let (data, keys) = kittyPayload(result.standardOutput)
        #expect(data == (try Data(contentsOf: picture)))
        let chunks = (try Data(contentsOf: picture).base64EncodedString().utf8.count + 4095) / 4096
        #expect(chunks > 1)
        #expect(keys == ["a=T,f=100,q=2,m=1"] + Array(repeating: "m=1", count: chunks - 2) + ["m=0"])
        // The text preview comes first, the picture after it.
        #expect(result.standardOutput.hasPrefix("==> Noise.png <==\n"))
    }

    @Test func itermGetsOneOSC1337WithTheFile() async throws {
        let sandbox = try Sandbox()
        let picture = try await makePicture(sandbox)
        let bytes = try Data(contentsOf: picture)
        let result = try await sandbox.run("preview", "--image", "iterm", "Noise.png")
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.hasSuffix("\n\u{1B}]1337;File=inline=1;size=\(bytes.count):\(bytes.base64EncodedString())\u{07}\n"))
    }

    @Test func symbolsAreChafasCharacterDrawing() async throws {
        let sandbox = try Sandbox()
        let picture = try await makePicture(sandbox)
        let result = try await sandbox.run("preview", "--image", "symbols", "Noise.png")
        #expect(result.status == 0, "\(result)")
        // Off a terminal the width is 120 columns: the drawing takes 80 by 12.
        let chafa = try await Subprocess.run(.name("chafa"), arguments: ["-f", "symbols", "--size", "80x12", "--animate", "off", "--polite", "on", picture.path],
                                             output: .string(limit: 1 << 20), error: .discarded)
        let drawing = chafa.standardOutput
        #expect(!drawing.isEmpty)
        #expect(result.standardOutput.hasSuffix("\n" + drawing + "\n"))
        #expect(!result.standardOutput.contains("\u{1B}_G"))
    }

    @Test func offATerminalNothingButTextIsWrittenWhateverTheEnvironmentSays() async throws {
        let sandbox = try Sandbox()
        _ = try await makePicture(sandbox)
        let result = try await sandbox.run(["preview", "Noise.png"], environment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1", "TERM_PROGRAM": "WezTerm"])
        #expect(result.status == 0, "\(result)")
        #expect(!result.standardOutput.contains("\u{1B}"))
        #expect(result.standardOutput.contains("  dimensions: 48×48 pixels\n"))
    }

    @Test func onATerminalTheEnvironmentChoosesTheProtocol() async throws {
        let sandbox = try Sandbox()
        _ = try await makePicture(sandbox)
        let kitty = try await sandbox.run(["preview", "Noise.png"], environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"], inTerminal: true)
        #expect(kitty.status == 0, "\(kitty)")
        #expect(kitty.standardOutput.contains("\u{1B}_Ga=T,f=100,q=2,m=1;"))
        let iterm = try await sandbox.run(["preview", "Noise.png"], environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app", "KITTY_WINDOW_ID": nil], inTerminal: true)
        #expect(iterm.standardOutput.contains("\u{1B}]1337;File=inline=1;"))
        let plain = try await sandbox.run(["preview", "Noise.png"], environment: ["TERM": "xterm-256color", "TERM_PROGRAM": nil, "KITTY_WINDOW_ID": nil, "KONSOLE_VERSION": nil], inTerminal: true)
        #expect(!plain.standardOutput.contains("\u{1B}_G") && !plain.standardOutput.contains("\u{1B}]1337"))
        #expect(plain.standardOutput.contains("\u{1B}[0m"))
        let none = try await sandbox.run(["preview", "--image", "none", "Noise.png"], environment: ["TERM": "xterm-kitty"], inTerminal: true)
        #expect(!none.standardOutput.contains("\u{1B}_G"))
    }

    @Test func aPDFsFirstPageIsRenderedByPoppler() async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell("mkdir -p home/Documents\npython3 - <<'PY'\n" + DocumentPreviewsEndToEndTests.writePDF + """

            write_pdf('home/Documents/Minutes.pdf', 'Board Minutes', 'Grace Hopper', ['Present: all members'])
            PY
            """)
        let result = try await sandbox.run("preview", "--image", "kitty", "Minutes.pdf")
        #expect(result.status == 0, "\(result)")
        let page = try #require(kittyPayload(result.standardOutput).data)
        #expect(page.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // pdftoppm scales the page's longer side to 512 pixels: a US Letter page is 396 by 512.
        #expect(Array(page[16..<24]) == [0, 0, 1, 0x8C, 0, 0, 2, 0])

        let withoutPoppler = try await sandbox.run(["preview", "--image", "kitty", "Minutes.pdf"], environment: ["PATH": sandbox.root.appending(path: "empty").path])
        #expect(withoutPoppler.status == 0)
        #expect(!withoutPoppler.standardOutput.contains("\u{1B}"))
        #expect(withoutPoppler.standardOutput.hasSuffix("  note: no picture: pdftoppm is not installed\n"))
    }
}
