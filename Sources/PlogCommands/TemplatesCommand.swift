import ArgumentParser
import PromptLog

/// `plog templates`: the prompt scaffolds, shipped and the user's own.
package struct TemplatesCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List prompt templates, or show one.",
        discussion: """
            Your own templates go in ~/.config/plog/templates/NAME.txt (or the `templates` directory in \
            the config) and override shipped ones of the same name. The first line, when it starts with \
            `# `, is the description. Use one with `plog add --template NAME`.
            """,
        subcommands: [List.self, Show.self],
        defaultSubcommand: List.self)

    package init() {}

    package struct List: ParsableCommand {
        package static let configuration = CommandConfiguration(commandName: "list", abstract: "List templates, one line each.")
        package init() {}
        package func run() throws {
            let env = Environment.process
            let templates = Templates.all(env: env, config: try Config.load(env))
            let width = templates.map(\.name.count).max() ?? 0
            for t in templates {
                let name = t.name.padding(to: width)
                let source = t.source == .user ? "  (yours)" : ""
                Terminal.write("\(name)  \(t.description)\(source)\n")
            }
        }
    }

    package struct Show: ParsableCommand {
        package static let configuration = CommandConfiguration(commandName: "show", abstract: "Print a template's scaffold.")
        @Argument(help: "The template's name.") package var name: String
        package init() {}
        package func validate() throws { try Templates.validate(name: name) }
        package func run() throws {
            let env = Environment.process
            let t = try Templates.load(name, env: env, config: try Config.load(env))
            Terminal.write(t.body)
        }
    }
}

extension String {
    /// The string padded with spaces to `width` characters (never cut).
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
