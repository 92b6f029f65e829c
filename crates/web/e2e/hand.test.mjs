// A whole seeded hand of `crib serve`, played through the page in headless
// Chromium: discard by clicking, peg every card, read the show, and check the
// board on the page against the game's events from the API; and the page's
// counting practice. support.mjs says which binary and browser they run.

import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { act, apiState, bin, browserOptions, drive, guard, shots, startServer as serve } from "./support.mjs";

let server, base, context, profile;

// Starts `crib serve` on the database `db` (the profile's by default).
function startServer(db = join(profile, "crib.db"), more = []) {
  return serve(db, more);
}

before(async () => {
  assert.ok(bin, "build crib first (cargo build --release -p crib)");
  profile = mkdtempSync(join(tmpdir(), "crib-e2e-"));
  [server, base] = await startServer();
  mkdirSync(shots, { recursive: true });
  context = await chromium.launchPersistentContext(profile, { ...browserOptions, viewport: { width: 1200, height: 900 } });
});

after(async () => {
  if (context) await context.close();
  if (server) server.kill();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

// Whatever the page's Content-Security-Policy blocked (an inline script or
// style it does not allow by hash, say): the page must need nothing blocked.
const blocked = [];
// The pages a test opened, closed after it also when it failed: an open
// page keeps its live stream, and with six of them the browser's
// connections to the server are used up and later tests time out.
const opened = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((page) => page.close()));
  assert.deepEqual(blocked.splice(0), [], "the security policy blocked something");
});

// Every request the page makes stays on the server under test (`at`).
async function newPage(at = base) {
  const page = await context.newPage();
  opened.push(page);
  return guard(page, at, blocked);
}

test("a whole seeded hand against the computer, played through the page", async () => {
  const page = await newPage();
  const errors = [], failed = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("response", (res) => { if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`); });
  page.on("request", (req) => { if (req.url().includes("favicon")) failed.push(`asked for ${req.url()}`); });
  await page.goto(base + "/");
  await page.locator("#start").waitFor();
  // The icon is in the page itself: it draws, and nothing asks for /favicon.ico.
  const icon = await page.getAttribute('link[rel="icon"]', "href");
  assert.match(icon, /^data:image\/svg\+xml,/);
  const drawn = await page.evaluate((src) => new Promise((done) => {
    const img = new Image();
    img.onload = () => done(img.naturalWidth > 0);
    img.onerror = () => done(false);
    img.src = src;
  }), icon);
  assert.ok(drawn, "the icon is an image");
  // No game yet: nothing to hint or quit.
  assert.equal(await page.locator("#hint-button").isVisible(), false);
  assert.equal(await page.locator("#quit-button").isVisible(), false);
  await page.selectOption("#opponent", "computer");
  await page.selectOption("#level", "basic");
  const created = page.waitForResponse((res) => res.url().endsWith("/api/games"));
  await page.click("#start-button");
  assert.equal((await created).status(), 201);

  // The discard: six cards, two clicked, given to the crib.
  const hand = page.locator("#hand button.card");
  await assert.doesNotReject(hand.nth(5).waitFor());
  assert.equal(await hand.count(), 6);
  assert.equal(await page.locator("#discard-button").isDisabled(), true);
  await hand.nth(0).click();
  // The second card is chosen with the keyboard: focus and Enter.
  await hand.nth(1).focus();
  await page.keyboard.press("Enter");
  assert.equal(await page.locator("#hand button.selected").count(), 2);
  await checkButtons(page);
  await page.screenshot({ path: join(shots, "discard.png") });
  await act(page, page.locator("#discard-button"));
  assert.equal(await page.locator("#hand button.card").count(), 4);
  assert.equal(await page.locator("#starter .card:not(.back)").count(), 1);
  await checkButtons(page);

  // The play: a playable card or go until the hand is over.
  for (let turn = 0; turn < 16; turn++) {
    if (await page.locator("#continue-button:not(.hidden)").count()) break;
    const playable = page.locator("#hand button.playable");
    if (await playable.count()) {
      if (turn === 1) await page.screenshot({ path: join(shots, "pegging.png") });
      await act(page, playable.first());
    } else if (await page.locator("#go-button:not(.hidden)").count()) {
      await act(page, page.locator("#go-button"));
    } else {
      await page.waitForTimeout(100);
    }
    await checkButtons(page);
  }
  assert.equal(await page.locator("#continue-button:not(.hidden)").count(), 1, "the hand ends with continue");
  // Each show's total is there with its hand at once, before its steps.
  const early = await page.evaluate(() => [...document.querySelectorAll("#show-body .shown")].map((block) => ({
    total: block.querySelector(".total").textContent, next: block.children[1].className,
    opacity: getComputedStyle(block.querySelector(".total")).opacity,
  })));

  // The show: both hands and the crib, each counted step by step.
  const token = new URLSearchParams(new URL(page.url()).hash.slice(1));
  const game = token.get("game");
  const api = await page.request.get(`${base}/api/games/${game}?since=0`, { headers: { Authorization: "Bearer " + token.get("token") } });
  assert.equal(api.status(), 200);
  const state = await api.json();
  const shows = state.events.filter((said) => ["shown", "crib_shown"].includes(said.event.event));
  assert.equal(shows.length, 3, "two hands and the crib are shown");
  const blocks = page.locator("#show-body .shown");
  assert.equal(await blocks.count(), 3);
  assert.deepEqual(early, shows.map((said) => ({ total: `Total: ${said.steps.length ? said.steps.at(-1).total : 0}`, next: "total", opacity: "1" })));
  await page.waitForTimeout(350 * 12);
  for (let i = 0; i < 3; i++) {
    const block = blocks.nth(i);
    assert.equal(await block.locator("div").first().textContent(), shows[i].lines[0]);
    const steps = await block.locator("li").allTextContents();
    assert.deepEqual(steps.map((s) => s.split(": ").pop()), shows[i].steps.map((s) => s.words));
    assert.equal(await block.locator("li:not(.said)").count(), 0, "every step has been said");
    const total = shows[i].steps.length ? shows[i].steps.at(-1).total : 0;
    assert.equal(await block.locator(".total").textContent(), `Total: ${total}`);
  }
  await page.screenshot({ path: join(shots, "show.png"), fullPage: true });

  // The board: each side's front peg is the sum of its points in the events,
  // its back peg the total before its last points.
  const front = [0, 0], backs = [0, 0];
  for (const said of state.events) {
    if (!said.points || !said.points.points) continue;
    const side = said.points.seat;
    backs[side] = front[side];
    front[side] += said.points.points;
  }
  for (const side of [0, 1]) {
    assert.equal(Number(await page.getAttribute(`#peg-${side}-front`, "data-score")), front[side], `side ${side} front peg`);
    assert.equal(Number(await page.getAttribute(`#peg-${side}-back`, "data-score")), backs[side], `side ${side} back peg`);
    assert.equal(Number(await page.getAttribute(`#score-${side}`, "data-score")), front[side]);
    assert.deepEqual(state.view.board[side], { front: front[side], back: backs[side] });
  }
  await checkMarks(page);
  // Every score is in the log, in the words the API gave.
  const log = await page.locator("#log li").allTextContents();
  assert.deepEqual(log, state.events.flatMap((said) => said.lines));

  // The hint opens the discard table once the next hand is dealt.
  await act(page, page.locator("#continue-button"));
  await page.click("#hint-button");
  await page.locator("#hint[open] table").waitFor();
  assert.equal(await page.locator("#hint tbody tr").count(), 15);
  // Every keep split into hand, crib and pegging, the expert's first.
  assert.deepEqual(await page.locator("#hint thead th").allTextContents(), ["keep", "throw", "hand", "crib", "pegging", "total"]);
  const rows = await page.locator("#hint tbody tr").evaluateAll((trs) => trs.map((tr) => ({
    best: tr.classList.contains("best"), cells: [...tr.children].slice(2).map((td) => Number(td.textContent)),
  })));
  assert.equal(rows[0].best, true);
  for (const row of rows) {
    const [hand, crib, pegging, total] = row.cells;
    assert.ok(Math.abs(hand + crib + pegging - total) < 0.02, JSON.stringify(row));
  }
  assert.ok(rows.every((row, i) => i === 0 || row.cells[3] <= rows[i - 1].cells[3] + 1e-9), "best first");
  await page.screenshot({ path: join(shots, "hint.png") });
  await page.keyboard.press("Escape");

  // The win chance: hidden until turned on, then the API's figure in words.
  assert.equal(await page.locator("#chance").isVisible(), false);
  await page.click("#chance-toggle");
  await page.locator("#chance:not(.hidden)").waitFor();
  const chance = await page.request.get(`${base}/api/games/${game}/chance`, { headers: { Authorization: "Bearer " + token.get("token") } });
  const said = (await chance.json()).text;
  assert.match(said, /^You win \d+% from here\.$/);
  assert.equal(await page.locator("#chance").textContent(), said);
  await page.click("#chance-toggle");
  assert.equal(await page.locator("#chance").isVisible(), false);

  // Quit: the table is closed and says so.
  await page.click("#quit-button");
  await page.locator("#status", { hasText: "quit" }).waitFor();
  await checkButtons(page);
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);
  await page.close();
});

test("two people at one table, each from their own page, live", async () => {
  const host = await newPage();
  await host.goto(base + "/");
  await host.locator("#start").waitFor();
  await host.selectOption("#opponent", "person");
  const created = host.waitForResponse((res) => res.url().endsWith("/api/games"));
  await host.click("#start-button");
  assert.equal((await created).status(), 201);
  await host.locator("#invite").waitFor();
  const link = await host.locator("#invite-link-1").inputValue();
  assert.match(link, /#join=[0-9a-f]{32}&seat=1$/);
  const guest = await newPage();
  await guest.setViewportSize({ width: 390, height: 844 });
  await guest.goto(link);
  await guest.locator("#hand button.card").nth(5).waitFor();
  await aboveTheFold(guest, ["#hand", "#discard-button", "#status", "#count", "#current"]);
  // The host learns that the guest joined without reloading.
  await host.locator("#invite").waitFor({ state: "hidden" });
  // Each discards; each sees the other's cards only face down.
  for (const page of [host, guest]) {
    await page.locator("#hand button.card").nth(0).click();
    await page.locator("#hand button.card").nth(1).click();
    await act(page, page.locator("#discard-button"));
  }
  await host.locator("#starter .card:not(.back)").waitFor();
  await guest.locator("#starter .card:not(.back)").waitFor();
  assert.equal(await host.locator("#seat-1-cards .card.back").count(), 4);
  await guest.screenshot({ path: join(shots, "phone.png"), fullPage: true });
  await host.close();
  await guest.close();
});

test("the review of a match given up: decisions, mistakes, losses and the chart", async () => {
  const page = await newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await openTable(page, { "#opponent": "computer", "#level": "basic" });
  await page.locator("#hand button.card").nth(5).waitFor();
  // Two hands played by the first cards and the first card that fits, then
  // the third dealt: the review has discards and plays to grade.
  await drive(page, (state) => state.view.round >= 3 && state.moves.discard > 0);
  assert.equal(await page.locator("#review-button").isVisible(), false, "no review while the match is on");
  await page.click("#quit-button");
  await page.locator("#status", { hasText: "quit" }).waitFor();
  await checkButtons(page);

  const answered = page.waitForResponse((res) => res.url().endsWith("/review"));
  await page.click("#review-button");
  const res = await answered;
  assert.equal(res.status(), 200, await res.text());
  const { review, said, luck_skill } = await res.json();
  await page.locator("#review[open] svg polyline").waitFor();
  assert.match(await page.locator("#review-body p").first().textContent(), /Graded by the expert player with seed 1\./);
  // The chart: one point for the start of each round dealt, at the chances
  // of the review (y = 10 + (1 - c) × 180).
  const points = (await page.getAttribute("#review svg polyline", "points")).trim().split(/\s+/);
  assert.equal(review.chance.length, 3);
  assert.equal(points.length, review.chance.length);
  points.forEach((point, i) => {
    const y = Number(point.split(",")[1]);
    assert.ok(Math.abs(1 - (y - 10) / 180 - review.chance[i].chance) < 1e-4, `point ${i}: ${point}`);
  });
  // The mistakes are listed; the box shows every decision, in words.
  const mistakes = review.decisions.filter((d) => d.mistake).length;
  assert.ok(review.decisions.length >= 3, "two discards and some plays");
  assert.equal(await page.locator("#review-body li.mistake").count(), mistakes);
  assert.equal(await page.locator("#review-body li:visible").count(), mistakes);
  await page.check("#review-all");
  assert.deepEqual(await page.locator("#review-body li:visible").allTextContents(),
    review.decisions.map((d, i) => `Round ${d.round}: ${said[i]}`));
  // The losses, round by round and for the game.
  const game = review.games[0];
  const rows = await page.locator("#review-body tbody tr").allTextContents();
  assert.equal(rows.length, game.rounds.length + 1);
  assert.ok(rows.at(-1).startsWith("The game") && rows.at(-1).endsWith(game.total.total.toFixed(2)), rows.at(-1));
  // A game given up has no split into skill and luck, and says so.
  assert.equal(game.luck_skill, null);
  assert.deepEqual(await page.locator("#review-body p.luck-skill").allTextContents(), ["Not finished, so not split."]);
  assert.equal(await page.locator("#review-luck p").first().textContent(), luck_skill.legend);
  await page.screenshot({ path: join(shots, "review.png"), fullPage: true });
  await page.keyboard.press("Escape");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the review of a game to 61 gives the chance of winning given up near its end", async () => {
  const page = await newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // A seeded table from the API, opened by its link and played to its end
  // by the first cards.
  const res = await page.request.post(base + "/api/games", { data: { target: 61, level: "basic", seed: "2" } });
  assert.equal(res.status(), 201, await res.text());
  const { game, token } = await res.json();
  await page.goto(`${base}/#game=${game}&token=${token}`);
  await page.locator("#hand button.card").first().waitFor();
  await drive(page, (state) => state.match_winner !== null);
  const answered = page.waitForResponse((res) => res.url().endsWith("/review"));
  await page.click("#review-button");
  const { review, luck_skill } = await (await answered).json();
  await page.locator("#review[open] svg polyline").waitFor();
  // Decisions near the end were graded by the chance of winning: the table
  // has its column, and the game's row says what was given up of it.
  const total = review.games[0].total;
  assert.ok(total.win_chance > 0, "the seeded game has decisions graded by the chance of winning");
  assert.deepEqual(await page.locator("#review-body thead th").allTextContents(),
    ["Points given up", "Discards", "Pegging", "Counting", "Total", "Win chance"]);
  const rows = await page.locator("#review-body tbody tr").allTextContents();
  assert.ok(rows.at(-1).endsWith(`${(total.win_chance * 100).toFixed(1)}%`), rows.at(-1));
  // The game's result split into skill and luck, in the server's words,
  // whose numbers add up to the result.
  const split = review.games[0].luck_skill;
  assert.ok(Math.abs(split.skill + split.luck - split.result) < 1e-9, JSON.stringify(split));
  assert.ok(split.skill < 0, "the first cards give something up");
  assert.deepEqual(await page.locator("#review-body p.luck-skill").allTextContents(), luck_skill.games);
  assert.match(luck_skill.games[0], /^You (won|lost), from \d+\.\d% at the start: [-+]\d+\.\d% = skill -\d+\.\d% \+ luck [-+]\d+\.\d%\.$/);
  assert.equal(await page.locator("#review-luck p").first().textContent(), luck_skill.legend);
  assert.deepEqual(errors, []);
});

// Opens the page and a new table from its form, each select set to its
// value in `choices` (by the select's selector).
async function openTable(page, choices) {
  await page.goto(base + "/");
  await page.locator("#start").waitFor();
  for (const [select, value] of Object.entries(choices)) await page.selectOption(select, value);
  const created = page.waitForResponse((res) => res.url().endsWith("/api/games"));
  await page.click("#start-button");
  assert.equal((await created).status(), 201);
}

// Counting practice: three seeded hands and cribs, counted through the
// page's fields, graded by the server against `crib score`'s count: right,
// two fifteens too many, then nothing at all; the summary, and the record
// in `crib stats me`.
test("counting practice: right and wrong counts through the page", async () => {
  const page = await newPage();
  const errors = [], failed = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("response", (res) => { if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`); });
  await page.goto(base + "/#drill");
  await page.locator("#drill[open] #drill-start-form").waitFor();
  await page.fill("#drill-hands", "3");
  await page.check("#drill-cribs");
  await page.fill("#drill-seed", "7");
  await page.click("#drill-start");
  let right = 0;
  for (let number = 0; number < 3; number++) {
    await page.locator("#drill-progress", { hasText: `Hand ${number + 1} of 3` }).waitFor();
    const cards = await page.locator("#drill-cards .card").evaluateAll((els) => els.map((el) => el.dataset.card));
    const starter = await page.getAttribute("#drill-starter .card", "data-card");
    const crib = (await page.locator("#drill-title").textContent()).startsWith("The crib");
    const scored = spawnSync(bin, ["score", ...(crib ? ["--crib"] : []), ...cards, starter, "--json"], { encoding: "utf8" });
    assert.equal(scored.status, 0, scored.stderr);
    const truth = JSON.parse(scored.stdout).points;
    const said = number === 0 ? truth : number === 1 ? { ...truth, fifteens: truth.fifteens + 4 } : {};
    for (const [kind, points] of Object.entries(said)) {
      if (points) await page.fill(`#drill-kinds input[data-kind="${kind}"]`, String(points));
    }
    if (number === 1) await page.screenshot({ path: join(shots, "drill-counting.png") });
    const answered = page.waitForResponse((res) => res.url().endsWith("/answer"));
    await page.click("#drill-answer");
    assert.equal((await answered).status(), 200);
    await page.locator("#drill-result:not(.hidden)").waitFor();
    const verdict = await page.locator("#drill-verdict").textContent();
    const total = Object.values(truth).reduce((a, b) => a + b, 0);
    if (number === 0 || (number === 2 && total === 0)) {
      assert.equal(verdict, "Every point counted.");
      right++;
    } else if (number === 1) {
      assert.equal(verdict, "Counted 4 for fifteens too many.");
      assert.match(await page.locator("#drill-count").textContent(), /It is only /);
      await page.screenshot({ path: join(shots, "drill-graded.png") });
    } else {
      assert.match(verdict, /^Missed /);
    }
    assert.match(await page.locator("#drill-time").textContent(), /^Time: \d+\.\d s\.$/);
    await page.click("#drill-next");
  }
  await page.locator("#drill-summary:not(.hidden)").waitFor();
  const summary = await page.locator("#drill-summary-lines li").allTextContents();
  assert.match(summary[0], new RegExp(`^3 hands counted, ${right} right \\(`));
  await page.screenshot({ path: join(shots, "drill-summary.png") });
  const stats = spawnSync(bin, ["stats", "me", "--db", join(profile, "crib.db")], { encoding: "utf8" });
  assert.equal(stats.status, 0, stats.stderr);
  assert.match(stats.stdout, new RegExp(`3 hands counted, ${right} right`));
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);
  await page.close();
});

// The buttons the page shows are exactly the moves the API offers the seat:
// discard while discarding, go when no card fits, continue when a deal is
// due, a hint when there is a choice, quit while the match is on.
async function checkButtons(page) {
  const state = await apiState(page);
  const m = state.moves, over = state.quit || state.match_winner !== null;
  const expected = {
    "discard-button": m.discard > 0, "go-button": m.go, "continue-button": m.continue,
    "hint-button": m.discard > 0 || m.playable.length > 0 || m.go,
    "quit-button": !over, "rematch-button": over, "review-button": over,
  };
  for (const [id, shown] of Object.entries(expected)) {
    assert.equal(await page.locator("#" + id).isVisible(), shown, `#${id} ${shown ? "shown" : "hidden"} with moves ${JSON.stringify(m)}`);
  }
}

// How the header names a side: its seats' names, yours first.
function sideWords(state, side) {
  const names = state.seats.map((s, i) => [s, i]).filter(([s]) => s.side === side).map(([, i]) => state.names[i]);
  names.sort((a, b) => (b === "you") - (a === "you"));
  return names.join(" and ");
}

// Who the header says deals next.
function nextDealer(state) {
  return state.view.dealer === state.seat ? "your deal next" : `${state.names[state.view.dealer]} deals next`;
}

// Every street of the board is marked after each fifth hole and numbered at
// each tenth, whatever the number of tracks.
async function checkMarks(page) {
  assert.equal(await page.locator("#board-svg line.street-mark").count(), 24, "a mark every 5 holes");
  assert.deepEqual(await page.locator("#board-svg text.hole-number").allTextContents(),
    Array.from({ length: 12 }, (_, i) => String(10 * (i + 1))), "a number every 10 holes");
  // Numbers stay on the board and clear of every hole.
  const clear = await page.evaluate(() => {
    const svg = document.getElementById("board-svg"), board = svg.viewBox.baseVal;
    const holes = [...svg.querySelectorAll("circle")].map((c) => [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))]);
    return [...svg.querySelectorAll("text.hole-number")].every((text) => {
      const box = text.getBBox();
      const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= board.width && box.y + box.height <= board.height;
      return inside && holes.every(([x, y]) => x < box.x - 2 || x > box.x + box.width + 2 || y < box.y - 2 || y > box.y + box.height + 2);
    });
  });
  assert.ok(clear, "hole numbers are on the board, clear of the holes");
}

// On a phone, what the person acts on is on the first screen: unscrolled,
// each of `selectors` lies wholly inside the viewport.
async function aboveTheFold(page, selectors) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const { height, width } = page.viewportSize();
  for (const selector of selectors) {
    const box = await page.locator(selector).boundingBox();
    assert.ok(box && box.y >= 0 && box.x >= 0 && box.y + box.height <= height && box.x + box.width <= width,
      `${selector} is above the fold: ${JSON.stringify(box)} in ${width}×${height}`);
  }
}

// Plays a whole hand from every page: each discards, then plays or says go
// whenever it is its turn, until a deal is due. `discarded` is called with
// each page once it has discarded.
async function playHand(pages, discarded = async () => {}) {
  for (const page of pages) {
    const hand = page.locator("#hand button.card");
    await page.locator("#discard-button:not(.hidden)").waitFor();
    for (let i = 0; await page.locator("#discard-button").isDisabled(); i++) await hand.nth(i).click();
    await act(page, page.locator("#discard-button"));
    await discarded(page);
  }
  for (let turn = 0; turn < 80; turn++) {
    const state = await apiState(pages[0]);
    if (state.view.phase === "deal") return state;
    let moved = false;
    for (const page of pages) {
      const playable = page.locator("#hand button.playable");
      if (await playable.count()) { await act(page, playable.first()); moved = true; }
      else if (await page.locator("#go-button:not(.hidden)").count()) { await act(page, page.locator("#go-button")); moved = true; }
    }
    if (!moved) await pages[0].waitForTimeout(100);
  }
  assert.fail("the hand did not end");
}

// Every page's board and table against its seat's answer from the API.
async function checkBoards(pages, players) {
  for (const page of pages) {
    const state = await apiState(page);
    // The page has drawn everything the API says (live updates arrive by
    // server-sent events).
    const lines = state.events.flatMap((said) => said.lines).length;
    await page.waitForFunction((n) => document.querySelectorAll("#log li").length === n, lines);
    const sides = state.view.board.length;
    assert.equal(sides, players === 4 ? 2 : players, "a track per side");
    await checkMarks(page);
    for (let side = 0; side < sides; side++) {
      assert.equal(Number(await page.getAttribute(`#peg-${side}-front`, "data-score")), state.view.board[side].front, `side ${side} front peg`);
      assert.equal(Number(await page.getAttribute(`#peg-${side}-back`, "data-score")), state.view.board[side].back, `side ${side} back peg`);
    }
    // The front pegs add up to the points in the events.
    const front = Array(sides).fill(0);
    for (const said of state.events) if (said.points) front[said.points.seat % sides] += said.points.points;
    assert.deepEqual(state.view.board.map((pegs) => pegs.front), front);
    for (let o = 0; o < players; o++) {
      if (o === state.seat) continue;
      const cards = page.locator(`#seat-${o}-cards .card`);
      const shown = state.view.shown[o];
      assert.equal(await cards.count(), shown ? shown.length : state.holds[o], `seat ${o}'s cards`);
      if (!shown) assert.equal(await page.locator(`#seat-${o}-cards .card:not(.back)`).count(), 0, "face down");
    }
    assert.deepEqual(await page.locator("#log li").allTextContents(), state.events.flatMap((said) => said.lines));
  }
}

test("a four-seat table: two people from their own pages and two computers, a whole hand", async () => {
  const host = await newPage();
  const errors = [];
  host.on("pageerror", (error) => errors.push(error.message));
  await host.goto(base + "/");
  await host.locator("#start").waitFor();
  await host.selectOption("#players", "4");
  await host.selectOption("#opponent", "computer");
  await host.selectOption("#level", "basic");
  await host.selectOption("#seat-2", "person");
  await host.selectOption("#seat-3", "easy");
  const created = host.waitForResponse((res) => res.url().endsWith("/api/games"));
  await host.click("#start-button");
  assert.equal((await created).status(), 201);
  await host.locator("#invite").waitFor();
  assert.equal(await host.locator("#invite-links label").textContent(), "For North");
  const link = await host.locator("#invite-link-2").inputValue();
  assert.match(link, /#join=[0-9a-f]{32}&seat=2$/);
  const partner = await newPage();
  await partner.setViewportSize({ width: 390, height: 844 });
  partner.on("pageerror", (error) => errors.push(error.message));
  await partner.goto(link);
  await host.locator("#invite").waitFor({ state: "hidden" });
  await partner.locator("#hand button.card").nth(4).waitFor();
  await aboveTheFold(partner, ["#hand", "#discard-button", "#status", "#count", "#current"]);
  assert.equal(await host.locator("#board-svg circle[id$='-front']").count(), 2, "two partnership tracks");
  // Named as in the terminal: West plays after you, then North, your
  // partner, then East.
  assert.match(await host.locator("#scores").textContent(), /You and North/);
  for (const [seat, name] of [[1, "West"], [2, "North"], [3, "East"]]) {
    assert.match(await host.locator(`#seat-${seat}-label`).textContent(), new RegExp(`^${name}\\b`));
  }
  assert.match(await partner.locator("#scores").textContent(), /You and North/);
  assert.match(await partner.locator("#seat-0-label").textContent(), /^North\b/);
  await checkBoards([host, partner], 4);
  const done = await playHand([host, partner], async (page) => {
    if (page === partner) await aboveTheFold(partner, ["#hand", "#count", "#current", "#status"]);
  });
  assert.equal(done.events.filter((said) => ["shown", "crib_shown"].includes(said.event.event)).length, 5);
  await host.screenshot({ path: join(shots, "four-seats.png"), fullPage: true });
  await checkBoards([host, partner], 4);
  assert.deepEqual(errors, []);
  await host.close(); await partner.close();
});

test("a three-seat table: one person and two computers, a whole hand, on a phone", async () => {
  const page = await newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(base + "/");
  await page.locator("#start").waitFor();
  await page.selectOption("#players", "3");
  await page.selectOption("#target", "61");
  await page.selectOption("#level", "random");
  await page.selectOption("#seat-2", "basic");
  const created = page.waitForResponse((res) => res.url().endsWith("/api/games"));
  await page.click("#start-button");
  assert.equal((await created).status(), 201);
  await page.locator("#hand button.card").nth(4).waitFor();
  assert.equal(await page.locator("#board-svg circle[id$='-front']").count(), 3, "three tracks");
  await checkBoards([page], 3);
  await aboveTheFold(page, ["#hand", "#discard-button", "#status", "#count", "#current"]);
  await page.screenshot({ path: join(shots, "three-seats-phone-discard.png") });
  const done = await playHand([page], async () => {
    await aboveTheFold(page, ["#hand", "#count", "#current", "#status"]);
    await page.screenshot({ path: join(shots, "three-seats-phone-play.png") });
  });
  assert.equal(done.view.config.target, 61);
  assert.equal(done.events.filter((said) => ["shown", "crib_shown"].includes(said.event.event)).length, 4);
  await page.screenshot({ path: join(shots, "three-seats-phone.png"), fullPage: true });
  await checkBoards([page], 3);
  assert.deepEqual(errors, []);
  await page.close();
});

for (const players of [2, 3, 4]) {
  test(`the header after a hand, a game and the match, at ${players} seats`, async () => {
    const page = await newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const seats = [{ kind: "you" }, ...Array.from({ length: players - 1 }, () => ({ kind: "computer", level: "random" }))];
    const res = await page.request.post(`${base}/api/games`, { data: { seats, target: 61, games: 2 } });
    assert.equal(res.status(), 201, await res.text());
    const made = await res.json();
    await page.goto(`${base}/#game=${made.game}&token=${made.token}`);
    await page.locator("#hand button.card").first().waitFor();
    const header = () => page.locator("#match").textContent();

    // After a hand: who deals the next.
    let state = await drive(page, (st) => st.view.phase === "deal" && st.view.round >= 1);
    assert.match(await header(), new RegExp(`Round ${state.view.round} · ${nextDealer(state)}$`));
    await checkButtons(page);
    // After the play the hand is gathered again for the show.
    assert.deepEqual((await page.locator("#hand .card").evaluateAll((cards) => cards.map((c) => c.dataset.card))).sort(), [...state.view.kept].sort());
    assert.equal(state.view.kept.length, 4);

    // After a game of the match: the first dealer of the next game (the
    // loser, as the API says), not a round of the game just over.
    state = await drive(page, (st) => st.games_won.reduce((a, b) => a + b) === 1 && st.view.phase === "deal" && st.view.round === 0);
    assert.equal(state.match_winner, null);
    const text = await header();
    assert.match(text, new RegExp(`· ${nextDealer(state)}$`));
    assert.doesNotMatch(text, /Round/);
    await checkButtons(page);
    // The hand that ended the game is still on the table: the four cards
    // kept, though the view is already the next game's.
    assert.equal(state.view.kept.length, 0);
    const kept = state.laid.shown[state.seat] || state.laid.kept;
    assert.equal(kept.length, 4);
    assert.deepEqual((await page.locator("#hand .card").evaluateAll((cards) => cards.map((c) => c.dataset.card))).sort(), [...kept].sort());
    assert.equal(await page.getAttribute("#starter .card", "data-card"), state.laid.starter);

    // After the match: who won it, and no one deals.
    state = await drive(page, (st) => st.match_winner !== null);
    const winner = state.match_winner === state.seats[state.seat].side ? "you" : sideWords(state, state.match_winner);
    const over = await header();
    assert.match(over, new RegExp(`Match over: ${winner} won$`));
    assert.doesNotMatch(over, /deal/);
    await checkButtons(page);
    await page.screenshot({ path: join(shots, `match-over-${players}.png`) });
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test("muggins for the pegging: a card that pegs is counted by the person, a short count called", async () => {
  const page = await newPage();
  const errors = [], asked = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // The page asks what a scoring card pegs, in its own dialog; the person
  // says nothing. The browser's own dialogs are not used.
  page.on("dialog", async (dialog) => { errors.push(`a browser dialog: ${dialog.message()}`); await dialog.dismiss(); });
  let answering = true;
  const answerer = (async () => {
    while (answering) {
      try {
        await page.locator("#claim[open]").waitFor({ timeout: 300 });
      } catch {
        continue;
      }
      asked.push(await page.locator("#claim-question").innerText());
      await page.fill("#claim-points", "0");
      await page.click("#claim-peg");
      await page.locator("#claim[open]").waitFor({ state: "hidden" });
    }
  })();
  await page.goto(base + "/");
  await page.locator("#start").waitFor();
  await page.selectOption("#opponent", "computer");
  await page.selectOption("#level", "basic");
  await page.check("#muggins-pegging");
  const created = page.waitForResponse((res) => res.url().endsWith("/api/games"));
  await page.click("#start-button");
  assert.equal((await created).status(), 201);
  const played = async (locator) => {
    const drawn = Number(await page.evaluate(() => document.body.dataset.updates || 0));
    const taken = page.waitForResponse((res) => res.url().includes("/act") && res.status() === 200);
    await locator.click();
    await taken;
    await page.waitForFunction((before) => Number(document.body.dataset.updates || 0) > before, drawn);
  };
  for (let hand = 0; hand < 8 && asked.length === 0; hand++) {
    const cards = page.locator("#hand button.card");
    await cards.nth(5).waitFor();
    await cards.nth(0).click();
    await cards.nth(1).click();
    await played(page.locator("#discard-button"));
    for (let turn = 0; turn < 16; turn++) {
      if (await page.locator("#continue-button:not(.hidden)").count()) break;
      const playable = page.locator("#hand button.playable");
      if (await playable.count()) await played(playable.first());
      else if (await page.locator("#go-button:not(.hidden)").count()) await played(page.locator("#go-button"));
      else await page.waitForTimeout(100);
    }
    if (asked.length === 0) await played(page.locator("#continue-button"));
  }
  answering = false;
  await answerer;
  assert.ok(asked.length > 0, "a card the person played pegged");
  // The card in the same words as everywhere else: rank and suit symbol.
  assert.match(asked[0], /^You play (10|[2-9AJQK])[♠♥♦♣] for \d+: what does it peg\?/);
  const log = await page.locator("#log").innerText();
  assert.match(log, /say "zero"\. It is/);
  assert.match(log, /"muggins!"/);
  assert.deepEqual(errors, []);
});

// The words of the label of the select `selector`.
async function labelOf(page, selector) {
  return page.locator(`#start label:has(${selector})`).evaluate((label) =>
    [...label.childNodes].filter((node) => node.nodeType !== Node.ELEMENT_NODE || node.tagName !== "SELECT")
      .map((node) => node.textContent).join("").trim());
}

// The form names every other seat as the table then names it (West, North
// and East, as in the terminal), and the seat it calls your partner is the
// one on your side.
for (const players of [3, 4]) {
  test(`the new-game form names each seat as the table does, at ${players} seats`, async () => {
    const page = await newPage();
    await page.goto(base + "/");
    await page.locator("#start").waitFor();
    await page.selectOption("#players", String(players));
    await page.selectOption("#opponent", "computer");
    // A level of its own for each seat, to find it at the table.
    const levels = ["random", "basic", "easy"];
    const labels = {};
    for (const [i, select] of ["#level", "#seat-2", "#seat-3"].slice(0, players - 1).entries()) {
      labels[levels[i]] = await labelOf(page, select);
      await page.selectOption(select, levels[i]);
    }
    const created = page.waitForResponse((res) => res.url().endsWith("/api/games"));
    await page.click("#start-button");
    assert.equal((await created).status(), 201);
    await page.locator("#hand button.card").first().waitFor();
    const state = await apiState(page);
    const label = (seat) => labels[state.seats[seat].level];
    // Your partner, so called, is on your side.
    const partners = [1, 2, 3].slice(0, players - 1).filter((seat) => /partner/i.test(label(seat)));
    assert.deepEqual(partners.map((seat) => state.seats[seat].side === state.seats[0].side), players === 4 ? [true] : [],
      `the partner's seat: ${partners}`);
    assert.deepEqual(state.names.slice(1), players === 3 ? ["West", "East"] : ["West", "North", "East"]);
    for (let seat = 1; seat < players; seat++) {
      assert.ok(label(seat).includes(state.names[seat]), `seat ${seat}, ${state.names[seat]} at the table, is labelled ${JSON.stringify(label(seat))}`);
      assert.match(await page.locator(`#seat-${seat}-label`).textContent(), new RegExp(`^${state.names[seat]}\\b`));
    }
    if (players === 4) assert.match(await page.locator("#scores").textContent(), /You and North/);
    await page.close();
  });
}

// JavaScript's numbers keep 53 bits: a seed above 2^53 is shown as the
// server drew it, and typed in it deals the same hands.
test("the counting practice shows and sends a seed above 2^53 exactly", async () => {
  const page = await newPage();
  await page.goto(base + "/#drill");
  await page.locator("#drill[open] #drill-start-form").waitFor();
  await page.fill("#drill-hands", "1");
  const drawn = page.waitForResponse((res) => res.url().endsWith("/api/drills"));
  await page.click("#drill-start");
  const seed = (await (await drawn).text()).match(/"seed":"?(\d+)"?/)[1];
  assert.ok(BigInt(seed) > 2n ** 53n, `the server drew ${seed}`);
  await page.locator("#drill-play:not(.hidden)").waitFor();
  const progress = page.locator("#drill-progress");
  assert.match(await progress.textContent(), new RegExp(`· seed ${seed}$`));
  const cards = async () => page.locator("#drill-cards .card, #drill-starter .card").evaluateAll((els) => els.map((el) => el.dataset.card));
  const dealt = await cards();
  await page.reload();
  await page.locator("#drill[open] #drill-start-form").waitFor();
  await page.fill("#drill-hands", "1");
  await page.fill("#drill-seed", seed);
  const sent = page.waitForRequest((req) => req.url().endsWith("/api/drills"));
  await page.click("#drill-start");
  assert.match((await sent).postData(), new RegExp(`"seed":"?${seed}"?[,}]`));
  await page.locator("#drill-play:not(.hidden)").waitFor();
  assert.match(await progress.textContent(), new RegExp(`· seed ${seed}$`));
  assert.deepEqual(await cards(), dealt, "the same seed deals the same hand");
  await page.close();
});

// On a phone the hint opens at its top: the heading, the columns and the
// expert's keep first, the focus in the hint and not on Close; each keep's
// cards on one line.
test("on a phone the hint opens at its top, each keep on one line", async () => {
  const page = await newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await openTable(page, { "#opponent": "computer", "#level": "basic" });
  await page.locator("#hand button.card").nth(5).waitFor();
  await page.click("#hint-button");
  await page.locator("#hint[open] table").waitFor();
  const opened = await page.evaluate(() => {
    const dialog = document.getElementById("hint"), focused = document.activeElement;
    return { top: dialog.scrollTop, inside: dialog.contains(focused), tag: focused.tagName, text: focused.textContent.slice(0, 40),
      overflow: dialog.scrollWidth - dialog.clientWidth };
  });
  assert.equal(opened.top, 0, "the hint is not scrolled");
  assert.ok(opened.inside && opened.tag !== "BUTTON", `the focus is on the hint's heading or first row, not ${opened.tag} ${opened.text}`);
  assert.ok(opened.overflow <= 0, `the hint fits the screen's width: ${opened.overflow}px over`);
  const { width, height } = page.viewportSize();
  for (const selector of ["#hint h3", "#hint thead", "#hint tbody tr.best"]) {
    const box = await page.locator(selector).boundingBox();
    assert.ok(box && box.y >= 0 && box.x >= 0 && box.y + box.height <= height && box.x + box.width <= width,
      `${selector} is on the screen: ${JSON.stringify(box)}`);
  }
  // The lines each keep's and throw's cards take.
  const lines = await page.locator("#hint tbody tr:not(.why)").evaluateAll((rows) => rows.map((row) =>
    [...row.children].slice(0, 2).map((td) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    })));
  assert.equal(lines.length, 15);
  assert.ok(lines.every((cells) => cells.every((n) => n === 1)), `lines of each keep and throw: ${JSON.stringify(lines)}`);
  await page.screenshot({ path: join(shots, "hint-phone.png") });
  await page.close();
});

// Between hands the hand just played lies on the table with its crib: the
// dealer mark stays with it until the next deal. At 1280×800 the show is
// counted on the first screen.
for (const players of [2, 4]) {
  test(`at 1280×800 the show is on the first screen and the dealer mark stays with the hand, at ${players} seats`, async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const seats = [{ kind: "you" }, ...Array.from({ length: players - 1 }, () => ({ kind: "computer", level: "random" }))];
    const res = await page.request.post(`${base}/api/games`, { data: { seats } });
    assert.equal(res.status(), 201, await res.text());
    const made = await res.json();
    await page.goto(`${base}/#game=${made.game}&token=${made.token}`);
    await page.locator("#hand button.card").first().waitFor();
    const marked = () => page.locator("#others h2").evaluateAll((heads) => heads.filter((h) => h.textContent.includes("· dealer")).map((h) => h.id));
    const cap = (text) => text[0].toUpperCase() + text.slice(1);
    const crib = (st, dealer) => dealer === st.seat ? "Your crib" : `${cap(st.names[dealer])}'s crib`;
    const check = async (st, dealer, when) => {
      assert.deepEqual(await marked(), dealer === st.seat ? [] : [`seat-${dealer}-label`], `the dealer mark ${when}`);
      assert.equal(await page.locator("#crib-label").textContent(), crib(st, dealer), `the crib's owner ${when}`);
    };
    let state = await apiState(page);
    await check(state, state.view.dealer, "while the hand is played");

    state = await drive(page, (st) => st.view.phase === "deal" && st.view.round >= 1);
    const dealer = state.events.filter((said) => said.event.event === "dealt").at(-1).event.dealer;
    assert.notEqual(dealer, state.view.dealer, "the view says who deals next");
    // Every step of every show, said, on the first screen.
    await page.waitForFunction(() => document.querySelectorAll("#show-body li").length > 0
      && document.querySelectorAll("#show-body li:not(.said)").length === 0, undefined, { timeout: 20000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const boxes = await page.locator("#show-body .shown > *, #show-body li").evaluateAll((els) => els.map((el) => {
      const rect = el.getBoundingClientRect();
      return { text: el.textContent.slice(0, 30), top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
    }));
    assert.ok(boxes.length >= players + 1);
    for (const box of boxes) {
      assert.ok(box.top >= 0 && box.left >= 0 && box.bottom <= 800 && box.right <= 1280, `the show's ${JSON.stringify(box)} is on the first screen`);
    }
    await page.screenshot({ path: join(shots, `show-${players}-1280.png`) });
    await check(state, dealer, "between hands");

    // Once dealt, the new hand's dealer is marked.
    state = await drive(page, (st) => st.view.phase === "discard");
    await check(state, state.view.dealer, "after the next deal");
    await page.close();
  });
}

test("a member's link signs them in: the key leaves the address, the cookie holds a session, sign-out ends it", async () => {
  const db = join(profile, "crib.db");
  const added = spawnSync(bin, ["club", "add", "Ann Q", "--db", db, "--url", base], { encoding: "utf8" });
  assert.equal(added.status, 0, added.stderr);
  const link = added.stdout.trim();
  assert.ok(link.startsWith(`${base}/#signin=`), link);
  const key = link.split("#signin=")[1];
  const page = await newPage();
  // What goes over the wire: no fragment, and the key only in a sign-in's body.
  const sent = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    sent.push({ wire: url.origin + url.pathname + url.search, body: req.postData() || "" });
  });
  await page.goto(link);
  await page.locator("#member").filter({ hasText: "Signed in as Ann Q" }).waitFor();
  assert.ok(!page.url().includes("signin") && !page.url().includes(key), page.url());
  assert.equal(await page.evaluate(() => location.hash), "");
  assert.ok(sent.every((req) => !req.wire.includes(key)), "no address holds the key");
  assert.deepEqual(sent.filter((req) => req.body.includes(key)).map((req) => req.wire), [`${base}/api/club/signin`]);
  const session = (await context.cookies(base)).find((cookie) => cookie.name === "crib_session");
  assert.ok(session, "the session's cookie");
  assert.equal(session.httpOnly, true);
  assert.equal(session.secure, true, "Chromium keeps a Secure cookie from http://127.0.0.1");
  assert.equal(session.sameSite, "Strict");
  assert.equal(session.path, "/");
  assert.notEqual(session.value, key);
  assert.equal(await page.evaluate(() => document.cookie.includes("crib_session")), false, "no script reads it");
  assert.equal(await page.locator("#join-club-button").isVisible(), false, "sign-up is closed");
  await page.screenshot({ path: join(shots, "signed-in.png") });

  // Another page of the same browser is signed in without the link; signing
  // out there ends the session, which the first page then finds.
  const other = await newPage();
  await other.goto(`${base}/`);
  await other.locator("#member").filter({ hasText: "Signed in as Ann Q" }).waitFor();
  await other.click("#cancel-button");
  await other.click("#signout-button");
  await other.locator("#member").waitFor({ state: "hidden" });
  assert.equal((await context.cookies(base)).some((cookie) => cookie.name === "crib_session"), false);
  const me = await page.request.get(`${base}/api/club/me`, { headers: { Cookie: `crib_session=${session.value}` } });
  assert.equal(me.status(), 401, "the session ended on the server too");

  // A link re-issued: the old one no longer signs in, and the page says so.
  const reissued = spawnSync(bin, ["club", "reissue", "Ann Q", "--db", db, "--url", base], { encoding: "utf8" });
  assert.equal(reissued.status, 0, reissued.stderr);
  await page.goto(`${base}/`);
  await page.goto(link);
  await page.locator("#status").filter({ hasText: "no member's" }).waitFor();
  assert.equal(await page.locator("#member").isVisible(), false);
  assert.ok(!page.url().includes(key), page.url());

  // No route re-issues a link (only `crib club` on the server's machine
  // does), and the server's log never held the key.
  const reissue = await page.request.post(`${base}/api/club/reissue`, { headers: { "Content-Type": "application/json" }, data: JSON.stringify({ name: "Ann Q" }) });
  assert.equal(reissue.status(), 404);
  assert.ok(server.log().includes("serving on"), "the log is read");
  assert.ok(!server.log().includes(key), "the server's log holds no sign-in key");
});

test("with open sign-up, joining the club from the page signs in and shows the link once", async () => {
  const [open, openBase] = await startServer(join(profile, "open.db"), ["--open-signup"]);
  try {
    const page = await newPage(openBase);
    await page.goto(`${openBase}/`);
    await page.click("#cancel-button");
    await page.click("#join-club-button");
    await page.fill("#join-club-name", " Dora");
    await page.click("#join-club-submit");
    await page.locator("#join-club-error").filter({ hasText: "neither starts nor ends with a space" }).waitFor();
    await page.fill("#join-club-name", "Dora");
    await page.click("#join-club-submit");
    await page.locator("#join-club-done").waitFor();
    const link = await page.inputValue("#join-club-link");
    assert.ok(link.startsWith(`${openBase}/#signin=`), link);
    assert.equal(await page.locator("#join-club-who").textContent(), "Dora");
    assert.equal(await page.locator("#member").textContent(), "Signed in as Dora");
    assert.equal(await page.locator("#join-club-button").isVisible(), false);
    await page.screenshot({ path: join(shots, "joined.png") });
    await page.click("#join-club-close");
    assert.equal(await page.inputValue("#join-club-link"), "", "the link is kept no longer");
    // The link signs Dora in from a browser of her own.
    const elsewhere = await chromium.launch(browserOptions);
    try {
      const fresh = await elsewhere.newPage();
      await fresh.goto(link);
      await fresh.locator("#member").filter({ hasText: "Signed in as Dora" }).waitFor();
    } finally {
      await elsewhere.close();
    }
    await page.click("#signout-button");
    await page.locator("#join-club-button").waitFor();
  } finally {
    open.kill();
  }
});
