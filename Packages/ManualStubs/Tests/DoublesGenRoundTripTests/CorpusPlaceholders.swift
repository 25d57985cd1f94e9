import TestDoublesRecorder

@testable import DoublesGenCorpus

/// Recording values for the corpus's own types, which the engine cannot
/// synthesize. Every test registers the same values, so parallel tests agree.
enum CorpusPlaceholders {
    static func register() {
        Match.Placeholders.register { Item(id: -1) }
        Match.Placeholders.register { User(name: "placeholder") }
        Match.Placeholders.register { Point(x: 0, y: 0) }
        Match.Placeholders.register { LoadError(code: -1) }
        Match.Placeholders.register { Node() }
    }
}
