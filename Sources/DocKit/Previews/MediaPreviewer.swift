import Foundation

/// Audio and video by what ffprobe finds in them: the container, the
/// duration, and each stream's codec (a video's dimensions and frame
/// rate, a sound's rate and channels). ffprobe runs as a separate process
/// within the preview tools' time limit; without it, the next previewer
/// takes over with a note.
struct MediaPreviewer: Previewer {
    /// `media`, as notes and `--json` name this previewer.
    let name = "media"
    /// Everything with sound or moving pictures.
    let contentTypes = ["public.audiovisual-content", "public.audio"]
    /// ffprobe's JSON for a file of a few dozen streams is a few kilobytes.
    static let outputCap = 1 << 20
    /// Streams listed at most; a file can declare thousands.
    static let maxStreams = 16

    private struct Probe: Decodable {
        struct Format: Decodable {
            var format_long_name: String?
            var duration: String?
            var tags: [String: String]?
        }
        struct Stream: Decodable {
            var codec_type: String?
            var codec_name: String?
            var width: Int?
            var height: Int?
            var avg_frame_rate: String?
            var sample_rate: String?
            var channels: Int?
            var channel_layout: String?
        }
        var format: Format?
        var streams: [Stream]?
    }

    /// Runs ffprobe on the file.
    ///
    /// - Parameters:
    ///   - subject: The file to preview.
    ///   - context: The limits and tools.
    /// - Returns: A `media` preview: container, duration, streams, title and artist.
    /// - Throws: ``DocKitError/Code/malformed`` when ffprobe is missing, fails, or answers what is not its JSON.
    func preview(_ subject: PreviewSubject, in context: PreviewContext) async throws -> Preview {
        let input = "file:" + PluginPreviewer.absolute(subject.path).description
        let output: [UInt8]
        do {
            output = try await context.tools.run("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", input], outputCap: Self.outputCap)
        } catch {
            throw DocKitError(PreviewError(path: subject.path.description, reason: "\(error)"))
        }
        guard let probe = try? JSONDecoder().decode(Probe.self, from: Data(output)) else {
            throw DocKitError(PreviewError(path: subject.path.description, reason: "ffprobe's answer is not the JSON it documents"))
        }
        var preview = Preview(kind: .media, previewer: name)
        func add(_ label: String, _ value: String) {
            preview.fields.append(Preview.Field(label, VisibleText.cut(VisibleText.visible(Substring(value)), to: context.options.lineWidth).text))
        }
        if let container = probe.format?.format_long_name { add("container", container) }
        if let duration = probe.format?.duration.flatMap(Double.init), duration.isFinite, duration >= 0, duration < 1e9 {
            add("duration", Self.duration(duration))
        }
        let streams = probe.streams ?? []
        for stream in streams.prefix(Self.maxStreams) {
            switch stream.codec_type {
            case "video":
                var parts = [stream.codec_name ?? "unknown codec"]
                if let width = stream.width, let height = stream.height { parts.append("\(width)×\(height)") }
                if let rate = stream.avg_frame_rate.flatMap(Self.rate) { parts.append("\(rate) fps") }
                add("video", parts.joined(separator: ", "))
            case "audio":
                var parts = [stream.codec_name ?? "unknown codec"]
                if let rate = stream.sample_rate { parts.append("\(rate) Hz") }
                if let layout = stream.channel_layout { parts.append(layout) } else if let channels = stream.channels { parts.append("\(channels) channels") }
                add("audio", parts.joined(separator: ", "))
            case let other?:
                add(other, stream.codec_name ?? "unknown codec")
            case nil:
                continue
            }
        }
        if streams.count > Self.maxStreams { preview.notes.append("showing \(Self.maxStreams) of the \(streams.count) streams") }
        let tags = Dictionary((probe.format?.tags ?? [:]).map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        for key in ["title", "artist", "album"] {
            if let value = tags[key], !value.isEmpty { add(key, value) }
        }
        return preview
    }

    /// `1.5 s` under a minute, else `m:ss` or `h:mm:ss`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 60 { return String(format: "%.1f s", seconds) }
        let whole = Int(seconds.rounded(.down))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

    /// `25/1` as `25`, `30000/1001` as `29.97`; nil for `0/0`.
    static func rate(_ fraction: String) -> String? {
        let parts = fraction.split(separator: "/").compactMap { Double($0) }
        guard parts.count == 2, parts[1] > 0, parts[0] > 0 else { return nil }
        let value = parts[0] / parts[1]
        // A crafted file can state any rate; no Int conversion may trap.
        guard value.isFinite, value < 1e6 else { return nil }
        return value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
