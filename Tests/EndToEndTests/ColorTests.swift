import Testing

extension EndToEnd {
    @Suite("Colour and NO_COLOR") struct ColorTests {
        /// The SGR parameters that set a colour: 30-38 and 90-97 (foreground), 40-48 and 100-107
        /// (background). 39 and 49, "default colour", are not colours.
        private static func colourParameters(in list: String) -> [Int] {
            let numbers = list.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            return numbers.filter {
                (30...38).contains($0) || (40...48).contains($0) || (90...97).contains($0) || (100...107).contains($0)
            }
        }

        /// Waits for the Inbox to settle and returns it with its colours.
        private func settledInbox(_ terminal: TmuxTerminal) throws -> StyledScreen {
            try terminal.waitForInbox()
            try terminal.waitUntilStill()
            return try terminal.captureWithEscapes()
        }

        /// Ways of asking for no colour.
        enum NoColour: String, CaseIterable, CustomTestStringConvertible {
            case noColorVariable
            case colorNever

            var environment: [String] { self == .noColorVariable ? ["NO_COLOR=1"] : [] }
            var arguments: [String] { self == .colorNever ? ["--color", "never"] : [] }
            var testDescription: String { self == .noColorVariable ? "NO_COLOR=1" : "--color never" }
        }

        @Test(
            "No colour: not one coloured cell or colour parameter; the badges are in reverse video",
            arguments: NoColour.allCases)
        func noColour(_ way: NoColour) throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"] + way.arguments, environment: way.environment)
            defer { terminal.close() }
            let styled = try settledInbox(terminal)
            let raw = styled.rawLines.prefix(4).joined(separator: "\n").debugDescription

            var coloured: [String] = []
            for (row, cells) in styled.rows.enumerated() {
                for (column, cell) in cells.enumerated() where cell.foreground != nil || cell.background != nil {
                    coloured.append("row \(row), column \(column): \(cell)")
                }
            }
            #expect(coloured.isEmpty, "\(coloured.count) coloured cells, first \(coloured.prefix(3))\n\(raw)")
            let colourLists = styled.sgrParameterLists.filter { !Self.colourParameters(in: $0).isEmpty }
            #expect(colourLists.isEmpty, "colour parameters in SGR sequences: \(Set(colourLists).sorted())")
            for column in Array(InboxLayout.messagesBadge) + Array(InboxLayout.notificationsBadge) {
                let cell = styled.cell(row: InboxLayout.badgeRow, column: column)
                #expect(cell.reverse, "badge cell at column \(column) in reverse video: \(cell)\n\(raw)")
            }
            for column in (InboxLayout.messagesBadge.upperBound + 1)...(InboxLayout.notificationsBadge.lowerBound - 1) {
                let cell = styled.cell(row: InboxLayout.badgeRow, column: column)
                #expect(!cell.reverse, "no badge over the cart, column \(column): \(cell)\n\(raw)")
            }
            #expect(
                styled.rows[InboxLayout.badgeRow].map(\.text).joined().split(separator: " ") == ["2", "96"], "\(raw)")
        }

        @Test("--color always brings colour back despite NO_COLOR=1: the red badges are 48;5;196 with white text")
        func colourAlwaysOverridesNoColor() throws {
            let terminal = try TmuxTerminal(
                arguments: ["--no-autoplay", "--color", "always"], environment: ["NO_COLOR=1"])
            defer { terminal.close() }
            let styled = try settledInbox(terminal)
            let raw = styled.rawLines.prefix(4).joined(separator: "\n").debugDescription
            for column in Array(InboxLayout.messagesBadge) + Array(InboxLayout.notificationsBadge) {
                let cell = styled.cell(row: InboxLayout.badgeRow, column: column)
                // #FF3B30 is nearest, by OKLab distance, to cube colour 196 (255, 0, 0); white text is 231.
                #expect(cell.background == "48;5;196", "badge cell at column \(column): \(cell)\n\(raw)")
                #expect(cell.foreground == "38;5;231", "badge cell at column \(column): \(cell)\n\(raw)")
                #expect(!cell.reverse, "colour, not reverse video, at column \(column): \(cell)\n\(raw)")
            }
        }

        /// A red badge (Mail, 5) and a yellow one (Cart, 1), side by side.
        private static let twoColours = ["--button", "Mail:envelope:5", "--button", "Cart:cart:1:yellow"]

        /// The cells of the badge whose digit is `digit` on the badge row: the digit and one cell either side.
        private func badgeCells(_ digit: String, in screen: Screen, styled: StyledScreen) -> [StyledCell]? {
            guard let found = screen.columns(of: digit, row: InboxLayout.badgeRow) else { return nil }
            return ((found.lowerBound - 1)...(found.upperBound + 1)).map {
                styled.cell(row: InboxLayout.badgeRow, column: $0)
            }
        }

        /// Waits for the red badge 5 and the yellow badge 1 to settle and returns their cells, the styled
        /// screen and its first rows for failure messages; records an issue and returns nil if they never show.
        private func settledBadges(
            _ terminal: TmuxTerminal, sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> (red: [StyledCell], yellow: [StyledCell], styled: StyledScreen, raw: String)? {
            let screen = try terminal.waitUntil("badges 5 and 1", sourceLocation: sourceLocation) {
                $0.words(row: InboxLayout.badgeRow) == ["5", "1"]
            }
            try terminal.waitUntilStill()
            let styled = try terminal.captureWithEscapes()
            let raw = styled.rawLines.prefix(4).joined(separator: "\n").debugDescription
            guard let red = badgeCells("5", in: screen, styled: styled),
                let yellow = badgeCells("1", in: screen, styled: styled)
            else {
                Issue.record("badges not found\n\(screen)", sourceLocation: sourceLocation)
                return nil
            }
            return (red, yellow, styled, raw)
        }

        @Test(
            "24-bit colour (xterm-direct, COLORTERM=truecolor): red #FF3B30 exactly, yellow #FFCC00 with near-black text"
        )
        func trueColour() throws {
            let terminal = try TmuxTerminal(
                arguments: Self.twoColours, term: "xterm-direct", environment: ["COLORTERM=truecolor"])
            defer { terminal.close() }
            guard let badges = try settledBadges(terminal) else { return }
            let (red, yellow, _, raw) = badges
            #expect(red.map(\.text).joined() == " 5 " && yellow.map(\.text).joined() == " 1 ", "\(raw)")
            for cell in red {
                #expect(cell.background == "48;2;255;59;48", "red badge: \(cell)\n\(raw)")
                #expect(cell.foreground == "38;2;255;255;255", "white text on red: \(cell)\n\(raw)")
            }
            for cell in yellow {
                #expect(cell.background == "48;2;255;204;0", "yellow badge: \(cell)\n\(raw)")
                // Black, nudged to 0;1;0 since direct-colour entries read small colour numbers as palette colours.
                let components = cell.foreground.flatMap { foreground -> [Int]? in
                    guard foreground.hasPrefix("38;2;") else { return nil }
                    return foreground.dropFirst(5).split(separator: ";").compactMap { Int($0) }
                }
                #expect(
                    components?.count == 3 && components!.allSatisfy { $0 <= 16 },
                    "near-black 24-bit text on yellow: \(cell)\n\(raw)")
            }
        }

        @Test("COLORTERM=truecolor under xterm-256color stays on the 256-colour palette (48;5;N)")
        func trueColourNeedsTheTerminfo() throws {
            let terminal = try TmuxTerminal(arguments: Self.twoColours, environment: ["COLORTERM=truecolor"])
            defer { terminal.close() }
            guard let badges = try settledBadges(terminal) else { return }
            let (red, yellow, styled, raw) = badges
            // By OKLab distance #FF3B30 → 196 (255, 0, 0); #FFCC00 → 220 (255, 215, 0); white 231, black 16.
            for cell in red {
                #expect(cell.background == "48;5;196" && cell.foreground == "38;5;231", "red badge: \(cell)\n\(raw)")
            }
            for cell in yellow {
                #expect(cell.background == "48;5;220" && cell.foreground == "38;5;16", "yellow badge: \(cell)\n\(raw)")
            }
            #expect(!styled.sgrParameterLists.contains { $0.contains("38;2;") || $0.contains("48;2;") }, "\(raw)")
        }

        @Test(
            "xterm-direct without COLORTERM: the RGB capability alone gives 24-bit colour, white on red, not blue on blue"
        )
        func directColourFromTerminfoAlone() throws {
            let terminal = try TmuxTerminal(arguments: Self.twoColours, term: "xterm-direct", unsetting: ["COLORTERM"])
            defer { terminal.close() }
            guard let badges = try settledBadges(terminal) else { return }
            let (red, _, _, raw) = badges
            for cell in red {
                #expect(cell.background == "48;2;255;59;48", "red badge: \(cell)\n\(raw)")
                #expect(cell.foreground == "38;2;255;255;255", "white text on red: \(cell)\n\(raw)")
            }
        }

        @Test("16 colours (xterm-16color): the yellow badge's black text is not bold, which xterm would show grey")
        func sixteenColoursNeverBoldBlack() throws {
            let terminal = try TmuxTerminal(arguments: Self.twoColours, term: "xterm-16color")
            defer { terminal.close() }
            guard let badges = try settledBadges(terminal) else { return }
            let (red, yellow, _, raw) = badges
            // #FFCC00 → colour 3 (#CDCD00) with black (30) text, plain weight.
            for cell in yellow {
                #expect(
                    cell.background == "43" && cell.foreground == "30" && !cell.bold, "yellow badge: \(cell)\n\(raw)")
            }
            // #FF3B30 → colour 9 (#FF0000) with white (97) text, which bold leaves white.
            for cell in red {
                #expect(cell.background == "101" && cell.foreground == "97", "red badge: \(cell)\n\(raw)")
            }
        }
    }
}
