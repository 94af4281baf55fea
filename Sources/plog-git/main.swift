import PromptLog

/// `plog-git`: the part of plog that links libgit2. `plog init|commit|sync` (and `plog import`,
/// around an import) run it with a `GitRequest`; it does the work through PromptVault and prints
/// what happened. It links neither the argument parser nor Foundation: a small binary.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains(where: { $0 == "--help" || $0 == "-h" }) && GitRequest.Verb(rawValue: arguments[0]) == nil {
    Terminal.writeError("plog-git is plog's git helper; run it through `plog init`, `plog commit` or `plog sync` (see `plog help init`).\n")
    exit(2)
}
HelperProgram.run {
    let request = try GitRequest(arguments: arguments)
    if request.noColor { Terminal.colorDisabled = true }
    try VaultBackend().run(request)
    return 0
}
