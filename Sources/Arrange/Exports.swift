// SwiftUI makes CGFloat, CGPoint, CGSize and CGRect available to every file that imports it; so
// does Arrange, so that SwiftUI code compiles with only the import changed.
@_exported import Foundation
