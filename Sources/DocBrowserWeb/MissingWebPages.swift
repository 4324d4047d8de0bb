import DocKit

/// `docbrowser serve` found no `share/docbrowser/web`: neither in
/// `$DOCBROWSER_SHARE_DIR` nor above the running program, where
/// `make install` puts it.
enum MissingWebPages {
    static var error: DocKitError {
        DocKitError(.notFound, description:
            "the web pages are not installed: no share/docbrowser/web above the running program, and DOCBROWSER_SHARE_DIR is not set")
    }
}
