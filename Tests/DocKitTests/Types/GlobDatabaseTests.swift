import Foundation
import Testing
@testable import DocKit

@Suite("GlobDatabase: shared-mime-info's file-name rules")
struct GlobDatabaseTests {
    static func database(_ text: String) -> GlobDatabase {
        GlobDatabase(globs: GlobDatabase.parse(Data(text.utf8)))
    }

    @Test("globs2 lines are read as weight, type, pattern and flags; odd lines are skipped")
    func parsing() {
        let globs = GlobDatabase.parse(Data("""
            # This file was automatically generated
            50:text/x-makefile:makefile
            50:application/x-core:core:cs
            10:Text/X-Makefile:makefile.*
            60:application/x-sharedlib:*.so.[0-9]*:cs,other
            notaweight:text/plain:readme
            101:text/plain:too-heavy
            50::empty-type
            50:text/plain:

            50:text/plain

            """.utf8) + Data([0x35, 0x30, 0x3A, 0x74, 0x2F, 0x78, 0x3A, 0xFF, 0x0A]))
        #expect(globs == [
            GlobDatabase.Glob(weight: 50, mimeType: "text/x-makefile", pattern: "makefile", caseSensitive: false),
            GlobDatabase.Glob(weight: 50, mimeType: "application/x-core", pattern: "core", caseSensitive: true),
            GlobDatabase.Glob(weight: 10, mimeType: "text/x-makefile", pattern: "makefile.*", caseSensitive: false),
            GlobDatabase.Glob(weight: 60, mimeType: "application/x-sharedlib", pattern: "*.so.[0-9]*", caseSensitive: true),
        ])
    }

    @Test("a whole name matches folded unless the glob is case-sensitive; the heaviest wins; a repeated pattern counts once")
    func literalNames() {
        let database = Self.database("""
            50:text/x-makefile:makefile
            50:application/x-core:core:cs
            50:application/x-core:core
            40:text/x-weak:install
            60:text/x-install:install
            70:text/x-exact:README:cs
            70:text/x-makefile:*.mk
            """)
        #expect(database.literalMatches("Makefile").map(\.mimeType) == ["text/x-makefile"])
        #expect(database.literalMatches("MAKEFILE").map(\.mimeType) == ["text/x-makefile"])
        #expect(database.literalMatches("core").map(\.mimeType) == ["application/x-core"])
        // `core` listed case-sensitive first, its folded repetition ignored.
        #expect(database.literalMatches("Core") == [])
        #expect(database.literalMatches("INSTALL").map(\.mimeType) == ["text/x-install"])
        #expect(database.literalMatches("README").map(\.mimeType) == ["text/x-exact"])
        #expect(database.literalMatches("readme") == [])
        #expect(database.literalMatches("a.mk") == [], "a pattern is no whole name")
    }

    @Test("patterns with wildcards match folded unless case-sensitive, heaviest and then longest first; a plain *.ext is an extension, not a pattern")
    func patterns() {
        let database = Self.database("""
            50:application/x-troff-man:*.[1-9]
            60:application/x-sharedlib:*.so.[0-9]*
            50:application/x-trash:*~
            10:text/x-makefile:makefile.*
            50:text/x-scons:sconscript.*
            50:text/x-exact:*.Q[0-9]:cs
            50:text/plain:*.txt
            50:text/x-install:install
            """)
        #expect(database.patternMatches("LS.1").map(\.mimeType) == ["application/x-troff-man"])
        #expect(database.patternMatches("libfoo.so.1").map(\.mimeType) == ["application/x-sharedlib", "application/x-troff-man"])
        #expect(database.patternMatches("notes.txt~").map(\.mimeType) == ["application/x-trash"])
        #expect(database.patternMatches("makefile.am").map(\.mimeType) == ["text/x-makefile"])
        #expect(database.patternMatches("a.Q1").map(\.mimeType) == ["text/x-exact"])
        #expect(database.patternMatches("a.q1") == [])
        #expect(database.patternMatches("a.txt") == [])
        #expect(database.patternMatches("install") == [])
        #expect(database.patternMatches("") == [])
    }

    @Test("a case-sensitive *.ext ends a name only as written; a folded one is an extension, not asked here")
    func caseSensitiveExtensions() {
        let database = Self.database("""
            50:text/x-csrc:*.c:cs
            50:text/x-c++src:*.C:cs
            60:text/x-weighty:*.tar.C:cs
            50:text/plain:*.txt
            """)
        #expect(database.caseSensitiveMatches("hello.C").map(\.mimeType) == ["text/x-c++src"])
        #expect(database.caseSensitiveMatches("hello.c").map(\.mimeType) == ["text/x-csrc"])
        #expect(database.caseSensitiveMatches("a.tar.C").map(\.mimeType) == ["text/x-weighty", "text/x-c++src"])
        #expect(database.caseSensitiveMatches("HELLO.TXT") == [])
        #expect(database.caseSensitiveMatches("helloC") == [])
    }

    @Test("a name that a case-sensitive *.ext ends only once folded, of an extension no folded glob has, is told apart")
    func caseSensitiveMisses() {
        let database = Self.database("""
            50:text/x-genie:*.gs:cs
            50:text/x-csrc:*.c:cs
            50:text/x-c++src:*.C:cs
            50:text/x-shared:*.sh:cs
            50:application/x-shellscript:*.sh
            """)
        #expect(database.caseSensitiveMisses("X.GS").map(\.mimeType) == ["text/x-genie"])
        #expect(database.caseSensitiveMisses("x.gs") == [])
        #expect(database.caseSensitiveMisses("X.SH") == [], "a folded *.sh names it")
        // `*.C` ends HELLO.C as written; `*.c` misses it.
        #expect(database.caseSensitiveMisses("HELLO.C").map(\.mimeType) == ["text/x-csrc"])
    }

    @Test("the *.ext globs of a name's longest extension that has any, heaviest first, several types sharing one")
    func extensions() {
        let database = Self.database("""
            50:text/vnd.trolltech.linguist:*.ts
            50:video/mp2t:*.ts
            50:application/x-compressed-tar:*.tar.gz
            50:application/gzip:*.gz
            10:application/pgp-keys:*.asc
            50:text/plain:*.asc
            50:text/x-csrc:*.c:cs
            """)
        #expect(database.extensionMatches("A.TS").map(\.mimeType) == ["text/vnd.trolltech.linguist", "video/mp2t"])
        #expect(database.extensionMatches("a.tar.gz").map(\.mimeType) == ["application/x-compressed-tar"])
        #expect(database.extensionMatches("a.gz").map(\.mimeType) == ["application/gzip"])
        #expect(database.extensionMatches("key.asc").map(\.mimeType) == ["text/plain", "application/pgp-keys"])
        #expect(database.extensionMatches("a.c") == [], "case-sensitive globs are asked as written, elsewhere")
        #expect(database.extensionMatches("README") == [])
    }

    @Test("every data directory's globs2 counts, the user's first; __NOGLOBS__ takes a type's globs of less important ones away")
    func directories() throws {
        let tmp = try TemporaryDirectory("globs")
        _ = try tmp.write("50:text/x-mine:mine\n50:text/x-makefile:__NOGLOBS__\n", to: "user/mime/globs2")
        _ = try tmp.write("50:text/x-makefile:makefile\n50:text/x-install:install\n", to: "system/mime/globs2")
        let database = try #require(GlobDatabase.load(environment: ["HOME": "/nonexistent", "XDG_DATA_HOME": tmp.url("user").path, "XDG_DATA_DIRS": tmp.url("system").path]))
        #expect(database.literalMatches("mine").map(\.mimeType) == ["text/x-mine"])
        #expect(database.literalMatches("install").map(\.mimeType) == ["text/x-install"])
        #expect(database.literalMatches("makefile") == [])
        #expect(GlobDatabase.load(environment: ["HOME": "/nonexistent", "XDG_DATA_HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent"]) == nil)
    }
}
