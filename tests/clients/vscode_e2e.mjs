// Drives a real VS Code (code-server) in headless Chromium through playwright-core, for
// tests/clients/test_vscode_e2e.py and bench/vscode_activation.py (vscode_harness.py starts
// code-server). Usage: node vscode_e2e.mjs CONFIG.json. The config names the URL, the
// extension's report file (MEMLSP_VSCODE_TEST_REPORT), a screenshot folder and the steps to
// run; each step's outcome goes to the results file. A failed step is recorded and the
// following steps still run, so one run shows everything that works and what does not.
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const require = createRequire(import.meta.url);
const { chromium } = require(config.playwright);
const results = { steps: {}, report: null, started: Date.now() };
mkdirSync(config.screenshots, { recursive: true });

const save = () => writeFileSync(config.results, JSON.stringify(results, null, 2));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function readReport() {
  try {
    return existsSync(config.report) ? JSON.parse(readFileSync(config.report, 'utf8')) : null;
  } catch {
    return null;
  }
}

async function waitFor(pred, timeoutMs, what) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await pred();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(250);
  }
}

async function shot(page, name) {
  const file = join(config.screenshots, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

async function palette(page, text) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill(`>${text}`);
  const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: text }).first();
  await row.waitFor({ state: 'visible', timeout: 10000 });
  await page.keyboard.press('Enter');
}

const steps = {
  // The extension activated, found the interpreter and the server answered initialize.
  async ready(page) {
    const report = await waitFor(() => {
      const r = readReport();
      return r && (r.state === 'running' || r.state === 'failed') ? r : null;
    }, config.readyTimeoutMs ?? 90000, 'the server to be ready');
    if (report.state !== 'running') throw new Error(`server state ${report.state}`);
    return { timings: report.timings, screenshot: await shot(page, '01-ready') };
  },

  // The Problems panel lists the stale citation of the note (never opened).
  async problems(page) {
    await palette(page, 'Focus on Problems View');
    const row = page.locator('.markers-panel .monaco-list-row', { hasText: config.expect.problem }).first();
    await row.waitFor({ state: 'visible', timeout: 30000 });
    const text = await row.innerText();
    return { text, screenshot: await shot(page, '02-problems') };
  },

  // Opening the entry shows the note with the warning squiggle.
  async squiggle(page) {
    const row = page.locator('.markers-panel .monaco-list-row', { hasText: config.expect.problem }).first();
    await row.dblclick();
    const squiggle = page.locator('.monaco-editor .squiggly-warning').first();
    await squiggle.waitFor({ state: 'attached', timeout: 20000 });
    const tab = await page.locator('.tabs-container .tab.active').innerText();
    return { tab, screenshot: await shot(page, '03-squiggle') };
  },

  // The hover on the citation names the commit that deleted the file.
  async hover(page) {
    const squiggle = page.locator('.monaco-editor .squiggly-warning').first();
    const box = await squiggle.boundingBox();
    if (!box) throw new Error('no squiggle on screen');
    const hover = page.locator('.monaco-hover-content', { hasText: config.expect.commit });
    for (let i = 0; i < 5; i++) {
      await page.mouse.move(box.x + Math.min(12, box.width / 2), box.y + box.height / 2 - 3);
      try {
        await hover.first().waitFor({ state: 'visible', timeout: 4000 });
        break;
      } catch {
        await page.mouse.move(box.x, box.y - 80);
        if (i === 4) throw new Error('no hover naming the deleting commit');
      }
    }
    const text = await hover.first().innerText();
    return { text, screenshot: await shot(page, '04-hover') };
  },

  // The Memory view lists the notes with sizes and ages.
  async view(page) {
    await palette(page, 'Memory: Focus on Notes View');
    const rows = page.locator('.sidebar .monaco-list-row', { hasText: config.expect.viewNote });
    await rows.first().waitFor({ state: 'visible', timeout: 20000 });
    const texts = await page.locator('.sidebar .monaco-list-row').allInnerTexts();
    return { rows: texts, screenshot: await shot(page, '05-view') };
  },

  // "Dream now" runs and ends with a notification.
  async dream(page) {
    await palette(page, 'memlsp: Dream now');
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'Dream finished' });
    await toast.first().waitFor({ state: 'visible', timeout: 60000 });
    const text = await toast.first().innerText();
    return { text, screenshot: await shot(page, '06-dream') };
  },

  // A pending item (made by the server under review: required) is accepted from the view.
  async review(page) {
    const report = await waitFor(() => {
      const r = readReport();
      return r && r.reviewSupported && r.pendingReviews ? r : null;
    }, 20000, 'the view to list the pending item (memory/review)');
    await palette(page, 'Memory: Focus on Notes View');
    const item = page.locator('.sidebar .monaco-list-row', { hasText: config.expect.reviewItem }).first();
    await item.waitFor({ state: 'visible', timeout: 20000 });
    await shot(page, '07-review-pending');
    await item.click({ button: 'right' });
    const menu = page.locator('.context-view .monaco-menu');
    await menu.waitFor({ state: 'visible', timeout: 10000 });
    const entries = await menu.locator('.action-menu-item').evaluateAll((els) =>
      els.map((a) => ({
        label: a.querySelector('.action-label')?.textContent?.trim() ?? '',
        enabled: a.getAttribute('aria-disabled') !== 'true',
      })),
    );
    if (!entries.some((e) => e.label === 'Accept' && e.enabled)) {
      throw new Error(`no enabled "Accept" in the item's context menu: ${JSON.stringify(entries)}`);
    }
    // The entry is picked with the keyboard, not clicked: VS Code's menus only listen for
    // mouseup 100 ms after they render (base/browser/ui/menu/menu.ts, "Add mouse up listener
    // later to avoid accidental clicks") and ignore the click event, so a click as soon as
    // the menu is visible, which is what Playwright does, is dropped and the menu stays
    // open. A person cannot click that fast; arrow keys and Enter have no such delay.
    const focused = menu.locator('.action-item.focused .action-label');
    for (let i = 0; i < entries.length; i++) {
      await page.keyboard.press('ArrowDown');
      await focused.first().waitFor({ state: 'attached', timeout: 5000 });
      if ((await focused.first().innerText()).trim() === 'Accept') {
        break;
      }
    }
    const picked = (await focused.first().innerText()).trim();
    if (picked !== 'Accept') {
      throw new Error(`the arrow keys never reached "Accept" (at "${picked}"): ${JSON.stringify(entries)}`);
    }
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'hidden', timeout: 5000 });
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'Accepted' });
    await toast.first().waitFor({ state: 'visible', timeout: 20000 });
    return {
      supported: report.reviewSupported,
      menu: entries,
      text: await toast.first().innerText(),
      screenshot: await shot(page, '07-review'),
    };
  },

  // The language-model tools are listed in vscode.lm.tools.
  async tools(page) {
    const report = await waitFor(() => {
      const r = readReport();
      return r && r.tools && r.tools.length >= 2 ? r : null;
    }, 15000, 'the tools in vscode.lm.tools');
    return { tools: report.tools, screenshot: await shot(page, '08-tools') };
  },
};

const context = await chromium.launchPersistentContext(config.profile, {
  executablePath: config.chromium,
  headless: true,
  viewport: { width: 1400, height: 900 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  results.opened = Date.now();
  await page.goto(config.url);
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60000 });
  for (const name of config.steps) {
    const t0 = Date.now();
    try {
      results.steps[name] = { ok: true, ms: 0, ...(await steps[name](page)) };
    } catch (err) {
      let screenshot;
      try {
        screenshot = await shot(page, `failed-${name}`);
      } catch {
        screenshot = null;
      }
      results.steps[name] = { ok: false, error: String(err?.message ?? err), screenshot };
    }
    results.steps[name].ms = Date.now() - t0;
    save();
  }
} finally {
  results.report = readReport();
  save();
  await context.close();
}
