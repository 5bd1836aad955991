//! Proof certificates (issue 39): what `sheetgen solve … --proof FILE` writes is checked by
//! the independent checker (`verify-proof/`, its own move generator), which accepts every
//! proof sheetgen claims and rejects certificates that do not prove their win.

use crate::common::run;
use sheetgen_verify_proof::verify;

/// `solve ARGS --proof FILE --format json`: the JSON report and the certificate.
fn solve_with_proof(args: &[&str]) -> (serde_json::Value, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("proof.txt");
    let mut all = vec!["solve", "--game", "loa"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json", "--proof", file.to_str().unwrap()]);
    let out = run(&all);
    assert_eq!(out.code, 0, "{all:?}: {}", out.stderr);
    let report = serde_json::from_slice(&out.stdout).unwrap();
    (report, std::fs::read_to_string(&file).unwrap())
}

/// The winner a report's verdict names: the side to move for a win, the other for a loss.
fn winner(report: &serde_json::Value) -> &'static str {
    let to_move = report["to_move"].as_str().unwrap();
    match (report["value"].as_str(), to_move) {
        (Some("win"), "black") | (Some("loss"), "white") => "black",
        (Some("win"), "white") | (Some("loss"), "black") => "white",
        _ => panic!("not a proven win or loss: {report}"),
    }
}

/// The certificate is accepted, for the winner and the length the report claims.
fn assert_accepted(report: &serde_json::Value, certificate: &str) {
    let proven = verify(certificate).unwrap_or_else(|why| panic!("{report}: {why}"));
    assert_eq!(proven.winner, winner(report), "{report}");
    assert_eq!(u64::from(proven.claimed), report["plies"].as_u64().unwrap());
    assert!(proven.longest <= proven.claimed, "{proven:?}");
}

#[test]
fn proofs_solve_writes_are_accepted_by_the_independent_checker() {
    for args in [
        &["--position", "5/1b3/1w1b1/3w1/5 w"][..],
        &["examples/loa-6x6.yaml", "--at", "21"],
        &["examples/loa-6x6.yaml", "--at", "19"],
        &["examples/loa-6x6.yaml", "--at", "20"],
    ] {
        let (report, certificate) = solve_with_proof(args);
        assert_accepted(&report, &certificate);
    }
}

/// Issue 39.6: 5×5 from the start is a first-player win; its proof is written and checked.
/// About 3 s in a debug build; `cargo bench --bench loa_search` times it in a release one.
#[test]
fn the_5x5_start_is_a_proven_first_player_win_with_a_checked_certificate() {
    let start = "1bbb1/w3w/w3w/w3w/1bbb1 b";
    let (report, certificate) = solve_with_proof(&["--position", start, "--nodes", "20000000"]);
    assert_eq!(report["value"], "win", "{report}");
    assert_eq!(report["plies"], 11, "{report}");
    assert_accepted(&report, &certificate);
    assert!(certificate.starts_with(&format!(
        "lines-of-action proof 1\nrules: simultaneous mover-wins, repetition third\n\
         start: {start}\nwinner: black\nplies: 11\n"
    )));
}

/// Every win or loss `analyze --format json` proves in these records, solved at that
/// position with `--proof`, gets a certificate the checker accepts for the same claim:
/// passes (a 5×5 board with obstructions), both rules for double connections, repetitions.
#[test]
fn every_proven_claim_of_analyze_and_solve_is_confirmed_by_the_checker() {
    let mut checked = 0;
    for record in [
        "examples/loa-6x6.yaml",
        "examples/loa-forced-pass.yaml",
        "examples/loa-simultaneous-draw.yaml",
        "examples/loa-simultaneous-mover-wins.yaml",
        "examples/loa-nonmover-wins.yaml",
        "examples/loa-repetition.yaml",
    ] {
        let out = run(&["analyze", record, "--nodes", "2000", "--format", "json"]);
        assert_eq!(out.code, 0, "{record}: {}", out.stderr);
        for line in String::from_utf8(out.stdout).unwrap().lines() {
            let claim: serde_json::Value = serde_json::from_str(line).unwrap();
            let proven = matches!(claim["value"].as_str(), Some("win" | "loss"));
            if !proven || claim["plies"] == 0 {
                continue;
            }
            let ply = claim["ply"].to_string();
            let (report, certificate) = solve_with_proof(&[record, "--at", &ply]);
            assert_eq!(report["value"], claim["value"], "{record} ply {ply}");
            assert_eq!(report["plies"], claim["plies"], "{record} ply {ply}");
            assert_accepted(&report, &certificate);
            checked += 1;
        }
    }
    assert!(checked >= 8, "only {checked} proven claims");
}

/// A certificate with one line changed by `edit`.
fn edited(certificate: &str, edit: impl Fn(usize, &str) -> Option<String>) -> String {
    let lines = certificate.lines().enumerate();
    let kept: Vec<String> = lines.filter_map(|(i, line)| edit(i, line)).collect();
    kept.join("\n") + "\n"
}

#[test]
fn certificates_that_do_not_prove_their_win_are_rejected() {
    let (_, good) = solve_with_proof(&["examples/loa-6x6.yaml", "--at", "19"]);
    assert!(verify(&good).is_ok());
    let entries = good
        .lines()
        .position(|l| l.starts_with("entries: "))
        .unwrap();
    let count = good.lines().count() - entries - 1;
    assert!(count >= 3, "{good}");
    let rejected = |bad: &str, says: &str| {
        let why = verify(bad).expect_err(says);
        assert!(why.contains(says), "{why}\n--- for ---\n{bad}");
    };
    // Truncated: the last entries cut off.
    let truncated: String = good
        .lines()
        .take(entries + 2)
        .map(|l| format!("{l}\n"))
        .collect();
    rejected(&truncated, "truncated");
    // A missing reply: an entry left out, the count made to match.
    let missing = edited(&good, |i, line| match i {
        _ if i == entries => Some(format!("entries: {}", count - 1)),
        _ if i == entries + 2 => None,
        _ => Some(line.into()),
    });
    rejected(&missing, "a missing reply");
    // Corrupted: the first winning move replaced by another legal one, or by nonsense.
    let first = good.lines().nth(entries + 1).unwrap();
    let (position, ply) = first.rsplit_once(' ').unwrap();
    let swapped = good.replacen(first, &format!("{position} pass"), 1);
    rejected(&swapped, "is not a legal move");
    let garbled = good.replacen(ply, "a1-a1", 1);
    assert!(verify(&garbled).is_err());
    // A claim shorter than the proof, the other winner, a damaged header.
    rejected(
        &good.replacen("plies: 7", "plies: 5", 1),
        "more than the claimed 5 plies",
    );
    let other = good.replacen("winner: white", "winner: black", 1);
    assert!(verify(&other).is_err());
    rejected(
        &good.replacen("lines-of-action proof 1", "proof", 1),
        "first line",
    );
}

#[test]
fn proof_is_refused_where_nothing_is_proven_and_for_shoreline() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.txt");
    let file = file.to_str().unwrap();
    let unproven = [
        "solve",
        "loa",
        "examples/loa-6x6.yaml",
        "--at",
        "2",
        "--nodes",
        "100",
    ];
    let out = run(&[&unproven[..], &["--proof", file]].concat());
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("--proof: no win or loss is proven within 100 nodes"),
        "{}",
        out.stderr
    );
    assert!(!std::path::Path::new(file).exists());
    let out = run(&["solve", "shoreline", "--proof", file]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("--proof"), "{}", out.stderr);
}
