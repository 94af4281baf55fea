import ArgumentParser
import PromptLog

/// `plog sync`: commit, merge the remote's blocks, push.
package struct SyncCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Commit the log, merge the remote's new blocks, and push.",
        discussion: """
            Shares one log between machines, or within a team, through any git remote. Commits the \
            log if it changed, fetches the remote (the branch's upstream, else `origin`), merges, and \
            pushes. When both sides appended blocks, the merged log holds every block of both exactly \
            once and no conflict markers: blocks both sides share stay where they are; blocks only one \
            side has follow them, in timestamp order (each side keeps its own order; on equal \
            timestamps the local block comes first). A block deleted on one side and untouched on the \
            other stays deleted.

            Credentials: ssh remotes use ssh-agent, then ~/.ssh/id_ed25519, id_ecdsa and id_rsa; the \
            host must be in ~/.ssh/known_hosts. https remotes use $PLOG_GIT_TOKEN (user \
            $PLOG_GIT_USERNAME, default x-access-token), then git's credential helper \
            (credential.helper). If the remote cannot be reached, the local commit stays and \
            plog says so (exit 2); run plog sync again later.

            Before pushing, plog scans what the push would publish (the log's lines the remote does \
            not have, and each unpushed commit's changes) for credentials, with the same scanner as \
            plog add. If it finds one, it pushes nothing and exits 2, naming the line and kind of \
            each (never the secret); the local commit stays. Remove them (plog doctor --secrets \
            lists them) and sync again, or push them anyway with --allow-secrets.
            """)

    @OptionGroup package var log: LogOptions

    @Option(help: ArgumentHelp("The remote to sync with (default: the branch's upstream remote, else origin).",
                               valueName: "name"))
    package var remote: String?

    @Flag(help: "Push even when the log's unpushed lines hold a credential (an API key, a password, a private key).")
    package var allowSecrets = false

    @Flag(name: .shortAndLong, help: "Print nothing unless something goes wrong or plog had to wait for git or leave a pack for later.")
    package var quiet = false

    package init() {}

    package func validate() throws {
        if let remote, remote.isEmpty || remote.contains(where: \.isWhitespace) {
            throw ValidationError("--remote takes a remote's name (such as origin), not '\(remote)'")
        }
    }

    package func run() throws {
        try GitHandoff.run(GitRequest(verb: .sync, file: log.file, remote: remote, allowSecrets: allowSecrets, quiet: quiet, noColor: log.noColor))
    }
}
