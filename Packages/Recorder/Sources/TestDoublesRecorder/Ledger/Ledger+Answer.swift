extension Ledger {
    /// How a call was answered in the lock hold that recorded it, as its
    /// ledger entry keeps it (see ``Entry/answerKind``): a kind and a word,
    /// ``none`` (kind 0) for a call answered after that hold.
    ///
    /// Plain words rather than an optional ``ImmediateAnswer``: one append
    /// serves a call answered in its hold and one whose handler answers it
    /// later, with no optional for the answered call to test.
    struct Answer {
        /// See ``Entry/answerKind``; 0 for ``none``.
        var kind: UInt8
        /// See ``Entry/answerWord``.
        var word: UInt64

        /// No answer yet: the call is answered after the hold that records it.
        static let none = Answer(kind: 0, word: 0)

        init(kind: UInt8, word: UInt64) {
            self.kind = kind
            self.word = word
        }

        /// The entry form of `answer`; ``none`` for nil.
        @inline(__always)
        init(_ answer: ImmediateAnswer?) {
            switch answer {
            case nil: self.init(kind: 0, word: 0)
            case .void?: self.init(kind: Shape.voidAnswer, word: 0)
            case .forward?: self.init(kind: Shape.forwardedAnswer, word: 0)
            case .scalar(let kind, let word)?: self.init(kind: kind.rawValue, word: word)
            }
        }

        /// Whether the call finished as it arrived (it was answered in its hold).
        var isAnswered: Bool { kind != 0 }
    }
}
