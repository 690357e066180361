// The generator's settings, from the function's environment (function secrets on a hosted
// project, the process environment of the local stack). Only their names and the model ever
// leave the function: never the key, never the base URL.

export interface GenerateContentEnv {
  SUPABASE_URL: string;
  /** The public anon key: the function reads and writes through PostgREST as its caller. */
  SUPABASE_ANON_KEY: string;
  /** An OpenAI-compatible API, up to and without `/chat/completions` (https://api.openai.com/v1). */
  GENERATOR_BASE_URL?: string | undefined;
  /** Sent as `Authorization: Bearer`; optional, for a local model server that needs none. */
  GENERATOR_API_KEY?: string | undefined;
  /** The model asked for, e.g. gpt-4o-mini. */
  GENERATOR_MODEL?: string | undefined;
  /** How long one provider call may take, in seconds (1 to 600; default 60). */
  GENERATOR_TIMEOUT_SECONDS?: string | undefined;
}

export const GENERATOR_VARIABLES = [
  'GENERATOR_BASE_URL',
  'GENERATOR_API_KEY',
  'GENERATOR_MODEL',
  'GENERATOR_TIMEOUT_SECONDS',
] as const;
export type GeneratorVariable = (typeof GENERATOR_VARIABLES)[number];

export const DEFAULT_TIMEOUT_SECONDS = 60;
const MAX_TIMEOUT_SECONDS = 600;

export interface GeneratorSettings {
  /** Without a trailing slash. */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

/** What is wrong with one variable: unset (required) or set to something unusable. */
export interface SettingProblem {
  variable: GeneratorVariable;
  problem: 'missing' | 'invalid';
}

export type SettingsReading =
  | { configured: true; settings: GeneratorSettings }
  | { configured: false; problems: SettingProblem[] };

const value = (raw: string | undefined): string | undefined => raw?.trim() || undefined;

function isHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '';
  } catch {
    return false;
  }
}

/** The settings, or every variable to set or fix. An empty variable counts as unset. */
export function readGeneratorSettings(env: GenerateContentEnv): SettingsReading {
  const problems: SettingProblem[] = [];
  const baseUrl = value(env.GENERATOR_BASE_URL);
  const model = value(env.GENERATOR_MODEL);
  const timeout = value(env.GENERATOR_TIMEOUT_SECONDS);
  if (baseUrl === undefined) problems.push({ variable: 'GENERATOR_BASE_URL', problem: 'missing' });
  else if (!isHttpUrl(baseUrl)) {
    problems.push({ variable: 'GENERATOR_BASE_URL', problem: 'invalid' });
  }
  if (model === undefined) problems.push({ variable: 'GENERATOR_MODEL', problem: 'missing' });
  else if (model.length > 200) problems.push({ variable: 'GENERATOR_MODEL', problem: 'invalid' });
  const seconds = timeout === undefined ? DEFAULT_TIMEOUT_SECONDS : Number(timeout);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > MAX_TIMEOUT_SECONDS) {
    problems.push({ variable: 'GENERATOR_TIMEOUT_SECONDS', problem: 'invalid' });
  }
  if (problems.length > 0 || baseUrl === undefined || model === undefined) {
    return { configured: false, problems };
  }
  return {
    configured: true,
    settings: {
      baseUrl: baseUrl.replace(/\/+$/, ''),
      apiKey: value(env.GENERATOR_API_KEY),
      model,
      timeoutMs: Math.round(seconds * 1000),
    },
  };
}
