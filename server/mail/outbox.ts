import type { Service } from '../http/router.ts';
import { send } from '../http/respond.ts';

// A local outbox instead of SMTP: every mail is kept in memory (newest last) and shown at
// `/mail` (HTML) and `/mail/messages.json`, where a developer or a test reads the links.

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoredMail extends OutgoingMail {
  id: number;
  /** Every http(s) URL of the text and html parts, in order, without duplicates. */
  links: string[];
  sent_at: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export interface Outbox extends Mailer {
  list(): readonly StoredMail[];
  /** The newest mail to this address (case-insensitive), if any. */
  latest(to: string): StoredMail | undefined;
}

const decodeEntities = (value: string): string =>
  value
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');

function extractLinks(mail: OutgoingMail): string[] {
  const found = [
    ...mail.text.matchAll(/https?:\/\/[^\s<>"']+/g),
    ...mail.html.matchAll(/href="(https?:[^"]+)"/g),
  ].map((match) => decodeEntities(match[1] ?? match[0]));
  return [...new Set(found)];
}

export function createOutbox(now: () => Date = () => new Date()): Outbox {
  const mails: StoredMail[] = [];
  return {
    send(mail) {
      mails.push({
        ...mail,
        id: mails.length + 1,
        links: extractLinks(mail),
        sent_at: now().toISOString(),
      });
      return Promise.resolve();
    },
    list: () => [...mails],
    latest(to) {
      const address = to.toLowerCase();
      return mails.findLast((mail) => mail.to.toLowerCase() === address);
    },
  };
}

export const escapeHtml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

function page(mails: readonly StoredMail[]): string {
  const items = [...mails]
    .reverse()
    .map(
      (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p>To ${escapeHtml(mail.to)}, ${escapeHtml(mail.sent_at)}</p>
<pre>${escapeHtml(mail.text)}</pre>
<ul>${mail.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local outbox</title></head>
<body><h1>Local outbox (${mails.length})</h1>
${items === '' ? '<p>No mail yet.</p>' : items}
</body></html>`;
}

/** Serves the outbox under its prefix: `/` as HTML, `/messages.json` as JSON (newest last). */
export function mailService(outbox: Outbox): Service {
  return ({ req, res, path }) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, JSON.stringify({ message: 'Method not allowed' }), { allow: 'GET, HEAD' });
    } else if (path === '/messages.json') {
      send(res, 200, JSON.stringify(outbox.list()));
    } else if (path === '' || path === '/') {
      send(res, 200, page(outbox.list()), {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'",
      });
    } else {
      send(res, 404, JSON.stringify({ message: 'Not found' }));
    }
    return Promise.resolve();
  };
}
