import Foundation
import Testing
@testable import DocKit

@Suite("Audio and video through ffprobe; EPUB books through their package document")
struct MediaAndBookPreviewerTests {
    private func labelled(_ preview: Preview) -> [String] {
        preview.fields.dropFirst(2).map { "\($0.label): \($0.value)" }
    }

    @Test func aVideoShowsContainerDurationAndEachStream() async throws {
        let bench = try PreviewBench()
        try bench.python("""
            import subprocess
            subprocess.run(['ffmpeg', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x48:rate=10', '-f', 'lavfi', '-i', 'sine=duration=1',
                            '-c:v', 'libx264', '-c:a', 'aac', '-shortest', '-metadata', 'title=Test Pattern', 'clip.mp4'], check=True)
            subprocess.run(['ffmpeg', '-v', 'error', '-f', 'lavfi', '-i', 'sine=duration=2', 'tone.ogg'], check=True)
            """)
        let clip = try await bench.preview("clip.mp4")
        #expect(clip.kind == .media)
        #expect(labelled(clip) == [
            "container: QuickTime / MOV", "duration: 1.0 s", "video: h264, 64×48, 10 fps", "audio: aac, 44100 Hz, mono", "title: Test Pattern",
        ])
        let tone = try await bench.preview("tone.ogg")
        #expect(labelled(tone) == ["container: Ogg", "duration: 2.0 s", "audio: vorbis, 44100 Hz, mono"])
    }

    @Test func withoutFfprobeTheGenericPreviewSaysWhy() async throws {
        let bench = try PreviewBench()
        try bench.write([0, 0, 0, 0x18] + Array("ftypisom".utf8), to: "clip.mp4")
        let preview = try await bench.preview("clip.mp4", tools: PreviewTools(environment: ProcessInfo.processInfo.environment, searchPath: []))
        #expect(preview.kind == .generic)
        #expect(preview.notes.first == "the media preview failed (ffprobe is not installed); showing the generic preview")
    }

    @Test func anFfprobeAnswerWithImpossibleNumbersIsShownWithoutThem() async throws {
        let bench = try PreviewBench()
        try bench.write([0, 0, 0, 0x18] + Array("ftypisom".utf8), to: "clip.mp4")
        let fake = try bench.write("""
            #!/bin/sh
            echo '{"format":{"duration":"1e308","format_long_name":"odd\\u001b[2J"},"streams":[{"codec_type":"video","codec_name":"h264","avg_frame_rate":"1e308/1"}]}'
            """, to: "bin/ffprobe")
        #expect(chmod(fake.description, 0o755) == 0)
        let preview = try await bench.preview("clip.mp4", tools: PreviewTools(environment: ProcessInfo.processInfo.environment, searchPath: [bench.path("bin").description]))
        #expect(labelled(preview) == ["container: odd␛[2J", "video: h264"])
    }

    @Test(arguments: [
        ("epub3", #"<item id="c" href="images/cover%20art.jpg" media-type="image/jpeg" properties="cover-image"/>"#, ""),
        ("epub2", #"<item id="pic" href="../cover.png" media-type="image/png"/>"#, #"<meta name="cover" content="pic"/>"#),
    ])
    func aBookShowsTitleAuthorAndCover(version: String, item: String, meta: String) async throws {
        let bench = try PreviewBench()
        try bench.python(OfficeDocumentPreviewerTests.writers + "\n" + """
            epub('Book.epub', '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
                '<dc:title>Moby-Dick</dc:title><dc:creator>Herman Melville</dc:creator>\(meta)</metadata><manifest>\(item)</manifest>')
            """)
        let preview = try await bench.preview("Book.epub")
        #expect(preview.kind == .document)
        let cover = version == "epub3" ? "OEBPS/images/cover art.jpg" : "cover.png"
        #expect(labelled(preview) == ["format: EPUB", "title: Moby-Dick", "author: Herman Melville", "cover: \(cover)"])
    }

    @Test func aBookWithoutAContainerFallsBack() async throws {
        let bench = try PreviewBench()
        try bench.python("import zipfile\nwith zipfile.ZipFile('Book.epub', 'w') as z: z.writestr('mimetype', 'application/epub+zip')")
        let preview = try await bench.preview("Book.epub")
        #expect(preview.kind == .generic)
        #expect(preview.notes.first == "the epub preview failed (it has no META-INF/container.xml); showing the generic preview")
    }
}
