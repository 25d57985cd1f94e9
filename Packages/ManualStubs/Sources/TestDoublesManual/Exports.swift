// The manual doubles speak the recorder's vocabulary (`Match`, `CallPattern`,
// `verify`, ...); a test that imports only TestDoublesManual gets all of it.
@_exported import TestDoublesRecorder
