import Foundation
import Testing

/// What `storage` and `delete` say about the shared cloud, on one device.
@Suite("storage and delete speak for every device")
struct SharedCloudAdviceEndToEndTests {
    @Test("storage names placeholders instead of advising a switch that cannot move them, and never loops")
    func placeholdersDoNotLoop() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("list")
        try await sandbox.shell("""
            python3 -c "import plistlib,sys; sys.stdout.buffer.write(plistlib.dumps({'NSURLNameKey':'Far.pdf','NSURLFileSizeKey':10}, fmt=plistlib.FMT_BINARY))" > home/Cloud/Documents/.Far.pdf.icloud
            """)
        let status = try await sandbox.run("storage")
        #expect(status.status == 0)
        #expect(!status.standardError.contains("'docbrowser storage local'"), "\(status)")
        #expect(status.standardError.contains("cloud:Far.pdf") && status.standardError.contains("download it on a device that has it"), "\(status)")
        let switched = try await sandbox.run("storage", "local")
        #expect(switched.status == 5, "\(switched)")
        #expect(switched.standardError.contains("cloud:Far.pdf: not downloaded") && switched.standardError.contains("a device that has it"), "\(switched)")
    }

    @Test("storage local --keep-a-local-copy copies the cloud's documents here and leaves the cloud as it was")
    func keepALocalCopy() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("list")
        try await sandbox.shell("printf one > home/Cloud/Documents/One.txt && printf here > home/Documents/One.txt && printf two > home/Cloud/Documents/Two.txt")
        let before = try await TreeDigest.entries(of: [sandbox.cloudDocuments])
        let kept = try await sandbox.run("storage", "local", "--keep-a-local-copy")
        #expect(kept.status == 0, "\(kept)")
        #expect(kept.standardError.contains("the cloud keeps them"), "\(kept)")
        #expect(try await TreeDigest.entries(of: [sandbox.cloudDocuments]) == before, "the cloud is as it was")
        #expect(sandbox.names(in: sandbox.localDocuments).sorted() == ["One 2.txt", "One.txt", "Two.txt"])
        #expect(try String(contentsOf: sandbox.localDocuments.appending(path: "One 2.txt"), encoding: .utf8) == "one")
        let status = try await sandbox.run("storage")
        #expect(status.standardOutput == "local\n", "\(status)")
    }

    @Test("deleting a cloud document says it leaves every device, and that only this device's Trash holds it")
    func deleteSpeaksForEveryDevice() async throws {
        let sandbox = try Sandbox()
        #expect(try await sandbox.run("new", "Shared.txt", "--cloud").status == 0)
        #expect(try await sandbox.run("new", "Mine.txt").status == 0)
        let cloud = try await sandbox.run("delete", "Shared.txt")
        #expect(cloud.status == 0, "\(cloud)")
        #expect(cloud.standardError.contains("leaves the cloud on every device that syncs it; only this device's Trash holds it"), "\(cloud)")
        let local = try await sandbox.run("delete", "Mine.txt")
        #expect(!local.standardError.contains("every device"), "\(local)")
    }
}
