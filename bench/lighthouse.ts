// Lighthouse, mobile: the performance score, LCP, CLS, TBT and FCP of the lobby
// (/, as a visitor) and of a game page (/game-play/<id>, the first game of the lobby's first row,
// as a signed-in player whose start-up dialogs are done), in Debian's Chromium with Lighthouse's
// default mobile settings (Moto G Power screen, simulated slow 4G and 4x CPU slowdown), each page
// run several times from a cold cache, medians printed. It builds nothing and asserts nothing:
// it runs against the production build (`npm run build` first), which it starts itself on a free
// port with a fresh data folder and the seeded demo content, or against a running server.
// Run: npx tsx bench/lighthouse.ts [--runs 3] [--only lobby|game] [--url http://localhost:3000] [--save dir] [--cpu-profile dir]
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';

const root = path.resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    url: { type: 'string' },
    save: { type: 'string' },
    only: { type: 'string' },
    'cpu-profile': { type: 'string' },
  },
});
const runs = Math.max(1, Number(options.runs));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags every Chromium run of this project uses (e2e/playwright.config.ts).
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The built server on a free port and a fresh data folder, started the way the e2e run starts it. */
async function startServer(): Promise<{ baseUrl: string; stop: () => void }> {
  const entry = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(entry) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('No production build: run npm run build first.');
  }
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-data-'));
  const server: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      APP_ENV: 'development',
      LOG_LEVEL: 'warn',
      // Every run signs the benchmark's player in again from 127.0.0.1.
      RATE_LIMIT_ENABLED: 'false',
    },
  });
  const stop = () => {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let waited = 0; ; waited += 250) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { baseUrl, stop };
    if (waited > 120_000) {
      stop();
      throw new Error('The server did not become ready within 2 minutes');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A player's API calls from here, with their session cookie, the way the browser sends them. */
class ApiClient {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  async send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api/v1/${path}`, {
      method,
      headers: {
        origin: this.baseUrl,
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  }

  cookieList(): { name: string; value: string }[] {
    return [...this.cookies].map(([name, value]) => ({ name, value }));
  }
}

/** The first game of the lobby's first featured row: what a player who opens the lobby sees first. */
async function firstLobbyGame(api: ApiClient): Promise<number> {
  const list = await api.send<{ rows: { isFeatured: boolean; subCategoryGames: { masterCasinoGameId: number }[] }[] }>(
    'GET',
    'casino-games/sub-category',
  );
  const game = list.rows.find((row) => row.isFeatured && row.subCategoryGames.length > 0)?.subCategoryGames[0];
  if (!game) throw new Error('The lobby has no game');
  return game.masterCasinoGameId;
}

/**
 * A verified player with the daily and welcome bonuses claimed and a complete profile, so that
 * the start-up queue (seed 000 section 4) has no dialog for them once the lobby popups and the
 * flash-sale offers count as seen (signIn): a returning player's page load.
 */
async function signUpPlayer(api: ApiClient): Promise<{ email: string; password: string }> {
  const unique = `${Date.now().toString(36).slice(-7)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const player = { userName: `lh${unique}`.slice(0, 15), email: `lh${unique}@players.test`, password: 'Spin&Win2026!' };
  const password = Buffer.from(player.password).toString('base64');
  await api.send('POST', 'user/sign-up', {
    userName: player.userName,
    email: player.email,
    password,
    isTermsAccepted: true,
    browser: 'lighthouse',
    platform: 'web',
  });
  const mails = await api.send<{ rows: { text: string }[] }>('GET', `dev/mail?to=${encodeURIComponent(player.email)}`);
  const token = mails.rows.map((mail) => /\/user\/verifyEmail\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1]).find(Boolean);
  if (!token) throw new Error('No verification mail');
  await api.send('GET', `user/verifyEmail?token=${token}`);
  await api.send('POST', 'user/login', { email: player.email, password });
  await api.send('POST', 'bonus/daily-bonus');
  await api.send('POST', 'bonus/welcome-bonus');
  const states = await api.send<{ rows: { state_id: number; stateCode: string }[] }>('GET', 'details/state');
  const newYork = states.rows.find((row) => row.stateCode === 'NY');
  await api.send('PUT', 'user/profile', {
    firstName: 'Lia',
    lastName: 'Lighthouse',
    dateOfBirth: '1990-04-12',
    addressLine_1: '1 Beacon Street',
    addressLine_2: '',
    state: String(newYork?.state_id),
    city: 'Albany',
    zipCode: '12207',
    country: '199',
    skipCheck: true,
  });
  return player;
}

/**
 * Logs the player in through the API, gives the browser the session cookie and stores the player
 * the way the web app does on login (e2e/support/players.ts signInThroughApi), with the lobby
 * popups dismissed and the offers seen in this tab.
 */
async function signIn(page: Page, api: ApiClient, player: { email: string; password: string }): Promise<void> {
  const user = await api.send<{ userId: number; username: string; email: string }>('POST', 'user/login', {
    email: player.email,
    password: Buffer.from(player.password).toString('base64'),
  });
  const popups = await api.send<{ groups: { lobby: { popupId: number }[] } }>('GET', 'details/popups');
  const offers = await api.send<{ rows: { packageId: number }[] }>('GET', 'details/offers');
  await page.goto(`${api.baseUrl}/readyz`);
  await page.setCookie(...api.cookieList().map((cookie) => ({ ...cookie, url: api.baseUrl })));
  const stored = {
    username: user.username,
    loginTime: new Date().toISOString(),
    userStore: JSON.stringify({
      state: { user: { userId: user.userId, username: user.username, email: user.email }, isAuthenticated: true },
      version: 0,
    }),
    dismissedPopups: JSON.stringify(popups.groups.lobby.map((popup) => popup.popupId)),
  };
  // A string, not a function: the page runs it as written (no transpiler helpers).
  await page.evaluate(
    `for (const [key, value] of Object.entries(${JSON.stringify(stored)})) localStorage.setItem(key, value);
     sessionStorage.setItem(${JSON.stringify(`offersSeen:${user.userId}`)}, ${JSON.stringify(JSON.stringify(offers.rows.map((offer) => offer.packageId)))});`,
  );
}

interface Figures {
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  lcpElement: string;
  benchmarkIndex: number;
}

async function audit(page: Page, url: string, keepStorage: boolean, saveAs?: string): Promise<Figures> {
  // Lighthouse empties the origin's storage and the cache before a run; a signed-in run keeps the
  // storage (the session), so the cache is emptied here instead: every run is a cold load.
  const session = await page.createCDPSession();
  await session.send('Network.clearBrowserCache');
  // A visitor has no session: the signed-in run before left its cookie and its stored player in
  // the browser, which Lighthouse's own reset leaves in place.
  if (!keepStorage) {
    await session.send('Network.clearBrowserCookies');
    await session.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'all' });
  }
  await session.detach();
  const result = await lighthouse(
    url,
    { logLevel: 'error', output: 'json', onlyCategories: ['performance'], disableStorageReset: keepStorage },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (saveAs) fs.writeFileSync(saveAs, JSON.stringify(lhr, null, 1));
  // The trace beside it: open it in Chromium's DevTools (Performance panel) to see each long task.
  if (saveAs) fs.writeFileSync(saveAs.replace(/\.json$/, '.trace.json'), JSON.stringify(result.artifacts.Trace));
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { selector?: string } }[] }[] })
    ?.items;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    fcp: value('first-contentful-paint'),
    // Lighthouse names the element only if it is still in the page at the end: the lobby's, which
    // the server sent, has been replaced by the app's copy of it by then (docs/decisions/067).
    lcpElement: lcpItems?.[0]?.items?.[0]?.node?.selector ?? 'an element no longer in the page',
    // Lighthouse's own measure of the machine's speed (higher is faster). Its simulated 4x
    // slowdown multiplies the tasks this machine ran, so blocking time grows on a slower machine.
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/**
 * `--cpu-profile dir`: before each audit, the page is loaded once more from a cold cache with the
 * CPU slowed four times, as Lighthouse's mobile setting counts it, and the JavaScript CPU profile
 * of its first six seconds is saved (open it in Chromium's DevTools, Performance panel). It shows
 * which functions make the long tasks that Lighthouse sums as blocking time.
 */
async function profileLoad(page: Page, url: string, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const session = await page.createCDPSession();
  try {
    await session.send('Network.clearBrowserCache');
    await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 200 });
    await session.send('Profiler.start');
    await page.goto(url);
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const { profile } = await session.send('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(profile));
  } finally {
    await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await session.detach();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = options.url ? { baseUrl: options.url.replace(/\/$/, ''), stop: () => undefined } : await startServer();
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const api = new ApiClient(server.baseUrl);
  const gameId = await firstLobbyGame(api);
  const player = await signUpPlayer(api);
  if (options.save) fs.mkdirSync(options.save, { recursive: true });

  const pages = [
    { id: 'lobby', name: 'lobby /', path: '/', signedIn: false },
    { id: 'game', name: `game page /game-play/${gameId}`, path: `/game-play/${gameId}`, signedIn: true },
  ].filter((target) => !options.only || target.id === options.only);
  // The server draws each artwork's pixels on its first request and keeps them (apps/server/src/
  // lib/raster.ts), as a running site has long done: each page is loaded once, unmeasured, so that
  // the audits measure the page and not that first drawing, which shares the cores with Chromium.
  for (const target of pages) {
    const page = await browser.newPage();
    if (target.signedIn) await signIn(page, api, player);
    await page.goto(`${server.baseUrl}${target.path}`, { waitUntil: 'networkidle2', timeout: 20_000 }).catch(() => undefined);
    await page.close();
  }
  const figures = new Map<string, Figures[]>(pages.map((target) => [target.name, []]));
  for (let run = 1; run <= runs; run += 1) {
    for (const target of pages) {
      const saveAs = options.save ? path.join(options.save, `${target.id}-${run}.json`) : undefined;
      // A tab of its own: the page audited before (a game page, its socket and its game's
      // animation) must not go on using the cores while this one is measured.
      const page = await browser.newPage();
      let result: Figures | undefined;
      // Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is made again
      // from a blank tab, up to twice.
      for (let attempt = 1; !result; attempt += 1) {
        try {
          // The visitor's run empties the origin's storage, so each signed-in run signs in again.
          if (target.signedIn) await signIn(page, api, player);
          if (options['cpu-profile'])
            await profileLoad(page, `${server.baseUrl}${target.path}`, path.join(options['cpu-profile'], `${target.id}-${run}.cpuprofile`));
          result = await audit(page, `${server.baseUrl}${target.path}`, target.signedIn, saveAs);
        } catch (error) {
          if (attempt === 3) throw error;
          console.log(`run ${run} ${target.name}: ${(error as Error).message}; running it again`);
          await page.goto('about:blank');
        }
      }
      await page.close();
      figures.get(target.name)!.push(result);
      console.log(
        `run ${run} ${target.name}: score ${result.score}, LCP ${(result.lcp / 1000).toFixed(2)} s (${result.lcpElement}), CLS ${result.cls.toFixed(3)}, TBT ${Math.round(result.tbt)} ms, FCP ${(result.fcp / 1000).toFixed(2)} s, benchmark index ${result.benchmarkIndex}`,
      );
    }
  }
  await browser.disconnect();

  console.table(
    pages.map(({ name }) => {
      const list = figures.get(name)!;
      return {
        page: name,
        score: median(list.map((item) => item.score)),
        'LCP s': (median(list.map((item) => item.lcp)) / 1000).toFixed(2),
        CLS: median(list.map((item) => item.cls)).toFixed(3),
        'TBT ms': Math.round(median(list.map((item) => item.tbt))),
        'FCP s': (median(list.map((item) => item.fcp)) / 1000).toFixed(2),
      };
    }),
  );
  const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string };
  console.log(
    `Lighthouse mobile (default settings), medians of ${runs} runs; ${version.Browser}, Node ${process.version}, ${os.cpus().length} cores, ${process.platform} ${process.arch}.`,
  );
} finally {
  chrome.kill();
  server.stop();
}
