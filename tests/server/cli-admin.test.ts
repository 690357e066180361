import { describe, expect, it } from 'vitest';
import { startLocalStack } from '../../server/start.ts';
import { isAdmin, runAdmin, signUp, tempConfig } from './cliStack.ts';

// `npm run admin` as a child process, on a stack's PGlite data folder (its own file: it starts
// PGlite five times, and runs beside cli-stack.test.ts).

describe('the admin command on PGlite', () => {
  it('grants the admin role from the command line', async () => {
    const config = await tempConfig();
    let stack = await startLocalStack(config);
    await signUp(stack.url, stack.anonKey, 'linus@example.com');
    await stack.close();

    const granted = await runAdmin(['grant', 'Linus@Example.com'], config.dataDir);
    expect(granted.stderr).not.toMatch(/Error/);
    expect(granted.stdout).toContain('linus@example.com is now an admin.');
    expect(granted.code).toBe(0);

    const unknown = await runAdmin(['revoke', 'nobody@example.com'], config.dataDir);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No user with the email nobody@example.com');

    const usage = await runAdmin(['promote'], config.dataDir);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run admin -- grant <email> | revoke <email>');

    stack = await startLocalStack(config);
    try {
      expect(await isAdmin(stack.url, stack.anonKey, 'linus@example.com')).toBe(true);
      const busy = await runAdmin(['revoke', 'linus@example.com'], config.dataDir);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/in use by process \d+.*stop that process first/s);
    } finally {
      await stack.close();
    }
  });
});
