import Foundation

/// How far apart two words are, for "did you mean" suggestions (scene keys, font families, icon
/// names), and which names a search or a typo may mean.
public enum Spelling {
    /// Optimal string alignment distance: insertions, deletions, substitutions and
    /// transpositions of neighbours each cost 1.
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// The candidates containing `text` (any case), best first: the name itself, then names that
    /// start with it, then the others; shorter names first in each group, then alphabetically.
    public static func matches(containing text: String, in candidates: [String]) -> [String] {
        let lowered = text.lowercased()
        guard !lowered.isEmpty else { return candidates }
        func rank(_ name: String) -> (Int, Int, String)? {
            let candidate = name.lowercased()
            if candidate == lowered { return (0, 0, name) }
            if candidate.hasPrefix(lowered) { return (1, name.count, name) }
            if candidate.contains(lowered) { return (2, name.count, name) }
            return nil
        }
        return candidates.compactMap(rank).sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }.map(\.2)
    }

    /// Up to `limit` candidates a mistyped `word` may have meant (any case), none twice: first the
    /// names a few edits away (at most a third of the word's length, at least one; nearest
    /// first), then names that start with the word, then names containing it (shorter first), then
    /// names the word contains that are at least half as long as it and three letters or more
    /// (longer first: "databases" → "database", but not "databse" → "tab").
    public static func suggestions(for word: String, in candidates: [String], limit: Int = 3) -> [String] {
        let lowered = word.lowercased()
        // Far longer than any name: nothing is near, and comparing would cost time.
        guard !lowered.isEmpty, lowered.utf8.count <= 64, limit > 0 else { return [] }
        let letters = Array(lowered)
        let allowed = max(1, letters.count / 3)
        var near: [(distance: Int, length: Int, name: String)] = []
        for name in candidates {
            let distance = distance(letters, Array(name.lowercased()))
            if distance <= allowed { near.append((distance, name.count, name)) }
        }
        var result = near.sorted { ($0.distance, $0.length, $0.name) < ($1.distance, $1.length, $1.name) }.map(\.name)
        result += matches(containing: word, in: candidates)
        let shortest = max(3, (letters.count + 1) / 2)
        result += candidates.filter { $0.count >= shortest && lowered.contains($0.lowercased()) }
            .sorted { ($1.count, $0) < ($0.count, $1) }
        var seen = Set<String>()
        return Array(result.filter { seen.insert($0).inserted }.prefix(limit))
    }
}
