protocol Named {
    init(name: String)
    var name: String { get }
}

protocol Failable {
    init?(code: Int)
}

protocol ThrowingInit {
    init(path: String) throws
    init(url: String) async throws(LoadError)
}

protocol Factory {
    static func make() -> Self
    func copy() -> Self
}
