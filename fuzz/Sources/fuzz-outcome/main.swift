import FuzzHarness
import PromptLog

fuzz("outcome", Invariants.outcome)
