// The move clock through the page: a club member, signed in by the link
// `crib club add` printed in a browser of their own, opens a table against
// the computer with the shortest clock and does nothing. The page counts
// their time down, then shows the discard the server made for them, marked
// as the clock's, and the saved match marks it too.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { clubServer, shots } from "./support.mjs";

const club = clubServer("clock");

test("a member who lets the clock run out is moved for, and the page says so", async () => {
  const blocked = [];
  const page = await club.signedIn(club.member("Tick Tock"), "Tick Tock", blocked);

  // The new-game form offers no clock by default; the shortest is chosen.
  await page.locator("#start").waitFor();
  assert.equal(await page.locator("#clock").inputValue(), "");
  const shortest = await page.locator("#clock option").evaluateAll((options) => options.map((o) => o.value).filter(Boolean).map(Number));
  assert.equal(Math.min(...shortest), 5);
  await page.selectOption("#level", "basic");
  await page.selectOption("#clock", "5");
  const created = page.waitForResponse((res) => res.url().endsWith("/api/games") && res.request().method() === "POST");
  await page.click("#start-button");
  const opened = await (await created).json();
  assert.equal(opened.state.clock.seconds, 5);
  const dealt = opened.state.view.hand;
  assert.equal(dealt.length, 6);

  // The countdown beside the person's seat, from the server's milliseconds.
  const countdown = page.locator("#clock-you");
  await countdown.filter({ hasText: /^Your time: 0:0[1-5]$/ }).waitFor();
  await page.screenshot({ path: join(shots, "clock-running.png") });

  // Nothing is done: the server discards for the person, and the log says so.
  const marked = page.locator("#log li.by-clock");
  await marked.first().waitFor({ timeout: 20000 });
  assert.equal(await marked.first().textContent(), "Moved by the clock: you ran out of time.");
  const next = await marked.first().evaluate((li) => li.nextElementSibling && li.nextElementSibling.textContent);
  assert.match(next, /^You give .* to the crib\.$/, next);
  // Four cards kept of the six dealt.
  await page.locator("#hand .card").nth(3).waitFor();
  assert.equal(await page.locator("#hand .card").count(), 4);
  const kept = await page.locator("#hand .card").evaluateAll((cards) => cards.map((c) => c.dataset.card));
  assert.ok(kept.every((card) => dealt.includes(card)), `${kept} of ${dealt}`);
  await page.screenshot({ path: join(shots, "clock-moved.png") });

  // The table's state, as the page has it, says who the clock moved for.
  const hash = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
  const res = await page.request.get(`${club.base}/api/games/${hash.get("game")}?since=0`, { headers: { Authorization: `Bearer ${hash.get("token")}` } });
  const state = await res.json();
  const byClock = state.events.filter((said) => said.by_clock);
  assert.ok(byClock.length >= 1);
  assert.equal(byClock[0].event.event, "discarded");
  assert.equal(byClock[0].event.seat, 0);

  // The saved match marks it: quit, the review of the match given up says
  // the discard was the clock's before grading it.
  const reviewed = await page.evaluate(async ([game, token]) => {
    const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    await fetch(`/api/games/${game}/quit`, { method: "POST", headers });
    return (await fetch(`/api/games/${game}/review`, { headers })).json();
  }, [hash.get("game"), hash.get("token")]);
  const first = reviewed.review.decisions.findIndex((decision) => decision.by_clock);
  assert.ok(first >= 0, JSON.stringify(reviewed.review.decisions));
  assert.equal(reviewed.review.decisions[first].kind, "discard");
  assert.match(reviewed.said[first], /^Moved by the clock: you ran out of time\. You throw /);
  await page.context().close();
  assert.deepEqual(blocked, [], "the security policy blocked something");
});
