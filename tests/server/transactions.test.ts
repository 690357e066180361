import { describe, expect, it } from 'vitest';
import type { Statement } from '../../server/db/database.ts';
import { describeOnEachDatabase } from './databases.ts';
import { sqlState } from './fixtures.ts';

// Database.transaction with an opening statement (a request's role and settings): on Postgres
// the opening travels with `begin` and the first statement in one message group, so what
// matters is that it still behaves as three statements in order, inside the transaction, and
// that nothing of it outlives the transaction on the pooled connection.

const asAnonWithMark: Statement = {
  sql: `select set_config('role', $1, true), set_config('probe.mark', $2, true)`,
  params: ['anon', 'opened'],
};

describeOnEachDatabase('transactions with an opening statement', ({ db, target }) => {
  /** No role or setting of an opening is left on any pooled connection. */
  async function expectEveryConnectionClean(): Promise<void> {
    // More readers at once than the pool has connections: every connection answers once.
    const users = await Promise.all(
      Array.from({ length: 12 }, () =>
        db().query<{ who: string; mark: string | null }>(
          `select current_user as who, nullif(current_setting('probe.mark', true), '') as mark`,
        ),
      ),
    );
    for (const { rows } of users) expect(rows[0]).toEqual({ who: 'postgres', mark: null });
  }

  it('applies the opening before the first statement and keeps it for the next ones', async () => {
    const seen = await db().transaction(async (tx) => {
      const first = await tx.query<{ who: string; mark: string }>(
        `select current_user as who, current_setting('probe.mark') as mark`,
      );
      const second = await tx.query<{ mark: string }>(
        `select current_setting('probe.mark') || $1 as mark`,
        ['!'],
      );
      return [first.rows[0], second.rows[0]?.mark];
    }, asAnonWithMark);
    expect(seen).toEqual([{ who: 'anon', mark: 'opened' }, 'opened!']);
  });

  it('leaves no role or setting behind on any pooled connection', async () => {
    await db().transaction((tx) => tx.query('select 1'), asAnonWithMark);
    await expectEveryConnectionClean();
  });

  it('commits what its statements wrote, and the opening is seen by a script too', async () => {
    await db().exec('create table public.transaction_probe (value text)');
    await db().transaction(
      async (tx) => {
        await tx.exec(
          `insert into public.transaction_probe select current_setting('probe.mark');
           insert into public.transaction_probe values ('second')`,
        );
        await tx.query('insert into public.transaction_probe values ($1)', ['third']);
      },
      { sql: `select set_config('probe.mark', $1, true)`, params: ['from the opening'] },
    );
    const { rows } = await db().query<{ value: string }>(
      'select value from public.transaction_probe order by value',
    );
    expect(rows.map((row) => row.value)).toEqual(['from the opening', 'second', 'third']);
  });

  it('rolls back everything when a later statement fails', async () => {
    await db().exec('create table public.rollback_probe (value int)');
    const failed = await db()
      .transaction(
        async (tx) => {
          await tx.query('insert into public.rollback_probe values ($1)', [2]);
          await tx.query('select 1 / 0');
        },
        { sql: `select set_config('probe.mark', $1, true)`, params: ['x'] },
      )
      .then(
        () => 'committed',
        (error: unknown) => sqlState(error),
      );
    expect(failed).toBe('22012');
    const { rows } = await db().query('select * from public.rollback_probe');
    expect(rows).toEqual([]);
  });

  it('reports a failing opening as the error of the first statement, and stays usable', async () => {
    const failed = await db()
      .transaction((tx) => tx.query('select 1'), {
        sql: `select set_config('role', $1, true)`,
        params: ['nobody_of_that_name'],
      })
      .then(
        () => 'ran',
        (error: unknown) => sqlState(error),
      );
    expect(failed).toBe('22023');
    const { rows } = await db().query<{ who: string }>('select current_user as who');
    expect(rows[0]?.who).toBe('postgres');
  });

  it('runs statements started together one after the other, in the order they were started', async () => {
    // Several reads at once inside a transaction (as a list of users and their identities):
    // each gets its own answer, in the transaction, with the opening applied to the first.
    // tests/server/setup.ts fails the run if pg saw a query on a busy connection.
    const answers = await db().transaction(
      (tx) =>
        Promise.all([
          tx.query<{ mark: string }>(`select current_setting('probe.mark') as mark`),
          tx.query<{ n: number }>('select $1::int as n', [2]),
          tx.exec(`select set_config('probe.mark', 'changed', true)`),
          tx.query<{ mark: string }>(`select current_setting('probe.mark') as mark`),
        ]),
      asAnonWithMark,
    );
    expect([answers[0].rows[0], answers[1].rows[0], answers[3].rows[0]]).toEqual([
      { mark: 'opened' },
      { n: 2 },
      { mark: 'changed' },
    ]);
  });

  it('runs nothing after a rollback: a statement queued behind a failed one fails inside', async () => {
    let behind: Promise<unknown> = Promise.resolve();
    const failed = await db()
      .transaction(async (tx) => {
        const first = tx.query('select 1 / 0');
        behind = tx.query(`select current_setting('probe.mark', true) as mark`);
        await Promise.all([first, behind]);
      }, asAnonWithMark)
      .then(
        () => 'committed',
        (error: unknown) => sqlState(error),
      );
    expect(failed).toBe('22012');
    // In the aborted transaction, not after its rollback without the opening's settings.
    expect(
      await behind.then(
        () => 'ran',
        (error: unknown) => sqlState(error),
      ),
    ).toBe('25P02');
  });

  it('resolves with fn’s value when fn runs no statement, and passes fn’s own error on', async () => {
    await expect(db().transaction(() => Promise.resolve('no statement'))).resolves.toBe(
      'no statement',
    );
    await expect(
      db().transaction(() => Promise.reject(new Error('refused before any statement'))),
    ).rejects.toThrow('refused before any statement');
  });

  describe('declared a single statement (a REST read of one page)', () => {
    const single = { singleStatement: true };

    it('runs its statement as the opening says, and leaves nothing on any connection', async () => {
      // More at once than the pool has connections, so every connection carries one.
      const seen = await Promise.all(
        Array.from({ length: 12 }, () =>
          db().transaction(
            (tx) =>
              tx.query<{ who: string; mark: string }>(
                `select current_user as who, current_setting('probe.mark') as mark`,
              ),
            asAnonWithMark,
            single,
          ),
        ),
      );
      for (const { rows } of seen) expect(rows[0]).toEqual({ who: 'anon', mark: 'opened' });
      await expectEveryConnectionClean();
    });

    it('keeps a read-only opening: a write is refused and nothing is written', async () => {
      await db().exec('create table public.single_probe (value int)');
      const readOnly: Statement = {
        sql: `select set_config('transaction_read_only', $1, true)`,
        params: ['on'],
      };
      const refused = await db()
        .transaction(
          (tx) => tx.query('insert into public.single_probe values (1)'),
          readOnly,
          single,
        )
        .then(
          () => 'written',
          (error: unknown) => sqlState(error),
        );
      expect(refused).toBe('25006');
      await expect(db().query('select * from public.single_probe')).resolves.toMatchObject({
        rows: [],
      });
      // The connection that refused serves the next transaction normally.
      await db().transaction((tx) => tx.query('insert into public.single_probe values (2)'));
      const { rows } = await db().query('select value from public.single_probe');
      expect(rows).toEqual([{ value: 2 }]);
    });

    it('refuses a second statement or a script, as a mistake of the caller', async () => {
      await expect(
        db().transaction(
          async (tx) => {
            await tx.query('select 1');
            await tx.query('select 2');
          },
          asAnonWithMark,
          single,
        ),
      ).rejects.toThrow('declared a single statement');
      await expect(
        db().transaction((tx) => tx.exec('select 1'), asAnonWithMark, single),
      ).rejects.toThrow('runs no script');
    });

    // Without begin there is no rollback to fail and reveal a dead connection.
    it.runIf(target === 'postgres')(
      'hands no connection whose session the server ended to the next caller',
      async () => {
        const marked: Statement = {
          sql: `select set_config('probe.mark', $1, true)`,
          params: ['opened'],
        };
        for (let round = 0; round < 5; round += 1) {
          await expect(
            db().transaction(
              (tx) => tx.query('select pg_terminate_backend(pg_backend_pid())'),
              marked,
              single,
            ),
          ).rejects.toThrow();
          // The pool hands out its most recently released connection first.
          const next = await db().transaction(
            (tx) => tx.query<{ mark: string }>(`select current_setting('probe.mark') as mark`),
            marked,
            single,
          );
          expect(next.rows).toEqual([{ mark: 'opened' }]);
        }
      },
    );
  });
});
