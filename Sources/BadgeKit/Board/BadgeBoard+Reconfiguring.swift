extension BadgeBoard {
    /// Where each of this board's buttons was on another board: the index of the button with its title there
    /// (the same title, else the same but for case, each taken once), or `nil` for a button that is new.
    func previousIndices(on old: BadgeBoard) -> [Int?] {
        var taken: Set<Int> = []
        return toolbar.buttons.map { button in
            let titles = old.toolbar.buttons.map(\.title)
            let free = titles.indices.filter { !taken.contains($0) }
            let index = BadgeToolbar.index(ofTitle: button.title, in: free.map { titles[$0] }).map { free[$0] }
            if let index { taken.insert(index) }
            return index
        }
    }

    /// This board, as it takes the place of a running one: its title, buttons and looks, with what the running
    /// board's buttons that remain have gathered.
    ///
    /// A button that remains (by ``previousIndices(on:)``) keeps its count and its stale mark; the focus stays
    /// on its button if that remains. The running board's notice, help, reports and pace of live counts stay,
    /// as does Reduce Motion, which a key may have changed; its script goes on only if the buttons are the same,
    /// and a new board's script never starts. Badges are shown at rest.
    ///
    /// - Parameters:
    ///   - old: The running board, its waiting counts shown and its events taken.
    ///   - previous: Where each button was on it (``previousIndices(on:)``).
    func taking(over old: BadgeBoard, previous: [Int?]) -> BadgeBoard {
        var buttons = toolbar.buttons
        for (index, before) in previous.enumerated() {
            guard let before else { continue }
            buttons[index].count = old.toolbar.buttons[before].count
        }
        var next = BadgeBoard(
            toolbar: BadgeToolbar(
                title: toolbar.title, buttons: buttons, reduceMotion: old.toolbar.reduceMotion,
                timing: old.toolbar.timing),
            autoPlay: autoPlay)
        next.toolbar.badgeCorner = toolbar.badgeCorner
        next.toolbar.isStill = old.toolbar.isStill
        for (index, before) in previous.enumerated() {
            guard let before, let reason = old.toolbar.staleReasons[before] else { continue }
            next.toolbar.setStale(reason, forButtonAt: index)
        }
        if let focused = previous.firstIndex(of: old.toolbar.focusedIndex) {
            next.toolbar.focus(buttonAt: focused)
        } else {
            next.toolbar.focus(buttonAt: min(old.toolbar.focusedIndex, max(buttons.count - 1, 0)))
        }
        if old.toolbar.buttons.map(\.title) == buttons.map(\.title) {
            next.autoPlay = old.autoPlay
        } else {
            next.autoPlay.stop()
        }
        next.isShowingHelp = old.isShowingHelp
        next.notices = old.notices
        next.liveCounts.intervalSeconds = old.liveCounts.intervalSeconds
        next.liveCounts.lastShownTime = old.liveCounts.lastShownTime
        return next
    }
}
