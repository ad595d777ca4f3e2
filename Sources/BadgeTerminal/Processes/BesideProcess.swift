import CNCursesW

/// A status line's producer run beside the program, such as `i3status`: its output read as a live source and
/// its input written as a sink, so its blocks can stand beside the buttons and its clicks reach it.
///
/// It runs as `/bin/sh -c COMMAND` in a session of its own, with its standard error the program's own (where
/// the bar logs it). ``end(waitingAtMostSeconds:)`` ends its group and collects it; a producer that ends by itself is seen as the end
/// of its output, and the program goes on without its blocks.
package final class BesideProcess {
    /// The command, as given.
    package let command: String
    /// The child's process identifier, which names its process group too.
    package let processIdentifier: pid_t
    /// The reading end of the child's output, non-blocking.
    package let output: SystemDescriptor
    /// The writing end of the child's input.
    package let input: SystemDescriptor
    /// Whether the child was collected.
    private var isCollected = false

    private init(command: String, processIdentifier: pid_t, output: SystemDescriptor, input: SystemDescriptor) {
        self.command = command
        self.processIdentifier = processIdentifier
        self.output = output
        self.input = input
    }

    /// Starts a command beside the program, with the program's environment (wraps `pipe` and `posix_spawn`).
    ///
    /// - Parameter command: What `/bin/sh -c` runs.
    /// - Returns: The running child, or why it could not start.
    package static func start(command: String) -> Result<BesideProcess, SystemError> {
        var environment: [String] = []
        if var entry = cnc_environment() {
            while let text = entry.pointee {
                environment.append(String(cString: text))
                entry += 1
            }
        }
        do throws(SystemError) {
            let toChild = try SystemDescriptor.pipe()
            let fromChild: (read: SystemDescriptor, write: SystemDescriptor)
            do throws(SystemError) {
                fromChild = try SystemDescriptor.pipe()
            } catch {
                toChild.read.close()
                toChild.write.close()
                throw error
            }
            let spawn = ShellSpawn(
                command: command, environment: environment,
                streams: .connected(input: toChild.read, output: fromChild.write))
            let started = spawn.run()
            toChild.read.close()
            fromChild.write.close()
            switch started {
            case .success(let child):
                let process = BesideProcess(
                    command: command, processIdentifier: child, output: fromChild.read, input: toChild.write)
                do throws(SystemError) {
                    try fromChild.read.setNonBlocking()
                    try toChild.write.setNonBlocking()
                } catch {
                    // Ended and collected, its ends closed: nothing of it is left behind.
                    process.end(waitingAtMostSeconds: 0)
                    process.output.close()
                    process.input.close()
                    throw error
                }
                return .success(process)
            case .failure(let error):
                fromChild.read.close()
                toChild.write.close()
                throw error
            }
        } catch {
            return .failure(error)
        }
    }

    /// Ends the child's process group with SIGTERM, then SIGKILL if it is still there after a moment, and collects
    /// the child (wraps `kill` and `waitpid`).
    ///
    /// A child that is collected already (the runner ends and collects every descendant on its way out) is not
    /// signalled: its group's number may be another's by now.
    package func end(waitingAtMostSeconds seconds: Double = 1) {
        guard isRunning() else { return }
        _ = Platform.sendSignal(SIGTERM, to: -processIdentifier)
        let clock = MonotonicClock()
        while clock.now < seconds {
            guard isRunning() else { return }
            Platform.sleep(seconds: 0.01)
        }
        guard isRunning() else { return }
        var status: Int32 = 0
        _ = Platform.sendSignal(SIGKILL, to: -processIdentifier)
        _ = Platform.collectChild(processIdentifier, status: &status, options: 0)
        isCollected = true
    }

    /// Whether the child is still there to be ended: collects it if it has exited (wraps `waitpid` with
    /// `WNOHANG`), and takes it for collected when it is no child of the program's any more (`ECHILD`).
    private func isRunning() -> Bool {
        guard !isCollected else { return false }
        var status: Int32 = 0
        switch Platform.collectChild(processIdentifier, status: &status, options: WNOHANG) {
        case 0:
            return true
        case -1 where Platform.errorNumber == EINTR:
            return true
        default:
            isCollected = true
            return false
        }
    }

    deinit {
        end()
    }
}
