protocol Account: Identified, Resource {
    var balance: Int { get set }
    // Restated from Identified: generated once.
    var id: String { get }
    func deposit(_ amount: Int) throws
}

protocol RefinedSettings: Settings {
    // Refines a read-only property of Settings to settable.
    var name: String { get set }
}
