import Foundation
import Testing
@testable import PromptLog

@Suite struct SettingsFileTests {
    /// A settings file with keys and hooks of its own, in an order plog must keep.
    static let userSettings = """
        {
          "model": "opus",
          "permissions": { "allow": ["Bash(ls:*)"], "deny": [] },
          "hooks": {
            "Stop": [ { "hooks": [ { "type": "command", "command": "notify-send done", "timeout": 10 } ] } ]
          },
          "cleanupPeriodDays": 3650,
          "ratio": 1.50
        }
        """

    @Test func missingFileIsAnEmptyObjectAndIsCreatedWithMode600() throws {
        let dir = try TempDir()
        var file = try SettingsFile.load(dir.path + "/sub/settings.json")
        #expect(file.original == nil)
        #expect(file.value == .object(JSONObject()))
        let set1 = file.set("on", at: ["a", "b"])
        #expect(set1)
        let result = try file.save()
        #expect(result == SettingsFile.SaveResult(unchanged: false, created: true, backup: nil))
        #expect(try String(contentsOfFile: dir.path + "/sub/settings.json", encoding: .utf8)
            == "{\n  \"a\": {\n    \"b\": \"on\"\n  }\n}\n")
        var st = stat()
        #expect(stat(dir.path + "/sub/settings.json", &st) == 0 && st.st_mode & 0o777 == 0o600)
    }

    @Test func editKeepsOtherKeysOrderNumbersAndMakesABackup() throws {
        let dir = try TempDir()
        try dir.write("settings.json", Self.userSettings, mode: 0o644)
        var file = try SettingsFile.load(dir.path + "/settings.json")
        #expect(!file.isChanged)
        let set2 = file.set(["x"], at: ["hooks", "UserPromptSubmit"])
        #expect(set2)
        let result = try file.save()
        #expect(result.backup == dir.path + "/settings.json.plog-backup")
        #expect(try String(contentsOfFile: result.backup!, encoding: .utf8) == Self.userSettings)
        let after = try JSONValue.parse(Array(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/settings.json"))))
        #expect(after.objectValue?.keys == ["model", "permissions", "hooks", "cleanupPeriodDays", "ratio"])
        #expect(after["hooks"]?.objectValue?.keys == ["Stop", "UserPromptSubmit"])
        #expect(after["ratio"] == .number("1.50"))
        #expect(after["hooks"]?["Stop"] == (try JSONValue.parse(Self.userSettings))["hooks"]?["Stop"])
        var st = stat()
        #expect(stat(dir.path + "/settings.json", &st) == 0 && st.st_mode & 0o777 == 0o644)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            == ["settings.json", "settings.json.plog-backup"])
    }

    @Test func unchangedValueWritesNothing() throws {
        let dir = try TempDir()
        try dir.write("settings.json", Self.userSettings)
        var file = try SettingsFile.load(dir.path + "/settings.json")
        file.set(.number("3650"), at: ["cleanupPeriodDays"])
        #expect(try file.save().unchanged)
        #expect(try String(contentsOfFile: dir.path + "/settings.json", encoding: .utf8) == Self.userSettings)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/settings.json.plog-backup"))
    }

    @Test func invalidJSONIsRefusedWithTheFileAndOffset() throws {
        let dir = try TempDir()
        try dir.write("settings.json", "{\n  \"a\": 1,\n}\n")
        do {
            _ = try SettingsFile.load(dir.path + "/settings.json")
            Issue.record("an invalid file was accepted")
        } catch let e as PlogError {
            #expect(e.description.contains(dir.path + "/settings.json"))
            #expect(e.description.contains("at byte 12 (line 3)"), "\(e)")
        }
        try dir.write("array.json", "[1]")
        #expect(throws: PlogError.self) { try SettingsFile.load(dir.path + "/array.json") }
    }

    @Test func setRefusesToReplaceANonObjectOnTheWayAndRemovesKeys() throws {
        let dir = try TempDir()
        try dir.write("settings.json", #"{"hooks": "mine", "a": {"b": 1, "c": 2}}"#)
        var file = try SettingsFile.load(dir.path + "/settings.json")
        let set3 = file.set("x", at: ["hooks", "UserPromptSubmit"])
        #expect(!set3)
        #expect(file.get(["hooks"]) == "mine")
        let set4 = file.set(nil, at: ["a", "b"])
        #expect(set4)
        let set5 = file.set(nil, at: ["missing", "deeper"])
        #expect(set5)
        #expect(file.value.compact == #"{"hooks":"mine","a":{"c":2}}"#)
    }

    @Test func failedWriteLeavesTheFileAsItWas() throws {
        let dir = try TempDir()
        try dir.write("settings.json", Self.userSettings)
        // A directory where the backup goes makes the save fail (also when running as root).
        try FileManager.default.createDirectory(atPath: dir.path + "/settings.json.plog-backup/x", withIntermediateDirectories: true)
        var file = try SettingsFile.load(dir.path + "/settings.json")
        file.set(true, at: ["x"])
        #expect(throws: PlogError.self) { try file.save() }
        #expect(try String(contentsOfFile: dir.path + "/settings.json", encoding: .utf8) == Self.userSettings)
        // A parent that is a file: nothing can be created.
        var nested = try SettingsFile.load(dir.path + "/settings.json/inner.json")
        nested.set(true, at: ["x"])
        #expect(throws: PlogError.self) { try nested.save() }
    }
}
