// swift-tools-version: 6.0
// A program of a user's own, built on BadgeBar as a package dependency: docs/library.md's example and the
// DocC articles' (Getting started, Testing a program), compiled by `make test` so the examples cannot stop
// working unnoticed.
import PackageDescription

let package = Package(
    name: "OwnProgram",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "BadgeBar", path: "../../..")],
    targets: [
        .executableTarget(
            name: "Unread",
            dependencies: [
                .product(name: "BadgeKit", package: "BadgeBar"),
                .product(name: "BadgeTerminal", package: "BadgeBar"),
            ]),
        // docs/library.md's test of the program on the scripted terminal, as written there, and the article's.
        .testTarget(
            name: "UnreadTests",
            dependencies: ["Unread", .product(name: "BadgeTerminal", package: "BadgeBar")]),
    ],
    swiftLanguageModes: [.v6]
)
