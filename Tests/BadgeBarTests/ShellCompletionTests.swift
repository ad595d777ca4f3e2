import BadgeKit
import Foundation
import Testing

@testable import badgebar

@Suite struct ShellCompletionTests {
    static let shells: [GeneratedDocument] = [.bash, .zsh, .fish]

    @Test(arguments: shells) func everyFlagValueSymbolAndColourIsInTheScript(_ shell: GeneratedDocument) {
        let script = shell.text
        for option in Options.table {
            for name in option.allNames {
                // fish spells flags without their dashes: -l color, -s h.
                let spelling =
                    shell == .fish
                    ? (name.hasPrefix("--") ? "-l \(name.dropFirst(2)) " : "-s \(name.dropFirst()) ") : name
                #expect(script.contains(spelling), "\(shell): \(name)")
            }
            for value in option.value.choices {
                #expect(script.contains(value), "\(shell): \(value)")
            }
        }
        for word in SymbolTable.all.map(\.name) + RGBColor.named.map(\.name) + ["show-zero", "text=", "noun="] {
            #expect(script.contains(word), "\(shell): \(word)")
        }
    }

    @Test(arguments: [
        (GeneratedDocument.bash, "bash", ["-n"]), (.zsh, "zsh", ["-n"]), (.fish, "fish", ["--no-execute"]),
    ])
    func theScriptLoads(_ shell: GeneratedDocument, _ program: String, _ flags: [String]) throws {
        try #require(Command.isInstalled(program), "\(program) is missing: run make test-deps")
        let folder = try TemporaryFolder()
        let good = try Command.run(program, flags + [try folder.write(shell.text, to: "good")])
        #expect(good.status == 0, "\(good.standardError)")
        #expect(good.standardError == "")
        // The check can fail: an unclosed quote does not load.
        let bad = try Command.run(program, flags + [try folder.write(shell.text + "echo '\n", to: "bad")])
        #expect(bad.status != 0)
    }

    /// What bash completes for a command line, typed up to its end; with `bashCompletion` the
    /// bash-completion package's helpers are loaded first, as an installed script finds them.
    func bashCompletes(_ line: String, bashCompletion: Bool) throws -> [String] {
        let folder = try TemporaryFolder()
        let script = try folder.write(ShellCompletion.bash, to: "badgebar")
        let load = bashCompletion ? "source /usr/share/bash-completion/bash_completion" : "unset -f _init_completion"
        // bash splits the words at COMP_WORDBREAKS (= and : among them) before calling the function.
        let driver = """
            \(load)
            source '\(script)'
            COMP_LINE=$1 COMP_POINT=${#1}
            read -r -a COMP_WORDS <<< "$(sed -e 's/[=:]/ & /g' <<< "$1")"
            [[ $1 == *' ' ]] && COMP_WORDS+=('')
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _badgebar badgebar
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try Command.run("bash", ["-c", driver, "bash", line])
        #expect(result.standardError == "", "\(line): \(result.standardError)")
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    @Test(arguments: [true, false]) func bashCompletesFlagsValuesFilesAndButtonParts(_ bashCompletion: Bool) throws {
        try #require(Command.isInstalled("bash"))
        if bashCompletion {
            try #require(
                FileManager.default.fileExists(atPath: "/usr/share/bash-completion/bash_completion"),
                "bash-completion is missing: run make test-deps")
        }
        #expect(
            try bashCompletes("badgebar --co", bashCompletion: bashCompletion) == [
                "--color", "--colour", "--counts-from", "--count-files", "--config", "--control",
            ])
        #expect(
            try bashCompletes("badgebar --icons ", bashCompletion: bashCompletion) == ["emoji", "unicode", "ascii"])
        #expect(
            try bashCompletes("badgebar --badge-corner=bottom-l", bashCompletion: bashCompletion) == ["bottom-leading"])
        #expect(try bashCompletes("badgebar --button Mail:env", bashCompletion: bashCompletion) == ["envelope"])
        #expect(
            try bashCompletes("badgebar --button=Mail:envelope:", bashCompletion: bashCompletion) == [
                "dot", "text=", "0",
            ])
        #expect(
            try bashCompletes("badgebar --button Mail:envelope:5:b", bashCompletion: bashCompletion)
                == ["blue", "brown", "black"])
        #expect(
            try bashCompletes("badgebar --button Mail:envelope:5:red:n", bashCompletion: bashCompletion) == ["noun="])
        #expect(try bashCompletes("badgebar --fps ", bashCompletion: bashCompletion) == [])
        let folder = try TemporaryFolder()
        _ = try folder.write("", to: "demo.cast")
        #expect(
            try bashCompletes("badgebar --record \(folder.path)/de", bashCompletion: bashCompletion) == [
                "\(folder.path)/demo.cast"
            ])
    }

    @Test func fishCompletesFlagsValuesAndButtonParts() throws {
        try #require(Command.isInstalled("fish"), "fish is missing: run make test-deps")
        let folder = try TemporaryFolder()
        let script = try folder.write(ShellCompletion.fish, to: "badgebar.fish")
        func completions(_ line: String) throws -> [String] {
            let result = try Command.run(
                "fish", ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, line])
            #expect(result.standardError == "", "\(line): \(result.standardError)")
            return result.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        }
        #expect(
            try completions("badgebar --co") == [
                "--color", "--colour", "--config", "--control", "--counts-from", "--count-files",
            ])
        #expect(try completions("badgebar --generate ").sorted() == ["bash", "fish", "man", "man5", "zsh"])
        #expect(try completions("badgebar --button Mail:env") == ["Mail:envelope"])
        #expect(try completions("badgebar --button=Mail:envelope:5:sh") == ["--button=Mail:envelope:5:show-zero"])
        #expect(try completions("badgebar --button Mail:envelope:5:no") == ["Mail:envelope:5:noun="])
    }

    /// Board files in a folder for XDG_CONFIG_HOME: two names, the default file, a name no `--config` could give, and
    /// a folder.
    func configFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: folder.path + "/badgebar/dir.conf", withIntermediateDirectories: true)
        for name in ["mail.conf", "music.conf", "config", "a.b.conf", "notes.txt"] {
            _ = try folder.write("", to: "badgebar/" + name)
        }
        return folder
    }

    @Test func bashAndFishCompleteTheNamesOfBoardFilesForConfig() throws {
        try #require(Command.isInstalled("bash") && Command.isInstalled("fish"))
        let folder = try configFolder()
        let scripts = try TemporaryFolder()
        let empty = try TemporaryFolder()
        _ = try empty.write("", to: "maybe.conf")
        let bash = try scripts.write(ShellCompletion.bash, to: "badgebar")
        let driver = """
            unset -f _init_completion
            source "$1"
            COMP_LINE=$2 COMP_POINT=${#2}
            read -r -a COMP_WORDS <<< "$2"
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            cd "$3"
            _badgebar badgebar
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try Command.run(
            "env",
            ["XDG_CONFIG_HOME=\(folder.path)", "bash", "-c", driver, "bash", bash, "badgebar --config m", empty.path])
        #expect(result.standardError == "")
        // The files of the current folder, then the names.
        #expect(result.standardOutput == "maybe.conf\nmail\nmusic\n")
        let fish = try scripts.write(ShellCompletion.fish, to: "badgebar.fish")
        let fishResult = try Command.run(
            "env",
            [
                "XDG_CONFIG_HOME=\(folder.path)", "fish", "--no-config", "-c",
                "cd $argv[2]; source $argv[1]; complete -C 'badgebar --config m'", fish, empty.path,
            ])
        #expect(fishResult.standardError == "")
        let words = fishResult.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(words == ["mail", "maybe.conf", "music"], "\(words)")
        #expect(!words.contains("a.b") && !words.contains("config") && !words.contains("dir"), "\(words)")
    }

    @Test func zshOffersTheNamesOfBoardFilesForConfig() throws {
        try #require(Command.isInstalled("zsh"))
        let folder = try configFolder()
        let script = ShellCompletion.zsh
        let start = try #require(script.range(of: "_badgebar_config() {"))
        let end = try #require(script[start.upperBound...].range(of: "\n}\n"))
        // The function with _alternative standing in, printing the names it is given.
        let function = String(script[start.lowerBound..<end.upperBound])
        let driver =
            function + """
                _alternative() { print -l -- "${names[@]}"; }
                _badgebar_config
                """
        let result = try Command.run("env", ["XDG_CONFIG_HOME=\(folder.path)", "zsh", "-f", "-c", driver])
        #expect(result.standardError == "")
        #expect(result.standardOutput == "mail\nmusic\n")
    }
}
