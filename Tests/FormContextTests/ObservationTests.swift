@testable import FormContextCore
import Observation
import Testing

@Suite("Observation per key")
struct ObservationTests {
    @Test func aWriteInvalidatesReadersOfThatKeyOnly() {
        let form = FormContextObject(["a": 1, "b": 1])
        let readerOfA = FireCounter.tracking { _ = form["a"] }
        let readerOfB = FireCounter.tracking { _ = form["b"] }

        form.set(2, for: "a")
        #expect(readerOfA.count == 1)
        #expect(readerOfB.count == 0)

        form.set(5, for: "c")
        #expect(readerOfB.count == 0)
    }

    @Test func onChangeFiresOncePerRegistration() {
        let form = FormContextObject(["a": 1])
        let reader = FireCounter.tracking { _ = form["a"] }
        form.set(2, for: "a")
        form.set(3, for: "a")
        #expect(reader.count == 1)

        let again = FireCounter.tracking { _ = form["a"] }
        form.set(4, for: "a")
        #expect(again.count == 1)
    }

    @Test func anEqualWriteInvalidatesNoOne() {
        let form = FormContextObject(["a": 1, "s": "x"])
        let reader = FireCounter.tracking {
            _ = form["a"]
            _ = form["s"]
        }
        let contextReader = FireCounter.tracking { _ = form.context }
        let stateReader = FireCounter.tracking { _ = form.fieldState(for: "a") }
        form.set(1, for: "a")
        form.set("x", for: "s")
        form.set(nil, for: "never")
        #expect(reader.count == 0)
        #expect(contextReader.count == 0)
        #expect(stateReader.count == 0)
    }

    @Test func aWriteOfTheSameNumberAsAnotherTypeInvalidates() {
        let form = FormContextObject(["a": 1])
        let reader = FireCounter.tracking { _ = form["a"] }
        form.set(1.0, for: "a")
        #expect(reader.count == 1)
        #expect(form[FormKey<Double>("a")] == 1.0)
        #expect(form[FormKey<Int>("a")] == nil)
    }

    @Test func removingAndAddingAKeyInvalidatesItsReaders() {
        let form = FormContextObject(["a": 1])
        let removal = FireCounter.tracking { _ = form["a"] }
        form.set(nil, for: "a")
        #expect(removal.count == 1)

        let addition = FireCounter.tracking { _ = form["new"] }
        form.set("here", for: "new")
        #expect(addition.count == 1)
    }

    @Test func everyReadingAccessorTracksItsKey() throws {
        let form = FormContextObject(["a": 1])
        let accessors: [@Sendable () -> Void] = [
            { _ = form["a"] },
            { _ = form[FormKey<Int>("a")] },
            { _ = form[FormKey<Int>("a")] },
            { _ = try? form.value(for: "a", as: Int.self) },
            { _ = try? form.value(for: FormKey<Int>("a")) },
        ]
        for (index, read) in accessors.enumerated() {
            let reader = FireCounter.tracking(read)
            let bystander = FireCounter.tracking { _ = form["b"] }
            form.set(index + 10, for: "a")
            #expect(reader.count == 1, "accessor \(index)")
            #expect(bystander.count == 0, "accessor \(index)")
        }
    }

    @Test func readingSeveralKeysTracksEachOfThem() {
        let form = FormContextObject(["a": 1, "b": 1, "c": 1])
        let reader = FireCounter.tracking {
            _ = form["a"]
            _ = form["b"]
        }
        form.set(2, for: "c")
        #expect(reader.count == 0)
        form.set(2, for: "b")
        #expect(reader.count == 1)
    }

    // MARK: Field state

    @Test func fieldStateTracksTouchedVisibleEnabledAndSecureOfItsKeyOnly() {
        let form = FormContextObject(["a": 1, "b": 1])
        let mutations: [(String, @Sendable () -> Void)] = [
            ("touched", { form.blur("a") }),
            ("untouched", { form.reset() }),
            ("hidden", { form.setVisible(false, for: "a") }),
            ("shown", { form.setVisible(true, for: "a") }),
            ("disabled", { form.setEnabled(false, for: "a") }),
            ("enabled", { form.setEnabled(true, for: "a") }),
            ("secure", { form.setSecure(for: "a") }),
            ("not secure", { form.setSecure(false, for: "a") }),
            ("value", { form.set(99, for: "a") }),
        ]
        for (name, mutate) in mutations {
            let stateOfA = FireCounter.tracking { _ = form.fieldState(for: "a") }
            let stateOfB = FireCounter.tracking { _ = form.fieldState(for: "b") }
            let valueOfB = FireCounter.tracking { _ = form["b"] }
            mutate()
            #expect(stateOfA.count == 1, "\(name)")
            #expect(stateOfB.count == 0, "\(name)")
            #expect(valueOfB.count == 0, "\(name)")
        }
    }

    @Test func fieldStateIsNotInvalidatedWhenNothingChanged() {
        let form = FormContextObject(["a": 1])
        form.blur("a")
        let stateOfA = FireCounter.tracking { _ = form.fieldState(for: "a") }
        form.blur("a")
        form.setVisible(true, for: "a")
        form.setEnabled(true, for: "a")
        form.setSecure(false, for: "a")
        form.set(1, for: "a")
        #expect(stateOfA.count == 0)
    }

    @Test func fieldStateConveniencesTrackTheFieldState() {
        let form = FormContextObject(["a": 1])
        let readers: [@Sendable () -> Void] = [
            { _ = form.isTouched("a") }, { _ = form.fieldState(for: "a").isVisible }, { _ = form.fieldState(for: "a").isEnabled }, { _ = form.isDirty("a") },
        ]
        for (index, read) in readers.enumerated() {
            let reader = FireCounter.tracking(read)
            if index.isMultiple(of: 2) { form.blur("a") } else { form.reset() }
            #expect(reader.count == 1, "reader \(index)")
        }
    }

    @Test func aValueReaderIsNotInvalidatedByFieldStateChanges() {
        let form = FormContextObject(["a": 1])
        let reader = FireCounter.tracking { _ = form["a"] }
        form.blur("a")
        form.setVisible(false, for: "a")
        form.setEnabled(false, for: "a")
        form.setSecure(for: "a")
        #expect(reader.count == 0)
    }

    // MARK: Form-level

    @Test func isDirtyTracksTheFormFlippingBetweenDirtyAndClean() {
        let form = FormContextObject(["a": 1, "b": 1])

        let toDirty = FireCounter.tracking { _ = form.isDirty }
        form.set(2, for: "a")
        #expect(toDirty.count == 1)
        #expect(form.isDirty)

        let stillDirty = FireCounter.tracking { _ = form.isDirty }
        form.set(2, for: "b")
        form.set(1, for: "a")
        #expect(stillDirty.count == 0)

        let toClean = FireCounter.tracking { _ = form.isDirty }
        form.set(1, for: "b")
        #expect(toClean.count == 1)
        #expect(!form.isDirty)

        let cleanAgain = FireCounter.tracking { _ = form.isDirty }
        form.blur("a")
        form.set(1, for: "a")
        #expect(cleanAgain.count == 0)
    }

    @Test func contextTracksEveryWrite() {
        let form = FormContextObject(["a": 1])
        for (index, key) in ["a", "b", "c.d", "a"].enumerated() {
            let reader = FireCounter.tracking { _ = form.context }
            form.set(index + 100, for: key)
            #expect(reader.count == 1, "write \(index) to \(key)")
        }
        let removal = FireCounter.tracking { _ = form.context }
        form.set(nil, for: "b")
        #expect(removal.count == 1)
    }

    @Test func aTransactionInvalidatesEachReaderOnce() {
        let form = FormContextObject(["a": 1, "b": 1])
        let readerOfA = FireCounter.tracking { _ = form["a"] }
        let readerOfC = FireCounter.tracking { _ = form["c"] }
        form.transaction { batch in
            batch.set(2, for: "a")
            batch.set(3, for: "a")
            batch.set(2, for: "b")
            batch.set(2, for: "b")
        }
        #expect(readerOfA.count == 1)
        #expect(readerOfC.count == 0)
    }

    @Test func resetInvalidatesReadersOfRestoredKeysOnly() {
        let form = FormContextObject(["a": 1, "b": 1])
        form.set(2, for: "a")
        let readerOfA = FireCounter.tracking { _ = form["a"] }
        let readerOfB = FireCounter.tracking { _ = form["b"] }
        form.reset()
        #expect(readerOfA.count == 1)
        #expect(readerOfB.count == 0)
    }

    @Test func theTrackedValueIsCurrentWhenOnChangeFires() {
        let form = FormContextObject(["a": 1])
        let seen = ChangeRecorder()
        withObservationTracking {
            _ = form["a"]
        } onChange: {
            // The handler may read the form: no lock is held, and the new value is already stored.
            seen.record(FormChange(key: "a", oldValue: nil, newValue: form[FormKey<Int>("a")], origin: .program))
        }
        form.set(2, for: "a")
        #expect(seen.changes.map(\.newValue) == [AnyHashable(2)])
    }
}
