import BadgeKit
import BadgeTerminal
import Testing

@testable import badgebar

@Suite struct ManualPageTests {
    let page = ManualPage.text

    @Test func theSectionsAManPageHasInOrder() {
        let sections = page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { $0.dropFirst(4) }
        #expect(
            sections == [
                "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "KEYS", "\"EXIT STATUS\"", "ENVIRONMENT", "FILES",
                "EXAMPLES", "\"SEE ALSO\"",
            ])
    }

    @Test func everyOptionKeyStatusAndVariableIsInIt() {
        for name in Options.table.flatMap(\.allNames) {
            #expect(page.contains("\\fB" + Roff.escape(name) + "\\fR"), "\(name)")
        }
        for binding in BadgeBoard.keyBindings {
            #expect(page.contains(Roff.escape(binding.longHelp)), "\(binding.action)")
        }
        for status in ExitStatus.documented {
            #expect(page.contains(".TP\n\\fB\(Roff.escape(status.documentedCode))\\fR\n"), "\(status)")
        }
        for variable in [
            "TERM", "COLORTERM", "NO_COLOR", "ESCDELAY", "LANG", "LC_ALL", "BADGEBAR_REDUCE_MOTION", "XDG_CONFIG_HOME",
        ] {
            #expect(page.contains("\\fB\(Roff.escape(variable))\\fR"), "\(variable)")
        }
        for symbol in SymbolTable.all {
            #expect(page.contains(symbol.name), "\(symbol.name)")
        }
    }

    @Test func everyCrashSignalIsNamedInTheManualPageAndTheGuide() throws {
        #expect(CrashGuard.crashSignalNames.contains("SIGSYS"))
        let roffPage = page.replacingOccurrences(of: "\n", with: " ")
        let crash = try #require(roffPage.range(of: "A crash ("), "the sentence about crashes")
        let manualList = roffPage[crash.upperBound...].prefix { $0 != ")" }
        let guide = try PackageFiles.text(of: "docs/keys-and-options.md")
            .replacingOccurrences(of: "\n  ", with: " ")
        let crashes = try #require(guide.range(of: "- Crashes ("), "the guide's line about crashes")
        let guideList = guide[crashes.upperBound...].prefix { $0 != ")" }
        for name in CrashGuard.crashSignalNames {
            #expect(manualList.contains(name), "\(name) in the manual page: \(manualList)")
            #expect(guideList.contains(name), "\(name) in docs/keys-and-options.md: \(guideList)")
        }
    }

    @Test func textIsEscapedForRoff() {
        #expect(Roff.escape("--a\\b×") == "\\-\\-a\\eb\\[u00D7]")
        var roff = Roff()
        roff.paragraph(".dot first. Then 'quote. And e.g. this.")
        #expect(roff.lines == [".PP", "\\&.dot first.", "Then 'quote.", "And e.g. this."])
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(page.split(separator: "\n").allSatisfy { $0.utf8.count <= Roff.lineBytes || $0.hasPrefix(".") })
    }

    @Test func groffRendersItWithoutAWarning() throws {
        try #require(Command.isInstalled("groff"), "groff is missing: run make test-deps")
        let folder = try TemporaryFolder()
        let file = try folder.write(page, to: "badgebar.1")
        let result = try Command.run("groff", ["-man", "-ww", "-z", file])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        // The check can fail: a stray request is a warning.
        let broken = try Command.run("groff", ["-man", "-ww", "-z", try folder.write(page + ".XX\n", to: "bad.1")])
        #expect(broken.standardError.contains("warning"))
    }

    @Test func mandocFindsNothingToLint() throws {
        guard Command.isInstalled("mandoc") else {
            Issue.record("mandoc is missing, so the man page was not linted: run make test-deps", severity: .warning)
            return
        }
        let folder = try TemporaryFolder()
        let result = try Command.run("mandoc", ["-T", "lint", try folder.write(page, to: "badgebar.1")])
        #expect(result.status == 0)
        #expect(result.standardOutput + result.standardError == "")
    }

    @Test func theCopyInTheRepositoryIsUpToDate() throws {
        let copy = try PackageFiles.text(of: "docs/badgebar.1")
        #expect(
            copy == page, "docs/badgebar.1 is out of date: run swift run badgebar --generate man > docs/badgebar.1")
    }
}
