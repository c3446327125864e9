import Arrange
import ArrangeScene
import Foundation

/// The results of a check run, and the reports CI reads: a JSON summary (which `merge` joins
/// across shards, as Playwright's `merge-reports` does), an HTML page showing each failure, and
/// JUnit XML.
public struct CheckReport: Codable, Equatable, Sendable {
    /// Every scene's result, by reference name.
    public var results: [CheckResult]

    public init(results: [CheckResult]) {
        self.results = results.sorted { $0.name < $1.name }
    }

    public var passed: Int { results.filter { $0.status == .passed }.count }
    /// Passes that a tolerance allowed (`CheckResult.tolerated`), counted in `passed` too.
    public var tolerated: Int { results.filter { $0.tolerated == true }.count }
    public var recorded: Int { results.filter { $0.status == .recorded }.count }
    public var failed: Int { results.filter(\.status.isFailure).count }

    /// "12 scenes: 10 passed, 1 recorded, 1 failed", with "(2 tolerated)" after the passes when
    /// a tolerance allowed some. When scenes drawn in light and dark make more pictures than
    /// scenes, the pictures are counted too: "12 scenes, 14 pictures: …".
    public var summary: String {
        let scenes = Set(results.map(\.scene)).count
        let counted = scenes == results.count ? "" : ", \(results.count) picture\(results.count == 1 ? "" : "s")"
        return "\(scenes) scene\(scenes == 1 ? "" : "s")\(counted): \(passed) passed\(tolerated > 0 ? " (\(tolerated) tolerated)" : ""), "
            + "\(recorded) recorded, \(failed) failed"
    }

    /// Joins shard reports into one.
    /// - Throws: `MergeError` when two reports hold the same scene (shards overlapped).
    public static func merge(_ reports: [CheckReport]) throws -> CheckReport {
        var seen = Set<String>()
        for result in reports.flatMap(\.results) where !seen.insert(result.name).inserted {
            throw MergeError(description: "the scene '\(result.name)' is in more than one report; were the shards the same?")
        }
        return CheckReport(results: reports.flatMap(\.results))
    }

    /// Why reports cannot be merged.
    public struct MergeError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The report as JSON, keys sorted: the same results give the same bytes.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Reads a report written by `json()`.
    /// - Throws: a decoding error for anything else, and `UnsafeImage` for an image path that
    ///   is not a picture's file name in the report's folder: a shard's JSON may come from
    ///   anyone, and report.html would show what it names.
    public static func read(_ data: Data) throws -> CheckReport {
        let report = try JSONDecoder().decode(CheckReport.self, from: data)
        for result in report.results {
            guard let files = result.files else { continue }
            for path in files.paths where !isImageName(path) {
                throw UnsafeImage(path: path)
            }
        }
        return report
    }

    /// An image path a report may not hold.
    public struct UnsafeImage: Error, CustomStringConvertible {
        /// The path as the report gives it.
        public let path: String
        public var description: String {
            "the image path '\(TerminalText.escaped(path))' is not a PNG file name in the report's folder (no '/' or '\\', no control characters, ending in .png)"
        }
    }

    /// Whether `path` is what `arrange check` writes: the name of a PNG file in the report's
    /// folder, so that report.html never links anywhere else (a web address, `javascript:`, a
    /// parent folder).
    public static func isImageName(_ path: String) -> Bool {
        path.hasSuffix(".png") && path != ".png"
            && !path.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.properties.generalCategory == .control }
    }

    /// An image's `src`: its file name percent-encoded as a relative URL (`./` in front of a name
    /// whose colon would read as a scheme), then escaped for HTML.
    static func source(_ name: String) -> String {
        xml(XMLEscaping.linkReference(name))
    }

    /// JUnit XML: one test suite, one test case per scene, failures with their message.
    public func junit() -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let errors = results.filter { $0.status == .error }.count
        xml += "<testsuites tests=\"\(results.count)\" failures=\"\(failed - errors)\" errors=\"\(errors)\">\n"
        xml += "  <testsuite name=\"arrange check\" tests=\"\(results.count)\" failures=\"\(failed - errors)\" errors=\"\(errors)\">\n"
        for result in results {
            xml += "    <testcase classname=\"arrange.check\" name=\"\(Self.xml(result.name))\" file=\"\(Self.xml(result.scene))\""
            switch result.status {
            case .passed, .recorded:
                if let note = result.toleratedNote {
                    // JUnit has no "passed with a warning": the note goes to the case's output.
                    xml += ">\n      <system-out>PASSED (\(Self.xml(note)))</system-out>\n    </testcase>\n"
                } else {
                    xml += "/>\n"
                }
            case .failed, .missing:
                xml += ">\n      <failure message=\"\(Self.xml(result.message ?? result.status.rawValue))\">\(Self.xml(Self.details(result)))</failure>\n    </testcase>\n"
            case .error:
                xml += ">\n      <error message=\"\(Self.xml(result.message ?? "error"))\"/>\n    </testcase>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// The failure's message and the views that moved, one per line.
    static func details(_ result: CheckResult) -> String {
        ([result.message ?? ""] + result.changes.map(\.description)).joined(separator: "\n")
    }

    /// An HTML page: a summary, then each failure with its reference, actual and diff images side
    /// by side, a slider that wipes from the reference to the actual picture, and the views that
    /// moved. Image paths are relative to the page, which sits in the output folder.
    public func html() -> String {
        var page = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>arrange check: \(Self.xml(summary))</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
        h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 32px; }
        .failed h2 { color: #b00020; } .passed { color: #1b7a2f; } .tolerated { color: #8a5a00; }
        .images { display: flex; gap: 16px; flex-wrap: wrap; align-items: flex-start; }
        figure { margin: 0; } figcaption { font-size: 12px; color: #555; }
        figure img { border: 1px solid #ccc; max-width: 360px; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        .wipe { position: relative; display: inline-block; }
        .wipe img { display: block; max-width: 360px; border: 1px solid #ccc; }
        .wipe .top { position: absolute; top: 0; left: 0; clip-path: inset(0 50% 0 0); }
        pre { background: #f6f6f6; padding: 8px; overflow-x: auto; }
        </style></head><body>
        <h1>arrange check</h1>
        <p>\(Self.xml(summary))</p>

        """
        for result in results where result.status.isFailure {
            page += "<section class=\"failed\"><h2>\(Self.xml(result.name)) — \(result.status.rawValue)</h2>\n"
            page += "<p>\(Self.xml(result.scene)): \(Self.xml(result.message ?? ""))</p>\n"
            // Never a link out of the report's folder, should a report be built by hand.
            if let files = result.files, files.paths.allSatisfy(Self.isImageName) {
                page += "<div class=\"images\">\n"
                page += "<figure><img src=\"\(Self.source(files.expected))\" alt=\"reference\"><figcaption>reference</figcaption></figure>\n"
                page += "<figure><img src=\"\(Self.source(files.actual))\" alt=\"actual\"><figcaption>actual</figcaption></figure>\n"
                if let diff = files.diff {
                    // No pixel count with a diff image: the sizes differed, and the picture is
                    // the two side by side (Bitmap.sideBySide).
                    let caption = result.differingPixels == nil
                        ? "sizes differ: reference left, actual right, magenta stripes where an image has no pixels"
                        : "diff: red differs, yellow is anti-aliasing"
                    page += "<figure><img src=\"\(Self.source(diff))\" alt=\"diff\"><figcaption>\(caption)</figcaption></figure>\n"
                }
                page += "<figure><div class=\"wipe\"><img src=\"\(Self.source(files.expected))\" alt=\"reference\"><img class=\"top\" src=\"\(Self.source(files.actual))\" alt=\"actual\"></div>"
                page += "<figcaption>actual (left of the line) over reference: <input type=\"range\" min=\"0\" max=\"100\" value=\"50\" "
                page += "oninput=\"this.closest('figure').querySelector('.top').style.clipPath='inset(0 '+(100-this.value)+'% 0 0)'\"></figcaption></figure>\n"
                page += "</div>\n"
            }
            if !result.changes.isEmpty {
                page += "<pre>" + Self.xml(result.changes.map(\.description).joined(separator: "\n")) + "</pre>\n"
            }
            page += Self.inputList(result)
            page += "</section>\n"
        }
        let others = results.filter { !$0.status.isFailure }
        if !others.isEmpty {
            page += "<h2>Passed and recorded</h2>\n<ul>\n"
            for result in others {
                let note = result.toleratedNote.map { " (\(Self.xml($0)))" } ?? ""
                page += "<li class=\"\(result.tolerated == true ? "tolerated" : "passed")\">\(Self.xml(result.name)): \(result.status.rawValue)\(note)\(Self.inputList(result))</li>\n"
            }
            page += "</ul>\n"
        }
        return page + "</body></html>\n"
    }

    /// The files a scene was read from, collapsed: empty when none are known.
    static func inputList(_ result: CheckResult) -> String {
        guard let inputs = result.inputs, !inputs.isEmpty else { return "" }
        let items = inputs.map { "<li>\(xml($0))</li>" }.joined()
        return "<details class=\"inputs\"><summary>inputs (\(inputs.count))</summary><ul>\(items)</ul></details>\n"
    }

    /// Text for XML and HTML: markup characters as entities, control characters dropped.
    static func xml(_ text: String) -> String { XMLEscaping.escape(text) }
}

extension CheckResult.Files {
    /// The reference, actual and (if any) diff file names.
    var paths: [String] { [expected, actual] + (diff.map { [$0] } ?? []) }
}
