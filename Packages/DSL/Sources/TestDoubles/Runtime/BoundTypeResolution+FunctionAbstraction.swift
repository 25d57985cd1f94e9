import TestDoublesMetadata
import TestDoublesTrampolines

extension BoundTypeResolution {
    /// For a closure type (or an optional of one): Metadata's closure
    /// indirection as the closure bridge takes it.
    var abstraction: FunctionAbstraction? {
        closureIndirection.map {
            FunctionAbstraction(indirectParameters: $0.parameters, indirectResult: $0.result)
        }
    }
}
