import Foundation
import Testing
import TestSupport

/// `Sources/CSVGImage/rsvg-api.h` declares the librsvg, GLib and Cairo functions `svg.c` calls
/// instead of including their headers (whose pkg-config flags make SwiftPM warn). Compiled here
/// together with the real headers, with each stand-in type named as the real one, C refuses a
/// prototype that differs ("conflicting types"), and the static assertions refuse a struct whose
/// size or field offsets differ from the installed library's.
@Suite struct RsvgDeclarationTests {
    @Test func theDeclarationsMatchTheInstalledHeaders() throws {
        let cc = try ExternalTool.locate("cc", package: "gcc")
        let pkgConfig = try ExternalTool.locate("pkg-config", package: "pkg-config")
        let flags = try ExternalTool.output(pkgConfig, ["--cflags", "librsvg-2.0"])
            .split(whereSeparator: \.isWhitespace).map(String.init)
        let header = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/CSVGImage/rsvg-api.h").standardizedFileURL
        #expect(FileManager.default.fileExists(atPath: header.path))
        let check = """
        #include <librsvg/rsvg.h>
        #include <stddef.h>
        #define ARRANGE_RSVG_API_CHECK 1
        #define ArrangeRsvgHandle RsvgHandle
        #define ArrangeGError GError
        #define ArrangeRsvgLength RsvgLength
        #define ArrangeRsvgRectangle RsvgRectangle
        #define ArrangeCairo cairo_t
        #include "\(header.path)"
        _Static_assert(sizeof(struct arrange_gerror_layout) == sizeof(GError), "GError size");
        _Static_assert(offsetof(struct arrange_gerror_layout, code) == offsetof(GError, code), "GError code");
        _Static_assert(offsetof(struct arrange_gerror_layout, message) == offsetof(GError, message), "GError message");
        _Static_assert(sizeof(struct arrange_rsvg_length_layout) == sizeof(RsvgLength), "RsvgLength size");
        _Static_assert(offsetof(struct arrange_rsvg_length_layout, unit) == offsetof(RsvgLength, unit), "RsvgLength unit");
        _Static_assert(sizeof(struct arrange_rsvg_rectangle_layout) == sizeof(RsvgRectangle), "RsvgRectangle size");
        _Static_assert(offsetof(struct arrange_rsvg_rectangle_layout, height) == offsetof(RsvgRectangle, height), "RsvgRectangle height");
        _Static_assert(sizeof(gboolean) == sizeof(int) && sizeof(gsize) == sizeof(size_t), "GLib scalars");
        """
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("check.c")
        try Data(check.utf8).write(to: file)
        let run = try ExternalTool.run(cc, flags + ["-std=c11", "-Werror", "-fsyntax-only", file.path])
        #expect(run.status == 0, "\(run.errors)")
        // And a wrong prototype is caught: the check is not vacuous.
        let wrong = check + "\nvoid rsvg_handle_set_dpi(RsvgHandle *handle, float dpi);\n"
        try Data(wrong.utf8).write(to: file)
        #expect(try ExternalTool.run(cc, flags + ["-std=c11", "-fsyntax-only", file.path]).status != 0)
    }
}
