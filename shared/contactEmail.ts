/** The address people write to: the deployment's VITE_CONTACT_EMAIL when it sets one. */
export function contactEmailFrom(configured: string | undefined): string {
  return configured?.trim() || 'contact@blockademia.org';
}
