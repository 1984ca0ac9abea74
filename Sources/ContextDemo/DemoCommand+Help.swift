import FormContext

extension DemoCommand {
    static var help: String {
        let forms = DemoForm.all.map { "  \($0.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \($0.summary)" }
        return """
            USAGE: ContextDemo [--form <name>] [--set <key>=<value> ...]
                               [--add <group> <field>=<value>[,<field>=<value>...] ...]
                               [--json] [--show-secrets] [--explain] [--today <date>]
                               [--interactive] [--]

            Fills a form with its default values, applies each --set as if typed into
            the field's control, submits the form, and prints the submitted fields
            sorted by key as `key: value`, followed by a line of `==========`.
            The form is validated first: invalid values print each error as
            `key: message` on standard error, and nothing is submitted.
            Only the active fields are submitted: a field the form's rules hide or
            disable is left out (and not validated). A calculated field cannot be set.
            A repeat group's rows are printed in order after the group's line
            (`members: 2 rows`), each field as `members[1].age: 7`.

            Every line printed shows control characters as escapes (`\\n`, `\\u{1B}`),
            so a value cannot start a line of its own or act on the terminal; a
            quoted argument in an error is cut after 80 characters.

            OPTIONS:
              --form <name>          The form to fill (default: \(DemoForm.default.name)).
              --set <key>=<value>    Type <value> into the field <key>; repeatable, applied
                                     in order. The value is parsed as the field's type.
              --add <group> <fields> Add a row to the repeat group <group> and type each
                                     <field>=<value> of <fields> (comma-separated) into it;
                                     repeatable, applied in order with --set. A comma
                                     followed by text without `=` belongs to the value.
              --json                 Print the submission as JSON instead: sorted keys,
                                     two-space indentation.
              --show-secrets         Show secret values (passwords) instead of ••••••.
              --explain              Then print the rules the last --set or --add ran, each
                                     with the keys it read, and why each hidden or disabled
                                     field is so (also when validation fails). Not with
                                     --json.
              --today <date>         The day calculations take as today, an ISO 8601 date
                                     such as 2026-01-15 (default: the current date).
              --interactive          Show the form's screens in the terminal and edit them
                                     with keys: ↑/↓ or k/j move, Return or → opens, toggles
                                     or starts editing, Space toggles, Esc or ← goes back,
                                     typing and Backspace edit, Return commits, s submits
                                     (printing the fields as above), q quits. Needs a
                                     terminal; NO_COLOR turns styles off.
              --version              Print the version and exit.
              -h, --help             Show this help.
              --                     End of options: any argument after it is an operand,
                                     and the demo takes none.

              A flag that takes no value may also be given as --flag=true or
              --flag=false; a value other than true or false is an error.

            FORMS:
            \(forms.joined(separator: "\n"))

            \(XFormDemo.helpSection)EXIT STATUS:
              0  the form was submitted
              1  the values failed validation; each error is printed as `key: message`
              2  bad arguments: unknown option, malformed --set, unknown key or form,
                 a calculated key, a value that does not parse as its field's type,
                 a bad --today, --explain with --json, or an argument that is not
                 valid UTF-8
              3  the output could not be written (a closed or full output, a broken pipe)

            """
    }
}
