import Foundation
import Glibc
import TestSupport
import Testing

/// A real status bar run headless by `Tools/status-bars.py` with a recipe of
/// `Tests/Fixtures/StatusBarRecipes`, and what the harness saw, step by step.
///
/// The harness starts the bar's display server (Xvfb, or headless sway as `nobody`), writes the
/// bar's config around the recipe with the binary under test in it, carries out the steps (wait
/// for a colour in the bar's pixels, write a count to the counts FIFO, click where a colour is,
/// read the logs) and ends every process it started on every way out. Its screenshots and logs
/// stay in ``output`` when a step fails.
struct StatusBarRun {
    /// One step as the harness reports it.
    struct Step: Decodable {
        var step: String
        var ok: Bool
        var detail: String
        var screenshot: String?
        var errors: [String]?
        /// Where a colour that `wait` found is on the screen: left, top, right, bottom, in pixels.
        var box: [Int]?
    }

    /// The harness's report (`--report`).
    struct Report: Decodable {
        var bar: String
        var ok: Bool
        var steps: [Step]
        var errors: [String]
        var failure: String?
        var logs: String
        var seconds: Double
    }

    /// The bar, as the harness names it: i3bar, i3blocks, polybar, swaybar or waybar.
    let bar: String
    /// The steps asked for, in order.
    let steps: [String]
    /// What the harness reported.
    let report: Report
    /// What it printed (what it did, and the logs when a step failed).
    let output: String
    /// Where its screenshots, the configs it wrote and the logs are.
    let outputFolder: String

    /// The colour of a red badge: Apple's systemRed, which `red` names.
    static let red = "#FF3B30"

    /// The Debian packages the harness needs for each bar, for the message when one is missing.
    static let packages = [
        "i3bar": "i3-wm xvfb xdotool imagemagick", "i3blocks": "i3-wm i3blocks xvfb xdotool imagemagick",
        "polybar": "polybar xvfb xdotool imagemagick", "swaybar": "sway grim", "waybar": "sway waybar grim",
    ]

    /// Runs the harness on the binary under test (``BadgebarBinary``) and the bar's recipe.
    ///
    /// - Parameters:
    ///   - bar: i3bar, i3blocks, polybar, swaybar or waybar.
    ///   - steps: The harness's steps, such as `send:Mail=3`, `wait:#FF3B30`, `click:#FF3B30`, `log-clean`.
    ///   - deadline: Seconds the harness may take in all, its own set-up and tear-down included.
    ///   - command: Instead of the bar's recipe, the smallest one around this badgebar command (the harness's
    ///     `--command`; its placeholders as a recipe's, `@MARK@`, a file the `marked` step reads, and `@MARKER@`,
    ///     a script that writes its mouse button and count there).
    ///   - recipe: A recipe file of its own instead of the bar's (the harness's `--recipe`).
    /// - Throws: When the harness cannot run at all (no binary, a missing tool, bad usage); a step that
    ///   fails is in the report, for ``expectEveryStep()``.
    static func run(
        _ bar: String, steps: [String], deadline: Double = 45, command: String? = nil, recipe: String? = nil
    ) throws
        -> StatusBarRun
    {
        let binary = try BadgebarBinary.path()
        let root = BadgebarBinary.packageRoot
        let folder = root + "/.build/status-bars/\(bar)-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let reportPath = folder + "/report.json"
        // The harness's own deadline ends it, and everything it started, before this one kills it.
        let result = try ChildProcess.run(
            "python3",
            [
                root + "/Tools/status-bars.py", bar, "--badgebar", binary, "--output", folder, "--report", reportPath,
                "--deadline", String(deadline),
            ] + (command.map { ["--command", $0] } ?? []) + (recipe.map { ["--recipe", $0] } ?? []) + steps,
            environment: ChildProcess.cleanEnvironment(), timeout: deadline + 20)
        let output = result.standardOutput + result.standardError
        if result.status == .exited(2) {
            throw EndToEndFailure(
                "Tools/status-bars.py \(bar) could not run (install its tools with `make test-deps` as root, "
                    + "or apt-get install \(packages[bar] ?? bar)): \(output)")
        }
        guard let data = FileManager.default.contents(atPath: reportPath) else {
            throw EndToEndFailure("Tools/status-bars.py \(bar) wrote no report (\(result.status)): \(output)")
        }
        let report = try JSONDecoder().decode(Report.self, from: data)
        if report.ok {
            try? FileManager.default.removeItem(atPath: folder)
        }
        return StatusBarRun(bar: bar, steps: steps, report: report, output: output, outputFolder: folder)
    }

    /// An expectation per step that ran: it passed. A failed step's message has what the harness saw,
    /// the errors of the logs and where the screenshots are; the steps after it, which did not run, are
    /// one issue, and so is a failure before the first step (the bar, or the program in it, did not start).
    func expectEveryStep(sourceLocation: SourceLocation = #_sourceLocation) {
        let evidence = "screenshots and logs: \(outputFolder)\n\(report.logs)"
        for (index, result) in report.steps.enumerated() {
            let passed = result.ok
            let comment =
                result.ok
                ? "\(bar) step \(index + 1) \(result.step): \(result.detail)"
                : "\(bar) step \(index + 1) \(result.step) failed: \(report.failure ?? "?")\n"
                    + (result.screenshot.map { "screenshot: \($0)\n" } ?? "") + evidence
            #expect(passed, Comment(rawValue: comment), sourceLocation: sourceLocation)
        }
        let notRun = steps.enumerated().dropFirst(report.steps.count).map { "\($0.offset + 1) \($0.element)" }
        if report.steps.isEmpty, !report.ok {
            Issue.record(
                Comment(rawValue: "\(bar) failed before its first step: \(report.failure ?? "?")\n\(evidence)"),
                sourceLocation: sourceLocation)
        } else if !notRun.isEmpty {
            Issue.record(
                Comment(rawValue: "\(bar): after the failure, steps \(notRun.joined(separator: ", ")) did not run"),
                sourceLocation: sourceLocation)
        }
    }
}

/// A recipe of `Tests/Fixtures/StatusBarRecipes`: the config lines a user puts in a bar's config, with
/// `@BADGEBAR@` for the program and `@FIFO@`, `@CONTROL@` and `@COUNTS@` for paths.
enum StatusBarRecipe {
    static let folder = BadgebarBinary.packageRoot + "/Tests/Fixtures/StatusBarRecipes"

    /// The recipe's text as stored.
    static func text(_ name: String) throws -> String {
        try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    }

    /// The placeholders the recipes may use.
    static let placeholders: Set<String> = ["@BADGEBAR@", "@FIFO@", "@CONTROL@", "@COUNTS@"]

    /// The recipe as the documentation shows it (``DocumentedRecipe``), so a test can compare the two.
    static func documented(_ name: String) throws -> String {
        DocumentedRecipe.text(of: try text(name))
    }
}
