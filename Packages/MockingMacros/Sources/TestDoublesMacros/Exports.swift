@_exported import TestDoublesManual
