import { parentPort } from 'node:worker_threads';
import { hashSync, matchesSync } from './bcryptHashes.ts';

// The thread passwordHashing.ts starts: bcrypt, one request at a time.

export type HashRequest =
  | { id: number; op: 'hash'; password: string }
  | { id: number; op: 'verify'; password: string; hash: string };

export type HashReply = { id: number; value: string | boolean } | { id: number; error: string };

function answer(request: HashRequest): HashReply {
  try {
    const value =
      request.op === 'hash'
        ? hashSync(request.password)
        : matchesSync(request.password, request.hash);
    return { id: request.id, value };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (request: HashRequest) => {
  parentPort?.postMessage(answer(request));
});
