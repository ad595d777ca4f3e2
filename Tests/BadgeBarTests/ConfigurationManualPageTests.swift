import BadgeKit
import Testing

@testable import badgebar

/// The board file's man page, `badgebar.5`: made from the option table, clean for groff and mandoc, in the
/// repository as made.
@Suite struct ConfigurationManualPageTests {
    let page = ConfigurationManualPage.text

    @Test func theSectionsInOrder() {
        let sections = page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { $0.dropFirst(4) }
        #expect(
            sections == [
                "NAME", "SYNOPSIS", "DESCRIPTION", "\"KEYS OF THE BOARD\"", "\"KEYS OF A BUTTON\"", "FILES",
                "\"THE FILE AND THE COMMAND LINE\"", "\"READING IT AGAIN\"", "DIAGNOSTICS", "EXAMPLES", "\"SEE ALSO\"",
            ])
    }

    @Test func everyKeyWithItsValueAndHelpAndThePlacesAndTheReloadRules() {
        for key in ConfigurationKey.boardKeys + ConfigurationKey.buttonKeys {
            #expect(
                page.contains(".TP\n" + Roff.bold(key.name) + " = " + Roff.italic(key.placeholder) + "\n"),
                "\(key.name)")
            #expect(page.contains(Roff.escape(key.help.sentences[0]).prefix(60)), "\(key.name)")
        }
        for text in [
            "$XDG_CONFIG_HOME/badgebar/config", "$XDG_CONFIG_HOME/badgebar/NAME.conf", "SIGUSR2", "inotify",
            "status 78", "status 66", "keeps its count",
        ] {
            #expect(page.contains(Roff.escape(text)), "\(text)")
        }
        for key in Options().keysWaitingForStartNames {
            #expect(page.contains(Roff.escape(key)), "\(key)")
        }
    }

    @Test func theExamplesAreBoardsBadgebarReads() throws {
        for (meaning, file) in ConfigurationManualPage.examples {
            let parsed = try ConfigurationFile.parse(file.joined(separator: "\n"), path: "example.conf")
            let options = try parsed.options(over: Options(), home: "/home/me")
            #expect(!options.watches.isEmpty, "\(meaning)")
        }
    }

    @Test func textIsASCIIAndLinesFitForMandoc() {
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(page.split(separator: "\n").allSatisfy { $0.utf8.count <= Roff.lineBytes || $0.hasPrefix(".") })
    }

    @Test func groffRendersItWithoutAWarning() throws {
        try #require(Command.isInstalled("groff"), "groff is missing: run make test-deps")
        let folder = try TemporaryFolder()
        let result = try Command.run("groff", ["-man", "-ww", "-z", try folder.write(page, to: "badgebar.5")])
        #expect(result.status == 0)
        #expect(result.standardError == "")
    }

    @Test func mandocFindsNothingToLint() throws {
        guard Command.isInstalled("mandoc") else {
            Issue.record("mandoc is missing, so the man page was not linted: run make test-deps", severity: .warning)
            return
        }
        let folder = try TemporaryFolder()
        let result = try Command.run("mandoc", ["-T", "lint", try folder.write(page, to: "badgebar.5")])
        #expect(result.status == 0)
        #expect(result.standardOutput + result.standardError == "")
    }

    @Test func theCopyInTheRepositoryIsUpToDate() throws {
        let copy = try PackageFiles.text(of: "docs/badgebar.5")
        #expect(
            copy == page, "docs/badgebar.5 is out of date: run swift run badgebar --generate man5 > docs/badgebar.5")
    }
}
