/// What another i3bar-protocol program prints (i3status, for one), read line by line, so that its blocks stand
/// beside the buttons in one status line and the clicks on them go back to it.
///
/// The protocol's header (`{"version":1,"click_events":true}`) says whether the
/// program takes clicks; then comes `[`, and a status line per change (`[…]`, then
/// `,[…]`), each an array of blocks whose text is kept as it is. A program that
/// prints no header (i3status when it cannot tell it is run for i3bar) prints plain
/// lines: each becomes one block of its own, named `beside`, that takes no clicks.
package struct I3barProducer: Sendable, Equatable {
    /// The blocks of its latest status line, as the text between the array's brackets; `nil` before its first
    /// line and after its end.
    package private(set) var blocks: String?
    /// Whether its header asked for click events.
    package private(set) var acceptsClicks = false
    /// How far it has got in the protocol.
    private var phase = Phase.start
    /// How many clicks were written to it, for the framing of the next.
    private var clicksWritten = 0

    /// Where a producer is in its protocol.
    private enum Phase: Sendable, Equatable {
        /// Nothing read yet.
        case start
        /// The header was read: status lines follow.
        case protocolLines
        /// It printed no header: every line is plain text.
        case plain
    }

    /// The `name` of the block a plain line becomes.
    package static let plainBlockName = "beside"

    /// A producer before its first line.
    package init() {}

    /// Takes one line of its output, and says whether its blocks changed.
    package mutating func take(_ line: String) -> Bool {
        let text = line.trimmingSpaces
        if phase == .start {
            guard !text.isEmpty else { return false }
            if text.hasPrefix("{") {
                phase = .protocolLines
                acceptsClicks = text.filter { $0 != " " && $0 != "\t" }.contains("\"click_events\":true")
                return false
            }
            phase = .plain
        }
        let before = blocks
        switch phase {
        case .start, .protocolLines:
            var body = Substring(text)
            if body.hasPrefix(",") { body = body.dropFirst().drop { $0 == " " || $0 == "\t" } }
            // i3status-rust puts its comma after each line rather than before the next.
            if body.hasSuffix(",") { body = body.dropLast() }
            while body.last == " " || body.last == "\t" { body = body.dropLast() }
            guard body.hasPrefix("["), body.hasSuffix("]"), body.count >= 2 else { return false }
            let inner = String(body.dropFirst().dropLast()).trimmingSpaces
            // Blocks that are not JSON objects would make i3bar drop the whole line, the buttons' too.
            guard Self.isObjectList(inner) else { return false }
            blocks = inner
        case .plain:
            blocks =
                text.isEmpty
                ? nil
                : JSONText.object([
                    ("name", JSONText.quoted(Self.plainBlockName)), ("full_text", JSONText.quoted(text)),
                ])
        }
        return blocks != before
    }

    /// Whether a text is JSON objects separated by commas, as the blocks between a status line's brackets are.
    ///
    /// Its brackets and braces are balanced outside strings, with nothing but commas and blanks between the
    /// objects; the objects' insides are i3bar's to read.
    static func isObjectList(_ text: String) -> Bool {
        var open: [UInt8] = []
        var inString = false
        var escaped = false
        var expectsObject = true
        for byte in text.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                guard !open.isEmpty else { return false }
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if open.isEmpty {
                    guard byte == UInt8(ascii: "{"), expectsObject else { return false }
                    expectsObject = false
                }
                open.append(byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                // Each closes what was opened last, of its own kind.
                guard open.popLast() == byte else { return false }
            case UInt8(ascii: ","):
                if open.isEmpty {
                    guard !expectsObject else { return false }
                    expectsObject = true
                }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            default:
                guard !open.isEmpty else { return false }
            }
        }
        return open.isEmpty && !inString && (!expectsObject || text.isEmpty)
    }

    /// Forgets its blocks: it ended.
    package mutating func end() {
        blocks = nil
    }

    /// One status line of the buttons' blocks (`[…]`, as ``StatusBarFormat/i3bar`` renders them) with the
    /// producer's after them.
    package func merged(with own: String) -> String {
        guard let blocks, !blocks.isEmpty else { return own }
        let ownBlocks = own.hasPrefix("[") && own.hasSuffix("]") ? String(own.dropFirst().dropLast()) : own
        return ownBlocks.isEmpty ? "[\(blocks)]" : "[\(ownBlocks),\(blocks)]"
    }

    /// What to write to its input for a click on one of its blocks, as i3bar writes it: `[` before the first, a
    /// comma before each after it; `nil` when it takes no clicks.
    package mutating func clickInput(name: String?, instance: String?, button: Int) -> String? {
        guard acceptsClicks else { return nil }
        var members: [(key: String, value: String)] = []
        if let name { members.append(("name", JSONText.quoted(name))) }
        if let instance { members.append(("instance", JSONText.quoted(instance))) }
        members.append(("button", String(button)))
        defer { clicksWritten += 1 }
        return (clicksWritten == 0 ? "[\n" : ",") + JSONText.object(members)
    }
}
