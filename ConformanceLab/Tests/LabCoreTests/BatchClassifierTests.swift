import Testing

@testable import LabCore

@Suite struct BatchClassifierTests {
    @Test func resultLinesBecomeResults() {
        let output = """
            LABSTART\tc0001
            LABCASE\tc0001\tpassed\t
            LABSTART\tc0002
            LABCASE\tc0002\tclosed\tStubError: requirement call(_:) of P: SIMD16<Double> is not supported
            LABSTART\tc0003
            LABCASE\tc0003\twrong\targument 0: expected 1, actual 2
            LABSTART\tc0004
            LABCASE\tc0004\tskipped\tlab: no when-spelling

            """
        let classification = BatchClassifier.classify(
            ids: ["c0001", "c0002", "c0003", "c0004"], outcome: ProcessOutcome(termination: .exit(0), output: output))
        #expect(classification.unfinished.isEmpty)
        #expect(classification.results.map(\.status) == [.passed, .failedClosed, .wrongValue, .skipped])
        #expect(
            classification.results[1].detail == "StubError: requirement call(_:) of P: SIMD16<Double> is not supported")
        #expect(classification.results[2].detail == "argument 0: expected 1, actual 2")
    }

    @Test func aCrashNamesTheCulpritAndLeavesTheRestUnfinished() {
        let output = "LABSTART\tc0001\nLABCASE\tc0001\tpassed\t\nLABSTART\tc0002\n"
        let classification = BatchClassifier.classify(
            ids: ["c0001", "c0002", "c0003"], outcome: ProcessOutcome(termination: .signal(11), output: output))
        #expect(classification.results == [CaseResult(id: "c0001", status: .passed)])
        #expect(classification.unfinished == ["c0002", "c0003"])
        #expect(classification.culprit == "c0002")
    }

    @Test func aCleanExitWithoutAResultIsNotLost() {
        let classification = BatchClassifier.classify(
            ids: ["c0001"], outcome: ProcessOutcome(termination: .exit(0), output: ""))
        #expect(classification.results.map(\.status) == [.crashed])
    }

    @Test func aSingleCrashedCaseNamesItsSignalAndMessage() {
        let result = BatchClassifier.classifySingle(
            id: "c0009",
            outcome: ProcessOutcome(
                termination: .signal(11), output: "LABSTART\tc0009\n", diagnostics: "Fatal error: bad\nLABSTART x\n"))
        #expect(result.status == .crashed)
        #expect(result.detail == "signal 11 (SIGSEGV): Fatal error: bad")
        let timedOut = BatchClassifier.classifySingle(
            id: "c0009", outcome: ProcessOutcome(termination: .timeout(seconds: 31), output: ""))
        #expect(timedOut.detail == "timed out after 31 s")
    }

    @Test func theRuntimeCrashSummaryIsTheDetail() {
        let diagnostics = """
            swift-runtime: failed to suspend thread 9339 while processing a crash

            *** Signal 11: Backtracing from 0x7fe41eff9eec... done ***

            *** Program crashed: Bad pointer dereference at 0x0000000000000010 ***

            Thread 0 "LabRunner":
            """
        let result = BatchClassifier.classifySingle(
            id: "c0097", outcome: ProcessOutcome(termination: .signal(11), output: "", diagnostics: diagnostics))
        #expect(result.detail == "signal 11 (SIGSEGV): Program crashed: Bad pointer dereference at 0x0000000000000010")
    }

    @Test func aPassFollowedByADeathIsACrash() {
        let result = BatchClassifier.classifySingle(
            id: "c0001",
            outcome: ProcessOutcome(termination: .signal(6), output: "LABSTART\tc0001\nLABCASE\tc0001\tpassed\t\n"))
        #expect(result.status == .crashed)
        #expect(result.detail.contains("SIGABRT"))
    }
}

@Suite struct CompilerCrashesTests {
    @Test func stackDumpsNameTheCasesTheCompilerCrashedOn() {
        let log = """
            [81/107] Compiling LabCases03 Cases05.swift
            error: compile command failed due to signal 6 (use -v to see invocation)
            swift-frontend: CoroFrame.cpp:951: void finish(StructType *): Assertion `Layout->getElementOffset(F.LayoutFieldIndex) == F.Offset' failed.
            Stack dump:
            0.\tProgram arguments: /usr/libexec/swift/bin/swift-frontend -frontend -c /src/Cases00.swift
            1.\tSwift version 6.0.3 (swift-6.0.3-RELEASE)
            3.\tWhile splitting coroutine @"$s10LabCases0411check_c1169_0A7Support0A7VerdictVyYaF"
            4.\tRunning pass 'Fast Register Allocator' on function '@"$s10LabCases0311check_c0936_0A7Support0A7VerdictVyYaF"'
            12 swift-frontend 0x000056146998dd59 check_c7777
            """
        let crashes = CompilerCrashes.crashingCases(in: log)
        #expect(crashes.map(\.id) == ["c1169", "c0936"])
        #expect(crashes[0].reason.contains("Assertion `Layout->getElementOffset"))
        #expect(crashes[1].reason.contains("no assertion message"))
    }

    @Test func aCrashThatNamesNoCaseFindsNothing() {
        let log = "0.\tRunning pass \"function-attrs\" on module \"/x/LabCases05.build/Cases00.swift.o\"\n"
        #expect(CompilerCrashes.crashingCases(in: log).isEmpty)
    }
}
