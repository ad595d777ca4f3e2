import Foundation
import Testing

@testable import BadgeKit

/// The `--once` forms of a fixed toolbar, compared with the golden files in `Tests/Golden/once`, which the
/// end-to-end tests compare the binary's output with too. `BADGEBAR_WRITE_GOLDEN=1` writes them anew from the code.
@Suite struct StatusBarFormatTests {
    /// `Tests/Golden/once`: this file is `<root>/Tests/BadgeKitTests/StatusBarFormatTests.swift`.
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/once").path

    static func golden(_ name: String) throws -> String {
        try String(contentsOfFile: goldenFolder + "/" + name, encoding: .utf8)
    }

    /// The golden file's text, after writing it as the code makes it when `BADGEBAR_WRITE_GOLDEN=1`.
    static func golden(_ name: String, writing text: String, in folder: String = goldenFolder) throws -> String {
        let path = folder + "/" + name
        if ProcessInfo.processInfo.environment["BADGEBAR_WRITE_GOLDEN"] == "1" {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The toolbar `--title Status` and a `--button` for each line of `buttons.txt` make.
    static func toolbar() throws -> BadgeToolbar {
        let specifications = try golden("buttons.txt").split(separator: "\n").map(String.init)
        return BadgeToolbar(title: "Status", buttons: try specifications.map { try ButtonSpecification.parse($0) })
    }

    @Test(arguments: [
        ("plain.txt", StatusBarFormat.plain, IconStyle.emoji, ColorDepth.indexed256),
        ("plain-ascii.txt", .plain, .ascii, .indexed256),
        ("tmux.txt", .tmux, .emoji, .indexed256),
        ("tmux-no-color.txt", .tmux, .emoji, .monochrome),
        ("json.txt", .json, .emoji, .indexed256),
        ("i3bar.txt", .i3bar, .emoji, .indexed256),
        ("waybar.txt", .waybar, .emoji, .indexed256),
        ("polybar.txt", .polybar, .emoji, .indexed256),
        ("i3blocks.txt", .i3blocks, .emoji, .indexed256),
    ])
    func eachFormatOfTheFixedToolbar(file: String, format: StatusBarFormat, icons: IconStyle, depth: ColorDepth)
        throws
    {
        let text = format.render(try Self.toolbar(), style: StatusBarStyle(iconStyle: icons, colorDepth: depth))
        #expect(text + "\n" == (try Self.golden(file, writing: text + "\n")))
    }

    @Test func tmuxIn24BitAnd16Colours() throws {
        let cart = BadgeToolbar(
            title: "T", buttons: [BadgedButton(title: "Cart", symbolName: "cart", count: 1, badgeColor: .systemYellow)])
        #expect(
            StatusBarFormat.tmux.render(cart, style: StatusBarStyle(iconStyle: .emoji, colorDepth: .direct))
                == "🛒#[fg=#000000,bg=#FFCC00] 1 #[default]")
        #expect(
            StatusBarFormat.tmux.render(cart, style: StatusBarStyle(iconStyle: .unicode, colorDepth: .ansi16))
                == "\u{00A4}#[fg=colour0,bg=colour3] 1 #[default]")
    }

    @Test func jsonEscapesWhatItMust() {
        #expect(JSONText.quoted("a\"b\\c\nd\r\t\u{01}é") == #""a\"b\\c\nd\r\t\u0001é""#)
        let toolbar = BadgeToolbar(
            title: "Say \"hi\"", buttons: [BadgedButton(title: "Back\\slash", symbolName: "star", count: Int.max)])
        let text = StatusBarFormat.json.render(toolbar, style: StatusBarStyle(iconStyle: .ascii, colorDepth: .direct))
        #expect(text.hasPrefix(#"{"title":"Say \"hi\"","total":\#(Int.max),"buttons":[{"title":"Back\\slash""#))
        #expect(text.contains(#""icon":"*","count":\#(Int.max),"badge":"99+""#))
    }

    @Test func theTotalSaturatesAndCountsOnlyCountBadges() {
        let toolbar = BadgeToolbar(
            title: "T",
            buttons: [
                BadgedButton(title: "A", symbolName: "star", count: Int.max),
                BadgedButton(title: "B", symbolName: "star", count: 5),
                BadgedButton(title: "C", symbolName: "star", count: 7, style: .dot),
            ])
        let text = StatusBarFormat.json.render(toolbar, style: StatusBarStyle(iconStyle: .ascii, colorDepth: .direct))
        #expect(text.hasPrefix(#"{"title":"T","total":\#(Int.max),"#))
    }
}
