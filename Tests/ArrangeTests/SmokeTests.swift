import Testing
import Foundation
@testable import Arrange

@Test func smoke() {
    let r = LayoutResult(of: HStack(spacing: 0) { Rectangle(); Rectangle(); Rectangle() }.frame(width: 300, height: 100), in: .init(width: 300, height: 100))
    #expect(r.rootSize == CGSize(width: 300, height: 100))
}
