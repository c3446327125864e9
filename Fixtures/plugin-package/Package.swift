// swift-tools-version: 6.0
// A package that uses Arrange's RenderScenes plugin, as a package of its own would; the tests
// (Tests/CLITests/PluginPackageTests.swift) copy it and point the dependency at the repository.
import PackageDescription

let package = Package(
    name: "PluginPackage",
    products: [.library(name: "Demo", targets: ["Demo"])],
    dependencies: [
        // Arrange itself; in your package: .package(url: "https://…/Arrange.git", from: "…").
        .package(path: "../.."),
    ],
    targets: [
        .target(name: "Demo"),
    ]
)
