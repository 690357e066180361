// Runs before every server test file. pg announces with a deprecation warning what its next
// major version will refuse (a second query on a client that is still busy): here such a
// warning fails the run, at the test that caused it, rather than scrolling by in the output.
// Workers run file after file in one process (vitest.config.ts): the listener is added once.
const installed = Symbol.for('blockademia.failOnPgDeprecation');
const scope = globalThis as { [installed]?: true };
if (scope[installed] === undefined) {
  scope[installed] = true;
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && /pg@\d/.test(warning.message)) throw warning;
  });
}
