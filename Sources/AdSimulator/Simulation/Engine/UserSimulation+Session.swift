import AdCore
import AdMediation

extension UserSimulation {
    // MARK: A session

    func run(session: UInt64) async {
        let users = validated.scenario.users
        mediator.startNewSession()
        let seconds = draws.sample(
            users.sessionSeconds, DrawKey(user: user, request: session, purpose: .sessionLength),
            in: ScenarioUsers.sessionSecondsNumber.range)
        let length = Duration.milliseconds(Int64(exactly: (seconds * 1_000).rounded()) ?? 1_000)
        let start = driver.now
        self.session = session
        sessionStart = start
        var end = start.advanced(by: length)
        // With a reach model: the offset at which the deepest cell this session reaches is at the screen's bottom.
        let contentHeight = layout.contentHeight
        let reachOffset = reach(session: session).map { max(min($0 - viewport, contentHeight - viewport), 0) }
        var reached = reachOffset.map { $0 <= 0 } ?? true
        for placement in layout.placementsShown { try? mediator.load(placement) }
        // Full-screen opens: the whole part of the mean, plus one with the fractional part's probability.
        let mean = users.fullScreenOpensPerSession
        let whole = mean.rounded(.down)
        let extra = draws.happens(
            probability: mean - whole, DrawKey(user: user, request: session, purpose: .fullScreenOpen))
        let opens = buttons.isEmpty ? 0 : (Int(exactly: whole) ?? 0) + (extra ? 1 : 0)
        var openTimes: [AdInstant] = (0..<opens).map { index in
            start.advanced(by: length * (Double(index + 1) / Double(opens + 1)))
        }
        var offset = 0.0
        try? scroll(to: offset)
        while driver.now < end || !reached {
            if let next = openTimes.first, driver.now >= next {
                openTimes.removeFirst()
                await open(buttons[(opens - openTimes.count - 1) % buttons.count], until: end)
                continue
            }
            let key = DrawKey(user: user, request: gesture, purpose: .scrollSpeed)
            let speed = draws.sample(users.scrolling.speedPointsPerSecond, key, in: ScrollBehavior.speedNumber.range)
            let dwell = draws.sample(
                users.scrolling.dwellSeconds, DrawKey(user: user, request: gesture, purpose: .dwell),
                in: ScrollBehavior.dwellNumber.range)
            gesture += 1
            let target = min(offset + viewport, max(contentHeight - viewport, 0), reachOffset ?? .infinity)
            let pause = Duration.milliseconds(Int64(exactly: (dwell * 1_000).rounded()) ?? 0)
            if target > offset {
                let duration = Duration.milliseconds(Int64(exactly: ((target - offset) / speed * 1_000).rounded()) ?? 0)
                // A user who has not reached the drawn depth yet stays for this gesture and its pause.
                if !reached, driver.now.advanced(by: duration + pause) > end {
                    end = driver.now.advanced(by: duration + pause)
                }
                let steps = max(1, Int(exactly: (duration / Self.scrollStep).rounded(.up)) ?? 1)
                // Divided once per gesture, not per step: a duration's division is 128-bit arithmetic.
                let stepDuration = duration / steps
                let from = offset
                for step in 1...steps {
                    offset = from + (target - from) * Double(step) / Double(steps)
                    try? scroll(to: offset)
                    if let rest = runWithoutWaiting(for: stepDuration, until: end) { await finishRun(until: rest) }
                }
                if target == reachOffset { reached = true }
            }
            let wait = openTimes.first.map { min(pause, driver.now.duration(to: $0)) } ?? pause
            if let rest = runWithoutWaiting(for: max(wait, .milliseconds(1)), until: end) {
                await finishRun(until: rest)
            }
        }
        for index in bound.indices { unbind(index) }
        firstLiveCell = 0
        reachBottom = nil
    }

    /// With a reach model, the bottom of the deepest cell session `session` reaches (drawn, rounded down to a
    /// cell of the feed), also kept in ``reachBottom`` for the session; `nil` without one.
    private func reach(session: UInt64) -> Double? {
        let cellBottoms = layout.cellBottoms
        guard let reach = validated.scenario.users.reach, !cellBottoms.isEmpty else {
            reachBottom = nil
            return nil
        }
        let last = Double(cellBottoms.count - 1)
        let drawn = draws.sample(reach, DrawKey(user: user, request: session, purpose: .reach), in: 0...last)
        let position = Int(exactly: drawn.rounded(.down)) ?? 0
        reachBottom = cellBottoms[min(max(position, 0), cellBottoms.count - 1)]
        return reachBottom
    }

    /// Runs virtual time `duration`, but not past `end`; binds the cells coming near first. The session's scroll
    /// steps and pauses inline it (``runWithoutWaiting(for:until:)``, then ``finishRun(until:)`` only when a load is
    /// in flight): even a call to an async function that never suspends costs executor switches, and they are the
    /// most frequent steps of a run.
    private func run(for duration: Duration, until end: AdInstant) async {
        if let rest = runWithoutWaiting(for: duration, until: end) { await finishRun(until: rest) }
    }

    /// Runs virtual time as ``run(for:until:)`` does, without an `await` while no load is in flight (most steps);
    /// returns the instant still to run to with ``finishRun(until:)`` when a task must be waited for, else `nil`.
    private func runWithoutWaiting(for duration: Duration, until end: AdInstant) -> AdInstant? {
        bindNearby()
        let target = driver.now.advanced(by: max(min(duration, driver.now.duration(to: end)), .zero))
        guard driver.runWithoutWaiting(until: target) else { return target }
        bindNearby()
        return nil
    }

    /// Runs virtual time to `target` once a task must be waited for, then binds the cells coming near.
    private func finishRun(until target: AdInstant) async {
        await driver.run(until: target)
        bindNearby()
    }

    private func scroll(to offset: Double) throws(AdError) {
        guard let feed else { return }
        if fastRates == nil { try host.tree.setBoundsOrigin(feed, Point(x: 0, y: offset)) }
        currentOffset = offset
        bindNearby()
    }

    /// Binds the ready ads into the empty cells within one viewport below the screen; releases the ads of cells
    /// one viewport above it.
    private func bindNearby() {
        // The places are read from the shared layout (immutable), not from the user's cells: no copy of a cell,
        // nor a check of exclusive access, for each cell looked at (three looks a scroll step).
        let places = layout.cells
        while firstLiveCell < places.count,
            places[firstLiveCell].y + places[firstLiveCell].height < currentOffset - viewport
        {
            unbind(firstLiveCell)
            firstLiveCell += 1
        }
        for index in firstLiveCell..<places.count {
            let y = places[index].y
            if y >= currentOffset + 2 * viewport { break }
            if let reachBottom, y >= reachBottom { break }  // below the deepest cell the session reaches
            guard bound[index] == nil, y + places[index].height > currentOffset else { continue }
            let placement = places[index].placement
            guard mediator.isReady(placement) else { continue }
            if fastRates != nil {
                // The fast tier binds nothing: the ad is used, its impression and click drawn.
                guard let choice = try? mediator.take(for: placement) else { continue }
                tookFast(choice)
                bound[index] = .taken(choice)
            } else {
                guard let mediated = try? mediator.takeAd(for: placement) else { continue }
                bind(mediated, at: index)
            }
            try? mediator.load(placement)
        }
    }

    /// Binds a taken ad into the cell at `index` through `NativeLayout.bind` (the one render path), building the
    /// cell's nodes the first time, or releases the ad when the binding is refused.
    private func bind(_ mediated: MediatedAd, at index: Int) {
        // The call-to-action a click goes to: the cell's, or for a slider each bound card's, by component.
        var targets: [String: HostNodeID] = [:]
        do throws(AdError) {
            if let feed { try cells[index].build(width: validated.scenario.app.window.width, in: feed, of: host.tree) }
            let cell = cells[index]
            guard let main = cell.main else {
                throw AdError(.internal, "The cell of '\(cell.placement)' has no layout to bind into.")
            }
            if cell.cards.isEmpty {
                try main.bind(mediated.ad)
                targets[""] = main.callToAction
            } else {
                let content = try main.bind(mediated.ad)
                for (card, layout) in zip(content.components, cell.cards) {
                    try layout.bind(mediated.ad, part: card.part)
                    targets[card.id] = layout.callToAction
                }
            }
            took(mediated, clickTargets: targets)
            bound[index] = .bound(mediated)
        } catch {
            took(mediated, clickTargets: [:])
            mediator.release(mediated)
        }
    }

    private func unbind(_ index: Int) {
        guard let ad = bound[index] else { return }
        bound[index] = nil
        switch ad {
        case .bound(let mediated): mediator.release(mediated)
        case .taken(let choice): mediator.release(choice)
        }
    }

    /// Taps a button: presents its placement's ready ad, lets it play, closes it, loads the next.
    private func open(_ button: ScreenButton, until end: AdInstant) async {
        guard mediator.isReady(button.placement) else { return }
        if fastRates != nil {
            // The fast tier presents nothing: the ad is used, its impression and click drawn, and it plays as long.
            guard let choice = try? mediator.take(for: button.placement) else { return }
            tookFast(choice)
            await run(for: Self.playTime, until: end.advanced(by: Self.playTime))
            mediator.release(choice)
        } else {
            guard let mediated = try? mediator.takeAd(for: button.placement) else { return }
            took(mediated, clickTargets: [:])
            do throws(AdError) {
                try mediated.ad.present(from: context)
                await run(for: Self.playTime, until: end.advanced(by: Self.playTime))
            } catch {}
            mediator.release(mediated)
        }
        try? mediator.load(button.placement)
    }
}
