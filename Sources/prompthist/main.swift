import PlogCommands

CommandRunner.main(PromptHistCommand.self)
