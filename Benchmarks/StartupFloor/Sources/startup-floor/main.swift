// The floor itself: argument-parser and Foundation, nothing else linked.
import StartupFloorCommands

StartupFloor.main()
