import BadgeKit
import Testing

@testable import badgebar

/// Where the board's file is found: `--config` with a path or a name, the default file, `--demo`.
@Suite struct ConfigurationPlaceTests {
    /// A disk of a few files, and what was read from it.
    final class Disk: @unchecked Sendable {
        var files: [String: ConfigurationFiles.Contents]
        var reads: [String] = []

        init(_ files: [String: ConfigurationFiles.Contents]) {
            self.files = files
        }

        var access: ConfigurationFiles {
            ConfigurationFiles { path in
                self.reads.append(path)
                return self.files[path] ?? .missing
            }
        }
    }

    static let mail = ConfigurationFiles.Contents.text("title = Mail\n[Mail]\nsymbol = envelope\nwatch = echo 3\n")
    static let home = ["HOME": "/home/me"]

    func load(_ arguments: [String], _ disk: Disk, environment: [String: String] = home) throws(Options.StartError)
        -> Options
    {
        guard case .run(let options) = try Options.load(arguments, environment: { environment[$0] }, files: disk.access)
        else { throw .usage(Options.UsageError(message: "not a board")) }
        return options
    }

    func failure(_ arguments: [String], _ disk: Disk, environment: [String: String] = home) -> Options.StartError? {
        do {
            _ = try load(arguments, disk, environment: environment)
            return nil
        } catch {
            return error
        }
    }

    @Test func aNameIsAFileInBadgebarsFolderAndAnythingWithASlashOrADotIsAPath() throws {
        let disk = Disk([
            "/home/me/.config/badgebar/mail.conf": Self.mail, "/xdg/badgebar/mail.conf": Self.mail,
            "./mail.conf": Self.mail, "boards/mail": Self.mail,
        ])
        #expect(try load(["--config", "mail"], disk).configurationPath == "/home/me/.config/badgebar/mail.conf")
        #expect(
            try load(["--config", "mail"], disk, environment: ["XDG_CONFIG_HOME": "/xdg/", "HOME": "/home/me"])
                .configurationPath == "/xdg/badgebar/mail.conf")
        // XDG_CONFIG_HOME must be absolute to count, as its specification says.
        #expect(
            try load(["--config", "mail"], disk, environment: ["XDG_CONFIG_HOME": "xdg", "HOME": "/home/me"])
                .configurationPath == "/home/me/.config/badgebar/mail.conf")
        #expect(try load(["--config=./mail.conf"], disk).configurationPath == "./mail.conf")
        #expect(try load(["--config", "boards/mail"], disk).title == "Mail")
        #expect(ConfigurationFiles.isName("mail") && !ConfigurationFiles.isName("mail.conf"))
    }

    @Test func theDefaultFileIsReadUnlessTheCommandLineGivesButtonsOrTheDemo() throws {
        let disk = Disk(["/home/me/.config/badgebar/config": Self.mail])
        let plain = try load([], disk)
        #expect(plain.configurationPath == "/home/me/.config/badgebar/config")
        #expect(plain.buttons.map(\.title) == ["Mail"])
        // Flags that say nothing of the buttons go over the file.
        let titled = try load(["--title", "Post", "--once"], disk)
        #expect(titled.configurationPath != nil && titled.title == "Post")
        #expect(try load(["--lines", "--every", "5s"], disk).watches.count == 1)
        // Buttons or their commands on the command line, or --demo, leave the file alone.
        for arguments in [
            ["--button", "Jobs:gear:0"], ["--watch", "Cart=echo 1"], ["--on-press", "Cart=true"],
            ["--open", "Cart=true"], ["--demo"],
        ] {
            let options = try load(arguments, disk)
            #expect(options.configurationPath == nil, "\(arguments)")
            #expect(options.title == nil, "\(arguments)")
        }
        // --demo always opens the demo.
        #expect(try load(["--demo"], disk).buttonTitles == ["Messages", "Cart", "Notifications"])
    }

    @Test func withoutADefaultFileTheDemoOpens() throws {
        let disk = Disk([:])
        #expect(try load([], disk) == Options())
        #expect(disk.reads == ["/home/me/.config/badgebar/config"])
        // Without HOME or XDG_CONFIG_HOME there is no folder to look in.
        #expect(try load([], Disk([:]), environment: [:]) == Options())
    }

    @Test func aFileThatCannotBeReadIs66AndAMistakeInIt78() {
        let disk = Disk([
            "/home/me/.config/badgebar/config": .unreadable("cannot open '/home/me/.config/badgebar/config': denied"),
            "/home/me/.config/badgebar/bad.conf": .text("title = Mail\nevry = 5s\n"),
        ])
        let missing = failure(["--config", "mail"], disk)
        #expect(missing == .unreadable("--config: there is no file '/home/me/.config/badgebar/mail.conf'"))
        #expect(missing?.status == .noInput)
        let unreadable = failure([], disk)
        #expect(unreadable == .unreadable("cannot open '/home/me/.config/badgebar/config': denied"))
        #expect(unreadable?.status.code == 66)
        let bad = failure(["--config", "bad"], disk)
        #expect(bad?.description == "/home/me/.config/badgebar/bad.conf:2: unknown key 'evry'; did you mean 'every'?")
        #expect(bad?.status.code == 78)
        // Nothing starts from a bad file, whatever the command line asks for.
        #expect(failure(["--config", "bad", "--once"], disk)?.status.code == 78)
    }

    @Test func mistakesOfTheCommandLineAboutTheFileAre64() {
        let disk = Disk(["/home/me/.config/badgebar/mail.conf": Self.mail])
        #expect(
            failure(["--demo", "--config", "mail"], disk)
                == .usage(
                    Options.UsageError(message: "--demo opens the Inbox demo, not the board of --config; give one")))
        #expect(
            failure(["--demo", "--button", "Jobs:gear:0"], disk)
                == .usage(
                    Options.UsageError(
                        message: "--demo opens the Inbox demo, whose buttons --button replaces; give one")))
        #expect(
            failure(["--config", ""], disk)
                == .usage(Options.UsageError(message: "--config needs a file, or the name of one")))
        #expect(
            failure(["--config", "mail"], disk, environment: [:])
                == .usage(
                    Options.UsageError(
                        message: "--config mail: neither XDG_CONFIG_HOME nor HOME is set, so there is no folder to "
                            + "find mail.conf in; give its path")))
        #expect(failure(["--config", "mail"], disk)?.status.code == nil)
        // A flag naming a button the file has not is a command-line mistake.
        #expect(failure(["--config", "mail", "--watch", "News=ls"], disk)?.status.code == 64)
    }

    @Test func requestsOfTheirOwnNeedNoFile() throws {
        let disk = Disk(["/home/me/.config/badgebar/config": .text("bogus\n")])
        #expect(try Options.load(["--help"], environment: { Self.home[$0] }, files: disk.access) == .help)
        #expect(try Options.load(["--version"], environment: { Self.home[$0] }, files: disk.access) == .version)
        #expect(disk.reads.isEmpty)
    }
}
