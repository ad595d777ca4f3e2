import CNCursesW

extension SystemDescriptor {
    /// Opens `/dev/null` on each of standard input, output and error that is closed, so that no file the program
    /// opens later takes its number (a stream's lines in the events' file, counts read as a bar's clicks); returns
    /// the ones that were closed (wraps `fcntl` with `F_GETFD`, and `open`).
    ///
    /// Called first thing, before any other descriptor is opened: each `/dev/null` then takes the lowest free
    /// number, the closed one's.
    package static func reserveClosedStandardDescriptors() -> Set<SystemDescriptor> {
        var closed: Set<SystemDescriptor> = []
        for descriptor in [standardInput, standardOutput, standardError] {
            guard Platform.fcntl(descriptor.rawValue, F_GETFD) == -1, Platform.errorNumber == EBADF else { continue }
            closed.insert(descriptor)
            _ = Platform.open("/dev/null", descriptor == standardInput ? O_RDONLY : O_WRONLY, 0)
        }
        return closed
    }
}
