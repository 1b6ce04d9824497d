//! Experiment: two Crescendo search bots head to head.
#![allow(missing_docs, clippy::expect_used, clippy::print_stdout, clippy::unwrap_used)]
use std::time::{Duration, Instant};
use bots::{Bot, Budget, CrescendoMcts, Level, MctsConfig, Style, play};
use crescendo::{Config, Players, State};

struct Timed { bot: CrescendoMcts, spent: Duration, moves: u32 }
impl Bot<State> for Timed {
    fn name(&self) -> &str { "t" }
    fn choose(&mut self, s: &State) -> Option<crescendo::Move> {
        let t = Instant::now(); let m = self.bot.choose(s); self.spent += t.elapsed(); self.moves += 1; m
    }
}
fn style(name: &str) -> Style { if name == "new" { Style::Strongest } else { Style::Search } }
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (sa, ia, sb, ib, games, seed, players): (String, u64, String, u64, u32, u64, usize) = (
        a[1].clone(), a[2].parse().unwrap(), a[3].clone(), a[4].parse().unwrap(), a[5].parse().unwrap(), a[6].parse().unwrap(), a.get(7).map_or(2, |p| p.parse().unwrap()));
    let players_cfg = match players { 2 => Players::Two, 3 => Players::Three, _ => Players::Four };
    let start = State::new(Config::new(players_cfg));
    let cfg = |it| MctsConfig { budget: Budget::iterations(it), ..CrescendoMcts::settings(Level::MAX) };
    let mut wins = [0u32; 2];
    let mut points = [0.0f64; 2];
    let mut time = [(Duration::ZERO, 0u32); 2];
    for g in 0..games {
        let mut bots: Vec<(usize, Timed)> = (0..players).map(|seat| {
            let who = (seat + g as usize) % 2;
            let (st, it) = if who == 0 { (&sa, ia) } else { (&sb, ib) };
            let s = seed.wrapping_mul(1_000_003).wrapping_add(u64::from(g) * 8 + seat as u64);
            (who, Timed { bot: CrescendoMcts::new(cfg(it), s).with_style(style(st)), spent: Duration::ZERO, moves: 0 })
        }).collect();
        let whos: Vec<usize> = bots.iter().map(|b| b.0).collect();
        let mut refs: Vec<&mut Timed> = bots.iter_mut().map(|b| &mut b.1).collect();
        let played = play(&start, &mut refs, seed.wrapping_add(u64::from(g)), 100_000);
        let status = boardcore::Game::status(&played.state); let outcome = status.outcome().unwrap();
        for seat in 0..players { points[whos[seat]] += outcome.reward(boardcore::Player::new(seat).unwrap(), players); }
        if let Some(w) = outcome.winner() { wins[whos[w.index()]] += 1; }
        for (w, b) in bots.iter() { time[*w].0 += b.spent; time[*w].1 += b.moves; }
    }
    let ms = |i: usize| time[i].0.as_secs_f64() * 1000.0 / f64::from(time[i].1);
    println!("A={sa}@{ia} B={sb}@{ib} games {games} seed {seed} players {players}: wins A {} B {} points A {:.1} B {:.1} ms/move A {:.2} B {:.2}", wins[0], wins[1], points[0], points[1], ms(0), ms(1));
}
