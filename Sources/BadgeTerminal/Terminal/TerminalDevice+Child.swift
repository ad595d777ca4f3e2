import CNCursesW

extension TerminalDevice {
    /// Opens the terminal again for a child's standard input, output and error: for reading and writing,
    /// blocking, as a shell gives it (wraps `ttyname` and `open`); `nil` when it cannot be opened.
    ///
    /// A terminal known only as `/dev/tty` (keys read from the controlling terminal) is opened by its own
    /// name, such as `/dev/pts/3`, so the child's `tty` names the terminal, not the alias. The descriptor is
    /// close-on-exec; the caller closes it once the child has its copies.
    ///
    /// The own name is worked out from the device number, which another mount of `/dev/pts` (in a container)
    /// may give to another terminal, so what it opens is taken only if it is the program's controlling
    /// terminal (wraps `tcgetsid` and `getsid`); otherwise the child gets `/dev/tty` itself.
    func openForChild() -> SystemDescriptor? {
        var candidates: [(path: String, mustBeControlling: Bool)] = []
        if let name = ttyname(input.rawValue).map({ String(cString: $0) }) {
            if name == "/dev/tty", let own = Self.controllingTerminalPath() {
                candidates.append((own, true))
            }
            candidates.append((name, false))
        }
        candidates.append(("/proc/self/fd/\(input.rawValue)", false))
        for (path, mustBeControlling) in candidates {
            guard let descriptor = try? SystemDescriptor.open(path, O_RDWR | O_NOCTTY) else { continue }
            if descriptor.isTerminal && (!mustBeControlling || tcgetsid(descriptor.rawValue) == getsid(0)) {
                return descriptor
            }
            descriptor.close()
        }
        return nil
    }

    /// The controlling terminal's own path, such as `/dev/pts/3`, from its device number in
    /// `/proc/self/stat` (wraps `read`): a pseudo-terminal's by its number, another's by the name sysfs gives it.
    static func controllingTerminalPath() -> String? {
        guard let stat = text(ofFile: "/proc/self/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        // After the command's name: state, parent, group, session, terminal.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 4, let device = Int(fields[4]), device != 0 else { return nil }
        let major = (device >> 8) & 0xFFF
        let minor = (device & 0xFF) | ((device >> 12) & 0xFFF00)
        // Unix 98 pseudo-terminal slaves: majors 136 to 143, 256 numbers each.
        if (136...143).contains(major) {
            return "/dev/pts/\((major - 136) * 256 + minor)"
        }
        let event = text(ofFile: "/sys/dev/char/\(major):\(minor)/uevent") ?? ""
        guard let line = event.split(separator: "\n").first(where: { $0.hasPrefix("DEVNAME=") }) else { return nil }
        return "/dev/" + line.dropFirst("DEVNAME=".count)
    }

    /// The first few kilobytes of a small file as text, or `nil` when it cannot be read (wraps `open` and `read`).
    private static func text(ofFile path: String) -> String? {
        guard let file = try? SystemDescriptor.open(path, O_RDONLY) else { return nil }
        defer { file.close() }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { (try? file.read(into: $0)) ?? nil } ?? 0
        return String(decoding: bytes[0..<count], as: UTF8.self)
    }
}
