// A member's luck and skill and their reviews through the page: Ann plays
// a rated game to 61 against the computer to its end; her page shows her
// luck and skill once the server has reviewed it, in the review's words,
// and opens the review of her seat in the review dialog; Bo sees her
// figures on her page, and neither a button nor an answer of her review.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { clubServer, drive, shots } from "./support.mjs";

const club = clubServer("luck");
const blocked = [];

// A sum in the review's words: "+56.0% = skill -8.4% + luck +64.4%."
const SUM = String.raw`[-+]\d+\.\d% = skill [-+]\d+\.\d% \+ luck [-+]\d+\.\d%\.`;

test("a member's page shows their luck and skill and opens their own reviews", async () => {
  const base = club.base;
  const ann = await club.signedIn(club.member("Ann"), "Ann", blocked);
  const bo = await club.signedIn(club.member("Bo"), "Bo", blocked);
  const errors = [];
  ann.on("pageerror", (error) => errors.push(error.message));

  // A rated game to 61 against the basic player, played to its end.
  const res = await ann.request.post(`${base}/api/games`, { data: { rated: true, level: "basic", target: 61 } });
  assert.equal(res.status(), 201, await res.text());
  const { game, token } = await res.json();
  // Only the address's fragment changes: the page reads it as it loads.
  await ann.goto(`${base}/#game=${game}&token=${token}`);
  await ann.reload();
  await ann.locator("#hand button.card").first().waitFor();
  await drive(ann, (state) => state.match_winner !== null);

  // Her page: the figures once the server has reviewed the match (the
  // page reads itself again while it reviews), as the API says them.
  await ann.click("#ratings-button");
  await ann.locator("#ratings-list tr", { hasText: "Ann" }).locator("button").click();
  await ann.locator("#member-page:not(.hidden)").waitFor();
  const total = ann.locator("#member-luck-total");
  await ann.waitForFunction(() => /^One game in one match: /.test(document.getElementById("member-luck-total").textContent), null, { timeout: 60000 });
  const page = await (await ann.request.get(`${base}/api/club/members/Ann`)).json();
  const figures = page.luck_skill;
  assert.deepEqual([figures.matches, figures.reviewed, figures.reviewing, figures.games], [1, 1, false, 1]);
  assert.ok(Math.abs(figures.skill + figures.luck - figures.result) < 1e-9, JSON.stringify(figures));
  assert.match(figures.text, new RegExp(`^One game in one match: ${SUM}$`));
  assert.equal(await total.textContent(), figures.text);
  assert.equal(await ann.locator("#member-luck-legend").textContent(), figures.legend);
  assert.match(figures.legend, /^Luck and skill, in your chance of winning: skill is what your decisions gave up/);
  assert.equal(await ann.locator("#member-luck-count").textContent(), "");
  const row = await ann.locator("#member-matches tr").nth(1).locator("td").allTextContents();
  assert.deepEqual(row.slice(3), [page.matches[0].result + ", rated", page.matches[0].luck_skill.text, "Review"]);
  assert.match(page.matches[0].luck_skill.text, new RegExp(`^One game: ${SUM}$`));
  assert.equal(page.matches[0].luck_skill.text.slice(-20), figures.text.slice(-20), "one match: its split is the total");
  await ann.screenshot({ path: join(shots, "member-luck.png") });

  // Her review of the match, in the review dialog over her page.
  const answered = ann.waitForResponse((res) => res.url().endsWith(`/api/club/members/Ann/games/${page.matches[0].game}/review`));
  await ann.click("#member-matches button.review-match");
  const reviewed = await answered;
  assert.equal(reviewed.status(), 200, await reviewed.text());
  const { review, luck_skill } = await reviewed.json();
  await ann.locator("#review[open] svg polyline").waitFor();
  assert.deepEqual(review.people, [0]);
  assert.ok(review.decisions.every((d) => d.seat === 0), "her decisions only");
  assert.equal(await ann.locator("#review-luck p").first().textContent(), luck_skill.legend);
  assert.deepEqual(await ann.locator("#review-body p.luck-skill").allTextContents(), luck_skill.games);
  const split = review.luck_skill;
  assert.ok(Math.abs(split.result - figures.result) < 1e-12 && Math.abs(split.skill - figures.skill) < 1e-12, "the page's figures are the review's");
  assert.equal(await ann.locator("#review-body li.mistake").count(), review.decisions.filter((d) => d.mistake).length);
  await ann.screenshot({ path: join(shots, "member-review.png"), fullPage: true });
  await ann.locator("#review form button").click();
  await ann.waitForFunction(() => !document.getElementById("review").open);
  assert.ok(await ann.evaluate(() => document.getElementById("ratings").open), "her page stays open under it");

  // Bo on Ann's page: her figures, no review to open; her review's route
  // refuses him.
  await bo.click("#cancel-button");
  await bo.click("#ratings-button");
  await bo.locator("#ratings-list tr", { hasText: "Ann" }).locator("button").click();
  await bo.locator("#member-page:not(.hidden)").waitFor();
  await bo.waitForFunction(() => /^One game in one match: /.test(document.getElementById("member-luck-total").textContent));
  assert.equal(await bo.locator("#member-luck-total").textContent(), figures.text);
  assert.match(await bo.locator("#member-luck-legend").textContent(), /^Luck and skill, in Ann's chance of winning/);
  assert.equal(await bo.locator("#member-matches button.review-match").count(), 0);
  const refused = await bo.request.get(`${base}/api/club/members/Ann/games/${page.matches[0].game}/review`);
  assert.equal(refused.status(), 403);
  assert.match((await refused.json()).error, /theirs alone/);

  assert.deepEqual(errors, []);
  assert.deepEqual(blocked, [], "the security policy blocked something");
  await ann.context().close();
  await bo.context().close();
});
