//! `towers arena` with a level per bot, and `towers ladder`.

mod common;

use common::{arena, fails};

#[test]
fn each_arena_bot_can_have_its_own_level() {
    let deep_first = arena(&[
        "pyrga",
        "--bot",
        "alphabeta@3",
        "--bot",
        "alphabeta@1",
        "--games",
        "6",
        "--seed",
        "2",
    ]);
    assert!(
        deep_first.firsts[0] > deep_first.firsts[1],
        "depth 6 against depth 2: {:?}",
        deep_first.firsts
    );
    let old_form = arena(&[
        "pyrga", "--bot", "mcts", "--bot", "random", "--level", "1", "--games", "4", "--seed", "3",
    ]);
    let new_form = arena(&[
        "pyrga", "--bot", "mcts@1", "--bot", "random@1", "--level", "5", "--games", "4", "--seed",
        "3",
    ]);
    assert_eq!(old_form.stdout, new_form.stdout, "@1 is --level 1");
    let error = fails(&["arena", "pyrga", "--bot", "mcts@6", "--bot", "random"]);
    assert!(
        error.contains("--bot mcts@6") && error.contains("1 to 5"),
        "{error}"
    );
    let error = fails(&["arena", "pyrga", "--bot", "greedy@2", "--bot", "random"]);
    assert!(error.contains("unknown bot \"greedy\""), "{error}");
}
