import FuzzHarness
import PromptLog

fuzz("stats", Invariants.stats)
