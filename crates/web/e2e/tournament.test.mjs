// A tournament through the page: Ann makes a round robin of four (Ann, Bo
// and two computers) from the Tournaments dialog; each member finds their
// match of each round on the tournament's page, takes their kept seat with
// Play and plays it out (their moves sent as the page sends them, the
// first legal one each time); the computers' match is played by the
// server; Bo gives up his match against Ann with Quit. The page then shows
// the tournament over, with its final order and its standings.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { clubServer, drive, shots } from "./support.mjs";

const club = clubServer("tournament");
const blocked = [];

/** The tournament's page, opened at its address (loaded afresh). */
let visits = 0;
async function openTournament(page, id) {
  visits += 1;
  await page.goto(`${club.base}/?visit=${visits}#tournament=${id}`);
  await page.locator("#tournament-view:not(.hidden)").waitFor();
}

/** The line of match `number` (from 1) on the tournament's page. */
const matchLine = (page, number) => page.locator(".tournament-round li", { hasText: `Match ${number}:` });

test("a round robin of four with two computers is played to its standings", async () => {
  const ann = await club.signedIn(club.member("Ann"), "Ann", blocked);
  const bo = await club.signedIn(club.member("Bo"), "Bo", blocked);

  // Signed in, the new-game form offers the club's tournaments.
  await ann.click("#start-tournaments-button");
  await ann.locator("#tournament-form").waitFor();
  await ann.fill("#tournament-name", "Club night");
  await ann.selectOption("#tournament-kind", "round-robin");
  await ann.selectOption("#tournament-target", "61");
  await ann.fill("#tournament-entrants", "Ann\nBo\ncomputer easy\ncomputer basic");
  const made = ann.waitForResponse((res) => res.url().endsWith("/api/club/tournaments") && res.request().method() === "POST");
  await ann.click("#tournament-create");
  const answer = await made;
  assert.equal(answer.status(), 201, await answer.text());
  const id = (await answer.json()).id;
  await ann.locator("#tournament-view:not(.hidden)").waitFor();
  assert.equal(await ann.locator("#tournament-title").textContent(), "Club night");
  assert.equal(await ann.locator(".tournament-round").count(), 3);
  await ann.screenshot({ path: join(shots, "tournament-start.png") });

  // The circle: round 1 is matches 1 (Ann v basic) and 2 (Bo v easy),
  // round 2 matches 3 (Bo v basic) and 4 (Ann v easy), round 3 matches 5
  // (easy v basic, the server's) and 6 (Ann v Bo).
  const rounds = [
    [[ann, 1], [bo, 2]],
    [[bo, 3], [ann, 4]],
  ];
  for (const round of rounds) {
    for (const [page, number] of round) {
      await openTournament(page, id);
      const line = matchLine(page, number);
      await line.locator("button.play-match").click();
      await page.waitForURL(/#game=\w+&token=/);
      const state = await drive(page, (st) => st.match_winner !== null);
      assert.notEqual(state.match_winner, null);
    }
  }
  // Round 3 opens once round 2 is over: Bo plays his match against Ann,
  // and gives it up.
  await openTournament(bo, id);
  await matchLine(bo, 6).locator("button.play-match").waitFor({ timeout: 20000 });
  await matchLine(bo, 6).locator("button.play-match").click();
  await bo.locator("#quit-button").click();
  await bo.locator("#status", { hasText: "quit" }).waitFor();

  // Ann's page, read again every few seconds, shows the end.
  await openTournament(ann, id);
  await ann.locator("#tournament-result", { hasText: "Over:" }).waitFor({ timeout: 30000 });
  assert.match(await matchLine(ann, 6).textContent(), /Ann won \(given up\)/);
  assert.match(await matchLine(ann, 5).textContent(), /easy v basic, \d–\d: (easy|basic) won/);
  const rows = ann.locator("#tournament-standings tr");
  assert.equal(await rows.count(), 5);
  for (let i = 1; i <= 4; i++) {
    const cells = await rows.nth(i).locator("td").allTextContents();
    assert.equal(cells[2], "3", `everyone played three games: ${cells.join(" | ")}`);
  }
  const first = (await rows.nth(1).locator("td").allTextContents())[1];
  assert.match(await ann.locator("#tournament-result").textContent(), new RegExp(`^Over: ${first} won\\.`));
  assert.equal(await ann.locator("button.play-match").count(), 0, "nothing left to play");
  await ann.screenshot({ path: join(shots, "tournament-over.png") });
  // The list names it, over.
  await ann.click("#tournament-back");
  await ann.locator("#tournament-list li", { hasText: "Club night" }).filter({ hasText: "over" }).waitFor();
  await ann.context().close();
  await bo.context().close();
  assert.deepEqual(blocked, [], "the security policy blocked something");
});
