import Testing
@testable import PromptLog

@Suite struct SubprocessTests {
    let env = Environment(variables: ["PATH": "/usr/bin:/bin"], currentDirectory: "/")

    func ms() -> Int { Subprocess.monotonicMilliseconds() }

    @Test func capturesBothStreamsAndTheStatus() throws {
        let r = try Subprocess.launch(["sh", "-c", "cat; echo err >&2; exit 3"], env: env, stdin: Array("in\n".utf8),
                                      stdout: .capture, stderr: .capture)
        #expect(r == Subprocess.Result(status: 3, stdout: Array("in\n".utf8), stderr: Array("err\n".utf8)))
        let killed = try Subprocess.launch(["sh", "-c", "kill -9 $$"], env: env, stdout: .capture)
        #expect(killed.status == 128 + 9)
    }

    @Test func largeInputToAChildThatExitsEarlyIsNoSignal() throws {
        let big = [UInt8](repeating: 65, count: 4_000_000)
        let r = try Subprocess.launch(["sh", "-c", "head -c 10 >/dev/null"], env: env, stdin: big, stdout: .capture)
        #expect(r.status == 0)
        let all = try Subprocess.launch(["wc", "-c"], env: env, stdin: big, stdout: .capture)
        #expect(String(decoding: all.stdout, as: UTF8.self).trimmingCharacters(in: " \n") == "4000000")
    }

    @Test func aBackgroundChildHoldingThePipeIsNotWaitedFor() throws {
        let start = ms()
        let r = try Subprocess.launch(["sh", "-c", "sleep 3 & echo served"], env: env, stdout: .capture, stderr: .discard)
        #expect(r.stdout == Array("served\n".utf8))
        #expect(ms() - start < 2_500)
    }

    @Test func aTimeoutKillsTheChild() throws {
        let start = ms()
        #expect(throws: Subprocess.Timeout.self) {
            try Subprocess.launch(["sleep", "5"], env: env, stdout: .capture, timeoutMilliseconds: 200)
        }
        #expect(ms() - start < 3_000)
        // Without a deadline the same launcher simply waits.
        #expect(try Subprocess.launch(["sh", "-c", "sleep 0.2"], env: env).status == 0)
    }

    @Test func aMissingProgramIsAnErrorNamingIt() {
        do {
            _ = try Subprocess.launch(["no-such-program-here"], env: env, stdout: .capture)
            Issue.record("no error")
        } catch let e as PlogError {
            #expect(e.description.contains("no-such-program-here"))
        } catch { Issue.record("\(error)") }
    }
}
