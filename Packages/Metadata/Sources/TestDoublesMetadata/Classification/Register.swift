/// A machine register named by bank and index, independent of architecture.
public enum Register: Hashable, Sendable {
    /// The general-purpose register with the given index in the architecture's
    /// numbering (x86_64: 0 rax, 1 rcx, 2 rdx, 3 rbx, 4 rsp, 5 rbp, 6 rsi, 7 rdi,
    /// 8-15 r8-r15; arm64: x0-x30).
    case general(Int)
    /// The vector register with the given index (x86_64 xmm0-15, arm64 v0-31).
    case vector(Int)

    /// The register's assembly name on `architecture` (`rdi`, `xmm0`, `x20`, `v3`).
    ///
    /// - Parameter architecture: The architecture whose naming to use.
    /// - Returns: The conventional name.
    public func name(on architecture: Architecture) -> String {
        switch (self, architecture) {
        case (.general(let index), .x86_64):
            let names = ["rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi"]
            return index < names.count ? names[index] : "r\(index)"
        case (.general(let index), .arm64):
            return "x\(index)"
        case (.vector(let index), .x86_64):
            return "xmm\(index)"
        case (.vector(let index), .arm64):
            return "v\(index)"
        }
    }
}

/// The registers of Swift's calling convention on one architecture.
public struct CallingConvention: Hashable, Sendable {
    /// The architecture described.
    public let architecture: Architecture
    /// General-purpose argument registers, in order (x86_64: rdi rsi rdx rcx r8 r9; arm64: x0-x7).
    public let argumentGeneralRegisters: [Register]
    /// Vector argument registers, in order (xmm0-7 / v0-7).
    public let argumentVectorRegisters: [Register]
    /// General-purpose result registers, in order (rax rdx rcx r8 / x0-x3).
    public let resultGeneralRegisters: [Register]
    /// Vector result registers, in order (xmm0-3 / v0-3).
    public let resultVectorRegisters: [Register]
    /// The context register: `self` of a method, a closure's context (r13 / x20).
    public let selfRegister: Register
    /// The error register of a throwing function (r12 / x21); callee-saved in a non-throwing one.
    public let errorRegister: Register
    /// The async context register (r14 / x22).
    public let asyncContextRegister: Register
    /// Where a synchronous function receives its indirect-result address (rax / x8).
    public let indirectResultRegister: Register
    /// The size of one stack argument slot.
    public let stackSlotSize: Int

    /// The convention of `architecture`.
    ///
    /// - Parameter architecture: The target architecture.
    public init(_ architecture: Architecture) {
        self.architecture = architecture
        switch architecture {
        case .x86_64:
            argumentGeneralRegisters = [7, 6, 2, 1, 8, 9].map(Register.general)
            resultGeneralRegisters = [0, 2, 1, 8].map(Register.general)
            selfRegister = .general(13)
            errorRegister = .general(12)
            asyncContextRegister = .general(14)
            indirectResultRegister = .general(0)
        case .arm64:
            argumentGeneralRegisters = (0..<8).map(Register.general)
            resultGeneralRegisters = (0..<4).map(Register.general)
            selfRegister = .general(20)
            errorRegister = .general(21)
            asyncContextRegister = .general(22)
            indirectResultRegister = .general(8)
        }
        argumentVectorRegisters = (0..<8).map(Register.vector)
        resultVectorRegisters = (0..<4).map(Register.vector)
        stackSlotSize = 8
    }
}
