import Testing

@testable import LabCore

@Suite struct LabOptionsTests {
    @Test func everyFlagParses() throws {
        let options = try LabOptions(parsing: [
            "--size", "50", "--seed", "9", "--arch", "all", "--filter", "SIMD", "--backend", "stub", "--jobs", "3",
            "--batch", "7", "--configuration", "release",
        ])
        #expect(options.size == 50)
        #expect(options.seed == 9)
        #expect(options.architectures == [.x86_64, .arm64])
        #expect(options.allArchitectures)
        #expect(options.filter == "SIMD")
        #expect(options.backend == .stub)
        #expect(options.jobs == 3)
        #expect(options.batchSize == 7)
        #expect(options.configuration == .release)
        #expect(try LabOptions(parsing: ["--size", "all"]).size == nil)
        #expect(try LabOptions(parsing: ["--arch", "aarch64"]).architectures == [.arm64])
        #expect(try LabOptions(parsing: ["--inject-fault", "crash"]).injectedFault == "crash")
        #expect(try LabOptions(parsing: ["--tiers", "all"]).tiers == [.classic, .resilience, .recording, .shapes])
        #expect(try LabOptions(parsing: ["--tiers", "shapes"]).tiers == [.shapes])
        #expect(LabOptions.defaultTiers.contains(.shapes))
        #expect(try LabOptions(parsing: ["--tiers", "resilience,recording"]).tiers == [.resilience, .recording])
        #expect(LabOptions().tiers == LabOptions.defaultTiers)
    }

    @Test func badArgumentsAreRejectedByName() {
        #expect(throws: LabFailure.self) { try LabOptions(parsing: ["--size", "0"]) }
        #expect(throws: LabFailure.self) { try LabOptions(parsing: ["--arch", "riscv"]) }
        #expect(throws: LabFailure.self) { try LabOptions(parsing: ["--jobs"]) }
        #expect(throws: LabFailure.self) { try LabOptions(parsing: ["--frobnicate"]) }
        #expect(throws: LabFailure.self) { try LabOptions(parsing: ["--inject-fault", "everything"]) }
        #expect(throws: LabFailure.self) { try LabOptions(parsing: ["--tiers", "classic,bogus"]) }
    }
}
