// The club's ratings through the page: a member opens a rated table
// against the computer from the new-game form, gives the match up, and
// finds it on the rating list and on her own page, with its chart; the
// form offers "Rated" only to a member at two seats.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { clubServer, guard, shots } from "./support.mjs";

const club = clubServer("ratings");
const blocked = [];

test("a rated match given up moves the member onto the list, and her page charts it", async () => {
  const base = club.base;
  const link = club.member("Ann");
  const context = await club.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await guard(await context.newPage(), base, blocked);
  // Signed out, the form offers no rated game.
  await page.goto(`${base}/`);
  await page.locator("#start").waitFor();
  assert.equal(await page.locator("#rated-field").isVisible(), false);
  await page.goto(link);
  await page.locator("#member").filter({ hasText: "Signed in as Ann" }).waitFor();
  await page.locator("#ratings-button").waitFor();
  // Signed in: offered at two seats, not at three.
  await page.locator("#rated-field").waitFor();
  await page.selectOption("#players", "3");
  assert.equal(await page.locator("#rated-field").isVisible(), false);
  await page.selectOption("#players", "2");
  await page.selectOption("#level", "expert");
  await page.check("#rated");
  const created = page.waitForResponse((res) => res.url().endsWith("/api/games") && res.request().method() === "POST");
  await page.click("#start-button");
  const answer = await created;
  assert.equal(answer.status(), 201, await answer.text());
  assert.equal(JSON.parse(answer.request().postData()).rated, true);
  assert.equal((await answer.json()).state.seats[0].member, "Ann");
  await page.click("#quit-button");
  await page.locator("#status", { hasText: "quit" }).waitFor();

  // The list: the expert won a rated match, Ann lost one.
  await page.click("#ratings-button");
  const rows = page.locator("#ratings-list tr");
  await rows.nth(1).waitFor();
  const text = await page.locator("#ratings-list").textContent();
  assert.match(text, /expert \(computer\)/);
  const annRow = page.locator("#ratings-list tr", { hasText: "Ann" });
  const annCells = await annRow.locator("td").allTextContents();
  assert.deepEqual(annCells.slice(4), ["0", "1"], annCells.join(" | "));
  assert.ok(Number(annCells[2]) < 1500, "a loss to the expert lowers a newcomer's 1500");
  // Her page: the rating, a chart of one point, the match lost and rated.
  await annRow.locator("button").click();
  await page.locator("#member-page:not(.hidden)").waitFor();
  assert.match(await page.locator("#member-rating").textContent(), new RegExp(`^Rating ${annCells[2]} ± \\d+ .*1 rated match: 0 won, 1 lost\\.$`));
  assert.equal(await page.locator("#rating-chart svg polyline").count(), 1);
  const matches = await page.locator("#member-matches td").allTextContents();
  assert.deepEqual(matches.slice(1, 4), ["expert", "0–0", "lost, rated"]);
  await page.screenshot({ path: join(shots, "member-page.png") });
  await page.click("#member-back");
  await page.locator("#ratings-list:not(.hidden)").waitFor();
  await context.close();
  assert.deepEqual(blocked, [], "the security policy blocked something");
});
