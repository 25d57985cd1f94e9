import TestDoublesRecorder

/// A real value the double was handed as an argument, for an answer whose
/// type no placeholder can be made of (a class): the last resort before a
/// non-throwing call stops, never a value made up.
enum HandedOverArgument {
    /// The newest argument of type `T` among the calls `recorder` saw (the
    /// call being answered included), looking inside `Any` arguments.
    static func newest<T>(of _: T.Type, in recorder: InvocationRecorder) -> T? {
        for invocation in recorder.invocations.reversed() {
            for argument in invocation.arguments.reversed() {
                if let typed = argument as? T { return typed }
            }
        }
        return nil
    }
}
