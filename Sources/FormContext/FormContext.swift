// The module users import. It holds no code of its own: it re-exports the package's modules, so
// `import FormContext` gives the engine (FormContextCore) and drafts, the outbox and HTTP
// (FormContextDurability) together. Docs/Concepts.md, "Modules", says which module holds what.
@_exported public import FormContextCore
@_exported public import FormContextDurability
