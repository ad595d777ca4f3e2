/// Reads the click events i3bar and swaybar write to a status command's standard input, from bytes in any pieces.
///
/// With `"click_events":true` in the header the bar writes `[`, then one JSON
/// object per click with `,` between them: i3bar compact, each on its own line
/// (`{"name":"badgebar","instance":"Mail","button":1,"x":1520,…}`), swaybar spaced
/// and with more members (`event`, `scale`, `relative_x`, …). The reader parses
/// each object as JSON (strings with every escape, numbers, `true`, `false`,
/// `null`, nested objects and arrays, which it skips) and gives a ``Click`` for
/// each one with a `button`, whatever the order of its members and wherever the
/// pieces of input break.
///
/// An object that is not valid JSON, or has no `button`, is a ``Output/problem(_:)``
/// and is skipped: reading starts again at the byte where the object went wrong
/// (a raw line end inside a string, a `{` where a key belongs), so the next click
/// is still read. Memory stays bounded: an object longer than ``objectLimit``
/// bytes is skipped whole, without being kept, and reported once.
public struct ClickEventReader: Sendable {
    /// A click on a block of the bar: the block's `name` and `instance` and the mouse button pressed.
    public struct Click: Sendable, Equatable {
        /// The `name` of the block clicked (`badgebar`), or `nil` when the event has none.
        public var name: String?
        /// The `instance` of the block clicked, the button's title in the i3bar form, or `nil` when the event has none.
        public var instance: String?
        /// The mouse button: 1 left, 2 middle, 3 right, 4 and 5 the wheel up and down.
        public var button: Int

        /// Creates a click.
        public init(name: String?, instance: String?, button: Int) {
            self.name = name
            self.instance = instance
            self.button = button
        }
    }

    /// What the reader found in the bytes it took.
    public enum Output: Sendable, Equatable {
        /// A click event, read whole.
        case click(Click)
        /// Something that was not a click event, skipped; the text says what, for a message.
        case problem(String)
    }

    /// The longest click event read by default, 64 KiB: a real one is some hundred bytes.
    public static let defaultObjectLimit = 65_536
    /// How deep objects and arrays may nest inside an event; deeper is a problem.
    static let depthLimit = 32
    /// How many bytes of the `button` number are kept.
    static let numberLimit = 40

    /// The longest event, in bytes from its `{` to its `}`; a longer one is skipped whole.
    public let objectLimit: Int

    /// Where the reader is in the input.
    enum Step: Sendable, Equatable {
        /// Between events: white space, `[`, `,` and `]` are passed over.
        case between
        /// After a problem, until the next `{`.
        case junk
        /// After `{`: a key or `}`.
        case keyOrEnd
        /// After `,` in an object: a key.
        case key
        /// After a key.
        case colon
        /// After `[`: a value or `]`.
        case valueOrEnd
        /// After `:`, or `,` in an array.
        case value
        /// After a value: `,` or the end of its object or array.
        case commaOrEnd
        /// Inside a string.
        case string
        /// After a backslash in a string.
        case escape
        /// Inside the four hex digits of `\u`.
        case unicode
        /// Inside a number, at a part of its grammar.
        case number(NumberPart)
        /// Inside `true`, `false` or `null`.
        case literal
    }

    /// Where a number is in JSON's grammar, `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
    enum NumberPart: Sendable, Equatable {
        case minus, zero, integer, point, fraction, exponentMark, exponentSign, exponent

        /// Whether a number may end here.
        var isComplete: Bool { self == .zero || self == .integer || self == .fraction || self == .exponent }
    }

    /// What a value was, when it ends.
    enum Value {
        case string(String?)
        case number
        case other
    }

    var step = Step.between
    /// The objects (`true`) and arrays (`false`) open in the current event, outermost first.
    var containers: [Bool] = []
    /// The bytes of the current event so far.
    var eventLength = 0
    /// Whether the current event has gone past ``objectLimit``: it is followed to its end, kept nowhere.
    var oversized = false

    /// The string being read, as UTF-8, when it is kept.
    var stringBytes: [UInt8] = []
    var stringIsKey = false
    var keepsString = false
    var unicodeValue: UInt32 = 0
    var unicodeDigits = 0
    /// The first half of a surrogate pair, waiting for the second.
    var highSurrogate: UInt32?
    /// The rest of `true`, `false` or `null`.
    var literalRest: [UInt8] = []
    var numberBytes: [UInt8] = []
    var keepsNumber = false

    /// The key of the member of the event being read.
    var memberKey: String?
    var name: String?
    var instance: String?
    var button: Int?
    /// What is wrong with a member the reader needs (a `button` that is no whole number), if anything.
    var memberProblem: String?

    /// Creates a reader at the start of the input.
    public init(objectLimit: Int = ClickEventReader.defaultObjectLimit) {
        self.objectLimit = max(objectLimit, 2)
    }

    /// Reads some more bytes of the input and gives the clicks and problems they complete, in order.
    ///
    /// An event cut between two pieces is kept until its end arrives.
    public mutating func take(_ bytes: some Collection<UInt8>) -> [Output] {
        var outputs: [Output] = []
        for byte in bytes {
            consume(byte, into: &outputs)
        }
        return outputs
    }

    /// Ends the input: an event cut short is a problem; the reader starts again as new.
    public mutating func finish() -> [Output] {
        defer { step = .between }
        guard step != .between && step != .junk else { return [] }
        let problem = oversized ? oversizedProblem : "the input ended inside a click event"
        endEvent()
        return [.problem(problem)]
    }
}
