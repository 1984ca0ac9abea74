extension EngineState {
    /// Turns what delivery collected for a settled mutation (``outgoing``, taken here, leaving it
    /// empty for the next mutation) into what must be announced once the lock is released.
    ///
    /// - Parameter before: The tracked form-level properties' values before the mutation, in tracking order.
    /// - Returns: The announcements.
    /// - Complexity: O(*c*) for *c* changed, observed fields, plus O(*p*) for *p* tracked form-level properties.
    mutating func announcements(before: [PropertyValue]) -> Announcements {
        // Moved out, not copied: a copy retains every part only to release it again.
        var collected = Outgoing()
        swap(&collected, &outgoing)
        var announcements = Announcements()
        announcements.changeCalls = collected.coalescedChangeCalls()
        for slot in collected.eventSlots {
            guard let aspects = collected.aspects[slot] else { continue }
            // The record's parts are read in place: a copy of the record costs more than the rest.
            let trackIndex = fields.trackIndex(at: slot)
            if trackIndex >= 0 {
                let paths = tracking.paths(at: trackIndex)
                if aspects.contains(.value) { announcements.valuePaths.append(paths) }
                announcements.statePaths.append(paths)
            }
            let flags = fields.flags(at: slot)
            guard hasEventSubscribers(flags) else { continue }
            let state = fieldState(at: slot)
            let change = collected.valueChanges[slot]
            // The calls are handed in, not captured: a nested function capturing `announcements`
            // made the whole value live in a box, copied out of it on return.
            func call(_ observer: Observer, into calls: inout [(@Sendable (FieldEvent) -> Void, FieldEvent)]) {
                guard case .event(let handler) = observer.handler else { return }
                let relevant = aspects.intersection(observer.aspects)
                guard !relevant.isEmpty else { return }
                let event = FieldEvent(key: state.key, aspects: relevant, change: relevant.contains(.value) ? change : nil, state: state)
                calls.append((handler, event))
            }
            if flags.contains(.stateObserved), let list = observers.observers(of: slot) {
                for observer in list { call(observer, into: &announcements.eventCalls) }
            }
            if observers.allEventCount > 0 {
                for observer in observers.all { call(observer, into: &announcements.eventCalls) }
            }
        }
        announcements.screenDiffs = collected.screenDiffs
        announcements.isContextChanged = collected.isContextChanged
        for (position, property) in tracking.properties.enumerated()
        where position >= before.count || property.value(self) != before[position] {
            announcements.properties.append(property)
        }
        announcements.runStarts = collected.runStarts
        announcements.cancellations = collected.cancellations
        announcements.releases = collected.releases
        return announcements
    }
}
