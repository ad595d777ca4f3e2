import Testing

extension EndToEnd {
    @Suite("Motion") struct MotionTests {
        /// The demo's icons, none of which may ever show on the badge row under Reduce Motion.
        private static let icons = ["💬", "🛒", "🔔"]

        /// The Inbox's button row at 80×24 with nothing moving.
        private static let restingButtonRow = "[ 💬 ]  [ 🛒 ]  [ 🔔 ]"

        /// The bell's button with a column either side, where its brackets move while it bounces.
        private static let bellBounce = 71...78

        /// The bell's button at rest, squeezed (brackets in on the icon) and stretched (brackets one column out).
        private static let bellLooks = [" [ 🔔 ] ", "  [🔔]  ", "[  🔔  ]"]

        /// The digits of the bell's badge, " 96 " at 75...78.
        private static let bellDigits = 76...77

        @Test(
            "After the first auto-play step the frames between reach the screen: the bell's brackets squeeze in and spring back, its badge rolls up, nothing covers the badge"
        )
        func intermediateFramesReachTheScreen() throws {
            let terminal = try TmuxTerminal(arguments: [])
            defer { terminal.close() }
            try terminal.waitForInbox()

            // From before the first step (1.3 s) until the bell has sat still at 98 for 250 ms.
            let recording = try terminal.recordFrames(until: terminal.launchedAt + .seconds(4)) { screen, still in
                screen.words(row: InboxLayout.badgeRow) == ["2", "98"]
                    && screen.text(row: InboxLayout.toolbarRow, columns: InboxLayout.notificationsButton) == "[ 🔔 ]"
                    && still >= .milliseconds(250)
            }
            let frames = recording.frames
            let transcript = recording.transcript
            guard let first = frames.first, let last = frames.last else {
                Issue.record("no capture at all")
                return
            }
            #expect(first.words(row: InboxLayout.badgeRow) == ["2", "96"], "starts at 96\n\(transcript)")
            #expect(last.words(row: InboxLayout.badgeRow) == ["2", "98"], "settles at 98\n\(transcript)")
            #expect(
                last.text(row: InboxLayout.toolbarRow, columns: InboxLayout.notificationsButton) == "[ 🔔 ]",
                "the bell back on its row\n\(transcript)")

            // The step itself changes 96 to 98; anything more is motion drawn between.
            let between = frames.dropFirst().dropLast()
            #expect(
                between.count >= 2,
                "\(between.count) frames between 96 and 98 (\(recording.captures) captures, \(recording.duration))\n\(transcript)"
            )

            // The bounce: the brackets close in on the bell, on its own row; the icon never leaves it.
            let squeezed = between.filter {
                $0.text(row: InboxLayout.toolbarRow, columns: Self.bellBounce) == Self.bellLooks[1]
            }
            #expect(!squeezed.isEmpty, "no frame shows the brackets squeezed in on the bell\n\(transcript)")
            for (index, frame) in frames.enumerated() {
                #expect(
                    Self.bellLooks.contains(frame.text(row: InboxLayout.toolbarRow, columns: Self.bellBounce)),
                    "frame \(index): the bell at rest, squeezed or stretched\n\(frame)")
                // The badge is an overlay: its cells only ever show the badge.
                #expect(
                    ["96", "97", "98"].contains(frame.text(row: InboxLayout.badgeRow, columns: Self.bellDigits))
                        && frame.text(row: InboxLayout.badgeRow, columns: InboxLayout.notificationsBadge).hasPrefix(" ")
                        && !frame[InboxLayout.badgeRow].contains("🔔"),
                    "frame \(index): the badge uncovered\n\(frame)")
            }

            // The roll: the badge only ever reads 96, 97 or 98, in that order.
            let readings = frames.compactMap { Int($0.text(row: InboxLayout.badgeRow, columns: Self.bellDigits)) }
            #expect(readings.allSatisfy { (96...98).contains($0) }, "badge readings \(readings)\n\(transcript)")
            #expect(readings == readings.sorted(), "the badge rolls upward only: \(readings)\n\(transcript)")

            // The other buttons and the Messages badge never move.
            for (index, frame) in frames.enumerated() {
                #expect(
                    frame.text(row: InboxLayout.toolbarRow, columns: 56...69) == "[ 💬 ]  [ 🛒 ]",
                    "frame \(index)\n\(frame)")
                #expect(
                    frame.text(row: InboxLayout.badgeRow, columns: 56...73)
                        == "     2" + String(repeating: " ", count: 12),
                    "frame \(index)\n\(frame)")
            }
        }

        @Test(
            "Through auto-play the cursor stays shown at the start of the status line: no flicker, never on a bracket")
        func theCursorStaysPut() throws {
            let terminal = try TmuxTerminal(arguments: [])
            defer { terminal.close() }
            try terminal.waitForInbox()
            // Past the first two auto-play steps (1.3 s and 2.6 s) and their animations.
            var samples: [String] = []
            while ContinuousClock.now < terminal.launchedAt + .seconds(3.2) {
                samples.append(try terminal.display("#{cursor_flag} #{cursor_x},#{cursor_y}"))
            }
            let screen = try terminal.capture()
            #expect(screen.words(row: InboxLayout.badgeRow) == ["2", "1", "98"], "the steps played\n\(screen)")
            let resting = "1 1,23"
            // Never hidden: hiding it while a badge moved made the bracket under it flicker.
            #expect(samples.allSatisfy { $0.hasPrefix("1 ") }, "cursor shown in every sample: \(Set(samples))")
            // Back at column 1 of row 23 after every frame: a sample elsewhere is tmux reading a frame half
            // drawn, so it never repeats; a cursor left on a bracket would show in sample after sample.
            let elsewhere = zip(samples, samples.dropFirst()).filter { $0 != resting && $0 == $1 }
            #expect(elsewhere.isEmpty, "the cursor stayed away from the status line: \(elsewhere)")
            #expect(samples.filter { $0 == resting }.count * 10 >= samples.count * 9, "\(samples.count) samples")
            #expect(try terminal.display("#{cursor_flag} #{cursor_x},#{cursor_y}") == resting)
        }

        /// How Reduce Motion is asked for at start.
        enum ReduceMotionSource: String, CaseIterable, CustomTestStringConvertible {
            case flag
            case environment

            var arguments: [String] { self == .flag ? ["--reduce-motion"] : [] }
            var environment: [String] { self == .environment ? ["BADGEBAR_REDUCE_MOTION=1"] : [] }
            var testDescription: String { self == .flag ? "--reduce-motion" : "BADGEBAR_REDUCE_MOTION=1" }
        }

        @Test(
            "Reduce Motion: over two auto-play steps the button row never changes and no icon reaches row 1",
            arguments: ReduceMotionSource.allCases)
        func reduceMotionKeepsIconsStill(_ source: ReduceMotionSource) throws {
            let terminal = try TmuxTerminal(arguments: source.arguments, environment: source.environment)
            defer { terminal.close() }
            let first = try terminal.waitForInbox()
            #expect(
                first[InboxLayout.statusRow].hasSuffix(
                    "auto-play \u{00B7} reduce motion \u{00B7} ? help \u{00B7} q quit"),
                "the status line names the mode\n\(first)")

            // Two steps: the bell +2 (1.3 s) and the cart's first badge popping in (2.6 s).
            let recording = try terminal.recordFrames(until: terminal.launchedAt + .seconds(5)) { screen, still in
                screen.words(row: InboxLayout.badgeRow) == ["2", "1", "98"] && still >= .milliseconds(300)
            }
            try expectStill(recording, steps: ["2", "1", "98"])
        }

        @Test(
            "Live counts: the button bounces on an increase unless r turned Reduce Motion on first",
            arguments: [false, true])
        func reduceMotionKeyStopsTheBounce(pressR: Bool) throws {
            // The counts wait for the test's signal, so r is surely in force before they change.
            let terminal = try TmuxTerminal(
                arguments: ["--no-autoplay", "--counts-from", "-"],
                pipeline: "(tmux wait-for go; echo Notifications+=2; echo Cart+=1; "
                    + "while sleep 0.2; do echo || exit; done) | \"$0\" \"$@\"")
            defer { terminal.close() }
            try terminal.waitForInbox()
            if pressR {
                try terminal.sendKeys("r")
                try terminal.waitUntil("'reduce motion' in the status line") {
                    $0[InboxLayout.statusRow].hasSuffix("reduce motion \u{00B7} ? help \u{00B7} q quit")
                }
            }
            try terminal.signal("go")
            let recording = try terminal.recordFrames(until: .now + .seconds(3)) { screen, still in
                screen.words(row: InboxLayout.badgeRow) == ["2", "1", "98"] && still >= .milliseconds(300)
            }
            if pressR {
                try expectStill(recording, steps: ["2", "1", "98"])
            } else {
                let bounces = recording.frames.filter { frame in
                    frame[InboxLayout.toolbarRow].contains("[🔔]") || frame[InboxLayout.toolbarRow].contains("[🛒]")
                }
                #expect(!bounces.isEmpty, "without r the buttons bounce\n\(recording.transcript)")
                #expect(
                    !recording.frames.contains { frame in
                        Self.icons.contains { frame[InboxLayout.badgeRow].contains($0) }
                    },
                    "no icon on the badge row\n\(recording.transcript)")
                #expect(recording.frames.last?.words(row: InboxLayout.badgeRow) == ["2", "1", "98"])
            }
        }

        /// Checks a recording made under Reduce Motion: the counts changed to `steps`, but the
        /// button row stayed exactly as it was (no bounce) and no icon was ever drawn on the badge row.
        private func expectStill(
            _ recording: FrameRecording, steps: [String], sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let transcript = recording.transcript
            #expect(
                recording.frames.last?.words(row: InboxLayout.badgeRow) == steps,
                "the counts changed within the window\n\(transcript)", sourceLocation: sourceLocation)
            for (index, frame) in recording.frames.enumerated() {
                #expect(
                    frame.text(row: InboxLayout.toolbarRow, columns: 56...77) == Self.restingButtonRow,
                    "frame \(index): the icons left their row\n\(frame)", sourceLocation: sourceLocation)
                let badgeRow = frame[InboxLayout.badgeRow]
                #expect(
                    !Self.icons.contains { badgeRow.contains($0) },
                    "frame \(index): an icon on the badge row\n\(frame)", sourceLocation: sourceLocation)
            }
        }
    }
}
