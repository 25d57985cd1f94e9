import Foundation

/// The command line of `abi-lab`.
public struct LabOptions: Sendable, Equatable {
    /// Which backend the checks use; `auto` picks `stub` once the `Stub` API compiles.
    public enum BackendChoice: String, Sendable, Equatable {
        case auto, control, stub
    }

    /// The run seed.
    public var seed: UInt64 = 1
    /// The number of shapes (`nil`: all generated).
    public var size: Int? = ShapeGenerator.defaultSize
    /// The architectures to run on.
    public var architectures: [Architecture] = [Architecture.host]
    /// Keep only cases whose id, shape key, family or group contains this.
    public var filter: String?
    /// The backend.
    public var backend: BackendChoice = .auto
    /// Processes at a time.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Cases per process.
    public var batchSize: Int = 100
    /// The build configuration of the generated package.
    public var configuration: BuildConfiguration = .debug
    /// Whether `--arch all` was asked (an unavailable architecture is then reported, not an error).
    public var allArchitectures = false
    /// Generate and write the package, but build and run nothing.
    public var generateOnly = false
    /// Whether each crash is confirmed by re-running the case alone.
    public var confirmsCrashes = false
    /// The generator tiers to run (case numbers do not depend on it).
    public var tiers: Set<Shape.Tier> = LabOptions.defaultTiers
    /// The tiers a run without `--tiers` covers: all of them, so `ci/lab` (and
    /// CI) fails on a wrong value or crash in any family.
    public static let defaultTiers: Set<Shape.Tier> = [.classic, .resilience, .recording, .shapes]

    /// A fault the case runner injects to prove the harness catches it (`arguments`, `error`, `crash`).
    public var injectedFault: String?

    /// The usage text.
    public static let usage = """
        usage: abi-lab [--size N|all] [--seed S] [--arch x86_64|arm64|all] [--filter TEXT]
                       [--backend auto|control|stub] [--jobs N] [--batch N] [--configuration debug|release]
                       [--generate-only] [--confirm-crashes] [--inject-fault arguments|error|crash]
                       [--tiers classic,resilience,recording,shapes|all]
        Generates protocol shapes, builds them into .build/lab/<arch>/, runs every case isolated in
        child processes, and writes .build/lab/report.md and report.json (report-arm64.* when only
        arm64 runs on an x86_64 host). Exits 1 on any wrong value
        or crash, 2 when the lab itself cannot run. --inject-fault makes the case runner drop the last
        argument, throw another error or crash every 97th case, to prove the harness reports it.
        """

    /// Creates the default options.
    public init() {}

    /// Parses command-line arguments (without the program name).
    /// - Parameter arguments: The arguments.
    /// - Throws: ``LabFailure/usage(_:)`` naming the bad argument.
    public init(parsing arguments: [String]) throws {
        var remaining = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let value = remaining.popFirst() else {
                throw LabFailure.usage("\(flag) needs a value\n\(Self.usage)")
            }
            return value
        }
        func number(_ flag: String) throws -> Int {
            let text = try value(flag)
            guard let number = Int(text), number > 0 else {
                throw LabFailure.usage("\(flag) needs a positive number, not '\(text)'")
            }
            return number
        }
        while let flag = remaining.popFirst() {
            switch flag {
            case "--size":
                let text = try value(flag)
                if text == "all" {
                    size = nil
                } else {
                    guard let number = Int(text), number > 0 else {
                        throw LabFailure.usage("--size needs a positive number or 'all', not '\(text)'")
                    }
                    size = number
                }
            case "--seed":
                let text = try value(flag)
                guard let number = UInt64(text) else {
                    throw LabFailure.usage("--seed needs a non-negative integer, not '\(text)'")
                }
                seed = number
            case "--arch":
                let text = try value(flag)
                if text == "all" {
                    architectures = Architecture.allCases
                    allArchitectures = true
                } else if let architecture = Architecture(rawValue: text == "aarch64" ? "arm64" : text) {
                    architectures = [architecture]
                    allArchitectures = false
                } else {
                    throw LabFailure.usage("--arch must be x86_64, arm64 or all, not '\(text)'")
                }
            case "--filter": filter = try value(flag)
            case "--backend":
                let text = try value(flag)
                guard let choice = BackendChoice(rawValue: text) else {
                    throw LabFailure.usage("--backend must be auto, control or stub, not '\(text)'")
                }
                backend = choice
            case "--jobs": jobs = try number(flag)
            case "--batch": batchSize = try number(flag)
            case "--configuration", "-c":
                let text = try value(flag)
                guard let choice = BuildConfiguration(rawValue: text) else {
                    throw LabFailure.usage("--configuration must be debug or release, not '\(text)'")
                }
                configuration = choice
            case "--tiers":
                let text = try value(flag)
                if text == "all" {
                    tiers = Set(Shape.Tier.allCases)
                } else {
                    let names = text.split(separator: ",").map(String.init)
                    let parsed = names.compactMap(Shape.Tier.init(rawValue:))
                    guard !parsed.isEmpty, parsed.count == names.count else {
                        throw LabFailure.usage(
                            "--tiers takes classic, resilience, recording, shapes (comma-separated) or all, not '\(text)'"
                        )
                    }
                    tiers = Set(parsed)
                }
            case "--generate-only": generateOnly = true
            case "--confirm-crashes": confirmsCrashes = true
            case "--inject-fault":
                let text = try value(flag)
                guard ["arguments", "error", "crash"].contains(text) else {
                    throw LabFailure.usage("--inject-fault must be arguments, error or crash, not '\(text)'")
                }
                injectedFault = text
            case "--help", "-h": throw LabFailure.usage(Self.usage)
            default: throw LabFailure.usage("unknown argument '\(flag)'\n\(Self.usage)")
            }
        }
    }
}
