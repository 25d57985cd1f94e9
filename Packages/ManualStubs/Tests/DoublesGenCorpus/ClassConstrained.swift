protocol Delegate: AnyObject {
    func didFinish(_ result: Int)
    var isActive: Bool { get set }
}

protocol LegacyDelegate: AnyObject, Sendable {
    func legacy()
}

protocol SubDelegate: Delegate {
    func didFail(_ error: LoadError)
    init(identifier: String)
}

protocol ConstrainedBySelf where Self: AnyObject {
    static var instances: Int { get set }
    func ping() -> Bool
}
