/// Why one field of a draft could not be restored.
struct DraftSkip: Error {
    let reason: String
}
