import BadgeKit

extension ProcessSupervisor {
    /// Reads what a child wrote to a pipe that is ready (wraps `read`); output past the limit is dropped.
    func read(from descriptor: SystemDescriptor) {
        guard let index = children.firstIndex(where: { $0.output == descriptor || $0.errors == descriptor }) else {
            return
        }
        let isOutput = children[index].output == descriptor
        // A bounded number of reads per turn, so a child that never stops writing cannot hold up the loop.
        for _ in 0..<4 {
            let outcome = readBuffer.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try descriptor.read(into: buffer) }
            }
            guard case .success(let count?) = outcome, count > 0 else {
                if case .success(nil) = outcome { return }  // nothing more for now
                // The end, or an error: the child closed the pipe.
                descriptor.close()
                if isOutput { children[index].output = nil } else { children[index].errors = nil }
                return
            }
            keep(count, of: index, isOutput: isOutput)
            if isOutput && children[index].outputWasCut {
                // Past the limit: no more is read. The child's next write fails (SIGPIPE ends it by default),
                // so a command that never stops writing costs nothing, and its time limit bounds the rest.
                descriptor.close()
                children[index].output = nil
                return
            }
            if !isOutput && children[index].errorBytesRead > Self.errorReadLimitBytes {
                // The same for errors, at a bound far past anything a working command writes.
                descriptor.close()
                children[index].errors = nil
                return
            }
        }
    }

    private func keep(_ count: Int, of index: Int, isOutput: Bool) {
        if isOutput {
            let room = children[index].request.outputLimitBytes - children[index].collected.count
            if count > room { children[index].outputWasCut = true }
            children[index].collected += readBuffer[0..<max(min(count, room), 0)]
        } else {
            let room = Self.errorLimitBytes - children[index].errorText.count
            children[index].errorText += readBuffer[0..<max(min(count, room), 0)]
            children[index].errorBytesRead += count
        }
    }
}
