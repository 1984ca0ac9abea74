import Dispatch
import Foundation
import Synchronization
import Testing
import TestSupport

@testable import FormContextCore

/// The addresses `Mutex.withAnnotatedLock(hooks:_:)` announces to ThreadSanitizer: one per lock, the
/// same for its acquire and its release and for every call, inside the lock's own storage, and
/// announced while the lock is held.
@Suite("ThreadSanitizerAnnotationTests", .timeLimit(.minutes(1)))
struct ThreadSanitizerAnnotationTests {
    /// What the hooks saw, in order.
    enum Event: Equatable, CustomStringConvertible {
        case acquire(UInt, held: Bool)
        case body(held: Bool)
        case release(UInt, held: Bool)

        var description: String {
            switch self {
            case .acquire(let address, let held): "acquire 0x\(String(address, radix: 16)) (lock held: \(held))"
            case .body(let held): "body (lock held: \(held))"
            case .release(let address, let held): "release 0x\(String(address, radix: 16)) (lock held: \(held))"
            }
        }
    }

    /// A lock the way the package keeps one: a `let` property of a class instance.
    final class Guarded<Value: Sendable>: Sendable {
        let mutex: Mutex<Value>
        init(_ value: sending Value) { mutex = Mutex(value) }
    }

    /// Whether `address` lies among `object`'s stored properties, which take `size` bytes after its
    /// header (two words: its class and its reference counts). An empty value's address may be the end.
    static func isInside(_ address: UInt, _ object: AnyObject, propertiesSize size: Int) -> Bool {
        let start = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        let properties = start + UInt(2 * MemoryLayout<UnsafeRawPointer>.size)
        return address >= properties && address <= properties + UInt(size)
    }

    /// Two locks in one instance, one after the other.
    final class TwoLocks: Sendable {
        let first = Mutex(())
        let second = Mutex(())
    }

    /// Hooks that record what they are told, and whether the lock is held at that moment.
    final class Recorder: Sendable {
        let events = Locked<[Event]>([])
        let isHeld: @Sendable () -> Bool

        init(isHeld: @escaping @Sendable () -> Bool = { true }) {
            self.isHeld = isHeld
        }

        var hooks: ThreadSanitizerHooks {
            ThreadSanitizerHooks(
                acquire: { [self] address in
                    let held = isHeld()
                    events.withLock { $0.append(.acquire(UInt(bitPattern: address), held: held)) }
                },
                release: { [self] address in
                    let held = isHeld()
                    events.withLock { $0.append(.release(UInt(bitPattern: address), held: held)) }
                })
        }

        func noteBody() {
            let held = isHeld()
            events.withLock { $0.append(.body(held: held)) }
        }

        var addresses: [UInt] {
            events.withLock { events in
                events.compactMap {
                    switch $0 {
                    case .acquire(let address, _), .release(let address, _): address
                    case .body: nil
                    }
                }
            }
        }
    }

    /// Whether another thread finds `guarded`'s lock taken (it only tries, so it never waits for it).
    static func isTakenForAnotherThread<Value>(_ guarded: Guarded<Value>) -> Bool {
        let answer = Locked<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let taken = guarded.mutex.withLockIfAvailable { _ in () } == nil
            answer.withLock { $0 = taken }
            done.signal()
        }
        thread.start()
        done.wait()
        return answer.withLock { $0 } ?? false
    }

    @Test("acquire and release name the same address, and the body runs between them with the lock held")
    func pairedAndHeld() {
        let guarded = Guarded(41)
        let recorder = Recorder(isHeld: { Self.isTakenForAnotherThread(guarded) })
        let result = guarded.mutex.withAnnotatedLock(hooks: recorder.hooks) { (value: inout Int) -> Int in
            recorder.noteBody()
            value += 1
            return value
        }
        #expect(result == 42)
        let events = recorder.events.withLock { $0 }
        guard events.count == 3, case .acquire(let acquired, _) = events[0] else {
            Issue.record("expected acquire, body, release; got \(events)")
            return
        }
        #expect(events == [.acquire(acquired, held: true), .body(held: true), .release(acquired, held: true)])
        // The lock is free again afterwards.
        #expect(!Self.isTakenForAnotherThread(guarded))
    }

    @Test("a body that throws still has its release announced, on the same address")
    func throwingBody() {
        struct Refusal: Error {}
        let guarded = Guarded("x")
        let recorder = Recorder()
        #expect(throws: Refusal.self) {
            try guarded.mutex.withAnnotatedLock(hooks: recorder.hooks) { (_: inout String) throws(Refusal) in
                throw Refusal()
            }
        }
        let addresses = recorder.addresses
        #expect(addresses.count == 2)
        #expect(Set(addresses).count == 1, "\(addresses)")
    }

    @Test("every call on one lock names the same address, from any thread")
    func stableAcrossCalls() async {
        let guarded = Guarded([Int]())
        let recorder = Recorder()
        let hooks = recorder.hooks
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for step in 0..<50 {
                        guarded.mutex.withAnnotatedLock(hooks: hooks) { $0.append(task * 100 + step) }
                    }
                }
            }
        }
        let addresses = recorder.addresses
        #expect(addresses.count == 400)
        #expect(Set(addresses).count == 1)
        #expect(guarded.mutex.withLock { $0.count } == 200)
    }

    @Test("locks alive at the same time name different addresses, each inside its own storage")
    func distinctAndInside() {
        let recorder = Recorder()
        let hooks = recorder.hooks
        // Values of several sizes, the empty one included, many locks alive at once.
        let ints = (0..<64).map { Guarded($0) }
        let texts = (0..<64).map { Guarded(String(repeating: "t", count: $0)) }
        let empties = (0..<64).map { _ in Guarded(()) }
        let pairs = (0..<64).map { _ in TwoLocks() }

        var seen: [UInt: String] = [:]
        func check<Value>(_ guarded: Guarded<Value>, _ name: String) {
            let before = recorder.addresses.count
            guarded.mutex.withAnnotatedLock(hooks: hooks) { _ in }
            guarded.mutex.withAnnotatedLock(hooks: hooks) { _ in }
            let announced = Array(recorder.addresses.dropFirst(before))
            #expect(announced.count == 4 && Set(announced).count == 1, "\(name): \(announced)")
            guard let address = announced.first else { return }
            #expect(
                Self.isInside(address, guarded, propertiesSize: MemoryLayout<Mutex<Value>>.size),
                "\(name) announced an address outside it")
            #expect(seen[address] == nil, "\(name) and \(seen[address] ?? "") announced the same address")
            seen[address] = name
        }
        for (index, guarded) in ints.enumerated() { check(guarded, "Int lock \(index)") }
        for (index, guarded) in texts.enumerated() { check(guarded, "String lock \(index)") }
        for (index, guarded) in empties.enumerated() { check(guarded, "empty lock \(index)") }
        for (index, pair) in pairs.enumerated() {
            var local: [UInt] = []
            pair.first.withAnnotatedLock(hooks: hooks) { _ in }
            local.append(recorder.addresses.last ?? 0)
            pair.second.withAnnotatedLock(hooks: hooks) { _ in }
            local.append(recorder.addresses.last ?? 0)
            #expect(local[0] != local[1], "the two empty locks of pair \(index) announced the same address")
            for address in local {
                #expect(
                    Self.isInside(address, pair, propertiesSize: 2 * MemoryLayout<Mutex<Void>>.stride),
                    "pair \(index) announced an address outside it")
                #expect(seen[address] == nil, "pair \(index) and \(seen[address] ?? "") announced the same address")
                seen[address] = "pair \(index)"
            }
        }
        #expect(seen.count == 64 * 3 + 64 * 2)
    }

    /// A tally changed with plain loads and stores in this module, where ThreadSanitizer sees them.
    struct Tally: Sendable {
        var count = 0
        var last = -1
    }

    @Test("threads taking turns at one lock keep every change (and, under ThreadSanitizer, report no race)")
    func contention() {
        let guarded = Guarded(Tally())
        let threads = 4
        let rounds = 2_000
        let done = DispatchSemaphore(value: 0)
        for thread in 0..<threads {
            Thread {
                for round in 0..<rounds {
                    guarded.mutex.withAnnotatedLock { tally in
                        tally.count += 1
                        tally.last = thread * rounds + round
                    }
                }
                done.signal()
            }.start()
        }
        for _ in 0..<threads { done.wait() }
        #expect(guarded.mutex.withLock { $0.count } == threads * rounds)
    }

    @Test("without hooks the lock works as withLock")
    func noHooks() {
        let guarded = Guarded(1)
        let none = ThreadSanitizerHooks(acquire: nil, release: nil)
        let result = guarded.mutex.withAnnotatedLock(hooks: none) { (value: inout Int) -> Int in
            value *= 5
            return value
        }
        #expect(result == 5)
        #expect(guarded.mutex.withLock { $0 } == 5)
    }
}
