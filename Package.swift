// swift-tools-version: 6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "FormContext",
    // Mutex (Synchronization) needs macOS 15, iOS 18, tvOS 18, watchOS 11 and visionOS 2; Observable
    // needs macOS 14 and iOS 17. Linux has no deployment target: any Swift 6 toolchain builds it.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "FormContext", targets: ["FormContext"]),
        .library(name: "FormContextXForms", targets: ["FormContextXForms"]),
        .library(name: "FormContextOpenRosa", targets: ["FormContextOpenRosa"]),
        .executable(name: "ContextDemo", targets: ["ContextDemo"]),
    ],
    targets: [
        // The engine: the store, the live form, definitions, rules, validation, repeat groups, screens.
        .target(name: "FormContextCore", swiftSettings: strict),
        // Drafts, the outbox and its HTTP transport, built on the engine's public API only: a plain
        // import, so the compiler rejects any reach into the engine's internals.
        .target(name: "FormContextDurability", dependencies: ["FormContextCore"], swiftSettings: strict),
        // ODK XForms: XPath with the ODK function library, XForm documents read into definitions and
        // screens, submission XML. Built on the engine's public API only, as the durability module is;
        // imported on its own (`import FormContextXForms`), so the engine's users do not build it.
        .target(name: "FormContextXForms", dependencies: ["FormContextCore"], swiftSettings: strict),
        // OpenRosa servers: the form list, downloads, and XForm submissions through the outbox. Built on
        // the public API of the engine, the durability module and the XForms module only; imported on
        // its own (`import FormContextOpenRosa`), like the XForms module.
        .target(
            name: "FormContextOpenRosa", dependencies: ["FormContextCore", "FormContextDurability", "FormContextXForms"],
            swiftSettings: strict),
        // What users import: re-exports the engine and durability, so `import FormContext` gives both.
        .target(name: "FormContext", dependencies: ["FormContextCore", "FormContextDurability"], swiftSettings: strict),
        // The demo: the built-in forms, drafts and the outbox, any XForm filled, finalized and queued for
        // OpenRosa, and OpenRosa's pull and send.
        .executableTarget(
            name: "ContextDemo", dependencies: ["FormContext", "FormContextXForms", "FormContextOpenRosa"], swiftSettings: strict),
        .target(name: "CMallocInfo", path: "Benchmarks/CMallocInfo"),
        .executableTarget(
            name: "FormContextBenchmarks",
            dependencies: ["FormContext", "FormContextXForms", "CMallocInfo"],
            path: "Benchmarks/FormContextBenchmarks",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "DurabilityProbe", dependencies: ["FormContext", "FormContextOpenRosa"], path: "Tests/DurabilityProbe",
            swiftSettings: strict),
        // LeakSanitizer's suppressions of the system libraries' leaks, linked into the tests only.
        .target(name: "LeakSuppressions", path: "Tests/LeakSuppressions"),
        .testTarget(
            name: "FormContextTests",
            dependencies: [
                "FormContext", "FormContextCore", "FormContextDurability", "ContextDemo", "FormContextBenchmarks", "DurabilityProbe",
                "LeakSuppressions", "TestSupport",
            ],
            swiftSettings: strict
        ),
        // What the test targets use: a scratch folder, the python3 HTTP receiver (receiver.py), the loopback
        // OpenRosa server (openrosa_server.py), a lock for test doubles, and the scan of the guides' code blocks.
        .target(name: "TestSupport", path: "Tests/TestSupport", exclude: ["receiver.py", "openrosa_server.py"], swiftSettings: strict),
        // Every example of the guides and the README, compiled with a plain `import FormContext` (no
        // `@testable`): the compiler proves they use the public API only. Apart from the demo's types
        // that FormContextTests sees, so examples can declare their own (a `Hotspot` of their own).
        .testTarget(name: "GuideTests", dependencies: ["FormContext", "TestSupport"], swiftSettings: strict),
        // The XForms module's tests, apart from the engine's so that they build on their own.
        .testTarget(
            name: "XFormsTests", dependencies: ["FormContextXForms", "FormContextCore", "TestSupport"], exclude: ["Forms"],
            swiftSettings: strict),
        // The OpenRosa module's tests, with the loopback OpenRosa server (python3) they start and stop, and the
        // demo's pull and send run against it.
        .testTarget(
            name: "OpenRosaTests",
            dependencies: [
                "FormContextOpenRosa", "FormContextDurability", "FormContextXForms", "FormContextCore", "TestSupport", "DurabilityProbe",
                "ContextDemo",
            ],
            exclude: ["Forms"], swiftSettings: strict),
    ]
)
