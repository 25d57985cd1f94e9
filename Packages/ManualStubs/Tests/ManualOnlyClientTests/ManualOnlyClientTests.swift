// This target depends on TestDoublesManual alone: no Metadata, Trampolines
// or DSL module is in its build graph, and it imports nothing else of ours
// (the recorder's vocabulary comes re-exported from TestDoublesManual).
import Foundation
import TestDoublesManual
import Testing

struct WeatherClient {
    var temperature: @Sendable (String) async throws -> Double
    var units: @Sendable () -> String
}

protocol Thermostat {
    var target: Double { get set }
    func heat(to degrees: Double) throws -> Bool
}

struct ThermostatStubConformer: Thermostat, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    var target: Double {
        get { stub.call() }
        nonmutating set { stub.set(newValue) }
    }
    func heat(to degrees: Double) throws -> Bool { try stub.throwingCall(degrees) }
}

@Suite struct ManualOnlyClientTests {
    @Test func aClientStubWorksWithoutRuntimeFabrication() async throws {
        let weather = ClientStub<WeatherClient> { endpoints in
            WeatherClient(
                temperature: endpoints.asyncThrowingFunction("temperature"),
                units: endpoints.function("units")
            )
        }
        await weather.when { try await $0.temperature(Match.equal("Oslo")) }.thenReturn(-3.5)
        weather.when { $0.units() }.thenReturn("°C")

        let client = weather()
        #expect(try await client.temperature("Oslo") == -3.5)
        #expect(client.units() == "°C")
        await weather.verify(1...1) { try await $0.temperature(Match.any()) }
    }

    @Test func aManualStubWorksWithoutRuntimeFabrication() throws {
        let thermostat = ManualStub<ThermostatStubConformer>()
        thermostat.when { try $0.heat(to: Match.atMost(25.0)) }.thenReturn(true)
        thermostat.when { try $0.heat(to: Match.any()) }.thenReturn(false)
        thermostat.when { $0.target = Match.any() }.thenDoNothing()

        var sut: any Thermostat = thermostat()
        sut.target = 21
        #expect(try sut.heat(to: 21))
        #expect(try !sut.heat(to: 40))
        thermostat.verify { $0.target = Match.equal(21.0) }
        thermostat.verify(2...2) { try $0.heat(to: Match.any()) }
    }

    @Test func aClosureDoubleWorksWithoutRuntimeFabrication() {
        let format = ClosureDouble<(Int, String), String>()
        format.whenArguments { (count: Int, _: String) in count == 1 }.thenArguments { (_: Int, unit: String) in unit }
        format.whenAny().thenArguments { (count: Int, unit: String) in "\(count) \(unit)s" }
        let function: (Int, String) -> String = format.expandedFunction()
        #expect(function(1, "day") == "day")
        #expect(function(3, "day") == "3 days")
    }
}
