import Foundation
import Testing
@testable import DocKit

@Suite("Search query parser")
struct SearchQueryParserTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let utc = TimeZone(identifier: "UTC")!

    static func parse(_ text: String) throws -> SearchExpression {
        try SearchQuery(text, now: now, timeZone: utc).expression
    }

    static func error(_ text: String) -> DocKitError? {
        do {
            _ = try SearchQuery(text, now: now, timeZone: utc)
            return nil
        } catch {
            return error
        }
    }

    static func word(_ text: String) -> SearchExpression { .term(SearchTerm(text: text)) }

    @Test func wordsSideBySideAreANDed() throws {
        #expect(try Self.parse("quarterly report") == .and(Self.word("quarterly"), Self.word("report")))
        #expect(try Self.parse("quarterly AND report") == .and(Self.word("quarterly"), Self.word("report")))
    }

    @Test func aPhraseAndAPrefixAreTerms() throws {
        #expect(try Self.parse(#""quarterly report""#) == .term(SearchTerm(text: "quarterly report", isPhrase: true)))
        #expect(try Self.parse("quart*") == .term(SearchTerm(text: "quart", isPrefix: true)))
        // A lone star is a word, not an empty prefix.
        #expect(try Self.parse("*") == Self.word("*"))
    }

    @Test func andBindsTighterThanOrAndParenthesesGroup() throws {
        let (a, b, c) = (Self.word("a"), Self.word("b"), Self.word("c"))
        #expect(try Self.parse("a OR b c") == .or(a, .and(b, c)))
        #expect(try Self.parse("a b OR c") == .or(.and(a, b), c))
        #expect(try Self.parse("(a OR b) c") == .and(.or(a, b), c))
        #expect(try Self.parse("NOT a b") == .and(.not(a), b))
        #expect(try Self.parse("NOT (a OR b)") == .not(.or(a, b)))
    }

    @Test func operatorsAreOperatorsOnlyInCapitals() throws {
        #expect(try Self.parse("cats or dogs") == .and(.and(Self.word("cats"), Self.word("or")), Self.word("dogs")))
    }

    @Test func eachPredicateReadsItsValue() throws {
        #expect(try Self.parse("kind:public.image") == .predicate(.kind("public.image")))
        #expect(try Self.parse("name:*.md") == .predicate(.name("*.md")))
        #expect(try Self.parse(#"name:"My Notes*""#) == .predicate(.name("My Notes*")))
        #expect(try Self.parse("state:inConflict") == .predicate(.state(.inConflict)))
        #expect(try Self.parse("state:incomplete") == .predicate(.state(.incomplete)))
        #expect(try Self.parse("location:cloud") == .predicate(.location(.cloud)))
        #expect(try Self.parse("tag:red") == .predicate(.tag("red")))
    }

    @Test func sizesCountInThousandsOrIn1024s() throws {
        #expect(try Self.parse("size:>10MB") == .predicate(.size(.greater, 10_000_000)))
        #expect(try Self.parse("size:<=1.5KB") == .predicate(.size(.lessOrEqual, 1500)))
        #expect(try Self.parse("size:>=2KiB") == .predicate(.size(.greaterOrEqual, 2048)))
        #expect(try Self.parse("size:512") == .predicate(.size(.equal, 512)))
        #expect(try Self.parse("size:<1gib") == .predicate(.size(.less, 1 << 30)))
    }

    @Test func datesStartTheirDayAndAgesCountBackFromNow() throws {
        let newYear = Date(timeIntervalSince1970: 1_767_225_600) // 2026-01-01T00:00:00Z
        #expect(try Self.parse("modified:>2026-01-01") == .predicate(.modified(.greater, newYear)))
        #expect(try Self.parse("modified:2026-01-01") == .and(.predicate(.modified(.greaterOrEqual, newYear)), .predicate(.modified(.less, newYear + 86400))))
        #expect(try Self.parse("modified:<7d") == .predicate(.modified(.greater, Self.now - 7 * 86400)))
        #expect(try Self.parse("modified:>12h") == .predicate(.modified(.less, Self.now - 12 * 3600)))
        #expect(try Self.parse("modified:2w") == .predicate(.modified(.greater, Self.now - 14 * 86400)))
    }

    @Test func rankingTermsLeaveOutNegatedOnes() throws {
        let query = try SearchQuery("alpha NOT beta (gamma OR NOT NOT delta) kind:public.text alpha", now: Self.now, timeZone: Self.utc)
        #expect(query.rankingTerms.map(\.text) == ["alpha", "gamma", "delta"])
    }

    @Test func errorsNameTheirColumn() {
        #expect(Self.error("(a OR b")?.description == "search: column 8: expected ')' to close the '(' at column 1")
        #expect(Self.error("report (kind:x OR y")?.description == "search: column 20: expected ')' to close the '(' at column 8")
        #expect(Self.error("a OR")?.description == "search: column 5: expected a word, phrase or predicate after OR, found the end of the query")
        #expect(Self.error("AND a")?.description == "search: column 1: expected a word, phrase or predicate before AND")
        #expect(Self.error("a )")?.description == "search: column 3: ')' with no '(' before it")
        #expect(Self.error("()")?.description == "search: column 2: expected a word, phrase or predicate before ')'")
        #expect(Self.error("   ")?.description == "search: column 1: the query is empty")
        #expect(Self.error(#"say "hello"#)?.description == "search: column 5: the quote at column 5 is never closed")
        #expect(Self.error(#"name:"open"#)?.description == "search: column 6: the quote at column 6 is never closed")
        #expect(Self.error("colour:red")?.description == "search: column 1: unknown predicate 'colour:' (known: kind, name, modified, size, state, location, tag; quote a word holding ':')")
        #expect(Self.error("size:>ten")?.description == "search: column 7: expected a size such as 10MB, 1.5GB or 512KiB, found 'ten'")
        #expect(Self.error("modified:<2026-02-30")?.description == "search: column 11: expected a date such as 2026-01-31 or an age such as 7d, 12h or 2w, found '2026-02-30'")
        #expect(Self.error("state:busy")?.description == "search: column 7: unknown state 'busy' (known: normal, incomplete, inConflict, notDownloaded, open, locked)")
        #expect(Self.error("location:moon")?.description == "search: column 10: unknown location 'moon' (known: local, cloud)")
        #expect(Self.error("a tag:")?.description == "search: column 7: expected a value after 'tag:'")
    }

    @Test func aQuotedWordWithAColonIsAWord() throws {
        #expect(try Self.parse(#""http://example.org""#) == .term(SearchTerm(text: "http://example.org", isPhrase: true)))
        // Not letters before the colon: a time of day is a word.
        #expect(try Self.parse("10:30") == Self.word("10:30"))
    }

    @Test func hostileQueriesAreRefusedWithoutExhaustingTheStack() throws {
        let deep = String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000)
        #expect(Self.error(deep)?.description == "search: column 4097: the query is longer than 4096 characters")
        let nested = String(repeating: "(", count: 2000) + "a" + String(repeating: ")", count: 2000)
        #expect(Self.error(nested)?.description == "search: column 65: the query nests deeper than 64 levels")
        let nots = String(repeating: "NOT ", count: 1000) + "a"
        #expect(Self.error(nots)?.description == "search: column 257: the query nests deeper than 64 levels")
        let fine = String(repeating: "(", count: 64) + "a" + String(repeating: ")", count: 64)
        #expect(try Self.parse(fine) == Self.word("a"))
        #expect(Self.error("abc\0def")?.description == "search: column 4: the query holds a NUL character")
        // Long but flat: parsed in a loop, one term after another.
        let long = Array(repeating: "w", count: 2048).joined(separator: " ")
        #expect(try SearchQuery(long).rankingTerms == [SearchTerm(text: "w")])
        #expect(Self.error(String(repeating: "\"", count: 4095))?.description == "search: column 4095: the quote at column 4095 is never closed")
    }
}
