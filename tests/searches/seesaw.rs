//! df-pn's threshold events and the see-saw effect (src/search/threshold_log.rs): the
//! root's entries into its children, with the thresholds Nagai's rule gives them; a run in
//! steps of one position searches what one uninterrupted run searches; and the 1 + ε trick
//! (Pawlewicz & Lew 2007) cuts the root's re-entries on tic-tac-toe, the numbers the see-saw
//! lesson quotes.

use pnplay::engine::{self, GameSpec};
use pnplay::search::Goal;
use pnplay::search::exact::dfpn::EPSILON;
use pnplay::search::params::Params;
use pnplay::search::session::{Budget, Report};
use pnplay::search::threshold_log::ThresholdLog;
use pnplay::search::{Stats, Verdict};

/// df-pn on tic-tac-toe position `pos` for `goal` with ε `epsilon`, in steps of `step`
/// positions (`None`: one run): its verdict, counters and threshold log.
fn dfpn(pos: &str, goal: Goal, epsilon: f64, step: Option<u64>) -> (Verdict, Stats, ThresholdLog) {
    let spec: GameSpec = "tictactoe".parse().unwrap();
    let params = Params::default()
        .with_goal(goal)
        .with(&EPSILON, Some(epsilon));
    let mut session = engine::start(&spec, pos, "dfpn", &params).unwrap();
    let verdict = match step {
        None => session.run(),
        // Bounded: a step that made no progress would otherwise loop for ever.
        Some(n) => (0..100_000)
            .find_map(|_| session.step(Budget::iterations(n)))
            .expect("df-pn finishes within 100,000 steps"),
    };
    let report = Report::of(session.as_ref());
    (verdict, report.stats, report.thresholds.unwrap())
}

#[test]
fn the_root_enters_its_children_with_nagais_thresholds() {
    let (verdict, stats, log) = dfpn("12", Goal::Win, 0.0, None);
    assert_eq!((verdict, stats.iterations), (Verdict::Proved, 75));
    assert_eq!((log.entries, log.reentries), (9, 2));
    let moves: Vec<&str> = log.events.iter().map(|e| e.mv.as_str()).collect();
    assert_eq!(moves, ["3", "4", "5", "6", "7", "8", "9", "3", "4"]);
    // X to move at the root (OR): each child is entered with th_pn = pn₂ + 1 (the second-least
    // pn, plus one) and an unbounded th_dn; the first six children at 1/1 with pn₂ = 1 give
    // way after one position each, then 9 holds until its pn passes 6.
    for event in &log.events {
        assert_eq!(event.th_pn, event.second.map(|s| s + 1), "{event:?}");
        assert_eq!(event.th_dn, None, "{event:?}");
    }
    let iterations: Vec<u64> = log.events.iter().map(|e| e.iteration).collect();
    assert_eq!(iterations, [1, 2, 3, 4, 5, 6, 7, 30, 42]);
    let nine = &log.events[6];
    assert_eq!(
        (nine.pn, nine.dn, nine.second, nine.th_pn),
        (Some(1), Some(1), Some(6), Some(7))
    );
    let again = &log.events[7];
    assert_eq!(
        (again.mv.as_str(), again.pn, again.again),
        ("3", Some(6), true)
    );
}

#[test]
fn steps_of_one_position_search_what_one_run_searches() {
    for (pos, goal) in [("12", Goal::Win), ("", Goal::NotLose), ("5", Goal::Win)] {
        let whole = dfpn(pos, goal, 0.0, None);
        for step in [1, 3, 50] {
            let stepped = dfpn(pos, goal, 0.0, Some(step));
            assert_eq!(stepped.0, whole.0, "{pos:?} {goal:?} steps of {step}");
            assert_eq!(
                stepped.1.iterations, whole.1.iterations,
                "{pos:?} {goal:?} steps of {step}"
            );
            assert_eq!(stepped.2, whole.2, "{pos:?} {goal:?} steps of {step}");
        }
    }
}

#[test]
fn one_plus_epsilon_cuts_the_see_saw_at_the_root() {
    // Tic-tac-toe from the start, goal not-lose: plain df-pn switches between the root's
    // children 33 times, 24 of them back into one it had left; ε = 0.5 and 1 keep it longer
    // in each.
    let runs: Vec<(f64, u64, u64, u64)> = [0.0, 0.25, 0.5, 1.0]
        .into_iter()
        .map(|epsilon| {
            let (verdict, stats, log) = dfpn("", Goal::NotLose, epsilon, None);
            assert_eq!(verdict, Verdict::Proved);
            (epsilon, stats.iterations, log.entries, log.reentries)
        })
        .collect();
    // ε = 0.25 changes no threshold that matters here, yet costs positions.
    let expected = [
        (0.0, 708, 33, 24),
        (0.25, 744, 33, 24),
        (0.5, 589, 17, 8),
        (1.0, 321, 9, 0),
    ];
    assert_eq!(runs, expected);
}

#[test]
fn each_entry_names_the_child_left_and_the_numbers_it_came_back_with() {
    // The "predict the next node" exercise for df-pn explains an entry with these: the child
    // the root left came back at its threshold (pn ≥ th_pn at this OR root) or resolved, and
    // the child entered is the least pn of the root's children.
    let (_, _, log) = dfpn("12", Goal::Win, 0.0, None);
    assert_eq!(log.events[0].left, None);
    for pair in log.events.windows(2) {
        let (before, after) = (&pair[0], &pair[1]);
        let left = after.left.as_ref().expect("a later entry left a child");
        assert_eq!(left.mv, before.mv, "{after:?}");
        let at_threshold = match (left.pn, before.th_pn) {
            (None, _) => true,
            (Some(pn), Some(th)) => pn >= th,
            (Some(_), None) => false,
        };
        assert!(at_threshold, "{before:?} → {after:?}");
        assert!(after.pn <= left.pn.or(Some(u32::MAX)), "{after:?}");
    }
    // 9 was entered with th_pn 7 and came back disproved (pn ∞); the root then entered 3, the
    // first of the children at pn 6.
    let back = &log.events[7];
    let left = back.left.as_ref().unwrap();
    assert_eq!(
        (left.mv.as_str(), left.pn, back.mv.as_str(), back.pn),
        ("9", None, "3", Some(6))
    );
}

#[test]
fn a_report_lists_the_root_children_in_search_order_with_their_numbers_now() {
    // After 10 positions df-pn is inside 9 (entered at position 7, th_pn 7): the other
    // children were each entered once and came back at pn 6 (an AND node: its six O replies
    // add up), 9 is at pn 4, still below its threshold.
    let spec: GameSpec = "tictactoe".parse().unwrap();
    let params = Params::default().with_goal(Goal::Win);
    let mut session = engine::start(&spec, "12", "dfpn", &params).unwrap();
    assert_eq!(session.step(Budget::iterations(10)), None);
    let log10 = Report::of(session.as_ref()).thresholds.unwrap();
    let root = log10.root.expect("a report carries the root's children");
    assert!(root.or);
    let shown: Vec<(&str, Option<u32>, Option<u32>)> = root
        .children
        .iter()
        .map(|c| (c.mv.as_str(), c.pn, c.dn))
        .collect();
    let six = (Some(6), Some(1));
    let expected: Vec<(&str, Option<u32>, Option<u32>)> = ["3", "4", "5", "6", "7", "8"]
        .into_iter()
        .map(|mv| (mv, six.0, six.1))
        .chain([("9", Some(4), Some(1))])
        .collect();
    assert_eq!(shown, expected);
    assert_eq!(log10.entries, 7);
    let (_, _, log) = dfpn("12", Goal::Win, 0.0, None);
    let finished = log.root.expect("and the finished run too");
    assert_eq!(finished.children.len(), 7);
    assert_eq!(
        finished.children.iter().filter(|c| c.pn == Some(0)).count(),
        1
    );
}
