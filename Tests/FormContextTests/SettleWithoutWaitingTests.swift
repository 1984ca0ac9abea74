import Dispatch
@testable import FormContextCore
import Foundation
import Testing
import TestSupport

/// User code the form runs while it settles may wait for other threads that use the form: no lock of
/// the form is held while it runs, and a write from another thread meanwhile is settled after, not
/// blocked on.
@Suite("SettleWithoutWaitingTests", .timeLimit(.minutes(1)))
struct SettleWithoutWaitingTests {
    /// Something one thread waits for and another signals, with a bound so that a test fails rather
    /// than hangs when the signal never comes.
    final class Signal: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        func send() { semaphore.signal() }
        /// Whether the signal came within `seconds`.
        func wait(seconds: Double = 5) -> Bool { semaphore.wait(timeout: .now() + seconds) == .success }
    }

    /// A form whose validator of `a`, for the value `trigger`, starts a thread that writes `b` and waits
    /// until that write returns. The validator finds the form in `box`, which the caller empties when it
    /// is done (the validator holds the box, which holds the form, which holds the validator).
    static func formWaitingForAWrite(
        trigger: Int, outcome: Locked<Bool?>, box: Locked<FormContextObject?>
    ) throws -> FormContextObject {
        let waiting = Validator<Int>.custom("waits", message: "never fails") { value, _ in
            guard value == trigger, let form = box.withLock({ $0 }) else { return true }
            let returned = Signal()
            Thread.detachNewThread {
                form.set(41, for: "b", origin: .user)
                returned.send()
            }
            let didReturn = returned.wait()
            outcome.withLock { $0 = didReturn }
            return true
        }
        let definition = try FormDefinition([
            FieldDefinition(FormKey<Int>("a"), validators: [waiting]),
            FieldDefinition(FormKey<Int>("b"), validators: [.maximum(40)]),
            FieldDefinition(FormKey<Int>("double")).calculated { ($0[FormKey<Int>("b")] ?? 0) * 2 },
        ])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        box.withLock { $0 = form }
        return form
    }

    @Test func aValidatorWaitingForAnotherThreadsWriteCompletes() throws {
        let outcome = Locked<Bool?>(nil)
        let box = Locked<FormContextObject?>(nil)
        defer { box.withLock { $0 = nil } }
        let form = try Self.formWaitingForAWrite(trigger: 1, outcome: outcome, box: box)
        form.set(1, for: "a", origin: .user)
        #expect(outcome.withLock { $0 } == true, "the other thread's write returned while the validator waited")
        // Settled by the thread that was settling, before its own write returned: the rules and the
        // validators of `b` ran on it.
        #expect(form[FormKey<Int>("b")] == 41)
        #expect(form[FormKey<Int>("double")] == 82)
        #expect(form.fieldState(for: "b").errors.map(\.rule) == ["maximum(40)"])
        #expect(!form.isValid)
    }

    @Test func aValidatorWaitingForAnotherThreadsValidateStillEnds() throws {
        // `validate()` from another thread waits for the settle under way; the validator here gives up
        // waiting for it after a bound, and the other thread's call then completes on a settled form.
        let box = Locked<FormContextObject?>(nil)
        // The validator holds the box, which will hold the form, which holds the validator: let go at the end.
        defer { box.withLock { $0 = nil } }
        let finished = Signal()
        let waitedOut = Locked<Bool?>(nil)
        let isFirst = Locked(true)
        let waiting = Validator<Int>.custom("waits", message: "m") { value, _ in
            // On its first run only: the other thread's validate() runs it again.
            guard isFirst.withLock({ first in defer { first = false }; return first }) else { return true }
            guard value == 1, let form = box.withLock({ $0 }) else { return true }
            Thread.detachNewThread {
                _ = form.validate()
                finished.send()
            }
            waitedOut.withLock { $0 = finished.wait(seconds: 0.2) }
            return true
        }
        let form = FormContextObject(
            definition: try FormDefinition([FieldDefinition(FormKey<Int>("a"), validators: [waiting])]),
            options: ValidationOptions(mode: .onChange))
        box.withLock { $0 = form }
        form.set(1, for: "a", origin: .user)
        #expect(waitedOut.withLock { $0 } == false, "validate() on another thread waits for the settle under way")
        #expect(finished.wait(), "and completes once it has ended")
    }

    /// Runs tasks on one thread of its own, one job after another: a job that blocks its thread keeps
    /// every other job from running.
    final class OneThreadExecutor: TaskExecutor, @unchecked Sendable {
        // `@unchecked Sendable` is sound: `jobs` and `isStopped` are touched only under `condition`.
        private let condition = NSCondition()
        private var jobs: [UnownedJob] = []
        private var isStopped = false

        init() {
            Thread.detachNewThread { [self] in run() }
        }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            condition.lock()
            jobs.append(job)
            condition.signal()
            condition.unlock()
        }

        func stop() {
            condition.lock()
            isStopped = true
            condition.signal()
            condition.unlock()
        }

        private func run() {
            while true {
                condition.lock()
                while jobs.isEmpty && !isStopped { condition.wait() }
                if jobs.isEmpty {
                    condition.unlock()
                    return
                }
                let job = jobs.removeFirst()
                condition.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
    }

    @Test func anAsynchronousSubmitSuspendsInsteadOfBlockingAThread() async throws {
        // While one thread settles, a submit waits by suspending its task: on an executor of one
        // thread, a job queued after the submit still runs, and ends the settle.
        let release = Signal()
        let released = Locked<Bool?>(nil)
        let entered = Signal()
        let isFirst = Locked(true)
        let waiting = Validator<Int>.custom("waits", message: "m") { value, _ in
            // Waits on its first run only: the submit runs it again.
            guard isFirst.withLock({ first in defer { first = false }; return first }) else { return true }
            entered.send()
            released.withLock { $0 = release.wait(seconds: 10) }
            return true
        }
        let form = FormContextObject(
            definition: try FormDefinition([FieldDefinition(FormKey<Int>("a"), validators: [waiting])]),
            options: ValidationOptions(mode: .onChange))
        Thread.detachNewThread { form.set(1, for: "a", origin: .user) }
        #expect(entered.wait())
        let executor = OneThreadExecutor()
        defer { executor.stop() }
        let submit = Task(executorPreference: executor) { await form.submit { _ in .accepted } }
        Task(executorPreference: executor) { release.send() }
        let result = await submit.value
        #expect(released.withLock { $0 } == true, "the job after the submit ran while the submit waited")
        if case .succeeded = result {} else { Issue.record("the submit ended \(result)") }
        #expect(form.submitPhase == .succeeded)
    }
}
