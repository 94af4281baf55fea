import FuzzHarness
import PromptLog

fuzz("parser", Invariants.parser)
