import BenchmarkHarness

/// A protocol with 30 requirements, for construction cost.
///
/// Public, as ``BenchService`` is: internal in this release build (no
/// `-enable-testing`) with one conformer, the optimizer may bind its calls
/// to that conformer, and a `Stub` of it is refused at construction
/// (`SoleConformerBinding`, since session 39; the row was not measured).
public protocol ThirtyRequirements {
    func requirement00(_ value: Int) -> Int
    func requirement01(_ value: Int) -> Int
    func requirement02(_ value: Int) -> Int
    func requirement03(_ value: Int) -> Int
    func requirement04(_ value: Int) -> Int
    func requirement05(_ value: Int) -> Int
    func requirement06(_ value: Int) -> Int
    func requirement07(_ value: Int) -> Int
    func requirement08(_ value: Int) -> Int
    func requirement09(_ value: Int) -> Int
    func requirement10(_ value: Int) -> Int
    func requirement11(_ value: Int) -> Int
    func requirement12(_ value: Int) -> Int
    func requirement13(_ value: Int) -> Int
    func requirement14(_ value: Int) -> Int
    func requirement15(_ value: Int) -> Int
    func requirement16(_ value: Int) -> Int
    func requirement17(_ value: Int) -> Int
    func requirement18(_ value: Int) -> Int
    func requirement19(_ value: Int) -> Int
    func requirement20(_ value: Int) -> Int
    func requirement21(_ value: Int) -> Int
    func requirement22(_ value: Int) -> Int
    func requirement23(_ value: Int) -> Int
    func requirement24(_ value: Int) -> Int
    func requirement25(_ value: Int) -> Int
    func requirement26(_ value: Int) -> Int
    func requirement27(_ value: Int) -> Int
    func requirement28(_ value: Int) -> Int
    func requirement29(_ value: Int) -> Int
}

/// The linked conformer `Stub` reads the signatures from.
struct LiveThirtyRequirements: ThirtyRequirements {
    func requirement00(_ value: Int) -> Int { value &+ 0 }
    func requirement01(_ value: Int) -> Int { value &+ 1 }
    func requirement02(_ value: Int) -> Int { value &+ 2 }
    func requirement03(_ value: Int) -> Int { value &+ 3 }
    func requirement04(_ value: Int) -> Int { value &+ 4 }
    func requirement05(_ value: Int) -> Int { value &+ 5 }
    func requirement06(_ value: Int) -> Int { value &+ 6 }
    func requirement07(_ value: Int) -> Int { value &+ 7 }
    func requirement08(_ value: Int) -> Int { value &+ 8 }
    func requirement09(_ value: Int) -> Int { value &+ 9 }
    func requirement10(_ value: Int) -> Int { value &+ 10 }
    func requirement11(_ value: Int) -> Int { value &+ 11 }
    func requirement12(_ value: Int) -> Int { value &+ 12 }
    func requirement13(_ value: Int) -> Int { value &+ 13 }
    func requirement14(_ value: Int) -> Int { value &+ 14 }
    func requirement15(_ value: Int) -> Int { value &+ 15 }
    func requirement16(_ value: Int) -> Int { value &+ 16 }
    func requirement17(_ value: Int) -> Int { value &+ 17 }
    func requirement18(_ value: Int) -> Int { value &+ 18 }
    func requirement19(_ value: Int) -> Int { value &+ 19 }
    func requirement20(_ value: Int) -> Int { value &+ 20 }
    func requirement21(_ value: Int) -> Int { value &+ 21 }
    func requirement22(_ value: Int) -> Int { value &+ 22 }
    func requirement23(_ value: Int) -> Int { value &+ 23 }
    func requirement24(_ value: Int) -> Int { value &+ 24 }
    func requirement25(_ value: Int) -> Int { value &+ 25 }
    func requirement26(_ value: Int) -> Int { value &+ 26 }
    func requirement27(_ value: Int) -> Int { value &+ 27 }
    func requirement28(_ value: Int) -> Int { value &+ 28 }
    func requirement29(_ value: Int) -> Int { value &+ 29 }
}

/// Calls every requirement through the existential, so whole-module
/// optimization keeps the conformer's witnesses (it deletes witnesses nothing
/// calls, and `Stub` reads the signatures from them).
@inline(never) @_optimize(none)
func keepWitnesses(_ value: any ThirtyRequirements) {
    blackHole(value.requirement00(0))
    blackHole(value.requirement01(0))
    blackHole(value.requirement02(0))
    blackHole(value.requirement03(0))
    blackHole(value.requirement04(0))
    blackHole(value.requirement05(0))
    blackHole(value.requirement06(0))
    blackHole(value.requirement07(0))
    blackHole(value.requirement08(0))
    blackHole(value.requirement09(0))
    blackHole(value.requirement10(0))
    blackHole(value.requirement11(0))
    blackHole(value.requirement12(0))
    blackHole(value.requirement13(0))
    blackHole(value.requirement14(0))
    blackHole(value.requirement15(0))
    blackHole(value.requirement16(0))
    blackHole(value.requirement17(0))
    blackHole(value.requirement18(0))
    blackHole(value.requirement19(0))
    blackHole(value.requirement20(0))
    blackHole(value.requirement21(0))
    blackHole(value.requirement22(0))
    blackHole(value.requirement23(0))
    blackHole(value.requirement24(0))
    blackHole(value.requirement25(0))
    blackHole(value.requirement26(0))
    blackHole(value.requirement27(0))
    blackHole(value.requirement28(0))
    blackHole(value.requirement29(0))
}
