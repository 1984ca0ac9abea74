// ODK XForms on the engine: the XPath 1.0 language with the ODK function library (XPath/), the
// reading of an XForm document (Document/) and its mapping onto a form definition and a screen.
// Built on the engine's public API only, like the durability module: a plain import, so the
// compiler rejects any reach into the engine's internals.
internal import FormContextCore
