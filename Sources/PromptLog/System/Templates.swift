/// Prompt scaffolds. A template is a text file whose first line, when it starts with `# `,
/// is a one-line description; the rest is the scaffold inserted into a new draft.
///
/// Lookup order for a name: the user's directory (`templates` in the config, default
/// `~/.config/plog/templates/NAME.txt`), then the templates shipped inside plog.
public struct Template: Sendable, Equatable {
    public enum Source: String, Sendable { case user, shipped }
    public var name: String
    public var description: String
    /// The scaffold: the file without its description line.
    public var body: String
    public var source: Source
    /// The file it came from (`nil` for a shipped template).
    public var path: String?

    init(name: String, text: String, source: Source, path: String?) {
        self.name = name; self.source = source; self.path = path
        if text.hasPrefix("# ") {
            let firstLineEnd = text.firstIndex(of: "\n") ?? text.endIndex
            description = String(text[text.index(text.startIndex, offsetBy: 2)..<firstLineEnd])
            body = firstLineEnd < text.endIndex ? String(text[text.index(after: firstLineEnd)...]) : ""
        } else {
            description = ""
            body = text
        }
    }
}

public enum Templates {
    /// The user's template directory.
    public static func userDirectory(env: Environment, config: Config) -> String {
        config["templates"].map(env.absolutePath) ?? env.configDirectory + "/templates"
    }

    /// A template name is a plain name (letters, digits, `.`, `_`, `-`; not starting with `.`),
    /// so that it can never reach outside the template directories (`../x`, `/etc/passwd`).
    public static func validate(name: String) throws {
        let ok = !name.isEmpty && name.count <= 64 && name.first != "." && !name.contains("..")
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
        guard ok else {
            throw PlogError.invalidInput(input: name, reason: "not a template name",
                                         hint: "use a plain name such as `bugfix`; `plog templates` lists them")
        }
    }

    /// The template called `name`: the user's copy if there is one, else the shipped one.
    public static func load(_ name: String, env: Environment, config: Config) throws -> Template {
        try validate(name: name)
        let path = userDirectory(env: env, config: config) + "/" + name + ".txt"
        if Path.exists(path) {
            let text = String(decoding: try FileIO.readAll(path), as: UTF8.self)
            return Template(name: name, text: text, source: .user, path: path)
        }
        if let shipped = shipped.first(where: { $0.name == name }) {
            return Template(name: name, text: shipped.text, source: .shipped, path: nil)
        }
        throw PlogError.invalidInput(input: name, reason: "no such template",
                                     hint: "`plog templates` lists the templates; add your own as \(path)")
    }

    /// Every template, user ones first overriding shipped ones of the same name, sorted by name.
    public static func all(env: Environment, config: Config) -> [Template] {
        var byName: [String: Template] = [:]
        for s in shipped { byName[s.name] = Template(name: s.name, text: s.text, source: .shipped, path: nil) }
        let dir = userDirectory(env: env, config: config)
        if let d = opendir(dir) {
            defer { closedir(d) }
            while let entry = readdir(d) {
                let fileName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard fileName.hasSuffix(".txt") else { continue }
                let name = String(fileName.dropLast(4))
                guard (try? validate(name: name)) != nil,
                      let bytes = try? FileIO.readAll(dir + "/" + fileName) else { continue }
                byName[name] = Template(name: name, text: String(decoding: bytes, as: UTF8.self), source: .user,
                                        path: dir + "/" + fileName)
            }
        }
        return byName.values.sorted { $0.name < $1.name }
    }
}
