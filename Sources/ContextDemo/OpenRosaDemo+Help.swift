extension DurableDemo {
    /// The help of `pull` and of `send` for XForm records, after the rest of `--help`.
    static let openRosaHelp = """

        OPENROSA SERVERS (ODK Central, KoboToolbox, Ona, ODK Aggregate):
          ContextDemo pull <url> --into <dir> [--form <id>] [--user <name>
                                 --password-file <file>] [--timeout <seconds>]
                                 Download the forms the server at <url> lists (or the one
                                 <id> names) as <dir>/<id>.xml, their media files in
                                 <dir>/<id>-media/, each checked against its MD5 hash. A
                                 form held with the listed hash is not fetched again; a
                                 form and its media arrive whole or not at all. <dir> is
                                 made when missing (not its parents). Exit status 0 when
                                 every form is held, 1 when any failed (each named on
                                 standard error), 2 for bad arguments.
          ContextDemo send <dir> --to <url> [--user <name> --password-file <file>]
                                 [--timeout <seconds>] [--initial-delay <seconds>]
                                 [--max-attempts <n>]
                                 An outbox of XForm records is sent to <url>/submission
                                 by OpenRosa (multipart, split above the server's size);
                                 an outbox of the built-in forms' records as JSON to <url>
                                 itself, as above. Which is decided by what the outbox
                                 holds; one holding both is refused. A record the server
                                 refuses is parked and named with its message. Exit
                                 status as for the JSON send.
          ContextDemo --xform <dir>/<id>.xml … --attach <file> --outbox <out>
                                 Finalize the record with <file>, whose name an upload
                                 question's answer holds (--set /data/photo=a.jpg
                                 --attach photos/a.jpg); repeatable. Needs --outbox.
          <url> is the server's base URL (formList and submission are under it) or ODK
          Central's app-user URL (https://…/v1/key/<token>/projects/<id>). The password
          is read from the first line of <file>; it and the token are never printed.
          They go over https only, or plain http to this machine (127.0.0.1, localhost).
          --timeout bounds each request (pull: 60 s, send: 120 s by default).

        """
}
