import BadgeKit
import Foundation
import TestSupport
import Testing

@testable import badgebar

/// The README is a landing page whose promises hold: the status bar on its first screen, its everyday commands,
/// its excerpt of the library. The rest lives in the guides, which tests of their own read.
@Suite struct ReadmeTests {
    let readme: MarkdownDocument

    init() throws {
        readme = try MarkdownDocument("README.md")
    }

    @Test func aLandingPageOfAtMost250Lines() {
        #expect(readme.lines.count <= 250, "\(readme.lines.count) lines")
    }

    /// The first screen (40 lines) says what BadgeBar is, shows the picture, and puts badges in a status bar.
    @Test func theFirstScreenShowsThePictureAndAStatusBarLineWithTheGuide() throws {
        let firstScreen = MarkdownDocument(text: readme.lines.prefix(40).joined(separator: "\n"))
        #expect(firstScreen.text.hasPrefix("# BadgeBar\n\nBadged icon buttons for the terminal"))
        #expect(firstScreen.linkTargets.contains("docs/inbox.png"), "the picture")
        #expect(firstScreen.linkTargets.contains("docs/status-bars.md"), "the status-bar guide")
        let lines = try statusBarLines()
        #expect(lines.count == 2)
        for line in lines {
            #expect(firstScreen.text.contains(line), "\(line) on the first screen")
        }
    }

    /// The lines of the fenced blocks of "In your status bar".
    func statusBarLines() throws -> [String] {
        let section = MarkdownDocument(text: try #require(readme.section("In your status bar")))
        return section.fencedBlocks.flatMap { $0.text.split(separator: "\n").map(String.init) }
    }

    /// Each status-bar line is a line of docs/status-bars.md, whose tests parse it (and run the tmux one in a real
    /// tmux), and badgebar takes its command as that bar's form.
    @Test func theStatusBarLinesAreTheGuidesAndBadgebarTakesThem() throws {
        let guide = try MarkdownDocument("docs/status-bars.md")
        let guideLines = Set(
            guide.fencedBlocks.flatMap {
                $0.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            })
        var presentations: [Options.Presentation] = []
        for line in try statusBarLines() {
            #expect(guideLines.contains(line), "\(line) is a line of docs/status-bars.md (indentation aside)")
            let command = try #require(line.firstMatch(of: /(badgebar --[^)]*)(?:\)'|$)/)).1
            guard case .run(let options) = try DocumentedCommand.request(of: String(command)) else {
                Issue.record("\(command) does not run badgebar")
                continue
            }
            #expect(
                options.folderSources.map(\.kind) == [.maildir],
                "\(command): a Maildir badgebar counts itself, so no other setup is needed")
            presentations.append(options.presentation(environment: { _ in nil }, standardOutputIsTerminal: false))
        }
        #expect(presentations == [.once(.tmux), .stream(.i3bar)])
    }

    @Test func theTwoCommandsAndTheInstallSection() throws {
        let commands = try #require(readme.section("Two commands"))
        #expect(commands.contains("make run     #") && commands.contains("make test    #"))
        let install = try #require(readme.section("Install"))
        #expect(install.contains("sudo make install") && install.contains("sudo make uninstall"))
    }

    /// Every file `make install` writes is named in the Install section, under its folder.
    @Test func theInstalledFilesAreTheMakefiles() throws {
        let makefile = try PackageFiles.text(of: "Makefile")
        let install = try #require(readme.section("Install")).replacingOccurrences(of: "\n", with: " ")
        let folders = [
            "BINDIR": "bin", "MAN1DIR": "share/man/man1", "MAN5DIR": "share/man/man5",
            "BASH_COMPLETION_DIR": "share/bash-completion/completions",
            "ZSH_COMPLETION_DIR": "share/zsh/site-functions",
            "FISH_COMPLETION_DIR": "share/fish/vendor_completions.d",
        ]
        let target = try #require(makefile.range(of: "\ninstall: ").map { makefile[$0.upperBound...] })
        let recipe = target.prefix { $0 != "#" }
        let installed = recipe.matches(of: /(?:install -m 755 \S+|>) "\$\(DESTDIR\)\$\((\w+)\)\/([^"]+)"/)
        #expect(installed.count == 6, "\(installed.map(\.0))")
        for match in installed {
            let folder = try #require(folders[String(match.1)], "\(match.0)")
            #expect(install.contains("`\(folder)/\(match.2)`"), "\(folder)/\(match.2)")
        }
    }

    /// The library's dozen lines are lines of the program `make test` builds, in its order.
    @Test func theLibrarysExcerptIsTheFixturesProgram() throws {
        let section = MarkdownDocument(text: try #require(readme.section("The library")))
        let excerpt = try #require(section.fencedBlocks("swift").first).text
        let fixture = try PackageFiles.text(of: "Tests/Fixtures/OwnProgram/Sources/Unread/main.swift")
            .split(separator: "\n", omittingEmptySubsequences: false)
        var rest = fixture[...]
        for line in excerpt.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }  // said of what is left out
            guard let found = rest.firstIndex(of: line) else {
                Issue.record("\(line) is not a line of the fixture, after the lines before it")
                return
            }
            rest = fixture[(found + 1)...]
        }
        #expect(section.linkTargets.contains("docs/library.md"))
    }
}
