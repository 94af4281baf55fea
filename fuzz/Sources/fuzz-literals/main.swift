import FuzzHarness
import PromptLog

fuzz("literals", Invariants.recall)
