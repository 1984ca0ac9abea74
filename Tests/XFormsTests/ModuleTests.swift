// The XForms module's tests: XPath/ (the language and its functions), Document/ (XForm documents).
