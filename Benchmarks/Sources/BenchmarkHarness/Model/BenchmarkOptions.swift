/// The command line of `doubles-bench`.
public struct BenchmarkOptions: Equatable, Sendable {
    /// Substrings of the row names to run; empty runs every row.
    public var filters: [String] = []
    /// Timed samples per row.
    public var samples = 21
    /// The target duration of one sample, in nanoseconds.
    public var sampleNanoseconds: UInt64 = 2_000_000
    /// Where to write the JSON results.
    public var jsonPath = ".build/bench/results.json"
    /// Where to write the Markdown table.
    public var markdownPath = ".build/bench/results.md"
    /// Where to write the SVG chart.
    public var svgPath = ".build/bench/ratios.svg"
    /// Times synchronous workloads on the calling thread's CPU clock
    /// instead of the monotonic clock: time the thread spent descheduled
    /// is left out, so a loaded machine inflates the figures far less
    /// (asynchronous workloads, which can change threads, keep the monotonic clock).
    public var threadCPUTime = false
    /// Runs every calibrated row for exactly this many operations per sample
    /// (and its warm-up) instead of calibrating to the sample time: for
    /// instruction counts under a profiler (`valgrind --tool=callgrind`),
    /// where two runs with different counts give the cost of one operation
    /// as the difference of their totals; nil calibrates.
    public var fixedOperations: Int?
    /// Lists the rows instead of running them.
    public var listOnly = false
    /// Prints the usage instead of running.
    public var helpOnly = false

    /// The usage text.
    public static let usage = """
        usage: doubles-bench [--filter TEXT[,TEXT...]] [--samples N] [--sample-ms MS] [--cpu-time]
                             [--operations N] [--json PATH] [--markdown PATH] [--svg PATH] [--list] [--help]
        Build with -c release. Outputs go under .build/bench/ unless a path is given.
        """

    /// Creates the default options.
    public init() {}

    /// Parses command-line arguments (without the program name).
    ///
    /// - Parameter arguments: The arguments.
    /// - Throws: ``BenchmarkOptionsError`` for an unknown option or a missing or invalid value.
    public init(parsing arguments: [String]) throws(BenchmarkOptionsError) {
        var remaining = arguments[...]
        func value(for option: String) throws(BenchmarkOptionsError) -> String {
            guard let next = remaining.popFirst() else { throw .missingValue(option) }
            return next
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--filter":
                filters += try value(for: argument).split(separator: ",").map(String.init)
            case "--samples":
                let text = try value(for: argument)
                guard let count = Int(text), count > 0 else { throw .invalidValue(argument, text) }
                samples = count
            case "--sample-ms":
                let text = try value(for: argument)
                guard let milliseconds = UInt64(text), milliseconds > 0 else { throw .invalidValue(argument, text) }
                sampleNanoseconds = milliseconds * 1_000_000
            case "--operations":
                let text = try value(for: argument)
                guard let count = Int(text), count > 0 else { throw .invalidValue(argument, text) }
                fixedOperations = count
            case "--json": jsonPath = try value(for: argument)
            case "--markdown": markdownPath = try value(for: argument)
            case "--svg": svgPath = try value(for: argument)
            case "--cpu-time": threadCPUTime = true
            case "--list": listOnly = true
            case "--help", "-h": helpOnly = true
            default: throw .unknownOption(argument)
            }
        }
    }

    /// Whether a row runs under the filters: every row when there are none,
    /// otherwise rows whose name contains one of them.
    ///
    /// - Parameter name: The row's name, `group/variant`.
    /// - Returns: Whether to run it.
    public func selects(_ name: String) -> Bool {
        filters.isEmpty || filters.contains { name.contains($0) }
    }
}

/// A command line `doubles-bench` cannot run.
public enum BenchmarkOptionsError: Error, Equatable, CustomStringConvertible {
    /// An option it does not know.
    case unknownOption(String)
    /// An option given last, without its value.
    case missingValue(String)
    /// An option whose value does not parse.
    case invalidValue(String, String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .unknownOption(let option): "unknown option \(option)"
        case .missingValue(let option): "\(option) needs a value"
        case .invalidValue(let option, let value): "\(option): '\(value)' is not a positive whole number"
        }
    }
}
