// The lobby and watching, with several people each in a browser context of
// their own: three members sign in by their links; one opens a listed table
// from the lobby, the others see it appear live and take its seats, and play
// begins; a spectator, signed in as no one, finds it in the lobby and
// watches a whole hand. The spectator must never receive a card that is not
// face up: not in the page, not in any answer of the API, not in any
// message of a live stream.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { act, apiState, clubServer, guard, shots } from "./support.mjs";

const club = clubServer("lobby");
const blocked = [];
const member = (name) => club.member(name);

// A page in a browser context of its own (its own cookies), kept to the
// server, its script errors gathered in `errors`.
async function person(errors, init) {
  const context = await club.browser.newContext({ viewport: { width: 1200, height: 900 } });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  return guard(page, club.base, blocked);
}

// Every card code ("5H", "TD") written as a JSON string in `text`.
const CARD = /"([2-9TJQKA][SHDC])"/g;
const codes = (text) => new Set([...text.matchAll(CARD)].map((found) => found[1]));
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const cardText = (code) => (code[0] === "T" ? "10" : code[0]) + SUITS[code[1]];

// Records, in the page, every message of every live stream it opens.
function recordStreams() {
  window.streamed = [];
  const Real = window.EventSource;
  window.EventSource = class extends Real {
    constructor(url, options) {
      super(url, options);
      for (const type of ["update", "lobby", "message"]) {
        this.addEventListener(type, (event) => window.streamed.push({ url: String(url), type, data: event.data }));
      }
    }
  };
}

test("three members fill a listed table from the lobby, live; a spectator watches a hand and sees only face-up cards", async () => {
  const errors = [];
  const [ann, ben, cat] = [member("Ann"), member("Ben"), member("Cat")];
  const pages = [];
  for (const [name, link] of [["Ann", ann], ["Ben", ben], ["Cat", cat]]) {
    const page = await person(errors);
    await page.goto(link);
    await page.locator("#member").filter({ hasText: `Signed in as ${name}` }).waitFor();
    // From the start screen to the lobby.
    await page.locator("#start-lobby-button").click();
    await page.locator("#lobby[open]").waitFor();
    pages.push(page);
  }
  const [host, second, third] = pages;
  assert.equal(await second.locator("#lobby-tables > li").count(), 0);
  assert.equal(await second.locator("#lobby-empty").isVisible(), true);

  // Ann opens a table of three, its other seats for people, listed.
  await host.locator("#lobby-new").click();
  await host.locator("#start[open]").waitFor();
  assert.equal(await host.locator("#listed").isChecked(), true, "a table opened from the lobby is listed");
  await host.selectOption("#players", "3");
  await host.selectOption("#opponent", "person");
  await host.selectOption("#seat-2", "person");
  const created = host.waitForResponse((res) => res.url().endsWith("/api/games"));
  await host.click("#start-button");
  const answer = await created;
  assert.equal(answer.status(), 201);
  const game = (await answer.json()).game;
  await host.locator("#invite").waitFor();
  // Face down until every seat is taken.
  assert.equal(await host.locator("#hand .card.back").count(), 5);

  // Ben sees it appear without reloading, and takes a seat.
  const row = (page, seat) => page.locator(`#lobby-table-${game} li[data-seat="${seat}"]`);
  await row(second, 1).locator(".take-seat").waitFor();
  assert.match(await second.locator(`#lobby-table-${game} .lobby-head`).textContent(), /3 players · game to 121 · .* · 2 seats free/);
  assert.match(await row(second, 0).textContent(), /^South: /);
  assert.equal(await second.locator(`#lobby-table-${game} .watch-table`).count(), 0, "nothing to watch before play");
  await row(second, 1).locator(".take-seat").click();
  await second.locator("#lobby").waitFor({ state: "hidden" });
  await second.locator("#leave-button").waitFor();
  // Cat's lobby hears of it: one seat is left.
  await row(third, 1).locator(".take-seat").waitFor({ state: "detached" });
  assert.match(await third.locator(`#lobby-table-${game} .lobby-head`).textContent(), /1 seat free/);

  // Ben leaves and takes the seat again: the lobby offers it meanwhile.
  await second.locator("#leave-button").click();
  await second.locator("#lobby[open]").waitFor();
  await row(third, 1).locator(".take-seat").waitFor();
  await row(second, 1).locator(".take-seat").click();
  await second.locator("#lobby").waitFor({ state: "hidden" });
  await row(third, 1).locator(".take-seat").waitFor({ state: "detached" });
  await row(third, 2).locator(".take-seat").click();
  await third.locator("#lobby").waitFor({ state: "hidden" });
  for (const page of pages) await page.locator("#hand button.card").nth(4).waitFor();
  await host.locator("#invite").waitFor({ state: "hidden" });

  // The spectator: signed in as no one, every stream message and API answer
  // recorded from the first.
  const spectator = await person(errors, recordStreams);
  const answers = [];
  spectator.on("response", (res) => {
    if (!res.url().startsWith(`${club.base}/api/`)) return;
    if ((res.headers()["content-type"] || "").startsWith("text/event-stream")) return;
    answers.push(res.text().then((text) => ({ url: res.url(), text })));
  });
  await spectator.goto(`${club.base}/#lobby`);
  await spectator.locator(`#lobby-table-${game} .watch-table`).click();
  await spectator.locator("#match", { hasText: "Watching" }).waitFor();
  assert.equal(new URL(spectator.url()).hash, `#watch=${game}`);
  assert.equal(await spectator.locator("#hand").isVisible(), false, "a spectator holds no hand");
  assert.equal(await spectator.locator("#lobby-table-" + game).count(), 1);

  // What the spectator's page shows, sampled as the hand is played.
  const seen = [];
  const sample = async () => seen.push(await spectator.evaluate(() => ({
    next: S.state.next,
    cards: [...document.querySelectorAll("[data-card]")].map((el) => el.dataset.card),
    text: document.body.innerText,
  })));
  await sample();

  // The hand: each discards one card, then they peg until the hand is over.
  for (const page of pages) {
    await page.locator("#hand button.card").nth(0).click();
    await act(page, page.locator("#discard-button"));
    await sample();
  }
  for (let turn = 0; ; turn++) {
    assert.ok(turn < 80, "the hand did not end");
    if ((await apiState(host)).view.phase === "deal") break;
    let moved = false;
    for (const page of pages) {
      const playable = page.locator("#hand button.playable");
      if (await playable.count()) { await act(page, playable.first()); moved = true; await sample(); }
    }
    if (!moved) await host.waitForTimeout(100);
  }
  const states = await Promise.all(pages.map(apiState));
  const events = states[0].events;
  // The spectator catches up with the whole hand, shows and all.
  await spectator.waitForFunction((next) => S.state && S.state.next === next, states[0].next);
  await sample();
  assert.equal(await spectator.locator("#show-body .shown").count(), 4, "three hands and the crib");
  for (const seat of [0, 1, 2]) await spectator.locator(`#seat-${seat}-label`).waitFor();
  for (const id of ["#log", "#status", "#match", "#scores", "#others", "#crib-label"]) {
    assert.doesNotMatch(await spectator.locator(id).innerText(), /\byou(r)?\b/i, `${id} speaks to no one`);
  }
  await spectator.screenshot({ path: join(shots, "watching.png"), fullPage: true });

  // The hands as each player was dealt them, from their own states.
  const held = new Set();
  for (const [seat, st] of states.entries()) {
    const dealt = st.events.find((said) => said.event.event === "dealt");
    assert.equal(dealt.event.hands[seat].length, 5);
    for (const card of dealt.event.hands[seat]) held.add(card);
  }
  assert.equal(held.size, 15);
  // Face up by the `next`-th event: whatever any event but a deal or a
  // discard names (a card played, the starter cut, a hand or crib shown).
  const faceUp = (next) => {
    const up = new Set();
    for (const said of events.slice(0, next)) {
      if (["dealt", "discarded"].includes(said.event.event)) continue;
      for (const card of codes(JSON.stringify(said.event))) up.add(card);
    }
    return up;
  };
  const hidden = (next) => [...held].filter((card) => !faceUp(next).has(card));
  assert.ok(hidden(events.length).length < 15, "the hand showed cards");

  // Every answer of the API to the spectator: a state holds no card that
  // was not face up by its own `next`; anything else no held card at all.
  const recorded = await Promise.all(answers);
  assert.ok(recorded.some((a) => a.url.includes(`/api/games/${game}/watch`)), "the spectator asked for the table");
  assert.ok(recorded.some((a) => a.url.endsWith("/api/lobby") || a.url.includes("/api/club")));
  let withCards = 0;
  for (const { url, text } of recorded) {
    const next = url.includes("/watch") ? JSON.parse(text).next : 0;
    const found = codes(text);
    const leaked = hidden(next).filter((card) => found.has(card));
    assert.deepEqual(leaked, [], `${url} gave away ${leaked}`);
    if ([...held].some((card) => found.has(card))) withCards++;
  }
  assert.ok(withCards > 0, "the spectator was shown cards once face up");
  // Every message of its live streams: the lobby, the table's updates.
  const streamed = await spectator.evaluate(() => window.streamed);
  assert.ok(streamed.some((m) => m.type === "lobby"), "the lobby's stream was heard");
  assert.ok(streamed.some((m) => m.type === "update" && m.url.includes(`/api/games/${game}/watch/events`)));
  for (const message of streamed) {
    const leaked = [...held].filter((card) => codes(message.data).has(card));
    assert.deepEqual(leaked, [], `a ${message.type} message gave away ${leaked}`);
  }
  // The page, at every moment sampled.
  for (const { next, cards, text } of seen) {
    const secret = hidden(next);
    assert.deepEqual(cards.filter((card) => secret.includes(card)), [], `the page showed a hidden card at event ${next}`);
    assert.deepEqual(secret.filter((card) => text.includes(cardText(card))), [], `the page named a hidden card at event ${next}`);
  }

  // The table under way is in the lobby to watch, with no seat to take.
  const watcher = await person(errors);
  await watcher.goto(`${club.base}/#lobby`);
  await watcher.locator(`#lobby-table-${game} .watch-table`).waitFor();
  assert.match(await watcher.locator(`#lobby-table-${game} .lobby-head`).textContent(), /under way/);
  assert.equal(await watcher.locator(`#lobby-table-${game} .take-seat`).count(), 0);
  assert.deepEqual(errors, []);
  assert.deepEqual(blocked, [], "the security policy blocked something");
});
