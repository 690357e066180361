/**
 * The back end of the end-to-end suite, started by Playwright before the tests: a fake
 * market-data provider, the local stack on a fresh data folder (removed on exit) with the
 * provider's prices loaded, and a control server for the tests:
 *   GET  /ready            200 once everything is up
 *   POST /market?factor=x  the provider's next prices are x times the base ones; runs a refresh
 *   POST /provider?mode=m  how the provider answers from now on (healthy, error, ...)
 *   POST /generator?mode=m[&topic=t]  how the fake chat-completions API answers the content
 *                          generator from now on (ok, not-json, rate-limited, ...), for one topic
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readConfig } from '../../server/config.ts';
import { startLocalStack } from '../../server/start.ts';
import {
  FAKE_CHAT_MODES,
  startFakeChatCompletions,
  type FakeChatMode,
} from '../support/fakeChatCompletions.ts';
import { startFakeMarketProvider, type FakeMarketMode } from '../support/fakeMarketProvider.ts';
import { APP_URL, E2E_JWT_SECRET, E2E_KEYS, E2E_PORTS } from './environment.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'blockademia-e2e-'));
const provider = await startFakeMarketProvider({ port: E2E_PORTS.provider });
// The functions host reads the provider's address from the environment, as in production.
process.env.COINGECKO_BASE_URL = provider.baseUrl;
// The content generator's model, likewise: a fake OpenAI-compatible API with a key to keep.
const generator = await startFakeChatCompletions({ port: E2E_PORTS.generator });
process.env.GENERATOR_BASE_URL = generator.baseUrl;
process.env.GENERATOR_MODEL = 'fake-model';
process.env.GENERATOR_API_KEY = 'e2e-generator-key';
const stack = await startLocalStack(
  readConfig({
    STACK_PORT: String(E2E_PORTS.stack),
    DATA_DIR: dataDir,
    JWT_SECRET: E2E_JWT_SECRET,
    SITE_URL: APP_URL,
    // Sign-up sends its confirmation mail, as in production: the account journeys read it.
    AUTH_AUTOCONFIRM: 'false',
    // The tests run each refresh themselves, when they want new prices.
    MARKET_REFRESH_MINUTES: '0',
    LOG_LEVEL: 'warn',
  }),
  // Every test's requests come from 127.0.0.1: GoTrue's per-IP budgets would be spent by the
  // suite, not by one journey. The per-address mail frequency still holds.
  { authIpLimits: false },
);

async function refreshMarket(): Promise<Response> {
  return fetch(`${stack.url}/functions/v1/refresh-market`, {
    method: 'POST',
    headers: { authorization: `Bearer ${E2E_KEYS.serviceKey}`, apikey: E2E_KEYS.serviceKey },
  });
}

const first = await refreshMarket();
if (!first.ok) throw new Error(`The first market refresh failed: ${first.status}`);
// The largest coins, for the admin dashboard's "no sheet yet" list.
const topCoins = await fetch(`${stack.url}/functions/v1/refresh-top-coins`, {
  method: 'POST',
  headers: { authorization: `Bearer ${E2E_KEYS.serviceKey}`, apikey: E2E_KEYS.serviceKey },
});
if (!topCoins.ok) throw new Error(`Reading the largest coins failed: ${topCoins.status}`);

const control = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const answer = async (): Promise<[number, string]> => {
    if (req.method === 'GET' && url.pathname === '/ready') return [200, 'ready'];
    if (req.method === 'POST' && url.pathname === '/market') {
      provider.setPriceFactor(Number(url.searchParams.get('factor') ?? '1'));
      const refresh = await refreshMarket();
      return [refresh.status, await refresh.text()];
    }
    if (req.method === 'POST' && url.pathname === '/provider') {
      provider.setMode((url.searchParams.get('mode') ?? 'healthy') as FakeMarketMode);
      return [200, 'ok'];
    }
    if (req.method === 'POST' && url.pathname === '/generator') {
      const mode = url.searchParams.get('mode') ?? 'ok';
      if (!(FAKE_CHAT_MODES as readonly string[]).includes(mode)) return [400, 'unknown mode'];
      const topic = url.searchParams.get('topic') ?? undefined;
      generator.setMode(mode as FakeChatMode, topic === undefined ? {} : { topic });
      return [200, 'ok'];
    }
    return [404, 'not found'];
  };
  answer().then(
    ([status, body]) => {
      res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
    },
    (error: unknown) => {
      res.writeHead(500).end(error instanceof Error ? error.message : 'error');
    },
  );
});
control.listen(E2E_PORTS.control, '127.0.0.1');

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  control.close();
  await stack.close();
  await provider.close();
  await generator.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
