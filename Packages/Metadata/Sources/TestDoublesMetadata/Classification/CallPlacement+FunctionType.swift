extension CallPlacement {
    /// Places the arguments and result of a call to a function of type `functionType`.
    ///
    /// Parameters are lowered as Swift lowers them: a tuple parameter becomes
    /// one argument per element, an `inout` parameter is passed by address; the
    /// result is classified whole. The context (`self` / closure context) and
    /// error registers are not arguments here (see ``CallingConvention``), nor
    /// are the hidden trailing words of generic or witness calls.
    ///
    /// - Parameters:
    ///   - functionType: A function type, such as `((Int, String) throws -> Bool).self`.
    ///   - architecture: The target architecture.
    /// - Throws: ``MetadataError`` when the type is not a function type or a layout cannot be read.
    public init(functionType: Any.Type, architecture: Architecture) throws(MetadataError) {
        let function = try FunctionMetadata(TypeMetadata(functionType))
        var arguments: [ValuePassing] = []
        for parameter in function.parameters {
            if parameter.ownership == .inout {
                arguments.append(.indirect)
            } else {
                arguments += try ABIClassifier.classifyParameter(parameter.type.type, for: architecture)
            }
        }
        let result = try ABIClassifier.classifyResult(function.resultType.type, for: architecture)
        self.init(arguments: arguments, result: result, isAsync: function.isAsync, architecture: architecture)
    }
}
