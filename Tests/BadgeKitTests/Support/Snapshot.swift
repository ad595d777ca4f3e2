@testable import BadgeKit

/// A whole screen written out as text: each row between bars, then each row's
/// styles as letters, then what each letter means. Golden-frame tests compare these.
func snapshot(_ canvas: Canvas, rows: Range<Int>? = nil) -> String {
    let range = rows ?? 0..<canvas.rows
    let map = canvas.styleMap
    var text = range.map { "|" + canvas.line(at: $0) + "|" }.joined(separator: "\n")
    text += "\n" + range.map { "|" + map.rows[$0] + "|" }.joined(separator: "\n")
    let used = Set(range.flatMap { map.rows[$0] })
    for letter in map.legend.keys.sorted() where letter != "." && used.contains(letter) {
        text += "\n\(letter): " + describe(map.legend[letter]!)
    }
    return text
}

/// A style in a few words, such as `#FFFFFF on #FF3B30 bold`.
func describe(_ style: CellStyle) -> String {
    func name(_ color: TerminalColor) -> String {
        switch color {
        case .default: "default"
        case .rgb(let rgb): rgb.description
        }
    }
    var words = ["\(name(style.foreground)) on \(name(style.background))"]
    let attributes: [(TextAttributes, String)] = [
        (.bold, "bold"), (.dim, "dim"), (.reverse, "reverse"), (.underline, "underline"),
    ]
    for (attribute, word) in attributes where style.attributes.contains(attribute) {
        words.append(word)
    }
    return words.joined(separator: " ")
}

/// The toolbar rows of a 40-column screen (badges, buttons, focus line) at an instant.
func toolbarSnapshot(
    _ toolbar: BadgeToolbar, at time: Double, appearance: ToolbarAppearance = ToolbarAppearance(widths: .estimate)
) -> String {
    var canvas = Canvas(columns: 40, rows: 4)
    toolbar.render(into: &canvas, row: 2, at: time, appearance: appearance, showsFocus: false)
    return snapshot(canvas, rows: 1..<3)
}
