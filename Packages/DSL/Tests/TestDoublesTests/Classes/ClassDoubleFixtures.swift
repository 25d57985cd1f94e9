import Foundation

/// What the fixtures throw.
enum CDError: Error, Equatable {
    case offline
    case refused(Int)
}

/// A class with members of several effects, properties and a subscript, all overridable.
class CDSession {
    var host: String
    var retries = 0
    let id: Int
    private(set) var log: [String] = []

    init(host: String, id: Int) {
        self.host = host
        self.id = id
    }

    func fetch(_ path: String) -> String { "\(host)/\(path)" }

    func add(_ first: Int, _ second: Int) -> Int { first + second }

    func scale(_ value: Double) -> Double { value * 2 }

    func connect(timeout: Int) throws -> Bool {
        if timeout < 0 { throw CDError.refused(timeout) }
        return true
    }

    func record(_ line: String) { log.append(line) }

    var isOnline: Bool { false }

    subscript(_ index: Int) -> String {
        get { "row \(index) of \(host)" }
        set { host = newValue }
    }

    /// Calls other overridable members: a double's answers reach it.
    func summary() -> String { "\(fetch("a")) \(add(1, 2))" }
}

/// A subclass that overrides one member and adds one.
class CDSecureSession: CDSession {
    override func fetch(_ path: String) -> String { "secure " + super.fetch(path) }

    func token() -> Int { 42 }
}

/// Observes a double's instance going away.
class CDTracked {
    nonisolated(unsafe) static var deinits = 0
    let name: String

    init(name: String) { self.name = name }

    deinit { Self.deinits += 1 }

    func greet() -> String { "hello \(name)" }
}

/// A class with a final member beside an overridable one.
class CDWithFinal {
    init() {}

    func overridable() -> Int { 1 }

    final func total() -> Int { overridable() + 1 }
}

/// A class whose members are only reached through an extension.
class CDWithExtension {
    init() {}

    func base() -> Int { 1 }
}

extension CDWithExtension {
    func extra() -> Int { base() + 1 }
}

/// A final class that declares members of its own.
final class CDFinalOwn {
    init() {}

    func value() -> Int { 1 }
}

/// An open base and a final class that only overrides it.
class CDClock {
    init() {}

    func now() -> Int { 0 }
}

final class CDFixedClock: CDClock {
    override func now() -> Int { 7 }
}

/// A final class that declares only members of its own beside what it inherits.
final class CDLabeledClock: CDClock {
    func label() -> String { "clock" }
}

/// A final class that only inherits.
final class CDPlainClock: CDClock {}

/// Async members: methods, a throwing one, a typed-throwing one with a large result, and async getters.
class CDAsyncLoader {
    private(set) var loads = 0

    init() {}

    func load() async -> Int {
        loads += 1
        return 1
    }

    func fetch(_ path: String, retries: Int) async throws -> String {
        if retries < 0 { throw CDError.refused(retries) }
        return "loaded \(path)"
    }

    func point(_ scale: Int) async throws(CDError) -> CDPoint {
        if scale == 0 { throw CDError.offline }
        return CDPoint(x: scale, y: -scale)
    }

    var ready: Bool { get async { true } }

    var token: String { get async throws { throw CDError.offline } }
}

/// A value type argument and result.
struct CDPoint: Equatable {
    var x: Int
    var y: Int
}

/// Members with closures, structs, optionals and arguments beyond the registers.
class CDWorker {
    init() {}

    func run(_ job: @escaping (Int) -> String) -> String { job(1) }

    func move(_ point: CDPoint, by delta: Int) -> CDPoint { CDPoint(x: point.x + delta, y: point.y + delta) }

    func find(_ key: String?) -> Int? { key?.count }

    func sum(
        _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: Int, _ h: Int, _ i: Int
    ) -> Int { a + b + c + d + e + f + g + h + i }
}

/// A generic class, and a class extended in this module with a member of its own.
class CDBox<Element> {
    init() {}

    func count() -> Int { 0 }
}

class CDBoxOfInts: CDBox<Int> {}

/// Read-only getters and a subscript that throw: their symbols spell only the value's type.
class CDGauge {
    init() {}

    var level: Int { get throws { throw CDError.offline } }

    var reading: Double { get throws(CDError) { 1.5 } }

    subscript(_ index: Int) -> String { get throws { "row \(index)" } }

    var name: String { "gauge" }
}
