// First contentful paint of pages with the server's HTML inside #root (now) against the same
// documents with #root emptied (the old shell: an empty <div id="root"> plus JSON), in one
// headless Chromium, alternating the two for every page and round so that both see the same
// machine and the same server. Both variants pass through the same request interception, so the
// only difference is the markup. Prints each page's median FCP and LCP per variant and the
// old/new ratio (above 1: the server HTML paints sooner).
//
//   node bench/first-paint.mjs http://127.0.0.1:8080 [rounds]
//   FIRST_PAINT_PATHS="/ /programmas" FIRST_PAINT_CPU=4 node bench/first-paint.mjs <url>
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "web", "package.json"));
const { chromium } = require("@playwright/test");

const base = (process.argv[2] ?? "http://127.0.0.1:8080").replace(/\/$/, "");
const rounds = Number(process.argv[3] ?? process.env.FIRST_PAINT_ROUNDS ?? 7);
const cpu = Number(process.env.FIRST_PAINT_CPU ?? 4);
// A mid-range phone on a good mobile connection (Lighthouse's 'slow 4G' numbers).
const network = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** The old shell: the same document with the server's page HTML taken out of #root. */
export function withoutServerHtml(html) {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf("<!--/ether-body-->");
  if (start < 0 || end < start)
    throw new Error("the document has no server HTML to take out");
  return (
    html.slice(0, start + '<div id="root">'.length) +
    html.slice(end + "<!--/ether-body-->".length)
  );
}

async function discoverPaths() {
  if (process.env.FIRST_PAINT_PATHS)
    return process.env.FIRST_PAINT_PATHS.split(/\s+/).filter(Boolean);
  const news = await (
    await fetch(`${base}/api/page?path=${encodeURIComponent("/nieuws")}`)
  ).json();
  const a = news.data.articles[0];
  return [
    "/",
    "/programmas",
    "/gids",
    `/nieuws/${a.category.slug}/${a.id}/${a.slug}`,
  ];
}

async function measure(browser, url, variant) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", network);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
  await page.route(
    (u) => u.href === url,
    async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      await route.fulfill({
        response,
        body: variant === "old" ? withoutServerHtml(body) : body,
      });
    },
  );
  await page.addInitScript(() => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  await page.waitForFunction(
    () => performance.getEntriesByName("first-contentful-paint").length > 0,
    null,
    {
      timeout: 60_000,
    },
  );
  // Let the app render its page (lazy chunks) before LCP is read.
  await page.waitForSelector("h1", { timeout: 60_000 });
  await page.waitForTimeout(500);
  const result = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0].startTime,
    lcp: window.__lcp,
  }));
  await context.close();
  return result;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
  ],
});
const paths = await discoverPaths();
console.log(
  `first contentful paint, ${rounds} rounds, CPU ${cpu}x slower, 1.6 Mbit/s, 150 ms RTT, 375x812`,
);
const totals = { old: [], new: [] };
for (const p of paths) {
  const samples = { old: [], new: [] };
  for (let i = 0; i < rounds; i += 1) {
    // Alternate the order so neither variant always runs on a warmer machine.
    for (const variant of i % 2 ? ["new", "old"] : ["old", "new"]) {
      samples[variant].push(await measure(browser, base + p, variant));
    }
  }
  const row = {};
  for (const variant of ["old", "new"]) {
    row[variant] = {
      fcp: median(samples[variant].map((s) => s.fcp)),
      lcp: median(samples[variant].map((s) => s.lcp)),
    };
    totals[variant].push(row[variant].fcp);
  }
  console.log(
    `${p.padEnd(48)} FCP old ${row.old.fcp.toFixed(0).padStart(5)} ms  new ${row.new.fcp.toFixed(0).padStart(5)} ms  ` +
      `ratio ${(row.old.fcp / row.new.fcp).toFixed(2)}   LCP old ${row.old.lcp.toFixed(0)} ms  new ${row.new.lcp.toFixed(0)} ms`,
  );
}
const oldTotal = totals.old.reduce((a, b) => a + b, 0);
const newTotal = totals.new.reduce((a, b) => a + b, 0);
console.log(
  `all pages: FCP old/new ratio ${(oldTotal / newTotal).toFixed(2)} (sum of medians ${oldTotal.toFixed(0)} / ${newTotal.toFixed(0)} ms)`,
);
await browser.close();
