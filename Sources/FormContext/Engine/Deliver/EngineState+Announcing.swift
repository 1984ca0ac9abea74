extension EngineState {
    /// Turns what a settled mutation recorded into what must be announced once the lock is released.
    ///
    /// - Parameters:
    ///   - changes: What the mutation (and its settling) recorded.
    ///   - before: The tracked form-level properties' values before the mutation, in tracking order.
    /// - Returns: The announcements.
    /// - Complexity: O(*c*) for *c* changed, observed fields, plus O(*p*) for *p* tracked form-level properties.
    func announcements(for changes: inout ChangeSet, before: [PropertyValue]) -> Announcements {
        var announcements = Announcements()
        announcements.changeCalls = changes.coalescedChangeCalls()
        for slot in changes.eventSlots {
            guard let aspects = changes.aspects[slot] else { continue }
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
            let change = changes.valueChanges[slot]
            let key = state.key
            // The marker is one control character, so a grapheme of its own: its byte alone decides.
            let isRowSignal = key.utf8.first == RowSignalKey.marker.asciiValue
            func call(_ observer: Observer) {
                guard case .event(let handler) = observer.handler, !isRowSignal || observer.hearsRowSignals else { return }
                let relevant = aspects.intersection(observer.aspects)
                guard !relevant.isEmpty else { return }
                let event = FieldEvent(key: key, aspects: relevant, change: relevant.contains(.value) ? change : nil, state: state)
                announcements.eventCalls.append((handler, event))
            }
            if flags.contains(.stateObserved), let list = observers.observers(of: slot) {
                for observer in list { call(observer) }
            }
            if observers.allEventCount > 0 {
                for observer in observers.all { call(observer) }
            }
        }
        announcements.isContextChanged = changes.isContextChanged
        for (position, property) in tracking.properties.enumerated()
        where position >= before.count || property.value(self) != before[position] {
            announcements.properties.append(property)
        }
        announcements.runStarts = changes.runStarts
        announcements.cancellations = changes.cancellations
        announcements.releases = changes.releases
        return announcements
    }
}
