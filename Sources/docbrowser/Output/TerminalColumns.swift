import CDocShims
#if canImport(Glibc)
import Glibc
#endif

/// How many columns of a terminal a text takes, so that tables line up
/// with names in decomposed form (NFD), in Chinese, Japanese or Korean,
/// or with emoji: a character (a grapheme cluster) is as wide as its
/// first scalar is to glibc's `wcwidth`, which knows Unicode's East Asian
/// widths; an emoji shown as one takes two; combining marks take none.
enum TerminalColumns {
    /// Once, before any text is measured: `wcwidth` answers for Unicode
    /// only in a UTF-8 locale, whatever the user's own.
    static func prepare() {
        _ = setlocale(LC_CTYPE, "C.UTF-8")
    }

    static func count(_ text: String) -> Int {
        // Most names are ASCII, and a listing measures one per document.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        return text.reduce(0) { $0 + count($1) }
    }

    static func count(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.properties.isEmojiPresentation || (first.properties.isEmoji && scalars.contains("\u{FE0F}")) { return 2 }
        let width = Int(cdocshims_wcwidth(first.value))
        // Controls never reach here (TerminalText made them visible); a
        // scalar glibc does not know is taken as one column.
        return width < 0 ? 1 : width
    }

    /// The longest start of `text` that takes at most `columns` columns.
    static func prefix(_ text: String, fitting columns: Int) -> String {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let width = count(text[index])
            if used + width > columns { break }
            used += width
            end = text.index(after: index)
        }
        return String(text[..<end])
    }
}
