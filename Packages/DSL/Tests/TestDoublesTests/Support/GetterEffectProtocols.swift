// Protocols with effectful getters, and conformers that are never called:
// they give signature discovery its witnesses (and, built with debug
// information, the DWARF that proves each getter's effects).

struct GEBoom: Error, Equatable {
    var code: Int
}

struct GEQuotaExceeded: Error, Equatable {
    var remaining: Int
    var limit: Int
}

protocol GEThermometer {
    var celsius: Double { get throws }
}

protocol GEFeed {
    var latest: String { get async throws }
}

protocol GEQuota {
    var remaining: Int { get throws(GEQuotaExceeded) }
}

protocol GEGrid {
    subscript(row: Int) -> Int { get throws }
}

protocol GEAtlas {
    subscript(x: Int, y: Int, layer: String) -> Double { get async throws }
}

protocol GEDashboard {
    var title: String { get }
    var load: Int { get throws }
    var volume: Int { get set }
    var uptime: Int { get async }
    subscript(metric: String) -> Double { get async throws(GEBoom) }
    func refresh(_ force: Bool) -> Bool
}

protocol GENamed {
    var name: String { get async }
}

protocol GEAccount: GENamed {
    var balance: Int { get throws }
    subscript(month: Int) -> Int { get async throws }
}

protocol GESensor {
    var reading: Int { get throws }
}

protocol GEClock {
    var now: Int { get async }
}

/// No conformer anywhere: only explicit requirements describe it.
protocol GEUnlinkedFeed {
    var latest: Int { get async throws }
}

struct GELiveThermometer: GEThermometer {
    var celsius: Double { get throws { 21.5 } }
}

struct GELiveFeed: GEFeed {
    var latest: String { get async throws { "live" } }
}

struct GELiveQuota: GEQuota {
    var remaining: Int { get throws(GEQuotaExceeded) { 1 } }
}

struct GELiveGrid: GEGrid {
    subscript(row: Int) -> Int { get throws { row } }
}

struct GELiveAtlas: GEAtlas {
    subscript(x: Int, y: Int, layer: String) -> Double { get async throws { Double(x + y) } }
}

struct GELiveDashboard: GEDashboard {
    var title: String { "live" }
    var load: Int { get throws { 0 } }
    var volume = 0
    var uptime: Int { get async { 0 } }
    subscript(metric: String) -> Double { get async throws(GEBoom) { 0 } }
    func refresh(_ force: Bool) -> Bool { force }
}

struct GELiveAccount: GEAccount {
    var name: String { get async { "live" } }
    var balance: Int { get throws { 0 } }
    subscript(month: Int) -> Int { get async throws { month } }
}

/// A real sensor a `Spy` forwards to: its reading fails while it is `broken`.
final class GELiveSensor: GESensor, @unchecked Sendable {
    let broken: Bool
    init(broken: Bool) { self.broken = broken }
    var reading: Int {
        get throws {
            if broken { throw GEBoom(code: 503) }
            return 42
        }
    }
}

struct GELiveClock: GEClock {
    var now: Int { get async { 0 } }
}
