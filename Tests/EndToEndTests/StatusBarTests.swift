import Foundation
import Glibc
import TestSupport
import Testing

extension EndToEnd {
    /// The recipes of `Tests/Fixtures/StatusBarRecipes` in the real status bars, run headless by
    /// `Tools/status-bars.py` and judged from the bars' pixels and logs. Each recipe starts Mail at 0
    /// (no badge) and reads counts from a FIFO, which the harness writes `Mail=N` lines into.
    @Suite("Status bars") struct StatusBarTests {
        static let red = StatusBarRun.red
        /// A count shown in red, gone at 0, back at 5, then a click on it that clears it, and a clean log.
        static let showHideShowAndClick = [
            "send:Mail=3", "wait:\(red)", "send:Mail=0", "gone:\(red)", "send:Mail=5", "wait:\(red)", "click:\(red)",
            "gone:\(red)", "log-clean",
        ]

        @Test("i3bar under i3 and Xvfb: red in the pixels, gone at 0, back at 5, and a real click clears it")
        func i3bar() throws {
            let run = try StatusBarRun.run(
                "i3bar",
                steps: Self.showHideShowAndClick)
            run.expectEveryStep()
        }

        @Test("swaybar under headless sway: red, gone at 0, back at 5, and a virtual pointer's click clears it")
        func swaybar() throws {
            let run = try StatusBarRun.run(
                "swaybar",
                steps: Self.showHideShowAndClick)
            run.expectEveryStep()
        }

        @Test("Waybar under headless sway: red, gone at 0, back at 5, and on-click's --press clears it")
        func waybar() throws {
            let run = try StatusBarRun.run(
                "waybar",
                steps: Self.showHideShowAndClick)
            run.expectEveryStep()
        }

        @Test("polybar (tail = true) under Xvfb: red, gone at 0, back at 5, and a click on its %{A1:…:} area clears it")
        func polybar() throws {
            let run = try StatusBarRun.run(
                "polybar",
                steps: Self.showHideShowAndClick)
            run.expectEveryStep()
        }

        /// i3blocks 1.4 drops a click on a persistent block (it logs "process already spawned" with -vvv), so
        /// no click here: the `press` line goes into the control FIFO, as `badgebar --press` would write it.
        @Test(
            "i3blocks (persist, pango) under i3: red, gone at 0, back at 5, and a press on the control FIFO clears it")
        func i3blocks() throws {
            let run = try StatusBarRun.run(
                "i3blocks",
                steps: [
                    "send:Mail=3", "wait:\(Self.red)", "send:Mail=0", "gone:\(Self.red)", "send:Mail=5",
                    "wait:\(Self.red)", "control:press Mail", "gone:\(Self.red)", "log-clean",
                ])
            run.expectEveryStep()
        }

        /// A scroll both ways and a right click on a count, then a middle click: the commands of each (the
        /// harness's marker) leave their mouse button and the count they saw in its mark file, so each is known to
        /// have reached badgebar and the count to have stayed 3 through it; then a left click clears it.
        static func mouseButtons(scrolls: Bool) -> [String] {
            ["send:Mail=3", "wait:\(red)"]
                + (scrolls
                    ? [
                        "click-scroll-up:\(red)", "marked:scroll-up 3", "click-scroll-down:\(red)",
                        "marked:scroll-down 3",
                    ]
                    : [])
                + [
                    "click-right:\(red)", "marked:right 3", "click-middle:\(red)", "marked:middle 3", "wait:\(red)",
                    "click:\(red)", "gone:\(red)", "log-clean",
                ]
        }
        /// The command of the mouse-button runs: Mail, with the harness's marker for the right and middle buttons.
        static let markedClicksCommand =
            "@BADGEBAR@ --stream --button 'Mail:envelope:0:red' --counts-from @FIFO@ --on-middle 'Mail=@MARKER@' "
            + "--on-right 'Mail=@MARKER@' --on-scroll-up 'Mail=@MARKER@' --on-scroll-down 'Mail=@MARKER@'"

        /// Each bar whose clicks reach badgebar, how it runs the mouse-button board, and whether it scrolls (every
        /// one: xdotool's buttons 4 and 5 on X, the virtual pointer's wheel on sway).
        static let mouseButtonBars: [(bar: String, scrolls: Bool, command: String?, recipe: String?)] = [
            ("i3bar", true, markedClicksCommand + " --format i3bar", nil),
            ("swaybar", true, markedClicksCommand + " --format i3bar", nil),
            ("polybar", true, markedClicksCommand + " --format polybar --control @CONTROL@", nil),
            // Waybar's on-click-right and on-click-middle pass their mouse button on with --press --mouse-button.
            ("waybar", true, nil, BadgebarBinary.packageRoot + "/Tests/Fixtures/StatusBarMouseButtons/waybar.jsonc"),
        ]

        @Test(
            "A scroll and a right click leave the count, a middle click runs its command, a left click clears",
            arguments: mouseButtonBars.indices)
        func mouseButtons(_ index: Int) throws {
            let bar = Self.mouseButtonBars[index]
            let run = try StatusBarRun.run(
                bar.bar, steps: Self.mouseButtons(scrolls: bar.scrolls), command: bar.command, recipe: bar.recipe)
            run.expectEveryStep()
        }

        /// The form each bar reads a Maildir's count in, as the status-bar recipes give it.
        static let maildirBars: [(bar: String, format: String)] = [
            ("i3bar", "i3bar"), ("swaybar", "i3bar"), ("waybar", "waybar"), ("polybar", "polybar"),
            ("i3blocks", "i3blocks"),
        ]

        @Test(
            "A message moved into a Maildir's new/ shows in the bar, gone once read, with no FIFO and no command",
            arguments: maildirBars.indices)
        func maildir(_ index: Int) throws {
            let bar = Self.maildirBars[index]
            let run = try StatusBarRun.run(
                bar.bar,
                steps: [
                    "deliver:1.M1.host", "wait:\(Self.red)", "read:1.M1.host", "gone:\(Self.red)", "deliver:2.M2.host",
                    "wait:\(Self.red)", "log-clean",
                ],
                command: "@BADGEBAR@ --stream --format \(bar.format) --button 'Mail:envelope:0:red' "
                    + "--maildir 'Mail=@MAILDIR@'")
            run.expectEveryStep()
        }

        @Test(
            "--padding keeps the badge off the screen's edge in i3bar, swaybar and Waybar",
            arguments: [("i3bar", "i3bar"), ("swaybar", "i3bar"), ("waybar", "waybar")])
        func padding(bar: String, format: String) throws {
            func rightEdge(padding: Int) throws -> Int? {
                let run = try StatusBarRun.run(
                    bar, steps: ["wait:\(Self.red)"],
                    command:
                        "@BADGEBAR@ --stream --format \(format) --button 'Mail:envelope:3:red' --padding \(padding)")
                run.expectEveryStep()
                return run.report.steps.first?.box?[2]
            }
            let touching = try #require(try rightEdge(padding: 0))
            let padded = try #require(try rightEdge(padding: 1))
            #expect(padded <= touching - 5, "a space's width off the edge: \(padded) against \(touching)")
        }

        @Test("A colour list turns the badge from green to orange at its step, laid out by the button's format")
        func colourStepsAndFormat() throws {
            let green = "#34C759"
            let orange = "#FF9500"
            let run = try StatusBarRun.run(
                "i3bar",
                steps: ["send:Mail=3", "wait:\(green)", "send:Mail=6", "wait:\(orange)", "gone:\(green)", "log-clean"],
                command: "@BADGEBAR@ --stream --format i3bar --counts-from @FIFO@ "
                    + "--button 'Mail:envelope:0:green,orange@5:format={icon} {title} {count}'")
            run.expectEveryStep()
        }

        /// The fixtures of `--beside`: the real i3status's configuration, and a status line that asks for clicks.
        static let besideFixtures = BadgebarBinary.packageRoot + "/Tests/Fixtures/StatusBarBeside"

        @Test(
            "The real i3status beside the badges in one i3bar: a click on its block leaves the count, one on a badge clears it"
        )
        func besideI3status() throws {
            let blue = "#00AAFF"
            let run = try StatusBarRun.run(
                "i3bar",
                steps: [
                    "send:Mail=3", "wait:\(Self.red)", "wait:\(blue)", "click:\(blue)", "sleep:0.5", "wait:\(Self.red)",
                    "click:\(Self.red)", "gone:\(Self.red)", "wait:\(blue)", "log-clean",
                ],
                command: "@BADGEBAR@ --stream --format i3bar --button 'Mail:envelope:0:red' --counts-from @FIFO@ "
                    + "--beside 'i3status -c \(Self.besideFixtures)/i3status.conf'")
            run.expectEveryStep()
        }

        @Test("A status line beside the badges that asks for clicks gets the clicks on its block, and only those")
        func besideClicks() throws {
            let blue = "#00AAFF"
            let run = try StatusBarRun.run(
                "i3bar",
                steps: [
                    "send:Mail=3", "wait:\(Self.red)", "wait:\(blue)", "click:\(blue)",
                    #"marked:{"name":"clock","instance":"here","button":1}"#, "wait:\(Self.red)", "click:\(Self.red)",
                    "gone:\(Self.red)", "sleep:0.3", #"unmarked:"name":"badgebar""#, "log-clean",
                ],
                command: "@BADGEBAR@ --stream --format i3bar --button 'Mail:envelope:0:red' --counts-from @FIFO@ "
                    + "--beside '\(Self.besideFixtures)/clicks-producer.sh @MARK@'")
            run.expectEveryStep()
        }

        @Test("tmux's status-right recipe with a counts file that is missing still shows the icons")
        func tmuxWithMissingCounts() throws {
            let binary = try BadgebarBinary.path()
            let folder = BadgebarBinary.packageRoot + "/.build/status-bars/tmux-\(getpid())"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let missing = folder + "/no-such-counts"
            let status = try TmuxStatusLine(
                configuration: try StatusBarRecipe.text("tmux.conf").replacing("@BADGEBAR@", with: binary)
                    .replacing("@COUNTS@", with: missing), in: folder)
            defer { status.close() }
            let outer = status.outer
            let screen = try outer.waitUntil("both icons in the status line", timeout: .seconds(15)) {
                $0[5].contains("📨") && $0[5].contains("🔨")
            }
            #expect(!screen[5].contains(missing), "no error naming the counts file in the status line: \(screen)")
            let styled = try outer.captureWithEscapes()
            #expect(
                styled.rows[5].allSatisfy { $0.background == nil },
                "no badge (no count was read): \(styled.rawLines[5])")
        }

        @Test("The recipes use only the known placeholders, and each bar's names the program")
        func recipesArePlaceholdersAndLines() throws {
            let names = try FileManager.default.contentsOfDirectory(atPath: StatusBarRecipe.folder).sorted()
            #expect(
                Set(names).isSuperset(of: [
                    "i3bar.conf", "swaybar.conf", "i3blocks.conf", "polybar.conf", "waybar.jsonc", "tmux.conf",
                ]), "\(names)")
            for name in names {
                let text = try StatusBarRecipe.text(name)
                let used = Set(text.matches(of: /@[A-Z]+@/).map { String($0.output) })
                #expect(used.isSubset(of: StatusBarRecipe.placeholders), "\(name) uses \(used)")
                #expect(used.contains("@BADGEBAR@"), "\(name) runs the program as @BADGEBAR@")
            }
        }

        @Test("docs/status-bars.md's tmux recipe is the fixture's, with badgebar and ~/.cache/badgebar-counts in it")
        func guideTmuxRecipeIsTheFixture() throws {
            let guide = try MarkdownDocument("docs/status-bars.md")
            let block = try #require(guide.fencedBlocks("tmux").first { $0.text.contains("--counts-from") }).text
            #expect(block == (try StatusBarRecipe.documented("tmux.conf")))
        }
    }
}
