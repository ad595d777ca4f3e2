// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "BadgeBar",
    // Synchronization's Atomic and Mutex, which the signal handlers rely on, need macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "BadgeKit", targets: ["BadgeKit"]),
        .library(name: "BadgeTerminal", targets: ["BadgeTerminal"]),
        .executable(name: "badgebar", targets: ["badgebar"]),
    ],
    targets: [
        .systemLibrary(
            name: "CNCursesW",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
        ),
        // BadgeKit takes its elementary functions from the platform's maths library (see Platform/Maths.swift).
        .target(name: "BadgeKit", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        .target(name: "BadgeTerminal", dependencies: ["BadgeKit", "CNCursesW"]),
        // --version names the commit it was built from: the plugin writes it into .build at build time.
        .executableTarget(
            name: "badgebar", dependencies: ["BadgeKit", "BadgeTerminal"], plugins: ["BuildCommitPlugin"]),
        .plugin(name: "BuildCommitPlugin", capability: .buildTool()),
        .executableTarget(name: "badgebar-bench", dependencies: ["BadgeKit"], path: "Sources/BadgeBench"),
        .executableTarget(
            name: "badgebar-example", dependencies: ["BadgeKit", "BadgeTerminal"], path: "Sources/BadgeExample"),
        // What more than one test target uses, such as a seeded random number generator.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The real-time reactor of the tests that run real children on a scripted screen.
        .target(
            name: "TerminalTestSupport", dependencies: ["BadgeKit", "BadgeTerminal"], path: "Tests/TerminalTestSupport"),
        .testTarget(name: "BadgeKitTests", dependencies: ["BadgeKit", "TestSupport"]),
        .testTarget(
            name: "BadgeTerminalTests",
            dependencies: ["BadgeTerminal", "BadgeKit", "CNCursesW", "TestSupport", "TerminalTestSupport"]),
        .testTarget(
            name: "BadgeBarTests",
            dependencies: [
                "badgebar", "BadgeKit", "BadgeTerminal", "CNCursesW", "TestSupport", "TerminalTestSupport",
            ]),
        // CNCursesW declares the pseudo-terminal calls (posix_openpt and the like) the end-to-end tests use.
        .testTarget(name: "EndToEndTests", dependencies: ["BadgeKit", "CNCursesW", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
