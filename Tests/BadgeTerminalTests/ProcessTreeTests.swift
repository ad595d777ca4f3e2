import CNCursesW
import Testing

@testable import BadgeTerminal

/// The process table the way out searches for descendants; adopting orphans is left to the real program,
/// since a test process has children of its own that no supervisor started.
@Suite struct ProcessTreeTests {
    @Test func aStatLineIsReadFromTheLastParenthesisOfItsCommand() {
        let line = Array("4242 (a) b (c)) S 17 4242 99 34816 0 4194560\n".utf8)
        #expect(
            Platform.processEntry(stat: line[...])
                == Platform.ProcessEntry(identifier: 4242, parent: 17, session: 99, isZombie: false))
        let zombie = Array("7 (sh) Z 1 7 7 0 -1\n".utf8)
        #expect(Platform.processEntry(stat: zombie[...])?.isZombie == true)
        #expect(Platform.processEntry(stat: Array("7 (sh) X 1 7 7".utf8)[...])?.isZombie == true)
    }

    @Test func aLineOfAnotherShapeIsNoEntry() {
        for text in ["", "7 sh S 1 7 7", "x (sh) S 1 7 7", "7 (sh) S 1 7", "7 (sh) S one 7 7", ") 7 (sh S 1 7 7"] {
            #expect(Platform.processEntry(stat: Array(text.utf8)[...]) == nil, "\(text)")
        }
    }

    @Test func theTableListsThisProcessWithItsParentAndSession() {
        let table = Platform.processTable()
        #if os(Linux)
            #expect(
                table.first { $0.identifier == getpid() }
                    == Platform.ProcessEntry(
                        identifier: getpid(), parent: getppid(), session: getsid(0), isZombie: false))
        #else
            #expect(table.isEmpty, "no /proc: the program knows only the children it started")
        #endif
    }

    @Test func aProcessThatDidNotAdoptOrphansFindsNoDescendantsToEnd() {
        #expect(!ProcessTree.adoptsOrphans)
        #expect(ProcessTree.descendantsOutsideOwnSession().isEmpty)
    }
}
