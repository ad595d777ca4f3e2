extension BoardEvent {
    /// The event as one line of JSON, with the keys always in this order:
    /// `{"time":1796064384.512,"event":"press","button":"Mail","count":0,"previous":5,"source":"click"}`.
    ///
    /// Written by hand rather than with FoundationEssentials' `JSONEncoder`, by measurement:
    /// the static release binary in an 80×24 tmux pane, 6 s of auto-play writing events,
    /// peaked at 6.6 MiB resident (VmHWM) this way and at 7.8 MiB with the encoder (7.1 MiB
    /// with it linked and unused, against 6.4 MiB), too close to the 8 MiB budget of
    /// `make bench`; the binary grew from 17 to 25 MB. The encoder also orders keys by hash
    /// (or alphabetically), where a reader of a log expects the time first. Strings are
    /// escaped as JSON asks, by the same code as the asciicast recorder's.
    ///
    /// - Parameter unixTime: When it happened, in seconds since 1970; written with milliseconds.
    public func jsonLine(unixTime: Double) -> String {
        var line: [UInt8] = []
        line.reserveCapacity(96 + buttonTitle.utf8.count)
        line += Array("{\"time\":\(JSONText.milliseconds(unixTime)),\"event\":".utf8)
        JSONText.appendString(kind.rawValue, to: &line)
        line += Array(",\"button\":".utf8)
        JSONText.appendString(buttonTitle, to: &line)
        line += Array(",\"count\":\(count),\"previous\":\(previousCount),\"source\":".utf8)
        JSONText.appendString(source.rawValue, to: &line)
        line.append(0x7D)  // }
        return String(decoding: line, as: UTF8.self)
    }
}
