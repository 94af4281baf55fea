import Testing
import PromptVault
