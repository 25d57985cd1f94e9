import CTestDoublesTrampolines
import Testing

@testable import TestDoublesTrampolines

@Suite struct CallFrameLayoutTests {
    @Test func swiftSeesTheFrameLayoutTheAssemblyUses() {
        #expect(MemoryLayout<td_call_frame>.size == Int(TD_FRAME_SIZE))
        #expect(MemoryLayout<td_call_frame>.alignment == 16)
        #expect(MemoryLayout<td_call_frame>.offset(of: \.gp) == Int(TD_FRAME_GP))
        #expect(MemoryLayout<td_call_frame>.offset(of: \.vector) == Int(TD_FRAME_VECTOR))
        #expect(MemoryLayout<td_call_frame>.offset(of: \.stack_arguments) == Int(TD_FRAME_STACK_ARGUMENTS))
        #expect(MemoryLayout<td_call_frame>.offset(of: \.self_value) == Int(TD_FRAME_SELF))
        #expect(MemoryLayout<td_call_frame>.offset(of: \.return_gp) == Int(TD_FRAME_RETURN_GP))
        #expect(MemoryLayout<td_call_frame>.offset(of: \.return_vector) == Int(TD_FRAME_RETURN_VECTOR))
        #expect(MemoryLayout<td_call_frame>.offset(of: \.return_error) == Int(TD_FRAME_RETURN_ERROR))
    }

    @Test func frameViewReadsAndWritesTheDocumentedFields() {
        var frame = td_call_frame()
        frame.slot = 7
        frame.gp.2 = 42
        frame.vector.1 = td_vector_register(low: 3.5.bitPattern, high: 9)
        frame.self_value = 0xABC
        frame.error_value = 0xDEF
        withUnsafeMutablePointer(to: &frame) { pointer in
            let view = CallFrame(UnsafeMutableRawPointer(pointer))
            #expect(view.slot == 7)
            #expect(view.generalPurposeRegister(2) == 42)
            #expect(view.floatingPointRegister(1) == 3.5)
            #expect(view.vectorRegister(1).high == 9)
            #expect(view.selfRegister == 0xABC)
            #expect(view.errorRegister == 0xDEF)
            view.setReturnGeneralPurposeRegister(3, to: 11)
            view.setReturnVectorRegister(2, low: 1, high: 2)
            view.returnErrorRegister = 5
        }
        #expect(frame.return_gp.3 == 11)
        #expect(frame.return_vector.2.low == 1 && frame.return_vector.2.high == 2)
        #expect(frame.return_error == 5)
    }
}
