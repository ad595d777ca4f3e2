/// A kind of sequence made a megabyte long: how it starts, its repeated body and how it ends.
enum LongSequence: CaseIterable, Sendable {
    case controlSequenceParameters
    case controlSequenceDigits
    case controlSequenceIntermediates
    case malformedControlSequence
    case singleShiftParameters
    case escapeIntermediates
    case operatingSystemCommand
    case deviceControlString
    case applicationProgramCommand
    case privacyMessage
    case startOfString
    case bracketedPaste

    /// The bytes that open it.
    var start: [UInt8] {
        switch self {
        case .controlSequenceParameters, .controlSequenceDigits: escape + bytes("[")
        case .controlSequenceIntermediates: escape + bytes("[1")
        case .malformedControlSequence: escape + bytes("[1:")
        case .singleShiftParameters: escape + bytes("O")
        case .escapeIntermediates: escape + bytes("(")
        case .operatingSystemCommand: escape + bytes("]0;")
        case .deviceControlString: escape + bytes("P")
        case .applicationProgramCommand: escape + bytes("_")
        case .privacyMessage: escape + bytes("^")
        case .startOfString: escape + bytes("X")
        case .bracketedPaste: escape + bytes("[200~")
        }
    }

    /// What is repeated inside it: no byte that would end it, and in the strings and the paste, keys.
    private var unit: [UInt8] {
        switch self {
        case .controlSequenceParameters, .singleShiftParameters: bytes("1;")
        case .controlSequenceDigits: bytes("0")
        case .controlSequenceIntermediates: bytes(" ")
        case .malformedControlSequence: bytes("1:")
        case .escapeIntermediates: bytes("(")
        case .operatingSystemCommand, .applicationProgramCommand, .privacyMessage, .startOfString: bytes("q")
        case .deviceControlString: bytes("q\r\u{3}")
        case .bracketedPaste: bytes("q\u{3}") + escape + bytes("[201") + escape
        }
    }

    /// At least a megabyte of its body.
    var body: [UInt8] {
        let unit = unit
        return Array(repeating: unit, count: (1 << 20) / unit.count + 1).flatMap { $0 }
    }

    /// The bytes that close it.
    var end: [UInt8] {
        switch self {
        case .controlSequenceParameters, .controlSequenceIntermediates, .malformedControlSequence,
            .escapeIntermediates:
            bytes("q")
        case .singleShiftParameters: bytes("P")
        case .controlSequenceDigits: bytes("m")
        case .operatingSystemCommand, .privacyMessage: [7]
        case .deviceControlString, .applicationProgramCommand, .startOfString: escape + bytes("\\")
        case .bracketedPaste: escape + bytes("[201~")
        }
    }
}
