import BadgeKit
import CNCursesW

extension ProcessSupervisor {
    /// Collects the children that have exited (wraps `waitpid` with `WNOHANG`) and returns the finished runs.
    ///
    /// A run is finished once its child has exited; what it left in its pipes
    /// is read first. Background processes it started and that still hold a pipe
    /// do not hold the result up.
    func reap(at time: Double) -> [ProcessResult] {
        var finished: [ProcessResult] = []
        var index = 0
        while index < children.count {
            var status: Int32 = 0
            let options = children[index].isForeground ? WUNTRACED : 0
            let waited = Platform.collectChild(
                children[index].processIdentifier, status: &status, options: WNOHANG | options)
            if waited == children[index].processIdentifier {
                if status & 0xFF == 0x7F {
                    continueStopped(index, at: time)
                } else {
                    children[index].status =
                        status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
                }
            } else if waited < 0 && Platform.errorNumber == ECHILD {
                children[index].status = .signaled(SIGKILL)
            }
            if children[index].status != nil {
                ProcessTree.release(children[index].processIdentifier)
            }
            if children[index].status != nil {
                finished.append(finish(index, at: time))
            } else {
                index += 1
            }
        }
        return finished
    }

    /// Continues a stopped foreground child (its own Ctrl-Z: it keeps the terminal and goes on), or ends its group
    /// when it stopped again and again at once, which continuing would only repeat.
    private func continueStopped(_ index: Int, at time: Double) {
        let group = children[index].processIdentifier
        let stops = children[index].stops
        let rapidCount = time - stops.lastTime < Self.rapidStopSeconds ? stops.rapidCount + 1 : 0
        children[index].stops = (time, rapidCount)
        guard rapidCount < Self.mostRapidStops else {
            SignalDisposition.send(SIGKILL, toGroup: group)
            return
        }
        SignalDisposition.send(SIGCONT, toGroup: group)
    }

    /// Reads what is left in a finished child's pipes, closes them and makes its result.
    private func finish(_ index: Int, at time: Double) -> ProcessResult {
        for descriptor in [children[index].output, children[index].errors].compactMap({ $0 }) {
            read(from: descriptor)
        }
        let child = children.remove(at: index)
        child.output?.close()
        child.errors?.close()
        // What the command left running in its group (`cmd &`) ends with the program, not before.
        lingeringGroups = lingeringGroups.filter(SignalDisposition.groupExists)
        if SignalDisposition.groupExists(child.processIdentifier) {
            lingeringGroups.insert(child.processIdentifier)
        }
        return ProcessResult(
            identifier: child.request.identifier, command: child.request.command,
            termination: child.timedOut ? .timedOut : child.status ?? .signaled(SIGKILL), output: child.collected,
            outputWasCut: child.outputWasCut, firstErrorLine: Self.firstLine(of: child.errorText),
            startTime: child.startTime, endTime: time)
    }

    /// The first line that is not empty of what a run wrote to standard error, for its result.
    static func firstLine(of errorText: [UInt8]) -> String? {
        String(decoding: errorText, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
    }
}
