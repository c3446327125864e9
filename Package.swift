// swift-tools-version: 6.0
import Foundation
import PackageDescription

let package = Package(
    name: "Arrange",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Arrange", targets: ["Arrange"]),
        .library(name: "ArrangeSVG", targets: ["ArrangeSVG"]),
        .library(name: "ArrangeCairo", targets: ["ArrangeCairo"]),
        .library(name: "ArrangeBackends", targets: ["ArrangeBackends"]),
        .library(name: "ArrangeScene", targets: ["ArrangeScene"]),
        .library(name: "ArrangeSnapshot", targets: ["ArrangeSnapshot"]),
        .library(name: "ArrangeSnapshotTesting", targets: ["ArrangeSnapshotTesting"]),
        .executable(name: "arrange", targets: ["arrange"]),
        // `swift package --allow-writing-to-package-directory render-scenes` in a package that
        // depends on Arrange: its DocC catalogs' scenes to pictures (README, "DocC and SwiftPM").
        .plugin(name: "RenderScenes", targets: ["RenderScenes"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // `swift package generate-documentation`: the API site (Scripts/docs.sh).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // Geometry, views, the Layout protocol, the engine, text and the display list.
        .target(name: "Arrange", dependencies: ["CHarfBuzz", "CFontconfig", "CUnicode", "CImageCodecs", "CProcessMemory"]),
        // PNG and JPEG decoding for `Image` (libpng-dev, libjpeg62-turbo-dev), in C because both
        // report errors by longjmp. SVG images are sized through the reader CSVGImage installs, so
        // the core links no renderer library. For image comparison the common PNG (8-bit RGB or
        // RGBA) is inflated by libdeflate (libdeflate-dev), twice zlib's speed; zlib sums its CRCs.
        .target(name: "CImageCodecs", dependencies: ["CPNG"], linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg"),
                                                                               .linkedLibrary("deflate")]),
        // HarfBuzz: reads font files, shapes text, gives glyph outlines and colour glyph images.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        // fontconfig: finds the installed font families.
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // ICU's line breaking (UAX #14) and bidirectional algorithm (UAX #9), wrapped in C because
        // ICU's versioned function names are macros Swift cannot see.
        .target(name: "CUnicode", linkerSettings: [.linkedLibrary("icuuc")]),
        // The C library's allocator settings (`ProcessMemory`), which Swift's Glibc module lacks.
        .target(name: "CProcessMemory"),
        // A display list as an SVG string, in pure Swift.
        .target(name: "ArrangeSVG", dependencies: ["Arrange"]),
        // libcairo, found with pkg-config; `setup` installs libcairo2-dev.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        // A display list as PNG or PDF through Cairo.
        .target(name: "ArrangeCairo", dependencies: ["Arrange", "CCairo", "CFontconfig", "CPNG", "CSVGImage"]),
        // SVG images parsed, sized and drawn into a cairo_t by librsvg (librsvg2-2); it installs
        // its size reader in CImageCodecs as the program loads. librsvg is loaded (dlopen) when
        // the first SVG image is read, not linked: it and the GLib, GIO and Pango libraries it
        // pulls in took a third of every run's start-up. Its few functions are declared in
        // rsvg-api.h (its pkg-config flags carry -pthread, which SwiftPM warns about).
        .target(name: "CSVGImage", dependencies: ["CImageCodecs"], linkerSettings: [.linkedLibrary("cairo")]),
        // PNG scanlines and zlib (zlib1g-dev) streams for ArrangeCairo's banded PNG writer, and
        // scanline unfiltering for CImageCodecs' PNG reader.
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("z")]),
        // The registry of the backends Arrange ships: which backend draws each format.
        .target(name: "ArrangeBackends", dependencies: ["Arrange", "ArrangeSVG", "ArrangeCairo"]),
        // Scene files (YAML, JSON) to view trees, and the pipeline from a scene to its pictures.
        .target(name: "ArrangeScene", dependencies: ["Arrange", "ArrangeBackends", "ArrangeSVG", "ArrangeCairo", .product(name: "Yams", package: "Yams")]),
        // Image comparison and snapshot assertions.
        .target(name: "ArrangeSnapshot", dependencies: ["Arrange", "ArrangeBackends", "ArrangeSVG", "ArrangeScene", "CCairo", "CImageCodecs"]),
        // assertSnapshot for Swift Testing and XCTest; kept apart so the command never links them.
        .target(name: "ArrangeSnapshotTesting", dependencies: ["ArrangeSnapshot"]),
        // The command; its folder is not `Sources/arrange`, which a case-insensitive disk would
        // merge with `Sources/Arrange`.
        .executableTarget(
            name: "arrange",
            dependencies: [
                "Arrange", "ArrangeBackends", "ArrangeSVG", "ArrangeCairo", "ArrangeScene", "ArrangeSnapshot",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/arrange-cli"
        ),
        // A command plugin, not a build-tool plugin: the pictures are source files of a DocC
        // catalog, and a build-tool plugin may write only into its own work folder.
        .plugin(
            name: "RenderScenes",
            capability: .command(
                intent: .custom(verb: "render-scenes",
                                description: "Render the scenes in each <Name>.docc/Scenes folder into <Name>.docc/Resources with DocC's names (card@2x.png, card~dark@2x.png)"),
                permissions: [.writeToPackageDirectory(reason: "The pictures are written into the DocC catalogs' Resources folders.")]
            ),
            dependencies: ["arrange"]
        ),
        // Benchmarks against floors timed in the same run: swift run -c release arrange-benchmarks
        .executableTarget(name: "arrange-benchmarks",
                          dependencies: ["Arrange", "ArrangeSVG", "ArrangeCairo", "ArrangeSnapshot", "CBenchmarkFloors", "TestSupport"]),
        // The benchmarks' floors in plain C (a greedy flow loop, raw Cairo, snprintf SVG); only
        // arrange-benchmarks depends on it.
        .target(name: "CBenchmarkFloors", linkerSettings: [.linkedLibrary("cairo")]),
        // What the test targets share: running external tools and the command, and the recording backend.
        .target(name: "TestSupport", dependencies: ["Arrange", "ArrangeBackends"], path: "Tests/TestSupport"),
        // CSVGImage: the SVG images the tests make are sized by the librsvg reader it installs.
        .testTarget(name: "ArrangeTests", dependencies: ["Arrange", "CSVGImage", "TestSupport"], exclude: ["Fixtures"]),
        // Layouts written as for SwiftUI, with only the import changed.
        .testTarget(name: "SwiftUIPortTests", dependencies: ["Arrange"]),
        .testTarget(name: "SnapshotTests", dependencies: ["ArrangeSnapshot", "ArrangeSnapshotTesting", "Arrange", "ArrangeCairo", "TestSupport"],
                    exclude: ["Fixtures", "__Snapshots__"]),
        .testTarget(name: "RendererTests", dependencies: ["Arrange", "ArrangeBackends", "ArrangeSVG", "ArrangeCairo", "ArrangeSnapshot", "ArrangeScene", "CPNG", "CCairo", "TestSupport"]),
        // Scene files: reading, errors, fixtures against the JSON Schema, determinism.
        .testTarget(name: "SceneTests", dependencies: ["ArrangeScene", "Arrange", "ArrangeBackends", "ArrangeSVG", "ArrangeCairo", "ArrangeSnapshot", "TestSupport",
                                                 .product(name: "Yams", package: "Yams")]),
        // The `arrange` command run as a subprocess.
        .testTarget(name: "CLITests", dependencies: ["arrange", "ArrangeSnapshot", "TestSupport"]),
    ]
)

// Fuzz targets (Fuzz/), built only by Scripts/fuzz.sh, which sets ARRANGE_FUZZ and builds every
// module with libFuzzer's coverage and AddressSanitizer. Each hands one function to libFuzzer's
// driver (FuzzDriver).
if ProcessInfo.processInfo.environment["ARRANGE_FUZZ"] != nil {
    package.targets += [
        .target(name: "FuzzDriver", path: "Fuzz/driver"),
        .executableTarget(name: "fuzz-scene", dependencies: ["FuzzDriver", "Arrange", "ArrangeScene", "ArrangeSVG"], path: "Fuzz/scene"),
        .executableTarget(name: "fuzz-font", dependencies: ["FuzzDriver", "Arrange"], path: "Fuzz/font"),
        .executableTarget(name: "fuzz-png", dependencies: ["FuzzDriver", "ArrangeSnapshot"], path: "Fuzz/png"),
        // What the image targets share: drawing an accepted image with both backends.
        .target(name: "FuzzImageDrawing", dependencies: ["Arrange", "ArrangeCairo", "ArrangeSVG"], path: "Fuzz/imagedrawing"),
        .executableTarget(name: "fuzz-image", dependencies: ["FuzzDriver", "FuzzImageDrawing", "Arrange"], path: "Fuzz/image"),
        .executableTarget(name: "fuzz-svgimage", dependencies: ["FuzzDriver", "FuzzImageDrawing", "Arrange"], path: "Fuzz/svgimage"),
        .executableTarget(name: "fuzz-markdown", dependencies: ["FuzzDriver", "ArrangeScene"], path: "Fuzz/markdown"),
    ]
}
