import ArgumentParser
import FoundationEssentials
import PromptLog

/// A manual page (man(7) roff) generated from a root command's own description, the one
/// swift-argument-parser prints for `--experimental-dump-help`, so the page can never drift
/// from `--help`. FoundationEssentials is here only for JSONDecoder; ArgumentParser links it
/// already, so importing it costs no start-up time.
package struct ManualPage {
    /// A section of hand-written text after the generated ones (ENVIRONMENT, FILES...).
    package struct Section {
        /// A paragraph, set under `term` (`.TP`) when it has one.
        package struct Item {
            package var term: String?
            package var text: String
            package init(_ term: String?, _ text: String) {
                self.term = term
                self.text = text
            }
        }

        package var title: String
        package var items: [Item]
        package init(_ title: String, _ items: [Item]) {
            self.title = title
            self.items = items
        }
    }

    package var root: any ParsableCommand.Type
    /// Section of the manual (default 1, user commands).
    package var section: Int = 1
    package var extraSections: [Section] = []

    package init(root: any ParsableCommand.Type, section: Int = 1, extraSections: [Section] = []) {
        self.root = root
        self.section = section
        self.extraSections = extraSections
    }

    /// The page as roff source, ready for `man -l`.
    package func render(version: String) throws -> String {
        let json = root._dumpHelp()
        let info: ToolDescription
        do {
            info = try JSONDecoder().decode(ToolDescription.self, from: Data(json.utf8))
        } catch {
            throw PlogError.refused(what: "manual page for \(root.configuration.commandName ?? "plog")",
                                    reason: "the command description could not be read (\(error))",
                                    hint: "this is a bug in plog; `--help` still works")
        }
        let command = info.command
        let name = command.commandName
        var out = Roff()
        out.request("TH", name.uppercased(), String(section), "", "\(name) \(version)", "User Commands")
        out.heading("NAME")
        out.text("\(name) \\- " + Roff.escape(command.abstract ?? ""), escaped: true)

        out.heading("SYNOPSIS")
        out.synopsis(name, command.visibleArguments(isRoot: true),
                     hasSubcommands: !command.visibleSubcommands.isEmpty)

        if let discussion = command.discussion, !discussion.isEmpty {
            out.heading("DESCRIPTION")
            out.paragraphs(discussion)
        }
        let rootOptions = command.visibleArguments(isRoot: true)
        if !rootOptions.isEmpty {
            out.heading(command.visibleSubcommands.isEmpty ? "OPTIONS" : "GLOBAL OPTIONS")
            for argument in rootOptions { out.argument(argument) }
        }
        if !command.visibleSubcommands.isEmpty {
            out.heading("COMMANDS")
            for sub in command.visibleSubcommands { out.command(sub, path: [name]) }
        }
        for section in extraSections {
            out.heading(section.title.uppercased())
            for item in section.items { out.item(item) }
        }
        return out.source
    }
}

// MARK: - The description swift-argument-parser dumps (its ToolInfoV0 schema, the parts used here)

struct ToolDescription: Decodable {
    var command: CommandDescription
}

struct CommandDescription: Decodable {
    var commandName: String
    var abstract: String?
    var discussion: String?
    var shouldDisplay: Bool?
    var aliases: [String]?
    var subcommands: [CommandDescription]?
    var arguments: [ArgumentDescription]?

    var visibleSubcommands: [CommandDescription] {
        (subcommands ?? []).filter { $0.shouldDisplay != false && $0.commandName != "help" }
    }

    /// Arguments a reader needs: hidden ones out, and `--help`/`--version` only on the root.
    func visibleArguments(isRoot: Bool) -> [ArgumentDescription] {
        (arguments ?? []).filter { argument in
            guard argument.shouldDisplay else { return false }
            if !isRoot, let long = argument.longName, long == "help" || long == "version" { return false }
            return true
        }
    }
}

struct ArgumentDescription: Decodable {
    struct Name: Decodable {
        var kind: String
        var name: String
        var spelled: String {
            switch kind {
            case "short", "longWithSingleDash": return "-" + name
            default: return "--" + name
            }
        }
    }

    var kind: String
    var shouldDisplay: Bool
    var isOptional: Bool
    var isRepeating: Bool
    var names: [Name]?
    var valueName: String?
    var defaultValue: String?
    var allValues: [String]?
    var abstract: String?
    var discussion: String?

    var longName: String? { names?.first(where: { $0.kind == "long" })?.name }

    /// Long names first, as `--help` shows them: `--file, -f`.
    var spelledNames: [String] {
        let all = names ?? []
        return (all.filter { $0.kind == "long" } + all.filter { $0.kind != "long" }).map(\.spelled)
    }
}

// MARK: - Writing roff

struct Roff {
    private(set) var source = ""

    /// Escapes text for roff: backslashes, and a `.` or `'` that would start a request.
    static func escape(_ s: String) -> String {
        var out = s.replacing("\\", with: "\\e")
        out = out.replacing("-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// Running text: escaped, with `code` spans set in bold.
    static func prose(_ s: String) -> String {
        var out = ""
        var inCode = false
        for part in escape(s).split(separator: "`", omittingEmptySubsequences: false) {
            if !out.isEmpty || inCode { out += inCode ? "\\fB" : "\\fR" }
            out += part
            inCode.toggle()
        }
        // An odd number of backticks: not code after all.
        return s.filter { $0 == "`" }.count % 2 == 0 ? out : escape(s)
    }

    mutating func line(_ s: String) { source += s + "\n" }

    mutating func request(_ name: String, _ args: String...) {
        line("." + name + args.map { " \"" + $0.replacing("\"", with: "\\(dq") + "\"" }.joined())
    }

    mutating func heading(_ title: String) { line(".SH " + title) }

    mutating func text(_ s: String, escaped: Bool = false) {
        for l in s.split(separator: "\n", omittingEmptySubsequences: false) {
            let t = String(l)
            line(escaped ? (t.hasPrefix(".") || t.hasPrefix("'") ? "\\&" + t : t) : Roff.prose(t))
        }
    }

    /// Text with blank lines between paragraphs; lines that start with spaces are kept as
    /// they are (examples), everything else fills.
    mutating func paragraphs(_ s: String) {
        var first = true
        var inExample = false
        for l in s.split(separator: "\n", omittingEmptySubsequences: false) {
            let t = String(l)
            if t.allSatisfy({ $0 == " " }) {
                if inExample { line(".fi"); line(".RE"); inExample = false }
                first = false
                continue
            }
            if t.hasPrefix("  ") {
                if !inExample {
                    line(".PP"); line(".RS 4"); line(".nf"); inExample = true
                }
                line(Roff.escape(String(t.drop(while: { $0 == " " }))))
                continue
            }
            if inExample { line(".fi"); line(".RE"); inExample = false; first = false }
            if !first { line(".PP") }
            first = true
            line(Roff.prose(t))
        }
        if inExample { line(".fi"); line(".RE") }
    }

    /// A tagged paragraph (`.TP`) when the item has a term, else a plain one.
    mutating func item(_ item: ManualPage.Section.Item) {
        if let term = item.term {
            line(".TP")
            line("\\fB" + Roff.escape(term) + "\\fR")
        } else {
            line(".PP")
        }
        text(item.text)
    }

    mutating func synopsis(_ name: String, _ arguments: [ArgumentDescription], hasSubcommands: Bool) {
        var parts = ["\\fB" + Roff.escape(name) + "\\fR"]
        for argument in arguments {
            var item: String
            switch argument.kind {
            case "positional":
                item = "\\fI" + Roff.escape(argument.valueName ?? "value") + "\\fR"
            case "option":
                item = "\\fB" + Roff.escape(argument.spelledNames.first ?? "") + "\\fR \\fI"
                    + Roff.escape(argument.valueName ?? "value") + "\\fR"
            default:
                item = "\\fB" + Roff.escape(argument.spelledNames.first ?? "") + "\\fR"
            }
            if argument.isRepeating { item += " ..." }
            if argument.isOptional { item = "[" + item + "]" }
            parts.append(item)
        }
        if hasSubcommands { parts.append("\\fIcommand\\fR") }
        line(".PP")
        line(parts.joined(separator: " "))
    }

    mutating func argument(_ a: ArgumentDescription) {
        line(".TP")
        let value = Roff.escape(a.valueName ?? "value")
        switch a.kind {
        case "positional":
            line("\\fI" + value + "\\fR" + (a.isRepeating ? " ..." : ""))
        case "option":
            line(a.spelledNames.map { "\\fB" + Roff.escape($0) + "\\fR" }.joined(separator: ", ") + " \\fI" + value + "\\fR")
        default:
            line(a.spelledNames.map { "\\fB" + Roff.escape($0) + "\\fR" }.joined(separator: ", "))
        }
        var description = a.abstract ?? ""
        if let values = a.allValues, !values.isEmpty, a.kind != "flag" {
            description += (description.isEmpty ? "" : " ") + "One of: " + values.joined(separator: ", ") + "."
        }
        if let d = a.defaultValue, !d.isEmpty, a.kind != "flag" {
            description += (description.isEmpty ? "" : " ") + "Default: " + d + "."
        }
        text(description)
        if let discussion = a.discussion, !discussion.isEmpty {
            line(".IP")
            text(discussion)
        }
    }

    mutating func command(_ c: CommandDescription, path: [String]) {
        let full = path + [c.commandName]
        line(".SS \"" + Roff.escape(full.joined(separator: " ")) + "\"")
        if let abstract = c.abstract, !abstract.isEmpty { text(abstract) }
        if let aliases = c.aliases, !aliases.isEmpty {
            line(".PP")
            text("Also: " + aliases.map { (path + [$0]).joined(separator: " ") }.joined(separator: ", ") + ".")
        }
        synopsis(full.joined(separator: " "), c.visibleArguments(isRoot: false), hasSubcommands: !c.visibleSubcommands.isEmpty)
        if let discussion = c.discussion, !discussion.isEmpty {
            line(".PP")
            paragraphs(discussion)
        }
        let arguments = c.visibleArguments(isRoot: false)
        if !arguments.isEmpty {
            line(".RS 4")
            for argument in arguments { self.argument(argument) }
            line(".RE")
        }
        for sub in c.visibleSubcommands { command(sub, path: full) }
    }
}
