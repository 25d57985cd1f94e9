protocol Root {
    func rootCall() -> Int
    var shared: String { get }
}

protocol Left: Root {
    func leftCall()
}

protocol Right: Root {
    func rightCall() async
}

protocol Bottom: Left, Right {
    func bottomCall(_ value: Int) -> Int
}
