/// The ancestor of `Refined`, declared in another file.
protocol Ancestor {
    func inherited(_ value: Int) -> Int
    var name: String { get }
}
