import Testing

/// What stays open on B (`watch`, live queries) while real Syncthing
/// brings A's changes. A serialized suite of its own, beside
/// SyncFolderEndToEndTests rather than in it: each test starts a pair of
/// its own on free ports, and two chains of pairs, mostly waiting on
/// Syncthing, finish `make test` sooner than one.
@Suite("live on two devices with real Syncthing", .serialized, .enabled(if: SyncthingPair.isAvailable, "needs syncthing (make test installs it)"))
struct LiveOnTwoDevicesEndToEndTests {}
