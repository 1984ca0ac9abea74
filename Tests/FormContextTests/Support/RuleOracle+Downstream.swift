extension RuleOracle {
    /// The rules downstream of a mutation that changed the values of `changedValues` and the
    /// visibility of `changedVisibility`, through what each rule read before it (`readsBefore`) and
    /// reads now: the calculations of the changed fields, the rules that read a changed value, the
    /// calculations that read a field whose visibility changed, and so on through what those rules
    /// decide.
    func downstream(changedValues: Set<String>, changedVisibility: Set<String>, readsBefore: [Set<String>]) -> Set<Int> {
        let allReads = zip(readsBefore, reads).map { $0.union($1) }
        // A calculated field written by the mutation (a reset) is calculated again.
        var found = Set(rules.indices.filter { rules[$0].isCalculation && changedValues.contains(rules[$0].target) })
        var valueWork = Array(changedValues)
        var visibilityWork = Array(changedVisibility)
        while !valueWork.isEmpty || !visibilityWork.isEmpty {
            var reached: [Int] = []
            if let key = valueWork.popLast() {
                reached = rules.indices.filter { allReads[$0].contains(key) }
            } else if let key = visibilityWork.popLast() {
                reached = rules.indices.filter { rules[$0].isCalculation && allReads[$0].contains(key) }
                if form.hiddenValues == .cleared {
                    // Hidden, a field loses its value; shown, a calculated one is calculated again.
                    valueWork.append(key)
                    reached += rules.indices.filter { rules[$0].isCalculation && rules[$0].target == key }
                }
            }
            for index in reached where found.insert(index).inserted {
                switch rules[index].kind {
                case .value(let key): valueWork.append(key)
                case .visible(let key): visibilityWork.append(key)
                case .groupVisible(let prefix): visibilityWork += keys.filter { Self.isMember($0, of: prefix) }
                case .enabled, .required, .groupEnabled: break
                }
            }
        }
        return found
    }
}
