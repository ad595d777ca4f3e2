// The in-process render benchmark; see Benchmarks/README.md.
//
// Steps the Inbox demo on a virtual clock at 60 frames a second, renders each
// frame into one reused 200×60 canvas, diffs it against the previous frame and
// counts the changed runs, then prints the median frames per second of several
// repetitions as one line of JSON.
//
// Usage: badgebar-bench [--frames N] [--repetitions N]
import BadgeKit

/// What to run, from the command line.
struct BenchOptions {
    /// Frames per repetition: 7,200 is two minutes of virtual time, about a third of a second of real time.
    var frames = 7_200
    /// Timed repetitions, after one untimed warm-up.
    var repetitions = 7
    let columns = 200
    let rows = 60
    let framesPerSecond = 60.0

    init(arguments: [String]) {
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            guard let value = remaining.popFirst().flatMap({ Int($0) }), value > 0 else {
                fatalError("usage: badgebar-bench [--frames N] [--repetitions N]")
            }
            switch flag {
            case "--frames": frames = value
            case "--repetitions": repetitions = value
            default: fatalError("unknown flag \(flag)")
            }
        }
    }
}

/// One repetition: a fresh demo from time 0, `frames` frames of state → Canvas → diff.
///
/// - Returns: The seconds taken and the changed runs counted (so the diff cannot be optimised away).
func runRepetition(_ options: BenchOptions) -> (seconds: Double, changedRuns: Int) {
    let appearance = ToolbarAppearance(widths: .estimate)
    var inbox = Inbox.demo(startTime: 0)
    var canvas = Canvas(columns: options.columns, rows: options.rows)
    var previous = Canvas(columns: options.columns, rows: options.rows)
    var changedRuns = 0
    let clock = ContinuousClock()
    let start = clock.now
    for frame in 1...options.frames {
        let time = Double(frame) / options.framesPerSecond
        inbox.advance(to: time)
        inbox.render(into: &canvas, at: time, appearance: appearance)
        canvas.forEachChangedRun(from: previous) { _ in changedRuns += 1 }
        previous.replaceCells(with: canvas)
    }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    return (seconds, changedRuns)
}

let options = BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
_ = runRepetition(options)
var rates: [Double] = []
var changedRuns = 0
for _ in 0..<options.repetitions {
    let result = runRepetition(options)
    rates.append(Double(options.frames) / result.seconds)
    changedRuns = result.changedRuns
}
rates.sort()
let median = rates[rates.count / 2]
print(
    "{\"frames_per_second\": \(Int(median.rounded())), \"min\": \(Int(rates.first!.rounded())), "
        + "\"max\": \(Int(rates.last!.rounded())), \"frames\": \(options.frames), "
        + "\"repetitions\": \(options.repetitions), \"columns\": \(options.columns), \"rows\": \(options.rows), "
        + "\"changed_runs_per_repetition\": \(changedRuns)}")
