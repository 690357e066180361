import { beforeAll, expect, it } from 'vitest';
import { MAX_STATEMENT_COST } from '../../server/rest/costGuard.ts';
import { seedFromContent } from '../../server/seed/load.ts';
import { authStackFor } from './auth-stack.ts';
import { describeOnEachDatabase } from './databases.ts';
import { nestedEmbeds } from './nestedEmbeds.ts';

// What used to hold the whole stack: a read of embeds nested seven levels deep (PGlite, which
// cannot be interrupted, served nothing else for tens of seconds) and sign-ins with wrong
// passwords (bcrypt ran inside the database). On the real catalogue, on both databases.

describeOnEachDatabase('hostile requests', ({ db }) => {
  beforeAll(async () => {
    await seedFromContent(db());
  });
  const stack = authStackFor(db);

  const rest = (path: string) =>
    fetch(`${stack().url}/rest/v1/${path}`, {
      headers: { apikey: stack().anonKey, authorization: `Bearer ${stack().anonKey}` },
    });

  it('refuses seven nested embeds with 400 before running them, while health answers', async () => {
    const [hostile, health] = await Promise.all([
      rest(`tokens?select=${nestedEmbeds(7)}`),
      fetch(`${stack().url}/auth/v1/health`, { headers: { apikey: stack().anonKey } }),
    ]);
    expect(health.status).toBe(200);
    expect(hostile.status).toBe(400);
    const body = (await hostile.json()) as Record<string, string>;
    expect(body).toMatchObject({ code: '54001', message: 'statement too complex' });
    expect(body.details).toContain(`the limit is ${MAX_STATEMENT_COST.toLocaleString('en-US')}`);
    expect(body.hint).toMatch(/Embed fewer levels/);
  });

  it('still serves nested reads of a reasonable size, the product’s heaviest included', async () => {
    const threeLevels = await rest(`tokens?select=${nestedEmbeds(3)}&limit=5`);
    expect(threeLevels.status).toBe(200);
    const rows = (await threeLevels.json()) as { token_translations: unknown[] }[];
    expect(rows).toHaveLength(5);
    expect(rows[0]?.token_translations).toHaveLength(3);
    const modules = await rest(
      'learning_modules?select=id,slug,learning_module_translations(title,summary),' +
        'learning_steps(position,learning_step_translations(title,body)),quiz_questions(id)',
    );
    expect(modules.status).toBe(200);
    expect(((await modules.json()) as unknown[]).length).toBeGreaterThanOrEqual(9);
  });

  it('answers a read while ten sign-ins wait on bcrypt, which runs outside the database', async () => {
    const finished: string[] = [];
    const signIns = Array.from({ length: 10 }, (_, index) =>
      stack()
        .client()
        .auth.signInWithPassword({
          email: `nobody${String(index)}@example.com`,
          password: 'Wrong#2026pw',
        })
        .then(({ error }) => {
          finished.push('sign-in');
          return error?.code;
        }),
    );
    const read = rest('tokens?select=id&id=eq.bitcoin').then(async (response) => {
      finished.push('read');
      return response.json() as Promise<unknown>;
    });
    const [codes, row] = await Promise.all([Promise.all(signIns), read]);
    expect(codes).toEqual(Array.from({ length: 10 }, () => 'invalid_credentials'));
    expect(row).toEqual([{ id: 'bitcoin' }]);
    // Before, the read queued behind every sign-in's bcrypt on PGlite (and behind the pool's
    // five on Postgres); now it waits for none of them.
    expect(finished.indexOf('read')).toBeLessThan(5);
  });
});
