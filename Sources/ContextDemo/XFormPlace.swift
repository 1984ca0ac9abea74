/// Where a screen of the interactive XForm demo is in the body: the node set its relative refs are
/// read against, and the repeat instances it is inside, so that a control's ref (`/data/child/name`)
/// becomes the instance path of the instance shown (`/data/child[2]/name`).
struct XFormPlace: Equatable {
    /// The node set relative refs are read against (the enclosing group's or repeat's), `nil` at the top.
    var base: String?
    /// Each repeat the screen is inside: its node set and the instance path shown.
    var instances: [(nodeset: String, path: String)] = []

    static func == (lhs: XFormPlace, rhs: XFormPlace) -> Bool {
        lhs.base == rhs.base && lhs.instances.map(\.nodeset) == rhs.instances.map(\.nodeset) && lhs.instances.map(\.path) == rhs.instances.map(\.path)
    }

    /// The absolute node set a control's ref names: as written when absolute, else below ``base``.
    func nodeset(of ref: String) -> String {
        let ref = ref.trimmingCharacters(in: .whitespaces)
        if ref.hasPrefix("/") { return ref }
        return (base ?? "") + "/" + ref
    }

    /// The instance path of an absolute node set here: each repeat's steps with the instance's position.
    func instancePath(of nodeset: String) -> String {
        // The innermost repeat first: its instance path already holds the outer ones' positions.
        for (repeatNodeset, path) in instances.reversed() where nodeset == repeatNodeset || nodeset.hasPrefix(repeatNodeset + "/") {
            return path + nodeset.dropFirst(repeatNodeset.count)
        }
        return nodeset
    }

    /// This place inside a group or repeat whose node set is `nodeset`.
    func inside(_ nodeset: String) -> XFormPlace {
        var place = self
        place.base = nodeset
        return place
    }

    /// This place inside instance `path` of the repeat `nodeset`.
    func inside(instance path: String, of nodeset: String) -> XFormPlace {
        var place = inside(nodeset)
        place.instances.append((nodeset, path))
        return place
    }
}
