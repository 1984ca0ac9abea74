import Foundation

/// A fresh folder for the files a durability scenario writes, removed afterwards.
struct ScratchDirectory {
    let path: String

    init(_ name: String) {
        path = NSTemporaryDirectory() + "formcontext-bench-\(name)-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
