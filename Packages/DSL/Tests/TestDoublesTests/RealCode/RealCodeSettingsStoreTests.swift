import Foundation
import Synchronization
import TestDoubles
import Testing

// A keychain / settings store: generic Codable accessors, throwing writes,
// a settable property, a subscript by key and an observation callback.

struct RCThemeSettings: Codable, Sendable, Equatable {
    var accent: String
    var fontScale: Double
    var reducedMotion: Bool
}

enum RCKeychainError: Error, Equatable {
    case itemNotFound(String)
    case interactionNotAllowed
}

protocol RCSettingsStore: AnyObject, Sendable {
    func value<T: Codable>(for key: String) -> T?
    func set<T: Codable>(_ value: T, for key: String) throws
    func removeValue(for key: String) throws(RCKeychainError)
    var isSynced: Bool { get set }
    subscript(flag key: String) -> Bool { get set }
    func observe(_ key: String, onChange: @escaping @Sendable (String) -> Void) -> UUID
}

final class RCUserDefaultsStore: RCSettingsStore, @unchecked Sendable {
    var storage: [String: Data] = [:]
    var flags: [String: Bool] = [:]
    var isSynced = false
    func value<T: Codable>(for key: String) -> T? {
        storage[key].flatMap { try? JSONDecoder().decode(T.self, from: $0) }
    }
    func set<T: Codable>(_ value: T, for key: String) throws { storage[key] = try JSONEncoder().encode(value) }
    func removeValue(for key: String) throws(RCKeychainError) {
        guard storage.removeValue(forKey: key) != nil else { throw .itemNotFound(key) }
    }
    subscript(flag key: String) -> Bool {
        get { flags[key] ?? false }
        set { flags[key] = newValue }
    }
    func observe(_ key: String, onChange: @escaping @Sendable (String) -> Void) -> UUID {
        onChange(key)
        return UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    }
}

@Suite struct RealCodeSettingsStoreTests {
    @Test func genericReadsAnswerPerResultType() throws {
        let store = try Stub<any RCSettingsStore>()
        let theme = RCThemeSettings(accent: "#FF9500", fontScale: 1.15, reducedMotion: true)
        store.when { $0.value(for: Match.equal("theme")) as RCThemeSettings? }.thenReturn(theme)
        store.when { $0.value(for: Match.equal("launchCount")) as Int? }.thenReturn(7)
        store.when { $0.value(for: Match.any()) as String? }.thenReturn(nil)
        let settings = store()
        let readTheme: RCThemeSettings? = settings.value(for: "theme")
        let launches: Int? = settings.value(for: "launchCount")
        let name: String? = settings.value(for: "name")
        #expect(readTheme == theme)
        #expect(launches == 7)
        #expect(name == nil)
        store.verify { $0.value(for: Match.equal("launchCount")) as Int? }
    }

    /// Before: the `Int?` registration answered the `String?` call too (an issue about a misfit
    /// answer, and a placeholder `nil` for the caller).
    @Test func genericReadsOfOneKeyAnswerPerResultType() throws {
        let store = try Stub<any RCSettingsStore>()
        store.when { $0.value(for: Match.equal("count")) as Int? }.thenReturn(3)
        store.when { $0.value(for: Match.equal("count")) as String? }.thenReturn("three")
        let settings = store()
        let number: Int? = settings.value(for: "count")
        let text: String? = settings.value(for: "count")
        #expect(number == 3)
        #expect(text == "three")
        // A pattern selects the calls of its own specialization.
        store.verify(1...1) { $0.value(for: Match.equal("count")) as Int? }
        store.verify(1...1) { $0.value(for: Match.equal("count")) as String? }
        store.verify(0...0) { $0.value(for: Match.equal("count")) as Double? }
    }

    /// Before: a pattern of a generic method selected every specialization's calls, so
    /// `arguments()` of the theme writes also read the `[String]` write, reported it as an issue
    /// (its value is not a theme) and `verify(1...1)` failed with two calls.
    @Test func aGenericPatternReadsTheCallsOfItsOwnTypesOnly() throws {
        let store = try Stub<any RCSettingsStore>()
        let theme = RCThemeSettings(accent: "teal", fontScale: 1, reducedMotion: false)
        let themeWrites = store.when { try $0.set(Match.any() as RCThemeSettings, for: Match.any()) }
        themeWrites.thenDoNothing()
        let listWrites = store.when { try $0.set(Match.any() as [String], for: Match.any()) }
        listWrites.thenDoNothing()
        let settings = store()
        try settings.set(["x"], for: "recent")
        try settings.set(theme, for: "theme")
        try settings.set(["y", "z"], for: "recent")
        let issues = TestDoubleIssueReporting.capture {
            let written: [(RCThemeSettings, String)] = themeWrites.arguments()
            #expect(written.map(\.0) == [theme])
            #expect(written.map(\.1) == ["theme"])
        }
        #expect(issues.isEmpty)
        themeWrites.verify(1...1)
        // A failed count says why another specialization's calls were left out.
        let failure = TestDoubleIssueReporting.capture { themeWrites.verify(2...2) }
        #expect(failure.count == 1)
        #expect(
            failure.first?.message.contains(
                "it was made with the generic types (Array<String>), the pattern with (RCThemeSettings)") == true)
        store.verify(2...2) { try $0.set(Match.any() as [String], for: Match.equal("recent")) }
        let lists: [([String], String)] = listWrites.arguments()
        #expect(lists.map(\.0) == [["x"], ["y", "z"]])
    }

    /// Before: a registration of a generic method was offered every specialization's calls first.
    /// `set(Match.any() as RCThemeSettings, for: Match.any())` took a call with `T == [String]`, so
    /// the `[String]` registration after it was reported unreachable and the `[String]` call was
    /// answered by the theme registration (no error thrown).
    @Test func genericWritesAreAnsweredByTheRegistrationOfTheirType() throws {
        let store = try Stub<any RCSettingsStore>()
        let theme = RCThemeSettings(accent: "blue", fontScale: 0.9, reducedMotion: false)
        let themeWrites = store.when { try $0.set(Match.any() as RCThemeSettings, for: Match.any()) }
        themeWrites.thenDoNothing()
        store.when { try $0.set(Match.any() as [String], for: Match.equal("recent")) }
            .thenThrow(RCKeychainError.interactionNotAllowed)
        let settings = store()
        try settings.set(theme, for: "theme")
        #expect(throws: RCKeychainError.interactionNotAllowed) { try settings.set(["a", "b"], for: "recent") }
        // A pattern reads the calls of its own generic types: the theme's only.
        let themes = Match.Capture<RCThemeSettings>()
        store.verify { try $0.set(themes.capture(), for: Match.any()) }
        #expect(themes.values == [theme])
        store.verify { try $0.set(Match.equal(["a", "b"]), for: Match.equal("recent")) }
    }

    @Test func propertiesSubscriptsAndTypedThrows() throws {
        let store = try Stub<any RCSettingsStore>()
        store.when { $0.isSynced }.thenReturn(true)
        store.when { $0.isSynced = Match.any() }.thenDoNothing()
        store.when { $0[flag: Match.equal("beta")] }.thenReturn(true)
        store.when { $0[flag: Match.any()] }.thenReturn(false)
        store.when { $0[flag: Match.any()] = Match.any() }.thenDoNothing()
        store.when { try $0.removeValue(for: Match.equal("token")) }.thenThrow(RCKeychainError.itemNotFound("token"))
        store.when { try $0.removeValue(for: Match.any()) }.thenDoNothing()

        let settings = store()
        #expect(settings.isSynced)
        settings.isSynced = false
        #expect(settings[flag: "beta"])
        #expect(!settings[flag: "other"])
        settings[flag: "onboarding"] = true
        do {
            try settings.removeValue(for: "token")
            Issue.record("no error")
        } catch {
            #expect(error == .itemNotFound("token"))
        }
        try settings.removeValue(for: "cache")
        store.verify { $0.isSynced = Match.equal(false) }
        store.verify { $0[flag: Match.equal("onboarding")] = Match.equal(true) }
        store.verify(2...2) { $0[flag: Match.any()] }
    }

    @Test func anObservationCallbackIsCapturedAndCalledLater() throws {
        let store = try Stub<any RCSettingsStore>()
        let token = UUID()
        let callback = CallbackCapture<@Sendable (String) -> Void>()
        store.when { $0.observe(Match.equal("theme"), onChange: callback.capture()) }.thenReturn(token)
        let changed = RCChangeLog()
        let returned = store().observe("theme") { changed.append($0) }
        #expect(returned == token)
        callback.last?("theme")
        #expect(changed.all == ["theme"])
    }

    @Test func aSpyReachesTheRealStoreThroughGenericsAndAccessors() throws {
        let real = RCUserDefaultsStore()
        let spy = try Spy<any RCSettingsStore>(forwardingTo: real)
        let settings = spy()
        try settings.set(RCThemeSettings(accent: "red", fontScale: 1, reducedMotion: false), for: "theme")
        let back: RCThemeSettings? = settings.value(for: "theme")
        #expect(back == RCThemeSettings(accent: "red", fontScale: 1, reducedMotion: false))
        settings.isSynced = true
        #expect(real.isSynced)
        settings[flag: "x"] = true
        #expect(real.flags == ["x": true])
        #expect(settings[flag: "x"])
        do {
            try settings.removeValue(for: "missing")
            Issue.record("no error")
        } catch {
            #expect(error == .itemNotFound("missing"))
        }
        let changed = RCChangeLog()
        #expect(
            settings.observe("k") { changed.append($0) } == UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)
        #expect(changed.all == ["k"])
    }
}

final class RCChangeLog: Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}
