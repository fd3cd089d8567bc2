// Click to audio (issue 49), in headless Chromium on loopback: from a listener's click to the
// audio element's 'playing' with its position moving, for play at the live edge (the MP3 stream),
// 'Terug naar het begin' (an hour playlist through hls.js, at the programme's first second) and
// 15 s back (a seek in the rewind window). Each round on a fresh page; prints the medians against
// the goals (1.0 s at the edge, 1.5 s after a seek). Run it on a quiet machine.
//
//   node bench/click-to-audio.mjs http://127.0.0.1:8080 [rounds]
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "web", "package.json"));
const { chromium } = require("@playwright/test");

const base = (process.argv[2] ?? "http://127.0.0.1:8080").replace(/\/$/, "");
const rounds = Number(process.argv[3] ?? process.env.CLICK_ROUNDS ?? 5);

/** Arms the page: the next trusted click's time, and the next 'playing' whose position moves. */
async function arm(page) {
  await page.evaluate(() => {
    const w = window;
    w.__clickAt = null;
    w.__audioAt = null;
    const audio = document.getElementById("audio-player-id");
    document.addEventListener("pointerdown", () => (w.__clickAt ??= performance.now()), {
      capture: true,
      once: true,
    });
    const start = audio.currentTime;
    const onTime = () => {
      if (w.__clickAt !== null && !audio.paused && audio.currentTime !== start) {
        w.__audioAt ??= performance.now();
        audio.removeEventListener("timeupdate", onTime);
      }
    };
    audio.addEventListener("timeupdate", onTime);
  });
}

async function elapsed(page) {
  await page.waitForFunction(() => window.__audioAt !== null, null, { timeout: 20_000 });
  return page.evaluate(() => (window.__audioAt - window.__clickAt) / 1000);
}

async function round(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // Autoplay is refused until the listener's first gesture (as the e2e suite's refuseAutoplay), so
  // that the first sound comes from the click.
  await page.addInitScript(() => {
    let gesture = false;
    window.addEventListener("pointerdown", (event) => (gesture ||= event.isTrusted), true);
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function () {
      if (!gesture) return Promise.reject(new DOMException("needs a gesture", "NotAllowedError"));
      return play.call(this);
    };
  });
  await page.goto(`${base}/`);
  const bar = page.getByRole("region", { name: "Radiospeler" });
  const play = bar.getByRole("button", { name: "Afspelen" });
  await play.waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => document.querySelector(".mini-player__play")?.getAttribute("aria-busy") === "false");
  await arm(page);
  await play.click();
  const edge = await elapsed(page);
  await bar.getByRole("button", { name: /Speler uitklappen/ }).click();
  const dialog = bar.getByRole("dialog");
  await arm(page);
  await dialog.getByRole("button", { name: "Terug naar het begin" }).click();
  const restart = await elapsed(page);
  await page.waitForTimeout(1500);
  await arm(page);
  await dialog.getByRole("button", { name: "15 seconden terug" }).click();
  const back = await elapsed(page);
  await context.close();
  return { edge, restart, back };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
const results = [];
try {
  for (let i = 0; i < rounds; i += 1) results.push(await round(browser));
} finally {
  await browser.close();
}
const show = (key, goal) => {
  const m = median(results.map((r) => r[key]));
  const all = results.map((r) => r[key].toFixed(2)).join(" ");
  console.log(`  ${key.padEnd(8)} median ${m.toFixed(2)} s (goal <= ${goal} s, ratio to goal ${(m / goal).toFixed(2)}): ${all}`);
};
console.log(`== click to audio, Chromium on loopback, ${rounds} rounds`);
show("edge", 1.0);
show("restart", 1.5);
show("back", 1.5);
