import type { Service } from '../http/router.ts';
import { send } from '../http/respond.ts';
import { MAILBOX_PAGE_POLICY, mailboxLanguage, mailboxPage } from './mailboxPage.ts';

// A local outbox instead of SMTP: every mail is kept in memory (newest last) and shown at
// `/mail` (HTML, in the reader's language) and `/mail/messages.json`, where a developer or a
// test reads the links.

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

/** Serves the outbox under its prefix: `/` as HTML, `/messages.json` as JSON (newest last). */
export function mailService(outbox: Outbox): Service {
  return ({ req, res, path, url }) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, JSON.stringify({ message: 'Method not allowed' }), { allow: 'GET, HEAD' });
    } else if (path === '/messages.json') {
      send(res, 200, JSON.stringify(outbox.list()));
    } else if (path === '' || path === '/') {
      const language = mailboxLanguage(
        url.searchParams.get('lang'),
        req.headers['accept-language'],
      );
      const messagesHref = `${url.pathname.replace(/\/$/, '')}/messages.json`;
      send(res, 200, mailboxPage(outbox.list(), language, messagesHref), {
        'content-type': 'text/html; charset=utf-8',
        'content-language': language,
        vary: 'Accept-Language',
        'content-security-policy': MAILBOX_PAGE_POLICY,
      });
    } else {
      send(res, 404, JSON.stringify({ message: 'Not found' }));
    }
    return Promise.resolve();
  };
}
