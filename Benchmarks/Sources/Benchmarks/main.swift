// doubles-bench: dispatch, matching, verification and construction costs.
import TestDoubles

print("doubles-bench: no workloads are built yet.")
