import BenchmarkHarness
import TestDoubles

extension InvokeWorkloads {
    /// One `Int` argument answered by a catch-all, on a double that had
    /// seventeen other requirements configured first: a protocol of a real
    /// app or SDK has dozens of requirements, and a `ManualStub` conformer
    /// looks its call site up among all it has seen.
    struct OneIntAfterSeventeen: InvokeScenario {
        let group = "invoke.int.18th-requirement"
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            let token = Token()
            double.when { subject($0).zero() }.thenReturn(0)
            double.when { subject($0).string(Match.any()) }.thenReturn(0)
            double.when {
                subject($0).mixed(Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any())
            }.thenReturn(0)
            double.when {
                subject($0).wide(
                    Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                    Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                    Match.any(), Match.any(), Match.any(), Match.any())
            }.thenReturn(0)
            double.when { subject($0).void(Match.any()) }.thenReturn(())
            double.when { subject($0).reference(Match.any(using: token)) }.thenReturn(Token())
            double.when { subject($0).closure(Match.any()) }.thenReturn(0)
            double.when { subject($0).simd(Match.any()) }.thenReturn(.zero)
            double.when { subject($0).fiveWords(Match.any()) }.thenReturn(FiveWords(a: 0, b: 0, c: 0, d: 0, e: 0))
            double.when { subject($0).object(Match.any(using: token)) }.thenReturn(0)
            double.when { subject($0).optional(Match.any()) }.thenReturn(0)
            double.when { subject($0).three(Match.any()) }.thenReturn(0)
            double.when { subject($0).five(Match.any()) }.thenReturn(0)
            double.when { subject($0).array(Match.any()) }.thenReturn(0)
            double.when { subject($0).payload(Match.any()) }.thenReturn(0)
            double.when { subject($0).shape(Match.any()) }.thenReturn(0)
            double.when { try subject($0).parse(Match.any()) }.thenReturn(0)
            double.when { subject($0).int(Match.any()) }.thenReturn(1)
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            for index in 0..<count { blackHole(service.int(index)) }
        }
    }
}
