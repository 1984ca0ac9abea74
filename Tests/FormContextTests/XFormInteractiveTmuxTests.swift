import Foundation
import Testing
import TestSupport

@testable import FormContextCore

/// `ContextDemo --xform FILE --interactive` driven in tmux as a person would drive it: the example
/// form filled in French, a constraint refused with the form's message, a select, a repeat instance
/// added and filled, and the record printed as the plain run prints it.
///
/// As with ``InteractiveTmuxTests``, tmux is required where `CI=true`; elsewhere the test is skipped
/// when tmux is missing.
@Suite("Interactive XForm demo in a terminal (tmux)")
struct XFormInteractiveTmuxTests {
    static let tmux = TmuxDriver.executable
    static let isCI = InteractiveTmuxTests.isCI

    @Test(
        "fill the example form in French: a refused constraint, a choice, two children, then submit",
        .enabled(if: tmux != nil || isCI, "tmux is not installed (with CI=true this test fails instead)"))
    func drive() throws {
        guard let tmux = Self.tmux else {
            Issue.record("tmux is not installed, so the interactive demo cannot be driven end to end; install tmux (CI requires it)")
            return
        }
        let quote = { (text: String) in "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        let binary = try DemoProcess.executable.path
        let driver = try TmuxDriver(
            tmux: tmux, command: "\(quote(binary)) --xform \(quote(XFormDemoRun.example)) --lang fr --seed 4 --interactive; echo \"[exit $?]\"")
        defer { driver.stop() }

        let first = try driver.wait(for: "the form's questions in French") {
            InteractiveTmuxTests.shows("Household visit")($0) && InteractiveTmuxTests.row("Village *", "", focused: true)($0) && InteractiveTmuxTests.shows("Adultes du ménage *")($0)
        }
        #expect(InteractiveTmuxTests.shows("Où vit le ménage")(first), "the focused question's hint")
        #expect(!InteractiveTmuxTests.shows("Enfant")(first), "the children are not asked about before the answer says there are some")
        try driver.send("Enter")
        try driver.type("Lakeside")
        try driver.send("Enter")
        try driver.wait(for: "the village answered") { InteractiveTmuxTests.row("Village *", "Lakeside", focused: true)($0) }

        try driver.send("Down", "Enter")
        try driver.type("44")
        try driver.send("Enter")
        try driver.wait(for: "the constraint's French message") { InteractiveTmuxTests.shows("De 1 à 30")($0) && InteractiveTmuxTests.row("Adultes du ménage *", "44_")($0) }
        try driver.send("BSpace", "BSpace")
        try driver.type("2")
        try driver.send("Enter")
        try driver.wait(for: "two adults") { InteractiveTmuxTests.row("Adultes du ménage *", "2", focused: true)($0) && !InteractiveTmuxTests.shows("De 1 à 30")($0) }

        try driver.send("Down", "Enter")
        try driver.wait(for: "the choices in French") { InteractiveTmuxTests.shows("› Des enfants de moins de 18 ans ? *")($0) && InteractiveTmuxTests.row("Oui", "", focused: true)($0) && InteractiveTmuxTests.shows("Non")($0) }
        try driver.send("Enter")
        try driver.wait(for: "the answer and the repeat it makes relevant") {
            InteractiveTmuxTests.row("Des enfants de moins de 18 ans ? *", "Oui ›", focused: true)($0) && InteractiveTmuxTests.row("Enfant", "1 instance ›")($0)
        }

        try driver.send("Down", "Enter")
        try driver.wait(for: "the repeat's instances") { InteractiveTmuxTests.row("Enfant 1", "›", focused: true)($0) && InteractiveTmuxTests.shows("+ Add Enfant")($0) }
        try driver.send("Enter", "Enter")
        try driver.type("Ann")
        try driver.send("Enter", "Down", "Enter")
        try driver.type("3")
        try driver.send("Enter")
        let young = try driver.wait(for: "Ann's age, and the question it makes relevant") {
            InteractiveTmuxTests.row("Âge de Ann *", "3", focused: true)($0) && InteractiveTmuxTests.shows("Ann est-il vacciné ?")($0)
        }
        #expect(InteractiveTmuxTests.shows("En années révolues")(young), "the age's hint")
        try driver.send("Escape", "Down", "Enter")
        try driver.wait(for: "a second child") { InteractiveTmuxTests.row("Enfant 2", "›", focused: true)($0) }
        try driver.send("Enter", "Enter")
        try driver.type("Ben")
        try driver.send("Enter", "Down", "Enter")
        try driver.type("12")
        try driver.send("Enter")
        let older = try driver.wait(for: "Ben's age") { InteractiveTmuxTests.row("Âge de Ben *", "12", focused: true)($0) }
        #expect(!InteractiveTmuxTests.shows("vacciné")(older), "no vaccination question at 12")
        try driver.send("Escape", "Escape")
        try driver.wait(for: "the form, with the summary note") { InteractiveTmuxTests.row("Enfant", "2 instances ›", focused: true)($0) && InteractiveTmuxTests.shows("4 personnes à Lakeside")($0) }

        try driver.send("s")
        let printed = try driver.wait(for: "the record printed", history: true) { InteractiveTmuxTests.shows("[exit 0]")($0) }
        let plain = try XFormDemoRun.run([
            "--xform", XFormDemoRun.example, "--seed", "4", "--set", "/data/village=Lakeside", "--set", "/data/adults=2", "--set", "/data/has_children=yes",
            "--set", "/data/child/name=Ann", "--set", "/data/child/age=3", "--add", "/data/child", "--set", "/data/child[2]/name=Ben", "--set",
            "/data/child[2]/age=12",
        ])
        #expect(plain.status == 0)
        let expected = plain.output.split(separator: "\n").map(String.init) + ["[exit 0]"]
        let shown = printed.drop { $0.isEmpty }.prefix { $0 != "[exit 0]" } + ["[exit 0]"]
        #expect(Array(shown) == expected)
    }

    @Test(
        "s on an incomplete record shows the form's required message and goes on; q quits without printing",
        .enabled(if: tmux != nil || isCI, "tmux is not installed (with CI=true this test fails instead)"))
    func incomplete() throws {
        guard let tmux = Self.tmux else {
            Issue.record("tmux is not installed, so the interactive demo cannot be driven end to end; install tmux (CI requires it)")
            return
        }
        let quote = { (text: String) in "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        let binary = try DemoProcess.executable.path
        let driver = try TmuxDriver(tmux: tmux, command: "\(quote(binary)) --xform \(quote(XFormDemoRun.example)) --lang fr --interactive; echo \"[exit $?]\"")
        defer { driver.stop() }
        try driver.wait(for: "the form") { InteractiveTmuxTests.row("Village *", "", focused: true)($0) }
        try driver.send("s")
        try driver.wait(for: "the required message in French") { InteractiveTmuxTests.shows("/data/village: Indiquez le village")($0) }
        try driver.send("q")
        let printed = try driver.wait(for: "the exit", history: true) { InteractiveTmuxTests.shows("[exit 0]")($0) }
        #expect(!printed.contains { $0.hasPrefix("/data/") }, "nothing printed after q")
    }
}
