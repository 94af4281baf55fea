import ArgumentParser
import PromptLog

/// `plog commit`: commit the log to the git repository that holds it, if it changed.
package struct CommitCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "commit",
        abstract: "Commit the log to its git repository if it changed (safe to run from cron).",
        discussion: """
            Commits only the log (and the `merge=union` line of .gitattributes when it is missing), \
            whatever else is staged or changed in that repository: the rest of your index stays as it \
            was. The repository is the one containing the log (a log that is a symlink into a \
            repository is followed). No change: no commit, exit 0. With --push, the push is refused \
            (exit 2) as `plog sync` refuses it when the unpushed lines hold a credential, unless \
            --allow-secrets.

            Message by default: `plog: YYYY-MM-DD, +N blocks (M total)`. Author and committer: \
            $GIT_AUTHOR_NAME and $GIT_AUTHOR_EMAIL when both are set, else user.name and user.email \
            from git's config, else `plog <plog@HOSTNAME>`.

            Refuses (exit 2, nothing written) when the log is not in a repository (run `plog init`), \
            when HEAD is detached, when a merge or rebase is in progress, or when another git process \
            still holds index.lock after $PLOG_GIT_WAIT seconds (default 10). Keeps the repository small: every version of the log after the first \
            is stored as a delta in one pack (.git/plog/logpack names it).
            """)

    @OptionGroup package var log: LogOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The commit message (default: plog: DATE, +N blocks (M total)).",
                                                    valueName: "message"))
    package var message: String?

    @Flag(help: "Push the branch to its remote afterwards (as `plog sync` does, without merging).")
    package var push = false

    @Flag(help: "With --push: push even when the unpushed lines hold a credential (an API key, a password, a private key).")
    package var allowSecrets = false

    @Flag(name: .shortAndLong, help: "Print nothing unless something goes wrong or plog had to wait for git or leave a pack for later.")
    package var quiet = false

    package init() {}

    package func validate() throws {
        if let message, message.allSatisfy(\.isWhitespace) {
            throw ValidationError("--message is empty; leave it out for the default message")
        }
        if allowSecrets && !push {
            throw ValidationError("--allow-secrets goes with --push (plog commit alone publishes nothing)")
        }
    }

    package func run() throws {
        try GitHandoff.run(GitRequest(verb: .commit, file: log.file, message: message, push: push, allowSecrets: allowSecrets, quiet: quiet, noColor: log.noColor))
    }
}
