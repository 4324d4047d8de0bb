// The same floor in a binary that links what docbrowser links (DocKit,
// and through it GRDB and SQLite, swift-subprocess, swift-log and all of
// Foundation), none of it used: what linking them costs every command.
import DocKit
import StartupFloorCommands

if CommandLine.arguments.contains("--name-what-is-linked") {
    print(DocumentLibrary.self)
}
StartupFloor.main()
