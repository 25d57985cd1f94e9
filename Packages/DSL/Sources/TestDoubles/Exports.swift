@_exported import TestDoublesManual
@_exported import TestDoublesRecorder
