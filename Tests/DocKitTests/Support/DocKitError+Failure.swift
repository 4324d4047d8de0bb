@testable import DocKit

extension DocKitError {
    /// The area's own account of the failure, for a test that checks
    /// which one it is and what it carries.
    func failure<Failure: DocKitFailure>(as _: Failure.Type) -> Failure? {
        failure as? Failure
    }
}
