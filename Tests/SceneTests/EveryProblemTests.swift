import ArrangeScene
import Foundation
import Testing

/// Reading goes on past a bad view, modifier or scene entry, so that one run reports every
/// independent problem of a file, each located, up to `SceneError.maximumReported`.
@Suite struct EveryProblemTests {
    func problems(_ yaml: String) -> [SceneError] {
        do {
            _ = try Scene(text: yaml, file: "s.yaml")
            return []
        } catch let error as SceneError {
            return error.all
        } catch {
            Issue.record("unexpected \(error)")
            return []
        }
    }

    @Test func eachBadChildModifierAndEntryIsReported() {
        let found = problems("""
        canvas: {width: 200, height: -5}
        view:
          vstack: {}
          children:
            - rectangl: {}
            - text: "hi"
              modifiers:
                - bordr: 1
                - padding: 4
            - circle
            - hstack: {}
              children:
                - color: nope
        """)
        #expect(found.map { "\($0.location.line):\($0.location.column)" } == ["1:30", "5:7", "8:11", "13:18"])
        // The kind is unknown, so the section to read is the list of kinds.
        #expect(found[1].message == "unknown view kind 'rectangl'; did you mean 'rectangle'? (see docs/scene-format.md#views)")
        #expect(found[2].message.hasPrefix("unknown modifier 'bordr'; did you mean 'border'?"))
        #expect(found[3].message.hasPrefix("'color' cannot be 'nope'"))
        // `all` lists the problems flat: none carries further ones of its own.
        #expect(found.allSatisfy { $0.further.isEmpty })
    }

    @Test func aProblemInEveryCopyOfARepeatedChildIsReportedOnce() {
        let found = problems("""
        view:
          hstack: {}
          children:
            - rectangle: {}
              repeat: 50
              modifiers: [{opacity: 2}]
        """)
        #expect(found.count == 1)
        #expect(found.first?.location.line == 6)
    }

    @Test func reportingStopsAtTheCap() {
        let children = (0..<30).map { "    - rectangle: {}\n      modifiers: [{opacity: \($0 + 2)}]" }.joined(separator: "\n")
        let found = problems("view:\n  vstack: {}\n  children:\n" + children + "\n")
        #expect(found.count == SceneError.maximumReported)
        #expect(found.count == 20)
        // The first twenty children, in order: lines 5, 7, 9, …
        #expect(found.map(\.location.line) == (0..<20).map { 5 + 2 * $0 })
    }

    @Test func aLimitEndsReadingWithTheProblemsBeforeIt() {
        // 101 views (the limit is 100,000): a bad modifier first, then the limit, then nothing.
        let found = problems("""
        canvas: {width: -1}
        view:
          vstack: {}
          children:
            - rectangle: {}
              repeat: 10000
            - vstack: {}
              repeat: 10000
              children:
                - {rectangle: {}, repeat: 10}
        """)
        #expect(found.count == 2)
        #expect(found.first?.location.line == 1)
        #expect(found.last?.message.hasPrefix("the scene has more than 100000 views") == true)
    }

    @Test func everyUnknownFamilyIsReported() throws {
        let scene = try Scene(text: """
        view:
          vstack: {}
          children:
            - text: {content: a, font: {family: Nosuch One}}
            - text: {content: b, font: {family: Nosuch Two}}
        """, file: "f.yaml")
        let error = try #require(throws: SceneError.self) { try scene.fontLibrary() }
        #expect(error.all.map(\.location.line) == [4, 5])
        #expect(error.all.allSatisfy { $0.message.contains("Nosuch") })
    }
}
