// OpenRosa on the engine: the form list, form and media download, and multipart submission of
// XForm instances through the outbox, to the servers data collectors run (ODK Central,
// KoboToolbox, Ona, any OpenRosa server). Built on the public API of the engine, the durability
// module and the XForms module only: plain imports, so the compiler rejects any reach into their
// internals.
internal import FormContextCore
internal import FormContextDurability
internal import FormContextXForms
