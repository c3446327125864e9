import Arrange
import ArgumentParser
import ArrangeSnapshot

/// `--shard i/n` of `render` and `check`: the share `index` of `count` of the scenes, for a CI
/// matrix of `count` jobs. A scene's share comes from a hash of its name
/// (`SnapshotCheck.inShard`), so it stays in its shard when other scenes come and go, and
/// `render` and `check` split the same scenes alike.
struct ShardOption: Sendable {
    /// 1-based: `--shard 1/4` is the first of four.
    let index: Int
    let count: Int

    /// The option's text read, or an error that shows the form (the option's `transform`).
    static func parse(_ argument: String) throws -> ShardOption {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            throw ValidationError("--shard expects i/n with 1 ≤ i ≤ n, as in --shard 2/4; found '\(TerminalText.escaped(argument))'")
        }
        return ShardOption(index: index, count: count)
    }

    /// Whether the scene named `name` (its file name without extension) is in this share.
    func contains(_ name: String) -> Bool { SnapshotCheck.inShard(name, index: index, of: count) }

    /// The inputs in this share, in their order.
    func select(_ inputs: [SceneInput]) -> [SceneInput] { inputs.filter { contains($0.baseName) } }

    /// " (shard i/n)" for a summary line, empty for the whole run.
    var summarySuffix: String { count > 1 ? " (shard \(index)/\(count))" : "" }
}
