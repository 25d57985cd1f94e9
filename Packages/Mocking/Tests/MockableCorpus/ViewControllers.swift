/// A class the input declares: a protocol constrained to it gets the composed shape by itself.
class BaseViewController {
    var title = "base"
    init() {}
}

protocol Screen: BaseViewController {
    func render(page: Int) -> String
    var isVisible: Bool { get set }
    static func make() -> Int
}
