/// The motion of one badge: its pop-in and pop-out, the roll of its number and the bounce of its button.
///
/// A motion records changes with the time they happened and is sampled at any
/// later time, so every frame is a pure function of the changes and the clock:
/// a slow terminal drops frames but never slows the motion.
package struct BadgeMotion: Sendable, Equatable {
    /// A badge appearing or disappearing.
    struct Presence: Sendable, Equatable {
        /// Whether the badge is appearing (else disappearing).
        var isAppearing: Bool
        /// The scale it starts from, so an interrupted pop continues from where it was.
        var fromScale: Double
        /// The text shown while it disappears.
        var text: String
        var startTime: Double
        var reduceMotion: Bool
    }

    /// A number changing.
    struct Roll: Sendable, Equatable {
        var fromText: String
        var toText: String
        var startTime: Double
        var reduceMotion: Bool
    }

    var presence: Presence?
    var roll: Roll?
    var bounceStartTime: Double?
    /// When the still cue began: under Reduce Motion a count that goes up emphasizes its badge instead of bouncing.
    var cueStartTime: Double?

    /// Creates a motion at rest.
    package init() {}

    /// Records a change of badge text at an instant: a number, a word, ``BadgeText/dot``, or `nil` for none.
    ///
    /// - Parameters:
    ///   - oldText: The text before.
    ///   - newText: The text after.
    ///   - increased: Whether the count went up, which bounces the button (under
    ///     Reduce Motion, emphasizes a count or word badge for ``MotionTiming/stillCueSeconds`` instead).
    ///   - time: When the change happened, in seconds on the motion clock.
    ///   - reduceMotion: Whether to fade instead of moving.
    ///   - timing: The curves in use, to sample where an interrupted motion was.
    package mutating func recordChange(
        from oldText: String?, to newText: String?, increased: Bool, at time: Double,
        reduceMotion: Bool, timing: MotionTiming
    ) {
        let shown = frame(settledText: oldText, at: time, timing: timing)
        let currentScale = presence.map { scale(of: $0, at: time, timing: timing) } ?? (oldText == nil ? 0 : 1)
        switch (oldText, newText) {
        case (nil, let text?):
            presence = Presence(
                isAppearing: true, fromScale: max(currentScale, 0), text: text, startTime: time,
                reduceMotion: reduceMotion)
            roll = nil
        case (let text?, nil):
            presence = Presence(
                isAppearing: false, fromScale: min(max(currentScale, 0), 1.5),
                text: shown.isDot ? text : (shown.text ?? text),
                startTime: time, reduceMotion: reduceMotion)
            roll = nil
        case (let before?, let after?) where before != after:
            let from = roll == nil || shown.isDot ? before : (shown.text ?? before)
            // Numbers roll; words and dots cross-fade, as numbers do under Reduce Motion.
            let crossFades = reduceMotion || RollingNumber(from) == nil || RollingNumber(after) == nil
            roll = Roll(fromText: from, toText: after, startTime: time, reduceMotion: crossFades)
        default:
            break
        }
        if increased && !reduceMotion {
            bounceStartTime = time
        } else if increased, let newText, newText != BadgeText.dot {
            // A dot is bold already: only a count or a word can show the cue.
            cueStartTime = time
        } else if !increased {
            cueStartTime = nil
        }
    }

    /// How far the bounce has moved the button's brackets in (or, negative, out) at an instant: the one part of
    /// ``frame(settledText:at:timing:widths:)`` the button itself needs.
    package func bracketInset(at time: Double, timing: MotionTiming) -> Int {
        guard let bounceStartTime else { return 0 }
        return timing.bracketInset(afterSeconds: time - bounceStartTime)
    }

    /// Whether anything still moves at an instant.
    package func isAnimating(at time: Double, timing: MotionTiming) -> Bool {
        if let presence, time - presence.startTime < duration(reduceMotion: presence.reduceMotion, timing: timing) {
            return true
        }
        if let roll, time - roll.startTime < rollDuration(reduceMotion: roll.reduceMotion, timing: timing) {
            return true
        }
        if let bounceStartTime, time - bounceStartTime < timing.bounceSettleSeconds {
            return true
        }
        return isCued(at: time, timing: timing)
    }

    /// Whether the still cue shows at an instant.
    private func isCued(at time: Double, timing: MotionTiming) -> Bool {
        guard let cueStartTime else { return false }
        return time >= cueStartTime && time - cueStartTime < timing.stillCueSeconds
    }

    /// Forgets the changes that have finished by an instant, so the state never grows.
    package mutating func settle(at time: Double, timing: MotionTiming) {
        if let current = presence,
            time - current.startTime >= duration(reduceMotion: current.reduceMotion, timing: timing)
        {
            presence = nil
        }
        if let current = roll,
            time - current.startTime >= rollDuration(reduceMotion: current.reduceMotion, timing: timing)
        {
            roll = nil
        }
        if let start = bounceStartTime, time - start >= timing.bounceSettleSeconds {
            bounceStartTime = nil
        }
        if let start = cueStartTime, time - start >= timing.stillCueSeconds {
            cueStartTime = nil
        }
    }

    private func duration(reduceMotion: Bool, timing: MotionTiming) -> Double {
        reduceMotion ? timing.reducedDurationSeconds : timing.settleSeconds
    }

    /// How long a roll lasts: a fade under Reduce Motion, else until the spring first reaches its target, where the
    /// number arrives (the spring's overshoot acts on the badge's shape, never on its number).
    private func rollDuration(reduceMotion: Bool, timing: MotionTiming) -> Double {
        reduceMotion ? timing.reducedDurationSeconds : timing.arrivalSeconds
    }

    /// The scale of a badge in a pop at an instant: 0 is a dot, 1 full size, above 1 the overshoot.
    private func scale(of presence: Presence, at time: Double, timing: MotionTiming) -> Double {
        let elapsed = time - presence.startTime
        if presence.reduceMotion {
            let progress = timing.reducedProgress(afterSeconds: elapsed)
            return presence.isAppearing ? progress : 1 - progress
        }
        let progress = timing.springProgress(afterSeconds: elapsed)
        if presence.isAppearing {
            return presence.fromScale + (1 - presence.fromScale) * progress
        }
        return presence.fromScale * (1 - progress)
    }

    /// How the badge looks at an instant.
    ///
    /// - Parameters:
    ///   - settledText: The badge's text when at rest (from its current count), or `nil` for none.
    ///   - time: The instant, in seconds on the motion clock.
    ///   - timing: The curves in use.
    ///   - widths: How wide the text's glyphs are.
    package func frame(
        settledText: String?, at time: Double, timing: MotionTiming, widths: ColumnWidth = .estimate
    ) -> BadgeFrame {
        func fullColumns(_ text: String) -> Int {
            text == BadgeText.dot ? 1 : widths.columns(of: text) + 2
        }
        if presence == nil && roll == nil && bounceStartTime == nil && cueStartTime == nil {
            // At rest, as most badges are most of the time.
            return BadgeFrame(text: settledText, columns: settledText.map(fullColumns) ?? 0)
        }
        var text = settledText
        var textOpacity = 1.0
        var opacity = 1.0
        var columnsOverride: Int?
        var isDot = false

        if let roll, let settled = settledText {
            let elapsed = time - roll.startTime
            if roll.reduceMotion {
                let progress = timing.reducedProgress(afterSeconds: elapsed)
                if progress < 1 {
                    text = progress < 0.5 ? roll.fromText : settled
                    textOpacity = abs(1 - 2 * progress)
                    columnsOverride = max(fullColumns(roll.fromText), fullColumns(settled))
                }
            } else if elapsed < timing.arrivalSeconds {
                text = BadgeMotion.rolledText(
                    from: roll.fromText, to: settled, progress: timing.arrivalProgress(afterSeconds: elapsed))
            }
        }

        var columns = columnsOverride ?? (text.map(fullColumns) ?? 0)

        if let presence {
            let elapsed = time - presence.startTime
            let finished = elapsed >= duration(reduceMotion: presence.reduceMotion, timing: timing)
            if !finished {
                let shownText = presence.isAppearing ? (text ?? presence.text) : presence.text
                let fullColumns = fullColumns(shownText)
                let scale = scale(of: presence, at: time, timing: timing)
                if presence.reduceMotion {
                    opacity = min(max(scale, 0), 1)
                } else if presence.isAppearing {
                    // Fade in with the spring until it first arrives, then stay opaque through the overshoot.
                    let fade = timing.popOpacity(afterSeconds: elapsed)
                    opacity = presence.fromScale + (1 - presence.fromScale) * fade
                } else {
                    opacity = min(max(scale, 0), 1)
                }
                if presence.reduceMotion {
                    text = shownText
                    columns = fullColumns
                } else {
                    let scaled = BadgeMotion.columns(forScale: scale, fullColumns: fullColumns)
                    if !presence.isAppearing && scaled <= 0 {
                        text = nil
                        columns = 0
                    } else {
                        columns = max(scaled, 1)
                        text = shownText
                        isDot = shownText != BadgeText.dot && (columns == 1 || columns < fullColumns - 2)
                    }
                }
            }
        }

        var inset = 0
        if let bounceStartTime {
            inset = timing.bracketInset(afterSeconds: time - bounceStartTime)
        }
        if text == nil {
            columns = 0
            isDot = false
        }
        return BadgeFrame(
            text: text, isDot: isDot, columns: columns, opacity: opacity, textOpacity: textOpacity,
            bracketInset: inset, isEmphasized: text != nil && isCued(at: time, timing: timing))
    }

    /// Whether a badge text is a number (with perhaps a suffix such as `+`), whose digits can roll.
    static func isNumeric(_ text: String) -> Bool {
        text.utf8.first.map(isDigit) ?? false
    }

    /// Whether a byte is an ASCII digit.
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    /// The width of a badge at a scale, in whole columns.
    ///
    /// Below full size the width rounds to the nearest column. Above it, the
    /// overshoot shows as one more column as soon as it reaches a quarter of a
    /// column, so the spring's bounce reads even on a three-column badge.
    static func columns(forScale scale: Double, fullColumns: Int) -> Int {
        let exact = scale * Double(fullColumns)
        guard scale > 1 else { return Int(exact.rounded()) }
        let extra = exact - Double(fullColumns)
        return fullColumns + (extra >= 0.25 ? max(1, Int(extra.rounded())) : 0)
    }

    /// The text of a number part-way through a roll: a number between the two ends, in order.
    ///
    /// The roll moves through the values between the old number and the new
    /// one, upward for an increase and downward for a decrease, so every text it
    /// shows is the old count, the new one or one between; its width follows the
    /// number shown. The limit form (`99+`) stands for a value past the limit.
    /// Texts that are not numbers give the new text.
    ///
    /// - Parameters:
    ///   - from: The text before, such as `9`.
    ///   - to: The text after, such as `10` or `99+`.
    ///   - progress: How far along, 0 at the start and 1 at the end; an overshoot past 1 shows the new text.
    static func rolledText(from: String, to: String, progress: Double) -> String {
        guard let start = RollingNumber(from), let end = RollingNumber(to) else { return to }
        return RollingNumber.text(from: start, to: end, progress: progress)
    }
}
