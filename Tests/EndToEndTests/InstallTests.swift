import Foundation
import Testing

extension EndToEnd {
    @Suite("make install and make uninstall") struct InstallTests {
        /// Every regular file under a folder, as paths relative to it, sorted.
        private func files(under folder: String) -> [String] {
            let enumerator = FileManager.default.enumerator(atPath: folder)
            var found: [String] = []
            while let path = enumerator?.nextObject() as? String {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder),
                    !isFolder.boolValue
                {
                    found.append(path)
                }
            }
            return found.sorted()
        }

        /// The file's permission bits, such as 0o755.
        private func permissions(_ path: String) throws -> Int {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            return (attributes[.posixPermissions] as? Int) ?? -1
        }

        /// Runs make in the package with a staging DESTDIR and a PREFIX.
        ///
        /// The binary is already built (make test builds it first, and a swift build here would
        /// wait for the lock that the running swift test holds), so `-o build` skips the build step.
        private func make(_ target: String, destination: String, binary: String) throws -> ProcessResult {
            try ChildProcess.run(
                "make",
                [
                    "--no-print-directory", "-C", BadgebarBinary.packageRoot, "-o", "build", target,
                    "DESTDIR=\(destination)", "PREFIX=/opt/badgebar", "RELEASE_BINARY=\(binary)",
                ], environment: ChildProcess.cleanEnvironment(), timeout: 60)
        }

        @Test(
            "make install puts the binary, man page and completions under DESTDIR/PREFIX, where man and the shells find them; make uninstall removes exactly those"
        )
        func installAndUninstall() throws {
            let binary = try BadgebarBinary.path()
            let destination = FileManager.default.temporaryDirectory
                .appendingPathComponent("badgebar-install-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: destination) }
            let prefix = destination + "/opt/badgebar"
            // Someone else's file in the same folders, which uninstall must leave alone.
            try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
            try "#!/bin/sh\n".write(toFile: prefix + "/bin/other-tool", atomically: false, encoding: .utf8)

            let install = try make("install", destination: destination, binary: binary)
            #expect(install.status == .exited(0), "\(install.standardOutput)\(install.standardError)")

            let installed: [(path: String, generated: String?, mode: Int)] = [
                ("bin/badgebar", nil, 0o755),
                ("share/bash-completion/completions/badgebar", "bash", 0o644),
                ("share/fish/vendor_completions.d/badgebar.fish", "fish", 0o644),
                ("share/man/man1/badgebar.1", "man", 0o644),
                ("share/man/man5/badgebar.5", "man5", 0o644),
                ("share/zsh/site-functions/_badgebar", "zsh", 0o644),
            ]
            #expect(files(under: prefix) == (installed.map(\.path) + ["bin/other-tool"]).sorted())
            for file in installed {
                let path = prefix + "/" + file.path
                #expect(try permissions(path) == file.mode, "\(file.path)")
                let contents = try Data(contentsOf: URL(fileURLWithPath: path))
                if let document = file.generated {
                    let generated = try ChildProcess.run(
                        binary, ["--generate", document], environment: ChildProcess.cleanEnvironment())
                    #expect(String(decoding: contents, as: UTF8.self) == generated.standardOutput, "\(file.path)")
                    #expect(!contents.isEmpty)
                } else {
                    #expect(contents == (try Data(contentsOf: URL(fileURLWithPath: binary))), "the binary as built")
                }
            }

            // The installed binary runs and says what it is.
            let version = try ChildProcess.run(
                prefix + "/bin/badgebar", ["--version"], environment: ChildProcess.cleanEnvironment())
            #expect(version.status == .exited(0))
            #expect(version.standardOutput.hasPrefix("badgebar 0.1.0"), "\(version.standardOutput)")

            // man and the shells find the files where they were put, the installed binary first in PATH
            // (fish loads completions only for commands it finds), with a home of their own.
            let home = destination + "/home"
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            let environment = [
                "PATH=\(prefix)/bin:\(path)", "HOME=\(home)", "LANG=C.UTF-8", "XDG_DATA_DIRS=\(prefix)/share",
            ]
            let man = try ChildProcess.run(
                "man", ["-M", prefix + "/share/man", "-w", "badgebar"], environment: environment)
            #expect(man.standardOutput == prefix + "/share/man/man1/badgebar.1\n", "\(man.standardError)")
            let man5 = try ChildProcess.run(
                "man", ["-M", prefix + "/share/man", "-w", "5", "badgebar"], environment: environment)
            #expect(man5.standardOutput == prefix + "/share/man/man5/badgebar.5\n", "\(man5.standardError)")
            let bash = try ChildProcess.run(
                "bash",
                [
                    "-c",
                    "source /usr/share/bash-completion/bash_completion; __load_completion badgebar; complete -p badgebar",
                ],
                environment: environment)
            #expect(bash.standardOutput == "complete -F _badgebar badgebar\n", "\(bash.standardError)")
            let zsh = try ChildProcess.run(
                "zsh",
                [
                    "-f", "-c",
                    "fpath=(\(prefix)/share/zsh/site-functions $fpath); autoload -U compinit; compinit -u -D; print $_comps[badgebar]",
                ],
                environment: environment)
            #expect(zsh.standardOutput == "_badgebar\n", "\(zsh.standardError)")
            let fish = try ChildProcess.run(
                "fish", ["-c", "complete -C 'badgebar --gene'"], environment: environment)
            #expect(fish.standardOutput.hasPrefix("--generate\t"), "\(fish.standardOutput)\(fish.standardError)")

            let uninstall = try make("uninstall", destination: destination, binary: binary)
            #expect(uninstall.status == .exited(0), "\(uninstall.standardOutput)\(uninstall.standardError)")
            try FileManager.default.removeItem(atPath: home)
            #expect(files(under: destination) == ["opt/badgebar/bin/other-tool"], "nothing of badgebar's left")
        }
    }
}
