// abi-lab: the ABI conformance lab. See ConformanceLab/README.md.
import TestDoubles

print("abi-lab: the shape catalog is not built yet; nothing to run.")
