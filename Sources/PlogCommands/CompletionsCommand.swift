import ArgumentParser
import PromptLog

/// `plog completions bash|zsh|fish`: the completion script swift-argument-parser generates
/// for `plog` (or `prompthist`), printed so it can be saved where the shell looks.
package struct CompletionsCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print the shell completion script for plog or prompthist.",
        discussion: """
            Save the script where your shell looks for completions (shell/install does this):

              bash: plog completions bash > ~/.local/share/bash-completion/completions/plog
              zsh:  plog completions zsh > ~/.zfunc/_plog
              fish: plog completions fish > ~/.config/fish/completions/plog.fish

            For zsh, put `fpath=(~/.zfunc $fpath)` before `compinit` in ~/.zshrc. Use --program \
            prompthist for prompthist's script (saved as prompthist, _prompthist, prompthist.fish).
            """)

    /// A shell that swift-argument-parser can complete for.
    package enum Shell: String, CaseIterable, ExpressibleByArgument, Sendable {
        case bash, zsh, fish

        var completionShell: CompletionShell {
            switch self {
            case .bash: return .bash
            case .zsh: return .zsh
            case .fish: return .fish
            }
        }
    }

    @Argument(help: "The shell to complete in.")
    package var shell: Shell

    @Option(name: .long, help: "The program to complete.")
    package var program: ProgramName = .plog

    package init() {}

    package func run() throws {
        Terminal.write(try program.root().completionScript(for: shell.completionShell))
    }
}
