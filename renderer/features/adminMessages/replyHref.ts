/**
 * A `mailto:` link that answers a message: the sender's address and the subject filled in.
 * The address is encoded part by part around its one `@` (the database's shape check allows
 * exactly one), so that `?`, `&`, `,` or `%` in it can add neither a header nor a recipient.
 */
export function replyHref(email: string, subject: string): string {
  const at = email.lastIndexOf('@');
  const address =
    at < 0
      ? encodeURIComponent(email)
      : `${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}
