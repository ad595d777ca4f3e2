extension LineReader {
    /// The descriptors to poll for this source: its own, and those of the clients of a control socket.
    var polledDescriptors: [SystemDescriptor] {
        guard let descriptor else { return [] }
        return connections.isEmpty ? [descriptor] : [descriptor] + connections.compactMap(\.descriptor)
    }

    /// Whether a descriptor the wait found ready is this source's.
    func reads(_ ready: SystemDescriptor) -> Bool {
        descriptor == ready || connections.contains { $0.descriptor == ready }
    }

    /// Hands out the lines that arrived on one of the source's descriptors, as ``readBatches(_:)`` does.
    ///
    /// For a control socket, a ready listening socket takes the clients that connected (one beyond
    /// ``ControlChannel/maximumConnections`` is closed unread), and a ready client is read; a client's end is
    /// its own, never the source's: a last line it left without a line end is delivered as a line.
    func readBatches(from ready: SystemDescriptor, _ body: (Batch) -> Void) -> ReadOutcome {
        guard let channel else { return readBatches(body) }
        if ready == descriptor {
            while let connection = channel.acceptConnection() {
                guard connections.count < ControlChannel.maximumConnections else {
                    connection.close()
                    continue
                }
                connections.append(LineReader(connection: connection, name: path))
            }
            return .waiting
        }
        guard let index = connections.firstIndex(where: { $0.descriptor == ready }) else { return .waiting }
        switch connections[index].readBatches(body) {
        case .more:
            return .more
        case .waiting:
            return .waiting
        case .ended, .stopped:
            connections[index].finish()
            connections.remove(at: index)
            return .waiting
        }
    }
}
