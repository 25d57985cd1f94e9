import Foundation

/// Reads the calling thread's stack as symbol names, for timelines that opted in.
enum CallStackCapture {
    /// The innermost `maxFrames` frames of the calling thread, this function's own left out.
    static func symbols(maxFrames: Int) -> [String] {
        Array(Thread.callStackSymbols.dropFirst().prefix(maxFrames))
    }
}
