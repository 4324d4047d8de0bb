/// Random instants at which crash tests kill docbrowser. How long an
/// operation takes depends on the machine, so each kind of operation has a
/// latest instant: a run that finished before its kill pulls it below that
/// instant, and a run that was cut off lets it grow again. Kills keep
/// landing mid-operation on a fast machine and a slow one alike, with no
/// timing assumption that could fail.
struct KillInstants<Kind: Hashable> {
    private let start: Double
    private var ceilings: [Kind: Double] = [:]
    private var generator = SystemRandomNumberGenerator()
    /// How many runs the kill cut short.
    private(set) var landed = 0

    init(startingAt start: Double) {
        self.start = start
    }

    mutating func next(for kind: Kind) -> Double {
        Double.random(in: 0.005...max(0.006, ceilings[kind] ?? start), using: &generator)
    }

    /// `status` is the run's exit status: 137 when the kill landed first.
    mutating func record(_ status: Int32, of kind: Kind, killedAfter delay: Double) {
        if status == 137 {
            landed += 1
            ceilings[kind] = min(2, (ceilings[kind] ?? start) * 1.15)
        } else {
            ceilings[kind] = delay * 0.75
        }
    }
}
