import TestSupport
import Testing

/// `docs/real-terminals.md`: one row for each terminal `Tools/real-terminals.sh` runs, and commands it takes.
@Suite struct RealTerminalsGuideTests {
    /// The terminals the script knows, as its `all_terminals` names them.
    static func scriptTerminals() throws -> [String] {
        let script = try PackageFiles.text(of: "Tools/real-terminals.sh")
        let list = try #require(script.firstMatch(of: /\nall_terminals="([^"]+)"/)).1
        return list.split(separator: " ").map(String.init)
    }

    @Test func oneRowForEachTerminalTheScriptRunsAndEachPassed() throws {
        let guide = try MarkdownDocument("docs/real-terminals.md")
        let rows = guide.tableRows(
            under:
                "| Terminal | Version | `TERM` inside | Mouse reports | Emoji | Clicks clear the badge | Focus | Quit | Result |"
        )
        let terminals = try Self.scriptTerminals()
        #expect(rows.count == terminals.count)
        // The script's names, as the table names the programs they start.
        let named = ["urxvt": "rxvt-unicode", "screen": "GNU screen in xterm"]
        for terminal in terminals {
            let name = named[terminal] ?? terminal
            #expect(rows.contains { $0[0] == name || $0[0].hasPrefix(name + " ") }, "a row for \(terminal)")
        }
        #expect(rows.allSatisfy { $0.last == "PASS" }, "\(rows.map { $0.last ?? "" })")
    }

    @Test func theCommandsUseOptionsAndTerminalsTheScriptTakes() throws {
        let guide = try MarkdownDocument("docs/real-terminals.md")
        let script = try PackageFiles.text(of: "Tools/real-terminals.sh")
        let terminals = try Self.scriptTerminals()
        let commands = guide.fencedBlocks("sh").flatMap { $0.text.split(separator: "\n") }
            .filter { $0.hasPrefix("Tools/real-terminals.sh") }
        #expect(commands.count == 3)
        for command in commands {
            // The script's own words: what follows -- goes to the demo.
            let words = command.prefix { $0 != "#" }.split(separator: " ").map(String.init).prefix { $0 != "--" }
            for (index, word) in words.enumerated() where word.hasPrefix("-") {
                #expect(script.contains("        \(word) |") || script.contains("| \(word))"), "\(word) in \(command)")
                if word == "-t" {
                    for name in words[index + 1].split(separator: ",") {
                        #expect(terminals.contains(String(name)), "\(name) in \(command)")
                    }
                }
            }
        }
    }
}
