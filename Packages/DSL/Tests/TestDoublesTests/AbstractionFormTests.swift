import Testing

@testable import TestDoubles

private final class AbstractionFormReference {}
private protocol AbstractionFormMarker {}

/// The guard a bound `_modify` keeps: which types hold the same bytes in
/// generic code as in a concrete signature.
@Suite struct AbstractionFormTests {
    @Test func storedValuesKeepOneForm() {
        let same: [Any.Type] = [
            Int.self, String.self, Int?.self, [Int].self, [String: Int].self, Result<Int, any Error>.self,
            AbstractionFormReference.self, AbstractionFormReference.Type.self, (any AbstractionFormMarker).self,
            (any AbstractionFormMarker.Type).self, (Int, String).self, Int??.self,
        ]
        for type in same { #expect(AbstractionForm.matchesConcrete(type), "\(type)") }
    }

    @Test func functionsAndThinMetatypesDiffer() {
        let different: [Any.Type] = [
            (() -> Int).self, ((Int) -> Void)?.self, Int.Type.self, String.Type?.self, (Int, () -> Void).self,
            (Int, Int.Type).self, (Int, (String, (() -> Void)?)).self,
        ]
        for type in different { #expect(!AbstractionForm.matchesConcrete(type), "\(type)") }
    }
}
