import PackagePlugin

/// Generates `init(parameters:)` for each `RouteValue` struct of the module it is applied to,
/// so that the module's route values read themselves, property by property, without
/// hand-written code.
///
/// Runs `RouteValueReadersTool` over the module's Swift files whenever one of them changes; the
/// tool writes one file, compiled with the module. See the DeepLinks article "Typed values,
/// written links and the table as JSON" for what it skips and why.
@main
struct RouteValueReaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "\(target.name)+RouteValueReaders.swift")
        let tool = try context.tool(named: "RouteValueReadersTool")
        return [
            .buildCommand(
                displayName: "Generating route value readers for \(target.name)",
                executable: tool.url,
                arguments: [output.path] + sources.map(\.path),
                inputFiles: sources,
                outputFiles: [output])
        ]
    }
}
