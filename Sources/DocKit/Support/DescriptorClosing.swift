#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Closes a descriptor this process owns, and counts each close of one
/// that was not open. Such a close is the trace of a double close, which
/// in a threaded process closes whatever descriptor another thread opened
/// under the same number meanwhile: a catalog's database, a file being
/// copied. The count lets a test prove that a path closes once.
enum DescriptorClosing {
    private static let unopened = Atomic<Int>(0)

    /// Closes `descriptor`; a negative one, never opened, is left alone.
    static func close(_ descriptor: Int32) {
        guard descriptor >= 0 else { return }
        if Glibc.close(descriptor) != 0, errno == EBADF {
            unopened.add(1, ordering: .relaxed)
        }
    }

    /// How many closes so far found their descriptor already closed.
    static var closesOfUnopenedDescriptors: Int { unopened.load(ordering: .relaxed) }
}
