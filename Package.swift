// swift-tools-version: 6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "FormContext",
    products: [
        .library(name: "FormContext", targets: ["FormContext"]),
        .executable(name: "ContextDemo", targets: ["ContextDemo"]),
    ],
    targets: [
        .target(name: "FormContext", swiftSettings: strict),
        .executableTarget(name: "ContextDemo", dependencies: ["FormContext"], swiftSettings: strict),
        .target(name: "CMallocInfo", path: "Benchmarks/CMallocInfo"),
        .executableTarget(
            name: "FormContextBenchmarks",
            dependencies: ["FormContext", "CMallocInfo"],
            path: "Benchmarks/FormContextBenchmarks",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "DurabilityProbe", dependencies: ["FormContext"], path: "Tests/DurabilityProbe", swiftSettings: strict),
        .testTarget(
            name: "FormContextTests",
            dependencies: ["FormContext", "ContextDemo", "FormContextBenchmarks", "DurabilityProbe"],
            exclude: ["Support/receiver.py"],
            swiftSettings: strict
        ),
    ]
)
