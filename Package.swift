// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "BadgeBar",
    products: [
        .library(name: "BadgeKit", targets: ["BadgeKit"]),
        .library(name: "BadgeTerminal", targets: ["BadgeTerminal"]),
        .executable(name: "badgebar", targets: ["badgebar"]),
    ],
    targets: [
        .systemLibrary(
            name: "CNCursesW",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // The standard library rounds through libm, which nothing else links when BadgeKit stands alone.
        .target(name: "BadgeKit", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "BadgeTerminal", dependencies: ["BadgeKit", "CNCursesW"]),
        // --version names the commit it was built from: the plugin writes it into .build at build time.
        .executableTarget(
            name: "badgebar", dependencies: ["BadgeKit", "BadgeTerminal"], plugins: ["BuildCommitPlugin"]),
        .plugin(name: "BuildCommitPlugin", capability: .buildTool()),
        .executableTarget(name: "badgebar-bench", dependencies: ["BadgeKit"], path: "Sources/BadgeBench"),
        .executableTarget(
            name: "badgebar-example", dependencies: ["BadgeKit", "BadgeTerminal"], path: "Sources/BadgeExample"),
        .testTarget(name: "BadgeKitTests", dependencies: ["BadgeKit"]),
        .testTarget(name: "BadgeTerminalTests", dependencies: ["BadgeTerminal", "BadgeKit"]),
        .testTarget(name: "BadgeBarTests", dependencies: ["badgebar", "BadgeKit", "BadgeTerminal"]),
        .testTarget(name: "EndToEndTests", dependencies: ["BadgeKit"]),
    ],
    swiftLanguageModes: [.v6]
)
