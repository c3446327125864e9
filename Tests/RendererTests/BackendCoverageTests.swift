import Arrange
import ArrangeBackends
import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// Every display-list item kind drawn by every registered backend in every format it writes
/// (issue 25). Adding a kind to `DisplayItem.Content` stops this file compiling until `sample`
/// makes one (its switch over `Kind` has no default), and the test then fails for any backend
/// whose output does not change when the item is added: a backend cannot skip a kind silently.
@Suite struct BackendCoverageTests {
    static let frame = CGRect(x: 8, y: 8, width: 32, height: 24)

    /// One item of `kind`, drawing in `frame`, and the list it is compared with: an empty one,
    /// or for a group the group's items drawn without it.
    static func sample(_ kind: DisplayItem.Content.Kind) throws -> (item: DisplayItem, without: [DisplayItem]) {
        let identity = ViewIdentity(path: "0", kind: kind.rawValue)
        let fill = DisplayItem(frame: frame, identity: identity, content: .fill(.rectangle, Color(red: 0.8, green: 0.1, blue: 0.1)))
        switch kind {
        case .fill:
            return (fill, [])
        case .strokeBorder:
            return (DisplayItem(frame: frame, identity: identity, content: .strokeBorder(.roundedRectangle(cornerRadius: 4), .blue, lineWidth: 3)), [])
        case .group:
            // A faded, shadowed group of a fill differs from the fill alone.
            let group = DisplayGroup(opacity: 0.5, shadow: Shadow(color: .black, radius: 2, offset: CGSize(width: 3, height: 3)), items: [fill])
            return (DisplayItem(frame: frame, identity: identity, content: .group(group)), [fill])
        case .text:
            let list = LayoutResult(of: Text("Ag").font(.system(size: 18)).padding(8)).displayList
            let text = try #require(Self.items(list.items).first { $0.content.kind == .text })
            return (text, [])
        case .path:
            var path = Path()
            path.move(to: CGPoint(x: 0, y: 24))
            path.addLine(to: CGPoint(x: 16, y: 0))
            path.addLine(to: CGPoint(x: 32, y: 24))
            path.closeSubpath()
            return (DisplayItem(frame: frame, identity: identity, content: .path(PathDrawing(path: path, paint: .color(.green)))), [])
        case .image:
            let png = try BackendRegistry.standard.draw(DisplayList(size: CGSize(width: 4, height: 4), items: [
                DisplayItem(frame: CGRect(x: 0, y: 0, width: 4, height: 4), identity: identity, content: .fill(.rectangle, .orange)),
            ]), as: .png, settings: BackendSettings())
            return (DisplayItem(frame: frame, identity: identity, content: .image(ImageDrawing(source: try ImageSource(data: png)))), [])
        }
    }

    /// Items with the groups' items after each group.
    static func items(_ items: [DisplayItem]) -> [DisplayItem] {
        items.flatMap { item -> [DisplayItem] in
            if case .group(let group) = item.content { return [item] + Self.items(group.items) }
            return [item]
        }
    }

    @Test(arguments: DisplayItem.Content.Kind.allCases)
    func everyBackendDrawsEveryItemKind(_ kind: DisplayItem.Content.Kind) throws {
        let (item, without) = try Self.sample(kind)
        let size = CGSize(width: 56, height: 48)
        let with = DisplayList(size: size, items: [item]), reference = DisplayList(size: size, items: without)
        let registry = BackendRegistry.testing
        #expect(registry.backends.count >= 3)
        for backend in registry.backends {
            for format in backend.formats {
                let drawn = try backend.draw(with, as: format, settings: BackendSettings())
                let plain = try backend.draw(reference, as: format, settings: BackendSettings())
                #expect(drawn != plain, "\(backend.name) draws the same \(format) with and without a \(kind) item")
            }
        }
        // The picture itself: ink inside the item's frame.
        let bitmap = try Bitmap(png: registry.draw(with, as: .png, settings: BackendSettings()))
        let inked = (Int(item.frame.minY)..<Int(item.frame.maxY)).contains { y in
            (Int(item.frame.minX)..<Int(item.frame.maxX)).contains { x in bitmap[x, y].alpha > 0 }
        }
        #expect(inked, "no ink inside the \(kind) item's frame")
        // The recording names the kind.
        let recorded = try RecordingBackend.items(in: registry.draw(with, as: RecordingBackend.format, settings: BackendSettings()))
        #expect(recorded.first?.kind == kind.rawValue)
    }

    @Test func theRegistryNamesABackendForEveryFormatAndTheRecordingOne() throws {
        let registry = BackendRegistry.testing
        #expect(registry.formats.map(\.rawValue) == ["png", "pdf", "svg", "recording"])
        #expect(registry.backend(for: .png)?.name == "cairo")
        #expect(registry.backend(for: .svg)?.name == "svg")
        #expect(registry.backend(for: .png, named: "svg") == nil)
        #expect(registry.format(named: "PNG") == .png)
        #expect(registry.format(named: "gif") == nil)
        #expect(throws: RenderError.self) { try registry.draw(DisplayList(size: CGSize(width: 4, height: 4), items: []), as: OutputFormat(rawValue: "gif"), settings: BackendSettings()) }
        #expect(BackendRegistry.standard.formatList == "png, pdf or svg")
    }
}
