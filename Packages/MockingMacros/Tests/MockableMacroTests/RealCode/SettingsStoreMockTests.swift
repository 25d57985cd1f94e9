import Foundation
import SwiftMockingMacros
import Testing

/// A settings store with `{ get set }` properties and subscripts, mocked by
/// `@Mockable`: reads and writes are recorded on separate spies.
@Suite struct SettingsStoreMockTests {
    @Test func propertyReadsAndWrites() {
        let mock = MockSettingsStore()
        when(mock.theme).thenReturn("dark")
        when(mock.fontSize).thenReturn(14)
        let store: any SettingsStore = mock
        store.theme = "light"
        store.fontSize = 17.5
        store.fontSize = 12
        #expect(store.theme == "dark")
        #expect(store.fontSize == 14)
        verify(mock.theme).called(1)
        verify(mock.theme <- "light").called(1)
        verify(mock.theme <- .any).called(1)
        verify(mock.fontSize <- .greaterThan(15)).called(1)
        verify(mock.fontSize <- .any).called(2)
        verify(mock.fontSize).called(1)
        verifyNever(mock.theme <- "dark")
        var written: [Double] = []
        verify(mock.fontSize <- .any).captured { _, value in written.append(value) }
        #expect(written == [17.5, 12])
    }

    @Test func compoundAssignmentReadsThenWrites() {
        let mock = MockSettingsStore()
        when(mock.theme).thenReturn("dark")
        when(mock[.any]).thenReturn("a")
        let store: any SettingsStore = mock
        store.theme += "!"
        store["k"]? += "b"
        verify(mock.theme).called(1)
        verify(mock.theme <- "dark!").called(1)
        verify(mock[.equal("k")]).called(1)
        verify(mock[.equal("k")] <- .equal("ab")).called(1)
    }

    @Test func writesNeverCountAsReads() {
        let mock = MockSettingsStore()
        let store: any SettingsStore = mock
        store.theme = "light"
        verify(mock.theme).neverCalled()
        verify(mock.theme(())).neverCalled()
        verify(mock.theme(()).set(.equal("light"))).called(1)
    }

    @Test func unstubbedReadsUseDefaults() {
        let mock = MockSettingsStore()
        let store: any SettingsStore = mock
        #expect(store.theme == "")
        #expect(store.fontSize == 0)
        #expect(store.lastSync == nil)
        #expect(store.recentSearches == [])
        #expect(store["missing"] == nil)
        #expect(store[flag: "beta"] == false)
    }

    @Test func optionalProperty() {
        let mock = MockSettingsStore()
        let date = Date(timeIntervalSince1970: 100)
        when(mock.lastSync).thenReturn(date)
        let store: any SettingsStore = mock
        store.lastSync = nil
        store.lastSync = date
        #expect(store.lastSync == date)
        verify(mock.lastSync <- .nil()).called(1)
        verify(mock.lastSync <- .notNil()).called(1)
        verify(mock.lastSync <- .equal(date)).called(1)
    }

    @Test func writeStubRunsItsHandler() {
        let mock = MockSettingsStore()
        let box = Collected<String>()
        when(mock.theme <- .any).do { _, newValue in box.append(newValue) }
        let store: any SettingsStore = mock
        store.theme = "sepia"
        #expect(box.values == ["sepia"])
    }

    @Test func writeStubWithAHandlerSeesTheNewValue() {
        let mock = MockSettingsStore()
        let box = Collected<Double>()
        when(mock.fontSize <- .greaterThan(20)).thenReturn { _, newValue in box.append(newValue) }
        let store: any SettingsStore = mock
        store.fontSize = 12
        store.fontSize = 24
        #expect(box.values == [24])
        verify(mock.fontSize <- .any).called(2)
    }

    @Test func subscripts() {
        let mock = MockSettingsStore()
        when(mock[.equal("name")]).thenReturn("Ada")
        when(mock[flag: "beta"]).thenReturn(true)
        let store: any SettingsStore = mock
        store["name"] = "Grace"
        store["token"] = nil
        #expect(store["name"] == "Ada")
        #expect(store[flag: "beta"])
        #expect(store[flag: "other"] == false)
        verify(mock[.equal("name")]).called(1)
        verify(mock[flag: .any]).called(2)
        verify(mock[.equal("name")] <- .equal("Grace")).called(1)
        verify(mock[.any] <- .nil()).called(1)
        verify(mock[.any].set(.any)).called(2)
        var writes: [String] = []
        verify(mock[.any] <- .any).captured { key, value in writes.append("\(key)=\(value ?? "nil")") }
        #expect(writes == ["name=Grace", "token=nil"])
    }

    @Test func readsAndWritesInOrder() {
        MockScope.withInvocationRecorder {
            let mock = MockSettingsStore()
            let store: any SettingsStore = mock
            store.theme = "a"
            _ = store.theme
            store.theme = "b"
            verifyInOrder([mock.theme <- "a", mock.theme(()).get, mock.theme <- "b"])
            expectFailure(atLine: #line + 1, containing: "interactions") {
                verifyInOrder([mock.theme <- "b", mock.theme <- "a"])
            }
        }
    }

    @Test func readCountFailureIsReported() {
        let mock = MockSettingsStore()
        let store: any SettingsStore = mock
        store.theme = "x"
        expectFailure(atLine: #line + 1, containing: "Actual: 0") {
            verify(mock.theme).called(1)
        }
    }
}
