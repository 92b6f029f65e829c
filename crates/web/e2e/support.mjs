// What every end-to-end test file needs: the binary under test, a server of
// its own on a free port of loopback, and headless Chromium, each page kept
// to that server and watched for anything the security policy blocked.
//
// CRIB_BIN names the binary (default: target/release/crib, else debug);
// CHROMIUM the browser (default: /usr/bin/chromium).

import { before, after } from "node:test";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

export const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..", "..");

/** The binary under test. */
export const bin = process.env.CRIB_BIN
  || [join(root, "target", "release", "crib"), join(root, "target", "debug", "crib")].find(existsSync);

/** Where screenshots go. */
export const shots = join(here, "screenshots");

/** The seed every test server deals from. */
export const SEED = "2026";

/**
 * Starts `crib serve` on a free port of loopback, on the database `db`, with
 * the further arguments `more`; resolves to the child and its base address.
 * The child's `log()` is everything the server has written to its log
 * (standard error) so far.
 */
export function startServer(db, more = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ["serve", "--addr", "127.0.0.1:0", "--seed", SEED, "--db", db, ...more], { stdio: ["ignore", "ignore", "pipe"] });
    let text = "";
    child.log = () => text;
    const timer = setTimeout(() => reject(new Error("crib serve did not start: " + text)), 10000);
    child.stderr.on("data", (chunk) => {
      text += chunk;
      const found = text.match(/serving on (http:\/\/127\.0\.0\.1:\d+)\//);
      if (found) { clearTimeout(timer); resolve([child, found[1]]); }
    });
    child.on("exit", (code) => reject(new Error(`crib serve exited with ${code}: ${text}`)));
  });
}

/** Chromium's options: headless, and quiet on the network. */
export const browserOptions = {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
};

/** A browser of its own: each of its contexts has its own cookies. */
export function launchBrowser() {
  return chromium.launch(browserOptions);
}

/**
 * Keeps `page` to the server at `at` (any other request is aborted) and
 * pushes onto `blocked` whatever the page's Content-Security-Policy blocked.
 */
export async function guard(page, at, blocked) {
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  await page.route("**/*", (route) => (route.request().url().startsWith(at) ? route.continue() : route.abort()));
  return page;
}

/** Clicks `locator`, and waits for the move's answer and for the page to draw it. */
export async function act(page, locator) {
  const drawn = Number(await page.evaluate(() => document.body.dataset.updates || 0));
  const answered = page.waitForResponse((res) => res.url().includes("/act") && res.request().method() === "POST");
  await locator.click();
  const res = await answered;
  assert.equal(res.status(), 200, await res.text());
  await page.waitForFunction((before) => Number(document.body.dataset.updates || 0) > before, drawn);
}

/** A seated page's whole state from the API, with the token of its address. */
export async function apiState(page) {
  const at = new URL(page.url());
  const params = new URLSearchParams(at.hash.slice(1));
  const res = await page.request.get(`${at.origin}/api/games/${params.get("game")}?since=0`, { headers: { Authorization: "Bearer " + params.get("token") } });
  assert.equal(res.status(), 200, await res.text());
  return res.json();
}

// Moves the page's seat through the API (the first cards, the first
// playable card, go, continue) until `done` says so; then waits for the page
// to draw it all (the page hears of it by server-sent events).
export async function drive(page, done) {
  const at = new URL(page.url());
  const params = new URLSearchParams(at.hash.slice(1));
  const headers = { Authorization: "Bearer " + params.get("token") };
  // The moves come from here: the page is not to say go for the seat too.
  await page.evaluate(() => { document.getElementById("auto-go-toggle").checked = false; });
  for (let i = 0; i < 3000; i++) {
    const state = await apiState(page);
    if (done(state)) {
      const lines = state.events.flatMap((said) => said.lines).length;
      await page.waitForFunction((n) => document.querySelectorAll("#log li").length === n, lines);
      return state;
    }
    const m = state.moves;
    let body;
    if (m.discard) body = { action: "discard", cards: state.view.hand.slice(0, m.discard) };
    else if (m.playable.length) body = { action: "play", card: m.playable[0] };
    else if (m.go) body = { action: "go" };
    else if (m.continue) body = { action: "continue" };
    else assert.fail(`nothing to do in phase ${state.view.phase}`);
    const res = await page.request.post(`${at.origin}/api/games/${params.get("game")}/act`, { headers, data: body });
    assert.equal(res.status(), 200, await res.text());
  }
  assert.fail("the table never got there");
}

/**
 * A club of its own for a test file: before its tests, a fresh database in
 * a temporary directory, `crib serve` on it, and a browser; after them, all
 * gone. The fields are filled once the tests begin: `dir`, `db`, `base`,
 * `browser`, `server`.
 */
export function clubServer(name) {
  const club = {
    /** Adds member `name` as the club's admin does: their sign-in link. */
    member(member) {
      const added = spawnSync(bin, ["club", "add", member, "--db", club.db, "--url", club.base], { encoding: "utf8" });
      if (added.status !== 0) throw new Error(`crib club add ${member} failed: ${added.stderr}`);
      const link = added.stdout.trim();
      if (!link.startsWith(`${club.base}/#signin=`)) throw new Error(`not a sign-in link: ${link}`);
      return link;
    },
    /**
     * A browser context of its own (its own cookies), its page guarded
     * (`blocked`), signed in as `member` by `link`.
     */
    async signedIn(link, member, blocked, viewport = { width: 1200, height: 900 }) {
      const context = await club.browser.newContext({ viewport });
      const page = await guard(await context.newPage(), club.base, blocked);
      await page.goto(link);
      await page.locator("#member").filter({ hasText: `Signed in as ${member}` }).waitFor();
      return page;
    },
  };
  before(async () => {
    if (!bin) throw new Error("build crib first (cargo build --release -p crib)");
    club.dir = mkdtempSync(join(tmpdir(), `crib-e2e-${name}-`));
    club.db = join(club.dir, "crib.db");
    [club.server, club.base] = await startServer(club.db);
    mkdirSync(shots, { recursive: true });
    club.browser = await launchBrowser();
  });
  after(async () => {
    if (club.browser) await club.browser.close();
    if (club.server) club.server.kill();
    if (club.dir) rmSync(club.dir, { recursive: true, force: true });
  });
  return club;
}
