import Testing

@testable import BadgeTerminal

/// Following a board's path as it was named, on a file system given as a table: which folders are watched, and
/// which changes are read.
@Suite struct FileMonitorPlanTests {
    typealias Node = FileMonitorPlan.Node

    /// A file system of whole paths; a path not in it is missing, and so is a folder not listed.
    struct Disk {
        var nodes: [String: Node]
        func plan(_ path: String, from currentFolder: String = "/home/ann") -> FileMonitorPlan {
            FileMonitorPlan(path: path, currentFolder: currentFolder) { nodes[$0] ?? .missing }
        }
    }

    /// `/home/ann/.config/badgebar` with `board.conf` in it, and the folders above.
    static let plain: [String: Node] = [
        "/home": .folder, "/home/ann": .folder, "/home/ann/.config": .folder,
        "/home/ann/.config/badgebar": .folder, "/home/ann/.config/badgebar/board.conf": .file(isEmpty: false),
    ]

    /// A change in a folder, as the queue names it.
    func change(_ folder: String?, _ name: String, _ kind: FolderChange.Kind) -> (
        folder: String?, name: String, kind: FolderChange.Kind
    ) {
        (folder, name, kind)
    }

    @Test func aPlainFileIsWatchedInItsFolderAloneAndOnlyItsNameMatters() {
        let plan = Disk(nodes: Self.plain).plan("/home/ann/.config/badgebar/board.conf")
        #expect(plan.folders == ["/home/ann/.config/badgebar"])
        #expect(plan.target == .file(isEmpty: false))
        #expect(plan.reaction(to: [change("/home/ann/.config/badgebar", "notes.txt", .written)]) == .none)
        #expect(plan.reaction(to: [change("/home/ann/.config/badgebar", "board.conf", .written)]) == .read)
        #expect(plan.reaction(to: [change("/home/ann/.config/badgebar", "board.conf", .movedIn)]) == .read)
        #expect(plan.reaction(to: [change("/home/ann/.config/badgebar", "board.conf", .removed)]) == .read)
        #expect(plan.reaction(to: [change(nil, "board.conf", .written)]) == .none, "a watch no longer followed")
        #expect(plan.reaction(to: [change(nil, "", .overflow)]) == .read, "an overflow means: look again")
    }

    @Test func aRelativePathStartsFromTheCurrentFolderAndDotsAreTakenAsRealpathTakesThem() {
        let disk = Disk(nodes: Self.plain)
        #expect(disk.plan(".config/badgebar/board.conf").folders == ["/home/ann/.config/badgebar"])
        #expect(disk.plan("./.config/../.config/badgebar//board.conf").target == .file(isEmpty: false))
    }

    @Test func aChainOfLinksWatchesEveryLinksFolderAndFollowsWhereItLeadsNow() {
        var nodes = Self.plain
        // ~/.config/badgebar/board.conf -> ../../dotfiles/current.conf -> /srv/boards/mail.conf
        nodes["/home/ann/.config/badgebar/board.conf"] = .link("../../dotfiles/current.conf")
        nodes["/home/ann/dotfiles"] = .folder
        nodes["/home/ann/dotfiles/current.conf"] = .link("/srv/boards/mail.conf")
        nodes["/srv"] = .folder
        nodes["/srv/boards"] = .folder
        nodes["/srv/boards/mail.conf"] = .file(isEmpty: false)
        let plan = Disk(nodes: nodes).plan("/home/ann/.config/badgebar/board.conf")
        #expect(plan.folders == ["/home/ann/.config/badgebar", "/home/ann/dotfiles", "/srv/boards"])
        #expect(plan.target == .file(isEmpty: false))
        #expect(plan.reaction(to: [change("/home/ann/dotfiles", "current.conf", .movedIn)]) == .read, "ln -sfn")
        #expect(plan.reaction(to: [change("/srv/boards", "mail.conf", .written)]) == .read, "a save of the target")
        #expect(plan.reaction(to: [change("/srv/boards", "news.conf", .written)]) == .none)

        // Re-pointed: the old target's folder is no longer followed, the new one's is.
        nodes["/home/ann/dotfiles/current.conf"] = .link("/srv/other/mail.conf")
        nodes["/srv/other"] = .folder
        nodes["/srv/other/mail.conf"] = .file(isEmpty: false)
        let repointed = Disk(nodes: nodes).plan("/home/ann/.config/badgebar/board.conf")
        #expect(repointed.folders == ["/home/ann/.config/badgebar", "/home/ann/dotfiles", "/srv/other"])
        #expect(repointed.reaction(to: [change("/srv/boards", "mail.conf", .written)]) == .none)
        #expect(repointed.reaction(to: [change("/srv/other", "mail.conf", .written)]) == .read)
    }

    @Test func aFolderOnThePathThatIsALinkIsWatchedWhereTheLinkIs() {
        var nodes = Self.plain
        nodes["/home/ann/.config/badgebar"] = .link("/home/ann/dotfiles/badgebar")
        nodes["/home/ann/dotfiles"] = .folder
        nodes["/home/ann/dotfiles/badgebar"] = .folder
        nodes["/home/ann/dotfiles/badgebar/board.conf"] = .file(isEmpty: false)
        let plan = Disk(nodes: nodes).plan("/home/ann/.config/badgebar/board.conf")
        #expect(plan.folders == ["/home/ann/.config", "/home/ann/dotfiles/badgebar"])
        #expect(plan.reaction(to: [change("/home/ann/.config", "badgebar", .movedIn)]) == .read)
        #expect(plan.reaction(to: [change("/home/ann/.config", "other", .movedIn)]) == .none)
    }

    @Test func aMissingFolderIsWaitedForInTheNearestOneThere() {
        var nodes = Self.plain
        nodes["/home/ann/.config/badgebar"] = nil
        nodes["/home/ann/.config/badgebar/board.conf"] = nil
        let gone = Disk(nodes: nodes).plan("/home/ann/.config/badgebar/board.conf")
        #expect(gone.folders == ["/home/ann/.config"])
        #expect(gone.target == .missing)
        let made = gone.reaction(to: [change("/home/ann/.config", "badgebar", .created)])
        #expect(made == .followAgain, "the folder made again where the path stops: followed again")
        // The folder is back, still empty: nothing to tell yet, and its own folder is watched now.
        nodes["/home/ann/.config/badgebar"] = .folder
        let empty = Disk(nodes: nodes).plan("/home/ann/.config/badgebar/board.conf")
        #expect(empty.folders == ["/home/ann/.config/badgebar"])
        #expect(!empty.tells(after: made, before: gone))
        // The file came before the folder's watch did: it is told all the same.
        nodes["/home/ann/.config/badgebar/board.conf"] = .file(isEmpty: false)
        #expect(Disk(nodes: nodes).plan("/home/ann/.config/badgebar/board.conf").tells(after: made, before: gone))
        // Or came still empty: its writer's close is read.
        nodes["/home/ann/.config/badgebar/board.conf"] = .file(isEmpty: true)
        #expect(!Disk(nodes: nodes).plan("/home/ann/.config/badgebar/board.conf").tells(after: made, before: gone))
    }

    @Test func theFolderItselfGoneIsReadAgainAndTheRemovalTold() {
        let plan = Disk(nodes: Self.plain).plan("/home/ann/.config/badgebar/board.conf")
        #expect(plan.reaction(to: [change("/home/ann/.config/badgebar", "", .folderGone)]) == .read)
        #expect(plan.reaction(to: [change("/elsewhere", "", .folderGone)]) == .none)
        var nodes = Self.plain
        nodes["/home/ann/.config/badgebar"] = nil
        nodes["/home/ann/.config/badgebar/board.conf"] = nil
        let after = Disk(nodes: nodes).plan("/home/ann/.config/badgebar/board.conf")
        #expect(after.tells(after: .read, before: plan), "present, then gone: said")
        #expect(!after.tells(after: .read, before: after), "gone already: said once")
    }

    @Test func aFileDeletedThenMadeIsToldOnceItIsWrittenNotWhileItIsEmpty() {
        var nodes = Self.plain
        let before = Disk(nodes: nodes).plan("/home/ann/.config/badgebar/board.conf")
        nodes["/home/ann/.config/badgebar/board.conf"] = nil
        let deleted = Disk(nodes: nodes).plan("/home/ann/.config/badgebar/board.conf")
        let removal = before.reaction(to: [change("/home/ann/.config/badgebar", "board.conf", .removed)])
        #expect(removal == .read && deleted.tells(after: removal, before: before), "the deletion is said")
        // Made again, empty: followed, not read; then written and closed: read.
        nodes["/home/ann/.config/badgebar/board.conf"] = .file(isEmpty: true)
        let made = Disk(nodes: nodes).plan("/home/ann/.config/badgebar/board.conf")
        let creation = deleted.reaction(to: [change("/home/ann/.config/badgebar", "board.conf", .created)])
        #expect(creation == .followAgain)
        #expect(!made.tells(after: creation, before: deleted), "made, not yet closed")
        nodes["/home/ann/.config/badgebar/board.conf"] = .file(isEmpty: false)
        let written = Disk(nodes: nodes).plan("/home/ann/.config/badgebar/board.conf")
        let close = made.reaction(to: [change("/home/ann/.config/badgebar", "board.conf", .written)])
        #expect(close == .read && written.tells(after: close, before: made))
        // Deleted, made and written in one batch: read once.
        let batch = before.reaction(to: [
            change("/home/ann/.config/badgebar", "board.conf", .removed),
            change("/home/ann/.config/badgebar", "board.conf", .created),
            change("/home/ann/.config/badgebar", "board.conf", .written),
        ])
        #expect(batch == .read && written.tells(after: batch, before: before))
        // Deleted and made in one batch, not yet closed: its close is read, and only that.
        let unclosed = before.reaction(to: [
            change("/home/ann/.config/badgebar", "board.conf", .removed),
            change("/home/ann/.config/badgebar", "board.conf", .created),
        ])
        #expect(unclosed == .followAgain && !written.tells(after: unclosed, before: before))
        // A second name given to a file written elsewhere (ln): no writer closes it here, so it is read at once.
        nodes["/home/ann/.config/badgebar/board.conf"] = .file(isEmpty: false, hasOtherNames: true)
        let linked = Disk(nodes: nodes).plan("/home/ann/.config/badgebar/board.conf")
        #expect(linked.tells(after: creation, before: deleted))
    }

    @Test func aFileReplacedByAFolderIsToldAtOnce() {
        var nodes = Self.plain
        nodes["/home/ann/.config/badgebar/board.conf"] = nil
        let deleted = Disk(nodes: nodes).plan("/home/ann/.config/badgebar/board.conf")
        nodes["/home/ann/.config/badgebar/board.conf"] = .folder
        let folder = Disk(nodes: nodes).plan("/home/ann/.config/badgebar/board.conf")
        #expect(folder.target == .folder)
        #expect(folder.folders == ["/home/ann/.config/badgebar"], "the folder's parent, not the folder")
        let creation = deleted.reaction(to: [change("/home/ann/.config/badgebar", "board.conf", .created)])
        #expect(creation == .followAgain && folder.tells(after: creation, before: deleted))
    }

    @Test func aLoopOfLinksEndsAsMissing() {
        var nodes = Self.plain
        nodes["/home/ann/.config/badgebar/board.conf"] = .link("other.conf")
        nodes["/home/ann/.config/badgebar/other.conf"] = .link("board.conf")
        let plan = Disk(nodes: nodes).plan("/home/ann/.config/badgebar/board.conf")
        #expect(plan.target == .missing)
        // The four folders down to the link, then the links followed up to the limit and one more.
        #expect(plan.steps.count == 4 + FileMonitorPlan.linkLimit + 1)
        #expect(plan.folders == ["/home/ann/.config/badgebar"])
    }
}
