import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A fake OpenAI-compatible `POST /v1/chat/completions` on loopback, for the content generator's
// server and end-to-end tests. It reads the request back from the prompt's `Name: value` lines
// (supabase/functions/generate-content/prompt.ts) and, when healthy, answers a JSON object that
// passes the content rules: a dictionary term whose slug and title come from the topic, or a
// token section about the named token, with texts written for this fake in fr, en and es. The
// other modes fail the ways a real provider does. A mode can be set for one topic only, so that
// tests running in parallel against one fake do not step on each other.

export const FAKE_CHAT_MODES = [
  'ok',
  'not-json',
  'wrong-shape',
  'rate-limited',
  'error',
  'slow',
] as const;

/**
 * ok: a valid answer. not-json: message content that is not JSON. wrong-shape: a JSON object
 * that breaks the content rules. rate-limited: 429 with Retry-After (default '30'; null omits
 * it). error: 500. slow: held until release() (then answered as ok) or until the caller gives up.
 */
export type FakeChatMode = (typeof FAKE_CHAT_MODES)[number];

export interface FakeChatModeOptions {
  /** Only requests on this topic answer in this mode; others keep theirs. */
  topic?: string;
  retryAfter?: string | null;
}

export interface FakeChatRequest {
  headers: IncomingHttpHeaders;
  body: {
    model?: unknown;
    messages?: { role: string; content: string }[];
    response_format?: unknown;
  };
  /** The prompt's `Name: value` lines of the user message (Task, Topic, Token, Section...). */
  fields: Record<string, string>;
  mode: FakeChatMode;
}

export interface FakeChatCompletions {
  /** For GENERATOR_BASE_URL: `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  setMode(mode: FakeChatMode, options?: FakeChatModeOptions): void;
  readonly requests: FakeChatRequest[];
  /** Resolves once at least `count` slow requests are held. */
  whenHeld(count?: number): Promise<void>;
  /** Answers every held request as ok. */
  release(): void;
  /** Back to ok for every topic, no recorded request. */
  reset(): void;
  close(): Promise<void>;
}

/** The slug the fake gives a topic's term: its words in lower case, without accents. */
export function fakeTermSlug(topic: string): string {
  return (
    topic
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100)
      .replace(/-+$/, '') || 'term'
  );
}

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const TERM_TEXTS = {
  fr: {
    short_definition:
      "Structure de données qui résume de nombreuses transactions en une seule empreinte, la racine, et permet de prouver qu'une transaction en fait partie.",
    body: "Un arbre de Merkle résume un grand nombre de données en une seule empreinte. Chaque transaction d'un bloc passe d'abord par une fonction de hachage ; les empreintes obtenues sont ensuite regroupées deux par deux et hachées à nouveau, étage après étage, jusqu'à n'en laisser qu'une : la racine de Merkle, inscrite dans l'en-tête du bloc. Modifier une seule transaction change toute la branche qui mène à la racine, ce qui rend la falsification visible. Le principal intérêt est la vérification légère : pour prouver qu'une transaction figure dans un bloc, il suffit de fournir les quelques empreintes voisines sur le chemin de la racine, et non le bloc entier. Bitcoin utilise cette structure depuis son lancement en janvier 2009, et les portefeuilles légers s'en servent pour vérifier un paiement sans télécharger toute la blockchain. La structure porte le nom de Ralph Merkle, qui l'a décrite en 1979.",
    example:
      "Un portefeuille léger sur téléphone veut savoir si un paiement reçu figure bien dans un bloc. Au lieu de télécharger ce bloc, il demande à un nœud la racine de Merkle et une dizaine d'empreintes. En les hachant dans l'ordre, il retrouve la racine : la transaction est bien incluse.",
  },
  en: {
    short_definition:
      'A data structure that sums up many transactions in a single fingerprint, the root, and makes it possible to prove that one transaction belongs to them.',
    body: 'A Merkle tree sums up a large amount of data in a single fingerprint. Each transaction in a block first goes through a hash function; the resulting hashes are then paired and hashed again, level after level, until only one is left: the Merkle root, written into the block header. Changing a single transaction changes the whole branch that leads to the root, which makes tampering visible. The main benefit is light verification: to prove that a transaction is in a block, it is enough to provide the few neighbouring hashes along the path to the root, not the whole block. Bitcoin has used this structure since its launch in January 2009, and light wallets rely on it to check a payment without downloading the whole blockchain. The structure is named after Ralph Merkle, who described it in 1979.',
    example:
      'A light wallet on a phone wants to know whether a payment it received is really in a block. Instead of downloading the block, it asks a node for the Merkle root and about ten hashes. By hashing them in order, it gets back to the root: the transaction is included.',
  },
  es: {
    short_definition:
      'Estructura de datos que resume muchas transacciones en una sola huella, la raíz, y permite demostrar que una transacción forma parte de ellas.',
    body: 'Un árbol de Merkle resume una gran cantidad de datos en una sola huella. Cada transacción de un bloque pasa primero por una función hash; las huellas obtenidas se agrupan después de dos en dos y se vuelven a procesar, nivel tras nivel, hasta que solo queda una: la raíz de Merkle, escrita en la cabecera del bloque. Modificar una sola transacción cambia toda la rama que lleva a la raíz, lo que hace visible cualquier falsificación. La principal ventaja es la verificación ligera: para demostrar que una transacción está en un bloque, basta con aportar las pocas huellas vecinas en el camino hacia la raíz, y no el bloque entero. Bitcoin usa esta estructura desde su lanzamiento en enero de 2009, y los monederos ligeros se sirven de ella para comprobar un pago sin descargar toda la blockchain. La estructura lleva el nombre de Ralph Merkle, que la describió en 1979.',
    example:
      'Un monedero ligero en un teléfono quiere saber si un pago recibido figura de verdad en un bloque. En lugar de descargar el bloque, pide a un nodo la raíz de Merkle y una decena de huellas. Al procesarlas en orden, vuelve a obtener la raíz: la transacción está incluida.',
  },
} as const;

type Language = keyof typeof TERM_TEXTS;
const LANGUAGES: readonly Language[] = ['fr', 'en', 'es'];

/** Related slugs the fake prefers, when the dictionary has them. */
const PREFERRED_RELATED = ['hash-function', 'block', 'blockchain'];

function termAnswer(fields: Record<string, string>): Record<string, unknown> {
  const topic = fields.Topic ?? 'term';
  const existing = (fields['Existing slugs'] ?? '')
    .split(',')
    .map((slug) => slug.trim())
    .filter((slug) => slug !== '');
  const slug = fakeTermSlug(topic);
  const related = [
    ...PREFERRED_RELATED.filter((candidate) => existing.includes(candidate)),
    ...existing.filter((candidate) => !PREFERRED_RELATED.includes(candidate)),
  ]
    .filter((candidate) => candidate !== slug)
    .slice(0, 3);
  const title = capitalised(topic);
  return {
    slug,
    category: 'technology',
    related,
    translations: Object.fromEntries(
      LANGUAGES.map((language) => [language, { title, ...TERM_TEXTS[language] }]),
    ),
  };
}

/** `Bitcoin (BTC), provider id bitcoin, ...` → the name and the symbol. */
function tokenOf(fields: Record<string, string>): { name: string; symbol: string } {
  const match = /^(.+?) \(([^)]+)\)/.exec(fields.Token ?? '');
  return { name: match?.[1] ?? 'This token', symbol: match?.[2] ?? 'TOKEN' };
}

function sectionText(language: Language, name: string, symbol: string): string {
  switch (language) {
    case 'fr':
      return `${name} (${symbol}) est présenté ici tel qu'il était décrit en novembre 2026 : un projet dont le jeton sert à payer les frais de son réseau et à participer à sa gouvernance. Ses règles sont publiques et son code peut être audité. Comme pour tout crypto-actif, son cours est volatil et le projet peut évoluer ; vérifiez toujours la date des informations que vous lisez à son sujet.`;
    case 'en':
      return `${name} (${symbol}) is described here as it stood in November 2026: a project whose token pays the fees of its network and gives a say in its governance. Its rules are public and its code can be audited. As with any crypto-asset, its price is volatile and the project can change, so always check the date of the information you read about it.`;
    case 'es':
      return `${name} (${symbol}) se describe aquí tal como estaba en noviembre de 2026: un proyecto cuyo token sirve para pagar las comisiones de su red y para participar en su gobernanza. Sus reglas son públicas y su código puede auditarse. Como cualquier criptoactivo, su precio es volátil y el proyecto puede cambiar; compruebe siempre la fecha de la información que lea sobre él.`;
  }
}

/** Three items per list section and language, about the named token. */
function sectionItems(section: string, language: Language, name: string): string[] {
  const items: Record<string, Record<Language, string[]>> = {
    strengths: {
      fr: [
        `Un code public que chacun peut auditer`,
        `Un réseau en service depuis son lancement, avec un historique consultable`,
        `Une communauté de développeurs active en novembre 2026`,
      ],
      en: [
        `Public code that anyone can audit`,
        `A network running since its launch, with a history anyone can check`,
        `An active developer community as of November 2026`,
      ],
      es: [
        `Un código público que cualquiera puede auditar`,
        `Una red en funcionamiento desde su lanzamiento, con un historial consultable`,
        `Una comunidad de desarrolladores activa en noviembre de 2026`,
      ],
    },
    challenges: {
      fr: [
        `Un cours volatil, comme tout crypto-actif`,
        `Une forte concurrence d'autres réseaux`,
        `Comme tout logiciel, un risque de faille technique`,
      ],
      en: [
        `A volatile price, like any crypto-asset`,
        `Strong competition from other networks`,
        `Like any software, a risk of technical flaws`,
      ],
      es: [
        `Un precio volátil, como cualquier criptoactivo`,
        `Una fuerte competencia de otras redes`,
        `Como cualquier software, un riesgo de fallo técnico`,
      ],
    },
    common_mistakes: {
      fr: [
        `Envoyer des ${name} sur un réseau que le portefeuille de destination ne prend pas en charge`,
        `Faire confiance à un faux site ou à un faux compte d'assistance`,
        `Oublier de garder de quoi payer les frais de réseau`,
      ],
      en: [
        `Sending ${name} on a network the receiving wallet does not support`,
        `Trusting a fake website or a fake support account`,
        `Forgetting to keep enough to pay the network fees`,
      ],
      es: [
        `Enviar ${name} por una red que el monedero de destino no admite`,
        `Confiar en un sitio falso o en una cuenta de soporte falsa`,
        `Olvidar guardar lo necesario para pagar las comisiones de red`,
      ],
    },
  };
  const useCases: Record<Language, string[]> = {
    fr: [
      `Payer les frais de transaction du réseau de ${name}`,
      `Voter sur les propositions de gouvernance de ${name}`,
      'Être échangé sur les plateformes qui le proposent',
    ],
    en: [
      `Paying transaction fees on the ${name} network`,
      `Voting on ${name} governance proposals`,
      'Being traded on the platforms that list it',
    ],
    es: [
      `Pagar las comisiones de transacción de la red de ${name}`,
      `Votar las propuestas de gobernanza de ${name}`,
      'Intercambiarse en las plataformas que lo ofrecen',
    ],
  };
  return (items[section] ?? useCases)[language];
}

function tokenSectionAnswer(fields: Record<string, string>): Record<string, unknown> {
  const { name, symbol } = tokenOf(fields);
  const list = fields.Form === 'list';
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      list
        ? sectionItems(fields.Section ?? '', language, name)
        : sectionText(language, name, symbol),
    ]),
  );
}

/** A valid answer for the request the prompt describes. */
export function fakeAnswer(fields: Record<string, string>): Record<string, unknown> {
  return fields.Task === 'tokenSection' ? tokenSectionAnswer(fields) : termAnswer(fields);
}

/** The `Name: value` lines at the top of the last user message. */
export function promptFields(body: FakeChatRequest['body']): Record<string, string> {
  const user = [...(body.messages ?? [])].reverse().find((message) => message.role === 'user');
  const fields: Record<string, string> = {};
  for (const line of (user?.content ?? '').split('\n')) {
    if (line === '') break;
    const match = /^([A-Z][\w' ]*?): (.*)$/.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined) fields[match[1]] = match[2];
  }
  return fields;
}

function completion(content: string, model: unknown): string {
  return JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_795_000_000,
    model: typeof model === 'string' ? model : 'fake',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  });
}

export async function startFakeChatCompletions(
  options: { port?: number; host?: string } = {},
): Promise<FakeChatCompletions> {
  const host = options.host ?? '127.0.0.1';
  let defaultMode: { mode: FakeChatMode; options: FakeChatModeOptions } = {
    mode: 'ok',
    options: {},
  };
  const topicModes = new Map<string, { mode: FakeChatMode; options: FakeChatModeOptions }>();
  const requests: FakeChatRequest[] = [];
  const held: { res: ServerResponse; request: FakeChatRequest }[] = [];
  const heldWaiters: { count: number; resolve: () => void }[] = [];

  const send = (
    res: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ): void => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };

  const answerOk = (res: ServerResponse, request: FakeChatRequest): void => {
    send(res, 200, completion(JSON.stringify(fakeAnswer(request.fields)), request.body.model));
  };

  const notifyHeld = (): void => {
    for (const waiter of [...heldWaiters]) {
      if (held.length >= waiter.count) {
        heldWaiters.splice(heldWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };

  const answer = (res: ServerResponse, request: FakeChatRequest, options: FakeChatModeOptions) => {
    switch (request.mode) {
      case 'ok':
        answerOk(res, request);
        return;
      case 'not-json':
        send(
          res,
          200,
          completion('Here is the entry you asked for: {"slug": "merkle', request.body.model),
        );
        return;
      case 'wrong-shape':
        send(
          res,
          200,
          completion(
            JSON.stringify({ slug: 'Merkle Tree', category: 'cooking', translations: { fr: {} } }),
            request.body.model,
          ),
        );
        return;
      case 'rate-limited': {
        const retryAfter = options.retryAfter === undefined ? '30' : options.retryAfter;
        send(
          res,
          429,
          JSON.stringify({ error: { message: 'Rate limit reached.', type: 'requests' } }),
          retryAfter === null ? {} : { 'retry-after': retryAfter },
        );
        return;
      }
      case 'error':
        send(res, 500, JSON.stringify({ error: { message: 'The server had an error.' } }));
        return;
      case 'slow':
        held.push({ res, request });
        res.on('close', () => {
          const index = held.findIndex((entry) => entry.res === res);
          if (index >= 0) held.splice(index, 1);
        });
        notifyHeld();
        return;
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (
        req.method !== 'POST' ||
        new URL(req.url ?? '/', 'http://x').pathname !== '/v1/chat/completions'
      ) {
        send(res, 404, JSON.stringify({ error: { message: 'Not found' } }));
        return;
      }
      let body: FakeChatRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeChatRequest['body'];
      } catch {
        send(res, 400, JSON.stringify({ error: { message: 'Invalid JSON body' } }));
        return;
      }
      if (typeof body.model !== 'string' || !Array.isArray(body.messages)) {
        send(res, 400, JSON.stringify({ error: { message: 'model and messages are required' } }));
        return;
      }
      const fields = promptFields(body);
      const chosen = topicModes.get(fields.Topic ?? '') ?? defaultMode;
      const request: FakeChatRequest = { headers: req.headers, body, fields, mode: chosen.mode };
      requests.push(request);
      answer(res, request, chosen.options);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://${host}:${port}/v1`,
    setMode(mode, modeOptions = {}) {
      if (modeOptions.topic === undefined) defaultMode = { mode, options: modeOptions };
      else topicModes.set(modeOptions.topic, { mode, options: modeOptions });
    },
    requests,
    whenHeld(count = 1) {
      if (held.length >= count) return Promise.resolve();
      return new Promise((resolve) => heldWaiters.push({ count, resolve }));
    },
    release() {
      for (const { res, request } of held.splice(0)) answerOk(res, request);
    },
    reset() {
      defaultMode = { mode: 'ok', options: {} };
      topicModes.clear();
      requests.length = 0;
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      });
    },
  };
}
