import ArgumentParser
import PromptLog

// `plog import gemini|aider|chatgpt|llm`: the options and hand-off of `ImportCommand`; the
// readers are in PromptImport (linked only into `plog-import`).

package struct ImportGeminiCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "gemini",
        abstract: "Import Gemini CLI's recorded chats.",
        discussion: """
            Default: $GEMINI_CLI_HOME/.gemini/tmp, else ~/.gemini/tmp: the sessions under \
            <project>/chats/ (session-*.jsonl, and the older session-*.json), replayed the way \
            Gemini CLI loads them (a rewind removes the prompts it undid), and logs.json for \
            sessions whose chat file is gone. Subagent chats are left out. A DIR may be ~/.gemini, \
            its tmp, one project directory, or a session file. Model: the one that answered. \
            Project: the name of the project directory Gemini CLI ran in (from its .project_root \
            marker or ~/.gemini/projects.json); none for older hash-named directories.
            """)

    @OptionGroup package var options: ImportArguments

    @Argument(help: ArgumentHelp("Directories or files to read (default: where Gemini CLI keeps them).", valueName: "dir"))
    package var paths: [String] = []

    package init() {}

    package func run() throws {
        try ImportHandoff.run(tool: "gemini", paths: paths, options: options)
    }
}

package struct ImportAiderCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "aider",
        abstract: "Import Aider's chat history (.aider.chat.history.md) or input history.",
        discussion: """
            Default: $AIDER_CHAT_HISTORY_FILE, else .aider.chat.history.md in the git repository \
            around the current directory (else the current directory); when that is missing, \
            $AIDER_INPUT_HISTORY_FILE or .aider.input.history. Name the files of other \
            repositories. Aider writes local times without a zone: they are read in this \
            machine's time zone. Model: from Aider's startup lines (Model:, Models:, Main model:). \
            Project: the name of the directory holding the file. Lint and test reports Aider \
            sends for you and commands to Aider (/add, /run ...) are left out; /ask, /code, \
            /architect, /context and /help questions are kept.
            """)

    @OptionGroup package var options: ImportArguments

    @Argument(help: ArgumentHelp("History files, or directories holding them (default: this repository's).", valueName: "file"))
    package var paths: [String] = []

    package init() {}

    package func run() throws {
        try ImportHandoff.run(tool: "aider", paths: paths, options: options)
    }
}

package struct ImportChatGPTCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "chatgpt",
        abstract: "Import a ChatGPT data export (the zip, or its conversations.json).",
        discussion: """
            Export from ChatGPT (Settings, Data controls, Export data) and name the zip you \
            downloaded, its conversations.json, or the folder it was unpacked into; the file is \
            read as a stream, straight out of the zip. Only the branch each conversation kept is \
            read (regenerated replies and edited prompts on other branches are not). Hidden, \
            system and tool messages and custom instructions are left out. Model: the one that \
            answered. ChatGPT records no project.
            """)

    @OptionGroup package var options: ImportArguments

    @Argument(help: ArgumentHelp("The export's zip, its conversations.json, or the folder holding it.", valueName: "file"))
    package var paths: [String] = []

    package init() {}

    package func run() throws {
        try ImportHandoff.run(tool: "chatgpt", paths: paths, options: options)
    }
}

package struct ImportLLMCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "llm",
        abstract: "Import the prompts logged by simonw/llm (its logs.db).",
        discussion: """
            Default: $LLM_USER_PATH/logs.db, else llm's directory \
            (~/.config/io.datasette.llm/logs.db, or ~/Library/Application Support/io.datasette.llm \
            on macOS); `llm logs path` prints it. The database is opened read-only. Both \
            generations of llm's tables are read, each prompt once: turns (llm 0.32 and later) \
            and the older responses. Fragments and system prompts are left out. Model: the \
            resolved model when llm recorded one. llm records no project.
            """)

    @OptionGroup package var options: ImportArguments

    @Argument(help: ArgumentHelp("logs.db files, or llm directories holding one (default: llm's).", valueName: "db"))
    package var paths: [String] = []

    package init() {}

    package func run() throws {
        try ImportHandoff.run(tool: "llm", paths: paths, options: options)
    }
}
