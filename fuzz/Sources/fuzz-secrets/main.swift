import FuzzHarness
import PromptLog

fuzz("secrets", Invariants.secrets)
