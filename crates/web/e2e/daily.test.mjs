// The deal of the day, played by two members of the club, each signed in
// by their own link in a browser context of their own: Ann plays through
// the API (her context's own requests, with her session's cookie), Bob
// through the page, every round of the day; then Bob's answers show the
// expert's keeps beside the club's, both members having thrown the same
// cards (the first two of each hand): 100% of the club, and the ranking of
// the two. support.mjs says which binary and browser they run.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { clubServer, shots } from "./support.mjs";

const club = clubServer("daily");
const member = (name) => club.member(name);

// A browser context of its own, signed in by `link`: its page.
const signedIn = (link, name, blocked) => club.signedIn(link, name, blocked, { width: 1100, height: 900 });

// Ann's requests, from her context: her cookie, the page's origin.
async function call(page, method, path, body) {
  const res = await page.request.fetch(`${club.base}${path}`, {
    method,
    headers: { Origin: club.base, "Content-Type": "application/json" },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json();
  assert.ok(res.ok(), `${method} ${path}: ${JSON.stringify(data)}`);
  return data;
}

test("two members play the deal of the day, and the second one's answers show the club's shares", async () => {
  const blocked = [];
  const ann = await signedIn(member("Ann"), "Ann", blocked);
  const bob = await signedIn(member("Bob"), "Bob", blocked);

  // Ann, through the API: the first cards of each hand, always.
  const today = await call(ann, "GET", "/api/daily");
  assert.equal(today.rounds.length, 8);
  assert.equal(today.answers, null);
  for (const { round } of today.rounds) {
    const path = `/api/daily/${today.day}/rounds/${round}`;
    let st = await call(ann, "POST", path);
    while (!st.done) {
      const body = st.discard ? { action: "discard", cards: st.hand.slice(0, st.discard) }
        : st.playable.length ? { action: "play", card: st.playable[0] } : { action: "go" };
      st = await call(ann, "POST", `${path}/act`, body);
    }
  }
  const played = await call(ann, "GET", "/api/daily");
  assert.equal(played.finished, true);
  assert.equal(played.ranking.length, 1);

  // Bob, through the page: the deal of the day from the start screen.
  await bob.locator("#daily-button").click();
  await bob.locator("#daily-summary").filter({ hasText: "Eight rounds against the expert" }).waitFor();
  assert.equal(await bob.locator("#daily-answers").isVisible(), false, "no answers before the day is played");
  await bob.locator("#daily-play").click();
  for (let round = 1; round <= 8; round++) {
    await bob.locator("#daily-round-title").filter({ hasText: `Round ${round} of 8` }).waitFor();
    for (;;) {
      const state = await bob.evaluate(() => DY.state);
      if (state.done) break;
      await bob.evaluate(() => { window.seenState = DY.state; });
      if (state.discard) {
        // The first two cards, as Ann threw.
        const cards = bob.locator("#daily-hand button");
        await cards.nth(0).click();
        await cards.nth(1).click();
        await bob.locator("#daily-discard").click();
      } else if (state.playable.length) {
        await bob.locator(`#daily-hand button[data-card="${state.playable[0]}"]`).click();
      } else {
        await bob.locator("#daily-go").click();
      }
      // Each answer is a new state.
      await bob.waitForFunction(() => window.seenState !== DY.state || $("daily-error").textContent);
      assert.equal(await bob.locator("#daily-error").textContent(), "");
    }
    await bob.locator("#daily-status").filter({ hasText: "The round is over." }).waitFor();
    if (round === 1) await bob.screenshot({ path: join(shots, "daily-round.png") });
    await bob.locator("#daily-next").click();
  }

  // The answers: each keep beside the club's, which threw as one.
  await bob.locator("#daily-answers section").first().waitFor();
  const sections = bob.locator("#daily-answers section");
  assert.equal(await sections.count(), 8);
  for (let i = 0; i < 8; i++) {
    const club = await sections.nth(i).locator(".club-keep").textContent();
    assert.match(club, /^The club threw: \S+ \S+: 100% \(2 members\)\.$/, club);
    assert.match(await sections.nth(i).textContent(), /The expert throws/);
  }
  await bob.locator("#daily-summary").filter({ hasText: "You have played today's rounds" }).waitFor();
  const ranked = await bob.locator("#daily-ranking-list li").allTextContents();
  assert.equal(ranked.length, 2, ranked.join("; "));
  assert.ok(ranked.some((line) => line.startsWith("Bob (you): ")), ranked.join("; "));
  assert.ok(ranked.some((line) => line.startsWith("Ann: ")), ranked.join("; "));
  await bob.screenshot({ path: join(shots, "daily-answers.png"), fullPage: true });

  // The same answers through the API, for Ann too.
  const anns = await call(ann, "GET", "/api/daily");
  for (const round of anns.answers) {
    assert.deepEqual(round.keep.shares.map((share) => [share.share, share.members]), [[1, 2]]);
  }
  assert.deepEqual(blocked, [], "the security policy blocked something");
});
