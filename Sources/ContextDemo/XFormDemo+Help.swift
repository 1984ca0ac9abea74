extension XFormDemo {
    /// The `--xform` part of `--help`, shown after the built-in forms' options.
    static let helpSection = """
        ANY XFORM (ODK XForms, as pyxform writes them from an XLSForm):
          ContextDemo --xform <file> [--set <path>=<value> ...] [--add <path> ...]
                      [--lang <language>] [--xml | --interactive] [--today <date>]
                      [--seed <n>] [--draft <file>] [--outbox <dir>]

          --xform <file>         Fill the XForm <file>; its media files (external
                                 instances) are read from <name>-media beside it.
          --set <path>=<value>   Write <value> to the question at the instance path
                                 <path> (/data/age, /data/members[2]/name), read as
                                 the question's type; repeatable, applied in order
                                 with --add. No constraint is checked here.
          --add <path>           Add an instance to the repeat <path> (/data/members).
          --lang <language>      Show labels and messages in <language>: a language of
                                 the form, by name (Français (fr)) or by its code (fr).
          --xml                  Print the submission XML, as ODK Collect sends it,
                                 instead of each relevant question as `path: value`.
          --interactive          Fill the form in the terminal: its groups, repeats
                                 and selects, labels in the chosen language, and the
                                 form's constraint and required messages.
          --today <date>         The day the form's clock reads (midnight UTC).
          --seed <n>             Make uuid(), random() and the instance id repeatable.
          --draft <file>         Restore the record from <file> before --set and --add,
                                 and save it there afterwards.
          --outbox <dir>         Finalize the record into the outbox <dir>: it is
                                 checked first as ODK Collect checks it (a blank
                                 required question or a broken constraint is an
                                 error, status 1, with the form's message), then
                                 its submission XML is queued under its
                                 meta/instanceID for `ContextDemo send`.
          A path the form does not have, a value its type cannot hold, a language
          it lacks or a file that is not an XForm is an error (status 2).


        """

    /// `ContextDemo --xform … --help`.
    static var help: String {
        """
        USAGE: ContextDemo --xform <file> [options]

        Fills an XForm, applies each --set and --add in order, and prints each
        relevant question as `path: value` in document order, followed by a line
        of `==========` (or its submission XML with --xml). The record is printed
        as it stands, complete or not; --outbox finalizes it.

        """ + helpSection
    }
}
