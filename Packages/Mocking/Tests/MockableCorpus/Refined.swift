/// Inherits across files: its mock flattens `Ancestor`'s requirements.
protocol Refined: Ancestor {
    func own() -> Bool
}
