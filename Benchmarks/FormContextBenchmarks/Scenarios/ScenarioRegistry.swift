/// Every scenario, in the order they run and print.
///
/// To add a scenario, write a type conforming to ``Scenario`` in its own file and list it here.
enum ScenarioRegistry {
    static let all: [any Scenario] = [
        KeystrokeScenario(),
        FloorScenario(),
        BatchScenario(),
        ValidateAllScenario(),
        BridgeScenario(),
        MemoryScenario(),
        ValidationGrowth.scenario,
        ResetGrowth.scenario,
        SubscriptionGrowth.scenario,
        BridgeGrowth.scenario,
        DefinitionGrowth.scenario,
        SettleOnceScenario(),
        AutosaveScenario(),
        OutboxScenario(),
        RuleChainScenario(),
        RuleFanOutScenario(),
        RuleCutoffScenario(),
        RuleGrowth.scenario,
        LayoutScenario(),
        RepeatScenario(),
        ChurnScenario(),
        WholePathScenario(),
        NestedRowsScenario(),
        RowRelevanceScenario(),
        XFormScenario(),
    ]

    /// The names `--filter` accepts.
    static var names: [String] { all.map(\.name) }
}
