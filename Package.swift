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
        .target(name: "BadgeKit"),
        .target(name: "BadgeTerminal", dependencies: ["BadgeKit", "CNCursesW"]),
        .executableTarget(name: "badgebar", dependencies: ["BadgeKit", "BadgeTerminal"]),
        .testTarget(name: "BadgeKitTests", dependencies: ["BadgeKit"]),
        .testTarget(name: "BadgeBarTests", dependencies: ["badgebar", "BadgeKit", "BadgeTerminal"]),
        .testTarget(name: "EndToEndTests", dependencies: ["BadgeKit"]),
    ],
    swiftLanguageModes: [.v6]
)
