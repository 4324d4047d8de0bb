@testable import DocKit
import Testing

/// The processor-time limit a plugin is started under.
@Suite("PluginWatchdog's processor-time limit")
struct PluginWatchdogTests {
    @Test("unset, it is the call's time limit, so a handler's long DBServiceTimeLimit keeps its processor time")
    func defaultsToTheTimeLimit() {
        #expect(PluginWatchdog().processorSeconds(timeLimit: .seconds(600)) == 600)
        #expect(PluginWatchdog().processorSeconds(timeLimit: .seconds(3_600)) == 3_600)
        #expect(PluginWatchdog().processorSeconds(timeLimit: .milliseconds(1_500)) == 1)
        #expect(PluginWatchdog(cpuLimit: .seconds(90)).processorSeconds(timeLimit: .seconds(3_600)) == 90)
    }

    @Test("the gate sets the soft limit first, a grace above it as the hard one, and never above the launcher's own")
    func commands() {
        #expect(PluginWatchdog.processorTimeCommands(seconds: 600, within: .max) == "ulimit -S -t 600 && ulimit -H -t 605")
        #expect(PluginWatchdog.processorTimeCommands(seconds: 600, within: 100) == "ulimit -S -t 100 && ulimit -H -t 100")
    }
}
